// The Problems-panel diagnostics (lazy part `diagnostics`, loaded when the first document is diagnosed): one
// DiagnosticCollection, each open document diagnosed as it changes (debounced; on a large file only the lines around
// each edit), cleared on close; quick fixes; the secret-key actions; missing accounts (opt-in); Scan Workspace for
// Secret Keys…. A secret never leaves this process: only its range and public key are kept, shown or sent.
import vscode = require('vscode');
import { controlText, DocumentProblems } from '../../core/diagnostics/engine';
import type { DiagnoseOptions, Found, SecretsApi, TextSource } from '../../core/diagnostics/engine';
import { MAX_IDS_PER_FILE, missingAccountProblem, namedIds } from '../../core/diagnostics/missingAccounts';
import { DIAGNOSTIC_SOURCE, IGNORED_KEYS_STATE, PROBLEM_ANCHORS, README_URL } from '../../core/diagnostics/problem';
import type { Problem } from '../../core/diagnostics/problem';
import { COMMANDS } from '../../core/manifest';
import { classify } from '../../core/near/ids';
import { BalanceBatcher } from '../../core/views/balanceHints';
import type { Services } from '../../platform/services';
import { lazyPart } from '../lazy';

/** Said in a found key's diagnostic on a network without a REST API (instead of offering Show Accounts of This Key). */
export const KEY_ACCOUNTS_NEED_REST = 'Which accounts it controls needs a REST API (an indexer): this network is RPC only (nearLens.customNetwork.apiUrl).';

/** Above this size a document is read again only around its edits. */
export const LARGE_DOCUMENT = 200_000;
const DEBOUNCE_MS = 250;
/** Scan Workspace skips files larger than this (generated bundles, data). */
export const SCAN_MAX_BYTES = 1_000_000;
const SCAN_MAX_FILES = 20_000;

export interface ScanArgs {
  /** false: no progress notification and no summary message (tests, other extensions). */
  show?: boolean;
  /** Most files read (default 20,000). */
  maxFiles?: number;
}
export interface ScanResult {
  filesSeen: number;
  filesRead: number;
  skippedLarge: number;
  skippedBinary: number;
  cancelled: boolean;
  /** Where each secret is, and its public key (never the secret). */
  secrets: { uri: string; line: number; publicKey: string }[];
}

interface Tracked {
  problems: DocumentProblems;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Everything needs reading again (opened, settings changed, too many edits). */
  full: boolean;
}

/** The diagnostics of one window; the in-editor tests reach it through the extension's exports. */
export class DiagnosticsHost implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('nearLens');
  readonly #docs = new Map<string, Tracked>();
  /** What each published diagnostic stands for (its public key, its fixes), by document. */
  readonly #published = new Map<string, { diagnostic: vscode.Diagnostic; problem: Found }[]>();
  /** "controls leaky.near with full access", by public key, once looked up. */
  readonly #control = new Map<string, string>();
  readonly #controlAsked = new Set<string>();
  readonly #batcher: BalanceBatcher;
  readonly #disposables: vscode.Disposable[] = [];
  #secrets: SecretsApi | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
  ) {
    this.#batcher = new BalanceBatcher({
      load: (id) => services.clientForAccount(id).client.full(id),
      onLoaded: () => this.#republishAll(),
    });
    this.#disposables.push(
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.#schedule(d, true)),
      vscode.workspace.onDidChangeTextDocument((e) => this.#changed(e)),
      vscode.workspace.onDidCloseTextDocument((d) => this.#forget(d.uri)),
      services.onDidChange(() => this.#rediagnoseAll()),
      vscode.languages.registerCodeActionsProvider('*', this, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    );
    for (const d of vscode.workspace.textDocuments) this.#schedule(d, true);
  }

  get ignoredKeys(): string[] {
    return this.context.workspaceState.get<string[]>(IGNORED_KEYS_STATE, []);
  }

  #options(): DiagnoseOptions {
    const s = this.services.settings.diagnostics;
    return { ...s, languageId: '', ignoredKeys: new Set(this.ignoredKeys) };
  }

  /** The secrets part, loaded on the first candidate (esbuild.mjs LAZY `secrets`). */
  readonly #loadSecrets = (): SecretsApi => (this.#secrets ??= lazyPart('secrets'));

  #enabled(): boolean {
    const s = this.services.settings.diagnostics;
    return s.secretKeys || s.accountIds || s.inexactAmounts || s.missingAccounts;
  }

  #schedule(doc: vscode.TextDocument, full: boolean): void {
    if (!diagnosable(doc)) return;
    const key = doc.uri.toString();
    let t = this.#docs.get(key);
    if (!t) {
      t = {
        problems: new DocumentProblems(() => ({ ...this.#options(), languageId: doc.languageId, onPhraseKey: (p) => this.#later(doc, p) }), this.#loadSecrets),
        timer: undefined,
        full: true,
      };
      this.#docs.set(key, t);
    }
    if (full) t.full = true;
    if (t.timer) clearTimeout(t.timer);
    const tracked = t;
    tracked.timer = setTimeout(() => {
      tracked.timer = undefined;
      try {
        this.diagnose(doc);
      } catch {
        // A part missing on disk or a bug: said in the log without the error's text (it could quote the document).
        this.services.log.warn(`Diagnostics: ${doc.uri.path.split('/').pop() ?? 'a file'} could not be diagnosed.`);
      }
    }, DEBOUNCE_MS);
  }

  #changed(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0 || !diagnosable(e.document)) return;
    const t = this.#docs.get(e.document.uri.toString());
    // Small files are read whole (cheap); large ones shift their problems now and read the edited lines later.
    if (t && !t.full && documentLength(e.document) >= LARGE_DOCUMENT) t.problems.shift(e.contentChanges);
    else if (t) t.full = true;
    this.#schedule(e.document, false);
  }

  /** Diagnoses `doc` now (the debounced path ends here; tests call it to skip the wait). */
  diagnose(doc: vscode.TextDocument): readonly vscode.Diagnostic[] {
    const key = doc.uri.toString();
    if (!diagnosable(doc) || doc.isClosed) return [];
    if (!this.#docs.has(key)) this.#schedule(doc, true);
    const t = this.#docs.get(key) as Tracked;
    if (t.timer) clearTimeout(t.timer);
    t.timer = undefined;
    if (!this.#enabled()) {
      this.collection.delete(doc.uri);
      this.#published.delete(key);
      return [];
    }
    if (t.full) {
      t.full = false;
      t.problems.full(doc.getText());
    } else t.problems.refresh(documentSource(doc));
    return this.#publish(doc, t.problems.problems);
  }

  /** A phrase's public key is being derived: diagnose the document again once it is. */
  #later(doc: vscode.TextDocument, pending: Promise<unknown>): void {
    void pending.then(
      () => this.#schedule(doc, true),
      () => undefined,
    );
  }

  #publish(doc: vscode.TextDocument, problems: readonly Found[]): vscode.Diagnostic[] {
    const all: Found[] = [...problems, ...this.#missing(doc)];
    const entries = all.map((problem) => ({ diagnostic: this.#toDiagnostic(doc, problem), problem }));
    this.#published.set(doc.uri.toString(), entries);
    const diagnostics = entries.map((e) => e.diagnostic);
    this.collection.set(doc.uri, diagnostics);
    for (const p of problems) if (p.publicKey) this.#askControl(p.publicKey);
    return diagnostics;
  }

  #toDiagnostic(doc: vscode.TextDocument, p: Found): vscode.Diagnostic {
    const range = new vscode.Range(doc.positionAt(p.start), doc.positionAt(p.end));
    // Without a REST API nobody can say which accounts use a key: the text says so (not what another network said),
    // and no action offers it.
    const lookups = this.#keyLookups();
    const control = p.publicKey && lookups && this.#control.get(p.publicKey);
    const noIndexer = p.publicKey && !lookups ? ` ${KEY_ACCOUNTS_NEED_REST}` : '';
    const d = new vscode.Diagnostic(
      range,
      control ? `${p.message} It ${control}.` : p.message + noIndexer,
      p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
    );
    d.source = DIAGNOSTIC_SOURCE;
    d.code = { value: PROBLEM_ANCHORS[p.code], target: vscode.Uri.parse(README_URL + PROBLEM_ANCHORS[p.code]) };
    return d;
  }

  /** Missing accounts (opt-in): ids the cache knows not to exist; the others are asked for in one batch. */
  #missing(doc: vscode.TextDocument): Problem[] {
    if (!this.services.settings.diagnostics.missingAccounts) return [];
    const ids = namedIds(doc.getText()).slice(0, 10 * MAX_IDS_PER_FILE);
    const wanted = new Set<string>();
    const existing = new Set<string>(this.services.settings.watchlist);
    const missing: { id: string; start: number; end: number; network: string }[] = [];
    for (const { id, start, end } of ids) {
      let full;
      let network;
      try {
        const c = this.services.clientForAccount(id);
        network = c.network;
        full = c.client.peekFull(id);
      } catch {
        continue; // no usable network settings
      }
      if (!full) {
        if (wanted.size < MAX_IDS_PER_FILE) wanted.add(id);
      } else if (full.state) existing.add(id);
      else missing.push({ id, start, end, network });
    }
    this.#batcher.want(wanted);
    return missing.map((m) => missingAccountProblem(m.id, m.start, m.end, m.network, existing));
  }

  /** Whether the network in use can say which accounts use a key (a REST API: an indexer). */
  #keyLookups(): boolean {
    try {
      return this.services.clientForNetwork().client.hasIndexer;
    } catch {
      return true; // a broken custom network: Look Up Public Key says why when asked
    }
  }

  /** When look-ups are allowed: which accounts a found key controls, added to its diagnostic once known. */
  #askControl(publicKey: string): void {
    const s = this.services.settings;
    // Like balance hints: an untrusted workspace sends nothing on its own unless the user allowed look-ups there.
    if (!s.hoverLookups || (!vscode.workspace.isTrusted && !s.diagnostics.missingAccounts) || this.#controlAsked.has(publicKey) || !this.#keyLookups()) return;
    this.#controlAsked.add(publicKey);
    void (async () => {
      try {
        const { client } = this.services.clientForNetwork();
        const [full, all] = await Promise.all([client.publicKey(publicKey), client.publicKeyAll(publicKey)]);
        const text = controlText(full.accountIds, all.accountIds, this.services.settings.network);
        if (text) {
          this.#control.set(publicKey, text);
          this.#republishAll();
        }
      } catch {
        this.#controlAsked.delete(publicKey); // asked again at the next diagnosis (the log says what failed)
      }
    })();
  }

  #republishAll(): void {
    for (const doc of vscode.workspace.textDocuments) {
      const t = this.#docs.get(doc.uri.toString());
      if (t && !t.full && this.#enabled()) this.#publish(doc, t.problems.problems);
    }
  }

  #rediagnoseAll(): void {
    this.#batcher.forget();
    for (const doc of vscode.workspace.textDocuments) this.#schedule(doc, true);
  }

  #forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const t = this.#docs.get(key);
    if (t?.timer) clearTimeout(t.timer);
    this.#docs.delete(key);
    this.#published.delete(key);
    this.collection.delete(uri);
  }

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const entries = this.#published.get(doc.uri.toString()) ?? [];
    const actions: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE) continue;
      const entry = entries.find((e) => e.diagnostic.range.isEqual(d.range) && e.diagnostic.message === d.message);
      if (!entry) continue;
      const p = entry.problem;
      for (const f of p.fixes) {
        const a = new vscode.CodeAction(f.title, vscode.CodeActionKind.QuickFix);
        a.edit = new vscode.WorkspaceEdit();
        a.edit.replace(doc.uri, d.range, f.newText);
        a.diagnostics = [d];
        a.isPreferred = f.preferred === true;
        actions.push(a);
      }
      if (p.publicKey) {
        const command = (title: string, id: string, arg: unknown): void => {
          const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
          a.command = { title, command: id, arguments: [arg] };
          a.diagnostics = [d];
          actions.push(a);
        };
        command('Copy Public Key', COMMANDS.copyPublicKey, p.publicKey);
        if (this.#keyLookups()) command('Show Accounts of This Key', COMMANDS.lookupPublicKey, { key: p.publicKey, all: true });
        command('Ignore This Key in This Workspace', COMMANDS.ignoreSecretKey, p.publicKey);
      }
    }
    return actions;
  }

  /** The command handlers of this part. */
  commands(): Record<string, (...args: never[]) => unknown> {
    return {
      [COMMANDS.copyPublicKey]: async (key: unknown) => {
        const pk = publicKeyArg(key);
        await vscode.env.clipboard.writeText(pk);
        vscode.window.setStatusBarMessage(`$(check) NEAR Lens: copied ${pk}`, 3000);
        return pk;
      },
      [COMMANDS.ignoreSecretKey]: async (key: unknown, opts?: { show?: boolean }) => {
        const pk = publicKeyArg(key);
        await this.#setIgnored([...new Set([...this.ignoredKeys, pk])]);
        if (opts?.show !== false) {
          void vscode.window.showInformationMessage(`NEAR Lens: the secret key of ${pk} is ignored in this workspace.`, 'Undo').then(async (c) => {
            if (c === 'Undo') await this.#setIgnored(this.ignoredKeys.filter((k) => k !== pk));
          });
        }
        return this.ignoredKeys;
      },
      [COMMANDS.ignoredSecretKeys]: async (arg?: { unignore?: string; show?: boolean }) => {
        if (arg?.unignore !== undefined || arg?.show === false) {
          if (arg.unignore !== undefined) await this.#setIgnored(this.ignoredKeys.filter((k) => k !== arg.unignore));
          return this.ignoredKeys;
        }
        const keys = this.ignoredKeys;
        if (keys.length === 0) {
          void vscode.window.showInformationMessage('NEAR Lens: no secret key is ignored in this workspace.');
          return keys;
        }
        const chosen = await vscode.window.showQuickPick(
          keys.map((k) => ({ label: k, description: 'public key' })),
          { canPickMany: true, title: 'NEAR Lens: ignored secret keys', placeHolder: 'Pick the keys to report again' },
        );
        if (chosen?.length) await this.#setIgnored(keys.filter((k) => !chosen.some((c) => c.label === k)));
        return this.ignoredKeys;
      },
      [COMMANDS.scanWorkspaceSecrets]: (arg?: ScanArgs) => this.scanWorkspace(arg ?? {}),
    };
  }

  async #setIgnored(keys: string[]): Promise<void> {
    await this.context.workspaceState.update(IGNORED_KEYS_STATE, keys);
    this.#rediagnoseAll();
  }

  /** Every file the workspace search would read (files.exclude and search.exclude honoured), for secret keys only. */
  async scanWorkspace(arg: ScanArgs): Promise<ScanResult> {
    const max = typeof arg.maxFiles === 'number' && arg.maxFiles > 0 ? Math.floor(arg.maxFiles) : SCAN_MAX_FILES;
    const run = async (progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken): Promise<ScanResult> => {
      const uris = await vscode.workspace.findFiles('**/*', excludeGlob(), max, token);
      const result: ScanResult = { filesSeen: uris.length, filesRead: 0, skippedLarge: 0, skippedBinary: 0, cancelled: false, secrets: [] };
      const options: DiagnoseOptions = { secretKeys: true, accountIds: false, inexactAmounts: false, languageId: '', ignoredKeys: new Set(this.ignoredKeys) };
      const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
      const decoder = new TextDecoder('utf-8');
      let i = 0;
      for (const uri of uris) {
        if (token?.isCancellationRequested) {
          result.cancelled = true;
          break;
        }
        if (++i % 50 === 0) progress?.report({ message: `${i} of ${uris.length} files`, increment: (50 / uris.length) * 100 });
        try {
          const stat = await vscode.workspace.fs.stat(uri);
          if (stat.size > SCAN_MAX_BYTES) {
            result.skippedLarge++;
            continue;
          }
          const bytes = await vscode.workspace.fs.readFile(uri);
          if (bytes.subarray(0, 8192).includes(0)) {
            result.skippedBinary++;
            continue;
          }
          result.filesRead++;
          const text = decoder.decode(bytes);
          const problems = new DocumentProblems(() => options, this.#loadSecrets).full(text);
          if (problems.length === 0 || open.has(uri.toString())) {
            for (const p of problems) result.secrets.push({ uri: uri.toString(), line: lineOf(text, p.start), publicKey: p.publicKey ?? '' });
            continue;
          }
          const doc = textPositions(text);
          const entries = problems.map((problem) => ({ diagnostic: this.#toDiagnostic(doc, problem), problem }));
          this.#published.set(uri.toString(), entries);
          this.collection.set(
            uri,
            entries.map((e) => e.diagnostic),
          );
          for (const p of problems) {
            result.secrets.push({ uri: uri.toString(), line: lineOf(text, p.start), publicKey: p.publicKey ?? '' });
            if (p.publicKey) this.#askControl(p.publicKey);
          }
        } catch {
          // unreadable (removed meanwhile, a special file): skipped
        }
      }
      return result;
    };
    if (arg.show === false) return run();
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'NEAR Lens: scanning the workspace for secret keys', cancellable: true },
      (progress, token) => run(progress, token),
    );
    const n = result.secrets.length;
    const files = new Set(result.secrets.map((s) => s.uri)).size;
    const summary = `${result.cancelled ? 'Scan cancelled after' : 'Scanned'} ${result.filesRead} files: ${n === 0 ? 'no NEAR secret key found' : `${n} secret key${n === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (see the Problems panel)`}.`;
    if (n > 0) {
      void vscode.window.showWarningMessage(`NEAR Lens: ${summary}`, 'Show Problems').then((c) => {
        if (c) void vscode.commands.executeCommand('workbench.actions.view.problems');
      });
    } else void vscode.window.showInformationMessage(`NEAR Lens: ${summary}`);
    return result;
  }

  dispose(): void {
    this.#batcher.dispose();
    for (const t of this.#docs.values()) if (t.timer) clearTimeout(t.timer);
    this.#docs.clear();
    for (const d of this.#disposables.splice(0)) d.dispose();
  }
}

function publicKeyArg(key: unknown): string {
  const c = typeof key === 'string' ? classify(key) : undefined;
  if (c?.kind !== 'public-key') throw new Error('NEAR Lens: give a public key (ed25519:… or secp256k1:…); a secret key is never accepted here.');
  return c.key;
}

/** Real files and untitled buffers; not our own result documents, output channels or git's copies. */
function diagnosable(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled' || doc.uri.scheme === 'vscode-remote' || doc.uri.scheme === 'vscode-userdata';
}

function documentLength(doc: vscode.TextDocument): number {
  return doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
}

/** The document as the engine reads it: only the ranges it asks for. */
function documentSource(doc: vscode.TextDocument): TextSource {
  return {
    length: documentLength(doc),
    read: (s, e) => doc.getText(new vscode.Range(doc.positionAt(s), doc.positionAt(e))),
    around: (s, e) => {
      const first = Math.max(0, doc.positionAt(s).line - 1);
      const last = Math.min(doc.lineCount - 1, doc.positionAt(e).line + 1);
      return [doc.offsetAt(new vscode.Position(first, 0)), doc.offsetAt(doc.lineAt(last).range.end)];
    },
  };
}

/** positionAt over a string (Scan Workspace diagnoses files that are not open). */
function textPositions(text: string): vscode.TextDocument {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const positionAt = (offset: number): vscode.Position => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return new vscode.Position(lo, offset - (starts[lo] as number));
  };
  return { positionAt } as unknown as vscode.TextDocument;
}

function lineOf(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** files.exclude and search.exclude (the entries set to true) as one glob, as the workspace search applies them. */
function excludeGlob(): string | undefined {
  const globs = new Set<string>();
  for (const section of ['files.exclude', 'search.exclude']) {
    const o = vscode.workspace.getConfiguration().get<Record<string, unknown>>(section) ?? {};
    for (const [glob, on] of Object.entries(o)) if (on === true) globs.add(glob);
  }
  return globs.size ? `{${[...globs].join(',')}}` : undefined;
}

/** The part's entry: started by register.ts when the first document is diagnosed. */
export function startDiagnostics(context: vscode.ExtensionContext, services: Services): DiagnosticsHost {
  const host = new DiagnosticsHost(context, services);
  context.subscriptions.push(host);
  return host;
}

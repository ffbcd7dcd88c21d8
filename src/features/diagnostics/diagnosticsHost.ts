// The Problems-panel diagnostics, started when the first document is diagnosed: one
// DiagnosticCollection, each open document diagnosed as it changes (debounced; on a large file only the lines around
// each edit), cleared on close; quick fixes; the secret-key actions; missing accounts (opt-in); Scan Workspace for
// Secret Keys…. A secret never leaves this process: only its range and public key are kept, shown or sent.
import vscode = require('vscode');
import { controlText, DocumentProblems } from './model/engine';
import type { DiagnoseOptions, Found, SecretsApi } from './model/engine';
import { MAX_IDS_PER_FILE, missingAccountProblem, namedIds } from './model/missingAccounts';
import { DIAGNOSTIC_SOURCE, IGNORED_KEYS_STATE, PROBLEM_ANCHORS, problemTarget } from './model/problem';
import type { Problem } from './model/problem';
import { COMMANDS } from '../../manifest';
import { classify } from '../../near/ids';
import { BalanceBatcher } from '../balances/model/balanceHints';
import type { Services } from '../../platform/services';
import * as secrets from '../secrets/secretKeys';
import { diagnosable, documentLength, documentSource } from './documents';
import { WorkspaceScan } from './workspaceScan';
import type { ScanArgs, ScanResult } from './workspaceScan';

export type { ScanArgs, ScanResult } from './workspaceScan';
export { SCAN_MAX_BYTES } from './workspaceScan';

/** Said in a found key's diagnostic on a network without a REST API (instead of offering Show Accounts of This Key). */
export const KEY_ACCOUNTS_NEED_REST = 'Which accounts it controls needs a REST API (an indexer): this network is RPC only (nearLens.customNetwork.apiUrl).';

/** Above this size a document is read again only around its edits. */
export const LARGE_DOCUMENT = 200_000;
const DEBOUNCE_MS = 250;

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
  readonly #scan: WorkspaceScan;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
  ) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the scan reads the ignored keys through a getter
    const host = this;
    this.#batcher = new BalanceBatcher({
      load: (id) => services.clientForAccount(id).client.accounts.full(id),
      onLoaded: () => this.#republishAll(),
    });
    this.#scan = new WorkspaceScan({
      get ignoredKeys() {
        return host.ignoredKeys;
      },
      loadSecrets: () => this.#loadSecrets(),
      trackedDocument: (uri) => this.#tracked(uri),
      diagnose: (doc) => this.diagnose(doc),
      publish: (uri, positions, problems) => this.#publishFound(uri, positions, problems),
      clear: (uri) => {
        this.#published.delete(uri.toString());
        this.collection.delete(uri);
      },
    });
    this.#disposables.push(
      this.#scan,
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

  /** The key derivation, handed to the pure engine, which asks for it on the first candidate. */
  readonly #loadSecrets = (): SecretsApi => secrets;

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

  /** A file's problems read from disk (Scan Workspace): published whatever VS Code holds in memory. */
  #publishFound(uri: vscode.Uri, positions: vscode.TextDocument, problems: readonly Found[]): void {
    const entries = problems.map((problem) => ({ diagnostic: this.#toDiagnostic(positions, problem), problem }));
    this.#published.set(uri.toString(), entries);
    this.collection.set(
      uri,
      entries.map((e) => e.diagnostic),
    );
    for (const p of problems) if (p.publicKey) this.#askControl(p.publicKey);
  }

  /** The open document the open-document path diagnoses (tracked and not closed), if any. */
  #tracked(uri: vscode.Uri): vscode.TextDocument | undefined {
    const key = uri.toString();
    if (!this.#docs.has(key)) return undefined;
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key && !d.isClosed);
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
    d.code = { value: PROBLEM_ANCHORS[p.code], target: vscode.Uri.parse(problemTarget(p.code)) };
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
        network = c.name;
        full = c.client.accounts.peekFull(id);
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
      return this.services.clientForNetwork().client.accounts.hasIndexer;
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
        const { client, name } = this.services.clientForNetwork();
        const [full, all] = await Promise.all([client.accounts.publicKey(publicKey), client.accounts.publicKeyAll(publicKey)]);
        const text = controlText(full.accountIds, all.accountIds, name);
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
    this.#scan.republish();
  }

  #rediagnoseAll(): void {
    this.#batcher.forget();
    for (const doc of vscode.workspace.textDocuments) this.#schedule(doc, true);
    this.#scan.republish();
  }

  #forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const t = this.#docs.get(key);
    if (t?.timer) clearTimeout(t.timer);
    this.#docs.delete(key);
    // A file the scan found a key in keeps its problems: read again from disk (replaced, or cleared if fixed).
    if (this.#scan.has(uri)) {
      void this.#scan.recheck(uri);
      return;
    }
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

  /** The diagnostics' command handlers. */
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

  /** Every file the workspace search would read, for secret keys only (workspaceScan.ts). */
  scanWorkspace(arg: ScanArgs): Promise<ScanResult> {
    return this.#scan.run(arg);
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

/** The diagnostics' engine: started by index.ts when the first document is diagnosed. */
export function startDiagnostics(context: vscode.ExtensionContext, services: Services): DiagnosticsHost {
  const host = new DiagnosticsHost(context, services);
  context.subscriptions.push(host);
  return host;
}

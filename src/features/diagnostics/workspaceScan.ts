// Scan Workspace for Secret Keys… (part of the lazy `diagnostics` part): every file the workspace search would read,
// for secret keys only, published in the Problems panel whatever VS Code still holds in memory. A file the scan found
// a key in stays watched: read again from disk when it changes, when its document closes (the open-document path
// stops diagnosing it then), cleared when it is deleted or fixed. A secret never leaves this process.
import vscode = require('vscode');
import { DocumentProblems } from './model/engine';
import type { DiagnoseOptions, Found, SecretsApi } from './model/engine';
import { excludeGlob } from '../../platform/workspaceExcludes';

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

/** What the scan needs of the diagnostics host. */
export interface ScanHost {
  readonly ignoredKeys: string[];
  loadSecrets(): SecretsApi;
  /** The open document the open-document path diagnoses, if any (its unsaved text wins over the disk's). */
  trackedDocument(uri: vscode.Uri): vscode.TextDocument | undefined;
  /** Diagnoses a tracked open document now. */
  diagnose(doc: vscode.TextDocument): readonly vscode.Diagnostic[];
  /** Publishes the problems found in a file's text read from disk (replacing what the file showed). */
  publish(uri: vscode.Uri, positions: vscode.TextDocument, problems: readonly Found[]): void;
  clear(uri: vscode.Uri): void;
}

export class WorkspaceScan implements vscode.Disposable {
  /** Files (not tracked as open documents) whose keys this scan published, with what is needed to republish them. */
  readonly #found = new Map<string, { uri: vscode.Uri; positions: vscode.TextDocument; problems: readonly Found[] }>();
  #watcher: vscode.Disposable[] = [];

  constructor(private readonly host: ScanHost) {}

  /** Every file the workspace search would read (files.exclude and search.exclude honoured), for secret keys only. */
  async run(arg: ScanArgs): Promise<ScanResult> {
    if (arg.show === false) return this.#scan(arg);
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'NEAR Lens: scanning the workspace for secret keys', cancellable: true },
      (progress, token) => this.#scan(arg, progress, token),
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

  async #scan(arg: ScanArgs, progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken): Promise<ScanResult> {
    const max = typeof arg.maxFiles === 'number' && arg.maxFiles > 0 ? Math.floor(arg.maxFiles) : SCAN_MAX_FILES;
    const uris = await vscode.workspace.findFiles('**/*', excludeGlob(), max, token);
    const result: ScanResult = { filesSeen: uris.length, filesRead: 0, skippedLarge: 0, skippedBinary: 0, cancelled: false, secrets: [] };
    let i = 0;
    for (const uri of uris) {
      if (token?.isCancellationRequested) {
        result.cancelled = true;
        break;
      }
      if (++i % 50 === 0) progress?.report({ message: `${i} of ${uris.length} files`, increment: (50 / uris.length) * 100 });
      const read = await this.#readFile(uri, result);
      if (read === undefined) continue;
      result.filesRead++;
      for (const p of read.problems) result.secrets.push({ uri: uri.toString(), line: lineOf(read.text, p.start), publicKey: p.publicKey ?? '' });
      this.#show(uri, read.text, read.problems);
    }
    return result;
  }

  /** The file's text and its secret keys; undefined when skipped (too large, binary, unreadable). */
  async #readFile(uri: vscode.Uri, counts?: ScanResult): Promise<{ text: string; problems: readonly Found[] } | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > SCAN_MAX_BYTES) {
        if (counts) counts.skippedLarge++;
        return undefined;
      }
      const bytes = await vscode.workspace.fs.readFile(uri);
      if (bytes.subarray(0, 8192).includes(0)) {
        if (counts) counts.skippedBinary++;
        return undefined;
      }
      const text = new TextDecoder('utf-8').decode(bytes);
      const options: DiagnoseOptions = {
        secretKeys: true,
        accountIds: false,
        inexactAmounts: false,
        languageId: '',
        ignoredKeys: new Set(this.host.ignoredKeys),
      };
      return {
        text,
        problems: new DocumentProblems(
          () => options,
          () => this.host.loadSecrets(),
        ).full(text),
      };
    } catch {
      return undefined; // unreadable (removed meanwhile, a special file): skipped
    }
  }

  /**
   * Publishes what the scan read. A document the open-document path diagnoses is diagnosed from its own text (its
   * unsaved edits win); any other file, open in memory or not, shows what is on disk.
   */
  #show(uri: vscode.Uri, text: string, problems: readonly Found[]): void {
    const key = uri.toString();
    const doc = this.host.trackedDocument(uri);
    if (doc) {
      this.host.diagnose(doc);
      // Still watched: when that document closes, the file on disk is read again (see closed()).
      if (problems.length > 0) this.#found.set(key, { uri, positions: textPositions(text), problems });
      else this.#found.delete(key);
    } else if (problems.length > 0) {
      const positions = textPositions(text);
      this.#found.set(key, { uri, positions, problems });
      this.host.publish(uri, positions, problems);
    } else if (this.#found.delete(key)) this.host.clear(uri);
    if (this.#found.size > 0) this.#watch();
  }

  /** Whether the scan watches this file (a document of it closing must not clear what the scan published). */
  has(uri: vscode.Uri): boolean {
    return this.#found.has(uri.toString());
  }

  /** Reads a found file again from disk: republished, or cleared when it no longer holds a key or is gone. */
  async recheck(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    if (!this.#found.has(key)) return;
    const doc = this.host.trackedDocument(uri);
    if (doc) {
      this.host.diagnose(doc);
      return;
    }
    const read = await this.#readFile(uri);
    if (!this.#found.has(key)) return; // forgotten meanwhile
    if (read === undefined || read.problems.length === 0) {
      this.#found.delete(key);
      this.host.clear(uri);
      return;
    }
    this.#show(uri, read.text, read.problems);
  }

  /** Publishes every found file again (a key's "controls …" text arrived, the ignored keys changed). */
  republish(): void {
    const ignored = new Set(this.host.ignoredKeys);
    for (const f of this.#found.values()) {
      if (this.host.trackedDocument(f.uri)) continue;
      const problems = f.problems.filter((p) => !p.publicKey || !ignored.has(p.publicKey));
      // An ignored key's file is cleared but still watched: undoing the ignore shows it again.
      if (problems.length === 0) this.host.clear(f.uri);
      else this.host.publish(f.uri, f.positions, problems);
    }
  }

  /** One watcher over the workspace, made on the first find: a found file changed on disk or deleted. */
  #watch(): void {
    if (this.#watcher.length > 0) return;
    const w = vscode.workspace.createFileSystemWatcher('**/*', true, false, false);
    this.#watcher.push(
      w,
      w.onDidChange((uri) => void this.recheck(uri)),
      w.onDidDelete((uri) => void this.recheck(uri)),
      vscode.workspace.onDidDeleteFiles((e) => {
        for (const uri of e.files) void this.recheck(uri);
      }),
      vscode.workspace.onDidRenameFiles((e) => {
        for (const f of e.files) void this.recheck(f.oldUri);
      }),
    );
  }

  dispose(): void {
    for (const d of this.#watcher.splice(0)) d.dispose();
    this.#found.clear();
  }
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

// The editor's side of a failure's source search (model/search.ts): the workspace's files listed with
// workspace.findFiles (files.exclude and search.exclude honoured, node_modules and target left out) and read with
// workspace.fs, so it works on any file system the window has a file search for, the web's included; one without
// (a virtual file system on the web) says so instead of "not in this workspace". Local only: nothing is sent.
import vscode = require('vscode');
import { excludeGlob } from '../../platform/workspaceExcludes';
import type { SearchHost } from './model/search';

/** Files larger than this are not read (bundles, data): a contract's source is far smaller. */
export const SOURCE_MAX_BYTES = 1_000_000;
const SKIP = ['**/node_modules/**', '**/target/**'];

/**
 * Throws when the editor has no file search for the workspace's file system: there findFiles answers nothing at all,
 * which must not read as "not in this workspace". VS Code's search service answers an empty list for a scheme with no
 * search provider (a virtual file system on the web); a folder with entries of which no file is listed, excludes
 * ignored, is such a one.
 */
async function assertSearchable(folders: readonly vscode.WorkspaceFolder[], token: vscode.CancellationToken): Promise<void> {
  const any = await vscode.workspace.findFiles('**/*', null, 1, token);
  if (any.length > 0 || token.isCancellationRequested) return;
  for (const f of folders) {
    const entries = await vscode.workspace.fs.readDirectory(f.uri).then(
      (e) => e,
      () => [],
    );
    if (entries.length > 0) throw new Error(`the editor has no file search for its ${f.uri.scheme}: files here`);
  }
}

/** The open workspace as the search reads it. */
export function editorSearchHost(): SearchHost {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const uris = new Map<string, vscode.Uri>();
  const uriOf = (s: string): vscode.Uri => uris.get(s) ?? vscode.Uri.parse(s);
  return {
    hasFolders: folders.length > 0,
    async findFiles(include, max, signal) {
      const cancel = new vscode.CancellationTokenSource();
      const stop = (): void => cancel.cancel();
      signal.addEventListener('abort', stop);
      try {
        const found = await vscode.workspace.findFiles(include, excludeGlob(SKIP), max, cancel.token);
        // A stopped search answers with what it had: that is not the whole workspace.
        if (signal.aborted) throw new Error('the file search was stopped');
        if (found.length === 0) await assertSearchable(folders, cancel.token);
        return found.map((u) => {
          const s = u.toString();
          uris.set(s, u);
          return s;
        });
      } finally {
        signal.removeEventListener('abort', stop);
        cancel.dispose();
      }
    },
    async readText(s) {
      try {
        const uri = uriOf(s);
        if ((await vscode.workspace.fs.stat(uri)).size > SOURCE_MAX_BYTES) return undefined;
        const bytes = await vscode.workspace.fs.readFile(uri);
        if (bytes.subarray(0, 8192).includes(0)) return undefined;
        return new TextDecoder('utf-8').decode(bytes);
      } catch {
        return undefined; // missing (a Cargo.toml looked for), removed meanwhile, or not a file
      }
    },
    relPath(s) {
      return vscode.workspace.asRelativePath(uriOf(s), false).replace(/\\/g, '/');
    },
    sibling(s, up, name) {
      const uri = uriOf(s);
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (!folder) return undefined;
      let dir = vscode.Uri.joinPath(uri, '..');
      for (let i = 0; i < up; i++) dir = vscode.Uri.joinPath(dir, '..');
      // Never above the file's workspace folder: a path from a panic never leads out of the workspace.
      const root = folder.uri.path.replace(/\/+$/, '');
      if (dir.path !== root && !dir.path.startsWith(`${root}/`)) return undefined;
      return vscode.Uri.joinPath(dir, name).toString();
    },
  };
}

// The built-in Git extension, when there is one (not on the web): a checkout's HEAD and remotes, to tell whether the
// workspace is the contract's repository at another revision than the deployed one, and a file at that revision.
// Nothing is fetched or cloned: only what the local repository already holds is read, and only when asked.
import vscode = require('vscode');

interface GitRepository {
  getCommit(ref: string): Promise<{ readonly hash: string }>;
  readonly state: {
    readonly HEAD?: { readonly commit?: string };
    readonly remotes: ReadonlyArray<{ readonly fetchUrl?: string; readonly pushUrl?: string }>;
  };
}
interface GitApi {
  getRepository(uri: vscode.Uri): GitRepository | null;
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}
interface GitExtension {
  readonly enabled?: boolean;
  getAPI(version: 1): GitApi;
}

/** The Git extension's API, or undefined where there is no Git (the web, Git disabled or missing). */
async function gitApi(): Promise<GitApi | undefined> {
  const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!ext) return undefined;
  try {
    const git = ext.isActive ? ext.exports : await ext.activate();
    return git?.enabled === false ? undefined : git?.getAPI(1);
  } catch {
    return undefined;
  }
}

/** The checkout holding a file: its remotes' URLs and HEAD's commit; undefined when the file is in none. */
export async function checkoutOf(file: vscode.Uri): Promise<{ remotes: string[]; head?: string } | undefined> {
  const repo = (await gitApi())?.getRepository(file);
  if (!repo) return undefined;
  const remotes = repo.state.remotes.flatMap((r) => [r.fetchUrl, r.pushUrl]).filter((u): u is string => typeof u === 'string');
  const head = repo.state.HEAD?.commit;
  return { remotes, ...(head && { head }) };
}

/**
 * The file as it was at `rev` (the Git extension's `git:` URI); 'missing' when the checkout does not hold that commit
 * (it was never fetched), undefined where there is no Git.
 */
export async function atRevision(file: vscode.Uri, rev: string): Promise<vscode.Uri | 'missing' | undefined> {
  const api = await gitApi();
  const repo = api?.getRepository(file);
  if (!api || !repo) return undefined;
  try {
    await repo.getCommit(rev);
  } catch {
    return 'missing';
  }
  return api.toGitUri(file, rev);
}

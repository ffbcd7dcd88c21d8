// In-editor, where the Git extension runs (not the web: build-tests.mjs leaves this file out of the web run, it runs
// git with node:child_process): a failed receipt's line in a checkout of the contract's NEP-330 repository at another
// commit than the deployed one. The stub's metadata of game.lensdev.near says github.com/example/lens-games at rev
// 4f1c2e9d…, contract_path contracts/game. A temporary repository inside the fixture workspace (a window's folders
// cannot change under a test: code-server reloads the page to enter a multi-root workspace) holds contracts/game;
// its remote is that link, and a replace ref makes 4f1c2e9d… read as its first commit, the deployed one, while HEAD
// is a second commit where the panic's line moved one line down. The hover and the document say so with HEAD's short
// hash, and "Open at the deployed revision" opens the Git extension's `git:` document of that commit at line 29.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, fixtureUri, hoverText, linkArgs, openFixture, positionOf, setUserSetting, waitFor, workspaceUri } from '../support/editor';
import { resetStub } from '../support/stubClient';

const PANIC_AT = '5MRvKYvRk2no6E8T42tk6nLCg6i3eATjfm4W49FRNfJm';
/** The rev of the stub's NEP-330 metadata of game.lensdev.near (test/fixtures/rpc-contracts.json). */
const DEPLOYED = '4f1c2e9d1b0a8c7e6f5d4c3b2a19081726354453';
const REPO_PREFIX = 'near-lens-git-';
/**
 * The user settings of the suite, restored after it: the host's calm settings disable Git (git.enabled false; turned
 * off again, the Git extension closes the repository); the fixture workspace's own checkout (this project's, in a
 * parent folder) is not opened; the fixture's contracts/game is left out of the search, so that the temporary
 * checkout's copy is the first source.
 */
const SETTINGS: Record<string, unknown> = {
  'git.openRepositoryInParentFolders': 'never',
  'git.enabled': true,
  'search.exclude': { 'contracts/game/**': true },
};

interface GitRepository {
  readonly state: { readonly HEAD?: { readonly commit?: string }; readonly remotes: ReadonlyArray<{ readonly fetchUrl?: string }> };
}
interface GitApi {
  openRepository(root: vscode.Uri): Promise<GitRepository | null>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}

/** The Git extension's API once its model is made (the host's settings disable Git: the suite enables it). */
async function gitApi(): Promise<GitApi> {
  const ext = vscode.extensions.getExtension<{ getAPI(v: 1): GitApi }>('vscode.git');
  assert.ok(ext, 'the Git extension is installed');
  const git = ext.isActive ? ext.exports : await ext.activate();
  return waitFor(
    () => {
      try {
        return git.getAPI(1);
      } catch {
        return undefined; // "Git model not found": not enabled yet
      }
    },
    { timeoutMs: 20_000, what: "the Git extension's model" },
  );
}

const git = (cwd: string, ...args: string[]): string =>
  execFileSync(
    'git',
    ['-c', 'user.name=NEAR Lens test', '-c', 'user.email=test@near-lens.invalid', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' },
    },
  ).trim();

describe('failures: a checkout of the contract repository at another revision than the deployed one', function () {
  this.timeout(60_000);
  let root = '';
  let head = '';
  const previous: Record<string, unknown> = {};
  const lib = (): vscode.Uri => vscode.Uri.file(path.join(root, 'contracts/game/src/lib.rs'));
  /** This run's temporary checkout, or one a killed run left. */
  const removeCheckouts = (): void => {
    for (const name of readdirSync(workspaceUri().fsPath).filter((n) => n.startsWith(REPO_PREFIX))) {
      rmSync(path.join(workspaceUri().fsPath, name), { recursive: true, force: true });
    }
  };

  before(async () => {
    await activateExtension();
    removeCheckouts();
    root = mkdtempSync(path.join(workspaceUri().fsPath, REPO_PREFIX));
    git(root, 'init', '--quiet');
    git(root, 'remote', 'add', 'origin', 'https://github.com/example/lens-games.git');
    cpSync(fixtureUri('contracts/game').fsPath, path.join(root, 'contracts/game'), { recursive: true });
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '--message', 'deployed');
    // 4f1c2e9d… is not a commit of this repository: a replace ref makes git read it as the first commit.
    git(root, 'update-ref', `refs/replace/${DEPLOYED}`, git(root, 'rev-parse', 'HEAD'));
    const file = path.join(root, 'contracts/game/src/lib.rs');
    writeFileSync(file, readFileSync(file, 'utf8').replace('\n', '\n// a line added after the deployment\n'));
    git(root, 'commit', '--quiet', '--all', '--message', 'a line added');
    head = git(root, 'rev-parse', 'HEAD');
    assert.match(git(root, 'show', `${DEPLOYED}:contracts/game/src/lib.rs`).split('\n')[28] ?? '', /round\.winner\.clone\(\)\.unwrap\(\)/);

    for (const [key, value] of Object.entries(SETTINGS)) {
      previous[key] = vscode.workspace.getConfiguration().inspect(key)?.globalValue;
      await setUserSetting(key, value);
    }
    const api = await gitApi();
    await api.openRepository(vscode.Uri.file(root));
    await waitFor(
      () => {
        const r = api.getRepository(lib());
        return r?.state.HEAD?.commit === head && r.state.remotes.some((x) => x.fetchUrl === 'https://github.com/example/lens-games.git');
      },
      { timeoutMs: 20_000, what: 'the temporary checkout open in the Git extension, HEAD and origin read' },
    );
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    const opened = 'git.enabled' in previous;
    try {
      for (const key of Object.keys(SETTINGS).reverse()) if (key in previous) await setUserSetting(key, previous[key]);
      if (opened) {
        const api = await gitApi();
        // Git disabled again closes it; where Git was on before the suite (a desktop VS Code), it is closed here.
        const enabled = vscode.workspace.getConfiguration('git').get('enabled') === true;
        if (enabled && api.getRepository(lib())) await vscode.commands.executeCommand('git.close', vscode.Uri.file(root));
        await waitFor(() => api.getRepository(lib()) === null, { what: 'the temporary checkout closed by the Git extension' });
      }
    } finally {
      removeCheckouts();
    }
  });

  it('the hover says the checkout is at HEAD, not the deployed rev; its link opens the deployed commit at line 29', async () => {
    const relPath = `${path.basename(root)}/contracts/game/src/lib.rs`;
    const editor = await openFixture('cargo-test.log');
    const md = await hoverText(editor.document.uri, positionOf(editor.document, PANIC_AT, 0, 5));
    const text = md.replace(/\\(.)/g, '$1');
    assert.ok(text.includes(`[Go to ${relPath}:29]`), text);
    assert.ok(
      text.includes(`deployed from 4f1c2e9; your checkout is at ${head.slice(0, 7)} — the line may have moved · [Open at the deployed revision]`),
      text,
    );
    const args = linkArgs(md, 'Open at the deployed revision', 'nearLens.openFailureSource');
    assert.deepEqual(args, { uri: lib().toString(), line: 29, column: 50, rev: DEPLOYED });

    assert.equal(await vscode.commands.executeCommand('nearLens.openFailureSource', args), true);
    const opened = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'git' ? vscode.window.activeTextEditor : undefined), {
      what: 'the git: document in the editor',
    });
    assert.equal(opened.document.uri.path, lib().path);
    assert.equal((JSON.parse(opened.document.uri.query) as { ref?: string }).ref, DEPLOYED);
    // The deployed commit's text, not the checkout's: line 29 is the panic's line there.
    await waitFor(() => opened.document.lineCount > 29, { what: 'the text at the deployed revision' });
    assert.match(opened.document.lineAt(28).text, /round\.winner\.clone\(\)\.unwrap\(\)/);
    assert.doesNotMatch(opened.document.getText(), /a line added after the deployment/);
    assert.equal(opened.selection.active.line, 28);
    assert.equal(opened.selection.active.character, 49);
  });

  it('a revision the checkout does not hold is refused in a sentence, and nothing opens', async () => {
    const missing = 'deadbeef'.repeat(5);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.openFailureSource', { uri: lib().toString(), line: 29, column: 50, rev: missing })),
      /Revision deadbee is not in this checkout: fetch it \(git fetch\), then open it again\./,
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme === 'git', false, 'no git: document');
  });

  it('the document says it too, and its "Open at the deployed revision" link carries the deployed rev', async () => {
    await vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: PANIC_AT });
    const doc = await waitFor(
      () => {
        const d = vscode.window.activeTextEditor?.document;
        return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${PANIC_AT}`) ? d : undefined;
      },
      { timeoutMs: 15_000, what: 'the document of the transaction' },
    );
    const line = `deployed from 4f1c2e9; your checkout is at ${head.slice(0, 7)} — the line may have moved · Open at the deployed revision`;
    assert.ok(doc.getText().includes(line), doc.getText());
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
    // By its words in the document (VS Code 1.90 answers no tooltip).
    const open = links.find((l) => doc.getText(l.range) === 'Open at the deployed revision');
    assert.ok(open?.target, links.map((l) => doc.getText(l.range)).join(' | '));
    assert.equal(open.target.scheme, 'command');
    assert.equal(open.target.path, 'nearLens.openFailureSource');
    assert.deepEqual((JSON.parse(open.target.query) as unknown[])[0], { uri: lib().toString(), line: 29, column: 50, rev: DEPLOYED });
  });
});

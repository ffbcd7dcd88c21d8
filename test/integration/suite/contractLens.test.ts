// The contract lens (#47) in the real editor, on the fixture workspace's crates (test/fixtures/workspace/contracts):
// Link Contract to Account from code writes nearLens.deployments; the lenses above the Rust and the TypeScript
// contract (with the placeholder activity source: "reading calls…", views "not on chain"); "is it my build?" both
// ways (contracts/game/target/near holds the wasm the stub's game.lensdev.near runs, contracts/arcade/target/near one
// that arcade.lensdev.near does not); a lens resolve sends no request; the code action; the setting off and on.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, fixtureUri, openFixture, setUserSetting, waitFor } from '../support/editor';
import { clearStubRequests, resetStub, stubRequests } from '../support/stubClient';

const GAME = 'contracts/game/src/lib.rs';
const MINT = 'contracts/js-mint/src/contract.ts';
const ARCADE = 'contracts/arcade/src/lib.rs';

/** The contract lens's titles of a file, as "line: title" (the lenses of other extensions left out). */
async function lensTitles(file: string): Promise<string[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', fixtureUri(file), 100)) ?? [];
  return lenses
    .filter((l) => l.command && / · |nearLens\./.test(`${l.command.title} ${l.command.command}`))
    .map((l) => `${l.range.start.line}: ${l.command?.title ?? ''}`)
    .sort();
}

describe('contract lens', () => {
  let hadSettingsFile = false;
  const settingsFile = (): vscode.Uri => fixtureUri('.vscode/settings.json');

  before(async () => {
    await activateExtension();
    hadSettingsFile = await vscode.workspace.fs.stat(settingsFile()).then(
      () => true,
      () => false,
    );
  });
  after(async () => {
    await vscode.workspace.getConfiguration('nearLens').update('deployments', undefined, vscode.ConfigurationTarget.Workspace);
    await setUserSetting('nearLens.codeLens.activity', undefined);
    // The run's workspace had no settings file: the one the links wrote goes (the work tree stays as it was).
    if (!hadSettingsFile) await vscode.workspace.fs.delete(settingsFile()).then(undefined, () => undefined);
    await resetStub();
  });

  it('Link Contract to Account from code writes nearLens.deployments, and refuses what it cannot use', async () => {
    const linked = await vscode.commands.executeCommand('nearLens.linkContract', { path: 'contracts/game', accountId: 'Game.LensDev.near' });
    assert.deepEqual(linked, {
      path: 'contracts/game',
      folder: vscode.workspace.workspaceFolders?.[0]?.uri.toString(),
      accountId: 'game.lensdev.near',
      accounts: ['game.lensdev.near'],
    });
    await vscode.commands.executeCommand('nearLens.linkContract', { path: './contracts/arcade/', accountId: 'arcade.lensdev.near' });
    await vscode.commands.executeCommand('nearLens.linkContract', { path: 'contracts/js-mint', accountId: 'mob.near' });
    assert.deepEqual(vscode.workspace.getConfiguration('nearLens').inspect('deployments')?.workspaceValue, {
      'contracts/game': ['game.lensdev.near'],
      'contracts/arcade': ['arcade.lensdev.near'],
      'contracts/js-mint': ['mob.near'],
    });
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.linkContract', { path: 'contracts/game', accountId: 'not an id' })),
      /is not an account id/,
    );
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.linkContract', { path: 'frontend', accountId: 'a.near' })),
      /No contract of the workspace is in "frontend"/,
    );
  });

  it('above the Rust contract: "reading calls…" on each method, and the deployed code is the crate’s build', async () => {
    await openFixture(GAME);
    const titles = await waitFor(
      async () => {
        const t = await lensTitles(GAME);
        return t.some((x) => x.includes('deployed code')) ? t : undefined;
      },
      { what: 'the build lens above Game' },
    );
    assert.deepEqual(titles, [
      '17: game.lensdev.near · deployed code = target/near/game_contract.wasm',
      '20: game.lensdev.near · reading calls…',
      '24: game.lensdev.near · reading calls…',
      '32: game.lensdev.near · reading calls…',
    ]);
  });

  it('a build that is not the deployed code says so, with its age', async () => {
    await openFixture(ARCADE);
    const titles = await waitFor(
      async () => {
        const t = await lensTitles(ARCADE);
        return t.some((x) => x.includes('deployed code')) ? t : undefined;
      },
      { what: 'the build lens above Arcade' },
    );
    assert.match(titles[0] ?? '', /^16: arcade\.lensdev\.near · deployed code differs from your build \(built (just now|\d+ (s|min|h|d|mo|y) ago)\)$/);
  });

  it('above the TypeScript contract: calls read, a view "not on chain"; no build, no build lens', async () => {
    await openFixture(MINT);
    const titles = await waitFor(
      async () => {
        const t = await lensTitles(MINT);
        return t.length > 0 ? t : undefined;
      },
      { what: 'the lenses above MintContract' },
    );
    assert.deepEqual(titles, ['10: mob.near · reading calls…', '19: mob.near · view · not on chain']);
  });

  it('resolving the lenses again sends no request', async () => {
    await waitFor(async () => (await lensTitles(GAME)).some((x) => x.includes('deployed code')), { what: 'the build lens' });
    await clearStubRequests();
    for (let i = 0; i < 5; i++) for (const file of [GAME, MINT, ARCADE]) await lensTitles(file);
    assert.deepEqual(
      (await stubRequests()).map((r) => `${r.host} ${r.url}`),
      [],
    );
  });

  it('offers Link Contract to Account… on the contract block’s line, not elsewhere', async () => {
    const at = async (line: number): Promise<string[]> =>
      (
        (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', fixtureUri(GAME), new vscode.Range(line, 0, line, 0))) ??
        []
      ).map((a) => a.title);
    assert.ok((await at(17)).includes('Link Contract to Account…'));
    assert.ok(!(await at(11)).includes('Link Contract to Account…'), 'a #[near(contract_state)] struct is no contract block');
  });

  it('nearLens.codeLens.activity: false removes the lenses, true brings them back', async () => {
    await setUserSetting('nearLens.codeLens.activity', false);
    await waitFor(async () => (await lensTitles(GAME)).length === 0, { what: 'no contract lens' });
    await setUserSetting('nearLens.codeLens.activity', undefined);
    await waitFor(async () => (await lensTitles(GAME)).length === 4, { what: 'the contract lenses again' });
  });
});

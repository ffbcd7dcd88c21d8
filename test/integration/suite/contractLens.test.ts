// The contract lens (#47) in the real editor, on the fixture workspace's crates (test/fixtures/workspace/contracts):
// Link Contract to Account from code writes nearLens.deployments; the lenses above the Rust and the TypeScript
// contract with the calls the stub serves (counts per method, the newest failure in the tooltip, views "not on
// chain"), their text after the stub's calls grow, the click to the panel's Transactions of that method, failed first,
// and a network without a transactions API said once on the block; "is it my build?" both
// ways (contracts/game/target/near holds the wasm the stub's game.lensdev.near runs, contracts/arcade/target/near one
// that arcade.lensdev.near does not); a lens resolve sends no request; the code action; the setting off and on.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, fixtureUri, openFixture, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { appendStubCalls, clearStubRequests, resetStub, stubRequests } from '../support/stubClient';

const GAME = 'contracts/game/src/lib.rs';
const MINT = 'contracts/js-mint/src/contract.ts';
const ARCADE = 'contracts/arcade/src/lib.rs';

/** The contract lens's lenses of a file, by line (the lenses of other extensions left out). */
async function lensesOf(file: string): Promise<vscode.CodeLens[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', fixtureUri(file), 100)) ?? [];
  return lenses
    .filter((l) => l.command && / · |nearLens\./.test(`${l.command.title} ${l.command.command}`))
    .sort((a, b) => a.range.start.line - b.range.start.line);
}

/** The contract lens's titles of a file, as "line: title". */
async function lensTitles(file: string): Promise<string[]> {
  return (await lensesOf(file)).map((l) => `${l.range.start.line}: ${l.command?.title ?? ''}`).sort();
}

/** The titles once no lens is still reading and the build lens is drawn (when `build`). */
const settled = (file: string, build = true): Promise<string[]> =>
  waitFor(
    async () => {
      const t = await lensTitles(file);
      return t.length > 0 && !t.some((x) => x.includes('reading calls…')) && (!build || t.some((x) => x.includes('deployed code'))) ? t : undefined;
    },
    { what: `the contract lenses of ${file}, read` },
  );

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const GAME_ID = 'game.lensdev.near';

describe('contract lens', () => {
  let hadSettingsFile = false;
  const settingsFile = (): vscode.Uri => fixtureUri('.vscode/settings.json');

  let api: NearLensApi;

  before(async () => {
    api = await activateExtension();
    await resetStub();
    // Today's calls to the linked game (the fixture's own are months old): claim twice, once failing, and settle_all.
    await appendStubCalls([
      { contract: GAME_ID, method: 'claim', signer: 'bob.near' },
      { contract: GAME_ID, method: 'claim', panic: 'not your turn' },
      { contract: GAME_ID, method: 'settle_all', signer: 'lensdev.near' },
    ]);
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

  it('above the Rust contract: each method its calls of the day, the newest failure in the tooltip; the deployed code is the crate’s build', async () => {
    await openFixture(GAME);
    assert.deepEqual(await settled(GAME), [
      '17: game.lensdev.near · deployed code = target/near/game_contract.wasm',
      '20: game.lensdev.near · no calls read',
      '24: game.lensdev.near · 2 calls in 24 h · 1 failed',
      '32: game.lensdev.near · 1 call in 24 h',
    ]);
    const claim = (await lensesOf(GAME)).find((l) => l.range.start.line === 24);
    assert.match(claim?.command?.tooltip ?? '', /not your turn/);
    assert.match(claim?.command?.tooltip ?? '', /as of \d\d:\d\d/);
  });

  it('the stub’s calls grow: a read (the 5-minute one, asked for here) redraws the lens with the new figures', async () => {
    await appendStubCalls([
      { contract: GAME_ID, method: 'claim', signer: 'carol.near' },
      { contract: GAME_ID, method: 'claim', panic: 'round is over' },
    ]);
    await vscode.commands.executeCommand('nearLens.contractActivity', { accountId: GAME_ID, refresh: true });
    await waitFor(async () => (await lensTitles(GAME)).includes('24: game.lensdev.near · 4 calls in 24 h · 2 failed') || undefined, {
      what: 'the claim lens with the new calls',
    });
    const claim = (await lensesOf(GAME)).find((l) => l.range.start.line === 24);
    assert.match(claim?.command?.tooltip ?? '', /round is over/, 'the newest failure’s words');
  });

  it('a click on a method’s lens opens the Transactions of that method’s calls, failed ones first', async () => {
    const claim = (await lensesOf(GAME)).find((l) => l.range.start.line === 24);
    assert.equal(claim?.command?.command, 'nearLens.openAccountPanel');
    assert.deepEqual(claim?.command?.arguments, [{ accountId: GAME_ID, transactions: { method: 'claim', failedFirst: true } }]);
    // The panel's posts from the click on: the table the webview draws once its page is ready and the rows are read.
    let table: Record<string, unknown> | undefined;
    const sub = api.panels.onDidPost(GAME_ID, (m) => {
      const t = obj(m)['type'] === 'txs' ? obj(obj(m)['data']) : {};
      if (t['started'] && !t['loading'] && obj(t['pick'])['method'] === 'claim') table = t;
    });
    await vscode.commands.executeCommand(claim.command.command, ...(claim.command.arguments ?? []));
    try {
      await waitFor(() => table, { what: 'the Transactions of claim in the balance panel' });
      if (!table) return;
      assert.deepEqual(table['pick'], { method: 'claim', failedFirst: true });
      const rows = table['rows'] as Array<{ actions: string; status: string }>;
      assert.ok(rows.length >= 4 && rows.every((r) => r.actions === 'claim'), rows.map((r) => r.actions).join(' | '));
      assert.equal(rows[0]?.status, 'failure');
    } finally {
      sub.dispose();
      api.panels.panels.get(GAME_ID)?.panel.dispose();
    }
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

  it('above the TypeScript contract: a method nobody called says so, a view "not on chain"; no build, no build lens', async () => {
    await openFixture(MINT);
    assert.deepEqual(await settled(MINT, false), ['10: mob.near · no calls read', '19: mob.near · view · not on chain']);
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

  it('a network without a transactions API: no call counts, said once on the contract block, nothing sent', async () => {
    const before = vscode.workspace.getConfiguration('nearLens').inspect<string>('customNetwork.txApiUrl')?.globalValue;
    await clearStubRequests();
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    try {
      const titles = await waitFor(async () => ((await lensTitles(MINT)).some((t) => t.includes('no call counts')) ? lensTitles(MINT) : undefined), {
        what: 'the lens that says why there are no counts',
      });
      assert.equal(titles.filter((t) => t.includes('no call counts')).length, 1, titles.join(' | '));
      assert.match(titles.find((t) => t.includes('no call counts')) ?? '', /^4: mob\.near · no call counts: /);
      assert.ok(!titles.some((t) => /calls read|calls in 24 h|reading calls/.test(t)), titles.join(' | '));
      assert.deepEqual(
        (await stubRequests()).filter((r) => r.host === 'tx'),
        [],
      );
    } finally {
      await setUserSetting('nearLens.customNetwork.txApiUrl', before);
    }
  });
});

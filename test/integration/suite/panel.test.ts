// In-editor balance panel: nearLens.openAccountPanel opens a real webview in the workbench (code-server's
// cspSource included), the webview's "ready" handshake gets alice.near's exact figures from the stub, a second
// open reveals the same panel, refresh re-posts from the service, a reloaded webview repaints, and the
// WebviewPanelSerializer revives a panel from the state the webview keeps (support/serializers.ts says why directly).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { webviewSerializer } from '../support/serializers';
import { resetStub, stubFault, stubRequests } from '../support/stubClient';

const ID = 'alice.near';
const VIEW_TYPE = 'nearLens.balancePanel';

type Posted = Awaited<ReturnType<NearLensApi['panels']['waitForPost']>>;
type Model = Extract<Posted, { type: 'account' }>['data'];

function panelTabs(): vscode.Tab[] {
  // The workbench prefixes the extension's viewType (mainThreadWebview-nearLens.balancePanel).
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(VIEW_TYPE));
}

/** A panel of our viewType as the workbench hands one to a serializer, once its tab is there (an earlier dispose races the editor's opening). */
let restoring = 0;
async function restoringPanel(): Promise<vscode.WebviewPanel> {
  const title = `restoring ${++restoring}`;
  const panel = vscode.window.createWebviewPanel(VIEW_TYPE, title, vscode.ViewColumn.Active, {});
  await waitFor(() => panelTabs().some((t) => t.label === title), { what: `the tab of "${title}"` });
  return panel;
}

function modelOf(m: Posted): Model {
  assert.equal(m.type, 'account', JSON.stringify(m).slice(0, 300));
  return (m as Extract<Posted, { type: 'account' }>).data;
}

function fullRequests(reqs: Awaited<ReturnType<typeof stubRequests>>): number {
  return reqs.filter((r) => r.host === 'api' && r.path === `/v1/account/${ID}/full`).length;
}

/** alice.near from test/fixtures/fastnear-v1-account-full-alice.near.json, rpc-call-function.json and fastnear-status.json. */
function assertAliceFigures(d: Model): void {
  assert.equal(d.accountId, ID);
  assert.equal(d.network, 'custom');
  assert.equal(d.exists, true);
  assert.equal(d.accountKind, 'named account under near');
  // balance 1234567800000000000000000000 yocto, locked 0, 26340 bytes × 10^19 = 0.2634 NEAR pinned
  assert.equal(d.total, '1,234.5678 NEAR');
  assert.equal(d.totalExact, '1,234.5678 NEAR');
  assert.deepEqual(
    d.figures.map((f) => [f.label, f.value, f.exact]),
    [
      ['Balance', '1,234.5678 NEAR', '1,234.5678 NEAR'],
      ['Locked', '0 NEAR', '0 NEAR'],
      ['Storage used', '26,340 bytes (25.7 KiB)', ''],
      ['Pinned by storage', '0.2634 NEAR', '0.2634 NEAR'],
      ['Spendable', '1,234.3044 NEAR', '1,234.3044 NEAR'],
    ],
  );
  assert.deepEqual(
    d.bar.map((s) => [s.key, s.amount, s.percent]),
    [
      ['spendable', '1,234.3044 NEAR', '100.0%'],
      ['pinned', '0.2634 NEAR', '<0.1%'],
      ['locked', '0 NEAR', '0.0%'],
    ],
  );
  // meta-pool.near is a liquid-staking provider (24 decimals, stNEAR); USDt has 6 decimals.
  assert.deepEqual(
    d.liquid.map((t) => [t.contractId, t.symbol, t.amount]),
    [['meta-pool.near', 'stNEAR', '5 stNEAR']],
  );
  const usdt = d.tokens.find((t) => t.contractId === 'usdt.tether-token.near');
  assert.deepEqual([usdt?.symbol, usdt?.amount, usdt?.exact, usdt?.lastUpdate], ['USDt', '10.283 USDt', '10.283 USDt', '#131,000,456']);
  assert.equal(d.tokens.find((t) => t.contractId === 'wrap.near')?.amount, 'balance not fetched yet by the indexer');
  assert.equal(d.tokens.find((t) => t.contractId === 'v1.omni.hot.tg')?.amount, 'balance unknown');
  assert.deepEqual(
    d.nfts.map((n) => [n.contractId, n.lastUpdate]),
    [
      ['nearvoucherstore.mintbase1.near', '#118,841,842'],
      ['nft.hot.tg', 'not tracked'],
    ],
  );
  // zavodil: 1000 NEAR staked + 2.5 NEAR unstaked; epic: both zero, listed after the current delegation.
  assert.deepEqual(
    d.pools.map((p) => [p.poolId, p.staked, p.stakedExact, p.unstaked, p.past]),
    [
      ['zavodil.poolv1.near', '1,000 NEAR', '1,000 NEAR', '2.5 NEAR', false],
      ['epic.poolv1.near', '0 NEAR', '0 NEAR', '', true],
    ],
  );
  assert.equal(d.latestActivity, 'block #132,000,789');
  assert.equal(
    d.indexer,
    'Indexer at block #187,310,138, balances at #187,310,130, 1.4 s behind the chain, block time 2025-02-11 06:09:37 UTC, version 0.10.9.',
  );
  assert.deepEqual(d.notes, []);
}

describe('balance panel', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    for (const p of [...api.panels.panels.values()]) p.panel.dispose();
    await vscode.window.tabGroups.close(panelTabs());
    await waitFor(() => panelTabs().length === 0, { what: 'no balance panel tab left' });
    await resetStub();
  });

  it('opens in the workbench and the webview receives the exact figures', async () => {
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const p = api.panels.panels.get(ID);
    assert.ok(p, 'a panel for alice.near');
    // code-server's source list ('self' plus the CDN host) used to make panelHtml throw before the page existed.
    console.log(`      webview.cspSource: ${p.panel.webview.cspSource}`);
    if (vscode.env.appName.includes('code-server')) assert.match(p.panel.webview.cspSource, /'self'/);
    assert.equal(p.panel.viewType, VIEW_TYPE);
    assert.equal(p.panel.title, `NEAR: ${ID}`);
    assert.equal(p.panel.webview.options.enableScripts, true);
    assert.equal(p.panel.webview.options.enableCommandUris, false);
    assert.match(p.panel.webview.html, /Content-Security-Policy/);
    // Posts happen only after the page's script said "ready": this message proves the page loaded and ran in the browser.
    assertAliceFigures(modelOf(await api.panels.waitForPost(ID, 'account')));
    assert.equal(panelTabs().length, 1);
  });

  it('reveals the same panel when opened again', async () => {
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const first = api.panels.panels.get(ID);
    assert.ok(first);
    await api.panels.waitForPost(ID, 'account');
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    assert.equal(api.panels.panels.get(ID), first, 'the same AccountPanel');
    assert.equal(api.panels.panels.size, 1);
    assert.equal(panelTabs().length, 1, 'one panel tab');
    assert.ok(first.panel.visible, 'revealed');
  });

  it('refresh fetches again and re-posts; a failed refresh posts the error, then recovers', async () => {
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const p = api.panels.panels.get(ID);
    assert.ok(p);
    await api.panels.waitForPost(ID, 'account');
    await p.current;
    await resetStub();

    // What the webview's Refresh button triggers ({type:'refresh'} → load(fresh)).
    const loading = api.panels.waitForPost(ID, 'loading');
    const reload = p.load(true);
    await loading;
    const again = api.panels.waitForPost(ID, 'account');
    await reload;
    assertAliceFigures(modelOf(await again));
    assert.equal(fullRequests(await stubRequests()), 1, 'refresh bypasses the cache');

    // Retry-After 0: a longer one would hold the service host (every request fails fast until it has passed), and the
    // recovery below would wait with it.
    await stubFault({ host: 'api', match: `/v1/account/${ID}/full`, fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } } });
    await stubFault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } }); // nothing stands in (#26)
    const failed = api.panels.waitForPost(ID, 'error');
    await p.load(true);
    const err = await failed;
    assert.equal(err.type, 'error');
    assert.match((err as { message: string }).message, /Rate limited by the service/);

    await resetStub();
    const recovered = api.panels.waitForPost(ID, 'account');
    await p.load(true);
    assertAliceFigures(modelOf(await recovered));
  });

  it("one table's Refresh asks its narrow endpoint only (one /ft, no /full); Copy as curl copies the account's look-up (#26)", async () => {
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const p = api.panels.panels.get(ID);
    assert.ok(p);
    const first = modelOf(await api.panels.waitForPost(ID, 'account'));
    await p.current;
    for (const part of ['ft', 'nft', 'staking'] as const) {
      await resetStub();
      // What a table's Refresh button posts.
      const again = api.panels.waitForPost(ID, 'account');
      p.receive({ type: 'refresh', part });
      await p.current;
      const d = modelOf(await again);
      assertAliceFigures(d);
      assert.deepEqual(d.tokens, first.tokens);
      const rest = (await stubRequests()).filter((r) => r.host === 'api').map((r) => r.path);
      assert.deepEqual(rest, [`/v1/account/${ID}/${part}`], `${part}: one request to its endpoint, no /full`);
      const pools = (await stubRequests()).some((r) => r.host === 'rpc' && JSON.stringify(r.body).includes('get_account_staked_balance'));
      assert.equal(pools, part === 'staking', `${part}: the pool amounts are asked again with the pools only`);
    }
    // A failed table refresh keeps the figures under the error, as a whole refresh does.
    await resetStub();
    await stubFault({ host: 'api', match: `/v1/account/${ID}/nft`, fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } } });
    const failed = api.panels.waitForPost(ID, 'error');
    p.receive({ type: 'refresh', part: 'nft' });
    await p.current;
    assert.match(((await failed) as { message: string }).message, /Rate limited by the service/);

    await resetStub();
    await vscode.env.clipboard.writeText('');
    p.receive({ type: 'copyCurl' });
    const apiUrl = api.services.settings.endpoints.apiUrl.replace(/\/+$/, '');
    await waitFor(async () => (await vscode.env.clipboard.readText()) === `curl -s '${apiUrl}/v1/account/${ID}/full'`, {
      what: 'the curl command on the clipboard',
    });
    assert.deepEqual(await stubRequests(), [], 'Copy as curl sends nothing');
  });

  it('the webview repaints from its state and re-asks after a reload (Developer: Reload Webviews)', async () => {
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const p = api.panels.panels.get(ID);
    assert.ok(p);
    await api.panels.waitForPost(ID, 'account');
    await p.current;
    await resetStub();
    const posts: string[] = [];
    const sub = api.panels.onDidPost(ID, (m) => posts.push(m.type));
    try {
      // The iframe is thrown away and its script runs again: only a new "ready" makes the host post again.
      await vscode.commands.executeCommand('workbench.action.webview.reloadWebviewAction');
      await waitFor(() => posts.includes('account'), { what: 'an account message after the webview reloaded', timeoutMs: 10_000 });
    } finally {
      sub.dispose();
    }
    assert.equal(api.panels.panels.get(ID), p, 'the same panel');
    assert.equal(fullRequests(await stubRequests()), 0, 'the host re-posts what it has, without fetching');
    assertAliceFigures(modelOf(api.panels.last(ID) ?? { type: 'loading', accountId: '' }));
  });

  it('is revived by its serializer from the state the webview keeps', async () => {
    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const first = api.panels.panels.get(ID);
    assert.ok(first);
    const model = modelOf(await api.panels.waitForPost(ID, 'account'));
    first.panel.dispose();
    await waitFor(() => !api.panels.panels.has(ID), { what: 'the closed panel to leave the registry' });

    // What the workbench does when a window starts with the panel open: a new panel of our viewType plus the
    // state media/panel.ts saved with setState ({ accountId, data }).
    const serializer = webviewSerializer(VIEW_TYPE);
    const fresh = await restoringPanel();
    await serializer.deserializeWebviewPanel(fresh, { accountId: ID, data: model });
    const revived = api.panels.panels.get(ID);
    assert.ok(revived, 'the serializer adopted the panel');
    assert.equal(revived.panel, fresh);
    assert.equal(fresh.title, `NEAR: ${ID}`);
    // Options are ours again, not whatever the restored panel carried.
    assert.equal(fresh.webview.options.enableScripts, true);
    assert.equal(fresh.webview.options.enableCommandUris, false);
    assertAliceFigures(modelOf(await api.panels.waitForPost(ID, 'account')));
    assert.equal(panelTabs().length, 1);
  });

  it('the serializer disposes panels whose state is not a valid account, or already open', async () => {
    const serializer = webviewSerializer(VIEW_TYPE);
    for (const state of [undefined, {}, { accountId: 'Not An Id!' }, { accountId: ID, data: { forged: true } }]) {
      const bad = await restoringPanel();
      let disposed = false;
      bad.onDidDispose(() => (disposed = true));
      await serializer.deserializeWebviewPanel(bad, state);
      assert.ok(disposed, `disposed for state ${JSON.stringify(state)}`);
      assert.equal(api.panels.panels.has(ID), false);
    }

    await vscode.commands.executeCommand('nearLens.openAccountPanel', ID);
    const open = api.panels.panels.get(ID);
    assert.ok(open);
    const twin = await restoringPanel();
    let twinDisposed = false;
    twin.onDidDispose(() => (twinDisposed = true));
    await serializer.deserializeWebviewPanel(twin, { accountId: ID });
    assert.ok(twinDisposed, 'a second panel for an open account is closed');
    assert.equal(api.panels.panels.get(ID), open);
    await waitFor(() => panelTabs().length === 1, { what: 'one panel tab' });
  });
});

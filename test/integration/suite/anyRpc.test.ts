// In-editor (#26): any NEAR RPC is enough. An RPC-only custom network (the stub's REST paths answering 404) on the
// hover, the tree and the panel with zero REST requests; Local node… against the stub (and back to the custom network
// it replaced) and a closed port; the REST API's bad hour (503) answered from RPC on hover, tree and panel; the narrow
// /ft endpoint; one key per provider.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, hoverText, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { clearStubRequests, resetStub, setStubRpcOnly, stubFault, stubRequests, stubUrls } from '../support/stubClient';
import type { HostMessage } from '../../../src/features/panel/protocol';

const LOCAL = 'alice.test.near';
// Made-up keys (arithmetic sequences), never real ones.
const FASTNEAR = 'fk_0123456789abcdef';
const CUSTOM = 'ck_13579bdf02468ace';

/** The hover at the id in an untitled document, markdown escapes removed. */
async function hover(id: string): Promise<string> {
  const doc = await vscode.workspace.openTextDocument({ content: `const owner = "${id}";\n`, language: 'typescript' });
  const raw = await hoverText(doc.uri, new vscode.Position(0, 17));
  return raw.replace(/\\(.)/g, '$1');
}

describe('any NEAR RPC is enough (#26)', function () {
  this.timeout(30_000);
  let api: NearLensApi;
  const cfg = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('nearLens');
  let watchlist: unknown;

  before(async () => {
    api = await activateExtension();
    watchlist = cfg().inspect('watchlist')?.globalValue;
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    const urls = stubUrls();
    for (const p of [...api.panels.panels.values()]) p.panel.dispose();
    await setStubRpcOnly(false);
    await setUserSetting('nearLens.network', 'custom');
    await setUserSetting('nearLens.customNetwork.apiUrl', urls.apiUrl);
    await setUserSetting('nearLens.customNetwork.rpcUrl', urls.rpcUrl);
    await setUserSetting('nearLens.customNetwork.archivalRpcUrl', urls.archivalRpcUrl);
    await setUserSetting('nearLens.customNetwork.txApiUrl', urls.txApiUrl);
    await setUserSetting('nearLens.customNetwork.explorerUrl', undefined);
    await setUserSetting('nearLens.watchlist', watchlist);
    // New clients (a REST cooldown of this file must not reach the next one), the cache dropped.
    await setUserSetting('nearLens.requestTimeoutMs', 9_000);
    await setUserSetting('nearLens.requestTimeoutMs', undefined);
    await waitFor(() => api.services.settings.endpoints.apiUrl === urls.apiUrl, { what: 'the stub custom network back' });
    await resetStub();
  });

  async function rpcOnly(): Promise<void> {
    await setStubRpcOnly(true);
    await setUserSetting('nearLens.customNetwork.apiUrl', undefined);
    await waitFor(() => api.services.settings.endpoints.apiUrl === '' && !api.services.settings.configError, { what: 'an RPC-only custom network' });
    await clearStubRequests();
  }

  it('hover, tree and panel on an RPC-only custom network: exact native figures, "no indexer" in a word, zero REST requests', async () => {
    await rpcOnly();
    const text = await hover(LOCAL);
    // view_account amount 99999998776381849800000000 yocto = 99.99999 NEAR (5 decimals shown), every digit beside it;
    // 182 bytes of storage.
    assert.ok(text.includes('Balance: 99.99999 NEAR (exactly 99.9999987763818498)'), text);
    assert.ok(text.includes('Storage: 182 bytes'), text);
    assert.match(text, /Tokens, NFTs, staking pools: _no indexer on this network_/);
    // A node is named by its host, once: "local · 127.0.0.1:<port> · RPC", as the status bar names it.
    assert.match(text, /_local · 127\.0\.0\.1:\d+ · RPC_/);
    assert.doesNotMatch(text, /custom/);
    assert.doesNotMatch(text, /unavailable|failed|error/i);

    await setUserSetting('nearLens.watchlist', [LOCAL]);
    await waitFor(() => api.watchlist.provider.getChildren().some((n) => n.accountId === LOCAL), { what: 'the local account in the tree' });
    const root = api.watchlist.provider.getChildren().find((n) => n.accountId === LOCAL)!;
    api.watchlist.provider.getTreeItem(root);
    await api.watchlist.whenIdle();
    const kids = api.watchlist.provider.getChildren(root).map((n) => [n.label, n.description]);
    assert.deepEqual(kids[0], ['Tokens, NFTs, pools', 'no indexer on this network']);
    assert.ok(!kids.some(([l]) => /^(Fungible tokens|NFT collections|Staking pools)/.test(String(l))), JSON.stringify(kids));
    assert.equal(api.watchlist.provider.getTreeItem(root).description, '99.99999 NEAR');
    const tip = api.watchlist.provider.getTreeItem(root).tooltip;
    assert.match(typeof tip === 'string' ? tip : (tip?.value ?? ''), /^alice\.test\.near — local · 127\.0\.0\.1:\d+$/m);

    await vscode.commands.executeCommand('nearLens.openAccountPanel', LOCAL);
    const msg = (await api.panels.waitForPost(LOCAL, 'account')) as Extract<HostMessage, { type: 'account' }>;
    assert.equal(msg.data.lists, 'no indexer on this network');
    assert.equal(msg.data.total, '99.99999 NEAR');
    assert.deepEqual(msg.data.notes, []);
    assert.match(msg.data.network, /^local · 127\.0\.0\.1:\d+$/);
    // "no indexer" once in the panel (where the tables would be), the footer says where the state came from.
    assert.equal(msg.data.indexer, 'State read over RPC (view_account).');
    assert.equal(JSON.stringify(msg.data).match(/no indexer/gi)?.length, 1, JSON.stringify(msg.data));

    assert.deepEqual(
      (await stubRequests()).filter((r) => r.host === 'api'),
      [],
      'no REST request',
    );
  });

  it('Local node… against the stub: chain and head shown, the custom network written as the node and nothing else', async () => {
    const { rpcUrl } = stubUrls();
    // The custom network before it had every service (the stub's REST, archival and transactions API) and an explorer.
    await setUserSetting('nearLens.customNetwork.explorerUrl', 'https://explorer.example/{accountId}');
    await waitFor(() => api.services.settings.endpoints.txApiUrl !== undefined && api.services.settings.explorer.custom !== '', {
      what: 'a full custom network',
    });
    await clearStubRequests();
    const r = await vscode.commands.executeCommand<{ chainId: string; height: number } | undefined>('nearLens.switchNetwork', { local: rpcUrl, show: false });
    assert.deepEqual(r, { chainId: 'testnet', height: 187310138 });
    await waitFor(() => api.services.settings.endpoints.apiUrl === '' && api.services.settings.endpoints.txApiUrl === undefined, {
      what: 'the custom network written as the node alone',
    });
    assert.equal(api.services.settings.network, 'custom');
    assert.deepEqual(api.services.settings.endpoints, { apiUrl: '', rpcUrl, archivalRpcUrl: rpcUrl });
    assert.equal(api.services.settings.explorer.custom, '');
    for (const k of ['apiUrl', 'archivalRpcUrl', 'txApiUrl', 'explorerUrl']) assert.equal(cfg().inspect(`customNetwork.${k}`)?.globalValue, undefined, k);
    const sent = await stubRequests();
    assert.deepEqual(
      sent.map((x) => [x.host, (x.body as { method?: string }).method]),
      [['rpc', 'status']],
    );
    assert.equal(sent[0]?.headers['authorization'], undefined, 'no key to a node');

    // The way back (#45): the custom network the node replaced was kept; 'restore' writes every URL of it again, and
    // the transactions API answers again.
    const urls = stubUrls();
    assert.equal(await vscode.commands.executeCommand('nearLens.switchNetwork', 'restore'), 'custom');
    await waitFor(() => api.services.settings.endpoints.txApiUrl === urls.txApiUrl && api.services.settings.explorer.custom !== '', {
      what: 'the custom network back, every URL',
    });
    assert.deepEqual(api.services.settings.endpoints, {
      apiUrl: urls.apiUrl,
      rpcUrl: urls.rpcUrl,
      archivalRpcUrl: urls.archivalRpcUrl,
      txApiUrl: urls.txApiUrl,
    });
    assert.equal(cfg().inspect('customNetwork.explorerUrl')?.globalValue, 'https://explorer.example/{accountId}');
    const page = await vscode.commands.executeCommand<{ transactions: unknown[]; count?: number }>('nearLens.accountTransactions', {
      id: 'history.near',
      show: false,
    });
    assert.equal(page?.transactions.length, 20);
    assert.equal(page?.count, 47);
  });

  it('after Local node…, a hash hover sends nothing to a transactions host and names the local node', async () => {
    const { rpcUrl } = stubUrls();
    await vscode.commands.executeCommand('nearLens.switchNetwork', { local: rpcUrl, show: false });
    await waitFor(() => api.services.settings.endpoints.txApiUrl === undefined && api.services.settings.endpoints.apiUrl === '', { what: 'the node alone' });
    await clearStubRequests();
    const hash = '8atrNKVjrbbqNbLVBA7rpXmWVcbFqMz5Q7zx67XXFJeS';
    const doc = await vscode.workspace.openTextDocument({ content: `tx ${hash} in a log line of the local node\n`, language: 'plaintext' });
    const text = (await hoverText(doc.uri, new vscode.Position(0, 10))).replace(/\\(.)/g, '$1');
    const name = `local · ${new URL(rpcUrl).host}`;
    assert.ok(text.includes(`on ${name}`), text);
    assert.doesNotMatch(text, /on custom\b/);
    assert.deepEqual(
      (await stubRequests()).filter((x) => x.host === 'tx'),
      [],
      'nothing to a transactions host',
    );
  });

  it('Local node… against a closed port: nothing is written, and it says how to start a node', async () => {
    const before = JSON.stringify(api.services.settings.endpoints);
    const warned: string[] = [];
    const original = vscode.window.showWarningMessage;
    vscode.window.showWarningMessage = (async (m: string) => void warned.push(m)) as typeof vscode.window.showWarningMessage;
    try {
      const r = await vscode.commands.executeCommand('nearLens.switchNetwork', { local: 'http://127.0.0.1:9' });
      assert.equal(r, undefined);
    } finally {
      vscode.window.showWarningMessage = original;
    }
    assert.match(warned[0] ?? '', /^NEAR Lens: Nothing answers at 127\.0\.0\.1:9: .* Start one with near-sandbox/);
    assert.equal(JSON.stringify(api.services.settings.endpoints), before);
  });

  it('REST API answering 503: hover, tree and panel show the state from RPC, said so', async () => {
    api.services.clientForAccount('root.near').client.accounts.invalidate();
    await stubFault({ host: 'api', fault: { kind: 'status', status: 503 } });
    const text = await hover('root.near');
    // view_account amount 5012345678901234567890123 yocto = 5.01234 NEAR
    assert.ok(text.includes('Balance: 5.01234 NEAR'), text);
    assert.match(text, /State from RPC; tokens unavailable: REST API HTTP 503/);
    assert.match(text, /· RPC_/);
    assert.doesNotMatch(text, /Live data unavailable/);

    await setUserSetting('nearLens.watchlist', ['root.near']);
    await waitFor(() => api.watchlist.provider.getChildren().some((n) => n.accountId === 'root.near'), { what: 'root.near in the tree' });
    const root = api.watchlist.provider.getChildren().find((n) => n.accountId === 'root.near')!;
    api.watchlist.provider.getTreeItem(root);
    await api.watchlist.whenIdle();
    const first = api.watchlist.provider.getChildren(root)[0];
    assert.deepEqual([first?.label, first?.description], ['State from RPC', 'tokens unavailable: REST API HTTP 503']);

    await vscode.commands.executeCommand('nearLens.openAccountPanel', 'root.near');
    const msg = (await api.panels.waitForPost('root.near', 'account')) as Extract<HostMessage, { type: 'account' }>;
    assert.match(msg.data.notes[0] ?? '', /^State from RPC; tokens unavailable: REST API HTTP 503/);
    assert.equal(msg.data.total, '5.01234 NEAR');
  });

  it("lookupAccount { part: 'ft' } sends one /ft request and returns the exact list", async () => {
    api.services.clientForAccount('alice.near').client.accounts.invalidate();
    await clearStubRequests();
    const list = await vscode.commands.executeCommand<Array<{ contractId: string; balance: { status: string; raw?: bigint } }>>('nearLens.lookupAccount', {
      id: 'alice.near',
      part: 'ft',
      show: false,
    });
    assert.equal(list?.length, 4);
    assert.ok(list?.every((t) => t.balance.status !== 'known' || typeof t.balance.raw === 'bigint'));
    assert.deepEqual(
      (await stubRequests()).map((r) => `${r.host} ${r.path}`),
      ['api /v1/account/alice.near/ft'],
    );
  });

  it('one key per provider: a FastNEAR key never reaches the custom network; its own key does', async () => {
    await setUserSetting('nearLens.network', 'mainnet');
    await waitFor(() => api.services.settings.network === 'mainnet');
    assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey', FASTNEAR), true); // sends nothing
    await setUserSetting('nearLens.network', 'custom');
    await waitFor(() => api.services.settings.network === 'custom');
    try {
      assert.equal(api.services.hasApiKey, false, 'the custom network has no key of its own yet');
      await clearStubRequests();
      api.services.clientForAccount('alice.near').client.accounts.invalidate();
      await hover('alice.near');
      const plain = await stubRequests();
      assert.ok(plain.length > 0);
      assert.ok(
        plain.every((r) => r.headers['authorization'] === undefined && r.query['apiKey'] === undefined),
        'the FastNEAR key went to the custom network',
      );
      assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey', CUSTOM), true);
      await waitFor(() => api.services.hasApiKey);
      await clearStubRequests();
      api.services.clientForAccount('alice.near').client.accounts.invalidate();
      await hover('alice.near');
      const keyed = await stubRequests();
      assert.ok(
        keyed.length > 0 && keyed.every((r) => r.headers['authorization'] === `Bearer ${CUSTOM}`),
        JSON.stringify(keyed.map((r) => r.headers['authorization'])),
      );
    } finally {
      await vscode.commands.executeCommand('nearLens.clearApiKey'); // the custom network's
      await setUserSetting('nearLens.network', 'mainnet');
      await waitFor(() => api.services.settings.network === 'mainnet');
      await vscode.commands.executeCommand('nearLens.clearApiKey'); // FastNEAR's
      await setUserSetting('nearLens.network', 'custom');
    }
  });

  it('Copy as curl on an account: /full (or view_account on RPC only) for the network in use, the key as its variable, never its value', async () => {
    const copy = (arg: unknown): Thenable<string | undefined> => vscode.commands.executeCommand<string | undefined>('nearLens.copyAsCurl', arg);
    const urls = stubUrls();
    await clearStubRequests();
    // The custom network (the stub), no key: the REST look-up, no key in the command.
    assert.equal(await copy({ accountId: 'alice.near' }), `curl -s '${urls.apiUrl.replace(/\/+$/, '')}/v1/account/alice.near/full'`);
    assert.equal(await vscode.env.clipboard.readText(), `curl -s '${urls.apiUrl.replace(/\/+$/, '')}/v1/account/alice.near/full'`);
    // Its own key: $NEAR_LENS_CUSTOM_API_KEY; a watchlist node (its context menu) names the account the same way.
    assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey', CUSTOM), true);
    try {
      await waitFor(() => api.services.hasApiKey);
      const node = { id: 'alice.near', kind: 'account', accountId: 'alice.near', label: 'alice.near', children: [] };
      const keyed = await copy(node);
      assert.equal(keyed, `curl -s '${urls.apiUrl.replace(/\/+$/, '')}/v1/account/alice.near/full' -H "Authorization: Bearer $NEAR_LENS_CUSTOM_API_KEY"`);
      await setUserSetting('nearLens.auth.transport', 'query');
      await waitFor(() => api.services.settings.transport === 'query');
      assert.match((await copy({ accountId: 'alice.near' })) ?? '', /\/v1\/account\/alice\.near\/full\?apiKey=\$NEAR_LENS_CUSTOM_API_KEY"$/);
      await setUserSetting('nearLens.auth.transport', undefined);
      // RPC only: view_account over JSON-RPC to the node.
      await rpcOnly();
      const rpc = await copy({ accountId: LOCAL });
      assert.equal(
        rpc,
        `curl -s '${new URL(urls.rpcUrl).href}' -H "Authorization: Bearer $NEAR_LENS_CUSTOM_API_KEY" -X POST -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":"near-lens","method":"query","params":{"request_type":"view_account","account_id":"${LOCAL}","finality":"final"}}'`,
      );
      assert.equal(await vscode.env.clipboard.readText(), rpc);
      for (const text of [keyed, rpc]) assert.ok(!text?.includes(CUSTOM), 'the key value is never in the command');
    } finally {
      await setUserSetting('nearLens.auth.transport', undefined);
      await vscode.commands.executeCommand('nearLens.clearApiKey');
    }
    // Mainnet with a FastNEAR key: its REST host and $FASTNEAR_API_KEY.
    await setUserSetting('nearLens.network', 'mainnet');
    await waitFor(() => api.services.settings.network === 'mainnet');
    assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey', FASTNEAR), true);
    try {
      await waitFor(() => api.services.hasApiKey);
      const text = await copy({ accountId: 'alice.near' });
      assert.equal(text, `curl -s 'https://api.fastnear.com/v1/account/alice.near/full' -H "Authorization: Bearer $FASTNEAR_API_KEY"`);
      assert.ok(!(await vscode.env.clipboard.readText()).includes(FASTNEAR));
      // A bad id: said, nothing copied.
      assert.equal(await copy({ accountId: 'Bad..Id' }), undefined);
    } finally {
      await vscode.commands.executeCommand('nearLens.clearApiKey');
      await setUserSetting('nearLens.network', 'custom');
    }
    assert.deepEqual(await stubRequests(), [], 'Copy as curl sends nothing');
  });
});

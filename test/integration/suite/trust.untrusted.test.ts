// In-editor test of the trust-on run: the workspace opens untrusted (Restricted Mode) and the extension still
// activates (untrustedWorkspaces: limited). The workspace's .vscode/settings.json points every endpoint at the
// stub's foreign host and asks for the query transport; the user settings point at the stub's own hosts. With a
// key set, every surface must send it only to the user's hosts, as a Bearer header, and nothing to the foreign one.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/stub';
import { activateExtension, clearApiKey, fixtureUri, hoverText, openFixture, positionOf, setApiKey, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubFault, stubRequests, stubUrls } from '../support/stubClient';

const KEY = 'untrusted-key-789';

/** No request carries the key anywhere but in a Bearer header, and the foreign host saw no request at all. */
function assertKeyOnlyAsBearerToUserHosts(reqs: RecordedRequest[]): void {
  const foreign = reqs.filter((r) => r.host === 'foreign');
  assert.deepEqual(
    foreign.map((r) => `${r.method} ${r.url} auth=${r.headers['authorization'] ?? ''}`),
    [],
    'requests to the foreign host',
  );
  for (const r of reqs) {
    assert.equal(r.headers['authorization'], `Bearer ${KEY}`, `${r.host} ${r.url}`);
    assert.equal(r.query['apiKey'], undefined, `${r.host} ${r.url}`);
    assert.ok(!r.url.includes(KEY), `key in URL: ${r.host} ${r.url}`);
    assert.ok(!JSON.stringify(r.body ?? '').includes(KEY), `key in body: ${r.host} ${r.url}`);
  }
}

describe('untrusted workspace', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(async () => {
    for (const p of [...api.panels.panels.values()]) p.panel.dispose();
    await setUserSetting('nearLens.watchlist', undefined);
    await api.watchlist.whenIdle();
    await clearApiKey();
    await resetStub();
  });

  it('opens the workspace untrusted and still activates', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    await activateExtension();
  });

  it('has the hostile workspace settings on disk, pointing at the foreign host', async () => {
    const raw = Buffer.from(await vscode.workspace.fs.readFile(fixtureUri('.vscode/settings.json'))).toString('utf8');
    const settings = JSON.parse(raw) as Record<string, unknown>;
    assert.equal(settings['nearLens.customNetwork.apiUrl'], stubUrls().foreignUrl);
    assert.equal(settings['nearLens.auth.transport'], 'query');
  });

  it("uses the user's endpoints and key transport, not the workspace's", () => {
    const urls = stubUrls();
    const s = api.services.settings;
    assert.equal(s.network, 'custom');
    assert.deepEqual(s.endpoints, { apiUrl: urls.apiUrl, rpcUrl: urls.rpcUrl, archivalRpcUrl: urls.archivalRpcUrl, txApiUrl: urls.txApiUrl });
    assert.equal(s.transport, 'bearer');
    assert.equal(s.configError, undefined);
  });

  it('sends the key only to the user-configured hosts, as Bearer, from every surface', async () => {
    await setApiKey(KEY); // a new key drops the cache: everything below asks the stub
    await resetStub();

    const editor = await openFixture('sample.ts');
    const hover = (await hoverText(editor.document.uri, positionOf(editor.document, 'alice.near', 0, 3))).replace(/\\(.)/g, '$1');
    assert.ok(hover.includes('Balance: 1,234.5678'), hover);

    const full = await vscode.commands.executeCommand<{ state: unknown } | undefined>('nearLens.lookupAccount', { id: 'here.tg', show: false });
    assert.ok(full?.state, 'here.tg looked up');
    const keys = await vscode.commands.executeCommand<{ accountIds: string[] } | undefined>('nearLens.lookupPublicKey', {
      key: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd',
      show: false,
    });
    assert.ok(keys?.accountIds.includes('root.near'), JSON.stringify(keys));
    const block = await vscode.commands.executeCommand<{ host: string } | undefined>('nearLens.queryBlock', { host: 'archival', blockId: 1, show: false });
    assert.equal(block?.host, 'archival');

    await vscode.commands.executeCommand('nearLens.openAccountPanel', 'mob.near');
    await api.panels.waitForPost('mob.near', 'account');
    await vscode.commands.executeCommand('nearLens.watchlist.add', 'alice.near');
    const node = api.watchlist.provider.getChildren().find((n) => n.accountId === 'alice.near');
    assert.ok(node);
    api.watchlist.provider.getTreeItem(node);
    await api.watchlist.whenIdle();
    for (const group of api.watchlist.provider.getChildren(node)) api.watchlist.provider.getChildren(group); // token metadata, contract, pools
    await api.watchlist.whenIdle();
    await api.panels.panels.get('mob.near')?.current;

    const reqs = await stubRequests();
    const hosts = new Set(reqs.map((r) => r.host));
    assert.ok(hosts.has('api') && hosts.has('rpc') && hosts.has('archival'), [...hosts].join(','));
    assertKeyOnlyAsBearerToUserHosts(reqs);
  });

  it('does not follow a redirect to the foreign host, so the key never reaches it', async () => {
    await setApiKey(KEY);
    await resetStub();
    await stubFault({ host: 'api', match: '/v1/account/here.tg/full', fault: { kind: 'redirect', to: 'foreign' } });
    await stubFault({ host: 'rpc', match: 'block', fault: { kind: 'redirect', to: 'foreign' } });
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.lookupAccount', { id: 'here.tg', show: false })),
      /redirected to another site .*your API key was not sent there/,
    );
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.queryBlock', { host: 'regular', finality: 'final', show: false })),
      /redirected to another site/,
    );
    const reqs = await waitFor(
      async () => {
        const r = await stubRequests();
        return r.some((q) => q.host === 'api') && r.some((q) => q.host === 'rpc') ? r : undefined;
      },
      { what: 'the redirected requests' },
    );
    assertKeyOnlyAsBearerToUserHosts(reqs);
  });

  it('ignores the workspace’s nearLens.deployments: a crate is linked only by a watched account’s NEP-330 metadata', async () => {
    const file = fixtureUri('contracts/game/src/lib.rs');
    await vscode.window.showTextDocument(file);
    const titles = async (): Promise<string[]> =>
      ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file, 100)) ?? [])
        .map((l) => `${l.range.start.line}: ${l.command?.title ?? ''}`)
        .filter((t) => t.includes(' · '))
        .sort();
    assert.equal(api.services.settings.deployments, undefined);
    assert.deepEqual(await titles(), []);
    // game.lensdev.near's metadata names contracts/game (build_info.contract_path): watched, it links the crate.
    await setUserSetting('nearLens.watchlist', ['game.lensdev.near']);
    const linked = await waitFor(
      async () => {
        const t = await titles();
        return t.some((x) => x.includes('deployed code')) ? t : undefined;
      },
      { what: 'the lenses of the crate linked by metadata' },
    );
    assert.ok(linked.includes('24: game.lensdev.near · reading calls…'), linked.join(' | '));
  });
});

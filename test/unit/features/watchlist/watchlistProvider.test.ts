// The watchlist TreeDataProvider outside VS Code: a minimal fake `vscode` module, a real NearClient and the loopback stub service.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { loadWithFakeVscode } from '../../../support/fakeVscode';
import { createFakeEditor } from '../../../support/fakeEditor';
import { EventEmitter } from '../../../support/fakeVscodeApi';
import { startStub } from '../../../support/stub';
import type { Stub } from '../../../support/stub';
import { NearClient } from '../../../../src/client/client';
import { TtlCache } from '../../../../src/client/cache';
import type { WatchNode } from '../../../../src/features/watchlist/model/watchlistNodes';
import type * as WatchlistModule from '../../../../src/features/watchlist/treeProvider';
import type { Services, Settings } from '../../../../src/platform/services';
import { accountIdFromArgument } from '../../../../src/ui/accountArgs';

// ---------------------------------------------------------------- a fake `vscode` with what the provider uses

const fakeVscode = createFakeEditor().vscode;

const FAKE_ID = '\0fake-vscode';

function loadWatchlist(): typeof WatchlistModule {
  return loadWithFakeVscode<typeof WatchlistModule>(fakeVscode, FAKE_ID, path.join(__dirname, '../../../../src/features/watchlist/treeProvider'));
}

// ---------------------------------------------------------------- services over the stub

function makeServices(stub: Stub, watchlist: string[]): Services & { changed: EventEmitter<void>; settingsRef: { current: Settings }; warnings: string[] } {
  const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
  const client = new NearClient({ endpoints, cache: new TtlCache(), retries: 0, retryBaseMs: 1, timeoutMs: 3000 });
  const settingsRef = {
    current: {
      network: 'mainnet',
      endpoints,
      configError: undefined,
      transport: 'bearer',
      hoverEnabled: true,
      hoverLookups: true,
      decimals: 5,
      liquidStakingProviders: ['meta-pool.near', 'linear-protocol.near', 'lst.rhealab.near'],
      nftPublisher: undefined,
      timeoutMs: 3000,
      watchlist,
      refreshIntervalSeconds: 0,
      explorer: { mainnet: 'https://nearblocks.io/address/{accountId}', testnet: 'https://testnet.nearblocks.io/address/{accountId}' },
    } as Settings,
  };
  const changed = new EventEmitter<void>();
  const warnings: string[] = [];
  const log = { warn: (m: string) => warnings.push(m), info: () => undefined, error: (m: string) => warnings.push(m) };
  return {
    changed,
    settingsRef,
    warnings,
    get settings() {
      return settingsRef.current;
    },
    onDidChange: changed.event,
    hasApiKey: false,
    clientForAccount: () => ({ client, network: 'mainnet', name: 'mainnet' }),
    clientForNetwork: () => ({ client, network: 'mainnet', name: 'mainnet' }),
    explorerUrl: (id: string) => `https://nearblocks.io/address/${id}`,
    log: log as unknown as Services['log'],
    dispose: () => undefined,
  } as Services & { changed: EventEmitter<void>; settingsRef: { current: Settings }; warnings: string[] };
}

function find(nodes: readonly WatchNode[], labelStart: string): WatchNode {
  const n = nodes.find((x) => x.label.startsWith(labelStart));
  assert.ok(n, `no "${labelStart}" in ${nodes.map((x) => x.label).join(' | ')}`);
  return n;
}

describe('watchlist provider (fake vscode, stub service)', function () {
  this.timeout(15_000);
  let stub: Stub;
  let W: typeof WatchlistModule;

  before(async () => {
    W = loadWatchlist();
    stub = await startStub();
  });
  after(async () => {
    await stub.close();
  });
  beforeEach(() => {
    stub.clearFaults();
    stub.clearRequests();
  });

  it('fetches nothing until an item is shown, then loads /full once', async () => {
    const services = makeServices(stub, ['alice.near', 'nobody.near']);
    const p = new W.WatchlistProvider(services);
    const roots = p.getChildren();
    assert.deepEqual(
      roots.map((r) => r.label),
      ['alice.near', 'nobody.near'],
    );
    assert.equal(stub.requests.length, 0);
    const fires: Array<WatchNode | undefined> = [];
    p.onDidChangeTreeData((n) => fires.push(n));
    const item = p.getTreeItem(roots[0]!);
    assert.equal(item.id, 'alice.near');
    assert.equal(item.contextValue, 'nearLens.account');
    p.getTreeItem(roots[0]!); // shown twice: still one request
    await p.whenIdle();
    assert.equal(stub.requests.filter((r) => r.path.endsWith('/full')).length, 1);
    // The root object is stable: VS Code can refresh it by identity.
    assert.ok(fires.includes(roots[0]));
    assert.equal(p.getChildren()[0], roots[0]);
    assert.equal(roots[0]!.description, '1,234.5678 NEAR');
    p.getTreeItem(roots[1]!);
    await p.whenIdle();
    assert.deepEqual(
      p.getChildren(roots[1]).map((c) => c.label),
      ['No such account on mainnet'],
    );
  });

  it('loads metadata, contract and pool balances lazily when their groups expand', async () => {
    const services = makeServices(stub, ['alice.near']);
    const p = new W.WatchlistProvider(services);
    const [root] = p.getChildren();
    p.getTreeItem(root!);
    await p.whenIdle();
    const groups = p.getChildren(root);
    assert.equal(stub.requests.filter((r) => r.host !== 'api').length, 0, 'no RPC before expansion');

    p.getChildren(find(groups, 'Fungible'));
    await p.whenIdle();
    const tokens = p.getChildren(find(p.getChildren(root), 'Fungible'));
    assert.equal(find(tokens, 'meta-pool.near').description, '5 stNEAR · liquid staking');
    assert.equal(find(tokens, 'usdt.tether-token.near').description, '10.283 USDt');

    p.getChildren(find(groups, 'Contract'));
    await p.whenIdle();
    const contract = p.getChildren(find(p.getChildren(root), 'Contract'));
    assert.deepEqual(
      contract.map((c) => c.label),
      ['No contract code', 'Full-access keys (1)', 'Function-call keys (1)'],
    );

    p.getChildren(find(groups, 'Staking'));
    await p.whenIdle();
    const pools = p.getChildren(find(p.getChildren(root), 'Staking'));
    assert.deepEqual(
      pools.map((c) => [c.label, c.description]),
      [
        ['zavodil.poolv1.near', '1,000 NEAR staked · 2.5 NEAR unstaked'],
        ['Past pools (1)', 'nothing delegated now'],
      ],
    );
    // A second expansion uses what is loaded.
    const before = stub.requests.length;
    p.getChildren(find(p.getChildren(root), 'Staking'));
    p.getChildren(find(p.getChildren(root), 'Contract'));
    p.getChildren(find(p.getChildren(root), 'Fungible'));
    await p.whenIdle();
    assert.equal(stub.requests.length, before);
  });

  it('keeps the last good data with an error line when a refresh fails, then recovers', async () => {
    const services = makeServices(stub, ['alice.near']);
    const p = new W.WatchlistProvider(services);
    const [root] = p.getChildren();
    p.getTreeItem(root!);
    await p.whenIdle();
    stub.fault({ host: 'api', match: /full/, fault: { kind: 'status', status: 429 }, times: 1 });
    stub.fault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503 }, times: 1 }); // nothing stands in
    await p.refresh('alice.near');
    assert.match(root!.description ?? '', /^1,234\.5678 NEAR · refresh failed$/);
    const kids = p.getChildren(root);
    assert.equal(kids[0]?.kind, 'error');
    assert.match(kids[0]?.label ?? '', /^Refresh failed: /);
    assert.equal(kids[1]?.label, 'State');
    assert.ok(services.warnings.some((w) => w.includes('rate-limited')));
    await p.refresh('alice.near');
    assert.equal(root!.description, '1,234.5678 NEAR');
    assert.equal(p.getChildren(root)[0]?.label, 'State');
  });

  it('a first failure is an item, an invalid id is never sent', async () => {
    const services = makeServices(stub, ['alice.near', 'Bad..Id']);
    const p = new W.WatchlistProvider(services);
    stub.fault({ host: 'api', match: /full/, fault: { kind: 'html' }, times: 1 });
    stub.fault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503 }, times: 1 });
    const roots = p.getChildren();
    for (const r of roots) p.getTreeItem(r);
    await p.whenIdle();
    assert.equal(roots[0]!.description, 'failed');
    assert.match(p.getChildren(roots[0])[0]?.label ?? '', /^Failed: /);
    assert.equal(roots[1]!.description, 'invalid id');
    assert.ok(stub.requests.every((r) => !r.path.includes('Bad')));
  });

  it('follows the setting: removed accounts disappear, new ones appear', async () => {
    const services = makeServices(stub, ['alice.near']);
    const p = new W.WatchlistProvider(services);
    const fires: Array<WatchNode | undefined> = [];
    p.onDidChangeTreeData((n) => fires.push(n));
    p.getChildren();
    services.settingsRef.current = { ...services.settingsRef.current, watchlist: ['mob.near'] };
    p.reset();
    assert.ok(fires.includes(undefined));
    assert.deepEqual(
      p.getChildren().map((r) => r.label),
      ['mob.near'],
    );
    assert.equal(p.entry('alice.near'), undefined);
  });

  it('parses command arguments into account ids', () => {
    assert.equal(accountIdFromArgument('alice.near'), 'alice.near');
    assert.equal(accountIdFromArgument({ accountId: 'bob.near', kind: 'account' }), 'bob.near');
    assert.equal(accountIdFromArgument(42), undefined);
    assert.equal(accountIdFromArgument(null), undefined);
  });
});

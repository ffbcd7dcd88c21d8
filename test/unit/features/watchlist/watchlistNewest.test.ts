// The watchlist keeps the newest answer of each slot: an older pool or contract load that arrives last (or fails late) changes nothing.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { loadWithFakeVscode } from '../../../support/fakeVscode';
import { createFakeEditor } from '../../../support/fakeEditor';
import { EventEmitter } from '../../../support/fakeVscodeApi';
import { normaliseFull } from '../../../../src/near/account';
import { NearLensError } from '../../../../src/base/errors';
import type { WatchNode } from '../../../../src/features/watchlist/model/watchlistNodes';
import type * as WatchlistModule from '../../../../src/features/watchlist/treeProvider';
import type { Services } from '../../../../src/platform/services';
import { NearClient } from '../../../../src/client/client';
import { TtlCache } from '../../../../src/client/cache';
import { startStub } from '../../../support/stub';

let W: typeof WatchlistModule;
const loadW = (): void => {
  W ??= loadWithFakeVscode<typeof WatchlistModule>(
    createFakeEditor().vscode,
    '\0fake-vscode-watchlist-newest',
    path.join(__dirname, '../../../../src/features/watchlist/treeProvider'),
  );
};
const NEAR = 10n ** 24n;
const FULL = normaliseFull({
  account_id: 'alice.near',
  state: { balance: String(10n * NEAR), locked: '0', storage_bytes: 100 },
  tokens: [],
  nfts: [],
  pools: [{ pool_id: 'zavodil.poolv1.near', last_update_block_height: 1 }],
});

interface Deferred {
  resolve(v: bigint): void;
  reject(e: unknown): void;
}

function setup(): { p: WatchlistModule.WatchlistProvider; staked: Deferred[] } {
  const staked: Deferred[] = [];
  const client = {
    endpoints: { apiUrl: 'https://api.example', rpcUrl: 'https://rpc.example', archivalRpcUrl: 'https://arch.example' },
    accounts: { full: async () => FULL },
    rpc: {
      stakedBalance: () => new Promise<bigint>((resolve, reject) => staked.push({ resolve, reject })),
      unstakedBalance: async () => 0n,
    },
  };
  return { p: new W.WatchlistProvider(servicesWith(client)), staked };
}

/** The services the watchlist reads: alice.near watched on mainnet, every look-up through `client`. */
function servicesWith(client: unknown): Services {
  return {
    settings: { network: 'mainnet', decimals: 5, liquidStakingProviders: [], watchlist: ['alice.near'] },
    onDidChange: new EventEmitter<void>().event,
    clientForAccount: () => ({ client, network: 'mainnet', name: 'mainnet' }),
    log: { warn: () => undefined, info: () => undefined, error: () => undefined },
  } as unknown as Services;
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 5));
const pool = (p: WatchlistModule.WatchlistProvider): WatchNode => {
  const root = p.getChildren()[0]!;
  const pools = p.getChildren(root).find((n) => n.label.startsWith('Staking pools'))!;
  return p.getChildren(pools)[0]!;
};

describe('watchlist: the newest answer wins', () => {
  before(loadW);
  it("a slow answer of the first expansion does not overwrite the Refresh's newer pool amounts", async () => {
    const { p, staked } = setup();
    const root = p.getChildren()[0]!;
    p.getTreeItem(root); // shown: /full loads
    await p.whenIdle();
    p.getChildren(p.getChildren(root).find((n) => n.label.startsWith('Staking pools'))); // expanded: pool load #1 (slow)
    await tick();
    const refreshed = p.refresh('alice.near'); // Refresh: /full, then the opened pools again (#2)
    while (staked.length < 2) await tick();
    staked[1]!.resolve(2n * NEAR); // the newer answer first
    await refreshed;
    assert.match(pool(p).description ?? '', /^2 NEAR staked$/);
    staked[0]!.resolve(1n * NEAR); // then the older one
    await p.whenIdle();
    assert.match(pool(p).description ?? '', /^2 NEAR staked$/, 'the older answer replaced the newer one');
  });

  it("a late failure of the first expansion's request does not mark a successful Refresh as failed", async () => {
    const { p, staked } = setup();
    const root = p.getChildren()[0]!;
    p.getTreeItem(root);
    await p.whenIdle();
    p.getChildren(p.getChildren(root).find((n) => n.label.startsWith('Staking pools')));
    await tick();
    const refreshed = p.refresh('alice.near');
    while (staked.length < 2) await tick();
    staked[1]!.resolve(2n * NEAR);
    await refreshed;
    staked[0]!.reject(new NearLensError('timeout', 'The pool did not answer within 10 s.'));
    await p.whenIdle();
    assert.doesNotMatch(pool(p).description ?? '', /refresh failed/);
  });
});

describe('watchlist: the newest answer wins (real client, stub service)', function () {
  this.timeout(15_000);
  before(loadW);
  it('after the cache is dropped (API key set: services.rebuild), a late timeout of the old pool request leaves the newer amounts alone', async () => {
    const stub = await startStub();
    try {
      const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
      const cache = new TtlCache();
      const client = new NearClient({ endpoints, cache, retries: 0, retryBaseMs: 1, timeoutMs: 800 });
      let first = true;
      // The first staked-balance call hangs (times out at 800 ms); every later one answers at once.
      stub.faultBy((r) => {
        if (first && JSON.stringify(r.body ?? '').includes('get_account_staked_balance')) {
          first = false;
          return { kind: 'hang' };
        }
        return undefined;
      });
      const p = new W.WatchlistProvider(servicesWith(client));
      const root = p.getChildren()[0]!;
      p.getTreeItem(root);
      await p.whenIdle();
      p.getChildren(p.getChildren(root).find((n) => n.label.startsWith('Staking pools'))); // expand: the hanging request
      await tick();
      cache.invalidate(); // what services.ts does when the key (or transport, timeout) changes
      await p.refresh('alice.near'); // a new request, answered at once
      assert.match(pool(p).description ?? '', /staked$/);
      await p.whenIdle(); // the first request times out
      assert.doesNotMatch(pool(p).description ?? '', /refresh failed/);
    } finally {
      await stub.close();
    }
  });
});

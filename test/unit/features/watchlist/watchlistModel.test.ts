// Unit tests of the watchlist node tree (src/features/watchlist/model/watchlistModel.ts) and its keep-last-good slots, on the fixture bodies.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIQUID_STAKING_PROVIDERS, normaliseFull, VALIDATOR_LOCKED_CAVEAT } from '../../../../src/near/account';
import type { AccountFull } from '../../../../src/near/account';
import { formatNear, formatYoctoExact } from '../../../../src/near/amounts';
import type { FtMetadata, ViewAccount } from '../../../../src/client/client';
import { IDLE, needsLoad, RAW_MEANS, slotFailed, slotLoaded, slotLoading } from '../../../../src/ui/slots';
import type { PoolBalance, Slot } from '../../../../src/ui/slots';
import { buildAccountNode } from '../../../../src/features/watchlist/model/watchlistModel';
import { CONTEXT_ACCOUNT } from '../../../../src/features/watchlist/model/watchlistNodes';
import type { AccountEntry, ContractInfo, ModelOptions, WatchNode } from '../../../../src/features/watchlist/model/watchlistNodes';

function full(name: string): AccountFull {
  return normaliseFull(JSON.parse(readFileSync(path.join(__dirname, '../../..', 'fixtures', `fastnear-v1-account-full-${name}.json`), 'utf8')) as unknown);
}

const NEAR = 10n ** 24n;
const T0 = 1_700_000_000_000;

function opts(meta: Record<string, Slot<FtMetadata>> = {}, extra: Partial<ModelOptions> = {}): ModelOptions {
  return {
    decimals: 5,
    liquidStakingProviders: DEFAULT_LIQUID_STAKING_PROVIDERS,
    ftMeta: (id) => meta[id],
    formatTime: (ms) => `T+${(ms - T0) / 1000}s`,
    ...extra,
  };
}

function entry(id: string, f: Slot<AccountFull>, more: Partial<AccountEntry> = {}): AccountEntry {
  return { accountId: id, network: 'mainnet', full: f, contract: IDLE, pools: new Map(), ...more };
}

function child(n: WatchNode, labelStart: string): WatchNode {
  const c = n.children.find((x) => x.label.startsWith(labelStart));
  assert.ok(c, `no child "${labelStart}…" under ${n.id}: ${n.children.map((x) => x.label).join(' | ')}`);
  return c;
}

function all(n: WatchNode): WatchNode[] {
  return [n, ...n.children.flatMap(all)];
}

const META: Record<string, Slot<FtMetadata>> = {
  'meta-pool.near': slotLoaded({ symbol: 'stNEAR', name: 'Staked NEAR', decimals: 24 }, T0),
  'usdt.tether-token.near': slotLoaded({ symbol: 'USDt', name: 'Tether USD', decimals: 6 }, T0),
};

function view(hasCode: boolean): ViewAccount {
  return {
    amount: NEAR,
    locked: 0n,
    codeHash: hasCode ? 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG' : '11111111111111111111111111111111',
    storageUsage: 100,
    blockHeight: 187_000_000,
    blockHash: 'x',
    hasCode,
  };
}

describe('watchlist model', () => {
  describe('account item', () => {
    it('builds the five groups of a loaded account with total owned as description', () => {
      const f = full('alice.near');
      const n = buildAccountNode(entry('alice.near', slotLoaded(f, T0)), opts(META));
      assert.equal(n.label, 'alice.near');
      assert.equal(n.kind, 'account');
      assert.equal(n.contextValue, CONTEXT_ACCOUNT);
      assert.equal(n.description, formatNear(f.state!.total, 5));
      assert.equal(n.collapsible, 'collapsed');
      assert.deepEqual(
        n.children.map((c) => c.label),
        ['State', 'Fungible tokens (4)', 'NFT collections (2)', 'Contract', 'Staking pools (2)'],
      );
      assert.match(n.tooltip ?? '', /Total owned: 1,234\.5678 NEAR/);
      // The tooltip holds what the rounded rows cut: every digit of each figure.
      for (const [word, v] of [
        ['Balance', f.state!.balance],
        ['Total owned', f.state!.total],
        ['Spendable', f.state!.spendable],
      ] as const)
        assert.ok(n.tooltip?.includes(`\n${word}: ${formatYoctoExact(v)} NEAR`), `${word} exact in the tooltip:\n${n.tooltip}`);
      assert.match(n.tooltip ?? '', /Storage: 26,340 bytes/);
      assert.match(n.tooltip ?? '', /Holdings updated: block #132,000,789/);
    });

    it('gives every node a unique id and marks only account items with the account context value', () => {
      const n = buildAccountNode(
        entry('alice.near', slotLoaded(full('alice.near'), T0), {
          pools: new Map([['epic.poolv1.near', slotLoaded<PoolBalance>({ staked: 0n, unstaked: 0n }, T0)]]),
        }),
        opts(META),
      );
      const nodes = all(n);
      assert.equal(new Set(nodes.map((x) => x.id)).size, nodes.length);
      assert.deepEqual(
        nodes.filter((x) => /^nearLens\.account/.test(x.contextValue)).map((x) => x.id),
        ['alice.near'],
      );
      for (const x of nodes) assert.equal(x.accountId, 'alice.near');
    });

    it('shows the state figures, exact in tooltips', () => {
      const n = buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts());
      const state = child(n, 'State');
      assert.deepEqual(
        state.children.map((c) => c.label),
        ['Balance', 'Locked', 'Storage', 'Total owned', 'Spendable', 'Holdings updated'],
      );
      assert.equal(child(state, 'Balance').description, '1,234.5678 NEAR');
      assert.equal(child(state, 'Balance').tooltip, '1,234.5678 NEAR');
      assert.equal(child(state, 'Storage').description, '26,340 bytes · 0.2634 NEAR pinned');
      assert.equal(child(state, 'Spendable').description, '1,234.3044 NEAR');
      assert.equal(child(state, 'Holdings updated').description, 'block #132,000,789');
    });

    it('each figure in one format: the storage tooltip groups its bytes as the description does', () => {
      const storage = child(child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts()), 'State'), 'Storage');
      assert.equal(storage.tooltip, '26,340 bytes × 10^19 yocto = 0.2634 NEAR pinned by storage');
    });

    it('warns on negative spendable and adds the validator caveat to locked', () => {
      const poor = child(buildAccountNode(entry('poor.near', slotLoaded(full('poor.near'), T0)), opts()), 'State');
      const sp = child(poor, 'Spendable');
      assert.match(sp.description ?? '', /^-/);
      assert.equal(sp.icon, 'warning');
      assert.match(sp.tooltip ?? '', /pins more NEAR than the balance/);
      const pool = child(buildAccountNode(entry('pool.poolv1.near', slotLoaded(full('pool.poolv1.near'), T0)), opts()), 'State');
      assert.ok(child(pool, 'Locked').tooltip?.includes(VALIDATOR_LOCKED_CAVEAT));
    });
  });

  describe('loading, errors, no such account', () => {
    it('shows Loading… before the first answer', () => {
      for (const s of [IDLE, slotLoading<AccountFull>(undefined)]) {
        const n = buildAccountNode(entry('alice.near', s), opts());
        assert.equal(n.description, 'loading…');
        assert.deepEqual(
          n.children.map((c) => [c.kind, c.label]),
          [['loading', 'Loading…']],
        );
      }
    });

    it('shows the failure as an item, not a pop-up', () => {
      const n = buildAccountNode(
        entry('alice.near', slotFailed<AccountFull>(IDLE, 'Rate limited by the service — set an API key or try again in 30 s.')),
        opts(),
      );
      assert.equal(n.description, 'failed');
      assert.equal(n.children.length, 1);
      assert.equal(n.children[0]?.kind, 'error');
      assert.equal(n.children[0]?.label, 'Failed: Rate limited by the service — set an API key or try again in 30 s.');
    });

    it('says "No such account" for state null', () => {
      const n = buildAccountNode(entry('nobody.near', slotLoaded(full('nobody.near'), T0)), opts());
      assert.equal(n.description, 'no such account');
      assert.deepEqual(
        n.children.map((c) => [c.kind, c.label]),
        [['missing', 'No such account on mainnet']],
      );
    });

    it('shows an invalid id from a hand-edited setting without groups', () => {
      const n = buildAccountNode(entry('Bad..id', IDLE, { invalid: 'two separators in a row' }), opts());
      assert.equal(n.description, 'invalid id');
      assert.deepEqual(
        n.children.map((c) => c.kind),
        ['error'],
      );
      assert.match(n.children[0]?.label ?? '', /Not a valid account id: two separators/);
    });

    it('sanitises hostile text from the service in labels', () => {
      const f = normaliseFull({
        account_id: 'x.near',
        state: { balance: '1', locked: '0', storage_bytes: 0 },
        tokens: [{ contract_id: 'evil\u202Egpj.exe\nline2', balance: '1', last_update_block_height: 1 }],
        nfts: [],
        pools: [],
      });
      const t = child(buildAccountNode(entry('x.near', slotLoaded(f, T0)), opts()), 'Fungible').children[0];
      assert.equal(t?.label, 'evilgpj.exe line2');
    });
  });

  describe('keep last good data', () => {
    it('slots keep the last good value through loading and failure', () => {
      const f = full('alice.near');
      const ok = slotLoaded(f, T0);
      const reloading = slotLoading(ok);
      assert.equal(reloading.status, 'loading');
      assert.equal(reloading.data, f);
      assert.equal(reloading.updatedAt, T0);
      const failed = slotFailed(reloading, 'The request timed out.');
      assert.equal(failed.status, 'failed');
      assert.equal(failed.data, f);
      assert.equal(failed.error, 'The request timed out.');
      assert.equal(failed.updatedAt, T0);
      assert.equal(slotFailed(undefined, 'x').data, undefined);
      assert.ok(needsLoad(undefined));
      assert.ok(needsLoad(IDLE));
      assert.ok(!needsLoad(reloading));
      assert.ok(!needsLoad(failed));
    });

    it('a failed refresh shows the old figures plus an error line', () => {
      const f = full('alice.near');
      const failed = slotFailed(slotLoading(slotLoaded(f, T0)), 'The service answered with an HTML page, not JSON.');
      const n = buildAccountNode(entry('alice.near', failed), opts());
      assert.equal(n.description, `${formatNear(f.state!.total, 5)} · refresh failed`);
      const first = n.children[0];
      assert.equal(first?.kind, 'error');
      assert.equal(first?.label, 'Refresh failed: The service answered with an HTML page, not JSON.');
      assert.equal(first?.description, 'showing data from T+0s');
      assert.equal(child(child(n, 'State'), 'Balance').description, '1,234.5678 NEAR');
      assert.match(n.tooltip ?? '', /Last refresh failed: The service answered/);
    });

    it('the account item follows its load: loading, loaded, refreshing, refresh failed, loaded again', () => {
      const f = full('alice.near');
      const total = formatNear(f.state!.total, 5);
      const ok = slotLoaded(f, T0);
      const steps: Array<[string, Slot<AccountFull>, string]> = [
        ['idle', IDLE, 'loading…'],
        ['loading', slotLoading<AccountFull>(undefined), 'loading…'],
        ['failed', slotFailed<AccountFull>(slotLoading(undefined), 'Timed out.'), 'failed'],
        ['loaded', ok, total],
        ['refreshing', slotLoading(ok), `${total} · refreshing…`],
        ['refresh failed', slotFailed(slotLoading(ok), 'Timed out.'), `${total} · refresh failed`],
        ['loaded again', slotLoaded(f, T0 + 1000), total],
      ];
      for (const [state, s, description] of steps) {
        const n = buildAccountNode(entry('alice.near', s), opts());
        assert.equal(n.description, description, state);
        assert.equal(/Last refresh failed/.test(n.tooltip ?? ''), state === 'refresh failed', `${state}: tooltip`);
        assert.equal(
          n.children.some((c) => c.kind === 'error'),
          state.includes('failed'),
          `${state}: error line`,
        );
        assert.equal(
          n.children.some((c) => c.kind === 'loading'),
          state === 'idle' || state === 'loading',
          `${state}: Loading… line`,
        );
      }
    });

    it('the contract group follows its load', () => {
      const info: ContractInfo = { view: view(false), keys: [] };
      const ok = slotLoaded(info, T0);
      const steps: Array<[string, Slot<ContractInfo>, string | undefined, string]> = [
        ['not expanded', IDLE, undefined, 'loading'],
        ['loading', slotLoading<ContractInfo>(undefined), undefined, 'loading'],
        ['failed', slotFailed<ContractInfo>(undefined, 'Timed out.'), undefined, 'error'],
        ['loaded', ok, 'no code', 'field'],
        ['refreshing', slotLoading(ok), 'no code · refreshing…', 'field'],
        ['refresh failed', slotFailed(slotLoading(ok), 'Timed out.'), 'no code · refresh failed', 'error'],
        ['loaded again', ok, 'no code', 'field'],
      ];
      for (const [state, contract, description, first] of steps) {
        const c = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0), { contract }), opts()), 'Contract');
        assert.equal(c.description, description, state);
        assert.equal(c.children[0]?.kind, first, state);
      }
    });

    it('a reload in progress keeps the figures and says refreshing', () => {
      const n = buildAccountNode(entry('alice.near', slotLoading(slotLoaded(full('alice.near'), T0))), opts());
      assert.match(n.description ?? '', /^1,234\.5678 NEAR · refreshing…$/);
      assert.equal(n.children[0]?.label, 'State');
    });

    it('keeps old contract data with an error line when the contract refresh fails', () => {
      const info: ContractInfo = { view: view(true), keys: [{ publicKey: 'ed25519:A', permission: 'FullAccess' }] };
      const n = buildAccountNode(
        entry('alice.near', slotLoaded(full('alice.near'), T0), { contract: slotFailed(slotLoaded(info, T0), 'No such block on this host.') }),
        opts(),
      );
      const c = child(n, 'Contract');
      assert.equal(c.children[0]?.label, 'Refresh failed: No such block on this host.');
      assert.ok(child(c, 'Code deployed'));
    });
  });

  describe('fungible tokens', () => {
    it('lists liquid-staking providers first and marks them', () => {
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts(META)), 'Fungible');
      assert.equal(g.lazy, 'tokens');
      assert.equal(g.description, '1 liquid staking');
      assert.deepEqual(
        g.children.map((c) => c.label),
        ['meta-pool.near', 'usdt.tether-token.near', 'wrap.near', 'v1.omni.hot.tg'],
      );
      assert.equal(g.children[0]?.description, '5 stNEAR · liquid staking');
      assert.equal(g.children[0]?.contextValue, 'nearLens.token.liquid');
      assert.equal(g.children[0]?.icon, 'zap');
      assert.equal(g.children[1]?.description, '10.283 USDt');
      assert.match(g.children[1]?.tooltip ?? '', /^Amount: 10\.283 USDt$/m);
    });

    it('honours a custom provider list', () => {
      const g = child(
        buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts(META, { liquidStakingProviders: ['wrap.near'] })),
        'Fungible',
      );
      assert.equal(g.children[0]?.label, 'wrap.near');
    });

    it('never shows an unknown balance as zero: not-fetched vs failed', () => {
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts(META)), 'Fungible');
      assert.equal(child(g, 'wrap.near').description, 'balance not fetched yet by the indexer');
      assert.equal(child(g, 'v1.omni.hot.tg').description, 'balance unknown');
      assert.match(child(g, 'v1.omni.hot.tg').tooltip ?? '', /balance call failed/);
      assert.match(child(g, 'wrap.near').tooltip ?? '', /^Amount: balance not fetched yet by the indexer$/m);
    });

    it('marks a raw amount once and follows its metadata through every state, the failure only in the tooltip', () => {
      const f = full('alice.near');
      const sentence = 'The account usdt.tether-token.near does not exist at the requested block.';
      const usdt = (meta: Slot<FtMetadata> | undefined): WatchNode =>
        child(child(buildAccountNode(entry('alice.near', slotLoaded(f, T0)), opts(meta ? { 'usdt.tether-token.near': meta } : {})), 'Fungible'), 'usdt');
      const steps: Array<[string, Slot<FtMetadata> | undefined, string]> = [
        ['not asked', undefined, '10283000 (raw) · metadata not loaded'],
        ['loading', slotLoading<FtMetadata>(undefined), '10283000 (raw) · loading metadata…'],
        ['failed', slotFailed<FtMetadata>(slotLoading(undefined), sentence), '10283000 (raw) · metadata unavailable'],
        ['retrying', slotLoading(slotFailed<FtMetadata>(undefined, sentence)), '10283000 (raw) · loading metadata…'],
        ['loaded', slotLoaded({ symbol: 'USDt', name: 'Tether USD', decimals: 6 }, T0), '10.283 USDt'],
        ['unusable decimals', slotLoaded({ symbol: 'USDt', name: 'Tether USD', decimals: 99 }, T0), '10283000 (raw) · metadata unusable'],
      ];
      for (const [state, meta, description] of steps) {
        const t = usdt(meta);
        assert.equal(t.description, description, state);
        const raw = description.includes('(raw)');
        assert.equal(t.tooltip?.includes(RAW_MEANS), raw, `${state}: the raw mark explained in the tooltip`);
        assert.match(t.tooltip ?? '', raw ? /^Amount: 10283000 \(raw\)$/m : /^Amount: 10\.283 USDt$/m, state);
        assert.equal(t.tooltip?.includes(sentence), state === 'failed', `${state}: the failure's sentence in the tooltip only while failed`);
      }
      assert.ok(!usdt(steps[2]![1]).description?.includes('does not exist'));
    });

    it('has no lazy load for an empty list', () => {
      const g = child(buildAccountNode(entry('poor.near', slotLoaded(full('poor.near'), T0)), opts()), 'Fungible');
      assert.equal(g.label, 'Fungible tokens (0)');
      assert.equal(g.lazy, undefined);
      assert.equal(g.collapsible, 'none');
    });
  });

  describe('NFT collections', () => {
    it('groups collections by publisher with last update heights', () => {
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts()), 'NFT');
      assert.deepEqual(
        g.children.map((c) => [c.kind, c.label, c.description]),
        [
          ['publisher', 'mintbase1.near', '1 collection'],
          ['publisher', 'hot.tg', '1 collection'],
        ],
      );
      const mb = child(g, 'mintbase1.near').children[0];
      assert.equal(mb?.label, 'nearvoucherstore.mintbase1.near');
      assert.equal(mb?.description, 'updated at block #118,841,842');
      assert.equal(child(g, 'hot.tg').children[0]?.description, 'last update not tracked');
    });

    it('applies the nftPublisher filter and says so', () => {
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts({}, { nftPublisher: 'mintbase1.near' })), 'NFT');
      assert.equal(g.label, 'NFT collections (1)');
      assert.equal(g.description, 'publisher mintbase1.near · 1 of 2');
      assert.deepEqual(
        g.children.map((c) => c.label),
        ['mintbase1.near'],
      );
    });

    it('lists top-level collections without a publisher node', () => {
      const f = normaliseFull({
        account_id: 'x.near',
        state: { balance: '1', locked: '0', storage_bytes: 0 },
        nfts: [{ contract_id: 'toplevel', last_update_block_height: 5 }],
      });
      const g = child(buildAccountNode(entry('x.near', slotLoaded(f, T0)), opts()), 'NFT');
      assert.deepEqual(
        g.children.map((c) => [c.kind, c.label]),
        [['nft', 'toplevel']],
      );
    });
  });

  describe('staking pools', () => {
    const f = full('alice.near');
    it('shows delegated amounts and folds zero pools into Past pools', () => {
      const pools = new Map<string, Slot<PoolBalance>>([
        ['zavodil.poolv1.near', slotLoaded({ staked: (25n * NEAR) / 2n, unstaked: NEAR }, T0)],
        ['epic.poolv1.near', slotLoaded({ staked: 0n, unstaked: 0n }, T0)],
      ]);
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(f, T0), { pools }), opts()), 'Staking');
      assert.equal(g.label, 'Staking pools (2)');
      assert.equal(g.lazy, 'pools');
      assert.deepEqual(
        g.children.map((c) => c.label),
        ['zavodil.poolv1.near', 'Past pools (1)'],
      );
      assert.equal(g.children[0]?.description, '12.5 NEAR staked · 1 NEAR unstaked');
      assert.equal(child(g, 'Past pools').children[0]?.label, 'epic.poolv1.near');
      assert.equal(child(g, 'Past pools').children[0]?.description, '0 NEAR staked');
    });

    it('omits unstaked when zero and keeps pools with unknown amounts in the main list', () => {
      const pools = new Map<string, Slot<PoolBalance>>([
        ['zavodil.poolv1.near', slotLoaded({ staked: NEAR, unstaked: 0n }, T0)],
        ['epic.poolv1.near', slotFailed<PoolBalance>(undefined, 'The contract call failed.')],
      ]);
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(f, T0), { pools }), opts()), 'Staking');
      assert.deepEqual(
        g.children.map((c) => [c.label, c.description]),
        [
          ['zavodil.poolv1.near', '1 NEAR staked'],
          ['epic.poolv1.near', 'pool did not answer'],
        ],
      );
      const epic = child(g, 'epic.poolv1.near');
      assert.equal(epic.icon, 'warning');
      assert.match(epic.tooltip ?? '', /^Amounts unavailable: The contract call failed\.$/m);
      assert.equal(g.description, '1 of 2 did not answer');
    });

    it('describes the group by its load state, and each pool row with it', () => {
      const one = slotLoaded<PoolBalance>({ staked: NEAR, unstaked: 0n }, T0);
      const at = (zavodil: Slot<PoolBalance> | undefined, epic: Slot<PoolBalance> | undefined): WatchNode => {
        const pools = new Map<string, Slot<PoolBalance>>();
        if (zavodil) pools.set('zavodil.poolv1.near', zavodil);
        if (epic) pools.set('epic.poolv1.near', epic);
        return child(buildAccountNode(entry('alice.near', slotLoaded(f, T0), { pools }), opts()), 'Staking');
      };
      const steps: Array<[string, WatchNode, string | undefined, string]> = [
        ['never expanded', at(undefined, undefined), 'expand to load amounts', 'amount not loaded'],
        ['loading', at(slotLoading(undefined), slotLoading(undefined)), 'loading amounts…', 'loading…'],
        ['one answered', at(one, slotLoading(undefined)), 'loading amounts…', '1 NEAR staked'],
        ['loaded', at(one, one), undefined, '1 NEAR staked'],
        ['refreshing', at(slotLoading(one), slotLoading(one)), 'refreshing…', '1 NEAR staked · refreshing…'],
        ['refresh failed', at(slotFailed(one, 'Timed out.'), one), 'refresh failed', '1 NEAR staked · refresh failed'],
        ['recovered', at(one, one), undefined, '1 NEAR staked'],
        ['none answered', at(slotFailed(undefined, 'Timed out.'), slotFailed(undefined, 'Timed out.')), '2 of 2 did not answer', 'pool did not answer'],
      ];
      for (const [state, g, description, zavodil] of steps) {
        assert.equal(g.description, description, state);
        assert.equal(child(g, 'zavodil').description, zavodil, state);
        for (const n of all(g)) assert.ok(!`${n.label} ${n.description ?? ''}`.includes('Timed out'), `${state}: no failure sentence inline`);
      }
    });

    it('says amounts load on expansion before any pool was asked', () => {
      const g = child(buildAccountNode(entry('alice.near', slotLoaded(f, T0)), opts()), 'Staking');
      assert.equal(g.description, 'expand to load amounts');
      assert.deepEqual(
        g.children.map((c) => c.description),
        ['amount not loaded', 'amount not loaded'],
      );
    });
  });

  describe('contract', () => {
    it('is a lazy group with a loading child until loaded', () => {
      const c = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), opts()), 'Contract');
      assert.equal(c.lazy, 'contract');
      assert.equal(c.collapsible, 'collapsed');
      assert.deepEqual(
        c.children.map((x) => x.kind),
        ['loading'],
      );
      const failed = child(
        buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0), { contract: slotFailed<ContractInfo>(undefined, 'Bad.') }), opts()),
        'Contract',
      );
      assert.deepEqual(
        failed.children.map((x) => [x.kind, x.label]),
        [['error', 'Failed: Bad.']],
      );
    });

    it('counts full-access keys and lists function-call keys with receiver and methods', () => {
      const info: ContractInfo = {
        view: view(false),
        keys: [
          { publicKey: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', permission: 'FullAccess' },
          {
            publicKey: 'ed25519:EjovLKTx3U5cbM2bvoyPKiHEjhscaP7Dv8G7DvnX7aEk',
            permission: { receiverId: 'app.alice.near', methodNames: ['vote', 'claim'], allowance: NEAR / 4n },
          },
        ],
      };
      const c = child(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0), { contract: slotLoaded(info, T0) }), opts()), 'Contract');
      assert.equal(c.description, 'no code');
      assert.deepEqual(
        c.children.map((x) => x.label),
        ['No contract code', 'Full-access keys (1)', 'Function-call keys (1)'],
      );
      const fc = child(c, 'Function-call keys').children[0];
      assert.equal(fc?.label, 'app.alice.near');
      assert.equal(fc?.description, 'vote, claim');
      assert.match(fc?.tooltip ?? '', /allowance 0\.25 NEAR/);
      assert.match(fc?.tooltip ?? '', /^ed25519:EjovLKTx3U5cbM2bvoyPKiHEjhscaP7Dv8G7DvnX7aEk\nMay call app\.alice\.near: vote, claim\n/);
    });

    it('says "Locked contract" when code is deployed and no full-access key remains', () => {
      const info: ContractInfo = {
        view: view(true),
        keys: [
          { publicKey: 'ed25519:2crE8LZqCdHHt2y19SJtPcWWhBgS6HCWyHyqH7rA83jY', permission: { receiverId: 'locked.near', methodNames: [], allowance: null } },
        ],
      };
      const c = child(buildAccountNode(entry('locked.near', slotLoaded(full('alice.near'), T0), { contract: slotLoaded(info, T0) }), opts()), 'Contract');
      assert.deepEqual(
        c.children.map((x) => x.label),
        ['Code deployed', 'Locked contract', 'Full-access keys (0)', 'Function-call keys (1)'],
      );
      assert.equal(child(c, 'Code deployed').description, 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG');
      assert.equal(child(c, 'Function-call keys').children[0]?.description, 'any method');
      assert.match(child(c, 'Function-call keys').children[0]?.tooltip ?? '', /unlimited allowance/);
    });
  });

  it('builds every fixture account without throwing', () => {
    for (const name of ['here.tg', 'mob.near', 'root.near', 'alice.testnet', 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82']) {
      const f = full(name);
      const n = buildAccountNode(entry(f.accountId, slotLoaded(f, T0)), opts());
      assert.equal(n.kind, 'account');
      const nodes = all(n);
      assert.equal(new Set(nodes.map((x) => x.id)).size, nodes.length, name);
    }
  });
});

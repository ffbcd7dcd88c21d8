// Unit tests of src/near/account.ts on the real bodies (test/fixtures, copied from the service examples) and hostile variations.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LIQUID_STAKING_PROVIDERS,
  filterByPublisher,
  normaliseFt,
  normaliseFull,
  normaliseNft,
  normalisePublicKey,
  normaliseStaking,
  normaliseStatus,
  publisherOf,
  splitLiquidStaking,
  VALIDATOR_LOCKED_CAVEAT,
} from '../../../src/near/account';
import type { FtHolding, NftCollection } from '../../../src/near/account';
import { NearLensError } from '../../../src/base/errors';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, '../..', 'fixtures', name), 'utf8')) as unknown;
}
function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
function badShape(f: () => unknown, message: RegExp): void {
  assert.throws(f, (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape' && message.test(e.message));
}

const HERE_TG = fixture('fastnear-v1-account-full-here.tg.json') as Record<string, unknown>;

describe('account: normaliseFull on the real here.tg body', () => {
  const full = normaliseFull(HERE_TG);

  it('state with exact derived quantities', () => {
    assert.equal(full.accountId, 'here.tg');
    assert.ok(full.state);
    assert.equal(String(full.state.balance), '240420562203528059226991880');
    assert.equal(String(full.state.locked), '0');
    assert.equal(full.state.storageBytes, 26340);
    assert.equal(String(full.state.pinned), '263400000000000000000000');
    assert.equal(String(full.state.total), '240420562203528059226991880');
    assert.equal(String(full.state.spendable), '240157162203528059226991880');
  });

  it('latest activity is the max non-null height over tokens, nfts and pools', () => {
    assert.equal(full.latestActivity, 128025061);
  });

  it('tokens keep raw balances; "" is failed, not zero', () => {
    assert.equal(full.tokens.length, 7);
    const byId = new Map(full.tokens.map((t) => [t.contractId, t]));
    const usdt = byId.get('usdt.tether-token.near');
    assert.ok(usdt?.balance.status === 'known' && usdt.balance.raw === 10283000n);
    assert.equal(usdt?.lastUpdate, 116301157);
    const aurora = byId.get('aurora');
    assert.ok(aurora?.balance.status === 'known' && aurora.balance.raw === 0n);
    assert.deepEqual(byId.get('v1.omni.hot.tg')?.balance, { status: 'failed' });
    assert.equal(byId.get('v1.omni.hot.tg')?.lastUpdate, 128025061);
  });

  it('nfts and pools with null heights', () => {
    assert.deepEqual(full.nfts[0], { contractId: 'harvestmoon.sharddog.near', lastUpdate: null });
    assert.equal(full.nfts.length, 4);
    assert.deepEqual(full.pools, [{ poolId: 'here.poolv1.near', lastUpdate: null }]);
  });
});

describe('account: tolerated variations', () => {
  it('state: null (unknown account, 200) → state null and empty lists', () => {
    const f = normaliseFull({ account_id: 'nobody.near', state: null, tokens: [], nfts: [], pools: [] });
    assert.equal(f.state, null);
    assert.deepEqual([f.tokens, f.nfts, f.pools, f.latestActivity], [[], [], [], undefined]);
  });

  it('absent state and absent or null lists', () => {
    const f = normaliseFull({ account_id: 'x.near', tokens: null });
    assert.equal(f.state, null);
    assert.deepEqual([f.tokens, f.nfts, f.pools], [[], [], []]);
  });

  it('FT balance null → not-fetched, absent → not-fetched, "" → failed', () => {
    const f = normaliseFull({
      account_id: 'x.near',
      state: null,
      tokens: [
        { contract_id: 'a.near', balance: null, last_update_block_height: null },
        { contract_id: 'b.near', last_update_block_height: 7 },
        { contract_id: 'c.near', balance: '', last_update_block_height: null },
      ],
    });
    assert.deepEqual(
      f.tokens.map((t) => t.balance.status),
      ['not-fetched', 'not-fetched', 'failed'],
    );
    assert.equal(f.latestActivity, 7);
  });

  it('unknown extra fields are ignored', () => {
    const body = clone(HERE_TG);
    body['extra'] = { nested: [1, 2] };
    (body['state'] as Record<string, unknown>)['code_hash'] = '11111111111111111111111111111111';
    ((body['tokens'] as unknown[])[0] as Record<string, unknown>)['symbol'] = 'GAME';
    assert.deepEqual(normaliseFull(body), normaliseFull(HERE_TG));
  });

  it('storage_bytes as a digit string is tolerated (stringified u64)', () => {
    const body = clone(HERE_TG);
    (body['state'] as Record<string, unknown>)['storage_bytes'] = '26340';
    assert.equal(String(normaliseFull(body).state?.pinned), '263400000000000000000000');
  });

  it('all-null heights → no latest activity', () => {
    const f = normaliseFull({ account_id: 'x.near', state: null, nfts: [{ contract_id: 'n.near', last_update_block_height: null }] });
    assert.equal(f.latestActivity, undefined);
  });

  it('spendable may be negative', () => {
    const f = normaliseFull({ account_id: 'poor.near', state: { balance: '1000', locked: '0', storage_bytes: 100 } });
    assert.equal(String(f.state?.spendable), '-999999999999999999000');
  });
});

describe('account: wrong types are clear bad-shape errors', () => {
  const withState = (state: unknown): unknown => ({ account_id: 'x.near', state });
  const cases: Array<[string, unknown, RegExp]> = [
    ['not an object', 'Invalid argument', /The account response is a string/],
    ['null body', null, /is null/],
    ['an array body', [], /is a list/],
    ['missing account_id', { state: null }, /account_id should be a non-empty string, not missing/],
    ['balance as a number', withState({ balance: 1e24, locked: '0', storage_bytes: 1 }), /a number for state\.balance/],
    ['balance in exponent form', withState({ balance: '1e24', locked: '0', storage_bytes: 1 }), /state\.balance has a number in exponent form/],
    ['locked missing', withState({ balance: '1', storage_bytes: 1 }), /nothing for state\.locked/],
    ['storage_bytes fractional', withState({ balance: '1', locked: '0', storage_bytes: 1.5 }), /storage_bytes should be a whole number of bytes, not a number/],
    ['storage_bytes non-digit string', withState({ balance: '1', locked: '0', storage_bytes: '12kb' }), /storage_bytes/],
    ['storage_bytes negative', withState({ balance: '1', locked: '0', storage_bytes: -1 }), /storage_bytes/],
    ['state as a list', withState([]), /state should be an object, not a list/],
    ['tokens as an object', { account_id: 'x.near', tokens: {} }, /tokens should be a list, not an object/],
    ['token entry a string', { account_id: 'x.near', tokens: ['usdt.near'] }, /tokens\[0\] should be an object, not a string/],
    ['FT balance as a number', { account_id: 'x.near', tokens: [{ contract_id: 'a.near', balance: 5 }] }, /a number for tokens\[0\]\.balance/],
    ['FT balance negative', { account_id: 'x.near', tokens: [{ contract_id: 'a.near', balance: '-5' }] }, /tokens\[0\]\.balance has a negative number/],
    [
      'height as a string',
      { account_id: 'x.near', nfts: [{ contract_id: 'a.near', last_update_block_height: '5' }] },
      /nfts\[0\]\.last_update_block_height should be a block height, not a string/,
    ],
    ['pool without id', { account_id: 'x.near', pools: [{ last_update_block_height: 5 }] }, /pools\[0\]\.pool_id/],
  ];
  for (const [name, body, message] of cases) {
    it(name, () => badShape(() => normaliseFull(body), message));
  }

  it('messages are sentences that end with a period', () => {
    try {
      normaliseFull({ account_id: 'x.near', tokens: {} });
    } catch (e) {
      assert.ok(NearLensError.is(e) && /^[A-Z].*\.$/.test(e.message), String(e));
    }
  });
});

describe('account: the narrower endpoints', () => {
  it('normaliseFt: {account_id, tokens}', () => {
    const ft = normaliseFt({ account_id: 'x.near', tokens: [{ balance: '10', contract_id: 'a.near', last_update_block_height: 3 }] });
    assert.equal(ft.length, 1);
    assert.ok(ft[0]?.balance.status === 'known' && ft[0].balance.raw === 10n);
    assert.deepEqual(normaliseFt({ account_id: 'x.near' }), []);
    badShape(() => normaliseFt({ tokens: 'x' }), /tokens should be a list/);
  });

  it('normaliseNft: the key is tokens (nfts accepted too)', () => {
    assert.deepEqual(normaliseNft({ account_id: 'x.near', tokens: [{ contract_id: 'a.mintbase1.near', last_update_block_height: null }] }), [
      { contractId: 'a.mintbase1.near', lastUpdate: null },
    ]);
    assert.deepEqual(normaliseNft({ nfts: [{ contract_id: 'b.near', last_update_block_height: 1 }] }), [{ contractId: 'b.near', lastUpdate: 1 }]);
    assert.deepEqual(normaliseNft({}), []);
  });

  it('normaliseStaking on the real mob.near body', () => {
    const pools = normaliseStaking(fixture('fastnear-v1-account-staking-mob.near.json'));
    assert.equal(pools.length, 5);
    assert.deepEqual(pools[0], { poolId: 'zavodil.poolv1.near', lastUpdate: 114976469 });
    assert.deepEqual(pools[1], { poolId: 'usn.pool.near', lastUpdate: null });
    assert.deepEqual(normaliseStaking({ account_id: 'x.near' }), []);
  });

  it('normalisePublicKey on the real root.near /all body', () => {
    const pk = normalisePublicKey(fixture('fastnear-public-key-all-root.near.json'));
    assert.deepEqual(pk, {
      publicKey: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd',
      accountIds: ['root.near', 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82'],
    });
    assert.deepEqual(normalisePublicKey({ account_ids: ['a.near', 'a.near'] }), { publicKey: '', accountIds: ['a.near'] });
    badShape(() => normalisePublicKey({ account_ids: [1] }), /account_ids\[0\]/);
    badShape(() => normalisePublicKey('Invalid argument'), /public key response/);
  });

  it('normaliseStatus', () => {
    const s = normaliseStatus({
      sync_balance_block_height: 187310130,
      sync_block_height: 187310138,
      sync_block_timestamp_nanosec: '1739254177539033760',
      sync_latency_sec: 1.4,
      version: '0.10.9',
      extra: true,
    });
    assert.deepEqual(s, {
      syncBlockHeight: 187310138,
      syncBalanceBlockHeight: 187310130,
      syncBlockTimestampNanosec: '1739254177539033760',
      syncLatencySec: 1.4,
      version: '0.10.9',
    });
    assert.deepEqual(normaliseStatus({ sync_block_height: 5 }), { syncBlockHeight: 5 });
    badShape(() => normaliseStatus({}), /sync_block_height should be a block height/);
    badShape(() => normaliseStatus({ sync_block_height: 5, version: 3 }), /version should be a string/);
  });
});

describe('account: liquid staking, publishers, caveat', () => {
  const known = (contractId: string): FtHolding => ({ contractId, balance: { status: 'not-fetched' }, lastUpdate: null });

  it('splits by the client-supplied provider list, keeping order', () => {
    const tokens = ['usdt.tether-token.near', 'meta-pool.near', 'wrap.near', 'lst.rhealab.near', 'linear-protocol.near'].map(known);
    const { liquid, other } = splitLiquidStaking(tokens, DEFAULT_LIQUID_STAKING_PROVIDERS);
    assert.deepEqual(
      liquid.map((t) => t.contractId),
      ['meta-pool.near', 'lst.rhealab.near', 'linear-protocol.near'],
    );
    assert.deepEqual(
      other.map((t) => t.contractId),
      ['usdt.tether-token.near', 'wrap.near'],
    );
    assert.deepEqual(splitLiquidStaking(tokens, []).liquid, []);
    assert.deepEqual(
      splitLiquidStaking(tokens, [' Meta-Pool.near ']).liquid.map((t) => t.contractId),
      ['meta-pool.near'],
    );
  });

  it('here.tg has no liquid staking with the default providers', () => {
    assert.equal(splitLiquidStaking(normaliseFull(HERE_TG).tokens, DEFAULT_LIQUID_STAKING_PROVIDERS).liquid.length, 0);
  });

  it('filters NFT collections by publisher (contract_id ends with "." + publisher)', () => {
    const nfts: NftCollection[] = normaliseFull(HERE_TG).nfts;
    assert.deepEqual(
      filterByPublisher(nfts, 'mintbase1.near').map((n) => n.contractId),
      ['nearvoucherstore.mintbase1.near', 'nearreward.mintbase1.near'],
    );
    assert.equal(filterByPublisher(nfts, undefined).length, 4);
    assert.equal(filterByPublisher(nfts, '').length, 4);
    assert.deepEqual(
      filterByPublisher(nfts, 'hot.tg').map((n) => n.contractId),
      ['nft.hot.tg'],
    );
    // A suffix that is not a whole label does not match.
    assert.deepEqual(filterByPublisher(nfts, 'base1.near'), []);
    assert.deepEqual(filterByPublisher([{ contractId: 'mintbase1.near', lastUpdate: null }], 'mintbase1.near'), []);
  });

  it('publisherOf is the parent account', () => {
    assert.equal(publisherOf('x.mintbase1.near'), 'mintbase1.near');
    assert.equal(publisherOf('nft.hot.tg'), 'hot.tg');
    assert.equal(publisherOf('aurora'), undefined);
  });

  it('explains locked on validator pools and lists the default providers', () => {
    assert.match(VALIDATOR_LOCKED_CAVEAT, /pool's own stake, not delegators' funds/);
    assert.deepEqual([...DEFAULT_LIQUID_STAKING_PROVIDERS], ['meta-pool.near', 'linear-protocol.near', 'lst.rhealab.near']);
  });
});

// Unit tests of date → block resolution (src/near/time/blockByTime.ts) against the model chain of test/support/chain.ts,
// read through its JSON-RPC answers as the client will read them.
import { strict as assert } from 'node:assert';
import { BlockTimeCache, DEFAULT_MAX_REQUESTS, resolveDate } from '../../../../src/near/time/blockByTime';
import type { BlockTimeDeps } from '../../../../src/near/time/blockByTime';
import { MAINNET_GENESIS, nsToDate } from '../../../../src/near/time/chainTime';
import { notYetMessage } from '../../../../src/near/time/notYet';
import { NearLensError } from '../../../../src/base/errors';
import {
  CHAIN_ACCOUNT,
  CHAIN_ACCOUNT_CREATED,
  CHAIN_GENESIS_HEIGHT,
  CHAIN_GENESIS_NS,
  chainAmountsAt,
  chainBlockSource,
  headHeight,
  isSkipped,
  SKIPPED_RUN,
  timestampAt,
} from '../../../support/chain';

const NOW = new Date('2026-11-01T00:00:00Z');
const HEAD = headHeight(NOW);

/** Deps over the model chain, with the calls counted. */
function chain(extra: Partial<BlockTimeDeps> = {}): BlockTimeDeps & { calls: { head: number; blockAt: number } } {
  return { ...chainBlockSource(NOW), firstHeight: MAINNET_GENESIS.height, ...extra };
}

/** The right answer by brute-force bisection over the model (not through the resolver). */
function truth(at: Date): number {
  const t = BigInt(at.getTime()) * 1_000_000n;
  let a = CHAIN_GENESIS_HEIGHT;
  let b = HEAD;
  while (a < b) {
    const m = Math.ceil((a + b) / 2);
    if (timestampAt(m) <= t) a = m;
    else b = m - 1;
  }
  while (isSkipped(a)) a--;
  return a;
}

/** The first millisecond at or after a block's timestamp (timestamps carry nanoseconds a Date cannot). */
const msAtOrAfter = (h: number): Date => new Date(Number((timestampAt(h) + 999_999n) / 1_000_000n));

/** A small deterministic generator (tests must not depend on Math.random). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

const rejectsWith = (re: RegExp) => (e: unknown) => NearLensError.is(e) && re.test(e.message);

describe('time travel: resolveDate on the model chain', () => {
  it('the model is what the tests assume (genesis, head, skipped run, account creation)', () => {
    assert.equal(CHAIN_GENESIS_HEIGHT, MAINNET_GENESIS.height);
    assert.equal(nsToDate(CHAIN_GENESIS_NS).toISOString().slice(0, 10), '2020-07-21');
    assert.ok(HEAD > 150_000_000 && timestampAt(HEAD) <= BigInt(NOW.getTime()) * 1_000_000n);
    for (let h = SKIPPED_RUN.from; h <= SKIPPED_RUN.to; h++) assert.ok(isSkipped(h));
    assert.ok(!isSkipped(SKIPPED_RUN.from - 1) && !isSkipped(SKIPPED_RUN.to + 1));
    assert.ok(!isSkipped(CHAIN_ACCOUNT_CREATED));
  });

  it('finds a block at its exact timestamp, and the one before a millisecond earlier', async () => {
    const h = 150_000_123;
    assert.ok(!isSkipped(h) && !isSkipped(h - 1));
    const deps = chain();
    const r = await resolveDate(msAtOrAfter(h), deps);
    assert.equal(r.height, h);
    assert.equal(r.timestampNs, timestampAt(h).toString());
    assert.equal(r.requests, deps.calls.head + deps.calls.blockAt);
    assert.ok(r.requests <= DEFAULT_MAX_REQUESTS);
    const before = await resolveDate(new Date(msAtOrAfter(h).getTime() - 1), chain());
    assert.equal(before.height, h - 1);
  });

  it('finds the last block at or before a date between two blocks', async () => {
    const h = 60_500_000;
    const mid = new Date(Number((timestampAt(h) + timestampAt(h + 1)) / 2n / 1_000_000n));
    assert.equal((await resolveDate(mid, chain())).height, h);
  });

  it('steps around skipped heights: a date inside a run of five missing blocks is the block before the run', async () => {
    const inRun = new Date(Number(timestampAt(SKIPPED_RUN.from + 2) / 1_000_000n));
    const deps = chain();
    const r = await resolveDate(inRun, deps);
    assert.equal(r.height, SKIPPED_RUN.from - 1);
    assert.ok(r.requests <= DEFAULT_MAX_REQUESTS);
    assert.equal((await resolveDate(msAtOrAfter(SKIPPED_RUN.to + 1), chain())).height, SKIPPED_RUN.to + 1);
  });

  it('the genesis block itself and the first seconds of the chain', async () => {
    assert.equal((await resolveDate(msAtOrAfter(CHAIN_GENESIS_HEIGHT), chain())).height, CHAIN_GENESIS_HEIGHT);
    assert.equal((await resolveDate(msAtOrAfter(CHAIN_GENESIS_HEIGHT + 3), chain())).height, CHAIN_GENESIS_HEIGHT + 3);
  });

  it('refuses a date after the head: it is in the future', async () => {
    const deps = chain();
    await assert.rejects(resolveDate(new Date(NOW.getTime() + 60_000), deps), rejectsWith(/2026-11-01 00:01 UTC is in the future: the latest block is #/));
    assert.equal(deps.calls.head, 1);
    assert.equal(deps.calls.blockAt, 0);
  });

  it('reads a date a few seconds after the head ("now": the head lags the clock) as the head, in one look-up', async () => {
    const deps = chain();
    const head = await resolveDate(new Date(NOW.getTime() + 3_000), deps);
    const exact = await resolveDate(NOW, chain());
    assert.equal(head.height, exact.height);
    assert.equal(deps.calls.head, 1);
    assert.equal(deps.calls.blockAt, 0);
  });

  it('refuses a date before the first block', async () => {
    await assert.rejects(
      resolveDate(new Date('2020-07-01T00:00:00Z'), chain()),
      rejectsWith(/2020-07-01 00:00 UTC is before the first block \(#9,820,210 at 2020-07-21 16:55 UTC\)/),
    );
    // Without firstHeight the node's UNKNOWN_BLOCK below genesis still ends it within the budget.
    await assert.rejects(resolveDate(new Date('2020-07-01T00:00:00Z'), chain({ firstHeight: undefined })), (e: unknown) => NearLensError.is(e));
  });

  it('throws a clear error when the look-up budget is spent, and never asks more than the budget', async () => {
    const deps = chain({ maxRequests: 3 });
    await assert.rejects(
      resolveDate(new Date('2023-03-03T03:03:03Z'), deps),
      rejectsWith(/Could not find the block of 2023-03-03 03:03 UTC within 3 look-ups/),
    );
    assert.equal(deps.calls.head + deps.calls.blockAt, 3);
  });

  it('resolves random dates exactly, within 30 look-ups each (average printed)', async () => {
    const rnd = lcg(18);
    const g = Number(CHAIN_GENESIS_NS / 1_000_000n);
    const counts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const at = new Date(Math.floor(g + 1000 + rnd() * (NOW.getTime() - g - 2000)));
      const deps = chain();
      const r = await resolveDate(at, deps);
      assert.equal(r.height, truth(at), at.toISOString());
      assert.equal(r.requests, deps.calls.head + deps.calls.blockAt);
      assert.ok(r.requests <= DEFAULT_MAX_REQUESTS, `${r.requests} look-ups for ${at.toISOString()}`);
      counts.push(r.requests);
    }
    const avg = counts.reduce((a, b) => a + b, 0) / counts.length;
    console.log(
      `      look-ups per resolution over 50 random dates, no cache: average ${avg.toFixed(2)}, max ${Math.max(...counts)}, min ${Math.min(...counts)}`,
    );
  });

  it('with one shared cache, later resolutions cost less (average printed)', async () => {
    const rnd = lcg(1818);
    const g = Number(CHAIN_GENESIS_NS / 1_000_000n);
    const cache = new BlockTimeCache();
    const counts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const at = new Date(Math.floor(g + 1000 + rnd() * (NOW.getTime() - g - 2000)));
      const r = await resolveDate(at, chain({ cache }));
      assert.equal(r.height, truth(at));
      counts.push(r.requests);
    }
    const avg = counts.reduce((a, b) => a + b, 0) / counts.length;
    console.log(`      look-ups per resolution over 50 random dates, shared cache: average ${avg.toFixed(2)}, max ${Math.max(...counts)}`);
  });

  it('reuses the cache: the same date again costs nothing, a date seconds away at most 2 look-ups', async () => {
    const cache = new BlockTimeCache();
    const at = new Date('2025-06-01T12:00:00Z');
    const first = await resolveDate(at, chain({ cache }));
    assert.equal(first.height, truth(at));
    const again = chain({ cache });
    assert.deepEqual(await resolveDate(at, again), { ...first, requests: 0 });
    assert.deepEqual(again.calls, { head: 0, blockAt: 0 });
    for (const seconds of [3, -4, 9]) {
      const near = new Date(at.getTime() + seconds * 1000);
      const deps = chain({ cache });
      const r = await resolveDate(near, deps);
      assert.equal(r.height, truth(near));
      assert.equal(deps.calls.head, 0, 'no head needed when the cache brackets the date');
      assert.ok(r.requests <= 2, `${r.requests} look-ups ${seconds} s away`);
    }
  });

  it('bounds the cache and keeps it consistent while forgetting', async () => {
    const cache = new BlockTimeCache(64);
    for (let h = 1; h <= 500; h++) cache.set(h, h % 7 === 0 ? null : BigInt(h) * 1_000_000_000n);
    assert.equal(cache.size, 64);
    assert.equal(cache.get(1), undefined);
    const { lo, hi } = cache.around(480_500_000_000n);
    assert.deepEqual([lo?.h, hi?.h], [480, 481]);
    assert.equal(cache.get(497), null);
  });

  it('refuses an invalid date and block answers in the wrong shape', async () => {
    await assert.rejects(resolveDate(new Date('not a date'), chain()), (e: unknown) => NearLensError.is(e) && e.kind === 'invalid-input');
    const wrongHeight = chain({ blockAt: async (h) => ({ height: h + 1, timestampNs: '1700000000000000000' }) });
    await assert.rejects(resolveDate(new Date('2024-01-01T00:00:00Z'), wrongHeight), (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape');
    const lossy = chain({ blockAt: async (h) => ({ height: h, timestampNs: '1.7e18' }) });
    await assert.rejects(resolveDate(new Date('2024-01-01T00:00:00Z'), lossy), (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape');
  });

  it('passes a failed look-up on as it is', async () => {
    const boom = new NearLensError('network', 'Could not connect to rpc.example (connection refused).');
    const deps = chain({ blockAt: () => Promise.reject(boom) });
    await assert.rejects(resolveDate(new Date('2024-01-01T00:00:00Z'), deps), (e: unknown) => e === boom);
  });

  it('before the account existed: its UNKNOWN_ACCOUNT at the resolved block reads "did not exist yet"', async () => {
    const at = new Date(Number(timestampAt(CHAIN_ACCOUNT_CREATED - 1_000) / 1_000_000n));
    const r = await resolveDate(at, chain());
    assert.ok(r.height < CHAIN_ACCOUNT_CREATED);
    const e = await chainAmountsAt(CHAIN_ACCOUNT, r.height, NOW).then(
      () => assert.fail('the account should not exist yet'),
      (err: unknown) => err,
    );
    const message = notYetMessage(e, CHAIN_ACCOUNT, r);
    assert.match(message ?? '', /^timetravel\.near did not exist yet at block #119,99\d,\d{3} \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\.$/);
    // After creation it is there; another failure is not "did not exist yet".
    const later = await resolveDate(new Date(at.getTime() + 86_400_000 * 30), chain());
    assert.ok((await chainAmountsAt(CHAIN_ACCOUNT, later.height, NOW)).total > 0n);
    assert.equal(notYetMessage(new NearLensError('timeout', 'slow'), CHAIN_ACCOUNT, r), undefined);
  });
});

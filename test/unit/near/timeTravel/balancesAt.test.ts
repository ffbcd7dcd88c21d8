// Unit tests of History's amounts at the sampled blocks and their changes (src/near/time/balancesAt.ts) on the
// model chain of test/support/chain.ts.
import { strict as assert } from 'node:assert';
import { changeSince, HistoryCache, loadHistory } from '../../../../src/near/time/balancesAt';
import type { HistoryRow, HistoryValue } from '../../../../src/near/time/balancesAt';
import { historyHeights, samplePoints } from '../../../../src/near/time/sampleRange';
import type { HistoryPoint } from '../../../../src/near/time/sampleRange';
import { MAINNET_GENESIS } from '../../../../src/near/time/chainTime';
import { NearLensError } from '../../../../src/base/errors';
import { CHAIN_ACCOUNT, CHAIN_ACCOUNT_CREATED, CHAIN_GONE_ACCOUNT, chainAmountsAt, chainBlockSource, timestampAt } from '../../../support/chain';

const NOW = new Date('2026-11-01T00:00:00Z');
const DAY = 86_400_000;
const deps = () => ({ ...chainBlockSource(NOW), firstHeight: MAINNET_GENESIS.height });
const block = (p: HistoryPoint): { height: number; timestampNs: string } => {
  assert.ok('height' in p, `no block for ${p.at.toISOString()}`);
  return p;
};

describe('time travel: loadHistory', () => {
  const fetcher = (account: string) => {
    const heights: number[] = [];
    return { heights, fetchAt: (h: number) => (heights.push(h), chainAmountsAt(account, h, NOW)) };
  };

  it('loads in parallel within the concurrency, reports progress, and marks points before the account existed', async () => {
    const created = Number(timestampAt(CHAIN_ACCOUNT_CREATED) / 1_000_000n);
    const dates = samplePoints('7d', new Date(created + 3 * DAY), 12);
    const { points } = await historyHeights(dates, deps());
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    const rows = await loadHistory(
      points,
      async (h) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        return chainAmountsAt(CHAIN_ACCOUNT, h, NOW);
      },
      { account: CHAIN_ACCOUNT, cache: new HistoryCache(), concurrency: 3, onProgress: (done, total) => (assert.equal(total, 12), progress.push(done)) },
    );
    assert.equal(peak, 3);
    assert.deepEqual(
      progress,
      [...Array(12).keys()].map((i) => i + 1),
    );
    const before = rows.filter((r) => 'gap' in r);
    const after = rows.filter((r) => 'value' in r);
    assert.ok(before.length >= 4 && after.length >= 3, `${before.length} gaps, ${after.length} values`);
    for (const r of before) {
      assert.ok('gap' in r && r.gap === 'not-yet' && r.height! < CHAIN_ACCOUNT_CREATED);
      assert.match(r.reason, /^did not exist yet at block #\d{3},\d{3},\d{3} \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    }
    assert.deepEqual(
      rows.map((r) => 'value' in r),
      rows.map((r) => r.height! >= CHAIN_ACCOUNT_CREATED),
      'gaps exactly before creation',
    );
  });

  it('never throws for one failed point: a gap with its reason, the rest loaded', async () => {
    const { points } = await historyHeights(samplePoints('30d', NOW, 12), deps());
    const bad = block(points[5]!).height;
    const rows = await loadHistory(
      [...points, { at: new Date(0), reason: 'before the first block' }],
      (h) =>
        h === bad ? Promise.reject(new NearLensError('timeout', 'The archival RPC host did not answer in time.')) : chainAmountsAt(CHAIN_ACCOUNT, h, NOW),
      { account: CHAIN_ACCOUNT, cache: new HistoryCache() },
    );
    assert.equal(rows.length, 13);
    assert.deepEqual(rows[5], { ...points[5], gap: 'failed', reason: 'The archival RPC host did not answer in time.' });
    assert.deepEqual(rows[12], { at: new Date(0), gap: 'failed', reason: 'before the first block' });
    assert.equal(rows.filter((r) => 'value' in r).length, 11);
    // A non-NearLens error's text is not shown (it may hold anything).
    const odd = await loadHistory(points.slice(0, 1), () => Promise.reject(new Error('secret stuff')), { account: CHAIN_ACCOUNT, cache: new HistoryCache() });
    assert.equal('reason' in odd[0]! && odd[0].reason, 'Something went wrong in NEAR Lens.');
  });

  it('caches by account and height in the session cache (failures are not cached)', async () => {
    const { points } = await historyHeights(samplePoints('30d', NOW, 12), deps());
    const cache = new HistoryCache();
    const first = fetcher(CHAIN_ACCOUNT);
    const rows1 = await loadHistory(points, first.fetchAt, { account: CHAIN_ACCOUNT, cache });
    assert.equal(first.heights.length, 12);
    const second = fetcher(CHAIN_ACCOUNT);
    const rows2 = await loadHistory(points, second.fetchAt, { account: CHAIN_ACCOUNT, cache });
    assert.equal(second.heights.length, 0);
    assert.deepEqual(rows2, rows1);
    const other = fetcher('nobody.near');
    const rows3 = await loadHistory(points, other.fetchAt, { account: 'nobody.near', cache });
    assert.equal(other.heights.length, 12, 'another account is another key');
    assert.ok(rows3.every((r) => 'gap' in r && r.gap === 'not-yet'));
    let calls = 0;
    const failing = (): Promise<HistoryValue> => (calls++, Promise.reject(new NearLensError('network', 'down')));
    await loadHistory(points.slice(0, 2), failing, { account: 'x.near', cache });
    await loadHistory(points.slice(0, 2), failing, { account: 'x.near', cache });
    assert.equal(calls, 4);
  });

  it('an account missing after it had existed is gone, not "not yet"', async () => {
    const t = (h: number): Date => new Date(Number(timestampAt(h) / 1_000_000n) + 1);
    const { points } = await historyHeights([t(109_000_000), t(112_000_000), t(116_000_000)], deps());
    const rows = await loadHistory(points, (h) => chainAmountsAt(CHAIN_GONE_ACCOUNT, h, NOW), { account: CHAIN_GONE_ACCOUNT, cache: new HistoryCache() });
    const gaps = rows.map((r: HistoryRow) => ('gap' in r ? r.gap : 'value'));
    assert.deepEqual(gaps, ['not-yet', 'value', 'gone']);
    assert.match('reason' in rows[2]! ? rows[2].reason : '', /^did not exist at block #116,000,000 \(2024-06-27 02:28 UTC\)$/);
  });
});

describe('time travel: changeSince', () => {
  it('gives exact signed differences far beyond 2^53', () => {
    const a: HistoryValue = { total: 10n ** 24n * 12n + 1n, locked: 50n * 10n ** 24n, storage: 182 };
    const b: HistoryValue = { total: 10n ** 24n * 7n + 999_999_999_999_999_999n, locked: 50n * 10n ** 24n + 1n, storage: 95 };
    assert.deepEqual(changeSince(a, b), { total: '-4999999000000000000000002', locked: '+1', storage: '-87' });
    assert.deepEqual(changeSince(b, a), { total: '+4999999000000000000000002', locked: '-1', storage: '+87' });
    assert.deepEqual(changeSince(a, a), { total: '0', locked: '0', storage: '0' });
    assert.deepEqual(changeSince({ total: 1n, locked: 0n }, { total: 1n, locked: 0n, storage: 5 }), { total: '0', locked: '0' });
  });

  it('matches the model account between two history points', async () => {
    const { points } = await historyHeights(samplePoints('1y', NOW, 12), deps());
    const [first, last] = [block(points[0]!), block(points.at(-1)!)];
    const [a, b] = [await chainAmountsAt(CHAIN_ACCOUNT, first.height, NOW), await chainAmountsAt(CHAIN_ACCOUNT, last.height, NOW)];
    const c = changeSince(a, b);
    assert.equal(BigInt(c.total), b.total - a.total);
    assert.equal(BigInt(c.locked), b.locked - a.locked);
    assert.equal(Number(c.storage), b.storage - a.storage);
    assert.ok(b.locked > a.locked, 'the stake grew over the year');
  });
});

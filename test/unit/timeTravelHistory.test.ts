// Unit tests of balance-history sampling and loading (src/core/near/history.ts) on the model chain of test/support/chain.ts.
import { strict as assert } from 'node:assert';
import { BlockTimeCache } from '../../src/core/near/blockTime';
import { changeSince, HistoryCache, historyHeights, loadHistory, samplePoints } from '../../src/core/near/history';
import type { HistoryPoint, HistoryRow, HistoryValue } from '../../src/core/near/history';
import { MAINNET_GENESIS } from '../../src/core/near/timeTravel';
import { NearLensError } from '../../src/core/errors';
import {
  CHAIN_ACCOUNT,
  CHAIN_ACCOUNT_CREATED,
  CHAIN_GONE_ACCOUNT,
  chainAmountsAt,
  chainBlockSource,
  headHeight,
  isSkipped,
  timestampAt,
} from '../support/chain';

const NOW = new Date('2026-11-01T00:00:00Z');
const HEAD = headHeight(NOW);
const DAY = 86_400_000;
const deps = () => ({ ...chainBlockSource(NOW), firstHeight: MAINNET_GENESIS.height });
const block = (p: HistoryPoint): { height: number; timestampNs: string } => {
  assert.ok('height' in p, `no block for ${p.at.toISOString()}`);
  return p;
};

describe('time travel: samplePoints', () => {
  it('spaces points evenly over the range and ends at now', () => {
    for (const [range, span] of [
      ['7d', 7 * DAY],
      ['30d', 30 * DAY],
      ['1y', 365 * DAY],
    ] as const) {
      for (const count of [12, 24, 30]) {
        const pts = samplePoints(range, NOW, count);
        assert.equal(pts.length, count);
        assert.equal(pts[0]!.getTime(), NOW.getTime() - span);
        assert.equal(pts.at(-1)!.getTime(), NOW.getTime());
        const steps = pts.slice(1).map((p, i) => p.getTime() - pts[i]!.getTime());
        assert.ok(Math.max(...steps) - Math.min(...steps) <= 1, `${range}/${count} steps differ by more than 1 ms`);
      }
    }
    assert.equal(samplePoints('30d', NOW).length, 24);
  });

  it('refuses fewer than 12 or more than 30 points', () => {
    for (const n of [11, 31, 0, 12.5])
      assert.throws(
        () => samplePoints('7d', NOW, n),
        (e: unknown) => NearLensError.is(e) && /12 to 30 points/.test(e.message),
      );
  });
});

describe('time travel: historyHeights', () => {
  it('resolves every point exactly with one head and a shared cache (figures printed)', async () => {
    for (const range of ['7d', '30d', '1y'] as const) {
      const d = deps();
      const dates = samplePoints(range, NOW, 24);
      const { points, requests } = await historyHeights(dates, d);
      assert.equal(d.calls.head, 1);
      assert.equal(requests, d.calls.head + d.calls.blockAt);
      assert.deepEqual(
        points.map((p) => p.at),
        dates,
      );
      assert.equal(block(points.at(-1)!).height, HEAD, 'the last point (now) is the head');
      for (const p of points.slice(0, -1)) {
        const { height } = block(p);
        const t = BigInt(p.at.getTime()) * 1_000_000n;
        assert.ok(timestampAt(height) <= t, 'at or before the date');
        let next = height + 1;
        while (isSkipped(next)) next++;
        assert.ok(timestampAt(next) > t, 'the next block is after the date');
      }
      console.log(`      ${range}, 24 points: ${requests} look-ups (${(requests / 24).toFixed(2)} per point)`);
      assert.ok(requests <= 24 * 8, `${requests} look-ups for ${range}`);
    }
  });

  it('gives a point it cannot resolve a reason instead of failing the others', async () => {
    const dates = [new Date('2020-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z'), NOW];
    const { points } = await historyHeights(dates, deps());
    assert.match('reason' in points[0]! ? points[0].reason : '', /before the first block/);
    assert.ok('height' in points[1]! && 'height' in points[2]!);
  });

  it('a second history over the same range with the same cache costs only the head', async () => {
    const cache = new BlockTimeCache();
    const dates = samplePoints('30d', NOW, 30);
    await historyHeights(dates, { ...deps(), cache });
    const d = { ...deps(), cache };
    const { requests } = await historyHeights(dates, d);
    assert.equal(requests, 1);
    assert.deepEqual(d.calls, { head: 1, blockAt: 0 });
  });
});

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

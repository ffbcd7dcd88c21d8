// Unit tests of History's sampled dates and their blocks (src/near/time/sampleRange.ts) on the model chain of
// test/support/chain.ts.
import { strict as assert } from 'node:assert';
import { BlockTimeCache } from '../../../../src/near/time/blockByTime';
import { historyHeights, samplePoints } from '../../../../src/near/time/sampleRange';
import type { HistoryPoint } from '../../../../src/near/time/sampleRange';
import { MAINNET_GENESIS, nsToDate } from '../../../../src/near/time/chainTime';
import { NearLensError } from '../../../../src/base/errors';
import { chainBlockSource, headHeight, isSkipped, timestampAt } from '../../../support/chain';

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

  it("a range ending at the head's own time (its nanoseconds cut to a Date's milliseconds) ends at the head", async () => {
    const d = deps();
    const headNs = timestampAt(HEAD);
    assert.notEqual(headNs % 1_000_000n, 0n, 'the head has digits below the millisecond');
    const { points } = await historyHeights(samplePoints('7d', nsToDate(headNs.toString()), 12), d);
    assert.equal(block(points.at(-1)!).height, HEAD);
    assert.ok(block(points.at(-2)!).height < HEAD);
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

// Regression test of date → block (src/near/time/blockByTime.ts) on a History's shared cache: the secant from a block
// this resolution found to one another date left in the cache must not set the pace when an outage lies between them.
// Built from the property's counterexample (blockByTime.property.test.ts, FC_SEED=777, its 1127th chain), cut to
// the blocks and cache entries that matter.
import { strict as assert } from 'node:assert';
import { BlockTimeCache, DEFAULT_MAX_REQUESTS, resolveDate } from '../../../../src/near/time/blockByTime';
import type { BlockTimeDeps } from '../../../../src/near/time/blockByTime';

const BASE = 200_000_000;

/**
 * The chain's blocks from #BASE+168 to #BASE+406, height above BASE → timestamp (ns); every other height there was
 * skipped.
 */
const BLOCKS = new Map<number, bigint>([
  [168, 1724392538320939036n],
  [169, 1724392540968326589n],
  [170, 1724392543555563846n],
  [171, 1724392546431418739n],
  [172, 1724392549387956157n],
  [173, 1724392551861494036n],
  [174, 1724392554373317451n],
  [175, 1724392557107478771n],
  [176, 1724392559606121169n],
  [177, 1724392562513421852n],
  [178, 1724392565115139921n],
  [179, 1724392568016238994n],
  [180, 1724392570510691332n],
  [191, 1724392600480028481n],
  [207, 1724392643683842123n],
  [208, 1724392646413058887n],
  [214, 1724392662609573239n],
  // #215 to #258 skipped: 44 heights in a row.
  [259, 1724392786619115966n],
  [260, 1724392789400253116n],
  [261, 1724392791921537861n],
  [262, 1724392794877333445n],
  [263, 1724392797760920135n],
  [264, 1724392800442547749n],
  [265, 1724392803002777464n],
  [288, 1724392865555751256n],
  [289, 1724392868442930381n],
  [290, 1724392871340900582n],
  [313, 1724392934592563102n],
  [327, 1724392973537630386n],
  // #328 to #405 skipped, and 43 minutes without a block: an outage.
  [406, 1724395570422406961n],
]);
/** A block far below, which the History had cached too (#BASE-3; #BASE+74 to #BASE+110 held another outage). */
const FAR_BELOW = { h: -3, ts: 1724391179568164300n };

/** Look-ups over BLOCKS, each height asked kept in `asked` (above BASE); the cache brackets the date, so no head. */
function deps(cache: BlockTimeCache, asked: number[]): BlockTimeDeps {
  return {
    cache,
    firstHeight: BASE - 3,
    head: () => Promise.reject(new Error('the head was asked for')),
    blockAt: async (height) => {
      asked.push(height - BASE);
      const ts = BLOCKS.get(height - BASE);
      return ts === undefined ? 'missing' : { height, timestampNs: ts.toString() };
    },
  };
}

describe('time travel: resolveDate on a cache whose blocks around the date span an outage', () => {
  it('places a date just before the block that precedes the outage, within the budget', async () => {
    // What the History's later dates had left in the cache: #BASE-3 and #168 below the date, #406 above it (after the
    // outage), and #217 to #233 known skipped. The first look-up (#223, skipped and cached) finds #214 below the date;
    // the secant from #214 to #406 then measures 15 s a block across the outage (the chain's pace there: 2.7 s), so the
    // next look-up aimed at #235, 80 heights under the date's block, inside the run of skipped heights #215–#258, and
    // stepping up out of it one height at a time spent all 30 look-ups.
    const cache = new BlockTimeCache();
    cache.set(BASE + FAR_BELOW.h, FAR_BELOW.ts);
    for (const h of [168, 406]) cache.set(BASE + h, BLOCKS.get(h)!);
    for (let h = 217; h <= 233; h++) cache.set(BASE + h, null);
    const asked: number[] = [];
    // One millisecond before #327's timestamp (…973.537630386 s): the last block at or before it is #313.
    const r = await resolveDate(new Date('2024-08-23T06:02:53.537Z'), deps(cache, asked));
    assert.equal(r.height, BASE + 313);
    assert.equal(r.timestampNs, '1724392934592563102');
    assert.equal(r.requests, asked.length);
    assert.ok(r.requests <= DEFAULT_MAX_REQUESTS, `${r.requests} look-ups`);
    // After #214 the look-up aims by the pace measured below it (#168 → #214), next to the date's block.
    const after = asked.indexOf(214);
    assert.ok(after >= 0 && asked[after + 1]! > 300, `after #214, the look-up at #${asked[after + 1]}`);
  });
});

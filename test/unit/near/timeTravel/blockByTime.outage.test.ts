// Regression test of date → block (src/near/time/blockByTime.ts) on a History's shared cache: a cached block beyond
// an outage must not set the pace its first look-up aims with. Built from the property's counterexample
// (blockByTime.property.test.ts, FC_SEED=-2013105882, its 10th chain), cut to the blocks and cache entries that matter.
import { strict as assert } from 'node:assert';
import { BlockTimeCache, DEFAULT_MAX_REQUESTS, resolveDate } from '../../../../src/near/time/blockByTime';
import type { BlockTimeDeps } from '../../../../src/near/time/blockByTime';

/** The chain's blocks from #181 to #436, height → timestamp (ns); every other height there was skipped. */
const BLOCKS = new Map<number, bigint>([
  [181, 1674129614471379672n],
  [192, 1674129631108120376n],
  [229, 1674130005483782461n],
  [235, 1674130010239381874n],
  [244, 1674130017933391473n],
  [255, 1674130028593310931n],
  [256, 1674130029381858337n],
  [262, 1674130033286642322n],
  [263, 1674130033830404567n],
  [264, 1674130034673203376n],
  [272, 1674130041244571407n],
  [273, 1674130042432057377n],
  [274, 1674130043075008605n],
  [275, 1674130043998798289n],
  [276, 1674130044846161528n],
  [309, 1674130072393808051n],
  [324, 1674130092319997205n],
  [325, 1674130094466007409n],
  // #326 to #367 skipped: 42 heights in a row.
  [368, 1674130199371575773n],
  [380, 1674130228768054396n],
  // #381 to #435 skipped, and 45 minutes without a block: an outage.
  [436, 1674132908941607746n],
]);

/** Look-ups over BLOCKS, each height asked kept in `asked`; the head is never needed (the cache brackets the date). */
function deps(cache: BlockTimeCache, asked: number[]): BlockTimeDeps {
  return {
    cache,
    firstHeight: 19,
    head: () => Promise.reject(new Error('the head was asked for')),
    blockAt: async (h) => {
      asked.push(h);
      const ts = BLOCKS.get(h);
      return ts === undefined ? 'missing' : { height: h, timestampNs: ts.toString() };
    },
  };
}

describe('time travel: resolveDate on a cache that holds a block beyond an outage', () => {
  it('places a date just before a block that follows a long run of skipped heights, within the budget', async () => {
    // What the History's later dates had left in the cache: #181 below the date, #368 above it, and #380 and #436 on
    // either side of the outage. Measured from #368 to #436 the pace is 40 s a block (the bracket's own: 3.1 s), so
    // the first look-up aimed 3 heights under #368, inside the run of skipped heights, and stepping down out of it one
    // height at a time spent all 30 look-ups.
    const cache = new BlockTimeCache();
    for (const h of [181, 368, 380, 436]) cache.set(h, BLOCKS.get(h)!);
    const asked: number[] = [];
    // One millisecond before #325's timestamp (…094.466007409 s): the last block at or before it is #324.
    const r = await resolveDate(new Date('2023-01-19T12:08:14.466Z'), deps(cache, asked));
    assert.equal(r.height, 324);
    assert.equal(r.timestampNs, '1674130092319997205');
    assert.equal(r.requests, asked.length);
    assert.ok(r.requests <= DEFAULT_MAX_REQUESTS, `${r.requests} look-ups`);
    // The first look-up aims at the bracket's pace (#334), far from #368 where the outage's pace put it (#365).
    assert.ok(asked[0]! < 340, `first look-up at #${asked[0]}`);
  });
});

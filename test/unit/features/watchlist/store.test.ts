// The watchlist's stored record as the engine reads it after every load (#34, bench row 35): parsed once per stored
// value, each account's changes diffed once per pair of snapshots — and a new value or a new snapshot read afresh.
import assert from 'node:assert/strict';
import { changesOf, watchedRecord } from '../../../../src/features/watchlist/model/store';
import type { Snapshot } from '../../../../src/features/watchlist/model/snapshot';

const snap = (balance: string): Snapshot => ({
  time: 1_000,
  blockHeight: 7,
  exists: true,
  balance,
  locked: '0',
  storageBytes: 500,
  codeHash: '11111111111111111111111111111111',
  keys: [{ publicKey: 'ed25519:x', permission: 'FullAccess' }],
  tokens: [],
  nfts: [],
  pools: [],
});

describe('watchlist changes: the stored record', () => {
  it('keeps the well-formed entries only; the same stored value is parsed once, a new one afresh', () => {
    const stored = { 'n|a.near': { seen: snap('5'), latest: { bad: 1 }, alerted: ['k', 3] }, 'n|b.near': { seen: { balance: 5 } }, x: null };
    const r = watchedRecord(stored);
    assert.deepEqual(Object.keys(r), ['n|a.near']);
    assert.deepEqual(r['n|a.near'], { seen: snap('5'), alerted: ['k'] }, 'a malformed latest and alert left out');
    assert.equal(watchedRecord(stored), r, 'the same value: the same parse');
    const next = { ...stored, 'n|c.near': { seen: snap('1'), alerted: [] } };
    assert.deepEqual(Object.keys(watchedRecord(next)), ['n|a.near', 'n|c.near'], 'a new value (the next write) read afresh');
    assert.deepEqual(watchedRecord(undefined), {});
    assert.deepEqual(watchedRecord('junk'), {});
  });

  it('changes are diffed once per pair of snapshots: Mark as Seen (a new seen) and a new read both diff again', () => {
    const seen = snap('5');
    const latest = snap('7');
    const w = { seen, latest, alerted: [] };
    const first = changesOf(w);
    assert.deepEqual(first, [{ kind: 'balance', before: '5', after: '7', delta: '2' }]);
    first.pop(); // a caller's copy: the next answer is whole
    assert.equal(changesOf({ seen, latest, alerted: [] }).length, 1);
    assert.deepEqual(changesOf({ seen: latest, latest, alerted: [] }), [], 'seen renewed to the latest: no change');
    assert.deepEqual(changesOf({ seen, latest: snap('9'), alerted: [] }), [{ kind: 'balance', before: '5', after: '9', delta: '4' }]);
    assert.deepEqual(changesOf({ seen, alerted: [] }), [], 'no latest read: no change');
  });
});

// When a refresh of a watched account reads its code hash and keys again (#34, bench row 35): keys and code live in
// the account's storage, so only a storage change, a first read or an old read asks RPC; otherwise they are carried.
import assert from 'node:assert/strict';
import { normaliseFull } from '../../../../src/near/account';
import { carriedSnapshotOf, diffSnapshots, KEYS_MAX_AGE_MS, keysReadNeeded } from '../../../../src/features/watchlist/model/snapshot';
import type { Snapshot } from '../../../../src/features/watchlist/model/snapshot';

const full = (bytes: number | null, balance = '5') =>
  normaliseFull({ account_id: 'a.near', state: bytes === null ? null : { balance, locked: '0', storage_bytes: bytes }, tokens: [], nfts: [], pools: [] });
const last: Snapshot = {
  time: 1_000_000,
  blockHeight: 77,
  exists: true,
  balance: '5',
  locked: '0',
  storageBytes: 500,
  codeHash: 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG',
  keys: [{ publicKey: 'ed25519:x', permission: 'FullAccess' }],
  tokens: [],
  nfts: [],
  pools: [],
};

describe('watchlist changes: when code hash and keys are read again', () => {
  it('reads on the first load, a storage change, a newly created account, and at the maximum age; not otherwise', () => {
    const t = last.time;
    assert.equal(keysReadNeeded(undefined, full(500), t), true, 'no snapshot yet');
    assert.equal(keysReadNeeded(last, full(500), t + 1), false, 'same storage, read just now');
    assert.equal(keysReadNeeded(last, full(582), t + 1), true, 'a key added (storage grew)');
    assert.equal(keysReadNeeded(last, full(400), t + 1), true, 'a key deleted or smaller code (storage shrank)');
    assert.equal(keysReadNeeded({ ...last, exists: false, storageBytes: 0 }, full(0), t + 1), true, 'the account was created');
    assert.equal(keysReadNeeded(last, full(null), t + 1), false, 'a missing account has nothing to read');
    assert.equal(keysReadNeeded(last, full(500), t + KEYS_MAX_AGE_MS - 1), false);
    assert.equal(keysReadNeeded(last, full(500), t + KEYS_MAX_AGE_MS), true, 'the maximum age (a same-length redeploy)');
    assert.equal(keysReadNeeded(last, full(500), t - 1), true, 'a clock moved back');
    assert.equal(
      keysReadNeeded({ ...last, time: t + 5 * KEYS_MAX_AGE_MS, keysTime: t }, full(500), t + 5 * KEYS_MAX_AGE_MS),
      true,
      'the age is the keys read’s',
    );
  });

  it('a carried snapshot keeps the last read’s code hash, keys, block and read time; only /full’s changes show', () => {
    const later = carriedSnapshotOf(full(500, '7'), last, last.time + 60_000);
    assert.equal(later.time, last.time + 60_000);
    assert.equal(later.keysTime, last.time);
    assert.equal(later.blockHeight, 77, 'transactions "since the block" start at the read that the keys are from');
    assert.deepEqual(diffSnapshots(last, later), [{ kind: 'balance', before: '5', after: '7', delta: '2' }]);
    const again = carriedSnapshotOf(full(500, '7'), later, last.time + 120_000);
    assert.equal(again.keysTime, last.time, 'carried twice: still the first read’s age');
    assert.deepEqual(diffSnapshots(later, again), []);
  });
});

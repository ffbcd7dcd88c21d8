// The watchlist's diff (#34): a snapshot compared with itself has no change; every field change is reported once,
// exactly (property tests with fast-check); the alert rules.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { alertsFor, changeSummary, DEFAULT_ALERTS } from '../../../../src/features/watchlist/model/changeText';
import { changeId, diffSnapshots } from '../../../../src/features/watchlist/model/snapshot';
import type { Change, KeyPermission, Snapshot } from '../../../../src/features/watchlist/model/snapshot';

const ed = (n: number): string => `ed25519:${'A'.repeat(40)}${String(n).padStart(4, '0')}`;
const yocto = fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String);
const permission: fc.Arbitrary<KeyPermission> = fc.oneof(
  fc.constant<KeyPermission>('FullAccess'),
  fc.record({ receiverId: fc.constantFrom('app.near', 'game.hot.tg'), methodNames: fc.constantFrom<string[][]>([], ['claim'], ['a', 'b']) }),
);
const ids = (pool: string[]): fc.Arbitrary<string[]> => fc.subarray(pool).map((x) => [...x].sort());
const snapshot: fc.Arbitrary<Snapshot> = fc.record({
  time: fc.integer({ min: 0, max: 2 ** 42 }),
  blockHeight: fc.integer({ min: 1, max: 2 ** 40 }),
  exists: fc.boolean(),
  balance: yocto,
  locked: yocto,
  storageBytes: fc.integer({ min: 0, max: 10_000_000 }),
  codeHash: fc.constantFrom('11111111111111111111111111111111', 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG', '5KaX9FM9NtjpfahksL8TMWQk3LF7k8Sv88Qem4dLYVbd'),
  keys: fc
    .uniqueArray(fc.record({ publicKey: fc.integer({ min: 0, max: 30 }).map(ed), permission }), { selector: (k) => k.publicKey, maxLength: 6 })
    .map((ks) => ks.sort((a, b) => (a.publicKey < b.publicKey ? -1 : 1))),
  tokens: ids(['usdt.tether-token.near', 'wrap.near', 'meta-pool.near', 'token.sweat']),
  nfts: ids(['nft.hot.tg', 'x.mintbase1.near']),
  pools: ids(['here.poolv1.near', 'astro.poolv1.near']),
});

describe('watchlist changes: the diff', () => {
  it('a snapshot compared with itself (or a copy read later) has no change', () => {
    fc.assert(
      fc.property(snapshot, fc.integer({ min: 0, max: 10 ** 9 }), (s, later) => {
        assert.deepEqual(diffSnapshots(s, s), []);
        assert.deepEqual(diffSnapshots(s, structuredClone({ ...s, time: s.time + later, blockHeight: s.blockHeight! + later })), []);
      }),
    );
  });

  it('every field change is reported once, exactly (amounts to the yocto, storage in bytes and what it pins)', () => {
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        const changes = diffSnapshots(a, b);
        const once = new Set(changes.map(changeId));
        assert.equal(once.size, changes.length, 'no change twice');
        const of = (k: Change['kind']): Change[] => changes.filter((c) => c.kind === k);
        for (const k of ['balance', 'locked'] as const) {
          const [c, ...rest] = of(k);
          assert.equal(rest.length, 0);
          if (a[k] === b[k]) assert.equal(c, undefined);
          else assert.deepEqual(c, { kind: k, before: a[k], after: b[k], delta: String(BigInt(b[k]) - BigInt(a[k])) });
        }
        const st = of('storage');
        if (a.storageBytes === b.storageBytes) assert.equal(st.length, 0);
        else {
          const d = b.storageBytes - a.storageBytes;
          assert.deepEqual(st, [
            { kind: 'storage', before: String(a.storageBytes), after: String(b.storageBytes), delta: String(d), pinnedDelta: String(BigInt(d) * 10n ** 19n) },
          ]);
        }
        assert.deepEqual(of('code'), a.codeHash === b.codeHash ? [] : [{ kind: 'code', before: a.codeHash, after: b.codeHash }]);
        // Keys: a key in one and not the other (or with another permission) is removed and/or added, exactly once.
        const same = (x: Snapshot['keys'][number], ys: Snapshot['keys']): boolean =>
          ys.some((y) => y.publicKey === x.publicKey && JSON.stringify(y.permission) === JSON.stringify(x.permission));
        assert.deepEqual(
          of('keyRemoved').map((c) => c.publicKey),
          a.keys.filter((k) => !same(k, b.keys)).map((k) => k.publicKey),
        );
        assert.deepEqual(
          of('keyAdded').map((c) => [c.publicKey, c.permission]),
          b.keys.filter((k) => !same(k, a.keys)).map((k) => [k.publicKey, k.permission]),
        );
        for (const [kind, field] of [
          ['token', 'tokens'],
          ['nft', 'nfts'],
          ['pool', 'pools'],
        ] as const) {
          const before = a[field]!;
          const after = b[field]!;
          assert.deepEqual(
            of(kind)
              .filter((c) => c.before)
              .map((c) => c.before),
            before.filter((x) => !after.includes(x)),
          );
          assert.deepEqual(
            of(kind)
              .filter((c) => c.after)
              .map((c) => c.after),
            after.filter((x) => !before.includes(x)),
          );
        }
      }),
    );
  });

  it('a list a partial read could not know (no indexer, REST down) compares nothing', () => {
    const a: Snapshot = { time: 1, exists: true, balance: '1', locked: '0', storageBytes: 1, codeHash: 'x', keys: [], tokens: ['wrap.near'] };
    assert.deepEqual(diffSnapshots(a, { ...a, tokens: undefined }), []);
  });
});

describe('watchlist changes: summary and alert rules', () => {
  const NEAR = 10n ** 24n;
  const base: Snapshot = {
    time: 1,
    blockHeight: 10,
    exists: true,
    balance: String(10n * NEAR),
    locked: '0',
    storageBytes: 1000,
    codeHash: 'A',
    keys: [{ publicKey: ed(1), permission: 'FullAccess' }],
  };
  const on = { ...DEFAULT_ALERTS, storageNear: NEAR / 2n };

  it('says "+2 NEAR · new full-access key" for a deposit and a new key', () => {
    const after: Snapshot = { ...base, balance: String(12n * NEAR), keys: [...base.keys, { publicKey: ed(2), permission: 'FullAccess' }] };
    assert.equal(changeSummary(diffSnapshots(base, after), 5), '+2 NEAR · new full-access key');
  });

  it('a new full-access key alerts (saying what it means and what to do); a function-call key too; balance is off by default', () => {
    const after: Snapshot = {
      ...base,
      balance: String(11n * NEAR),
      keys: [...base.keys, { publicKey: ed(2), permission: 'FullAccess' }, { publicKey: ed(3), permission: { receiverId: 'app.near', methodNames: [] } }],
    };
    const alerts = alertsFor('watched.near', diffSnapshots(base, after), base, after, on);
    assert.deepEqual(
      alerts.map((a) => a.kind),
      ['keys', 'keys'],
    );
    assert.match(
      alerts[0]!.message,
      /FULL-ACCESS key ed25519:A+0002 was added\. A full-access key can do anything the account can.*If you did not add it.*remove the key/s,
    );
    assert.equal(alertsFor('watched.near', diffSnapshots(base, after), base, after, { ...on, keys: false }).length, 0);
    assert.deepEqual(
      alertsFor('w.near', diffSnapshots(base, after), base, after, { ...on, keys: false, balance: true }).map((a) => a.kind),
      ['balance'],
    );
  });

  it('code redeployed alerts; storage alerts when the spendable balance crosses under the threshold, not while it stays there', () => {
    const code = { ...base, codeHash: 'B' };
    assert.deepEqual(
      alertsFor('w.near', diffSnapshots(base, code), base, code, on).map((a) => a.kind),
      ['code'],
    );
    // 10 NEAR, storage grows until 9.6 NEAR are pinned: spendable 0.4 < 0.5.
    const grown = { ...base, storageBytes: 960_000 };
    const alerts = alertsFor('w.near', diffSnapshots(base, grown), base, grown, on);
    assert.deepEqual(
      alerts.map((a) => a.kind),
      ['storage'],
    );
    assert.match(alerts[0]!.message, /only 0\.4 NEAR is spendable .*LackBalanceForState/);
    const under = { ...base, storageBytes: 970_000 };
    assert.deepEqual(alertsFor('w.near', diffSnapshots(grown, under), grown, under, on), []);
    assert.deepEqual(alertsFor('w.near', diffSnapshots(base, grown), base, grown, { ...on, storage: false }), []);
  });
});

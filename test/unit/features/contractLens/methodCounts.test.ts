// The contract lens's counting (#47): one read of an account's calls (a page of up to 200 rows, records oldest first
// in batches of 20) counted per method, by what the records say; read failures, missing and pending records and page
// limits, as a property: nothing counted twice or lost (or, past the cap, said as capped); the 24 h window sliding;
// times as exact nanosecond strings; the watchlist's reads unchanged.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { afterRead, LENS_LIMIT, readCounts } from '../../../../src/features/contractLens/model/countsRead';
import { BUCKET_NS, contractActivityOf, DAY_NS, EMPTY_COUNTS, MAX_METHODS } from '../../../../src/features/contractLens/model/methodCounts';
import type { MethodCounts } from '../../../../src/features/contractLens/model/methodCounts';
import type { ActivityClient } from '../../../../src/features/watchlist/model/activityRead';
import { fakeTxService } from '../../../support/fakeTxService';
import type { FakeTx, FakeTxService } from '../../../support/fakeTxService';
import { C, callTx, SEC, T0, T0_MS } from '../../../support/contractCalls';

interface Fault {
  page?: boolean;
  /** The n-th records batch of the read fails. */
  batch?: number;
  missing?: ReadonlySet<string>;
  pending?: ReadonlySet<string>;
}

/** The service with one read's faults. */
function faulty(svc: FakeTxService, f: Fault): ActivityClient {
  let batches = 0;
  return {
    transactions: {
      accountTransactions: async (req) => {
        if (f.page) throw new Error('the page failed');
        return svc.transactions.accountTransactions(req);
      },
      byHash: async (hashes) => {
        if (f.batch === batches++) throw new Error('a batch failed');
        const m = new Map(await svc.transactions.byHash(hashes));
        for (const h of f.missing ?? []) m.delete(h);
        for (const h of f.pending ?? []) {
          const t = m.get(h);
          if (t) m.set(h, { ...t, status: 'pending' });
        }
        return m;
      },
    },
  };
}

/** One read as the source does it: the counts after it, at `nowMs`. */
async function read(
  counts: MethodCounts,
  client: ActivityClient,
  nowMs = T0_MS + 60_000,
  limit = LENS_LIMIT,
): Promise<{ counts: MethodCounts; error?: string }> {
  const step = await readCounts(client, C, counts.cursor, nowMs, limit);
  return afterRead(counts, C, step, String(BigInt(nowMs) * 1_000_000n));
}

const activity = (s: MethodCounts) => {
  const a = contractActivityOf(C, 'mainnet', s);
  assert.ok(a, 'counts after a read');
  return a;
};
const method = (s: MethodCounts, m: string) => activity(s).methods.find((x) => x.method === m);

describe('contract lens: counting calls per method', () => {
  it('counts each call to the account by method, failures by the failing action, the newest failure’s words and kind', async () => {
    const svc = fakeTxService([
      callTx(1, [{ method: 'claim' }]),
      callTx(2, [{ method: 'claim', fail: 'not ready' }]),
      callTx(3, [{ method: 'settle' }, { method: 'claim', fail: 'round over' }]),
      callTx(4, [{ method: 'ping' }]),
    ]);
    const { counts, error } = await read(EMPTY_COUNTS, svc);
    assert.equal(error, undefined);
    const a = activity(counts);
    assert.deepEqual(
      a.methods.map((m) => [m.method, m.calls, m.failed, m.calls24h, m.failed24h]),
      [
        ['claim', 3, 2, 3, 2],
        ['ping', 1, 0, 1, 0],
        ['settle', 1, 0, 1, 0],
      ],
      'busiest of the day first, then by name; the refund to alice.near is not a call',
    );
    assert.deepEqual(method(counts, 'claim')?.lastFailure, { message: 'round over', kind: 'panic', hash: callTx(3, []).hash });
    assert.equal(a.rows, 4);
    assert.equal(a.since, String(T0 + SEC), 'the oldest row, exact');
    assert.equal(method(counts, 'ping')?.lastAt, String(T0 + 4n * SEC), 'exact ns past 2^53');
    assert.equal(a.asOf, String(BigInt(T0_MS + 60_000) * 1_000_000n));
    assert.equal(a.capped, false);
    assert.deepEqual(
      svc.calls.map((c) => c.kind),
      ['account', 'transactions'],
    );
  });

  it('a read with nothing new is one request and changes only the time; new calls add to the counts, none twice', async () => {
    const svc = fakeTxService([callTx(1, [{ method: 'claim' }])]);
    let { counts } = await read(EMPTY_COUNTS, svc);
    svc.calls.length = 0;
    ({ counts } = await read(counts, svc, T0_MS + 120_000));
    assert.equal(svc.calls.length, 1);
    assert.equal(method(counts, 'claim')?.calls, 1);
    svc.append(callTx(2, [{ method: 'claim' }]), callTx(3, [{ method: 'claim', fail: 'x' }]));
    ({ counts } = await read(counts, svc, T0_MS + 180_000));
    assert.deepEqual([method(counts, 'claim')?.calls, method(counts, 'claim')?.failed, activity(counts).rows], [3, 1, 3]);
  });

  it('reads 200 rows, their records in 10 batches of 20 oldest first; more than 200 new is capped', async () => {
    const svc = fakeTxService(Array.from({ length: 230 }, (_, i) => callTx(i, [{ method: i % 2 ? 'a' : 'b' }])));
    const { counts } = await read(EMPTY_COUNTS, svc, T0_MS + 600_000);
    const batches = svc.calls.filter((c) => c.kind === 'transactions');
    assert.equal(batches.length, 10);
    assert.ok(batches.every((b) => b.kind === 'transactions' && b.hashes.length === 20));
    const first = batches[0];
    assert.ok(first?.kind === 'transactions' && first.hashes.includes(callTx(30, []).hash), 'the oldest of the 200 first');
    const a = activity(counts);
    assert.equal(a.rows, 200);
    assert.equal(a.capped, true, 'older calls of the day were not read');
    assert.equal(a.since, String(T0 + 30n * SEC));
  });

  it('a failed page keeps the counts and says why; a failed batch keeps the older rows read, the rest read next time', async () => {
    const svc = fakeTxService(Array.from({ length: 50 }, (_, i) => callTx(i, [{ method: 'm' }])));
    let r = await read(EMPTY_COUNTS, faulty(svc, { page: true }));
    assert.equal(r.error, 'Something went wrong in NEAR Lens.', 'an unknown error’s own text is never shown');
    assert.equal(contractActivityOf(C, 'mainnet', r.counts), undefined, 'nothing read yet');
    r = await read(r.counts, faulty(svc, { batch: 1 }));
    assert.equal(method(r.counts, 'm')?.calls, 20, 'the first batch, the oldest 20');
    assert.ok(r.error);
    r = await read(r.counts, svc);
    assert.equal(r.error, undefined);
    assert.equal(method(r.counts, 'm')?.calls, 50);
    assert.equal(activity(r.counts).rows, 50);
  });

  it('a pending newest record holds back only itself and what is newer', async () => {
    const svc = fakeTxService(Array.from({ length: 5 }, (_, i) => callTx(i, [{ method: 'm' }])));
    let r = await read(EMPTY_COUNTS, faulty(svc, { pending: new Set([callTx(3, []).hash]) }));
    assert.equal(method(r.counts, 'm')?.calls, 3);
    assert.equal(r.error, undefined);
    r = await read(r.counts, svc);
    assert.equal(method(r.counts, 'm')?.calls, 5);
  });

  it('the day slides: an old call leaves calls24h and stays in calls', async () => {
    const svc = fakeTxService([callTx(1, [{ method: 'm', fail: 'boom' }]), callTx(2, [{ method: 'm' }], T0 + 12n * 3600n * SEC)]);
    let { counts } = await read(EMPTY_COUNTS, svc, T0_MS + 13 * 3_600_000);
    assert.deepEqual([method(counts, 'm')?.calls24h, method(counts, 'm')?.failed24h], [2, 1]);
    const dayAfterFirst = Number((T0 + DAY_NS + BUCKET_NS) / 1_000_000n) + 1;
    ({ counts } = await read(counts, svc, dayAfterFirst));
    const m = method(counts, 'm');
    assert.deepEqual([m?.calls, m?.failed, m?.calls24h, m?.failed24h], [2, 1, 1, 0]);
    assert.equal(m?.lastFailure?.message, 'boom', 'the last failure is kept with the totals');
    ({ counts } = await read(counts, svc, dayAfterFirst + 86_400_000));
    assert.deepEqual([method(counts, 'm')?.calls, method(counts, 'm')?.calls24h], [2, 0]);
    assert.ok([...(counts.methods.get('m')?.buckets.keys() ?? [])].length <= 1, 'old buckets dropped');
  });

  it('hostile names and messages are kept as data, cut; the methods kept are bounded', async () => {
    const long = `<img src=x onerror=alert(1)>${'y'.repeat(2000)}`;
    const junk = (from: number, n: number): FakeTx[] => Array.from({ length: n }, (_, i) => callTx(from + i, [{ method: `junk_${from + i}`, fail: long }]));
    const svc = fakeTxService([callTx(0, [{ method: 'real' }]), callTx(1, [{ method: 'real' }]), ...junk(2, 150)]);
    let { counts } = await read(EMPTY_COUNTS, svc, T0_MS + 3_600_000);
    svc.append(...junk(152, MAX_METHODS - 140));
    ({ counts } = await read(counts, svc, T0_MS + 3_700_000));
    assert.equal(counts.methods.size, MAX_METHODS);
    assert.equal(method(counts, 'real')?.calls, 2, 'the most called method is kept');
    const failed = activity(counts).methods.find((m) => m.lastFailure);
    assert.ok(failed?.lastFailure && failed.lastFailure.message.length <= 500 && failed.lastFailure.message.startsWith('<img'));
  });
});

/** One step of the property: calls arrive, or a read with its faults. */
type Step =
  | { kind: 'calls'; calls: Array<{ actions: number; fail: boolean }> }
  | { kind: 'read'; fault: 'none' | 'page' | 'batch' | 'missing' | 'pending'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('calls' as const),
    calls: fc.array(fc.record({ actions: fc.integer({ min: 1, max: 2 }), fail: fc.boolean() }), { maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('read' as const), fault: fc.constantFrom('none', 'page', 'batch', 'missing', 'pending'), pick: fc.nat(6) }),
);

/** Runs the steps, then reads without faults until nothing changes; the truth per row and the counts. */
async function run(steps: readonly Step[], limit: number, batch = 3) {
  const svc = fakeTxService([]);
  const truth: Array<{ tx: FakeTx; actions: number; fail: boolean }> = [];
  let counts = EMPTY_COUNTS;
  const readWith = async (f: Fault): Promise<void> => {
    const step = await readCounts(faulty(svc, f), C, counts.cursor, T0_MS + 60_000, limit, batch);
    counts = afterRead(counts, C, step, String(T0 + 60n * SEC)).counts;
  };
  for (const s of steps) {
    if (s.kind === 'calls') {
      for (const c of s.calls) {
        const i = truth.length;
        // One method per row: a row counted twice would show as twice its actions.
        const calls = Array.from({ length: c.actions }, (_, k) => ({ method: `m${i}`, ...(c.fail && k === c.actions - 1 && { fail: 'no' }) }));
        // Several rows share a block now and then (heights i / 2), as a busy block does.
        const tx = { ...callTx(i, calls, T0 + BigInt(i) * SEC, 1000 + Math.floor(i / 2)), txIndex: i % 2 };
        truth.push({ tx, actions: c.actions, fail: c.fail });
        svc.append(tx);
      }
      continue;
    }
    const hashes = truth.filter((_, i) => (i + s.pick) % 3 === 0).map((t) => t.tx.hash);
    await readWith(
      s.fault === 'page'
        ? { page: true }
        : s.fault === 'batch'
          ? { batch: s.pick % 2 }
          : s.fault === 'missing'
            ? { missing: new Set(hashes) }
            : s.fault === 'pending'
              ? { pending: new Set(hashes) }
              : {},
    );
  }
  // Reads without faults until one changes nothing but the time.
  for (let i = 0, was = ''; i < 10 && JSON.stringify(counts.cursor) !== was; i++) {
    was = JSON.stringify(counts.cursor);
    await readWith({});
  }
  return { truth, counts };
}

describe('contract lens: nothing counted twice or lost (property)', function () {
  this.timeout(120_000);

  it('through failed pages and batches, missing and pending records, every call counted exactly once (no cap met)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 25 }), async (steps) => {
        const { truth, counts } = await run(steps, LENS_LIMIT);
        for (const [i, t] of truth.entries()) {
          const m = counts.methods.get(`m${i}`);
          assert.deepEqual([m?.calls, m?.failed], [t.actions, t.fail ? 1 : 0], `row ${i}`);
        }
        assert.equal(counts.rows, truth.length);
        assert.equal(counts.methods.size, truth.length);
        if (truth.length > 0) assert.equal(activity(counts).capped, false);
      }),
      { numRuns: 200 },
    );
  });

  it('with a small page: each row counted once or not at all, and rows not counted said as capped', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 25 }), async (steps) => {
        const { truth, counts } = await run(steps, 4, 2);
        let counted = 0;
        for (const [i, t] of truth.entries()) {
          const m = counts.methods.get(`m${i}`);
          if (m === undefined) continue;
          counted++;
          assert.deepEqual([m.calls, m.failed], [t.actions, t.fail ? 1 : 0], `row ${i} counted whole, once`);
        }
        assert.equal(counts.rows, counted);
        if (counted < truth.length) assert.equal(activity(counts).capped, true, `${truth.length - counted} rows not counted`);
      }),
      { numRuns: 200 },
    );
  });
});

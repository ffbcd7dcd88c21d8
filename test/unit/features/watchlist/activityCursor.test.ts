// The "last seen" bookkeeping of a watched contract's incoming calls: the request, which rows are new, the newest 20
// read and the rest counted, a cursor that moves only on a read that succeeded — and, over random arrivals, read
// failures and page sizes, every call after the first load read once or counted once, never twice, never lost.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { activityRequest, isActivityCursor, isAfter, planActivity, settleActivity } from '../../../../src/features/watchlist/model/activityCursor';
import type { ActivityCursor, ReadPlan } from '../../../../src/features/watchlist/model/activityCursor';
import type { AccountTxPage, AccountTxRequest, AccountTxRow } from '../../../../src/client/transactions/types';
import type { TxStatus } from '../../../../src/client/transactions/model';

interface Tx {
  hash: string;
  blockHeight: number;
  txIndex: number;
}
/** A block's time in ns: one second a block, from a recent epoch second. */
const nsAt = (height: number): string => String((1_700_000_000n + BigInt(height)) * 1_000_000_000n);
const msAt = (height: number): number => Number(BigInt(nsAt(height)) / 1_000_000n);

const row = (t: Tx): AccountTxRow => ({
  hash: t.hash,
  blockHeight: String(t.blockHeight),
  timestamp: nsAt(t.blockHeight),
  txIndex: t.txIndex,
  isSigner: false,
  isReceiver: true,
  isFunctionCall: true,
  isSuccess: true,
});

/** The service as its code answers `/v0/account` with a first page: newest first, `txs_count` over the range, a token when full. */
function answer(chain: readonly Tx[], req: AccountTxRequest): AccountTxPage {
  assert.deepEqual(req.filter, { isFunctionCall: true });
  const from = req.fromBlockHeight === undefined ? 0 : Number(req.fromBlockHeight);
  const limit = req.limit ?? 20;
  const all = chain.filter((t) => t.blockHeight >= from).sort((a, b) => b.blockHeight - a.blockHeight || b.txIndex - a.txIndex);
  const rows = all.slice(0, limit).map(row);
  const last = rows[rows.length - 1];
  return { rows, count: all.length, ...(rows.length === limit && last && { resumeToken: String((BigInt(last.blockHeight) << 32n) | BigInt(last.txIndex)) }) };
}

const records = (plan: ReadPlan, status: (hash: string, i: number) => TxStatus | undefined): Map<string, { hash: string; status: TxStatus }> => {
  const m = new Map<string, { hash: string; status: TxStatus }>();
  plan.hashes.forEach((hash, i) => {
    const s = status(hash, i);
    if (s) m.set(hash, { hash, status: s });
  });
  return m;
};

const chainOf = (spec: Array<[number, number]>): Tx[] => spec.map(([h, i]) => ({ hash: `h${h}-${i}`, blockHeight: h, txIndex: i }));

describe('watchlist activity: the last-seen cursor', () => {
  it('asks for calls to the account, 20 rows, from the cursor’s block (inclusive on the server)', () => {
    assert.deepEqual(activityRequest('game.hot.tg', undefined), { accountId: 'game.hot.tg', limit: 20, filter: { isFunctionCall: true } });
    assert.deepEqual(activityRequest('game.hot.tg', { kind: 'empty' }), { accountId: 'game.hot.tg', limit: 20, filter: { isFunctionCall: true } });
    assert.deepEqual(activityRequest('game.hot.tg', { kind: 'row', blockHeight: '185570074', txIndex: 3 }), {
      accountId: 'game.hot.tg',
      limit: 20,
      filter: { isFunctionCall: true },
      fromBlockHeight: '185570074',
    });
  });

  it('a first load records the newest row and reports nothing; an account with no calls starts "empty"', () => {
    const chain = chainOf([
      [10, 0],
      [12, 1],
      [12, 4],
    ]);
    const first = planActivity(undefined, answer(chain, activityRequest('c.near', undefined)));
    assert.deepEqual(first, { kind: 'first-load', cursor: { kind: 'row', blockHeight: '12', txIndex: 4, atHeight: 2 } });
    const none = planActivity(undefined, { rows: [], count: 0 });
    assert.deepEqual(none, { kind: 'first-load', cursor: { kind: 'empty' } });
    // From "empty", the first call that ever appears is new.
    const later = planActivity({ kind: 'empty' }, answer(chainOf([[30, 0]]), activityRequest('c.near', { kind: 'empty' })));
    assert.equal(later.kind, 'read');
    assert.deepEqual(later.kind === 'read' && later.hashes, ['h30-0']);
  });

  it('rows at the cursor’s block with an index at or below its own are old; later ones are new', () => {
    const cursor: ActivityCursor = { kind: 'row', blockHeight: '100', txIndex: 2 };
    assert.equal(isAfter({ blockHeight: '100', txIndex: 2 }, cursor), false);
    assert.equal(isAfter({ blockHeight: '100', txIndex: 1 }, cursor), false);
    assert.equal(isAfter({ blockHeight: '99', txIndex: 9 }, cursor), false);
    assert.equal(isAfter({ blockHeight: '100', txIndex: 3 }, cursor), true);
    assert.equal(isAfter({ blockHeight: '101', txIndex: 0 }, cursor), true);
    const chain = chainOf([
      [100, 1],
      [100, 2],
      [100, 3],
      [104, 0],
    ]);
    const plan = planActivity(cursor, answer(chain, activityRequest('c.near', cursor)));
    assert.deepEqual(plan.kind === 'read' && plan.hashes, ['h104-0', 'h100-3'], 'newest first, the old rows of block 100 dropped');
    assert.deepEqual(plan.kind === 'read' && plan.unread, { count: 0, atLeast: false });
    assert.deepEqual(plan.kind === 'read' && plan.next, { kind: 'row', blockHeight: '104', txIndex: 0, atHeight: 1 });
    // Nothing new: the cursor stays, and learns how many rows its block holds up to it.
    const quiet = planActivity(cursor, answer(chainOf([[100, 1]]).concat(chainOf([[100, 2]])), activityRequest('c.near', cursor)));
    assert.deepEqual(quiet, { kind: 'nothing-new', cursor: { ...cursor, atHeight: 2 } });
  });

  it('more than 20 new: the newest 20 are read and the rest counted exactly from the service’s count ("and 57 more")', () => {
    const cursor: ActivityCursor = { kind: 'row', blockHeight: '100', txIndex: 0, atHeight: 1 };
    const chain = chainOf([[100, 0], ...Array.from({ length: 77 }, (_, i): [number, number] => [101 + i, 0])]);
    const plan = planActivity(cursor, answer(chain, activityRequest('c.near', cursor)));
    assert.equal(plan.kind, 'read');
    if (plan.kind !== 'read') return;
    assert.equal(plan.hashes.length, 20);
    assert.equal(plan.hashes[0], 'h177-0', 'the newest first');
    assert.deepEqual(plan.unread, { count: 57, atLeast: false });
    assert.deepEqual(plan.next, { kind: 'row', blockHeight: '177', txIndex: 0, atHeight: 1 });
    // Without the count, or not knowing how many old rows share the cursor's block, only "at least" is honest.
    const page = answer(chain, activityRequest('c.near', cursor));
    const noCount = planActivity(cursor, { rows: page.rows, ...(page.resumeToken && { resumeToken: page.resumeToken }) });
    assert.deepEqual(noCount.kind === 'read' && noCount.unread, { count: 0, atLeast: true });
    const unknownBlock = planActivity({ kind: 'row', blockHeight: '100', txIndex: 0 }, page);
    assert.deepEqual(unknownBlock.kind === 'read' && unknownBlock.unread, { count: 0, atLeast: true });
    // A full page all in one block cannot say how many rows that block holds: the next cursor leaves atHeight out.
    const busy = chainOf([[100, 0], ...Array.from({ length: 30 }, (_, i): [number, number] => [200, i])]);
    const busyPlan = planActivity(cursor, answer(busy, activityRequest('c.near', cursor)));
    assert.deepEqual(busyPlan.kind === 'read' && busyPlan.next, { kind: 'row', blockHeight: '200', txIndex: 29 });
    assert.deepEqual(busyPlan.kind === 'read' && busyPlan.unread, { count: 10, atLeast: false }, 'the count still says how many');
  });

  it('a failed read, a missing record or a pending one never moves the cursor; a long-pending record is taken as it stands', () => {
    const cursor: ActivityCursor = { kind: 'row', blockHeight: '100', txIndex: 0, atHeight: 1 };
    const plan = planActivity(
      cursor,
      answer(
        chainOf([
          [100, 0],
          [101, 0],
          [102, 0],
        ]),
        activityRequest('c.near', cursor),
      ),
    );
    assert.equal(plan.kind, 'read');
    if (plan.kind !== 'read') return;
    const now = msAt(103);
    assert.deepEqual(settleActivity(plan, undefined, now), { kind: 'retry', reason: 'failed' });
    assert.deepEqual(
      settleActivity(
        plan,
        records(plan, (_, i) => (i === 1 ? undefined : 'success')),
        now,
      ),
      { kind: 'retry', reason: 'missing' },
    );
    assert.deepEqual(
      settleActivity(
        plan,
        records(plan, (_, i) => (i === 0 ? 'pending' : 'failure')),
        now,
      ),
      { kind: 'retry', reason: 'pending' },
    );
    const late = settleActivity(
      plan,
      records(plan, (_, i) => (i === 0 ? 'pending' : 'failure')),
      msAt(102) + 10 * 60_000,
    );
    assert.equal(late.kind, 'done');
    const done = settleActivity(
      plan,
      records(plan, () => 'success'),
      now,
    );
    assert.equal(done.kind, 'done');
    if (done.kind !== 'done') return;
    assert.deepEqual(
      done.transactions.map((t) => t.hash),
      ['h102-0', 'h101-0'],
    );
    assert.deepEqual(done.cursor, { kind: 'row', blockHeight: '102', txIndex: 0, atHeight: 1 });
  });

  it('the guarantee is by (height, index), as the service pages: a row the indexer adds late below the cursor is not reported', () => {
    // The service writes a call's row when the receipt to the contract runs, which can be blocks after the
    // transaction's own block: a slow one can appear below a row already read. This is the cursor's known limit.
    const cursor: ActivityCursor = { kind: 'row', blockHeight: '105', txIndex: 0, atHeight: 1 };
    const plan = planActivity(
      cursor,
      answer(
        chainOf([
          [104, 0],
          [105, 0],
        ]),
        activityRequest('c.near', cursor),
      ),
    );
    assert.deepEqual(plan, { kind: 'nothing-new', cursor });
  });

  it('reads back only cursors this version wrote', () => {
    assert.equal(isActivityCursor({ kind: 'empty' }), true);
    assert.equal(isActivityCursor({ kind: 'row', blockHeight: '185570074', txIndex: 0 }), true);
    assert.equal(isActivityCursor({ kind: 'row', blockHeight: '185570074', txIndex: 0, atHeight: 2 }), true);
    for (const bad of [
      null,
      'x',
      {},
      { kind: 'row', blockHeight: 5, txIndex: 0 },
      { kind: 'row', blockHeight: '1e9', txIndex: 0 },
      { kind: 'row', blockHeight: '5', txIndex: -1 },
      { kind: 'row', blockHeight: '5', txIndex: 0, atHeight: 0 },
    ])
      assert.equal(isActivityCursor(bad), false, JSON.stringify(bad));
  });

  it('property: over random arrivals, read failures and page sizes, every call after the first load is read once or counted once', () => {
    type Mode = 'ok' | 'page-fails' | 'read-fails' | 'missing' | 'pending' | 'pending-long';
    type Step = { op: 'arrive'; blocks: boolean[] } | { op: 'refresh'; limit: number; mode: Mode };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('arrive' as const), blocks: fc.array(fc.boolean(), { maxLength: 6 }) }),
      fc.record({
        op: fc.constant('refresh' as const),
        limit: fc.integer({ min: 1, max: 20 }),
        mode: fc.constantFrom<Mode>('ok', 'ok', 'page-fails', 'read-fails', 'missing', 'pending', 'pending-long'),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.integer({ min: 0, max: 5 }), (steps, preload) => {
        const chain: Tx[] = [];
        let height = 1_000;
        let index = 0;
        const arrive = (newBlock: boolean): void => {
          if (newBlock || chain.length === 0) {
            height += 1 + (chain.length % 3);
            index = chain.length % 2;
          } else index += 1;
          chain.push({ hash: `t${chain.length}`, blockHeight: height, txIndex: index });
        };
        for (let i = 0; i < preload; i++) arrive(i % 2 === 0);

        let cursor: ActivityCursor | undefined;
        let before = new Set<string>();
        const reported: string[] = [];
        let counted = 0;
        let atLeast = false;
        const refresh = (limit: number, mode: Mode): string => {
          if (mode === 'page-fails') return 'failed';
          const plan = planActivity(cursor, answer(chain, activityRequest('c.near', cursor, limit)), limit);
          if (plan.kind === 'first-load') {
            before = new Set(chain.map((t) => t.hash));
            cursor = plan.cursor;
            return plan.kind;
          }
          if (plan.kind === 'nothing-new') {
            cursor = plan.cursor;
            return plan.kind;
          }
          const top = chain.find((t) => t.hash === plan.hashes[0]);
          const now = msAt(top?.blockHeight ?? 0) + (mode === 'pending-long' ? 11 * 60_000 : 1_000);
          const got =
            mode === 'read-fails'
              ? undefined
              : records(plan, (_, i) => (i === 0 && mode === 'missing' ? undefined : i === 0 && mode.startsWith('pending') ? 'pending' : 'success'));
          const s = settleActivity(plan, got, now);
          if (mode === 'read-fails' || mode === 'missing' || mode === 'pending') {
            assert.equal(s.kind, 'retry', mode);
            return 'retry';
          }
          assert.equal(s.kind, 'done');
          if (s.kind !== 'done') return 'retry';
          cursor = s.cursor;
          reported.push(...s.transactions.map((t) => t.hash));
          counted += s.unread.count;
          atLeast ||= s.unread.atLeast;
          return 'read';
        };
        for (const s of steps) {
          if (s.op === 'arrive') s.blocks.forEach(arrive);
          else refresh(s.limit, s.mode);
        }
        // The refreshes are allowed to finish.
        for (let i = 0; i < 1_000 && refresh(20, 'ok') !== 'nothing-new'; i++);
        if (cursor === undefined) return;

        assert.equal(new Set(reported).size, reported.length, 'no call read twice');
        assert.deepEqual(
          reported.filter((h) => before.has(h)),
          [],
          'none from before the first load',
        );
        const after = chain.filter((t) => !before.has(t.hash)).map((t) => t.hash);
        if (atLeast) assert.ok(reported.length + counted <= after.length, 'an "at least" count never says more than arrived');
        else assert.equal(reported.length + counted, after.length, 'every call after the first load read or counted');
        if (counted === 0 && !atLeast) assert.deepEqual([...reported].sort(), [...after].sort(), 'nothing cut: every one read');
      }),
      { numRuns: 400 },
    );
  });
});

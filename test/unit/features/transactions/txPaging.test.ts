// An account's transactions page by page (src/features/transactions/model/txPaging.ts) against a transactions API in memory that pages
// as the server does: pages joined are the whole history, no row twice, whatever the page size and filter.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { hasMore, readPage, readUntil, startHistory, TX_PAGE_SIZE } from '../../../../src/features/transactions/model/txPaging';
import type { TxHistory } from '../../../../src/features/transactions/model/txPaging';
import type { AccountTxFilter } from '../../../../src/client/transactions/types';
import { fakeTxService, makeHistory, model } from '../../../support/fakeTxService';
import type { FakeTx } from '../../../support/fakeTxService';

async function readAll(h: TxHistory, service: ReturnType<typeof fakeTxService>, limit: number): Promise<TxHistory> {
  let next = h;
  for (let guard = 0; hasMore(next); guard++) {
    assert.ok(guard < 1000, 'paging ends');
    next = await readPage(service, next, {}, limit);
  }
  return next;
}

const arbHistory = fc
  .uniqueArray(
    fc.record({
      height: fc.integer({ min: 1, max: 60 }),
      index: fc.integer({ min: 0, max: 3 }),
      isSigner: fc.boolean(),
      isReceiver: fc.boolean(),
      isFunctionCall: fc.boolean(),
      isSuccess: fc.boolean(),
    }),
    { selector: (r) => `${r.height}/${r.index}`, maxLength: 90 },
  )
  .map((rows) =>
    rows.map((r, i): FakeTx => {
      const row = {
        hash: `H${i}`,
        blockHeight: String(r.height),
        timestamp: String(1_771_106_600_329_561_530n + BigInt(r.height) * 1_000_000_000n),
        txIndex: r.index,
        isSigner: r.isSigner,
        isReceiver: r.isReceiver,
        isFunctionCall: r.isFunctionCall,
        isSuccess: r.isSuccess,
      };
      return { ...row, model: model(row) };
    }),
  );

const arbFilter: fc.Arbitrary<AccountTxFilter> = fc.record(
  { isSigner: fc.boolean(), isReceiver: fc.boolean(), isFunctionCall: fc.boolean(), isSuccess: fc.boolean() },
  { requiredKeys: [] },
);

describe('transactions paging (txPaging)', () => {
  it('pages joined = the whole history, newest first, no row twice, the count from the first page (property)', async () => {
    await fc.assert(
      fc.asyncProperty(arbHistory, arbFilter, fc.integer({ min: 1, max: 25 }), async (history, filter, limit) => {
        const service = fakeTxService(history);
        const all = await readAll(startHistory('alice.near', filter), service, limit);
        const expected = (await fakeTxService(history).transactions.accountTransactions({ accountId: 'alice.near', limit: 200, filter })).rows.map(
          (r) => r.hash,
        );
        assert.deepEqual(
          all.rows.map((r) => r.hash),
          expected,
        );
        assert.equal(new Set(all.rows.map((r) => r.hash)).size, all.rows.length, 'no row twice');
        assert.equal(all.count, expected.length);
        assert.ok(all.done && all.resumeToken === undefined);
        for (const r of all.rows) assert.equal(all.details.get(r.hash)?.hash, r.hash, 'every row has its record');
        // Each page asked once: the account pages, and one records batch per non-empty page.
        const pages = service.calls.filter((c) => c.kind === 'account');
        assert.equal(pages.filter((c) => c.kind === 'account' && c.req.resumeToken === undefined).length, 1, 'one first page');
        for (const c of service.calls) if (c.kind === 'transactions') assert.ok(c.hashes.length <= 20 && c.hashes.length > 0);
      }),
      { numRuns: 150 },
    );
  });

  it('a page of 20 costs 2 requests: the page, then its 20 records in one batch', async () => {
    const service = fakeTxService(makeHistory(81));
    const h = await readPage(service, startHistory('relay.tg'));
    assert.deepEqual(
      service.calls.map((c) => c.kind),
      ['account', 'transactions'],
    );
    assert.equal(h.rows.length, TX_PAGE_SIZE);
    assert.equal(h.count, 81);
    assert.ok(h.resumeToken && /^\d+$/.test(h.resumeToken), 'a decimal token');
    const batch = service.calls[1];
    assert.ok(batch?.kind === 'transactions' && batch.hashes.length === 20);
    assert.equal(h.details.size, 20, 'records keyed by hash although the service answered in another order');
  });

  it('a full last page gives a token whose next page is empty: that page ends the history', async () => {
    const service = fakeTxService(makeHistory(40));
    let h = await readUntil(service, startHistory('relay.tg'), 40);
    assert.equal(h.rows.length, 40);
    assert.ok(!h.done, 'the second page was full: the service sent a token');
    h = await readPage(service, h);
    assert.ok(h.done);
    assert.equal(h.rows.length, 40);
    assert.deepEqual(
      service.calls.map((c) => c.kind),
      ['account', 'transactions', 'account', 'transactions', 'account'],
      'no records asked for an empty page',
    );
  });

  it('a failed page leaves the history as it was, so asking again repeats the same page', async () => {
    const service = fakeTxService(makeHistory(30));
    const first = await readPage(service, startHistory('relay.tg'));
    service.failNext(1);
    await assert.rejects(readPage(service, first), /transactions service failed/);
    const second = await readPage(service, first);
    assert.equal(second.rows.length, 30);
    const tokens = service.calls.flatMap((c) => (c.kind === 'account' ? [c.req.resumeToken] : []));
    assert.deepEqual(tokens, [undefined, first.resumeToken, first.resumeToken]);
  });

  it('a hash the service has no record of is a row without details', async () => {
    const history = makeHistory(3);
    delete history[1]!.model;
    const h = await readPage(fakeTxService(history), startHistory('relay.tg'));
    assert.equal(h.rows.length, 3);
    assert.equal(h.details.size, 2);
    assert.equal(h.details.has(history[1]!.hash), false);
  });

  it('a limit above 20 asks the records 20 at a time', async () => {
    const service = fakeTxService(makeHistory(50));
    const h = await readPage(service, startHistory('relay.tg'), {}, 45);
    assert.equal(h.rows.length, 45);
    assert.deepEqual(
      service.calls.flatMap((c) => (c.kind === 'transactions' ? [c.hashes.length] : [])),
      [20, 20, 5],
    );
  });
});

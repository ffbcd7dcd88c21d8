// NearClient's transactions family against the stub's transactions host: batches of at most 20 keyed by hash, each
// hash read once a session, history pages with the resume token, receipts, RPC `tx` with the signer, the service's
// 400/500/empty answers, bad input refused before sending, and the key only where the other hosts' rules allow.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { createHash } from 'node:crypto';
import { NearClient } from '../../../src/client/client';
import type { ClientOptions } from '../../../src/client/client';
import { NO_TX_API_MESSAGE } from '../../../src/client/transactions/reads';
import { BoundedMap } from '../../../src/base/lru';
import type { TransactionModel } from '../../../src/client/transactions/model';
import type { AccountTxFilter, AccountTxRow } from '../../../src/client/transactions/types';
import { TtlCache } from '../../../src/client/cache';
import type { RecordedRequest, Stub } from '../../support/stub';
import { STUB_HISTORY_ACCOUNT, STUB_TX } from '../../support/stubTx';
import { clientFor, isKind, useStub } from '../../support/fixture';

const KEY = 'sk_tx-K3y/with+chars';
const unknownHash = (label: string): string => base58.encode(createHash('sha256').update(label).digest());

describe('NearClient transactions', function () {
  this.timeout(10_000);
  let stub: Stub;
  const make = (o: Partial<ClientOptions> = {}): NearClient => clientFor(stub, o);
  const txReqs = (): RecordedRequest[] => stub.requests.filter((r) => r.host === 'tx');
  const getStub = useStub();
  before(() => {
    stub = getStub();
  });

  async function history(c: NearClient, filter?: AccountTxFilter, limit = 20): Promise<AccountTxRow[]> {
    const rows: AccountTxRow[] = [];
    let token: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await c.transactions.accountTransactions({
        accountId: STUB_HISTORY_ACCOUNT,
        limit,
        ...(token && { resumeToken: token }),
        ...(filter && { filter }),
      });
      rows.push(...page.rows);
      if (i === 0) assert.equal(typeof page.count, 'number', 'txs_count on the first page');
      else assert.equal(page.count, undefined, 'no txs_count on a later page');
      if (!page.resumeToken) return rows;
      assert.equal(page.rows.length, limit, 'a resume token only on a full page');
      token = page.resumeToken;
    }
    throw new Error('no end of the history');
  }

  it('reads a record by hash: the real meta-transaction, exact', async () => {
    const m = await make().transactions.byHash([STUB_TX.delegate]);
    const t = m.get(STUB_TX.delegate);
    assert.ok(t);
    assert.equal(t.signerId, 'sweat-relayer.near');
    assert.equal(t.timestamp, '1771106600329561530');
    assert.equal(t.status, 'success');
    const [r] = txReqs();
    assert.equal(r?.method, 'POST');
    assert.equal(r?.path, '/v0/transactions');
    assert.deepEqual(r?.body, { tx_hashes: [STUB_TX.delegate] });
    assert.match(r?.headers['content-type'] ?? '', /^application\/json/);
  });

  it('batches 45 hashes as 20 + 20 + 5, keys the unordered answers by hash, leaves unknown ones absent', async () => {
    const c = make();
    const rows = await history(c);
    assert.equal(rows.length, 47);
    stub.clearRequests();
    const asked = [...rows.slice(0, 44).map((r) => r.hash), unknownHash('nope')];
    const m = await c.transactions.byHash(asked);
    assert.equal(m.size, 44);
    for (const h of asked.slice(0, 44)) assert.equal(m.get(h)?.hash, h);
    assert.equal(m.has(asked[44]!), false);
    const sizes = txReqs().map((r) => (r.body as { tx_hashes: string[] }).tx_hashes.length);
    assert.deepEqual(sizes, [20, 20, 5]);
  });

  it('reads a completed transaction once a session; an unknown hash is asked again', async () => {
    // The session's clients share one map of completed transactions (the extension's services make one).
    const completedTransactions = new BoundedMap<string, TransactionModel>(10);
    const c = make({ completedTransactions });
    const gone = unknownHash('later');
    await c.transactions.byHash([STUB_TX.delegate, gone]);
    await c.transactions.byHash([STUB_TX.delegate]);
    await make({ completedTransactions }).transactions.byHash([STUB_TX.delegate]); // another client of the same network
    assert.equal(txReqs().length, 1);
    await c.transactions.byHash([gone]);
    assert.equal(txReqs().length, 2);
  });

  it('joins a read in flight instead of asking again', async () => {
    const c = make();
    stub.setLatency(50);
    const [a, b] = await Promise.all([c.transactions.byHash([STUB_TX.delegate]), c.transactions.byHash([STUB_TX.delegate])]);
    assert.equal(a.get(STUB_TX.delegate)?.hash, STUB_TX.delegate);
    assert.equal(b.get(STUB_TX.delegate)?.hash, STUB_TX.delegate);
    assert.equal(txReqs().length, 1);
  });

  it('refuses bad hashes before sending, with why', async () => {
    const c = make();
    await assert.rejects(
      c.transactions.byHash(['0OIl'.repeat(11)]),
      isKind('invalid-input', (e) => assert.match(e.message, /base58/)),
    );
    await assert.rejects(
      c.transactions.byHash([base58.encode(new Uint8Array(16).fill(7))]),
      isKind('invalid-input', (e) => assert.match(e.message, /16 bytes, not 32/)),
    );
    const secret = `ed25519:${base58.encode(new Uint8Array(64).fill(9))}`;
    await assert.rejects(c.transactions.byHash([secret]), isKind('sensitive'));
    await assert.rejects(c.transactions.byHash([base58.encode(new Uint8Array(64).fill(9))]), isKind('sensitive'));
    await assert.rejects(
      c.transactions.accountTransactions({ accountId: STUB_HISTORY_ACCOUNT, limit: 0 }),
      isKind('invalid-input', (e) => assert.match(e.message, /1 to 200/)),
    );
    await assert.rejects(c.transactions.accountTransactions({ accountId: 'Not An Id' }), isKind('invalid-input'));
    await assert.rejects(
      c.transactions.receipt('xyz'),
      isKind('invalid-input', (e) => assert.match(e.message, /receipt id/)),
    );
    assert.equal(txReqs().length, 0);
  });

  it('pages a long history: pages joined are the whole history, newest first, no row twice (property)', async () => {
    const c = make();
    const all = await history(c, undefined, 200);
    assert.equal(all.length, 47);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50 }),
        fc.record({ isSigner: fc.option(fc.boolean(), { nil: undefined }), isSuccess: fc.option(fc.boolean(), { nil: undefined }) }),
        async (limit, f) => {
          const filter = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as AccountTxFilter;
          const want = all.filter(
            (r) => (filter.isSigner === undefined || r.isSigner === filter.isSigner) && (filter.isSuccess === undefined || r.isSuccess === filter.isSuccess),
          );
          const got = await history(c, filter, limit);
          assert.deepEqual(
            got.map((r) => r.hash),
            want.map((r) => r.hash),
          );
        },
      ),
      { numRuns: 25 },
    );
    // Times past 2^53, exact; heights newest first.
    assert.ok(all.every((r) => /^\d{19}$/.test(r.timestamp)));
    for (let i = 1; i < all.length; i++) assert.ok(BigInt(all[i - 1]!.blockHeight) >= BigInt(all[i]!.blockHeight));
  });

  it('a first page says the count; an unknown account is an empty page with 0', async () => {
    const c = make();
    const p = await c.transactions.accountTransactions({ accountId: STUB_HISTORY_ACCOUNT });
    assert.equal(p.count, 47);
    assert.equal(p.rows.length, 20);
    assert.match(p.resumeToken ?? '', /^\d+$/);
    const body = txReqs()[0]?.body as Record<string, unknown>;
    assert.deepEqual(body, { account_id: STUB_HISTORY_ACCOUNT, limit: 20 });
    const none = await c.transactions.accountTransactions({ accountId: 'nobody.near' });
    assert.deepEqual(none, { rows: [], count: 0 });
    const next = await c.transactions.accountTransactions({ accountId: STUB_HISTORY_ACCOUNT, resumeToken: p.resumeToken! });
    assert.equal(typeof (txReqs()[2]?.body as Record<string, unknown>)['resume_token'], 'string', 'sent back as a string');
    assert.equal(next.count, undefined);
  });

  it('a receipt id answers with its receipt and parent transaction; an unknown one is undefined', async () => {
    const c = make();
    const r = await c.transactions.receipt(STUB_TX.delegateReceipt);
    assert.ok(r);
    assert.equal(r.receipt.id, STUB_TX.delegateReceipt);
    assert.equal(r.receipt.predecessorId, 'sweat-relayer.near');
    assert.equal(r.transaction?.hash, STUB_TX.delegate);
    assert.equal(await c.transactions.receipt(unknownHash('no receipt')), undefined);
  });

  it('the service’s 400 reads as its message, its 500 string as a failure, an empty answer as not found', async () => {
    const c = make();
    const many = Array.from({ length: 21 }, (_, i) => unknownHash(`h${i}`));
    // The client never sends 21: the server's own 400 comes from the stub when asked directly.
    stub.fault({
      host: 'tx',
      match: '/v0/transactions',
      fault: { kind: 'status', status: 400, body: { error: 'Bad request', message: 'Too many transactions requested. Limit is 20' } },
    });
    await assert.rejects(
      c.transactions.byHash([many[0]!]),
      isKind('bad-request', (e) => assert.match(e.message, /Too many transactions requested\. Limit is 20/)),
    );
    stub.fault({ host: 'tx', match: '/v0/account', fault: { kind: 'status', status: 500, body: 'Internal server error (Clickhouse)' } });
    await assert.rejects(
      c.transactions.accountTransactions({ accountId: STUB_HISTORY_ACCOUNT }),
      isKind('server', (e) => assert.match(e.message, /transactions service failed/)),
    );
    stub.clearFaults();
    stub.fault({ host: 'tx', match: '/v0/transactions', fault: { kind: 'status', status: 200, raw: '' } });
    assert.equal((await c.transactions.byHash([many[1]!])).size, 0);
    assert.equal((await c.transactions.byHash(many)).size, 0, '21 hashes go as 20 + 1');
  });

  it('the stub answers as the server does: 400 JSON over 20, 500 string on limit 0, plain text on a bad body', async () => {
    const post = async (path: string, body: string, type = 'application/json'): Promise<[number, string]> => {
      const r = await fetch(`${stub.txApiUrl}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
      return [r.status, await r.text()];
    };
    const many = Array.from({ length: 21 }, (_, i) => unknownHash(`h${i}`));
    assert.deepEqual(await post('/v0/transactions', JSON.stringify({ tx_hashes: many })), [
      400,
      '{"error":"Bad request","message":"Too many transactions requested. Limit is 20"}',
    ]);
    assert.deepEqual(await post('/v0/account', JSON.stringify({ account_id: STUB_HISTORY_ACCOUNT, limit: 0 })), [500, '"Internal server error (Clickhouse)"']);
    const [status] = await post('/v0/transactions', 'not json');
    assert.equal(status, 400);
    const [s2] = await post('/v0/transactions', JSON.stringify({ tx_hashes: [] }), 'text/plain');
    assert.equal(s2, 400);
    // The full last page gives a token whose next page is empty.
    const [, last] = await post('/v0/account', JSON.stringify({ account_id: STUB_HISTORY_ACCOUNT, limit: 47 }));
    const token = (JSON.parse(last) as { resume_token: string }).resume_token;
    const [, after] = await post('/v0/account', JSON.stringify({ account_id: STUB_HISTORY_ACCOUNT, limit: 47, resume_token: token }));
    assert.deepEqual(JSON.parse(after), { account_txs: [] });
  });

  it('a network fault is an error with the host named (the caller keeps what it showed)', async () => {
    stub.fault({ host: 'tx', fault: { kind: 'reset' } });
    await assert.rejects(make({ retries: 0 }).transactions.byHash([STUB_TX.delegate]), isKind('network'));
  });

  it('RPC-only: no transactions API says so (nothing sent); RPC tx with the signer reads the same model', async () => {
    const c = new NearClient({ endpoints: { apiUrl: '', rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl }, retryBaseMs: 1, cache: new TtlCache() });
    assert.equal(c.transactions.hasTransactionsApi, false);
    await assert.rejects(
      c.transactions.byHash([STUB_TX.delegate]),
      isKind('not-found', (e) => assert.equal(e.message, NO_TX_API_MESSAGE)),
    );
    const t = await c.transactions.transactionViaRpc(STUB_TX.delegate, 'sweat-relayer.near');
    assert.ok(t);
    const viaApi = (await make().transactions.byHash([STUB_TX.delegate])).get(STUB_TX.delegate);
    assert.deepEqual(
      { ...t, receipts: t.receipts.map((r) => ({ ...r, blockHeight: undefined, timestamp: undefined })) },
      {
        ...viaApi,
        receipts: viaApi!.receipts.map((r) => ({ ...r, blockHeight: undefined, timestamp: undefined })),
      },
    );
    // The stub tracks every shard, as a sandbox does: any signer finds the transaction; an unknown hash is none.
    assert.equal((await c.transactions.transactionViaRpc(STUB_TX.delegate, 'near', { fresh: true }))?.hash, STUB_TX.delegate);
    assert.equal(await c.transactions.transactionViaRpc('9pZ6kXDeDbc3sLk4E2Ytq7ZJ1yK5L2tD8mFh3VnQwRc7', 'near', { fresh: true }), undefined);
    const rpc = stub.requests.filter((r) => r.host === 'rpc').map((r) => (r.body as { method: string }).method);
    assert.deepEqual(rpc.slice(0, 2), ['EXPERIMENTAL_tx_status', 'block']);
  });

  describe('RPC: the transaction’s block is a secondary read', () => {
    /** A node without an archival host (a local node, another provider). */
    const node = (): NearClient => make({ endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: '' } });
    const UNKNOWN_BLOCK = {
      jsonrpc: '2.0',
      id: 'x',
      error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_BLOCK', info: {} }, code: -32000, message: 'Server error', data: 'DB Not Found Error' },
    };
    const TRANSFER = '4XogxjoB2EDVPb72cztMtvZVcR5jk8EjEAzFLQU7RoVX';
    const methods = (): string[] => stub.requests.filter((r) => r.host !== 'tx').map((r) => `${r.host} ${(r.body as { method: string }).method}`);

    it('the block not read: the transaction all the same, time unknown with why; not remembered, so the next read asks again', async () => {
      stub.fault({ host: 'rpc', match: 'block', fault: { kind: 'status', status: 422, body: UNKNOWN_BLOCK }, times: 1 });
      const c = node(); // one client: one session's completed transactions
      const t = await c.transactions.transactionViaRpc(STUB_TX.delegate, 'near');
      assert.equal(t?.hash, STUB_TX.delegate);
      assert.equal(t?.status, 'success');
      assert.equal(t?.tokensBurnt, '299239178518900000000');
      assert.equal(t?.timestamp, undefined);
      assert.equal(t?.blockHeight, undefined);
      assert.equal(t?.blockUnread, 'The RPC host has no such block.');
      const again = await c.transactions.transactionViaRpc(STUB_TX.delegate, 'near');
      assert.match(again?.timestamp ?? '', /^\d{19}$/);
      assert.equal(again?.blockUnread, undefined);
      assert.deepEqual(methods(), ['rpc EXPERIMENTAL_tx_status', 'rpc block', 'rpc EXPERIMENTAL_tx_status', 'rpc block']);
      stub.clearRequests();
      await c.transactions.transactionViaRpc(STUB_TX.delegate, 'near');
      assert.deepEqual(methods(), [], 'with its time, read once a session');
    });

    it('any failure of the block degrades (a 503, a reset, a header missing): the transaction is shown', async () => {
      for (const fault of [
        { kind: 'status', status: 503 },
        { kind: 'reset' },
        { kind: 'wrong-shape', body: { jsonrpc: '2.0', id: 'x', result: {} } },
      ] as const) {
        stub.clearFaults();
        stub.fault({ host: 'rpc', match: 'block', fault });
        const t = await node().transactions.transactionViaRpc(TRANSFER, 'near');
        assert.equal(t?.hash, TRANSFER, fault.kind);
        assert.equal(t?.timestamp, undefined, fault.kind);
        assert.ok(t?.blockUnread, fault.kind);
      }
    });

    it('a block the node no longer has is asked of the archival host once', async () => {
      stub.fault({ host: 'rpc', match: 'block', fault: { kind: 'status', status: 422, body: UNKNOWN_BLOCK } });
      const t = await make().transactions.transactionViaRpc(TRANSFER, 'near', { fresh: true });
      assert.match(t?.timestamp ?? '', /^\d{19}$/);
      assert.deepEqual(methods(), ['rpc EXPERIMENTAL_tx_status', 'rpc block', 'archival block']);
      stub.fault({ host: 'archival', match: 'block', fault: { kind: 'status', status: 422, body: UNKNOWN_BLOCK } });
      const unread = await make().transactions.transactionViaRpc(TRANSFER, 'near', { fresh: true });
      assert.equal(unread?.blockUnread, 'The archival RPC host has no such block.');
    });

    it('a cancel while the block is read still ends the look-up', async () => {
      stub.fault({ host: 'rpc', match: 'block', fault: { kind: 'hang' } });
      const ctrl = new AbortController();
      const read = node().transactions.transactionViaRpc(TRANSFER, 'near', { signal: ctrl.signal, fresh: true });
      // Cancelled once the block is asked (a condition, not a time).
      while (!methods().includes('rpc block')) await new Promise((r) => setImmediate(r));
      ctrl.abort();
      await assert.rejects(read, isKind('aborted'));
    });
  });

  it('the key goes to the transactions host as Bearer, or as apiKey= with the query transport; never to another origin', async () => {
    await make({ apiKey: KEY }).transactions.byHash([STUB_TX.delegate]);
    assert.equal(txReqs()[0]?.headers['authorization'], `Bearer ${KEY}`);
    assert.equal(txReqs()[0]?.query['apiKey'], undefined);
    stub.clearRequests();
    await make({ apiKey: KEY, transport: 'query' }).transactions.byHash([STUB_TX.delegate]);
    assert.equal(txReqs()[0]?.query['apiKey'], KEY);
    assert.equal(txReqs()[0]?.headers['authorization'], undefined);
    stub.clearRequests();
    stub.fault({ host: 'tx', fault: { kind: 'redirect', to: 'foreign' } });
    await assert.rejects(
      make({ apiKey: KEY }).transactions.byHash([STUB_TX.delegate]),
      isKind('forbidden', (e) => assert.doesNotMatch(e.message, /sk_tx/)),
    );
    assert.equal(stub.requests.filter((r) => r.host === 'foreign').length, 0);
  });
});

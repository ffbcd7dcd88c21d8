// A transactions API in memory, paging exactly as FastNEAR's server does (SERVICE-NOTES.md, "Transactions API"): newest
// first, `txs_count` only on a first page, `resume_token` = (height << 32) | tx_index of the last row and only on a full
// page, the filters' `is_*` flags, the block range (`from_tx_block_height`, `to_tx_block_height`: inclusive), at most
// 20 records a request, unknown hashes absent; a history that grows (append). For unit tests of the history
// views; the loopback stub (stub.ts) serves the same over HTTP.
import type { AccountTxFilter, AccountTxPage, AccountTxRequest, AccountTxRow } from '../../src/client/transactions/types';
import type { TransactionModel } from '../../src/client/transactions/model';
import type { TxClient } from '../../src/features/transactions/model/txPaging';

export interface FakeTx extends AccountTxRow {
  model?: TransactionModel;
}

const key = (r: AccountTxRow): bigint => (BigInt(r.blockHeight) << 32n) | BigInt(r.txIndex);

/** A record for a row: `signer → receiver`, one call of `method` (or a transfer). */
export function model(
  r: Pick<AccountTxRow, 'hash' | 'blockHeight' | 'timestamp' | 'isSuccess'>,
  signerId = 'alice.near',
  receiverId = 'game.hot.tg',
  method = 'l2_claim',
): TransactionModel {
  return {
    hash: r.hash,
    signerId,
    receiverId,
    publicKey: 'ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd',
    nonce: '1',
    blockHash: 'DKNwmVPiE99SgmzaH8yiPt2jnQzhjNv3BRAHnszeiUui',
    status: r.isSuccess ? 'success' : 'failure',
    ...(r.isSuccess ? {} : { failure: 'Smart contract panicked: not enough balance' }),
    blockHeight: r.blockHeight,
    timestamp: r.timestamp,
    gasBurnt: '0',
    tokensBurnt: '0',
    actions: method
      ? [{ kind: 'FunctionCall', summary: `${method} call with 0 attached and 30 TGas`, methodName: method } as TransactionModel['actions'][number]]
      : [],
    receipts: [],
  };
}

/** A history of `n` rows, newest first: heights fall by one, every third row failed, even rows sent by the account, odd ones received. */
export function makeHistory(n: number, top = 185_572_450, nowNs = 1_771_106_600_329_561_530n): FakeTx[] {
  return Array.from({ length: n }, (_, i) => {
    const row: AccountTxRow = {
      hash: `Hash${String(i).padStart(4, '0').replace(/0/g, 'o')}${'x'.repeat(36)}`,
      blockHeight: String(top - i),
      timestamp: String(nowNs - BigInt(i) * 60_000_000_000n),
      txIndex: i % 3,
      isSigner: i % 2 === 0,
      isRealSigner: i % 2 === 0,
      isReceiver: i % 2 === 1,
      isRealReceiver: i % 2 === 1,
      isFunctionCall: i % 4 !== 3,
      isSuccess: i % 3 !== 2,
    };
    return { ...row, model: model(row) };
  });
}

export interface FakeTxService extends TxClient {
  /** Every request, in order: `account` pages and `transactions` batches (their hashes). */
  readonly calls: Array<{ kind: 'account'; req: AccountTxRequest } | { kind: 'transactions'; hashes: readonly string[] }>;
  /** Makes the next `n` calls fail with `message`. */
  failNext(n: number, message?: string): void;
  /** New transactions: the history grows as a watched contract's does between refreshes. */
  append(...txs: FakeTx[]): void;
}

export function fakeTxService(history: readonly FakeTx[], hasTransactionsApi = true): FakeTxService {
  const newestFirst = (a: FakeTx, b: FakeTx): number => (key(b) > key(a) ? 1 : key(b) < key(a) ? -1 : 0);
  let sorted = [...history].sort(newestFirst);
  const calls: FakeTxService['calls'] = [];
  let failures = 0;
  let failure = 'the transactions service failed';
  const maybeFail = (): void => {
    if (failures > 0) {
      failures--;
      throw new Error(failure);
    }
  };
  const transactions: FakeTxService['transactions'] = {
    hasTransactionsApi,
    async accountTransactions(req) {
      calls.push({ kind: 'account', req });
      maybeFail();
      const limit = req.limit ?? 200;
      if (limit < 1) throw new Error('limit 0 crashes the server');
      const f = req.filter ?? {};
      const flags = Object.entries(f) as Array<[keyof AccountTxFilter, boolean | undefined]>;
      // A flag a row does not carry reads as false, as the reader reads a missing one; the block range is inclusive.
      const matching = sorted.filter(
        (r) =>
          flags.every(([k, v]) => v === undefined || (r[k] ?? false) === v) &&
          (req.fromBlockHeight === undefined || BigInt(r.blockHeight) >= BigInt(req.fromBlockHeight)) &&
          (req.toBlockHeight === undefined || BigInt(r.blockHeight) <= BigInt(req.toBlockHeight)),
      );
      const after = req.resumeToken === undefined ? matching : matching.filter((r) => key(r) < BigInt(req.resumeToken!));
      const rows = after.slice(0, Math.min(limit, 200)).map(({ model: _m, ...r }) => r);
      const page: AccountTxPage = { rows };
      if (req.resumeToken === undefined) page.count = matching.length;
      if (rows.length === limit) page.resumeToken = key(rows[rows.length - 1]!).toString();
      return page;
    },
    async byHash(hashes) {
      calls.push({ kind: 'transactions', hashes });
      maybeFail();
      if (hashes.length > 20) throw new Error('Too many transactions requested. Limit is 20');
      const found = new Map<string, TransactionModel>();
      // The service gives no order: answer backwards.
      for (const h of [...hashes].reverse()) {
        const m = sorted.find((r) => r.hash === h)?.model;
        if (m) found.set(h, m);
      }
      return found;
    },
  };
  return {
    transactions,
    calls,
    failNext(n, message = 'the transactions service failed') {
      failures = n;
      failure = message;
    },
    append(...txs) {
      sorted = [...sorted, ...txs].sort(newestFirst);
    },
  };
}

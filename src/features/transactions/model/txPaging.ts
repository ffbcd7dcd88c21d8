// An account's transactions as far as they have been read: pages from the service's `/v0/account`
// joined by its `resume_token`, each page's records fetched by hash in one batch. Shared by the watchlist's
// Transactions node, the balance panel's table and `nearLens.accountTransactions`. Pure: no `vscode`; its only I/O is
// through the client it is given.
import type { CallOptions } from '../../../client/options';
import { chunks } from '../../../base/chunks';
import { TX_BATCH } from '../../../client/transactions/types';
import type { AccountTxFilter, AccountTxPage, AccountTxRow } from '../../../client/transactions/types';
import type { TransactionModel } from '../../../client/transactions/model';
import type { NearClient } from '../../../client/client';

/** What the history needs of a client (NearClient's transactions family; a fake in unit tests). */
export interface TxClient {
  readonly transactions: Pick<NearClient['transactions'], 'hasTransactionsApi' | 'byHash' | 'accountTransactions'>;
}

/** Rows a page asks for: the tree's and the panel's page (its records are read in batches of TX_BATCH). */
export const TX_PAGE_SIZE = 20;
/** The service's largest `limit` (`/v0/account`). */
export const TX_MAX_LIMIT = 200;

/** The history of one account under one filter, newest first. Immutable: each step returns a new one. */
export interface TxHistory {
  readonly accountId: string;
  readonly filter: AccountTxFilter;
  readonly rows: readonly AccountTxRow[];
  /** The records of the rows read so far, by hash (a hash the service does not know is absent). */
  readonly details: ReadonlyMap<string, TransactionModel>;
  /** How many transactions match, from the first page. */
  readonly count?: number;
  /** What the next page is asked with; undefined before the first page and after the last. */
  readonly resumeToken?: string;
  /** The first page has been read. */
  readonly started: boolean;
  /** Nothing after the rows read: the last page was not full, or was empty. */
  readonly done: boolean;
}

export function startHistory(accountId: string, filter: AccountTxFilter = {}): TxHistory {
  return { accountId, filter, rows: [], details: new Map(), started: false, done: false };
}

/** Whether a next page can be asked for. */
export const hasMore = (h: TxHistory): boolean => !h.started || !h.done;

/**
 * `h` with `page` after its rows (a row already read is not added twice: the service pages by block and index, so a
 * page never repeats one, but a refresh racing a new block could).
 */
export function withPage(h: TxHistory, page: AccountTxPage, details: ReadonlyMap<string, TransactionModel>): TxHistory {
  const seen = new Set(h.rows.map((r) => r.hash));
  const fresh = page.rows.filter((r) => !seen.has(r.hash) && (seen.add(r.hash), true));
  const merged = new Map(h.details);
  for (const [hash, model] of details) merged.set(hash, model);
  // `resume_token` comes only with a full page; a full last page's token leads to an empty page, which ends it.
  const done = page.resumeToken === undefined || page.rows.length === 0;
  return {
    ...h,
    rows: [...h.rows, ...fresh],
    details: merged,
    count: h.started ? h.count : page.count,
    resumeToken: done ? undefined : page.resumeToken,
    started: true,
    done,
  };
}

/** The records of `hashes`, at most 20 a request (the service's limit), side by side. */
export async function recordsOf(client: TxClient, hashes: readonly string[], o?: CallOptions): Promise<Map<string, TransactionModel>> {
  const answers = await Promise.all(chunks(hashes, TX_BATCH).map((b) => client.transactions.byHash(b, o)));
  return new Map(answers.flatMap((m) => [...m]));
}

/**
 * The next page of `h`: one `/v0/account` request, then one `/v0/transactions` request per 20 of its rows. Rejects when
 * either fails (`h` stays as it was, so asking again repeats the same page). `fresh`: the page is asked anew (a
 * refresh); records are kept by the client, as a completed transaction never changes.
 */
export async function readPage(client: TxClient, h: TxHistory, o: CallOptions = {}, limit = TX_PAGE_SIZE): Promise<TxHistory> {
  if (!hasMore(h)) return h;
  const page = await client.transactions.accountTransactions(
    { accountId: h.accountId, limit, filter: h.filter, ...(h.resumeToken === undefined ? {} : { resumeToken: h.resumeToken }) },
    o,
  );
  const details = await recordsOf(
    client,
    page.rows.map((r) => r.hash),
    o.signal ? { signal: o.signal } : {},
  );
  return withPage(h, page, details);
}

/** Reads pages until `h` holds at least `rows` rows or the history ends. */
export function readUntil(client: TxClient, h: TxHistory, rows: number, o: CallOptions = {}): Promise<TxHistory> {
  return readWhile(client, h, (next) => next.rows.length < rows, o);
}

/** Reads pages while `more` says so of the history read, until the history ends. */
export async function readWhile(client: TxClient, h: TxHistory, more: (h: TxHistory) => boolean, o: CallOptions = {}): Promise<TxHistory> {
  let next = h;
  while (hasMore(next) && more(next)) next = await readPage(client, next, o);
  return next;
}

// The "last seen" bookkeeping of a watched contract's incoming calls: the request a refresh sends, which rows of its
// answer are new, which to read, how many are left unread, and where the next refresh starts. Pure: no `vscode`, no
// I/O, no timers; the caller does the reads and says how they went (a read is never assumed to have succeeded).
import type { TransactionModel } from '../../../client/transactions/model';
import type { AccountTxPage, AccountTxRequest, AccountTxRow } from '../../../client/transactions/types';

/** Rows asked for per refresh. */
export const ACTIVITY_LIMIT = 20;
/** Records read per refresh: one `/v0/transactions` batch (the service's most). */
export const ACTIVITY_READ_MAX = 20;
/** How long a pending record holds the cursor back (ns): past this the record is taken as it stands. */
export const PENDING_GRACE_NS = 10n * 60n * 1_000_000_000n;

/**
 * Where the next refresh starts: the newest history row read (`row`), or `empty` when the account had no incoming call
 * at its first load (then the first row that ever appears is new). `atHeight`: how many rows at `blockHeight` are at or
 * before it, when a page showed all of them (it turns the service's count into "how many were not read"). JSON-safe
 * for the Memento; the block height is exact digits, as the client's rows give it.
 */
export type ActivityCursor =
  { readonly kind: 'empty' } | { readonly kind: 'row'; readonly blockHeight: string; readonly txIndex: number; readonly atHeight?: number };

/** Rows left unread: exactly `count`, or at least `count` when the page cannot say more (`atLeast`). */
export interface Unread {
  readonly count: number;
  readonly atLeast: boolean;
}

export type ActivityPlan =
  /** The first load: store the cursor, report nothing (no flood of old history). */
  | { readonly kind: 'first-load'; readonly cursor: ActivityCursor }
  /** Nothing after the cursor: store `cursor` (the same row, sometimes with its `atHeight` learnt). */
  | { readonly kind: 'nothing-new'; readonly cursor: ActivityCursor }
  /** Read the records of `hashes` (newest first); the cursor moves to `next` only when settleActivity says so. */
  | {
      readonly kind: 'read';
      readonly hashes: readonly string[];
      readonly rows: readonly AccountTxRow[];
      readonly unread: Unread;
      readonly next: ActivityCursor;
    };
export type ReadPlan = Extract<ActivityPlan, { kind: 'read' }>;

export type ActivitySettled<T> =
  /** Store `cursor`; `transactions` are the records of the plan's rows, newest first. */
  | { readonly kind: 'done'; readonly cursor: ActivityCursor; readonly transactions: readonly T[]; readonly unread: Unread }
  /** Keep the cursor as it was: the next refresh asks again from the same row. */
  | { readonly kind: 'retry'; readonly reason: 'failed' | 'missing' | 'pending' };

const cmpRow = (a: { blockHeight: string; txIndex: number }, b: { blockHeight: string; txIndex: number }): number => {
  const ha = BigInt(a.blockHeight);
  const hb = BigInt(b.blockHeight);
  return ha === hb ? a.txIndex - b.txIndex : ha < hb ? -1 : 1;
};

/** Whether `row` is strictly after the cursor by (height, index): a row at the cursor's own height and index or below is old. */
export function isAfter(row: Pick<AccountTxRow, 'blockHeight' | 'txIndex'>, cursor: ActivityCursor): boolean {
  return cursor.kind === 'empty' || cmpRow(row, cursor) > 0;
}

/**
 * The refresh's one `/v0/account` request: calls to the account (`is_function_call`: not the refunds and relayer
 * receipts `is_receiver` also counts) from the cursor's block on — inclusive on the server, so the cursor's own row
 * and its block's earlier rows come back and are dropped as old. Newest first is the service's default order.
 */
export function activityRequest(accountId: string, cursor: ActivityCursor | undefined, limit = ACTIVITY_LIMIT): AccountTxRequest {
  return {
    accountId,
    limit,
    filter: { isFunctionCall: true },
    ...(cursor?.kind === 'row' && { fromBlockHeight: cursor.blockHeight }),
  };
}

/** The cursor at `rows[0]` (newest first), with how many rows share its block when the page shows them all. */
function cursorAt(rows: readonly AccountTxRow[], full: boolean): ActivityCursor {
  const top = rows[0];
  if (!top) return { kind: 'empty' };
  const same = rows.filter((r) => r.blockHeight === top.blockHeight).length;
  // A full page whose rows all share the top block may stop before that block's earliest rows.
  const known = !full || same < rows.length;
  return { kind: 'row', blockHeight: top.blockHeight, txIndex: top.txIndex, ...(known && { atHeight: same }) };
}

/**
 * What a refresh does with the page the request above was answered with (`limit` as asked; at most `readMax` of its new
 * rows are read, the newest). A page that failed, or that the client served stale, is never planned: the cursor stays
 * and the next refresh asks again.
 */
export function planActivity(cursor: ActivityCursor | undefined, page: AccountTxPage, limit = ACTIVITY_LIMIT, readMax = ACTIVITY_READ_MAX): ActivityPlan {
  // Newest first and each row once, whatever order the service kept.
  const seen = new Set<string>();
  const rows = page.rows.filter((r) => !seen.has(r.hash) && (seen.add(r.hash), true)).sort((a, b) => cmpRow(b, a));
  // The service sends a resume token exactly when the page is full: more rows may lie beyond it.
  const full = page.resumeToken !== undefined || rows.length >= limit;
  if (cursor === undefined) return { kind: 'first-load', cursor: cursorAt(rows, full) };
  const fresh = rows.filter((r) => isAfter(r, cursor));
  if (fresh.length === 0) {
    // All old: a page that is not full shows every row of the cursor's block up to it.
    const same = cursor.kind === 'row' ? rows.filter((r) => r.blockHeight === cursor.blockHeight).length : 0;
    const learnt = cursor.kind === 'row' && cursor.atHeight === undefined && !full && same > 0;
    return { kind: 'nothing-new', cursor: learnt ? { ...cursor, atHeight: same } : cursor };
  }
  const read = fresh.slice(0, readMax);
  return {
    kind: 'read',
    hashes: read.map((r) => r.hash),
    rows: read,
    unread: unread(cursor, rows, fresh.length, read.length, full, page.count),
    next: cursorAt(rows, full),
  };
}

/**
 * How many new rows are not read. The page holds every new row when it is not full or reaches an old one; otherwise
 * the service's count (rows from the cursor's block on: the new ones and the cursor's block's `atHeight` old ones)
 * tells the rest, exactly as the service counts; without it, or without `atHeight`, only "at least" is honest.
 */
function unread(cursor: ActivityCursor, rows: readonly AccountTxRow[], fresh: number, read: number, full: boolean, count: number | undefined): Unread {
  const inPage = fresh - read;
  if (!full || fresh < rows.length) return { count: inPage, atLeast: false };
  const old = cursor.kind === 'empty' ? 0 : cursor.atHeight;
  if (count === undefined || old === undefined) return { count: inPage, atLeast: true };
  return { count: Math.max(inPage, count - old - read), atLeast: false };
}

/**
 * The end of a read: `records` by hash (undefined: the read failed or was refused). It succeeds only when every row's
 * record came back and none is still pending — a call's failure or event can come in a later receipt of the same
 * transaction, and once the cursor passed it that receipt would never be read. A record pending for longer than
 * `graceNs` (by its row's time against `nowMs`) is taken as it stands, so a transaction that never settles cannot
 * hold the account back for ever.
 */
export function settleActivity<T extends Pick<TransactionModel, 'hash' | 'status'>>(
  plan: ReadPlan,
  records: ReadonlyMap<string, T> | undefined,
  nowMs: number,
  graceNs: bigint = PENDING_GRACE_NS,
): ActivitySettled<T> {
  if (records === undefined) return { kind: 'retry', reason: 'failed' };
  const out: T[] = [];
  const now = BigInt(Math.floor(nowMs)) * 1_000_000n;
  for (const row of plan.rows) {
    const t = records.get(row.hash);
    if (t === undefined) return { kind: 'retry', reason: 'missing' };
    if (t.status === 'pending' && now - BigInt(row.timestamp) < graceNs) return { kind: 'retry', reason: 'pending' };
    out.push(t);
  }
  return { kind: 'done', cursor: plan.next, transactions: out, unread: plan.unread };
}

export type OldestSettled<T> =
  /** Every row's record: as settleActivity's `done`. */
  | { readonly kind: 'done'; readonly cursor: ActivityCursor; readonly transactions: readonly T[]; readonly unread: Unread }
  /**
   * The oldest rows' records, up to the first row whose record is missing or pending (`reason`): store `cursor` (the
   * newest of `transactions`), and the next read asks again from there, so the rest are read then and none twice.
   */
  | {
      readonly kind: 'partial';
      readonly cursor: ActivityCursor;
      readonly transactions: readonly T[];
      readonly unread: Unread;
      readonly reason: 'missing' | 'pending';
    }
  /** Not even the oldest row's record: keep the cursor as it was. */
  | { readonly kind: 'retry'; readonly reason: 'missing' | 'pending' };

/**
 * settleActivity for a reader that keeps what it can: the rows are taken oldest first while their records are there
 * and settled (as settleActivity rules, `graceNs` and all); the first that is not stops it, and the cursor moves only
 * up to the row before it. A busy contract, whose newest rows are often still pending, is not held back for ever by
 * them. The unread rows (older than every row of the page) are said with the first rows taken, never again.
 */
export function settleOldestFirst<T extends Pick<TransactionModel, 'hash' | 'status'>>(
  plan: ReadPlan,
  records: ReadonlyMap<string, T>,
  nowMs: number,
  graceNs: bigint = PENDING_GRACE_NS,
): OldestSettled<T> {
  const now = BigInt(Math.floor(nowMs)) * 1_000_000n;
  const taken: T[] = [];
  let stop: 'missing' | 'pending' | undefined;
  let newest: AccountTxRow | undefined;
  for (const row of [...plan.rows].reverse()) {
    const t = records.get(row.hash);
    stop = t === undefined ? 'missing' : t.status === 'pending' && now - BigInt(row.timestamp) < graceNs ? 'pending' : undefined;
    if (stop !== undefined || t === undefined) break;
    taken.push(t);
    newest = row;
  }
  taken.reverse(); // newest first, as settleActivity gives them
  if (stop === undefined) return { kind: 'done', cursor: plan.next, transactions: taken, unread: plan.unread };
  if (newest === undefined) return { kind: 'retry', reason: stop };
  // Where this page's block holds rows at or before `newest` is not known from the rows read: the count stays unsaid.
  return {
    kind: 'partial',
    cursor: { kind: 'row', blockHeight: newest.blockHeight, txIndex: newest.txIndex },
    transactions: taken,
    unread: plan.unread,
    reason: stop,
  };
}

/** Whether a value read back from the Memento is a cursor this version wrote (anything else: start with a first load). */
export function isActivityCursor(v: unknown): v is ActivityCursor {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  if (c['kind'] === 'empty') return true;
  const at = c['atHeight'];
  return (
    c['kind'] === 'row' &&
    typeof c['blockHeight'] === 'string' &&
    /^\d{1,20}$/.test(c['blockHeight']) &&
    typeof c['txIndex'] === 'number' &&
    Number.isSafeInteger(c['txIndex']) &&
    c['txIndex'] >= 0 &&
    (at === undefined || (typeof at === 'number' && Number.isSafeInteger(at) && at >= 1))
  );
}

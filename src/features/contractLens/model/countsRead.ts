// One read of an account's calls for the contract lens, by the watchlist's cursor rules (one reader for both:
// features/watchlist/model/activityCursor.ts): one /v0/account page of the calls after the cursor, at most LENS_LIMIT
// rows, then their records oldest first in batches of TX_BATCH, and the rows whose records came back settled taken up
// to the first that did not (settleOldestFirst). Pure: no `vscode`; the client is given. Never rejects.
import { chunks } from '../../../base/chunks';
import { errorMessage, NearLensError } from '../../../base/errors';
import { redact } from '../../../base/redact';
import { sanitizeText } from '../../../base/text';
import type { TransactionModel } from '../../../client/transactions/model';
import { TX_BATCH } from '../../../client/transactions/types';
import { activityRequest, planActivity, settleOldestFirst } from '../../watchlist/model/activityCursor';
import type { ActivityCursor } from '../../watchlist/model/activityCursor';
import type { ActivityClient } from '../../watchlist/model/activityRead';
import { applyCounts, touchCounts } from './methodCounts';
import type { CountsRead, MethodCounts } from './methodCounts';

/** Rows asked for per read: the service's most. A contract called more often between two reads is said as capped. */
export const LENS_LIMIT = 200;

export type CountsStep =
  /** Nothing was taken; `error` says why when a request failed (the counts stay as they were). */
  | { readonly kind: 'retry'; readonly error?: string; readonly reason: 'failed' | 'missing' | 'pending'; readonly aborted?: true }
  /** Rows taken (maybe none: nothing new). `error`: a batch failed after some were read; the rest are read next time. */
  | ({ readonly kind: 'read'; readonly error?: string } & CountsRead);

/** A failure in a few words a person reads: no key, no URL's key, one line. */
export const readError = (e: unknown): string => sanitizeText(redact(errorMessage(e), []), 200);

export async function readCounts(
  client: ActivityClient,
  accountId: string,
  cursor: ActivityCursor,
  nowMs: number,
  limit = LENS_LIMIT,
  batch = TX_BATCH,
): Promise<CountsStep> {
  let plan;
  try {
    plan = planActivity(cursor, await client.transactions.accountTransactions(activityRequest(accountId, cursor, limit), { fresh: true }), limit, limit);
  } catch (e) {
    if (NearLensError.is(e) && e.kind === 'aborted') return { kind: 'retry', reason: 'failed', aborted: true };
    return { kind: 'retry', reason: 'failed', error: readError(e) };
  }
  const none = { count: 0, atLeast: false };
  if (plan.kind !== 'read') return { kind: 'read', from: cursor, cursor: plan.cursor, rows: [], transactions: [], unread: none };
  const records = new Map<string, TransactionModel>();
  let error: string | undefined;
  // Oldest first: a batch that fails leaves the older rows read, and those are taken.
  for (const hashes of chunks([...plan.hashes].reverse(), batch)) {
    try {
      for (const [h, t] of await client.transactions.byHash(hashes)) records.set(h, t);
    } catch (e) {
      if (NearLensError.is(e) && e.kind === 'aborted') return { kind: 'retry', reason: 'failed', aborted: true };
      error = readError(e);
      break;
    }
  }
  const settled = settleOldestFirst(plan, records, nowMs);
  if (settled.kind === 'retry') return { kind: 'retry', reason: error === undefined ? settled.reason : 'failed', ...(error !== undefined && { error }) };
  const rows = plan.rows.slice(plan.rows.length - settled.transactions.length);
  return {
    kind: 'read',
    from: cursor,
    cursor: settled.cursor,
    rows,
    transactions: settled.transactions,
    unread: settled.unread,
    ...(error !== undefined && { error }),
  };
}

/**
 * The counts after `step`, ended at `asOfNs`, and the error to say (undefined: the read went well). A failed read
 * keeps the counts as they were; one that found only a pending newest record is a read all the same.
 */
export function afterRead(counts: MethodCounts, accountId: string, step: CountsStep, asOfNs: string): { counts: MethodCounts; error?: string } {
  if (step.kind === 'retry') return step.error !== undefined ? { counts, error: step.error } : { counts: touchCounts(counts, asOfNs) };
  const next = step.rows.length === 0 ? { ...touchCounts(counts, asOfNs), cursor: step.cursor } : applyCounts(counts, accountId, step, asOfNs);
  return { counts: next ?? counts, ...(step.error !== undefined && { error: step.error }) };
}

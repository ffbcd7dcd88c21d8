// A watched contract's activity as the engine keeps it: the state stored with its snapshots (the last-seen cursor, what
// was noticed since the user last looked, the calls counted but not read), one refresh's read of it (one /v0/account
// page, then at most one batch of records) and how that read's answer changes the state. Pure: no `vscode`; the
// client is given. A read that fails, is refused, or finds a record missing or pending changes nothing: the next
// refresh asks again from the same row.
import type { NearClient } from '../../../client/client';
import type { ActivitySettings } from '../../../platform/settings';
import { explainFailure } from '../../../near/failure/explain';
import { activityRequest, isActivityCursor, planActivity, settleActivity } from './activityCursor';
import type { ActivityCursor, Unread } from './activityCursor';
import { ACTIVITY_KINDS, EMPTY_ACTIVITY, MAX_GROUPS, MAX_TX_PER_GROUP, mergeActivity, noticeActivity } from './activity';
import type { ActivityGroup, ActivityKind, ActivityReport, FailureClassifier } from './activity';

/** What the engine stores of a watched contract's activity, beside its snapshots (JSON-safe). */
export interface ActivityState {
  /** Where the next read starts; absent until a first read succeeded. */
  readonly cursor?: ActivityCursor;
  /** What was noticed since the user last looked (Mark as Seen empties it). */
  readonly report: ActivityReport;
  /** Calls since the user last looked that were counted but not read (more than 20 in one refresh). */
  readonly unread: Unread;
}

export interface ActivityClient {
  readonly transactions: Pick<NearClient['transactions'], 'byHash' | 'accountTransactions'>;
}

export type ActivityStep =
  /** Nothing stored changes; `error` says why when a request failed. */
  | { readonly kind: 'retry'; readonly reason: 'failed' | 'missing' | 'pending'; readonly error?: string }
  /** A first read, or nothing new: store the cursor. */
  | { readonly kind: 'cursor'; readonly from: ActivityCursor | undefined; readonly cursor: ActivityCursor }
  /** New calls read: `report` is this refresh's own (its groups are what may be alerted). */
  | { readonly kind: 'read'; readonly from: ActivityCursor; readonly cursor: ActivityCursor; readonly report: ActivityReport; readonly unread: Unread };

const NONE: Unread = { count: 0, atLeast: false };
export const EMPTY_STATE: ActivityState = { report: EMPTY_ACTIVITY, unread: NONE };

/** A failure's kind and words by the project's failure model: the contract's own words for a panic. */
export const classifyFailure: FailureClassifier = (failure, ctx) => {
  const x = explainFailure(failure, { receiverId: ctx.accountId, action: { methodName: ctx.method } });
  return { kind: x.kind, message: x.message };
};

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * One refresh's read: the page of calls to `accountId` after `cursor`, then the records of the new ones (at most one
 * batch), and what they show under `settings`. Never rejects: a failure is a `retry`.
 */
export async function readActivity(
  client: ActivityClient,
  accountId: string,
  cursor: ActivityCursor | undefined,
  settings: ActivitySettings,
  nowMs: number,
  classify: FailureClassifier = classifyFailure,
): Promise<ActivityStep> {
  let plan;
  try {
    plan = planActivity(cursor, await client.transactions.accountTransactions(activityRequest(accountId, cursor), { fresh: true }));
  } catch (e) {
    return { kind: 'retry', reason: 'failed', error: errorText(e) };
  }
  if (plan.kind !== 'read') return { kind: 'cursor', from: cursor, cursor: plan.cursor };
  let records;
  let error: string | undefined;
  try {
    records = await client.transactions.byHash(plan.hashes);
  } catch (e) {
    error = errorText(e);
  }
  const settled = settleActivity(plan, records, nowMs);
  if (settled.kind === 'retry') return { ...settled, ...(error !== undefined && { error }) };
  // A plan that reads has a cursor to read from: a first load never reads.
  if (cursor === undefined) return { kind: 'cursor', from: cursor, cursor: settled.cursor };
  return {
    kind: 'read',
    from: cursor,
    cursor: settled.cursor,
    report: noticeActivity(accountId, settled.transactions, settings, classify),
    unread: settled.unread,
  };
}

const sameCursor = (a: ActivityCursor | undefined, b: ActivityCursor | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The state after `step`, or undefined when nothing changes (a retry, the same cursor, or a step read from a cursor
 * the state no longer has: another read got there first, and its rows are not counted twice).
 */
export function applyActivity(state: ActivityState | undefined, step: ActivityStep): ActivityState | undefined {
  if (step.kind === 'retry') return undefined;
  const was = state ?? EMPTY_STATE;
  if (!sameCursor(was.cursor, step.from)) return undefined;
  if (step.kind === 'cursor') return sameCursor(was.cursor, step.cursor) ? undefined : { ...was, cursor: step.cursor };
  return {
    cursor: step.cursor,
    report: mergeActivity(was.report, step.report),
    unread: { count: was.unread.count + step.unread.count, atLeast: was.unread.atLeast || step.unread.atLeast },
  };
}

/** Mark as Seen: the cursor stays (what was read is not read again), what was noticed is cleared. */
export const seenActivity = (state: ActivityState | undefined): ActivityState | undefined =>
  state?.cursor === undefined ? undefined : { cursor: state.cursor, report: EMPTY_ACTIVITY, unread: NONE };

/** Activity ids kept in the alerted list (the newest): a flood of ever-different messages must not grow it for ever. */
export const MAX_SAID = 500;
const isActivityId = (id: string): boolean => ACTIVITY_KINDS.some((k) => id.startsWith(`["${k}"`));

/** The alerted list with `said` added: each id once, the change ids all kept, the activity ids the newest MAX_SAID. */
export function withSaid(alerted: readonly string[], said: readonly string[]): string[] {
  const all = [...new Set([...alerted, ...said])];
  const activity = all.filter(isActivityId);
  const drop = new Set(activity.slice(0, Math.max(0, activity.length - MAX_SAID)));
  return drop.size === 0 ? all : all.filter((id) => !drop.has(id));
}

/** Whether there is anything to show since the user last looked. */
export const hasActivity = (s: ActivityState | undefined): boolean =>
  s !== undefined && (s.report.groups.length > 0 || s.unread.count > 0 || s.unread.atLeast || ACTIVITY_KINDS.some((k) => s.report.dropped[k] > 0));

// ------------------------------------------------------------ reading the Memento back

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isNs = (v: unknown): v is string => isStr(v) && /^\d{1,30}$/.test(v);
const isStrings = (v: unknown, max: number): v is string[] => Array.isArray(v) && v.length <= max && v.every(isStr);

/** A stored group as this version wrote it (anything else is dropped). */
function isGroup(v: unknown): v is ActivityGroup {
  if (!isObj(v) || !isStr(v['id']) || !isCount(v['count']) || !isNs(v['firstAt']) || !isNs(v['lastAt']) || !isStrings(v['transactions'], MAX_TX_PER_GROUP))
    return false;
  switch (v['kind']) {
    case 'failed-calls':
      return isStr(v['method']) && isStr(v['message']) && isStr(v['errorKind']);
    case 'method-called':
      return (
        isStr(v['method']) &&
        isStrings(v['callers'], 100) &&
        typeof v['moreCallers'] === 'boolean' &&
        isCount(v['succeeded']) &&
        isCount(v['failed']) &&
        isCount(v['pending'])
      );
    case 'event':
      return isStr(v['standard']) && isStr(v['event']) && (v['total'] === undefined || (isStr(v['total']) && /^\d{1,80}$/.test(v['total'])));
    default:
      return false;
  }
}

/** The activity state read back from the Memento; undefined for anything this version did not write. */
export function activityStateOf(v: unknown): ActivityState | undefined {
  if (!isObj(v)) return undefined;
  const cursor = isActivityCursor(v['cursor']) ? v['cursor'] : undefined;
  const r = isObj(v['report']) ? v['report'] : {};
  const d = isObj(r['dropped']) ? r['dropped'] : {};
  const dropped = Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, isCount(d[k]) ? d[k] : 0])) as Record<ActivityKind, number>;
  const groups = Array.isArray(r['groups']) ? r['groups'].filter(isGroup).slice(0, ACTIVITY_KINDS.length * MAX_GROUPS) : [];
  const u = isObj(v['unread']) ? v['unread'] : {};
  const unread: Unread = { count: isCount(u['count']) ? u['count'] : 0, atLeast: u['atLeast'] === true };
  return { ...(cursor && { cursor }), report: { groups, dropped }, unread };
}

// What a watched contract's activity says, from the records of its incoming calls: failed calls grouped by method and
// message, watched methods called, watched NEP-297 events it emitted, and the refreshes' groups merged under caps.
// Pure: no `vscode`, no I/O, no timers. Anyone can call a contract, so every message, method name and log is
// untrusted: cut at MAX_TEXT, and groups capped per kind so a flood of one kind can neither grow without bound nor
// push out another (a thousand junk failures must not hide one call to `upgrade`).
import { isRecord } from '../../../base/json';
import { eventPattern } from '../../../platform/settings';
import type { ActivitySettings } from '../../../platform/settings';
import type { ReceiptModel, TransactionModel } from '../../../client/transactions/model';
import { sanitizeText } from '../../../base/text';

/** Characters kept of one untrusted text in a row. */
export const MAX_TEXT = 500;
/** Groups kept per kind; the rest are counted in `dropped`. */
export const MAX_GROUPS = 100;
/** Transaction hashes kept per group (the newest); `count` keeps counting. */
export const MAX_TX_PER_GROUP = 20;
/** Callers named per watched method. */
export const MAX_CALLERS = 10;
const U128_MAX = (1n << 128n) - 1n;

/** A receipt as the project's model makes it; `failureRaw` is nearcore's failure value, when the caller kept it. */
export type ActivityReceipt = ReceiptModel & { readonly failureRaw?: unknown };
/** What is read of a transaction (a TransactionModel fits). */
export type ActivityTransaction = Pick<TransactionModel, 'hash' | 'timestamp'> & { readonly receipts: readonly ActivityReceipt[] };

/**
 * A transaction's time in ns: every record of the transactions API has its block's; one read over RPC whose block
 * could not be read has none, and counts as the oldest.
 */
const timeOf = (t: ActivityTransaction): string => t.timestamp ?? '0';

export interface FailureContext {
  readonly accountId: string;
  readonly method: string;
  readonly receiptId: string;
  readonly transactionHash: string;
  /** The failure in words, as the model says it. */
  readonly text: string;
}
/** Names a failure's kind and message; given nearcore's raw failure when the receipt kept it, else its words. */
export type FailureClassifier = (failure: unknown, ctx: FailureContext) => { kind: string; message: string };

interface GroupBase {
  /** The same for the same group on every read: an alert is said once per id. */
  readonly id: string;
  readonly count: number;
  /** ns since the epoch, exact. */
  readonly firstAt: string;
  readonly lastAt: string;
  /** Newest first, at most MAX_TX_PER_GROUP. */
  readonly transactions: readonly string[];
}
export interface FailedCallsGroup extends GroupBase {
  readonly kind: 'failed-calls';
  readonly method: string;
  readonly message: string;
  readonly errorKind: string;
}
export interface MethodCalledGroup extends GroupBase {
  readonly kind: 'method-called';
  readonly method: string;
  /** Who called (each receipt's predecessor), first seen first, at most MAX_CALLERS; `moreCallers` when others did too. */
  readonly callers: readonly string[];
  readonly moreCallers: boolean;
  readonly succeeded: number;
  readonly failed: number;
  readonly pending: number;
}
export interface EventGroup extends GroupBase {
  readonly kind: 'event';
  readonly standard: string;
  readonly event: string;
  /** The exact sum of every `amount` (u128 digits); absent unless every occurrence had amounts and all were whole numbers. */
  readonly total?: string;
}
export type ActivityGroup = FailedCallsGroup | MethodCalledGroup | EventGroup;
export type ActivityKind = ActivityGroup['kind'];

export interface ActivityReport {
  /** Watched methods, then events, then failed calls; within a kind, in the order first seen. */
  readonly groups: readonly ActivityGroup[];
  /** Occurrences left out once a kind had MAX_GROUPS groups. */
  readonly dropped: Readonly<Record<ActivityKind, number>>;
}
export const EMPTY_ACTIVITY: ActivityReport = { groups: [], dropped: { 'method-called': 0, event: 0, 'failed-calls': 0 } };
/** The kinds in the order they are listed and alerted: what the user named before what anyone can cause. */
export const ACTIVITY_KINDS: readonly ActivityKind[] = ['method-called', 'event', 'failed-calls'];

const clip = (text: string, max = MAX_TEXT): string => sanitizeText(text, max);
const own = <T>(r: Readonly<Record<string, T>>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(r, k) ? r[k] : undefined);
const nsMin = (a: string, b: string): string => (BigInt(a) <= BigInt(b) ? a : b);
const nsMax = (a: string, b: string): string => (BigInt(a) >= BigInt(b) ? a : b);
const newestFirst = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].slice(0, MAX_TX_PER_GROUP);

/** The ids: kind and the group's own texts, whole (a short hash of untrusted text could be made to collide). */
export const failedCallsId = (method: string, message: string): string => JSON.stringify(['failed-calls', method, message]);
export const methodCalledId = (method: string): string => JSON.stringify(['method-called', method]);
export const eventId = (standard: string, event: string): string => JSON.stringify(['event', standard, event]);

/** The failing action's index: nearcore's `ActionError.index`, else the model's "Action #N: …" words. */
export function failedActionIndex(r: ActivityReceipt): number | undefined {
  const raw = r.failureRaw;
  if (isRecord(raw) && isRecord(raw['ActionError']) && typeof raw['ActionError']['index'] === 'number') return raw['ActionError']['index'];
  const m = /^Action #(\d{1,4}): /.exec(r.failure ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The failed call's method: the failing action's, else the receipt's first call, else the failing action's kind. */
function failedMethod(r: ActivityReceipt): string {
  const i = failedActionIndex(r);
  const failing = i === undefined ? undefined : r.actions[i];
  if (failing?.kind === 'FunctionCall') return failing.methodName;
  const call = r.actions.find((a) => a.kind === 'FunctionCall');
  if (call?.kind === 'FunctionCall') return call.methodName;
  return failing?.kind ?? r.actions[0]?.kind ?? '';
}

/** A NEP-297 event's summed `amount`s, exactly; undefined unless every entry has one that is a whole u128. */
function amountTotal(data: unknown): bigint | undefined {
  const entries = Array.isArray(data) ? data : isRecord(data) ? [data] : [];
  if (entries.length === 0) return undefined;
  let sum = 0n;
  for (const e of entries) {
    const a = isRecord(e) ? e['amount'] : undefined;
    // parseJsonExact keeps a big integer as its digits and a safe one as a number: both exact.
    const digits = typeof a === 'string' ? a : typeof a === 'number' && Number.isSafeInteger(a) && a >= 0 ? String(a) : undefined;
    if (digits === undefined || !/^\d{1,39}$/.test(digits)) return undefined;
    const n = BigInt(digits);
    if (n > U128_MAX) return undefined;
    sum += n;
  }
  return sum;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };
/** An event group while its amounts are summed: `totalOk` until one occurrence has none to sum. */
type EventDraft = Mutable<EventGroup> & { totalOk: boolean; sum: bigint };
type Draft = Mutable<FailedCallsGroup> | Mutable<MethodCalledGroup> | EventDraft;

/** Groups of each kind up to MAX_GROUPS, the rest counted. */
class Groups {
  readonly byKind = new Map<ActivityKind, Map<string, Draft>>(ACTIVITY_KINDS.map((k) => [k, new Map()]));
  readonly dropped: Record<ActivityKind, number> = { 'method-called': 0, event: 0, 'failed-calls': 0 };

  /** The group `id` of `kind` counted once more at `at` in `hash`, made by `make` when new; undefined when dropped. */
  add<D extends Draft>(kind: ActivityKind, id: string, hash: string, at: string, make: () => D): D | undefined {
    const groups = this.byKind.get(kind) ?? new Map<string, Draft>();
    let g = groups.get(id) as D | undefined;
    if (!g) {
      if (groups.size >= MAX_GROUPS) {
        this.dropped[kind] += 1;
        return undefined;
      }
      g = make();
      groups.set(id, g);
    }
    g.count += 1;
    g.firstAt = g.count === 1 ? at : nsMin(g.firstAt, at);
    g.lastAt = g.count === 1 ? at : nsMax(g.lastAt, at);
    // Read oldest first: each newer hash goes in front.
    if (!g.transactions.includes(hash)) g.transactions = [hash, ...g.transactions].slice(0, MAX_TX_PER_GROUP);
    return g;
  }

  report(): ActivityReport {
    const groups: ActivityGroup[] = [];
    for (const kind of ACTIVITY_KINDS)
      for (const g of this.byKind.get(kind)?.values() ?? []) {
        if (g.kind === 'event') {
          const { totalOk, sum, ...rest } = g;
          groups.push({ ...rest, ...(totalOk && { total: String(sum) }) });
        } else groups.push(g);
      }
    return { groups, dropped: { ...this.dropped } };
  }
}

const base = (id: string): Mutable<GroupBase> => ({ id, count: 0, firstAt: '0', lastAt: '0', transactions: [] });

/**
 * What the records read for `accountId` show, under `settings`. Only receipts the account itself ran count (its
 * receiver is the account; refunds from `system` never). A failure's kind and message come from `classify` (its
 * answer is cut like any untrusted text; when it is absent or throws: kind 'other', the model's words).
 */
export function noticeActivity(
  accountId: string,
  transactions: readonly ActivityTransaction[],
  settings: ActivitySettings,
  classify?: FailureClassifier,
): ActivityReport {
  const groups = new Groups();
  const watched = new Set([...(own(settings.methods, '*') ?? []), ...(own(settings.methods, accountId) ?? [])]);
  const patterns = settings.events.map(eventPattern).filter((p) => p !== undefined);
  // Oldest first, so a cap keeps the earliest groups, as a later merge keeps the groups already listed.
  const ordered = [...transactions].sort((a, b) => (BigInt(timeOf(a)) < BigInt(timeOf(b)) ? -1 : BigInt(timeOf(a)) > BigInt(timeOf(b)) ? 1 : 0));
  for (const tx of ordered) {
    for (const r of tx.receipts) {
      if (r.receiverId !== accountId || r.refund) continue;
      const at = r.timestamp ?? timeOf(tx);
      for (const a of r.actions) {
        if (a.kind !== 'FunctionCall' || !watched.has(a.methodName)) continue;
        const method = clip(a.methodName);
        const g = groups.add('method-called', methodCalledId(method), tx.hash, at, (): Mutable<MethodCalledGroup> => ({
          ...base(methodCalledId(method)),
          kind: 'method-called',
          method,
          callers: [],
          moreCallers: false,
          succeeded: 0,
          failed: 0,
          pending: 0,
        }));
        if (!g) continue;
        const caller = clip(r.predecessorId, 64);
        if (!g.callers.includes(caller)) {
          if (g.callers.length < MAX_CALLERS) g.callers.push(caller);
          else g.moreCallers = true;
        }
        if (r.status === 'success') g.succeeded += 1;
        else if (r.status === 'failure') g.failed += 1;
        else g.pending += 1;
      }
      for (const e of r.events) {
        if (!patterns.some((p) => p.standard === e.standard && (p.event === '*' || p.event === e.event))) continue;
        const standard = clip(e.standard);
        const event = clip(e.event);
        const g = groups.add('event', eventId(standard, event), tx.hash, at, (): EventDraft => ({
          ...base(eventId(standard, event)),
          kind: 'event',
          standard,
          event,
          totalOk: true,
          sum: 0n,
        }));
        if (!g) continue;
        const total = amountTotal(e.data);
        if (total === undefined) g.totalOk = false;
        else g.sum += total;
      }
      if (settings.failedCalls && r.status === 'failure') {
        const method = clip(failedMethod(r));
        const text = r.failure ?? 'failed';
        let said = { kind: 'other', message: text };
        if (classify) {
          try {
            said = classify(r.failureRaw ?? text, { accountId, method, receiptId: r.id, transactionHash: tx.hash, text });
          } catch {
            // A classifier's bug costs the kind, never the failure.
          }
        }
        const message = clip(String(said.message));
        const errorKind = clip(String(said.kind), 40);
        groups.add('failed-calls', failedCallsId(method, message), tx.hash, at, (): Mutable<FailedCallsGroup> => ({
          ...base(failedCallsId(method, message)),
          kind: 'failed-calls',
          method,
          message,
          errorKind,
        }));
      }
    }
  }
  return groups.report();
}

/** Two groups of the same id as one: `older` from earlier reads, `newer` from the latest. */
function combine(older: ActivityGroup, newer: ActivityGroup): ActivityGroup {
  const merged = {
    count: older.count + newer.count,
    firstAt: nsMin(older.firstAt, newer.firstAt),
    lastAt: nsMax(older.lastAt, newer.lastAt),
    transactions: newestFirst(newer.transactions, older.transactions),
  };
  if (older.kind === 'method-called' && newer.kind === 'method-called') {
    const all = [...new Set([...older.callers, ...newer.callers])];
    return {
      ...older,
      ...merged,
      callers: all.slice(0, MAX_CALLERS),
      moreCallers: older.moreCallers || newer.moreCallers || all.length > MAX_CALLERS,
      succeeded: older.succeeded + newer.succeeded,
      failed: older.failed + newer.failed,
      pending: older.pending + newer.pending,
    };
  }
  if (older.kind === 'event' && newer.kind === 'event') {
    const { total: _, ...rest } = older;
    const both = older.total !== undefined && newer.total !== undefined;
    return { ...rest, ...merged, ...(both && { total: String(BigInt(older.total ?? 0) + BigInt(newer.total ?? 0)) }) };
  }
  return { ...older, ...merged };
}

/**
 * What has been noticed since the user last looked: `older` (earlier refreshes) with `newer` (this one's read) added,
 * the caps kept across refreshes (a group already listed keeps growing; a new one past the cap is counted).
 */
export function mergeActivity(older: ActivityReport, newer: ActivityReport): ActivityReport {
  const byId = new Map(older.groups.map((g) => [g.id, g]));
  const dropped = { ...older.dropped };
  for (const k of ACTIVITY_KINDS) dropped[k] += newer.dropped[k];
  const sizes = new Map<ActivityKind, number>(ACTIVITY_KINDS.map((k) => [k, older.groups.filter((g) => g.kind === k).length]));
  for (const g of newer.groups) {
    const known = byId.get(g.id);
    if (known) byId.set(g.id, combine(known, g));
    else if ((sizes.get(g.kind) ?? 0) < MAX_GROUPS) {
      byId.set(g.id, g);
      sizes.set(g.kind, (sizes.get(g.kind) ?? 0) + 1);
    } else dropped[g.kind] += g.count;
  }
  const all = [...byId.values()];
  return { groups: ACTIVITY_KINDS.flatMap((k) => all.filter((g) => g.kind === k)), dropped };
}

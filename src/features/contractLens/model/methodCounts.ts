// An account's calls counted per method, as the contract lens draws them: each read's new records added once,
// the day before the last read kept in 5-minute buckets per method, everything older only in the totals, so memory
// stays bounded however long the session and however busy the contract. Pure: no `vscode`, no I/O, no clock (the
// caller says when). Method names and failure messages are anyone's: cut, and kept as data.
import { sanitizeText } from '../../../base/text';
import type { ActionModel } from '../../../client/transactions/actions';
import type { TransactionModel } from '../../../client/transactions/model';
import type { AccountTxRow } from '../../../client/transactions/types';
import type { ActivityCursor, Unread } from '../../watchlist/model/activityCursor';
import { failedActionIndex, MAX_TEXT } from '../../watchlist/model/activity';
import { classifyFailure } from '../../watchlist/model/activityRead';
import type { ContractActivity, MethodActivity } from './types';

const SECOND_NS = 1_000_000_000n;
/** The window of `calls24h`. */
export const DAY_NS = 24n * 3600n * SECOND_NS;
/** One bucket of the window: a call leaves `calls24h` at most this long after it is a day old. */
export const BUCKET_NS = 5n * 60n * SECOND_NS;
/** Methods kept per account; past it, the method with the fewest calls is forgotten (anyone can call any name). */
export const MAX_METHODS = 256;
/** Characters kept of a failure's kind. */
const MAX_KIND = 40;

interface Failure {
  readonly message: string;
  readonly kind: string;
  readonly hash: string;
  /** ns. */
  readonly at: string;
}

/** One method's tally: totals since the first read, and the window's buckets (start / BUCKET_NS → [calls, failed]). */
export interface MethodTally {
  readonly calls: number;
  readonly failed: number;
  readonly lastAt: string;
  readonly lastFailure?: Failure;
  readonly buckets: ReadonlyMap<bigint, readonly [number, number]>;
}

/** What is kept of one account on one network. */
export interface MethodCounts {
  /** Where the next read starts: `empty` before the first (then the newest page is read). */
  readonly cursor: ActivityCursor;
  /** The oldest row counted (ns); the first read's time when it found none. */
  readonly since?: string;
  /** When the last read that succeeded ended (ns); absent until one did. */
  readonly asOf?: string;
  readonly rows: number;
  /** The newest time below which a capped read left calls unread (ns): the window misses some while this is in it. */
  readonly cappedAt?: string;
  readonly methods: ReadonlyMap<string, MethodTally>;
}

export const EMPTY_COUNTS: MethodCounts = { cursor: { kind: 'empty' }, rows: 0, methods: new Map() };

/** One read's answer as the counts take it: the rows taken (oldest or all of the page's new ones) and their records. */
export interface CountsRead {
  /** The cursor the read started from: a state that moved on meanwhile takes nothing (no row counted twice). */
  readonly from: ActivityCursor;
  readonly cursor: ActivityCursor;
  readonly rows: readonly AccountTxRow[];
  readonly transactions: readonly TransactionModel[];
  /** Rows the page could not hold (older than every row of `rows`): never read. */
  readonly unread: Unread;
}

const nsMax = (a: string, b: string): string => (BigInt(a) >= BigInt(b) ? a : b);
const nsMin = (a: string, b: string): string => (BigInt(a) <= BigInt(b) ? a : b);
const sameCursor = (a: ActivityCursor, b: ActivityCursor): boolean => JSON.stringify(a) === JSON.stringify(b);
const bucketOf = (ns: string): bigint => BigInt(ns) / BUCKET_NS;
/** Whether bucket `b` ends after `from` (it holds a call of the window). */
const inWindow = (b: bigint, from: bigint): boolean => (b + 1n) * BUCKET_NS > from;

type Calls = FunctionCall[];
type FunctionCall = Extract<ActionModel, { kind: 'FunctionCall' }>;

/** The failing call's method: the action the failure names when it is a call, else the receipt's first call. */
function failedMethodOf(r: TransactionModel['receipts'][number], calls: Calls): string {
  const i = failedActionIndex(r);
  const failing = i === undefined ? undefined : r.actions[i];
  return failing?.kind === 'FunctionCall' ? failing.methodName : (calls[0]?.methodName ?? '');
}

/** Kind and words of a failed receipt: the model's own explanation, else the project's classifier on its words. */
function failureOf(r: TransactionModel['receipts'][number], accountId: string, method: string, hash: string): { kind: string; message: string } {
  if (r.error) return { kind: r.error.kind, message: r.error.message };
  const text = r.failure ?? 'failed';
  try {
    return classifyFailure(text, { accountId, method, receiptId: r.id, transactionHash: hash, text });
  } catch {
    return { kind: 'other', message: text };
  }
}

/** A mutable tally while one read is added. */
interface Draft {
  calls: number;
  failed: number;
  lastAt: string;
  lastFailure?: Failure;
  buckets: Map<bigint, [number, number]>;
}

const draftOf = (t: MethodTally | undefined): Draft => ({
  calls: t?.calls ?? 0,
  failed: t?.failed ?? 0,
  lastAt: t?.lastAt ?? '0',
  ...(t?.lastFailure && { lastFailure: t.lastFailure }),
  buckets: new Map([...(t?.buckets ?? [])].map(([b, v]) => [b, [v[0], v[1]]])),
});

/** The least called method (the oldest of equals): the one forgotten for a new name past MAX_METHODS. */
function leastCalled(methods: ReadonlyMap<string, MethodTally | Draft>): string | undefined {
  let out: [string, MethodTally | Draft] | undefined;
  for (const e of methods) if (!out || e[1].calls < out[1].calls || (e[1].calls === out[1].calls && BigInt(e[1].lastAt) < BigInt(out[1].lastAt))) out = e;
  return out?.[0];
}

/**
 * The counts after `read`, at `asOfNs`; undefined when `state` is no longer at the cursor the read started from.
 * Each FunctionCall action of a receipt the account ran (never a refund) is one call of its method, at its
 * transaction's time; a failed receipt is one failed call of the method whose action failed.
 */
export function applyCounts(state: MethodCounts, accountId: string, read: CountsRead, asOfNs: string): MethodCounts | undefined {
  if (!sameCursor(state.cursor, read.from)) return undefined;
  const methods = new Map<string, MethodTally | Draft>(state.methods);
  const drafts = new Map<string, Draft>();
  const tally = (method: string): Draft => {
    let d = drafts.get(method);
    if (d) return d;
    if (!methods.has(method) && methods.size >= MAX_METHODS) {
      const out = leastCalled(methods);
      if (out !== undefined) {
        methods.delete(out);
        drafts.delete(out);
      }
    }
    d = draftOf(methods.get(method) as MethodTally | undefined);
    drafts.set(method, d);
    methods.set(method, d);
    return d;
  };
  // Oldest first (the read gives them newest first): of two calls at the same time, the later row is the newer.
  for (const tx of [...read.transactions].reverse()) {
    const at = tx.timestamp ?? '0';
    const b = bucketOf(at);
    for (const r of tx.receipts) {
      if (r.receiverId !== accountId || r.refund) continue;
      const calls = r.actions.filter((a): a is FunctionCall => a.kind === 'FunctionCall');
      if (calls.length === 0) continue;
      for (const a of calls) {
        const d = tally(sanitizeText(a.methodName, MAX_TEXT));
        d.calls += 1;
        d.lastAt = nsMax(d.lastAt, at);
        const cell = d.buckets.get(b) ?? [0, 0];
        cell[0] += 1;
        d.buckets.set(b, cell);
      }
      if (r.status !== 'failure') continue;
      const raw = failedMethodOf(r, calls);
      const d = tally(sanitizeText(raw, MAX_TEXT));
      const said = failureOf(r, accountId, raw, tx.hash);
      d.failed += 1;
      const cell = d.buckets.get(b) ?? [0, 0];
      cell[1] += 1;
      d.buckets.set(b, cell);
      if (!d.lastFailure || BigInt(at) >= BigInt(d.lastFailure.at))
        d.lastFailure = { message: sanitizeText(String(said.message), MAX_TEXT), kind: sanitizeText(String(said.kind), MAX_KIND), hash: tx.hash, at };
    }
  }
  for (const d of drafts.values()) d.buckets = new Map([...d.buckets].filter(([b]) => inWindow(b, BigInt(asOfNs) - DAY_NS)));
  const oldest = read.rows.reduce<string | undefined>((m, r) => (m === undefined ? r.timestamp : nsMin(m, r.timestamp)), undefined);
  const capped = (read.unread.count > 0 || read.unread.atLeast) && oldest !== undefined;
  const since = state.since === undefined ? (oldest ?? asOfNs) : oldest === undefined ? state.since : nsMin(state.since, oldest);
  const cappedAt = capped ? (state.cappedAt === undefined ? oldest : nsMax(state.cappedAt, oldest)) : state.cappedAt;
  return {
    cursor: read.cursor,
    since,
    asOf: asOfNs,
    rows: state.rows + read.rows.length,
    ...(cappedAt !== undefined && { cappedAt }),
    methods: slid(methods as ReadonlyMap<string, MethodTally>, asOfNs),
  };
}

/** The tallies with the buckets that left the day before `asOfNs` dropped (their calls stay in the totals). */
function slid(methods: ReadonlyMap<string, MethodTally>, asOfNs: string): ReadonlyMap<string, MethodTally> {
  const from = BigInt(asOfNs) - DAY_NS;
  const stale = [...methods].filter(([, t]) => [...t.buckets.keys()].some((b) => !inWindow(b, from)));
  if (stale.length === 0) return methods;
  const out = new Map(methods);
  for (const [m, t] of stale) out.set(m, { ...t, buckets: new Map([...t.buckets].filter(([b]) => inWindow(b, from))) });
  return out;
}

/** What a read that found nothing to count (or only a pending newest record) changes: the time, and the window. */
export const touchCounts = (state: MethodCounts, asOfNs: string): MethodCounts => ({
  ...state,
  since: state.since ?? asOfNs,
  asOf: asOfNs,
  methods: slid(state.methods, asOfNs),
});

/** One method as the command returns it, its window's figures counted before `asOf`. */
function methodActivity(method: string, t: MethodTally, from: bigint): MethodActivity {
  let calls24h = 0;
  let failed24h = 0;
  for (const [b, [c, f]] of t.buckets)
    if (inWindow(b, from)) {
      calls24h += c;
      failed24h += f;
    }
  const f = t.lastFailure;
  return {
    method,
    calls: t.calls,
    failed: t.failed,
    calls24h,
    failed24h,
    lastAt: t.lastAt,
    ...(f && { lastFailure: { message: f.message, kind: f.kind, hash: f.hash } }),
  };
}

/** The counts as `nearLens.contractActivity` returns them (undefined before a first read): busiest method of the day first. */
export function contractActivityOf(accountId: string, network: string, s: MethodCounts): ContractActivity | undefined {
  if (s.asOf === undefined) return undefined;
  const from = BigInt(s.asOf) - DAY_NS;
  const methods = [...s.methods]
    .map(([m, t]) => methodActivity(m, t, from))
    .sort((a, b) => b.calls24h - a.calls24h || (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  return {
    accountId,
    network,
    since: s.since ?? s.asOf,
    asOf: s.asOf,
    rows: s.rows,
    capped: s.cappedAt !== undefined && BigInt(s.cappedAt) > from,
    methods,
  };
}

// An account's balance history (issue #18): evenly spaced dates over a range, the block of each (one head, one shared
// block-time cache), the balances at those blocks loaded a few at a time with every failure a gap, and exact changes.
// Pure: no `vscode`, no I/O of its own (look-ups are passed in); amounts are bigint, never Number.
import { errorMessage, invalidInput } from '../errors';
import { blockNs, BlockTimeCache, resolveDate } from './blockTime';
import type { BlockTimeDeps } from './blockTime';
import { BoundedMap, dateToNs, formatHeight, formatUtc, isUnknownAccount, notYetText, nsToDate } from './timeTravel';
import type { BlockTime } from './timeTravel';

export type HistoryRange = '7d' | '30d' | '1y';

const DAY_MS = 86_400_000;
export const RANGE_MS: Readonly<Record<HistoryRange, number>> = { '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, '1y': 365 * DAY_MS };
export const MIN_POINTS = 12;
export const MAX_POINTS = 30;
export const DEFAULT_POINTS = 24;
/** Balances loaded at once by default (each is one archival look-up). */
export const HISTORY_CONCURRENCY = 4;

/** `count` dates evenly spaced over `range` ending at `now` (the first is `now` − range, the last `now` itself). */
export function samplePoints(range: HistoryRange, now: Date, count: number = DEFAULT_POINTS): Date[] {
  const span = RANGE_MS[range];
  if (span === undefined) throw invalidInput('A history range is 7d, 30d or 1y.');
  if (!Number.isInteger(count) || count < MIN_POINTS || count > MAX_POINTS) throw invalidInput(`A history has ${MIN_POINTS} to ${MAX_POINTS} points.`);
  const end = now.getTime();
  return Array.from({ length: count }, (_, i) => new Date(i === count - 1 ? end : end - span + Math.round((span * i) / (count - 1))));
}

/** A sampled date and its block, or why it has none (before the first block, a failed look-up). */
export type HistoryPoint = ({ at: Date } & BlockTime) | { at: Date; reason: string };

/**
 * The block of each date: one head for all of them (a date at or after it, such as the last point `now`, is the
 * head), one block-time cache shared by all, so each resolution starts from the blocks the others have seen; the
 * oldest date first, then the others `concurrency` at a time.
 * Never throws for one date: its point carries the reason (only a failed head fails the whole). `requests` counts
 * every look-up, the head's included; `onProgress` is called after each date.
 */
export async function historyHeights(
  dates: readonly Date[],
  deps: BlockTimeDeps,
  onProgress?: (done: number, total: number) => void,
  concurrency = HISTORY_CONCURRENCY,
): Promise<{ points: HistoryPoint[]; requests: number }> {
  const cache = deps.cache ?? new BlockTimeCache();
  const head = await deps.head();
  const headTs = blockNs(head);
  cache.set(head.height, headTs);
  let requests = 1;
  const shared: BlockTimeDeps = { ...deps, cache, head: () => Promise.resolve(head) };
  const points: HistoryPoint[] = new Array<HistoryPoint>(dates.length);
  const newestFirst = dates.map((at, i) => ({ at, i })).sort((x, y) => y.at.getTime() - x.at.getTime());
  let done = 0;
  const resolve = async ({ at, i }: { at: Date; i: number }): Promise<void> => {
    if (dateToNs(at) >= headTs) {
      points[i] = { at, height: head.height, timestampNs: head.timestampNs };
    } else {
      try {
        const r = await resolveDate(at, shared);
        requests += r.requests;
        points[i] = { at, height: r.height, timestampNs: r.timestampNs };
      } catch (e) {
        points[i] = { at, reason: errorMessage(e) };
      }
    }
    onProgress?.(++done, dates.length);
  };
  // The oldest date first, alone: with it and the head known, the block time over the range is measured, and every
  // other date starts from a tight estimate; those then resolve `concurrency` at a time (newest first), sharing blocks.
  const oldest = newestFirst.pop();
  if (oldest) await resolve(oldest);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < newestFirst.length) await resolve(newestFirst[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.floor(concurrency)) }, worker));
  return { points, requests };
}

/** An account's amounts at one block: total = balance + locked (yocto), storage in bytes when known. */
export interface HistoryValue {
  total: bigint;
  locked: bigint;
  storage?: number;
}

/** A loaded point, or a gap: the account did not exist yet (or any more), or the look-up failed. */
export type HistoryRow =
  ({ at: Date } & BlockTime & { value: HistoryValue }) | ({ at: Date } & Partial<BlockTime> & { gap: 'not-yet' | 'gone' | 'failed'; reason: string });

/** Amounts by `account@height` for a session: a past block's state never changes, so no expiry (null = no account there). */
export class HistoryCache extends BoundedMap<string, HistoryValue | null> {
  constructor(maxEntries = 4096) {
    super(maxEntries);
  }
}

export interface LoadHistoryOptions {
  account: string;
  cache: HistoryCache;
  /** Look-ups at once (default HISTORY_CONCURRENCY). */
  concurrency?: number;
  /** Called after each point, loaded or not. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The account's amounts at each point, at most `concurrency` look-ups at once, from the session cache when known.
 * Never throws for one point: UNKNOWN_ACCOUNT becomes a 'not-yet' gap (or 'gone' after the account had existed), any
 * other failure a 'failed' gap with its reason.
 */
export async function loadHistory(
  points: readonly HistoryPoint[],
  fetchAt: (height: number) => Promise<HistoryValue>,
  opts: LoadHistoryOptions,
): Promise<HistoryRow[]> {
  const rows = new Array<HistoryRow>(points.length);
  const load = async (p: HistoryPoint): Promise<HistoryRow> => {
    if ('reason' in p) return { at: p.at, gap: 'failed', reason: p.reason };
    const key = `${opts.account}@${p.height}`;
    let value = opts.cache.get(key);
    if (value === undefined) {
      try {
        value = await fetchAt(p.height);
        opts.cache.set(key, value);
      } catch (e) {
        if (!isUnknownAccount(e)) return { ...p, gap: 'failed', reason: errorMessage(e) };
        value = null;
        opts.cache.set(key, value);
      }
    }
    return value === null ? { ...p, gap: 'not-yet', reason: notYetText(p) } : { ...p, value };
  };
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < points.length) {
      const i = next++;
      rows[i] = await load(points[i]!);
      opts.onProgress?.(++done, points.length);
    }
  };
  const n = Math.min(points.length, Math.max(1, Math.floor(opts.concurrency ?? HISTORY_CONCURRENCY)));
  await Promise.all(Array.from({ length: n }, worker));
  // Missing after an earlier point where it existed: deleted, not "not yet".
  const order = rows.map((_, i) => i).sort((a, b) => rows[a]!.at.getTime() - rows[b]!.at.getTime());
  let existed = false;
  for (const i of order) {
    const r = rows[i]!;
    if ('value' in r) existed = true;
    else if (existed && r.gap === 'not-yet' && r.height !== undefined && r.timestampNs !== undefined) {
      rows[i] = { ...r, gap: 'gone', reason: `did not exist at block ${formatHeight(r.height)} (${formatUtc(nsToDate(r.timestampNs))})` };
    }
  }
  return rows;
}

export interface Change {
  total: string;
  locked: string;
  storage?: string;
}

/** A signed integer as text: "+5", "-5", "0". */
const signed = (d: bigint): string => (d > 0n ? `+${d}` : d.toString());

/** `b` − `a`, exactly: yocto for total and locked, bytes for storage (when both have it). */
export function changeSince(a: HistoryValue, b: HistoryValue): Change {
  const out: Change = { total: signed(b.total - a.total), locked: signed(b.locked - a.locked) };
  if (a.storage !== undefined && b.storage !== undefined) out.storage = signed(BigInt(b.storage) - BigInt(a.storage));
  return out;
}

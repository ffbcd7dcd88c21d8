// Time travel's range: evenly spaced dates over 7 days, 30 days or a year, and the block of each (one head,
// one shared block-time cache, each date found by blockByTime.ts). The amounts at those blocks: balancesAt.ts.
// Pure: no `vscode`, no I/O of its own (look-ups are passed in).
import { errorMessage, invalidInput } from '../../base/errors';
import { blockNs, BlockTimeCache, resolveDate } from './blockByTime';
import type { BlockTimeDeps } from './blockByTime';
import { dateToNs } from './chainTime';
import type { BlockTime } from './chainTime';

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
  // A Date holds milliseconds: one in the head's own millisecond (the range's end, `now` read from the head) is the head.
  const headMs = headTs - (headTs % 1_000_000n);
  const resolve = async ({ at, i }: { at: Date; i: number }): Promise<void> => {
    if (dateToNs(at) >= headMs) {
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

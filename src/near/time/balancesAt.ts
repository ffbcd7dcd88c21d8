// Time travel's History amounts: an account's balances at the sampled blocks (sampleRange.ts) loaded a
// few at a time from a session cache, every failure a gap ("did not exist yet", "gone", failed), and exact changes.
// Pure: no `vscode`, no I/O of its own (look-ups are passed in); amounts are bigint, never Number.
import { errorMessage } from '../../base/errors';
import { BoundedMap } from '../../base/lru';
import { formatHeight } from '../amounts';
import { formatUtc, nsToDate } from './chainTime';
import type { BlockTime } from './chainTime';
import { isUnknownAccount, notYetText } from './notYet';
import { HISTORY_CONCURRENCY } from './sampleRange';
import type { HistoryPoint } from './sampleRange';

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

// The watchlist's stored snapshots as the engine reads them on every load, badge count and decoration: the
// Memento's record parsed once per stored value, and each account's changes diffed once per pair of snapshots. Pure:
// no `vscode`. With 100 watched accounts a refresh asks for every account's changes after each load (the badge, the
// decoration); parsed and diffed afresh each time, that would be ~2 million entry checks a refresh.
import { diffSnapshots, isSnapshot } from './snapshot';
import type { Change, Snapshot } from './snapshot';
import { activityStateOf } from './activityRead';
import type { ActivityState } from './activityRead';

export interface Watched {
  /** What the user last saw (renewed by Mark as Seen). */
  seen: Snapshot;
  /** The newest complete read, when newer than `seen`. */
  latest?: Snapshot;
  /** Alerts already said since `seen` (each once): changes' ids and activity groups' ids. */
  alerted: string[];
  /** A contract's incoming calls: where the next read starts and what was noticed since `seen`. */
  activity?: ActivityState;
}

const parsed = new WeakMap<object, Readonly<Record<string, Watched>>>();

/** The well-formed entries of a stored record `{ "<network>|<id>": Watched }` (anything else: none); never mutate it. */
export function watchedRecord(v: unknown): Readonly<Record<string, Watched>> {
  if (typeof v !== 'object' || v === null) return {};
  const known = parsed.get(v);
  if (known) return known;
  const out: Record<string, Watched> = {};
  for (const [k, w] of Object.entries(v)) {
    const x = w as Partial<Watched> | null;
    if (x && isSnapshot(x.seen)) {
      const activity = activityStateOf(x.activity);
      out[k] = {
        seen: x.seen,
        ...(isSnapshot(x.latest) ? { latest: x.latest } : {}),
        alerted: Array.isArray(x.alerted) ? x.alerted.filter((a) => typeof a === 'string') : [],
        ...(activity && { activity }),
      };
    }
  }
  parsed.set(v, out);
  return out;
}

const diffs = new WeakMap<Snapshot, { seen: Snapshot; changes: readonly Change[] }>();

/** The changes from `w.seen` to `w.latest` (none without a latest), diffed once per pair of snapshot objects. */
export function changesOf(w: Watched): Change[] {
  if (!w.latest) return [];
  const known = diffs.get(w.latest);
  if (known?.seen === w.seen) return [...known.changes];
  const changes = diffSnapshots(w.seen, w.latest);
  diffs.set(w.latest, { seen: w.seen, changes });
  return [...changes];
}

/**
 * Whether a load's snapshot `now` says nothing new over the account's last stored one (`latest`, else `seen`): its
 * code hash and keys were carried from it (not read again over RPC: a read renews their age) and no field differs.
 * The engine then writes nothing — with 100 watched accounts, a refresh of unchanged ones writing the whole record
 * after each load would cost more than the refresh itself — and the badge and decoration stay as they are.
 */
export function unchangedSince(last: Snapshot | undefined, now: Snapshot, carried: boolean): boolean {
  return carried && last !== undefined && diffSnapshots(last, now).length === 0;
}

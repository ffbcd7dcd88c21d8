// The chain side of the contract lens: what each account was called with, read on first need and then at most
// every READ_EVERY_MS while a lens asks for it, with each watchlist refresh of a watched one, and never per lens
// resolve. One read of an account at a time; a failed read keeps the last counts and says why; a network without a
// transactions API is said and costs nothing. State is kept per network and account, in memory for the session (the
// first read of a session reads the newest LENS_LIMIT calls again). No `vscode`: the editor glue is activity.ts.
import { invalidInput, NearLensError } from '../../base/errors';
import type { ActivityClient } from '../watchlist/model/activityRead';
import { afterRead, readCounts } from './model/countsRead';
import { contractActivityOf, EMPTY_COUNTS } from './model/methodCounts';
import type { MethodCounts } from './model/methodCounts';
import type { ActivityView, ContractActivity, ContractActivitySource } from './model/types';

/** A lens shown keeps its account read at most this often. */
export const READ_EVERY_MS = 5 * 60_000;
/** A watchlist refresh reads an account a lens asked for within this long. */
export const WANTED_FOR_MS = 10 * 60_000;
/** Accounts kept (the least recently asked for forgotten first). */
export const MAX_ACCOUNTS = 200;

/** Where an account's calls are read now. */
export type ActivityTarget =
  | { readonly kind: 'ok'; readonly key: string; readonly network: string; readonly client: ActivityClient }
  | { readonly kind: 'unsupported'; readonly key: string; readonly reason: string };

export interface ActivitySourceDeps {
  /** The account's network as NEAR Lens uses it now (`network`: another one, from code). Never throws. */
  target(accountId: string, network?: string): ActivityTarget;
  log?(line: string): void;
}

interface AccountState {
  readonly accountId: string;
  counts: MethodCounts;
  error?: string;
  reading?: Promise<void>;
  /** When the last read ended (ms), whatever its outcome, and its place in the order of events. */
  readEnd?: number;
  readEndTick?: number;
  /** When a lens last asked for it (ms), and its place in the order of events (times can be equal). */
  wantedAt?: number;
  wantedTick?: number;
}

const ns = (ms: number): string => String(BigInt(Math.floor(ms)) * 1_000_000n);

export class ActivitySource implements ContractActivitySource {
  readonly #deps: ActivitySourceDeps;
  readonly #states = new Map<string, AccountState>();
  readonly #listeners = new Set<(accountId: string) => void>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  /** Orders wants and read ends that happen in the same millisecond. */
  #ticks = 0;

  constructor(deps: ActivitySourceDeps) {
    this.#deps = deps;
  }

  view(accountId: string): ActivityView {
    const t = this.#deps.target(accountId);
    if (t.kind === 'unsupported') return { kind: 'unsupported', reason: t.reason };
    const s = this.#states.get(t.key);
    const activity = s && contractActivityOf(accountId, t.network, s.counts);
    if (!s || !activity) return { kind: 'none' };
    return { kind: 'counts', activity, ...(s.error !== undefined && { error: s.error }) };
  }

  want(accountId: string): void {
    try {
      const t = this.#deps.target(accountId);
      if (t.kind === 'unsupported' || this.#disposed) return;
      const s = this.#state(t.key, accountId);
      s.wantedAt = Date.now();
      s.wantedTick = ++this.#ticks;
      if (!s.reading && (s.readEnd === undefined || Date.now() - s.readEnd >= READ_EVERY_MS)) void this.#read(s, t);
      else this.#arm();
    } catch (e) {
      this.#deps.log?.(`contract lens: ${accountId}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  onDidChange(listener: (accountId: string) => void): { dispose(): void } {
    this.#listeners.add(listener);
    return { dispose: () => this.#listeners.delete(listener) };
  }

  /**
   * The counts after a read: the one under way, else a new one when nothing was read yet or `refresh` (from code);
   * rejects with why when the network has no transactions API or that read failed with nothing read before.
   */
  async activity(accountId: string, o: { network?: string; refresh?: boolean } = {}): Promise<ContractActivity> {
    const t = this.#deps.target(accountId, o.network);
    if (t.kind === 'unsupported') throw invalidInput(t.reason);
    const s = this.#state(t.key, accountId);
    if (s.reading) await s.reading;
    const before = s.readEndTick;
    if (o.refresh || s.counts.asOf === undefined) await (s.reading ?? this.#read(s, t));
    const out = contractActivityOf(accountId, t.network, s.counts);
    // A read this call waited for that failed: its reason, unless the caller takes the last counts as they are.
    if (!out || (o.refresh && s.readEndTick !== before && s.error !== undefined)) throw new NearLensError('network', s.error ?? 'The calls could not be read.');
    return out;
  }

  /** Whether a lens asked for `s` since its last read ended: the timer keeps such accounts read. */
  #wantedSince(s: AccountState): s is AccountState & { readEnd: number } {
    return !s.reading && s.readEnd !== undefined && (s.wantedTick ?? 0) > (s.readEndTick ?? 0);
  }

  /** A watchlist refresh of `accountId`: read it too when a lens asked for it lately and no read is under way. */
  refreshed(accountId: string): void {
    const t = this.#deps.target(accountId);
    if (t.kind === 'unsupported') return;
    const s = this.#states.get(t.key);
    if (s && !s.reading && s.wantedAt !== undefined && Date.now() - s.wantedAt <= WANTED_FOR_MS) void this.#read(s, t);
  }

  /**
   * Settings or key changed: each account's state is kept under the network and endpoints it was read on (another
   * network's is another key), and every lens draws again, as the network it is read on now may be another.
   */
  changed(): void {
    for (const id of new Set([...this.#states.values()].map((s) => s.accountId))) this.#fire(id);
  }

  dispose(): void {
    this.#disposed = true;
    this.#states.clear();
    this.#listeners.clear();
    this.#disarm();
  }

  #state(key: string, accountId: string): AccountState {
    let s = this.#states.get(key);
    if (s) {
      // Most recently asked for last: the first in the map is the one to forget.
      this.#states.delete(key);
    } else {
      s = { accountId, counts: EMPTY_COUNTS };
      for (const [k, old] of this.#states) {
        if (this.#states.size < MAX_ACCOUNTS) break;
        if (!old.reading) this.#states.delete(k);
      }
    }
    this.#states.set(key, s);
    return s;
  }

  #read(s: AccountState, t: Extract<ActivityTarget, { kind: 'ok' }>): Promise<void> {
    let aborted = false;
    const run = async (): Promise<void> => {
      const step = await readCounts(t.client, s.accountId, s.counts.cursor, Date.now());
      if (this.#disposed || this.#states.get(t.key) !== s) return; // forgotten meanwhile (a reset): nothing to keep
      if (step.kind === 'retry' && step.aborted) {
        aborted = true; // stopped with its client (another key or endpoints): read again on the next need
        return;
      }
      const after = afterRead(s.counts, s.accountId, step, ns(Date.now()));
      s.counts = after.counts;
      if (after.error === undefined) delete s.error;
      else {
        s.error = after.error;
        this.#deps.log?.(`contract lens: the calls of ${s.accountId} are read again later (${after.error})`);
      }
    };
    const p = run()
      .catch((e: unknown) => this.#deps.log?.(`contract lens: ${s.accountId}: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        if (aborted) delete s.readEnd;
        else s.readEnd = Date.now();
        s.readEndTick = ++this.#ticks;
        if (s.reading === p) delete s.reading;
        if (this.#disposed) return;
        this.#fire(s.accountId);
        this.#arm();
      });
    s.reading = p;
    return p;
  }

  #fire(accountId: string): void {
    for (const l of [...this.#listeners]) {
      try {
        l(accountId);
      } catch (e) {
        this.#deps.log?.(`contract lens: a listener failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  /**
   * The one timer: due when the first account a lens asked for since its last read ended is READ_EVERY_MS old. An
   * account no lens asked for since (its file hidden) is not read again until one does; with none, no timer.
   */
  #arm(): void {
    this.#disarm();
    if (this.#disposed) return;
    let due: number | undefined;
    for (const s of this.#states.values()) {
      if (!this.#wantedSince(s)) continue;
      const at = s.readEnd + READ_EVERY_MS;
      if (due === undefined || at < due) due = at;
    }
    if (due === undefined) return;
    this.#timer = setTimeout(() => this.#tick(), Math.max(0, due - Date.now()));
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #tick(): void {
    this.#timer = undefined;
    let started = false;
    for (const [key, s] of this.#states) {
      if (!this.#wantedSince(s) || Date.now() - s.readEnd < READ_EVERY_MS) continue;
      const t = this.#deps.target(s.accountId);
      if (t.kind !== 'ok' || t.key !== key) continue;
      void this.#read(s, t);
      started = true;
    }
    if (!started) this.#arm();
  }
}

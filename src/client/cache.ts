// Bounded TTL cache with in-flight de-duplication, shared by every NearClient. Pure: no `vscode`, no I/O.
import { aborted } from '../base/errors';
import { BoundedMap } from '../base/lru';

/** Entries of the cache every client shares: bounds memory whatever is hovered. */
export const CACHE_ENTRIES = 1000;

export interface Clock {
  now(): number;
}

export interface CacheGetOptions {
  /** Skip a cached value (still joins a request already in flight, and stores the new value). */
  fresh?: boolean;
  /** This caller's cancellation: rejects this caller only; the load is aborted when every caller has gone. */
  signal?: AbortSignal;
  /**
   * false: a new answer goes to every caller waiting for it but is not kept (a caller that keeps its own, such as a
   * History load of many archival blocks, would otherwise push out what hovers and the watchlist need), unless another
   * caller of the same load wants it kept. Read as usual.
   */
  keep?: boolean;
  /**
   * How long a failure of this load is kept, by the error (0: not kept): one a moment will not change (a token
   * without metadata) is given again to the callers until then, asking nothing. `fresh` asks again.
   */
  keepFailureMs?: (e: unknown) => number;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

interface Flight {
  promise: Promise<unknown>;
  /** Only when the caller that started the load can leave (has a signal): one without a signal stays to the end. */
  ctrl: AbortController | undefined;
  waiters: number;
  /** Whether the answer is kept: when any caller of the flight wants it (keep not false). */
  keep: boolean;
}

export class TtlCache {
  readonly #entries: BoundedMap<string, Entry>;
  readonly #flights = new Map<string, Flight>();
  /** Kept failures (keepFailureMs), apart from the answers: `peek` never sees them. */
  readonly #failures = new BoundedMap<string, { error: unknown; until: number }>(100);
  readonly #clock: Clock;

  constructor(opts?: { maxEntries?: number; clock?: Clock }) {
    this.#entries = new BoundedMap(opts?.maxEntries ?? 500);
    this.#clock = opts?.clock ?? Date;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached value when younger than `ttlMs`, else the result of `load` (one load per key at a time).
   * A failed load is not cached and the previous good value stays available to `peek`.
   */
  get<T>(key: string, ttlMs: number, load: (signal: AbortSignal | undefined) => Promise<T>, opts?: CacheGetOptions): Promise<T> {
    if (!opts?.fresh) {
      const hit = this.#entries.peek(key);
      // get(): counts as a use (the LRU position).
      if (hit && this.#clock.now() - hit.storedAt < ttlMs) return Promise.resolve(this.#entries.get(key)!.value as T);
      const failed = this.#failures.size > 0 ? this.#failures.peek(key) : undefined;
      if (failed && this.#clock.now() < failed.until) return Promise.reject(failed.error);
    }
    const signal = opts?.signal;
    if (signal?.aborted) return Promise.reject(aborted());

    const f = this.#flights.get(key) ?? this.#start(key, load, signal !== undefined, opts?.keepFailureMs);
    f.waiters++;
    if (opts?.keep !== false) f.keep = true;
    if (!signal) return f.promise as Promise<T>;

    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        // Nobody wants the answer any more: stop the request and let the next caller start afresh.
        if (--f.waiters <= 0) {
          if (this.#flights.get(key) === f) this.#flights.delete(key);
          f.ctrl?.abort();
        }
        reject(aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      (f.promise as Promise<T>).then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** When the value under `key` was stored (ms since epoch), even if expired. */
  storedAt(key: string): number | undefined {
    return this.#entries.get(key)?.storedAt;
  }

  /** The last good value even if expired ("keep showing the last good data"). */
  peek<T>(key: string): T | undefined {
    return this.#entries.peek(key)?.value as T | undefined;
  }

  /** Drops entries whose key starts with `prefix` (all when omitted); loads in flight for them will not be stored. */
  invalidate(prefix = ''): void {
    for (const map of [this.#entries, this.#flights, this.#failures]) for (const k of [...map.keys()]) if (k.startsWith(prefix)) map.delete(k);
  }

  #start(key: string, load: (signal: AbortSignal | undefined) => Promise<unknown>, abortable: boolean, keepFailureMs?: (e: unknown) => number): Flight {
    const ctrl = abortable ? new AbortController() : undefined;
    const mine = (): boolean => this.#flights.get(key) === flight && this.#flights.delete(key);
    // `load` runs at once; one that throws fails like one that rejects.
    let loading: Promise<unknown>;
    try {
      loading = load(ctrl?.signal);
    } catch (e) {
      loading = Promise.reject(e);
    }
    const flight: Flight = {
      promise: loading.then(
        (value) => {
          // Not stored when invalidated (or superseded) while in flight: it may predate the "refresh".
          if (mine() && flight.keep) this.#store(key, value);
          return value;
        },
        (e: unknown) => {
          const ms = mine() && keepFailureMs ? keepFailureMs(e) : 0;
          if (ms > 0) this.#failures.set(key, { error: e, until: this.#clock.now() + ms });
          throw e;
        },
      ),
      ctrl,
      waiters: 0,
      keep: false,
    };
    flight.promise.catch(() => undefined); // callers handle it; avoid an unhandled rejection when all left
    this.#flights.set(key, flight);
    return flight;
  }

  #store(key: string, value: unknown): void {
    // One in, at most one out: the oldest (least recently used) entry.
    this.#entries.set(key, { value, storedAt: this.#clock.now() });
    if (this.#failures.size > 0) this.#failures.delete(key);
  }
}

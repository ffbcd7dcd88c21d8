// A fake clock for simulated hours that run in seconds. While installed, Date.now(), setTimeout / setInterval (and
// their clears) and AbortSignal.timeout follow it for NEAR Lens's code, ofetch, the stub and the test; time moves only
// when the caller runs the next timer. Node's own modules keep real time, as they do for a user: a call whose
// direct caller is a `node:` frame (undici's socket timers inside fetch) goes to the real functions, so a loopback
// request is answered at once on the fake clock while a retry wait, a request timeout, a stub stall or the refresh
// interval takes exactly its fake milliseconds. Plain Node: must not depend on mocha or vscode.

type Kind = 'timeout' | 'interval' | 'signal';

interface Timer {
  id: number;
  at: number;
  seq: number; // creation order breaks ties, as Node runs timers due at the same time in the order they were set
  fn: (...args: unknown[]) => unknown;
  args: unknown[];
  ms: number;
  every?: number;
  kind: Kind;
}

/** What setTimeout returns while the clock is installed (the methods of Node's Timeout that callers use). */
class FakeTimeout {
  constructor(
    readonly id: number,
    private readonly clock: FakeClock,
  ) {}
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  hasRef(): boolean {
    return true;
  }
  refresh(): this {
    this.clock.refresh(this.id);
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.id;
  }
}

/** Node's delay rule: not a number, below 1 or beyond 2^31 − 1 ms means 1 ms. */
const delayOf = (ms: unknown): number => {
  const n = Number(ms);
  return Number.isFinite(n) && n >= 1 && n <= 2 ** 31 - 1 ? Math.floor(n) : 1;
};

/** The file of the function that called `self` (a `node:` path for Node's own modules); no source-map formatting. */
function callerFile(self: (...args: never[]) => unknown): string {
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  try {
    Error.prepareStackTrace = (_e, frames) => frames;
    Error.stackTraceLimit = 1;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, self);
    const frames = holder.stack as NodeJS.CallSite[] | undefined;
    return frames?.[0]?.getFileName() ?? '';
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}
const fromNode = (self: (...args: never[]) => unknown): boolean => callerFile(self).startsWith('node:');

export class FakeClock {
  #now: number;
  #seq = 0;
  #ids = 0;
  readonly #timers = new Map<number, Timer>();
  #restore: (() => void) | undefined;

  constructor(start: number) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  get installed(): boolean {
    return this.#restore !== undefined;
  }

  /** Replaces the globals (see the file comment); uninstall() puts the real ones back. */
  install(): this {
    if (this.#restore) return this;
    const g = globalThis as unknown as Record<string, unknown>;
    const real = {
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
      setInterval: globalThis.setInterval,
      clearInterval: globalThis.clearInterval,
      now: Date.now,
      timeout: AbortSignal.timeout,
    };
    const clear =
      (realClear: (h: never) => void) =>
      (h: unknown): void => {
        if (h instanceof FakeTimeout) this.#timers.delete(h.id);
        else if (typeof h === 'number' && this.#timers.has(h)) this.#timers.delete(h);
        else if (h !== undefined && h !== null) realClear(h as never);
      };
    const fakeSetTimeout = (fn: (...a: unknown[]) => unknown, ms?: number, ...args: unknown[]): unknown =>
      fromNode(fakeSetTimeout) ? real.setTimeout(fn, ms, ...args) : this.#add(fn, args, delayOf(ms), undefined, 'timeout');
    const fakeSetInterval = (fn: (...a: unknown[]) => unknown, ms?: number, ...args: unknown[]): unknown =>
      fromNode(fakeSetInterval) ? real.setInterval(fn, ms, ...args) : this.#add(fn, args, delayOf(ms), delayOf(ms), 'interval');
    const fakeNow = (): number => (fromNode(fakeNow) ? real.now() : this.#now);
    g['setTimeout'] = fakeSetTimeout;
    g['setInterval'] = fakeSetInterval;
    g['clearTimeout'] = clear(real.clearTimeout as (h: never) => void);
    g['clearInterval'] = clear(real.clearInterval as (h: never) => void);
    Date.now = fakeNow;
    AbortSignal.timeout = (ms: number): AbortSignal => {
      const ctrl = new AbortController();
      this.#add(() => ctrl.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), [], delayOf(ms), undefined, 'signal');
      return ctrl.signal;
    };
    this.#restore = () => {
      g['setTimeout'] = real.setTimeout;
      g['clearTimeout'] = real.clearTimeout;
      g['setInterval'] = real.setInterval;
      g['clearInterval'] = real.clearInterval;
      Date.now = real.now;
      AbortSignal.timeout = real.timeout;
    };
    return this;
  }

  uninstall(): void {
    this.#restore?.();
    this.#restore = undefined;
  }

  /** The timers waiting, by kind ('signal': the per-attempt timeouts of AbortSignal.timeout). */
  pending(kind?: Kind): number {
    let n = 0;
    for (const t of this.#timers.values()) if (kind === undefined || t.kind === kind) n++;
    return n;
  }

  /** When the next timer is due (undefined: none). */
  nextAt(): number | undefined {
    return this.#next()?.at;
  }

  /**
   * Moves the clock to the next timer due at or before `limit` and runs it (an interval is set again first);
   * without one, moves the clock to `limit` and returns false.
   */
  runNext(limit: number): boolean {
    const t = this.#next();
    if (!t || t.at > limit) {
      this.#now = Math.max(this.#now, limit);
      return false;
    }
    this.#now = Math.max(this.#now, t.at);
    if (t.every === undefined) this.#timers.delete(t.id);
    else Object.assign(t, { at: t.at + t.every, seq: ++this.#seq });
    t.fn(...t.args);
    return true;
  }

  /** Timeout.refresh(): the same timer, due its delay from now. */
  refresh(id: number): void {
    const t = this.#timers.get(id);
    if (t) Object.assign(t, { at: this.#now + t.ms, seq: ++this.#seq });
  }

  #add(fn: (...a: unknown[]) => unknown, args: unknown[], ms: number, every: number | undefined, kind: Kind): FakeTimeout {
    const id = ++this.#ids;
    this.#timers.set(id, { id, at: this.#now + ms, seq: ++this.#seq, fn, args, ms, every, kind });
    return new FakeTimeout(id, this);
  }

  #next(): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.#timers.values()) if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    return best;
  }
}

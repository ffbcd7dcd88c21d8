// Balance inlay hints (opt-in `nearLens.inlayHints.balances`): the text of one account's hint from its cached `full()`
// answer, and the batcher that fetches what a view shows but the cache lacks — one batch at a time, each id at most
// once per interval, a few at once. Pure: no `vscode`; the timer and the clock are injected.
import { formatNear } from '../../../near/amounts';
import type { AccountFull } from '../../../near/account';
import { createLimiter } from '../../../client/limit';

export interface BalanceHint {
  label: string;
  tooltip: string;
}

/** `≈ 12.3 NEAR` after an account id (rounded down, as everywhere); the exact figure in the tooltip. */
export function balanceHint(full: AccountFull, decimals: number): BalanceHint {
  if (!full.state) return { label: '· no such account', tooltip: `NEAR Lens: ${full.accountId} does not exist on this network.` };
  const exact = formatNear(full.state.balance, 24);
  const shown = formatNear(full.state.balance, decimals);
  // "< 0.00001 NEAR" says itself that it is not exact; a round figure gets "≈" unless it is exact.
  const label = shown.startsWith('<') ? shown : `${shown === exact ? '=' : '≈'} ${shown}`;
  return { label, tooltip: `NEAR Lens: balance of ${full.accountId}, ${exact} (hover it for the rest).` };
}

export interface BatcherOptions {
  /** Fetches one id (through the client and its cache); a failure is the batcher's to swallow. */
  load: (id: string) => Promise<unknown>;
  /** Called once a batch has finished, when at least one id loaded: the hints are asked for again. */
  onLoaded: () => void;
  /** How long to wait for more ids before a batch starts (the view asks line range by line range). */
  delayMs?: number;
  /** An id is requested at most once per this interval, whether it loaded or failed (no retry storm while scrolling). */
  intervalMs?: number;
  concurrency?: number;
  /** Most ids remembered (the oldest are forgotten first). */
  maxIds?: number;
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
  now?: () => number;
}

/** Collects the ids the hints lack and fetches them in one de-duplicated batch. */
export class BalanceBatcher {
  readonly #o: Required<Omit<BatcherOptions, 'load' | 'onLoaded'>> & Pick<BatcherOptions, 'load' | 'onLoaded'>;
  readonly #pending = new Set<string>();
  /** When each id was last requested (insertion order = age). */
  readonly #requested = new Map<string, number>();
  #timer: { cancel(): void } | undefined;
  #disposed = false;
  /** Every load of every batch so far (tests and the bench count them). */
  requests = 0;
  /** The batch running now, if any (tests await it). */
  running: Promise<void> | undefined;

  constructor(o: BatcherOptions) {
    this.#o = {
      delayMs: 150,
      intervalMs: 60_000,
      concurrency: 4,
      maxIds: 500,
      setTimer: (fn, ms) => {
        const t = setTimeout(fn, ms);
        return { cancel: () => clearTimeout(t) };
      },
      now: Date.now,
      ...o,
    };
  }

  /**
   * Asks for `ids`; those requested within the interval are skipped. At most `maxIds` ids are remembered, and one is
   * forgotten only once its interval has passed: past that many ids in one interval, new ones wait (no refetch loop
   * however many ids a view holds).
   */
  want(ids: Iterable<string>): void {
    if (this.#disposed) return;
    const now = this.#o.now();
    this.#forgetExpired(now);
    for (const id of ids) {
      const at = this.#requested.get(id);
      if (at !== undefined && now - at < this.#o.intervalMs) continue;
      if (at === undefined && this.#requested.size + this.#pending.size >= this.#o.maxIds) break;
      this.#pending.add(id);
    }
    if (this.#pending.size > 0) this.#timer ??= this.#o.setTimer(() => this.#flush(), this.#o.delayMs);
  }

  /** Forgets the ids whose interval has passed (the map is in request order, oldest first). */
  #forgetExpired(now: number): void {
    for (const [id, at] of this.#requested) {
      if (now - at < this.#o.intervalMs) break;
      this.#requested.delete(id);
    }
  }

  /** Forgets every id asked so far (a connection change dropped their answers): the next view asks again. */
  forget(): void {
    this.#requested.clear();
  }

  dispose(): void {
    this.#disposed = true;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#pending.clear();
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#disposed || this.running) {
      // One batch at a time: what arrived meanwhile goes in the next one.
      if (!this.#disposed && this.#pending.size > 0) this.#timer = this.#o.setTimer(() => this.#flush(), this.#o.delayMs);
      return;
    }
    const ids = [...this.#pending];
    this.#pending.clear();
    const now = this.#o.now();
    for (const id of ids) {
      this.#requested.delete(id);
      this.#requested.set(id, now);
    }
    const run = createLimiter(this.#o.concurrency);
    let loaded = 0;
    this.running = Promise.all(
      ids.map((id) =>
        run(async () => {
          if (this.#disposed) return;
          this.requests++;
          try {
            await this.#o.load(id);
            loaded++;
          } catch {
            // The hint stays away; the hover and the log say why when the user looks at this account.
          }
        }),
      ),
    ).then(() => {
      this.running = undefined;
      if (!this.#disposed && loaded > 0) this.#o.onLoaded();
    });
  }
}

// Bounded concurrency for bursts of requests (refresh all, token metadata, pool balances), and the bounds themselves.
// Pure: no `vscode`, no I/O.

/** Accounts refreshed at once by the watchlist's Refresh All. */
export const REFRESH_CONCURRENCY = 4;
/** RPC look-ups (token metadata, pool balances) one view or panel runs at once. */
export const LOOKUP_CONCURRENCY = 6;

/** A runner that lets at most `max` tasks run at once; the others wait in FIFO order. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(max: number): Limiter {
  const limit = Math.max(1, Math.floor(max));
  let running = 0;
  const queue: Array<() => void> = [];
  const next = (): void => {
    running--;
    queue.shift()?.();
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = (): void => {
        running++;
        // A task that throws synchronously still releases its place.
        Promise.resolve().then(task).then(resolve, reject).finally(next);
      };
      if (running < limit) start();
      else queue.push(start);
    });
}

/** Runs `fn` over `items` with at most `max` at once; settles every item (one failure does not stop the rest). */
export async function settleAll<T, R>(items: readonly T[], max: number, fn: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const run = createLimiter(max);
  return Promise.allSettled(items.map((item) => run(() => fn(item))));
}

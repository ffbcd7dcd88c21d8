// How long ago something happened, as every view says it: "2 h ago" (a row), "2 hours ago" (a sentence for screen
// readers). The exact UTC time is near/time/chainTime.ts's `utcOfNs`/`formatUtc`, below the ui kit because near's
// own messages use it too. Pure: no `vscode`, no I/O; nanoseconds are BigInt, never Number.

const UNITS: ReadonlyArray<[ms: number, short: string, long: string]> = [
  [365 * 86_400_000, 'y', 'year'],
  [30 * 86_400_000, 'mo', 'month'],
  [86_400_000, 'd', 'day'],
  [3_600_000, 'h', 'hour'],
  [60_000, 'min', 'minute'],
  [1000, 's', 'second'],
];

/** Milliseconds since the epoch of a nanosecond timestamp (a u64 as decimal digits); undefined when it is none. */
export function nanosToMs(ns: string): number | undefined {
  return /^\d{1,30}$/.test(ns) ? Number(BigInt(ns) / 1_000_000n) : undefined;
}

/** "2 h ago" (`long`: "2 hours ago"); "just now" under a second or for a time ahead of the clock. */
export function relativeTime(nowMs: number, thenMs: number, long = false): string {
  const ago = nowMs - thenMs;
  for (const [ms, short, word] of UNITS) {
    const n = Math.floor(ago / ms);
    if (n >= 1) return long ? `${n} ${word}${n === 1 ? '' : 's'} ago` : `${n} ${short} ago`;
  }
  return 'just now';
}

// NEAR's clock: block times as u64 nanosecond strings, dates ↔ nanoseconds, NEAR's genesis, and the one UTC format
// every message and view uses (here, below the ui kit, because near's own messages and the client use it too; the
// ui's time.ts adds "2 h ago"). Pure: no `vscode`, no I/O; nanoseconds are bigint, never Number.

/** A block's height and its `header.timestamp_nanosec` (u64 nanoseconds since the epoch, beyond 2^53: a string). */
export interface BlockTime {
  height: number;
  timestampNs: string;
}

/** The first block of a network: nothing can be looked up before it. */
export interface Genesis {
  height: number;
  time: Date;
}

/** Mainnet's genesis block (genesis_height and genesis_time of mainnet's genesis config). */
export const MAINNET_GENESIS: Readonly<Genesis> = Object.freeze({ height: 9_820_210, time: new Date('2020-07-21T16:55:51.591Z') });

const NS_PER_MS = 1_000_000n;

/** A Date (millisecond precision) as nanoseconds since the epoch. */
export function dateToNs(d: Date): bigint {
  return BigInt(d.getTime()) * NS_PER_MS;
}

/** Nanoseconds since the epoch (a bigint or a digit string) as a Date, rounded down to the millisecond. */
export function nsToDate(ns: string | bigint): Date {
  // Milliseconds since 1970 stay far below 2^53, so this Number is exact.
  return new Date(Number(BigInt(ns) / NS_PER_MS));
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** How much of a time is shown: to the minute (time travel's dates), the second, the millisecond or every nanosecond. */
export type UtcPrecision = 'minute' | 'second' | 'ms' | 'ns';

/** `YYYY-MM-DD HH:MM[:SS[.fraction]] UTC` (no locale, no time zone guessing); `fraction` holds nine digits. */
function utc(d: Date, precision: UtcPrecision, fraction: string): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const seconds = precision === 'minute' ? '' : `:${pad(d.getUTCSeconds())}`;
  const digits = precision === 'ms' ? fraction.slice(0, 3) : precision === 'ns' ? fraction : '';
  return `${day}${seconds}${digits && `.${digits}`} UTC`;
}

/** A Date in the one UTC format, to the minute unless asked otherwise: "2025-06-01 12:00 UTC". */
export function formatUtc(d: Date, precision: UtcPrecision = 'minute'): string {
  return utc(d, precision, String(d.getUTCMilliseconds()).padStart(3, '0').padEnd(9, '0'));
}

const NS_PER_S = 1_000_000_000n;
/** The last second a JavaScript Date can hold (8.64e15 ms). */
const MAX_DATE_SECONDS = 8_640_000_000_000n;

/**
 * A nanosecond timestamp as its whole second and its nine fraction digits, or undefined when it is none: a u64 as
 * decimal digits, a non-negative bigint, or a safe integer (a Number past 2^53 has already lost digits), within a Date.
 */
function nsParts(ns: unknown): { second: Date; fraction: string } | undefined {
  const plausible =
    typeof ns === 'string' ? /^\d{1,30}$/.test(ns) : typeof ns === 'bigint' ? ns >= 0n : typeof ns === 'number' && Number.isSafeInteger(ns) && ns >= 0;
  if (!plausible) return undefined;
  const n = BigInt(ns as string | bigint | number);
  const seconds = n / NS_PER_S;
  if (seconds > MAX_DATE_SECONDS) return undefined;
  return { second: new Date(Number(seconds) * 1000), fraction: (n % NS_PER_S).toString().padStart(9, '0') };
}

/**
 * Nanoseconds since the epoch in the one UTC format, every digit exact by default: "2026-02-14 21:23:20.329561530 UTC"
 * (`second`: "2025-02-11 06:09:37 UTC"). Undefined for anything that is not a plausible timestamp.
 */
export function utcOfNs(ns: unknown, precision: UtcPrecision = 'ns'): string | undefined {
  const p = nsParts(ns);
  return p && utc(p.second, precision, p.fraction);
}

/**
 * Nanoseconds since the epoch as ISO 8601 with all nine fraction digits, for machine-readable places (a result
 * document's summary): "2024-05-01T12:00:00.123456789Z". Undefined for anything that is not a plausible timestamp.
 */
export function nanosToIso(ns: unknown): string | undefined {
  const p = nsParts(ns);
  return p && p.second.toISOString().replace(/\.\d{3}Z$/, `.${p.fraction}Z`);
}

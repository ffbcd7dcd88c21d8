// Time travel's clock, shared by its parts: block times as u64 nanosecond strings, dates ↔ nanoseconds,
// the UTC format every message uses, and NEAR's genesis.
// Pure: no `vscode`, no I/O; nanoseconds are bigint, never Number.

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

/** `YYYY-MM-DD HH:MM UTC`, the one date format of time-travel messages (no locale, no time zone guessing). */
export function formatUtc(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

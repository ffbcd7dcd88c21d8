// Time travel (issue #18), the pieces shared by its parts: block times as u64 nanosecond strings, the UTC format every
// message uses, NEAR's genesis, a bounded map (core/lru.ts, the cache's LRU too), and "the account did not exist
// yet" from an UNKNOWN_ACCOUNT answer.
// Pure: no `vscode`, no I/O; nanoseconds are bigint, never Number.
import { NearLensError } from '../errors';
import { isRecord } from '../json';
import { BoundedMap } from '../lru';
import { formatHeight } from './amounts';

export { BoundedMap, formatHeight };

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

/** Whether a failure is the RPC's UNKNOWN_ACCOUNT: a NearLensError from the client, or a raw JSON-RPC error envelope. */
export function isUnknownAccount(e: unknown): boolean {
  if (NearLensError.is(e)) return e.rpcCause === 'UNKNOWN_ACCOUNT';
  const env = isRecord(e) && isRecord(e['error']) ? e['error'] : e;
  return isRecord(env) && isRecord(env['cause']) && env['cause']['name'] === 'UNKNOWN_ACCOUNT';
}

/** `did not exist yet at block #N (YYYY-MM-DD HH:MM UTC)`: what an account's UNKNOWN_ACCOUNT at a past block means. */
export function notYetText(block: BlockTime): string {
  return `did not exist yet at block ${formatHeight(block.height)} (${formatUtc(nsToDate(block.timestampNs))})`;
}

/**
 * The sentence for a look-up of `accountId` at a past block that failed with `e`: "alice.near did not exist yet at
 * block #N (date)." for UNKNOWN_ACCOUNT, undefined for any other failure (the caller shows that one as it is).
 */
export function notYetMessage(e: unknown, accountId: string, block: BlockTime): string | undefined {
  return isUnknownAccount(e) ? `${accountId} ${notYetText(block)}.` : undefined;
}

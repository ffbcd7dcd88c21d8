// Time travel's "did not exist yet": an UNKNOWN_ACCOUNT answer at a past block, in words.
// Pure: no `vscode`, no I/O.
import { NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import { formatHeight } from '../amounts';
import { formatUtc, nsToDate } from './chainTime';
import type { BlockTime } from './chainTime';

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

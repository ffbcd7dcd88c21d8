// Reading command arguments that name accounts: a string id, a list of ids, text with several, or a tree node.
// Shared by every feature whose commands take an account (watchlist, panel). No UI.
import { parseAccountIds } from '../core/views/watchAdd';
import type { Skipped } from '../core/views/watchAdd';

/** An account id from a command argument: a string id or one of our tree nodes. */
export function accountIdFromArgument(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim();
  const id = (arg as { accountId?: unknown } | null)?.accountId;
  return typeof id === 'string' ? id : undefined;
}

/** Splits a command argument into valid ids and the words skipped (string, string[], or text with spaces/commas). */
export function idsFromArgument(arg: unknown): { ids: string[]; skipped: Skipped[] } | undefined {
  if (Array.isArray(arg) && arg.every((a) => typeof a === 'string')) arg = arg.join(' ');
  return typeof arg === 'string' ? parseAccountIds(arg) : undefined;
}

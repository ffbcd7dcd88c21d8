// Reading command arguments that name accounts: a string id, a list of ids, text with several, or a tree node.
// Shared by every feature whose commands take an account (watchlist, panel). Pure: no `vscode`.
import { classify } from '../near/ids';
import { sanitizeText } from '../base/text';

/** A word that is not an account id: as shown (a secret is never repeated) and why it was skipped. */
export interface Skipped {
  text: string;
  reason: string;
}

/**
 * "alice.near, bob.near carol.testnet" → ids (order kept, duplicates dropped) and the words skipped, with why.
 * Words are split at spaces, commas and semicolons; quotes and brackets around a word (code, JSON) are dropped.
 */
export function parseAccountIds(text: string): { ids: string[]; skipped: Skipped[] } {
  const ids: string[] = [];
  const skipped: Skipped[] = [];
  for (const word of String(text).split(/[\s,;]+/)) {
    const piece = word.replace(/^["'`([{<]+|["'`)\]}>]+$/g, '');
    if (piece === '') continue;
    const c = classify(piece);
    const shown = `"${sanitizeText(piece, 60)}"`;
    if (c.kind === 'account') {
      if (!ids.includes(c.id)) ids.push(c.id);
    } else {
      skipped.push(
        c.kind === 'sensitive'
          ? { text: 'a possible secret key', reason: `never sent anywhere (${c.reason})` }
          : { text: shown, reason: c.kind === 'public-key' ? 'a public key, not an account' : c.reason },
      );
    }
  }
  return { ids, skipped };
}

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

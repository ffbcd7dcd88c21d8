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
 * English words that join ids in a sentence ("alice.near and bob.near"). Each is also a valid top-level account id, so
 * among other words it is read as the word it is; typed alone, it is the id asked for.
 */
const JOINING_WORDS = new Set(
  'and or nor but plus also then than the an of to in on at by for from with into via vs is are was were be as if not so too it its this that these those'.split(
    ' ',
  ),
);

/**
 * "alice.near, bob.near carol.testnet" → ids (order kept, duplicates dropped) and the words skipped, with why.
 * Words are split at spaces, commas and semicolons; quotes and brackets around a word (code, JSON) are dropped.
 */
export function parseAccountIds(text: string): { ids: string[]; skipped: Skipped[] } {
  const ids: string[] = [];
  const skipped: Skipped[] = [];
  const pieces = String(text)
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^["'`([{<]+|["'`)\]}>]+$/g, ''))
    .filter((piece) => piece !== '');
  for (const piece of pieces) {
    const c = classify(piece);
    const shown = `"${sanitizeText(piece, 60)}"`;
    if (c.kind === 'account' && pieces.length > 1 && JOINING_WORDS.has(c.id)) {
      skipped.push({ text: shown, reason: 'an English word, not taken as an account id (type it alone to add it)' });
    } else if (c.kind === 'account') {
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

// Add Account…'s reading of text (a pasted line, a selection, a command argument): the account ids in it, each other
// word with why it was skipped, and the one message that answers an add. Pure: no `vscode`.
import { classify } from '../near/ids';
import { sanitizeText } from '../text';

/** A word that is not an account id: as shown (a secret is never repeated) and why it was skipped. */
export interface Skipped {
  text: string;
  reason: string;
}

/** What `nearLens.watchlist.add` did: ids added, ids already watched (never added twice), words skipped. */
export interface AddResult {
  added: string[];
  alreadyWatched: string[];
  skipped: Skipped[];
}

/** `"Bad..Id": why` — one skipped word, as the pick's separators and the messages show it. */
export const skippedLine = (s: Skipped): string => `${s.text}: ${s.reason}`;

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
          : { text: shown, reason: c.kind === 'public-key' ? 'a public key, not an account (Look Up Public Key… finds its accounts)' : c.reason },
      );
    }
  }
  return { ids, skipped };
}

/** The message after an add (a warning when words were skipped); none when everything asked for was added. */
export function addMessage(r: AddResult): { warn: boolean; text: string } | undefined {
  const { added, alreadyWatched: w, skipped } = r;
  const more = (n: number): string => (n > 5 ? `; and ${n - 5} more` : '');
  const text = [
    w.length > 0 && `${w.slice(0, 5).join(', ')}${more(w.length)} ${w.length === 1 ? 'is' : 'are'} already in the watchlist.`,
    skipped.length > 0 && `Skipped ${skipped.slice(0, 5).map(skippedLine).join('; ')}${more(skipped.length)}.`,
    added.length + w.length + skipped.length === 0 && 'No account id to add.',
  ]
    .filter(Boolean)
    .join(' ');
  return text ? { warn: skipped.length > 0 || added.length + w.length === 0, text } : undefined;
}

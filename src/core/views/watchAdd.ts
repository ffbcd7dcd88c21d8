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
          : { text: shown, reason: c.kind === 'public-key' ? 'a public key, not an account' : c.reason },
      );
    }
  }
  return { ids, skipped };
}

/** The multi-add pick's title and placeholder: the skipped words and why are said inside the pick, not in toasts. */
export function addPickWords(fresh: number, skipped: readonly Skipped[]): { title: string; placeHolder: string } {
  const n = skipped.length;
  return {
    title: `NEAR Lens: Add ${fresh} Accounts${n > 0 ? ` (${n} ${n > 1 ? 'words' : 'word'} skipped)` : ''}`,
    placeHolder: sanitizeText(`Uncheck the ids not to add${n > 0 ? ` — skipped: ${skipped.map(skippedLine).join('; ')}` : ''}`, 400),
  };
}

/** The message after an add (a warning when words were skipped); none when every id asked for was added. */
export function addMessage({ alreadyWatched: w, skipped }: AddResult): { warn: boolean; text: string } | undefined {
  const text = [
    w.length > 0 && `${w.join(', ')} ${w.length > 1 ? 'are' : 'is'} already in the watchlist.`,
    skipped.length > 0 && `Skipped ${skipped.map(skippedLine).join('; ')}.`,
  ]
    .filter(Boolean)
    .join(' ');
  return text ? { warn: skipped.length > 0, text: sanitizeText(text, 400) } : undefined;
}

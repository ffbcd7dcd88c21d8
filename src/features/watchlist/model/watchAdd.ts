// Add Account…'s reading of text (a pasted line, a selection, a command argument): the account ids in it, each other
// word with why it was skipped, and the one message that answers an add. Pure: no `vscode`.
import type { Skipped } from '../../../ui/accountArgs';
import { sanitizeText } from '../../../base/text';

/** What `nearLens.watchlist.add` did: ids added, ids already watched (never added twice), words skipped. */
export interface AddResult {
  added: string[];
  alreadyWatched: string[];
  skipped: Skipped[];
}

/** `"Bad..Id": why` — one skipped word, as the pick's separators and the messages show it. */
export const skippedLine = (s: Skipped): string => `${s.text}: ${s.reason}`;

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

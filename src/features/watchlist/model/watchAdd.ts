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

/** One row of the multi-add pick, as plain data (the editor glue makes the separator a QuickPickItemKind.Separator). */
export interface AddPickRow {
  label: string;
  description?: string;
  /** The whole reason, on its own line under the word (a placeholder or a title is cut to the pick's width). */
  detail?: string;
  picked?: boolean;
  separator?: true;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The multi-add pick: the new ids, all checked; then, under "Not added", each id already watched (said as such) and
 * each word skipped with its reason in full on a detail line. Its title counts each kind.
 */
export function addPick(
  fresh: readonly string[],
  alreadyWatched: readonly string[],
  skipped: readonly Skipped[],
): { title: string; placeHolder: string; rows: AddPickRow[] } {
  const counts = [
    alreadyWatched.length > 0 && `${alreadyWatched.length} already watched`,
    skipped.length > 0 && `${plural(skipped.length, 'word', 'words')} skipped`,
  ].filter(Boolean);
  const notAdded: AddPickRow[] = [
    ...alreadyWatched.map((id) => ({ label: id, description: 'already in the watchlist' })),
    ...skipped.map((s) => ({ label: s.text, description: 'skipped', detail: sanitizeText(s.reason, 400) })),
  ];
  return {
    title: `NEAR Lens: Add ${plural(fresh.length, 'Account', 'Accounts')}${counts.length > 0 ? ` (${counts.join(', ')})` : ''}`,
    placeHolder: notAdded.length > 0 ? 'Uncheck the ids not to add; those under "Not added" are not added, checked or not' : 'Uncheck the ids not to add',
    rows: [
      ...fresh.map((id) => ({ label: id, picked: true })),
      ...(notAdded.length > 0 ? [{ label: 'Not added', separator: true as const }, ...notAdded] : []),
    ],
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

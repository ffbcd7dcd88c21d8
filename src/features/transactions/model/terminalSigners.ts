// Who may have signed a transaction whose hash was clicked in the terminal: the account ids of the terminal's own
// lines, the link's line first, then the nearest lines (above before below: a log names the signer before what it
// sent). The terminal's text comes two ways, as the editor gives it: what its commands printed (shell integration,
// read as it is written) with each line's place, or the lines VS Code handed the link provider as the pointer crossed
// them on its way to the link, the latest first. Pure: no `vscode`, no I/O.
import { findAll } from '../../../near/idFinder';

/** An id that may have signed, and where it was seen (the quick pick's description). */
export interface SignerCandidate {
  id: string;
  where: string;
}

/** Lines read on either side of the link's line. */
const AROUND = 40;
/** Ids offered at most (the watchlist's come after). */
const MAX_IDS = 30;

/** Where an id stands from the link's line, in words: "on the link’s line", "1 line above", "3 lines below". */
export function placeFrom(off: number, what = 'hash'): string {
  if (off === 0) return `on the ${what}’s line`;
  const n = Math.abs(off);
  return `${n} line${n === 1 ? '' : 's'} ${off < 0 ? 'above' : 'below'}`;
}

/** The account ids of one line, in line order. */
function idsOf(line: string): string[] {
  return findAll(line.length > 10_000 ? line.slice(0, 10_000) : line).flatMap((f) => (f.classified.kind === 'account' ? [f.classified.id] : []));
}

/**
 * The candidates for a link on `linkLine`: its own ids, then those of `output` (the terminal's printed lines, oldest
 * first) around the last line that reads as the link's, nearest first; when `output` does not hold that line, those
 * of `seen` (lines handed to the link provider, the latest first), "in this terminal". Each id once.
 */
export function terminalSigners(linkLine: string, output: readonly string[], seen: readonly string[]): SignerCandidate[] {
  const found: SignerCandidate[] = idsOf(linkLine).map((id) => ({ id, where: placeFrom(0, 'link') }));
  const wanted = linkLine.trim();
  let at = -1;
  for (let i = output.length - 1; i >= 0 && at < 0; i--) if (output[i]!.trim() === wanted) at = i;
  if (at >= 0) {
    // Above before below at the same distance.
    for (let d = 1; d <= AROUND; d++)
      for (const off of [-d, d]) {
        const line = output[at + off];
        if (line !== undefined) found.push(...idsOf(line).map((id) => ({ id, where: placeFrom(off) })));
      }
  } else {
    for (const line of seen) if (line.trim() !== wanted) found.push(...idsOf(line).map((id) => ({ id, where: 'in this terminal' })));
  }
  const once = new Set<string>();
  return found.filter((c) => !once.has(c.id) && (once.add(c.id), true)).slice(0, MAX_IDS);
}

/** CSI and OSC escape sequences (colours, cursor moves, shell integration's marks) and the other control characters. */
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * A terminal's printed text as lines, as a person reads it: escape sequences out, and a line rewritten after a carriage
 * return (a progress bar) read as what it ends as.
 */
export function printedLines(text: string): string[] {
  return text
    .replace(ESCAPES, '')
    .split('\n')
    .map((l) => {
      const r = l.replace(/\r$/, '');
      return r.slice(r.lastIndexOf('\r') + 1);
    });
}

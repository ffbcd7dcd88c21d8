// Missing accounts (opt-in): a valid named id in a file that does not exist on its network, with "did you mean" fixes
// from ids known to exist (the watchlist, the file) within a small edit distance. The look-ups themselves go through
// the client's cache and the balance hints' batcher (src/features/balances/model/balanceHints.ts). Pure: no `vscode`, no I/O.
import { findAll } from '../../../near/idFinder';
import type { Problem } from './problem';

/** Most ids of one file looked up (a generated list of thousands is not looked up id by id). */
export const MAX_IDS_PER_FILE = 100;

/** The named account ids in `text` (implicit ids exist only once funded: a missing one is not a mistake), with offsets. */
export function namedIds(text: string): { id: string; start: number; end: number }[] {
  const out: { id: string; start: number; end: number }[] = [];
  for (const f of findAll(text)) {
    if (f.classified.kind === 'account' && f.classified.accountKind === 'named') out.push({ id: f.classified.id, start: f.start, end: f.end });
  }
  return out;
}

/** Levenshtein distance, stopping early once it passes `max` (returns max + 1 then). */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Ids of `known` within `max` edits of `id` (closest first, at most three), on the same top-level account. */
export function didYouMean(id: string, known: Iterable<string>, max = 2): string[] {
  const top = id.slice(id.lastIndexOf('.') + 1);
  const scored: [string, number][] = [];
  for (const k of new Set(known)) {
    if (k === id || k.slice(k.lastIndexOf('.') + 1) !== top) continue;
    const d = editDistance(id, k, max);
    if (d <= max) scored.push([k, d]);
  }
  return scored
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([k]) => k);
}

/** The warning for an id that does not exist on `network`. */
export function missingAccountProblem(id: string, start: number, end: number, network: string, known: Iterable<string>): Problem {
  const near = didYouMean(id, known);
  return {
    code: 'missing-account',
    severity: 'warning',
    start,
    end,
    message: `${id}: no such account on ${network}${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}.`,
    fixes: near.map((k, i) => ({ title: `Did you mean ${k}?`, newText: k, preferred: i === 0 && near.length === 1 })),
  };
}

// What each lens says, from what was read (never a request): above a method, one account's calls of it in the day
// before the last read; above a contract block, why there are no counts, and whether the deployed code is the
// workspace's build. Pure: no `vscode`. Method names and messages are anyone's: one line, at most 100 characters,
// and `$(` escaped so no codicon comes out of them (a CodeLens title renders `$(name)` as an icon).
import { sanitizeText } from '../../../base/text';
import { nanosToMs, relativeTime } from '../../../ui/time';
import type { ActivityView, ContractMethod } from './types';

/** The most characters of untrusted text in a lens. */
export const LENS_TEXT_MAX = 100;

/** Untrusted text for a lens title or tooltip: one line, cut at `max` with "…", no icon syntax. */
export const lensSafe = (text: string, max = LENS_TEXT_MAX): string =>
  // Escaped before the cut, so the escapes count in the 100 (a cut between `\` and `$(` leaves no `$(` behind it).
  sanitizeText(sanitizeText(String(text).slice(0, max * 8), max * 8).replace(/\$\(/g, '\\$('), max);

export interface LensText {
  title: string;
  tooltip?: string;
}

/** The click of a method lens: the account's Transactions, that method's calls, the failed ones first when one failed. */
export interface MethodClick {
  accountId: string;
  method: string;
  failedFirst: boolean;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "14:02 UTC" of a nanosecond time; undefined when it is none. */
export function clockOf(ns: string): string | undefined {
  const ms = nanosToMs(ns);
  return ms === undefined ? undefined : `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}

/**
 * The lens above `method` for one account, or undefined when the account gets none there (a network without a
 * transactions API: the block's lens says why). `nowMs` only ages the last call ("last 3 days ago").
 */
export function methodLens(accountId: string, method: ContractMethod, view: ActivityView, nowMs: number): (LensText & { click?: MethodClick }) | undefined {
  const acc = lensSafe(accountId, 64);
  if (method.view) return { title: `${acc} · view · not on chain`, tooltip: 'A view method is read, never sent in a transaction: nothing to count.' };
  if (view.kind === 'unsupported') return undefined;
  if (view.kind === 'none') return { title: `${acc} · reading calls…`, tooltip: `The calls of ${acc} are being read.` };
  const a = view.activity;
  const asOf = clockOf(a.asOf);
  const notes: string[] = [];
  if (asOf) notes.push(`as of ${asOf}`);
  if (a.capped) notes.push('A read met its 200-row cap: there were more calls than counted.');
  if (view.error) notes.push(`The last read failed, these are the counts it kept: ${lensSafe(view.error, 200)}`);
  const m = a.methods.find((x) => x.method === method.name);
  if (!m || m.calls === 0) return { title: `${acc} · no calls read`, tooltip: [`No call of ${lensSafe(method.name)} in the rows read.`, ...notes].join('\n') };
  const plus = a.capped ? '+' : '';
  let title: string;
  if (m.calls24h > 0) {
    title = `${acc} · ${m.calls24h}${plus} call${m.calls24h === 1 && !plus ? '' : 's'} in 24 h${m.failed24h > 0 ? ` · ${m.failed24h} failed` : ''}`;
  } else {
    const last = nanosToMs(m.lastAt);
    title = `${acc} · no calls in 24 h${last === undefined ? '' : ` · last ${relativeTime(nowMs, last, true)}`}`;
  }
  const failure = m.lastFailure ? [`Latest failure: ${lensSafe(m.lastFailure.message)}`] : [];
  const totals = `${plural(m.calls, 'call')}${m.failed > 0 ? `, ${m.failed} failed` : ''} since ${clockOf(a.since) ?? 'the first read'} (${plural(a.rows, 'row')} read)`;
  return {
    title,
    tooltip: [...failure, totals, ...notes].join('\n'),
    click: { accountId, method: method.name, failedFirst: m.failed24h > 0 || (m.calls24h === 0 && m.failed > 0) },
  };
}

/** The block's lens when the account's network has no transactions API (once per block and account). */
export function unsupportedLens(accountId: string, view: ActivityView): LensText | undefined {
  if (view.kind !== 'unsupported') return undefined;
  const reason = lensSafe(view.reason);
  return { title: `${lensSafe(accountId, 64)} · no call counts: ${reason}`, tooltip: reason };
}

/** What the deployed code is, against the workspace's newest build. */
export type BuildMatch =
  /** The account's code hash is that of this wasm (a path inside the workspace folder). */
  | { kind: 'same'; path: string }
  /** No build has its hash; the newest one was written at `builtMs`. */
  | { kind: 'differs'; path: string; builtMs: number };

export function buildLens(accountId: string, match: BuildMatch, nowMs: number): LensText {
  const acc = lensSafe(accountId, 64);
  const path = lensSafe(match.path, 200);
  return match.kind === 'same'
    ? { title: `${acc} · deployed code = ${path}`, tooltip: `The code deployed on ${acc} is ${path}, byte for byte (its SHA-256 is the account's code hash).` }
    : {
        title: `${acc} · deployed code differs from your build (built ${relativeTime(nowMs, match.builtMs)})`,
        tooltip: `No wasm the workspace built has the code hash of ${acc}; the newest is ${path}.`,
      };
}

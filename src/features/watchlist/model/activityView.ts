// How a watched contract's activity is shown: its words in the account's description, its rows in the Changes node,
// its entries in `nearLens.watchlist.changes`, and its notifications (at most three an account a refresh, none twice,
// the rest counted in the last). Pure: no `vscode`, no I/O. Every method name, message, log and caller is untrusted
// (anyone can call a contract): plain text only, cut at MAX_TEXT in a row, never inside a link.
import { sanitizeText } from '../../../base/text';
import { ITEM_CONTEXT } from '../../../manifest';
import { noTxApi } from '../../../near/networks';
import { ACTIVITY_KINDS, MAX_GROUPS, MAX_TEXT } from './activity';
import type { ActivityGroup, ActivityKind, ActivityReport } from './activity';
import { groupLine, MAX_ALERTS, pickAlerts } from './activityAlerts';
import type { Unread } from './activityCursor';
import { node } from './watchlistNodes';
import type { WatchNode } from './watchlistNodes';

/** What the Changes node shows of the activity: what was noticed, what was not read, and why nothing could be. */
export interface ActivityView {
  readonly report: ActivityReport;
  readonly unread: Unread;
  /** A contract on a network without a transactions API: its activity cannot be read. */
  readonly noTxApi?: boolean;
  /** Why the last read failed (the next refresh asks again from the same row). */
  readonly error?: string;
}

/** A group as `nearLens.watchlist.changes` returns it (docs/API.md). */
export type ActivityEntry =
  | {
      kind: 'failed-calls';
      method: string;
      message: string;
      errorKind: string;
      count: number;
      firstAt: string;
      lastAt: string;
      transactions: string[];
    }
  | { kind: 'method-called'; method: string; count: number; transactions: string[] }
  | { kind: 'event'; standard: string; event: string; count: number; total?: string; transactions: string[] };

export function activityEntries(report: ActivityReport | undefined): ActivityEntry[] {
  return (report?.groups ?? []).map((g): ActivityEntry => {
    const transactions = [...g.transactions];
    switch (g.kind) {
      case 'failed-calls':
        return {
          kind: g.kind,
          method: g.method,
          message: g.message,
          errorKind: g.errorKind,
          count: g.count,
          firstAt: g.firstAt,
          lastAt: g.lastAt,
          transactions,
        };
      case 'method-called':
        return { kind: g.kind, method: g.method, count: g.count, transactions };
      case 'event':
        return { kind: g.kind, standard: g.standard, event: g.event, count: g.count, ...(g.total !== undefined && { total: g.total }), transactions };
    }
  });
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const occurrences = (r: ActivityReport, kind: ActivityKind): number =>
  r.groups.filter((g) => g.kind === kind).reduce((s, g) => s + g.count, 0) + r.dropped[kind];
const short = (s: string): string => sanitizeText(s, 40);

/** The activity in a few words for the account's description: "upgrade called · nep141:ft_burn × 2 · 3 failed calls". */
export function activitySummary(a: Pick<ActivityView, 'report' | 'unread'>): string {
  const r = a.report;
  const parts: string[] = [];
  const of = <K extends ActivityKind>(k: K): Array<Extract<ActivityGroup, { kind: K }>> =>
    r.groups.filter((g): g is Extract<ActivityGroup, { kind: K }> => g.kind === k);
  const times = (n: number): string => (n > 1 ? ` × ${n}` : '');
  const calls = of('method-called');
  const events = of('event');
  if (calls.length === 1 && r.dropped['method-called'] === 0) parts.push(`${short(calls[0]!.method)} called${times(calls[0]!.count)}`);
  else if (occurrences(r, 'method-called') > 0) parts.push(plural(occurrences(r, 'method-called'), 'watched call', 'watched calls'));
  if (events.length === 1 && r.dropped.event === 0) parts.push(`${short(`${events[0]!.standard}:${events[0]!.event}`)}${times(events[0]!.count)}`);
  else if (occurrences(r, 'event') > 0) parts.push(plural(occurrences(r, 'event'), 'event', 'events'));
  if (occurrences(r, 'failed-calls') > 0) parts.push(plural(occurrences(r, 'failed-calls'), 'failed call', 'failed calls'));
  if (parts.length === 0 && (a.unread.count > 0 || a.unread.atLeast)) parts.push(unreadWords(a.unread));
  return parts.join(' · ');
}

const unreadWords = (u: Unread): string => `${u.count}${u.atLeast ? '+' : ''} call${u.count === 1 && !u.atLeast ? '' : 's'} not read`;

/** Whether the activity calls for the warning colour: a watched method called or a call failed (what the owner acts on). */
export const activitySerious = (r: ActivityReport | undefined): boolean =>
  r !== undefined && (r.groups.some((g) => g.kind !== 'event') || r.dropped['failed-calls'] > 0 || r.dropped['method-called'] > 0);

const KIND_WORDS: Record<ActivityKind, string> = { 'failed-calls': 'failed call', 'method-called': 'watched method called', event: 'event' };
const COUNT_WORDS: Record<ActivityKind, [string, string]> = {
  'failed-calls': ['failed call', 'failed calls'],
  'method-called': ['watched call', 'watched calls'],
  event: ['event', 'events'],
};
const ICONS: Record<ActivityKind, [string, string | undefined]> = {
  'failed-calls': ['error', 'list.errorForeground'],
  'method-called': ['symbol-method', 'list.warningForeground'],
  event: ['symbol-event', undefined],
};

/** A ns time said by `formatMs` (the view's local time of a ms instant). */
export const nsTime =
  (formatMs: (ms: number) => string) =>
  (ns: string): string =>
    formatMs(Number(BigInt(ns) / 1_000_000n));

/** A group's row text: groupLine, plain and cut at MAX_TEXT. */
export const groupRow = (g: ActivityGroup, formatNs: (ns: string) => string): string => sanitizeText(groupLine(g, formatNs), MAX_TEXT);

function groupTooltip(g: ActivityGroup, formatNs: (ns: string) => string): string {
  const when = g.count > 1 && g.firstAt !== g.lastAt ? `First ${formatNs(g.firstAt)}, latest ${formatNs(g.lastAt)}` : `At ${formatNs(g.lastAt)}`;
  const what =
    g.kind === 'failed-calls'
      ? [`Failed calls of ${g.method || '(no method)'}: ${g.count}`, `Kind: ${g.errorKind}`, `Message: ${g.message}`]
      : g.kind === 'method-called'
        ? [
            `Calls of ${g.method}: ${g.count} (${g.succeeded} succeeded, ${g.failed} failed, ${g.pending} pending)`,
            `By ${g.callers.join(', ')}${g.moreCallers ? ' and others' : ''}`,
          ]
        : [`Event ${g.standard}:${g.event}: ${g.count}`, ...(g.total === undefined ? [] : [`Amounts summed exactly: ${g.total}`])];
  const txs = `Transactions (newest first): ${g.transactions.join(', ')}${g.count > g.transactions.length ? ' …' : ''}`;
  return [...what.map((l) => sanitizeText(l, MAX_TEXT)), when, txs].join('\n');
}

/** The Changes node's rows of the activity, after the account's own changes. */
export function activityRows(acc: string, a: ActivityView, formatNs: (ns: string) => string, sentences: Map<string, string>): WatchNode[] {
  const rows = a.report.groups.map((g, i) => {
    const [icon, iconColor] = ICONS[g.kind];
    const label = groupRow(g, formatNs);
    const leaf = node(acc, `changes/activity/${i}`, 'info', label, {
      description: g.kind === 'failed-calls' ? `failed · ${sanitizeText(g.errorKind, 40)}` : KIND_WORDS[g.kind],
      tooltip: groupTooltip(g, formatNs),
      icon,
      iconColor,
      contextValue: ITEM_CONTEXT.change,
    });
    sentences.set(leaf.id, `${KIND_WORDS[g.kind]}: ${label}.`);
    return leaf;
  });
  const info = (path: string, label: string, description: string, tooltip: string, icon = 'info'): void => {
    const n = node(acc, `changes/activity/${path}`, 'info', label, { description, tooltip, icon });
    sentences.set(n.id, `${label}: ${description}.`);
    rows.push(n);
  };
  const dropped = ACTIVITY_KINDS.map((k) => [k, a.report.dropped[k]] as const).filter(([, n]) => n > 0);
  if (dropped.length > 0)
    info(
      'dropped',
      `and ${dropped.map(([k, n]) => `${n} more ${COUNT_WORDS[k][n === 1 ? 0 : 1]}`).join(', ')}`,
      `not listed: over ${MAX_GROUPS} groups`,
      `At most ${MAX_GROUPS} groups of each kind are listed; the rest are counted here.`,
    );
  if (a.unread.count > 0 || a.unread.atLeast)
    info(
      'unread',
      `and ${a.unread.count}${a.unread.atLeast ? '+' : ''} more — open Transactions`,
      'calls not read',
      'More calls came in a refresh than one read takes (the newest 20): these were counted, not read. The account\u2019s Transactions node lists them all.',
      'history',
    );
  if (a.noTxApi)
    info('noTxApi', 'Activity needs an indexer', noTxApi(), `Failed calls, watched methods and events are read from a transactions API. ${noTxApi()}.`);
  else if (a.error !== undefined)
    info(
      'error',
      'Activity not read this refresh',
      sanitizeText(a.error, 120),
      `${sanitizeText(a.error, MAX_TEXT)}\nThe next refresh asks again from the same row: nothing is lost or counted twice.`,
      'warning',
    );
  return rows;
}

/** A text a notification shows as text: one line, no `[label](target)` a notification would make a link of. */
export const noticeText = (text: string, max = 2 * MAX_TEXT): string => sanitizeText(text, max).replace(/\]\s*\(/g, '] (');

export interface ActivityNotice {
  readonly group: ActivityGroup;
  readonly level: 'warning' | 'info';
  readonly text: string;
}

/**
 * This refresh's notifications for `accountId`: one per new group (never one in `alerted`), at most MAX_ALERTS, the
 * rest counted in the last ("… — and 41 more failed calls: Show Changes lists them"). `said`: the ids to record first.
 */
export function activityNotices(
  accountId: string,
  report: ActivityReport,
  alerted: ReadonlySet<string>,
  formatNs: (ns: string) => string,
): { notices: ActivityNotice[]; summary?: string; said: string[] } {
  const pick = pickAlerts(report, alerted, MAX_ALERTS);
  const id = sanitizeText(accountId, 80);
  const notices = pick.alert.map((g, i): ActivityNotice => {
    const head = g.kind === 'event' ? `${id} emitted` : `${id}: ${KIND_WORDS[g.kind]} —`;
    const rest = i === pick.alert.length - 1 && pick.summary ? ` — ${pick.summary}: Show Changes lists them.` : '';
    return { group: g, level: g.kind === 'event' ? 'info' : 'warning', text: noticeText(`${head} ${groupRow(g, formatNs)}${rest}`) };
  });
  // Every new group said already, only what the caps dropped this refresh: one notice counts it.
  if (notices.length === 0 && pick.summary)
    return { notices: [], summary: noticeText(`${id}: ${pick.summary}: Show Changes lists them.`), said: [...pick.said] };
  return { notices, said: [...pick.said] };
}

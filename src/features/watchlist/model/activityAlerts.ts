// Telling a watched contract's activity: which groups of a refresh to alert (at most three an account, none twice)
// with one line for the rest, and each group in one line. Pure: no `vscode`, no I/O, no timers; times are said by the
// formatter the view injects, and the text is plain (the view escapes it for where it goes).
import { ACTIVITY_KINDS } from './activity';
import type { ActivityGroup, ActivityKind, ActivityReport } from './activity';

/** Notifications per account per refresh. */
export const MAX_ALERTS = 3;

export interface AlertPick {
  /** One notification each, at most MAX_ALERTS. */
  readonly alert: readonly ActivityGroup[];
  /** The other new groups, said together in `summary`. */
  readonly rest: readonly ActivityGroup[];
  /** "and 41 more failed calls", when anything is left over (the rest and what the caps dropped). */
  readonly summary?: string;
  /** Ids to add to the alerted set: the alerted and the summarised, so none is said again. */
  readonly said: readonly string[];
}

const REST_WORDS: Record<ActivityKind, [string, string]> = {
  'method-called': ['watched method call', 'watched method calls'],
  event: ['event', 'events'],
  'failed-calls': ['failed call', 'failed calls'],
};

/**
 * Which groups of this refresh's report to alert: never one in `alerted`; watched methods first, then events, then
 * failed calls (what the user named before what anyone can cause), the biggest first within a kind. Pass this
 * refresh's own report (noticeActivity of the records just read): its `dropped` are this refresh's.
 */
export function pickAlerts(report: ActivityReport, alerted: ReadonlySet<string>, max = MAX_ALERTS): AlertPick {
  const rank = (g: ActivityGroup): number => ACTIVITY_KINDS.indexOf(g.kind);
  const fresh = report.groups
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => !alerted.has(g.id))
    .sort((a, b) => rank(a.g) - rank(b.g) || b.g.count - a.g.count || a.i - b.i)
    .map(({ g }) => g);
  const alert = fresh.slice(0, Math.max(0, max));
  const rest = fresh.slice(alert.length);
  const parts: string[] = [];
  for (const kind of ACTIVITY_KINDS) {
    const n = rest.filter((g) => g.kind === kind).reduce((s, g) => s + g.count, 0) + report.dropped[kind];
    if (n > 0) parts.push(`${n} more ${REST_WORDS[kind][n === 1 ? 0 : 1]}`);
  }
  return { alert, rest, ...(parts.length > 0 && { summary: `and ${parts.join(', ')}` }), said: [...alert, ...rest].map((g) => g.id) };
}

/**
 * A group in one line: "l2_claim × 3: claim is not ready yet · first …, latest …". `formatTime` says a ns time
 * (exact digits) the way the view does. Plain text: the view escapes it for where it goes.
 */
export function groupLine(g: ActivityGroup, formatTime: (ns: string) => string): string {
  const times = g.count > 1 && g.firstAt !== g.lastAt ? `first ${formatTime(g.firstAt)}, latest ${formatTime(g.lastAt)}` : formatTime(g.lastAt);
  const n = g.count > 1 ? ` × ${g.count}` : '';
  switch (g.kind) {
    case 'failed-calls':
      return `${g.method || '(no method)'}${n}: ${g.message} · ${times}`;
    case 'method-called': {
      const outcome = [g.succeeded > 0 && `${g.succeeded} succeeded`, g.failed > 0 && `${g.failed} failed`, g.pending > 0 && `${g.pending} pending`].filter(
        (x) => x !== false,
      );
      const by = g.callers.length > 0 ? ` by ${g.callers.join(', ')}${g.moreCallers ? ' and others' : ''}` : '';
      return `${g.method}${n}${by} (${outcome.join(', ')}) · ${times}`;
    }
    case 'event':
      return `${g.standard}:${g.event}${n}${g.total === undefined ? '' : `, total ${g.total}`} · ${times}`;
  }
}

// The watchlist's "what changed" nodes: a changed account's description and decoration key, and its
// "Changes since <time>" node listing each change exactly, with the block range or the transactions since the
// snapshot. Each node has a sentence for screen readers. Pure: no `vscode`, no I/O.
import { changeLine, changeSummary } from './changeText';
import type { Change } from './snapshot';
import { formatHeight } from '../../../ui/slots';
import { node } from './watchlistNodes';
import type { WatchNode } from './watchlistNodes';
import { sanitizeText } from '../../../base/text';
import { ITEM_CONTEXT } from '../../../manifest';
import { noTxApi } from '../../../near/networks';
import { activityRows, activitySerious, activitySummary, nsTime } from './activityView';
import type { ActivityView } from './activityView';
import { hasActivity } from './activityRead';

/** Context values: a changed account (its menus still match /^nearLens\.account/) and its Changes node. */
export const CHANGED_ACCOUNT = ITEM_CONTEXT.changedAccount;
export const CHANGES_NODE = ITEM_CONTEXT.changes;

export interface TxRow {
  hash: string;
  blockHeight?: number | string;
  /** One short line: "✓ alice.near → bob.near · ft_transfer". */
  line?: string;
}

export interface ChangesView {
  since: { time: number; blockHeight?: number };
  now: { time: number; blockHeight?: number };
  changes: readonly Change[];
  /** The account's transactions since the snapshot's block (a network with a transactions API), or why not. */
  transactions?: { rows: readonly TxRow[]; more: boolean } | { error: string };
  /** A watched contract's incoming calls since the user last looked. */
  activity?: ActivityView;
}

export interface ChangesOptions {
  decimals: number;
  formatTime: (ms: number) => string;
}

/**
 * The account node with its changes: description "+2 NEAR · new full-access key · 14.34567 NEAR" (the news before the
 * balance, so a side bar of its default width shows it), the Changes node first.
 */
export function withChanges(account: WatchNode, v: ChangesView, o: ChangesOptions, sentences: Map<string, string>): WatchNode {
  if (v.changes.length === 0 && !hasActivity(v.activity)) return account;
  const summary = [changeSummary(v.changes, o.decimals), v.activity ? activitySummary(v.activity) : ''].filter(Boolean).join(' · ');
  const changes = changesNode(account.accountId, v, o, sentences);
  sentences.set(account.id, `${account.label}, ${account.description ?? ''}, changed since ${o.formatTime(v.since.time)}: ${summary}.`);
  return {
    ...account,
    description: account.description ? `${summary} · ${account.description}` : summary,
    tooltip: `${account.tooltip ?? account.label}\nChanged since ${o.formatTime(v.since.time)}: ${summary}`,
    contextValue: CHANGED_ACCOUNT,
    children: [changes, ...account.children],
  };
}

/** "14:03" on the day of `nowMs`, else "Nov 27, 14:03" (the full time is in the tooltip): a side bar keeps it whole. */
function shortTime(ms: number, nowMs: number): string {
  const d = new Date(ms);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === new Date(nowMs).toDateString() ? time : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

function changesNode(acc: string, v: ChangesView, o: ChangesOptions, sentences: Map<string, string>): WatchNode {
  const n = v.changes.length;
  const sinceText = o.formatTime(v.since.time);
  const lines = v.changes.map((c, i) => {
    const l = changeLine(c, o.decimals);
    const leaf = node(acc, `changes/${i}-${c.kind}`, 'info', l.label, {
      description: l.description,
      tooltip: l.tooltip,
      icon: l.serious ? 'warning' : c.kind === 'balance' || c.kind === 'locked' ? 'arrow-swap' : 'diff',
      iconColor: l.serious ? 'list.warningForeground' : undefined,
      contextValue: ITEM_CONTEXT.change,
    });
    sentences.set(leaf.id, l.sentence);
    return leaf;
  });
  const a = v.since.blockHeight;
  const b = v.now.blockHeight;
  // "at block #N" when the snapshot and this read are of one block; "since block #N" when only the start is known.
  const range = a !== undefined && b !== undefined ? (a === b ? `at block ${formatHeight(a)}` : `blocks ${formatHeight(a)} to ${formatHeight(b)}`) : undefined;
  const since = a === undefined ? 'since the snapshot' : `since block ${formatHeight(a)}`;
  const extra: WatchNode[] = [];
  // The transactions and blocks "since the snapshot" explain changes of state; activity alone has none to explain.
  const t = n > 0 ? v.transactions : undefined;
  if (t && 'rows' in t) {
    for (const r of t.rows) {
      const hash = sanitizeText(r.hash, 64);
      const leaf = node(acc, `changes/tx/${r.hash}`, 'info', r.line ? sanitizeText(r.line, 120) : `${hash.slice(0, 12)}…`, {
        description: r.blockHeight === undefined ? hash : `block ${formatHeight(Number(r.blockHeight))}`,
        tooltip: `Transaction ${hash}${r.blockHeight === undefined ? '' : ` at block ${String(r.blockHeight)}`}`,
        icon: 'git-commit',
        contextValue: ITEM_CONTEXT.changeTx,
      });
      sentences.set(
        leaf.id,
        `Transaction ${hash}${r.blockHeight === undefined ? '' : ` at block ${String(r.blockHeight)}`}${r.line ? `: ${sanitizeText(r.line, 120)}` : ''}.`,
      );
      extra.push(leaf);
    }
    // A short label (a side bar cuts a row's end), where in the chain beside it.
    const said = t.rows.length === 0 ? 'No transactions' : `${t.rows.length}${t.more ? '+' : ''} transaction${t.rows.length === 1 && !t.more ? '' : 's'}`;
    const where = range ?? since;
    const span = range ? (a === b ? range : `in ${range}`) : since;
    const info = node(acc, 'changes/txs', 'info', said, {
      description: where,
      tooltip:
        t.rows.length === 0
          ? `No transaction involving this account is listed ${span}.`
          : `${said} involving this account ${span}: most likely what made these changes.`,
      icon: 'history',
    });
    sentences.set(info.id, `${said} involving this account ${where}.`);
    extra.unshift(info);
  } else if (range && n > 0) {
    const failed = t && 'error' in t ? `transactions unavailable: ${sanitizeText(t.error, 80)}` : undefined;
    const when = a === b ? range : `between blocks ${formatHeight(a!)} and ${formatHeight(b!)}`;
    const why = `The changes happened ${when}${failed ? `; ${failed}.` : `. ${noTxApi()}.`}`;
    const info = node(acc, 'changes/blocks', 'info', `Changed ${when}`, {
      description: failed ?? 'no transactions API',
      tooltip: why,
      icon: 'history',
    });
    sentences.set(info.id, why);
    extra.push(info);
  }
  if (v.activity) extra.push(...activityRows(acc, v.activity, nsTime(o.formatTime), sentences));
  const label = `Changes since ${shortTime(v.since.time, v.now.time)}`;
  const counted = [n > 0 && `${n} change${n === 1 ? '' : 's'}`, v.activity && activitySummary(v.activity)].filter(Boolean).join(' · ');
  const changes = node(acc, 'changes', 'group', label, {
    description: counted,
    tooltip: `${counted} since you last looked (${sinceText}, ${new Date(v.since.time).toISOString()}). Mark as Seen takes a new snapshot.`,
    icon: 'bell-dot',
    iconColor: v.changes.some((c) => changeLine(c, o.decimals).serious) || activitySerious(v.activity?.report) ? 'list.warningForeground' : undefined,
    collapsible: 'collapsed',
    contextValue: CHANGES_NODE,
    children: [...lines, ...extra],
  });
  sentences.set(changes.id, `Changes since ${sinceText}: ${counted}${n > 0 ? `, ${changeSummary(v.changes, o.decimals)}` : ''}.`);
  return changes;
}

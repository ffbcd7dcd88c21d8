// The watchlist's Transactions node of one account: its rows (the newest first, each opening Look
// Up Transaction), "Load more", loading and keep-last-good failure lines, the count from the first page; on a network
// without a transactions API one word, "needs an indexer". Pure: no `vscode`, no I/O.
import { COMMANDS } from '../../../manifest';
import { sanitizeText } from '../../../base/text';
import { countText, txRowView } from './txRows';
import type { TxHistory } from './txPaging';
import { ERROR, WARNING, node } from '../../watchlist/model/watchlistNodes';
import type { NodeKind, WatchNode } from '../../watchlist/model/watchlistNodes';

/** The "Load more" item's command. */
export const MORE_TRANSACTIONS = COMMANDS.watchlistMoreTransactions;

/** The node kinds of this file: the Transactions node and its rows (and "Load more"). */
export type TxKind = Extract<NodeKind, 'transactions' | 'tx'>;

/** A tree node that runs a command when clicked, with a label a screen reader reads as a sentence. */
export interface ActionNode extends WatchNode {
  command?: { id: string; title: string; args: unknown[] };
  a11y?: string;
}

/** What the tree knows of one account's transactions (kept by the watchlist, per account entry). */
export interface TxTreeState {
  /** The last good history (rows read so far). */
  readonly history?: TxHistory;
  /** A load in progress: the first page (or a refresh of it), or the next page. */
  readonly loading?: 'first' | 'more';
  /** Why the last load failed, and which (the rows shown are the last good ones). */
  readonly error?: { readonly step: 'first' | 'more'; readonly message: string };
}

type ActionExtra = Partial<Omit<ActionNode, 'id' | 'kind' | 'accountId' | 'label'>>;
const act = (acc: string, path: string, kind: WatchNode['kind'], label: string, x: ActionExtra): ActionNode => node(acc, path, kind, label, x);

export const TXS_PATH = 'txs';

/**
 * The Transactions node of `acc` (its id `${acc}/txs`) once it was opened: its rows, "Load more", what is loading and
 * what failed. (Before it is opened, and on a network without a transactions API — "needs an indexer" — the watchlist
 * builds it.)
 */
export function txGroupNode(acc: string, network: string, state: TxTreeState, nowMs: number): ActionNode {
  const x = { icon: 'history' };
  const h = state.history;
  const count = countText(h?.count);
  const children = txChildren(acc, network, state, nowMs);
  const description = [count, h && state.loading === 'first' ? 'refreshing…' : '', h && state.error && !state.loading ? 'load failed' : '']
    .filter(Boolean)
    .join(' · ');
  return act(acc, TXS_PATH, 'transactions', 'Transactions', {
    ...x,
    description,
    tooltip: `The newest transactions of ${sanitizeText(acc, 80)}${count ? ` (${count})` : ''}, from the transactions API.`,
    collapsible: 'collapsed',
    children,
    a11y: `Transactions${count ? `, ${count}` : ''}.`,
  });
}

function txChildren(acc: string, network: string, state: TxTreeState, nowMs: number): ActionNode[] {
  const path = (p: string): string => `${TXS_PATH}/${p}`;
  const loading = (what: string): ActionNode => act(acc, path('loading'), 'loading', what, { icon: 'loading~spin', a11y: what });
  const h = state.history;
  const err = state.error && sanitizeText(state.error.message, 300);
  if (!h) {
    if (state.loading || !err) return [loading('Loading…')];
    // The label stays one short line (a tree row), the whole message in its tooltip and spoken label.
    const short = sanitizeText(err, 120);
    return [act(acc, path('error'), 'error', `Failed: ${short}`, { ...ERROR, tooltip: err, a11y: `Loading the transactions failed: ${err}` })];
  }
  const rows: ActionNode[] = h.rows.map((r) => {
    const m = h.details.get(r.hash);
    const v = txRowView(r, m, nowMs);
    // What it did leads (a side bar cuts a row's end): "✓ Transfer 1 NEAR", then "2 h ago · to bob.near".
    const other = !m ? '' : m.signerId === acc ? `to ${v.receiverId}` : m.receiverId === acc ? `from ${v.signerId}` : `${v.signerId} → ${v.receiverId}`;
    return act(acc, path(`tx/${v.hash}`), 'tx', `${v.mark} ${v.actions || (m ? 'no actions' : 'details not found')}`, {
      description: [v.when, other].filter(Boolean).join(' · '),
      tooltip: v.tooltip,
      icon: v.role === 'sent by it' ? 'arrow-up' : v.role === 'received' ? 'arrow-down' : v.role ? 'arrow-swap' : 'circle-small',
      iconColor: v.status === 'failure' ? 'errorForeground' : undefined,
      command: { id: COMMANDS.lookupTransaction, title: 'Look Up Transaction', args: [{ hash: r.hash, network }] },
      a11y: v.sentence,
    });
  });
  const tail: ActionNode[] = [];
  if (h.rows.length === 0) tail.push(act(acc, path('none'), 'info', 'No transactions', { icon: 'info', a11y: 'No transactions.' }));
  if (err && !state.loading) {
    const what = `${state.error?.step === 'first' ? 'Refresh' : 'Loading more'} failed: ${err}`;
    tail.push(act(acc, path('error'), 'error', what, { ...WARNING, tooltip: err, a11y: `${what}.` }));
  }
  if (state.loading === 'more') tail.push(loading('Loading more…'));
  else if (!h.done) {
    const shown = `${h.rows.length}${h.count === undefined ? '' : ` of ${countText(h.count)}`}`;
    tail.push(
      act(acc, path('more'), 'tx', 'Load more', {
        description: shown,
        icon: 'fold-down',
        command: { id: MORE_TRANSACTIONS, title: 'Load more transactions', args: [acc] },
        a11y: `Load more transactions; ${shown} shown.`,
      }),
    );
  }
  return [...rows, ...tail];
}

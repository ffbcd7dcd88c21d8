// The watchlist's Transactions node, the tree provider's side: one state per account entry (a network or endpoint
// change makes a new entry, so another network's rows are never shown), and the node until it is first expanded — or
// "needs an indexer" on a network without a transactions API. Loads, rows, "Load more" and their tree items are
// txTree.ts's.
import type * as vscode from 'vscode';
import { node } from '../watchlist/model/watchlistNodes';
import type { AccountEntry, WatchNode } from '../watchlist/model/watchlistNodes';
import type { ActionNode, TxTreeState } from './model/txTreeNodes';

import type { Services } from '../../platform/services';
import { noTxApi } from '../../near/networks';
import { txGroupNode } from './model/txTreeNodes';
import { txTreeItem, txTreeRun } from './txTree';

export class TxNodes {
  readonly states = new WeakMap<AccountEntry, TxTreeState>();

  constructor(
    readonly services: Services,
    readonly entry: (id: string) => AccountEntry | undefined,
    readonly track: (id: string, work: Promise<unknown>) => Promise<void>,
  ) {}

  /** The tree item of a node under an opened Transactions node; undefined for the others. */
  item(n: WatchNode): vscode.TreeItem | undefined {
    const e = n.id.startsWith(`${n.accountId}/txs`) ? this.entry(n.accountId) : undefined;
    return e && this.states.has(e) ? txTreeItem(n as ActionNode) : undefined;
  }

  /** Appends the Transactions node to an account that exists (nothing for a missing, invalid or loading one). */
  attach(root: WatchNode, e: AccountEntry): void {
    if (!e.full.data?.state) return;
    const acc = e.accountId;
    const st = this.states.get(e);
    let api = false;
    try {
      api = this.services.clientForAccount(acc).client.transactions.hasTransactionsApi;
    } catch {
      // an unusable custom network: the account's own load says why
    }
    root.children.push(
      st
        ? txGroupNode(acc, e.network, st, Date.now())
        : // Expandable (its first expansion loads), or said in a word.
          node(
            acc,
            'txs',
            'transactions',
            'Transactions',
            api ? { icon: 'history', collapsible: 'collapsed' } : { icon: 'history', description: 'needs an indexer', tooltip: `${noTxApi()}.` },
          ),
    );
  }

  /** `open`: the node was expanded (its first page, once); `more`: "Load more"; `refresh`: the account was refreshed. */
  run(id: string, step: 'open' | 'more' | 'refresh'): Promise<void> {
    // Tracked: the view's whenIdle waits for it.
    return this.track(id, txTreeRun(this, id, step));
  }
}

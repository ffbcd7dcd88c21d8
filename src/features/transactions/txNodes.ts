// The watchlist's Transactions node, the tree provider's side, kept small (it is in the main bundle):
// one state per account entry (a network or endpoint change makes a new entry, so another network's rows are never
// shown), and the node until it is first expanded — or "needs an indexer" on a network without a transactions API.
// Everything else (loads, rows, "Load more", their tree items) is the transactions part's (txTree.ts).
import type * as vscode from 'vscode';
import { node } from '../watchlist/model/watchlistNodes';
import type { AccountEntry, WatchNode } from '../watchlist/model/watchlistNodes';
import type { ActionNode, TxTreeState } from './model/txTreeNodes';

import type { Services } from '../../platform/services';
import { noTxApi } from '../../near/networks';
import { loadPart, partNow, partReady } from '../../platform/parts';
import type * as Part from './part';

export class TxNodes {
  readonly states = new WeakMap<AccountEntry, TxTreeState>();

  constructor(
    readonly services: Services,
    readonly entry: (id: string) => AccountEntry | undefined,
    readonly track: (id: string, work: Promise<unknown>) => Promise<void>,
  ) {}

  /** The tree item of a node under an opened Transactions node (the part's); undefined for the others. */
  item(n: WatchNode): vscode.TreeItem | undefined {
    const e = n.id.startsWith(`${n.accountId}/txs`) ? this.entry(n.accountId) : undefined;
    return e && this.states.has(e) && partReady('transactions') ? partNow<typeof Part>('transactions').txTreeItem(n as ActionNode) : undefined;
  }

  /** Appends the Transactions node to an account that exists (nothing for a missing, invalid or loading one). */
  attach(root: WatchNode, e: AccountEntry): void {
    if (!e.full.data?.state) return;
    const acc = e.accountId;
    const st = this.states.get(e);
    let api = false;
    try {
      api = this.services.clientForAccount(acc).client.hasTransactionsApi;
    } catch {
      // an unusable custom network: the account's own load says why
    }
    root.children.push(
      st && partReady('transactions')
        ? partNow<typeof Part>('transactions').txGroupNode(acc, e.network, st, Date.now())
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
    // Tracked from now (not once the part is loaded): the view's whenIdle waits for it.
    return this.track(
      id,
      loadPart<typeof Part>('transactions').then((p) => p.txTreeRun(this, id, step)),
    );
  }
}

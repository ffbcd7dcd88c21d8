// The watchlist's Transactions node, its loads and rows (txNodes.ts is the tree provider's side): its loads (first page on expansion,
// "Load more", the first page anew on a refresh; keep-last-good) into the provider's per-entry states, and the tree
// items of its nodes — a row opens Look Up Transaction, and each reads as a sentence to a screen reader.
import vscode = require('vscode');
import { noteFailure } from '../../ui/slots';
import { readPage, startHistory } from './model/txPaging';
import type { ActionNode, TxTreeState } from './model/txTreeNodes';
import type { AccountEntry } from '../watchlist/model/watchlistNodes';
import type { Services } from '../../platform/services';
import { treeItemOf } from '../watchlist/treeItem';

/** What a load needs of the tree's side (txNodes.ts): the states it fills and the entries. */
export interface TxTreeHost {
  readonly services: Services;
  readonly states: WeakMap<AccountEntry, TxTreeState>;
  entry(id: string): AccountEntry | undefined;
  track(id: string, work: Promise<unknown>): Promise<void>;
}

/** `open`: the first page, once per entry; `more`: the next one; `refresh`: the first anew, if it was opened. */
export function txTreeRun(tree: TxTreeHost, id: string, step: 'open' | 'more' | 'refresh'): Promise<void> {
  const e = tree.entry(id);
  if (!e) return Promise.resolve();
  const st = tree.states.get(e);
  // One load at a time; "more" needs a first page; a refresh reloads only an opened node; open only once.
  if (st?.loading || (step === 'more' && !st?.history) || (step === 'refresh' && !st) || (step === 'open' && st)) return Promise.resolve();
  const what = step === 'more' ? 'more' : 'first';
  const warn = (line: string): void => tree.services.log.warn(`watchlist: ${line}`);
  tree.states.set(e, { ...st, loading: what });
  const work = (async (): Promise<TxTreeState> => {
    try {
      const client = tree.services.clientForAccount(id).client;
      const base = what === 'more' && st?.history ? st.history : startHistory(id);
      return { history: await readPage(client, base, { fresh: step === 'refresh' }) };
    } catch (err) {
      return { ...(st?.history ? { history: st.history } : {}), error: { step: what, message: noteFailure(warn, `transactions of ${id}`, err) } };
    }
  })().then((next) => void tree.states.set(e, next));
  return tree.track(id, work);
}

/** The tree item of a node under an opened Transactions node. */
export function txTreeItem(n: ActionNode): vscode.TreeItem {
  const { label, description, command, a11y } = n;
  return treeItemOf(
    n,
    a11y ?? `${label}${description ? `, ${description}` : ''}.`,
    command && { command: command.id, title: command.title, arguments: command.args },
  );
}

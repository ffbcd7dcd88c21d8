// An account's transactions, the lazy part (dist/accountTxs.js, loaded on the first expansion of a
// Transactions node or the first call of its commands): the tree's loads and rows, `nearLens.accountTransactions` and
// the "Load more" item's command. The balance panel's table is in the panel's part (panelSection.ts).
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import { invalidInput } from '../../base/errors';
import { accountTxResult, parseAccountTxArgs } from './model/txCommandModel';
import type { AccountTxResult } from './model/txCommandModel';
import { recordsOf } from './model/txPaging';
import { filterViewOf } from './model/txTableModel';

import { accountIdError } from '../../near/ids';
import { fail } from '../../platform/failure';
import type { Services } from '../../platform/services';
import type { AccountPanel } from '../panel/panelHost';

export { txGroupNode } from './model/txTreeNodes';
export { txTreeItem, txTreeRun } from './txTree';

export const NEEDS_INDEXER = 'Account Transactions needs an indexer: this network has no transactions API (nearLens.customNetwork.txApiUrl names one).';

export interface AccountTxsDeps {
  /** The watchlist's "Load more" of an account. */
  more(accountId: string): Promise<void>;
  /** Opens (or reveals) the balance panel of an account. */
  openPanel(accountId: string): Promise<AccountPanel | undefined>;
}

/** The commands' handlers (register.ts registers them at activation and loads this part on the first call). */
export function accountTxsHandlers(services: Services, deps: AccountTxsDeps): Record<string, (...args: never[]) => unknown> {
  const accountTransactions = async (arg?: unknown): Promise<AccountTxResult | undefined> => {
    try {
      const asked =
        arg === undefined
          ? await vscode.window.showInputBox({
              title: 'NEAR Lens: Account Transactions',
              prompt: 'NEAR account id: its transactions open in the balance panel',
              placeHolder: 'alice.near',
              ignoreFocusOut: true,
              validateInput: (v) => (v.trim() ? accountIdError(v.trim()) : undefined),
            })
          : arg;
      if (arg === undefined && !asked?.toString().trim()) return undefined; // the prompt was dismissed
      const a = parseAccountTxArgs(asked);
      await services.ready;
      const client = services.clientForAccount(a.id, a.network).client;
      if (!client.hasTransactionsApi) throw invalidInput(NEEDS_INDEXER);
      if (!a.show) {
        const page = await client.accountTransactions({
          accountId: a.id,
          limit: a.limit,
          filter: a.filter,
          ...(a.resumeToken ? { resumeToken: a.resumeToken } : {}),
        });
        return accountTxResult(
          page,
          await recordsOf(
            client,
            page.rows.map((r) => r.hash),
          ),
        );
      }
      // Shown: the balance panel's table, under the filter asked for.
      const panel = await deps.openPanel(a.id);
      panel?.txs.receive({ type: 'txs', filter: filterViewOf(a.filter), page: 0, reload: true });
      return undefined;
    } catch (e) {
      const prompted = arg === undefined;
      return fail(e, prompted, 'Account Transactions', !prompted && (arg as { show?: unknown } | null)?.show !== false);
    }
  };
  return {
    [COMMANDS.accountTransactions]: accountTransactions,
    [COMMANDS.watchlistMoreTransactions]: (id?: unknown) => (typeof id === 'string' ? deps.more(id) : undefined),
  };
}

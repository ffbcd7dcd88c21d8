// An account's transactions: `nearLens.accountTransactions` and the watchlist's "Load more" command (part of the
// transactions part). The tree's loads and rows are txTree.ts; the balance panel's table is panelSection.ts.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import { invalidInput } from '../../base/errors';
import { accountTxResult, parseAccountTxArgs } from './model/txCommandModel';
import type { AccountTxResult } from './model/txCommandModel';
import { recordsOf } from './model/txPaging';
import { ALL_TXS } from './model/txTableModel';
import { NO_PICK } from './model/txMethods';

import { accountIdError } from '../../near/ids';
import { noTxApi } from '../../near/networks';
import { fail } from '../../platform/failure';
import type { Services } from '../../platform/services';
import type { AccountPanel } from '../panel/panelHost';

export const NEEDS_INDEXER = `Account Transactions needs an indexer. ${noTxApi()}.`;

export interface AccountTxsDeps {
  /** The watchlist's "Load more" of an account. */
  more(accountId: string): Promise<void>;
  /** Opens (or reveals) the balance panel of an account. */
  openPanel(accountId: string): Promise<AccountPanel | undefined>;
}

/** The commands' handlers (index.ts registers them at activation and makes these on the first call). */
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
      if (!client.transactions.hasTransactionsApi) throw invalidInput(NEEDS_INDEXER);
      if (!a.show) {
        const page = await client.transactions.accountTransactions({
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
          a.named ? a.view : undefined,
        );
      }
      // Shown: the balance panel's table, under the filter asked for (every method's rows: no pick from before stays).
      const panel = await deps.openPanel(a.id);
      panel?.txs.receive({ type: 'txs', filter: a.view ?? ALL_TXS, pick: NO_PICK, page: 0, reload: true });
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

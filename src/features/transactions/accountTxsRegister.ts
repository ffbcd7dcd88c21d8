// Registers the account-transactions commands at activation: Account Transactions… and the watchlist's
// "Load more"; their handlers are a lazy part (accountTxs.ts), loaded on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import type { PanelApi } from '../panel/register';
import type { WatchlistApi } from '../watchlist/register';
import { lazyPart, registerLazyCommands } from '../lazy';

export function registerAccountTxs(context: vscode.ExtensionContext, services: Services, watchlist: WatchlistApi, panels: PanelApi): void {
  registerLazyCommands(
    context,
    [COMMANDS.accountTransactions, COMMANDS.watchlistMoreTransactions],
    () =>
      lazyPart('accountTxs').accountTxsHandlers(services, {
        more: (id) => watchlist.provider.transactions.run(id, 'more'),
        openPanel: (id) => panels.open(id),
      }),
    'accountTxs',
  );
}

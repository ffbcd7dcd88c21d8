// Transactions at activation: Look Up Transaction…, Account Transactions… and the watchlist's "Load more" are
// registered here; their handlers and the hover of a hash (txCommands.ts) are made on first use. Transaction hashes in
// the terminal are links to Look Up Transaction (terminalLinks.ts: a regex over the line until a click, which offers
// the terminal's own ids as the signer; where the editor has shell integration, commands' output is kept for that).
import vscode = require('vscode');
import { lazy } from '../../base/lazy';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import type { FailureFeature } from '../failures/failureFeature';
import type { PanelApi } from '../panel/index';
import type { WatchlistApi } from '../watchlist/index';
import { accountTxsHandlers } from './accountTxs';
import { followShellOutput, TxTerminalLinkProvider } from './terminalLinks';
import { txFeature } from './txCommands';
import type { TxFeature } from './txCommands';

export function registerTransactions(
  context: vscode.ExtensionContext,
  services: Services,
  watchlist: WatchlistApi,
  panels: PanelApi,
  failures: () => FailureFeature,
): { terminalLinks: TxTerminalLinkProvider; transactions: () => TxFeature } {
  // Built once: its hover memo is shared by every hover of the session.
  const transactions = lazy(() => txFeature(services, failures));
  registerCommandsOnFirstCall(context, [COMMANDS.lookupTransaction], () => transactions().handlers);
  registerCommandsOnFirstCall(context, [COMMANDS.accountTransactions, COMMANDS.watchlistMoreTransactions], () =>
    accountTxsHandlers(services, {
      more: (id) => watchlist.provider.transactions.run(id, 'more'),
      openPanel: (id) => panels.open(id),
    }),
  );
  const terminalLinks = new TxTerminalLinkProvider((lookup, near) => transactions().lookupNear({ hash: lookup }, near));
  context.subscriptions.push(vscode.window.registerTerminalLinkProvider(terminalLinks));
  const following = followShellOutput(terminalLinks.text);
  if (following) context.subscriptions.push(following);
  return { terminalLinks, transactions };
}

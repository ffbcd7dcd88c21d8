// Transactions at activation: Look Up Transaction…, Account Transactions… and the watchlist's "Load more" are
// registered here; their handlers, the hover of a hash and an account's history are the lazy part `transactions`
// (part.ts), loaded on the first call, or on the first hover over a line long enough to hold a hash (43+ characters)
// with no id or amount under the pointer: the part's finder tells whether a hash is there. Transaction hashes in the
// terminal are links to Look Up Transaction (terminalLinks.ts: a regex over the line, no part loaded until a click).
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { loadPart, registerPartCommands } from '../../platform/parts';
import type { PanelApi } from '../panel/index';
import type { WatchlistApi } from '../watchlist/index';
import type * as Part from './part';
import { TxTerminalLinkProvider } from './terminalLinks';
import type { TxFeature } from './txCommands';

let feature: TxFeature | undefined;

/** The feature, built once (its hover memo is shared by every hover of the session). */
export async function txFeatureOf(services: Services): Promise<TxFeature> {
  return (feature ??= (await loadPart<typeof Part>('transactions')).txFeature(services));
}

export function registerTransactions(
  context: vscode.ExtensionContext,
  services: Services,
  watchlist: WatchlistApi,
  panels: PanelApi,
): { terminalLinks: TxTerminalLinkProvider } {
  registerPartCommands<typeof Part>(context, 'transactions', [COMMANDS.lookupTransaction], (part) => (feature ??= part.txFeature(services)).handlers);
  registerPartCommands<typeof Part>(context, 'transactions', [COMMANDS.accountTransactions, COMMANDS.watchlistMoreTransactions], (part) =>
    part.accountTxsHandlers(services, {
      more: (id) => watchlist.provider.transactions.run(id, 'more'),
      openPanel: (id) => panels.open(id),
    }),
  );
  const terminalLinks = new TxTerminalLinkProvider();
  context.subscriptions.push(vscode.window.registerTerminalLinkProvider(terminalLinks));
  return { terminalLinks };
}

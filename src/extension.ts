// Entry point: activate() builds the services and registers every surface, synchronously. No network, no file I/O.
import vscode = require('vscode');
import { errorMessage } from './base/errors';
import { registerHover } from './features/hover/hoverProvider';
import { registerKeyCommands } from './features/keys/register';
import { registerLookupCommands } from './features/lookup/register';
import { registerTransactionCommands } from './features/transactions/register';
import { registerContractCommands } from './features/contracts/register';
import { registerPanel } from './features/panel/register';
import { registerRpcCommands } from './features/rpc/register';
import { registerStatusBar } from './features/statusBar/statusBar';
import { registerWatchlist } from './features/watchlist/register';
import { registerConvertUnits } from './features/units/register';
import { registerUnitInlayHints } from './features/units/inlayHints';
import { registerBalanceInlayHints } from './features/balances/register';
import { registerDiagnostics } from './features/diagnostics/register';
import { createServices } from './platform/services';
import { loadPart } from './features/lazy';
import { registerAccountTxs } from './features/transactions/accountTxsRegister';

export function activate(context: vscode.ExtensionContext) {
  try {
    const services = createServices(context, { transactionReads: () => loadPart('txview') });
    registerKeyCommands(context, services);
    const hoverProvider = registerHover(context, services);
    registerRpcCommands(context, services);
    registerLookupCommands(context, services);
    registerTransactionCommands(context, services);
    registerContractCommands(context, services);
    const statusBar = registerStatusBar(context, services);
    const watchlist = registerWatchlist(context, services);
    const panels = registerPanel(context, services);
    registerAccountTxs(context, services, watchlist, panels);
    registerConvertUnits(context);
    registerUnitInlayHints(context, services);
    const balanceHints = registerBalanceInlayHints(context, services);
    const diagnostics = registerDiagnostics(context, services);
    // The test API: in-editor tests reach the services and the hover provider through the extension's exports.
    return { services, hoverProvider, watchlist, panels, balanceHints, diagnostics, statusBar };
  } catch (e) {
    // Say that activation failed instead of failing silently; an unexpected error's own text may hold a secret, so
    // errorMessage's policy applies (NEAR Lens's own messages are shown, others get a generic sentence).
    void vscode.window.showErrorMessage(`NEAR Lens failed to start: ${errorMessage(e)}`);
    return undefined;
  }
}

export function deactivate(): void {
  // everything is disposed through context.subscriptions
}

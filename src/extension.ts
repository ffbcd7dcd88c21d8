// Entry point: activate() builds the services and registers every feature, synchronously. No network, no file I/O.
import vscode = require('vscode');
import { errorMessage } from './base/errors';
import { registerBalanceInlayHints } from './features/balances/index';
import { registerContractActivity } from './features/contractLens/activity';
import { registerContractCommands } from './features/contracts/index';
import { registerContractLens } from './features/contractLens/index';
import { registerDiagnostics } from './features/diagnostics/index';
import { registerFailures } from './features/failures/index';
import { registerNearTasks } from './features/failures/tasks';
import { registerHover } from './features/hover/index';
import { registerInspect } from './features/inspect/index';
import { registerKeyCommands } from './features/keys/index';
import { registerLookupCommands } from './features/lookup/index';
import { registerPanel } from './features/panel/index';
import { registerRpcCommands } from './features/rpc/index';
import { registerStatusBar } from './features/statusBar/index';
import { registerTransactions } from './features/transactions/index';
import { registerUnitInlayHints } from './features/units/inlayHints';
import { registerConvertUnits } from './features/units/index';
import { registerWatchlist } from './features/watchlist/index';
import { createServices } from './platform/services';
import { InspectPosts, PanelPosts, testApi } from './testApi';

export function activate(context: vscode.ExtensionContext) {
  try {
    const testing = context.extensionMode === vscode.ExtensionMode.Test;
    const posts = testing ? new PanelPosts() : undefined;
    const inspectPosts = testing ? new InspectPosts() : undefined;
    const services = createServices(context);
    registerKeyCommands(context, services);
    registerRpcCommands(context, services);
    registerLookupCommands(context, services);
    registerContractCommands(context, services);
    const statusBar = registerStatusBar(context, services);
    const watchlist = registerWatchlist(context, services);
    const panels = registerPanel(context, services, posts?.observe);
    // What features share is composed here, each made on first use: the failures feature (its Problems and links)
    // serves Look Up Transaction and the hover of a hash, which share one transactions feature (its hover memo).
    const failures = registerFailures(context, services);
    const { terminalLinks, transactions } = registerTransactions(context, services, watchlist, panels, failures);
    const hoverProvider = registerHover(context, services, transactions);
    registerNearTasks(context, services, failures);
    const inspect = registerInspect(context, services, inspectPosts?.observe);
    registerConvertUnits(context);
    registerUnitInlayHints(context, services);
    const balanceHints = registerBalanceInlayHints(context, services);
    const diagnostics = registerDiagnostics(context, services);
    // The contract lens: its counts from the chain side's activity source (each linked account's calls per method,
    // read when a lens first asks).
    const contractActivity = registerContractActivity(context, services, watchlist.watch);
    registerContractLens(context, services, contractActivity);
    // The test API, only for the in-editor tests (VS Code runs them in ExtensionMode.Test): what they reach beyond
    // commands. A user's extension host gets no exports.
    return (
      posts &&
      inspectPosts &&
      testApi({ services, hoverProvider, watchlist, panels, balanceHints, diagnostics, statusBar, terminalLinks, contractActivity }, posts, {
        feature: inspect,
        posts: inspectPosts,
      })
    );
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

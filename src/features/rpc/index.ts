// Registers Query Block…, RPC Request…, Recent Results, Copy as curl and the `near-lens:` result documents
// (rpcCommands.ts), which say after a network switch that they were read on the other one.
import vscode = require('vscode');
import { COMMANDS, RESULT_SCHEME } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { onDidChangeResult, resultContent, rpcCommands, watchNetwork } from './rpcCommands';

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, { onDidChange: onDidChangeResult, provideTextDocumentContent: resultContent }),
    watchNetwork(services),
  );
  registerCommandsOnFirstCall(context, [COMMANDS.queryBlock, COMMANDS.rpcRequest, COMMANDS.recentResults, COMMANDS.copyAsCurl], () => rpcCommands(services));
}

// Registers Query Block…, RPC Request…, Recent Results, Copy as curl and the `near-lens:` result documents
// (rpcCommands.ts).
import vscode = require('vscode');
import { COMMANDS, RESULT_SCHEME } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { onDidChangeResult, resultContent, rpcCommands } from './rpcCommands';

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, { onDidChange: onDidChangeResult, provideTextDocumentContent: resultContent }),
  );
  registerCommandsOnFirstCall(context, [COMMANDS.queryBlock, COMMANDS.rpcRequest, COMMANDS.recentResults, COMMANDS.copyAsCurl], () => rpcCommands(services));
}

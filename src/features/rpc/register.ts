// Registers Query Block…, RPC Request…, Recent Results and the `near-lens:` result documents at activation; the
// commands themselves (rpcCommands.ts) are a lazy part, loaded on the first call or the first result document read.
import vscode = require('vscode');
import { COMMANDS, RESULT_SCHEME } from '../../manifest';
import type { Services } from '../../platform/services';
import { lazyPart, loadPart, partReady, registerLazyCommands } from '../lazy';
import type { RpcCommands } from './rpcCommands';

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  let part: RpcCommands | undefined;
  const get = (): RpcCommands => (part ??= lazyPart('rpc').rpcCommands(services));
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, {
      // Synchronous when the part is at hand (always in the Node build); the web build loads it on first use.
      provideTextDocumentContent: (uri) => (partReady('rpc') ? get().content(uri) : loadPart('rpc').then(() => get().content(uri))),
    }),
  );
  registerLazyCommands(context, [COMMANDS.queryBlock, COMMANDS.rpcRequest, COMMANDS.recentResults, COMMANDS.copyAsCurl], () => get().handlers, 'rpc');
}

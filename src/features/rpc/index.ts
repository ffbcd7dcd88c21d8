// Registers Query Block…, RPC Request…, Recent Results, Copy as curl and the `near-lens:` result documents; the
// commands themselves (rpcCommands.ts) are the lazy part `rpc`, loaded on the first call or result document read.
import vscode = require('vscode');
import { COMMANDS, RESULT_SCHEME } from '../../manifest';
import type { Services } from '../../platform/services';
import { loadPart, partNow, partReady, registerPartCommands } from '../../platform/parts';
import type * as Rpc from './rpcCommands';
import type { RpcCommands } from './rpcCommands';

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  let commands: RpcCommands | undefined;
  const get = (part: typeof Rpc): RpcCommands => (commands ??= part.rpcCommands(services));
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, {
      onDidChange: (listener, thisArg, disposables) =>
        (partReady('rpc') ? partNow<typeof Rpc>('rpc') : undefined)?.onDidChangeResult(listener, thisArg, disposables) ?? { dispose: () => undefined },
      // Synchronous when the part is at hand (always in the Node build); the web build loads it on first use.
      provideTextDocumentContent: (uri) =>
        partReady('rpc') ? get(partNow<typeof Rpc>('rpc')).content(uri) : loadPart<typeof Rpc>('rpc').then((p) => get(p).content(uri)),
    }),
  );
  registerPartCommands<typeof Rpc>(
    context,
    'rpc',
    [COMMANDS.queryBlock, COMMANDS.rpcRequest, COMMANDS.recentResults, COMMANDS.copyAsCurl],
    (part) => get(part).handlers,
  );
}

// Registers Call View Method…, View Contract State… and the contract interface command at activation; their handlers
// (contractCommands.ts, with the wasm/ABI readers and fzstd) are a lazy part, loaded on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { lazyPart, loadPart, registerLazyCommands } from '../lazy';

export function registerContractCommands(context: vscode.ExtensionContext, services: Services): void {
  registerLazyCommands(
    context,
    [COMMANDS.callViewMethod, COMMANDS.viewContractState, COMMANDS.contractInterface],
    () => lazyPart('contracts').contractCommands(services, () => loadPart('rpc')).handlers,
    'contracts',
  );
}

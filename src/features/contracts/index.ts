// Registers Call View Method…, View Contract State… and the contract interface command; their handlers
// (contractCommands.ts, with the wasm and ABI readers and fzstd) are the lazy part `contracts`, loaded on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { loadPart, registerPartCommands } from '../../platform/parts';
import type * as Contracts from './contractCommands';
import type * as Rpc from '../rpc/rpcCommands';

export function registerContractCommands(context: vscode.ExtensionContext, services: Services): void {
  registerPartCommands<typeof Contracts>(
    context,
    'contracts',
    [COMMANDS.callViewMethod, COMMANDS.viewContractState, COMMANDS.contractInterface],
    (part) => part.contractCommands(services, () => loadPart<typeof Rpc>('rpc')).handlers,
  );
}

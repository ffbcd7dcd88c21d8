// Registers Call View Method…, View Contract State… and the contract interface command (contractCommands.ts, with the
// wasm and ABI readers and fzstd); their handlers are made on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { contractCommands } from './contractCommands';

export function registerContractCommands(context: vscode.ExtensionContext, services: Services): void {
  registerCommandsOnFirstCall(
    context,
    [COMMANDS.callViewMethod, COMMANDS.viewContractState, COMMANDS.contractInterface],
    () => contractCommands(services).handlers,
  );
}

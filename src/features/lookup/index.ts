// Registers the look-up commands (Look Up Public Key…, Look Up Account…, Switch Network… with Local node…, Show Log,
// the hover's Copy link); their handlers (lookupCommands.ts) are made on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { lookupCommands } from './lookupCommands';

export function registerLookupCommands(context: vscode.ExtensionContext, services: Services): void {
  registerCommandsOnFirstCall(context, [COMMANDS.lookupPublicKey, COMMANDS.lookupAccount, COMMANDS.switchNetwork, COMMANDS.showLog, COMMANDS.copyText], () =>
    lookupCommands(services, context.globalState),
  );
}

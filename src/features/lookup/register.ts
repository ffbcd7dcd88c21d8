// Registers the look-up commands at activation (Look Up Public Key…, Look Up Account…, Switch Network…, Show Log, the
// hover's Copy link); their handlers (lookupCommands.ts) are a lazy part, loaded on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { lazyPart, loadPart, registerLazyCommands } from '../lazy';

export function registerLookupCommands(context: vscode.ExtensionContext, services: Services): void {
  registerLazyCommands(
    context,
    [COMMANDS.lookupPublicKey, COMMANDS.lookupAccount, COMMANDS.switchNetwork, COMMANDS.showLog, COMMANDS.copyText],
    () => lazyPart('lookup').lookupCommands(services, () => loadPart('panel')),
    'lookup',
  );
}

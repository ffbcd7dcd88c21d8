// Registers the look-up commands (Look Up Public Key…, Look Up Account…, Switch Network… with Local node…, Show Log,
// the hover's Copy link); their handlers (lookupCommands.ts) are the lazy part `lookup`, loaded on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { loadPart, registerPartCommands } from '../../platform/parts';
import type * as Lookup from './lookupCommands';
import type * as Panel from '../panel/panelHost';

export function registerLookupCommands(context: vscode.ExtensionContext, services: Services): void {
  registerPartCommands<typeof Lookup>(
    context,
    'lookup',
    [COMMANDS.lookupPublicKey, COMMANDS.lookupAccount, COMMANDS.switchNetwork, COMMANDS.showLog, COMMANDS.copyText],
    (part) => part.lookupCommands(services, () => loadPart<typeof Panel>('panel')),
  );
}

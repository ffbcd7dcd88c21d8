// Registers Set API Key… and Clear API Key at activation; their handlers (keyCommands.ts) load with the look-ups'
// lazy part on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { KeyedServices } from '../../platform/services';
import { lazyPart, registerLazyCommands } from '../lazy';

export function registerKeyCommands(context: vscode.ExtensionContext, services: KeyedServices): void {
  registerLazyCommands(context, [COMMANDS.setApiKey, COMMANDS.clearApiKey], () => lazyPart('lookup').keyCommands(services), 'lookup');
}

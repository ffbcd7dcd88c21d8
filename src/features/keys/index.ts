// Registers Set API Key… and Clear API Key; their handlers (keyCommands.ts) are made on the first call.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { KeyedServices } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { keyCommands } from './keyCommands';

export function registerKeyCommands(context: vscode.ExtensionContext, services: KeyedServices): void {
  registerCommandsOnFirstCall(context, [COMMANDS.setApiKey, COMMANDS.clearApiKey], () => keyCommands(services));
}

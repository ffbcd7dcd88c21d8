// NEAR units in code: Convert Units… (its handler runs no network), beside the hover's amount section and the opt-in
// inlay hints (inlayHints.ts).
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import { registerCommands } from '../../platform/commands';
import { convertUnits } from './convertUnits';

export function registerConvertUnits(context: vscode.ExtensionContext): void {
  registerCommands(context, { [COMMANDS.convertUnits]: convertUnits });
}

// Convert Units… in the main bundle: only its registration; the handler and the unit maths are the lazy part `units`.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import { lazyPart, registerLazyCommands } from '../lazy';

export function registerConvertUnits(context: vscode.ExtensionContext): void {
  registerLazyCommands(context, [COMMANDS.convertUnits], () => lazyPart('units').unitCommands(), 'units');
}

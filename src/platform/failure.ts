// How the command-palette tools end on an error: a message for people who used the prompts, a rethrow for argument
// calls (keybindings, tests, other commands), silence for a cancel.
import vscode = require('vscode');
import { errorMessage, invalidInput, NearLensError } from '../core/errors';

export function fail(e: unknown, prompted: boolean, what: string): undefined {
  if (NearLensError.is(e) && e.kind === 'aborted') return undefined;
  if (!prompted) throw NearLensError.is(e) ? e : invalidInput(errorMessage(e));
  void vscode.window.showErrorMessage(`NEAR Lens: ${what} failed: ${errorMessage(e)}`);
  return undefined;
}

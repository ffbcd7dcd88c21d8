// How the command-palette tools end on an error: a message for people who used the prompts, a rethrow for argument
// calls (keybindings, tests, other commands) — with the message too when the call shows its result — silence for a cancel.
import vscode = require('vscode');
import { errorMessage, invalidInput, NearLensError } from '../base/errors';

export function fail(e: unknown, prompted: boolean, what: string, shown = false): undefined {
  if (NearLensError.is(e) && e.kind === 'aborted') return undefined;
  // A call that shows its result (a hover's link: VS Code drops a link's rejection) shows its failure too.
  if (prompted || shown) void vscode.window.showErrorMessage(`NEAR Lens: ${what} failed: ${errorMessage(e)}`);
  if (!prompted) throw NearLensError.is(e) ? e : invalidInput(errorMessage(e));
  return undefined;
}

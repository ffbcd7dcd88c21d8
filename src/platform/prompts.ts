// The command palette's prompts: a quick pick that resolves with the picked item's value, an input box checked
// as you type with the same rule that reads the final text, and the notification a request can be cancelled from.
import vscode = require('vscode');
import { errorMessage } from '../base/errors';

/** A quick pick titled "NEAR Lens: <title>"; resolves with the picked item's value (undefined when dismissed). */
export async function pick<T>(title: string, items: Array<vscode.QuickPickItem & { value: T }>): Promise<T | undefined> {
  return (await vscode.window.showQuickPick(items, { title: `NEAR Lens: ${title}` }))?.value;
}

/** An input box titled "NEAR Lens: <title>", checked with `parse` (which throws the reason); resolves with the parsed text, undefined when dismissed. */
export async function ask<T>(title: string, o: vscode.InputBoxOptions, parse: (text: string) => T): Promise<T | undefined> {
  const text = await vscode.window.showInputBox({
    ...o,
    title: `NEAR Lens: ${title}`,
    ignoreFocusOut: true,
    validateInput: (v) => {
      try {
        parse(v);
        return undefined;
      } catch (e) {
        return errorMessage(e);
      }
    },
  });
  return text === undefined ? undefined : parse(text);
}

/** A notification "NEAR Lens: <title>" while `work` runs; its Cancel aborts `work`'s signal. */
export function cancellable<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `NEAR Lens: ${title}`, cancellable: true }, (_p, token) => {
      const ctrl = new AbortController();
      const sub = token.onCancellationRequested(() => ctrl.abort());
      return work(ctrl.signal).finally(() => sub.dispose());
    }),
  );
}

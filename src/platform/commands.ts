// Registers a feature's commands from one table. The keys are the full command ids, as in package.json, so a
// search for an id still finds its handler.
import vscode = require('vscode');

export function registerCommands(context: vscode.ExtensionContext, handlers: Record<string, (...args: never[]) => unknown>): void {
  for (const [id, run] of Object.entries(handlers)) context.subscriptions.push(vscode.commands.registerCommand(id, run));
}

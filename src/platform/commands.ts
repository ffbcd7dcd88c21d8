// Registers a feature's commands. The keys are the full command ids, as in package.json, so a search for an id still
// finds its handler.
import vscode = require('vscode');

export type Handlers = Record<string, (...args: never[]) => unknown>;

export function registerCommands(context: vscode.ExtensionContext, handlers: Handlers): void {
  for (const [id, run] of Object.entries(handlers)) context.subscriptions.push(vscode.commands.registerCommand(id, run));
}

/**
 * Registers `ids` now (the palette and the manifest see them at once) and makes their handlers on the first call of
 * any of them: activation builds no handler table. A failed `make` is tried again on the next call.
 */
export function registerCommandsOnFirstCall(
  context: vscode.ExtensionContext,
  ids: readonly string[],
  make: (firstId: string) => Handlers | Promise<Handlers>,
): void {
  let handlers: Promise<Handlers> | undefined;
  const run = async (id: string, args: unknown[]): Promise<unknown> => {
    handlers ??= Promise.resolve(id)
      .then(make)
      .catch((e: unknown) => {
        handlers = undefined;
        throw e;
      });
    const handler = (await handlers)[id] as ((...a: unknown[]) => unknown) | undefined;
    if (!handler) throw new Error(`NEAR Lens: no handler for ${id}`);
    return handler(...args);
  };
  for (const id of ids) context.subscriptions.push(vscode.commands.registerCommand(id, (...args: unknown[]) => run(id, args)));
}

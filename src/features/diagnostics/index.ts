// The diagnostics' registration in the main bundle, kept tiny: their commands are registered at once, and the engine
// (the lazy part `diagnostics`, diagnosticsHost.ts) loads when a document is first diagnosed: just after activation
// when a file is open and a diagnostic is on, else on the first file opened or setting turned on.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { loadPart, partNow, partReady, registerPartCommands } from '../../platform/parts';
import type * as Diagnostics from './diagnosticsHost';
import type { DiagnosticsHost } from './diagnosticsHost';

export function registerDiagnostics(context: vscode.ExtensionContext, services: Services): { host?: DiagnosticsHost; start(): DiagnosticsHost } {
  const api = {
    host: undefined as DiagnosticsHost | undefined,
    start: (): DiagnosticsHost => (api.host ??= partNow<typeof Diagnostics>('diagnostics').startDiagnostics(context, services)),
  };
  // The web build has no synchronous load of a part: the engine, and the key derivation it calls synchronously on a
  // candidate, are fetched first (in the Node build they are always ready).
  const ready = (): boolean => partReady('diagnostics') && partReady('secrets');
  const kick = (): unknown =>
    !api.host &&
    vscode.workspace.textDocuments.length &&
    Object.values(services.settings.diagnostics).some(Boolean) &&
    (ready()
      ? api.start()
      : Promise.all([loadPart('diagnostics'), loadPart('secrets')]).then(
          () => api.host ?? api.start(),
          (e: unknown) => services.log.error(`NEAR Lens could not load its diagnostics: ${String(e)}`),
        ));
  const c = COMMANDS;
  // The commands check keys with the secrets part too: both are at hand before the first handler runs.
  registerPartCommands(context, 'diagnostics', [c.scanWorkspaceSecrets, c.ignoredSecretKeys, c.copyPublicKey, c.ignoreSecretKey], async () => {
    await loadPart('secrets');
    return api.start().commands();
  });
  // Not inside activate(): activation reads no lazy part.
  const timer = setTimeout(kick);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) }, vscode.workspace.onDidOpenTextDocument(kick), services.onDidChange(kick));
  return api;
}

// The diagnostics' registration: their commands are registered at once, and the engine (diagnosticsHost.ts) starts when
// a document is first diagnosed: just after activation when a file is open and a diagnostic is on, else on the first
// file opened or setting turned on.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { startDiagnostics } from './diagnosticsHost';
import type { DiagnosticsHost } from './diagnosticsHost';

export function registerDiagnostics(context: vscode.ExtensionContext, services: Services): { host?: DiagnosticsHost; start(): DiagnosticsHost } {
  const api = {
    host: undefined as DiagnosticsHost | undefined,
    start: (): DiagnosticsHost => (api.host ??= startDiagnostics(context, services)),
  };
  const kick = (): unknown => !api.host && vscode.workspace.textDocuments.length && Object.values(services.settings.diagnostics).some(Boolean) && api.start();
  const c = COMMANDS;
  registerCommandsOnFirstCall(context, [c.scanWorkspaceSecrets, c.ignoredSecretKeys, c.copyPublicKey, c.ignoreSecretKey], () => api.start().commands());
  // Not inside activate(): activation diagnoses nothing.
  const timer = setTimeout(kick);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) }, vscode.workspace.onDidOpenTextDocument(kick), services.onDidChange(kick));
  return api;
}

// A provider registered only while its setting is on: registered when the setting turns on, disposed when it turns
// off or the extension goes, so a disabled feature costs nothing.
import type * as vscode from 'vscode';
import type { Services } from './services';

export function registerWhile(context: vscode.ExtensionContext, services: Services, on: () => boolean, register: () => vscode.Disposable): void {
  let registration: vscode.Disposable | undefined;
  const sync = (): void => {
    if (on()) registration ??= register();
    else {
      registration?.dispose();
      registration = undefined;
    }
  };
  sync();
  context.subscriptions.push(services.onDidChange(sync), { dispose: () => registration?.dispose() });
}

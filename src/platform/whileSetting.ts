// A provider registered only while its setting is on: registered when the setting turns on, disposed when it turns
// off or the extension goes, so a disabled feature costs nothing.
import type * as vscode from 'vscode';
import type { Services } from './services';

/** The settings that switch a provider on or off. */
export type Switch = 'hoverEnabled' | 'inlayHintsUnits' | 'inlayHintsBalances';

/**
 * `setting` is a name, not a closure: V8 compiles a function on its first call, and a closure per provider would be one
 * more to compile at activation.
 */
export function registerWhile(context: vscode.ExtensionContext, services: Services, setting: Switch, register: () => vscode.Disposable): void {
  let registration: vscode.Disposable | undefined;
  const sync = (): void => {
    if (services.settings[setting]) registration ??= register();
    else {
      registration?.dispose();
      registration = undefined;
    }
  };
  sync();
  context.subscriptions.push(services.onDidChange(sync), { dispose: () => registration?.dispose() });
}

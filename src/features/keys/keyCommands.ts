// "Set API Key…" and "Clear API Key": the key goes only into SecretStorage (through services.apiKey); it is never
// shown, logged or echoed in a message. Must not write settings or globalState.
import vscode = require('vscode');
import { apiKeyError } from '../../core/views/keyRule';
import { keylessPublic } from '../../core/views/networkModel';
import { registerCommands } from '../../platform/commands';
import type { KeyedServices } from '../../platform/services';
import { COMMANDS } from '../../core/manifest';

export function registerKeyCommands(context: vscode.ExtensionContext, services: KeyedServices): void {
  registerCommands(context, {
    // With a string argument (tests, keybindings) there is no prompt. Returns whether a key was stored.
    [COMMANDS.setApiKey]: async (arg?: unknown): Promise<boolean> => {
      const key =
        typeof arg === 'string'
          ? arg
          : await vscode.window.showInputBox({
              title: 'NEAR Lens: Set API Key',
              prompt: "Your FastNEAR API key: kept in VS Code's secret storage, sent only to the configured service.",
              password: true,
              ignoreFocusOut: true,
              validateInput: apiKeyError,
            });
      if (key === undefined) return false;
      // The prompt checked its text already; an argument is checked here.
      const why = apiKeyError(key);
      if (why) {
        void vscode.window.showErrorMessage(`NEAR Lens: ${why}`);
        return false;
      }
      await services.apiKey.set(key.trim());
      void vscode.window.showInformationMessage('NEAR Lens: API key saved in secret storage.');
      return true;
    },
    [COMMANDS.clearApiKey]: async (): Promise<boolean> => {
      await services.ready; // at start-up the stored key may not be read yet: "had" must be true to what is removed
      const had = services.hasApiKey;
      await services.apiKey.clear();
      void vscode.window.showInformationMessage(
        had
          ? `NEAR Lens: API key removed.${keylessPublic(services.settings.network) ? ' Requests now use the public, rate-limited path.' : ''}`
          : 'NEAR Lens: no API key was set.',
      );
      return had;
    },
  });
}

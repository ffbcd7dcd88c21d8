// "Set API Key…" and "Clear API Key": they act on the key of the network in use (FastNEAR's on mainnet/testnet, the
// custom network's own on custom) and say which. The key goes only into SecretStorage (through services.apiKey); it is
// never shown, logged or echoed in a message. Must not write settings or globalState.
import vscode = require('vscode');
import { apiKeyError } from './model/keyRule';
import { KEY_PLACE_TEXT, keylessPublic } from '../../platform/network';
import { hostOf, keyProviderFor } from '../../near/networks';
import type { KeyProvider } from '../../near/networks';

/** How Set/Clear API Key name the key they act on. */
const KEY_NAMES: Readonly<Record<KeyProvider, string>> = { fastnear: 'FastNEAR API key', custom: 'API key of the custom network' };
import type { KeyedServices } from '../../platform/services';
import { COMMANDS } from '../../manifest';
import { WEB_BUILD } from '../../platform/build';

const IN_BROWSER = 'Remember in this browser';

/**
 * The web build's question: memory for this window (the default: FastNEAR's rule is no keys in browser storage), or
 * this browser's storage, where VS Code's secret storage lives on vscode.dev and github.dev. Each explanation is one
 * short line (a quick pick cuts a long detail); FastNEAR's advice is shown for FastNEAR's key only. Undefined: Escape.
 */
async function rememberInBrowser(name: string, provider: KeyProvider): Promise<boolean | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Keep for this window only', description: 'in memory', detail: 'Nothing is written to this browser; a reload forgets it.' },
      {
        label: IN_BROWSER,
        description: provider === 'fastnear' ? 'FastNEAR advises against it' : undefined,
        detail: "Written to this browser's storage until Clear API Key.",
      },
    ],
    { title: `NEAR Lens: where to keep the ${name}`, placeHolder: 'Where NEAR Lens keeps the key', ignoreFocusOut: true },
  );
  return picked && picked.label === IN_BROWSER;
}

/** The Set API Key prompt: where the key goes, and where it will be kept (the web build asks that next). */
function keyPrompt(provider: KeyProvider): string {
  const goes =
    provider === 'custom'
      ? "The custom network's own key, sent only to the custom network's hosts (never the FastNEAR key)."
      : "Your FastNEAR API key, sent only to FastNEAR's mainnet and testnet hosts.";
  return `${goes} ${WEB_BUILD ? 'Next: keep it in memory for this window (the default) or in this browser.' : "Kept in VS Code's secret storage."}`;
}

export function keyCommands(services: KeyedServices): Record<string, (...args: never[]) => unknown> {
  /** The provider whose key the network in use carries, and how it is named (custom: with its RPC host). */
  const inUse = (): { provider: ReturnType<typeof keyProviderFor>; name: string } => {
    const s = services.settings;
    const provider = keyProviderFor(s.network);
    const host = provider === 'custom' ? hostOf(s.endpoints.rpcUrl) : '';
    return { provider, name: `${KEY_NAMES[provider]}${host ? ` (${host})` : ''}` };
  };
  return {
    // With a string argument (tests, keybindings) there is no prompt. Returns whether a key was stored.
    [COMMANDS.setApiKey]: async (arg?: unknown): Promise<boolean> => {
      const { provider, name } = inUse();
      const key =
        typeof arg === 'string'
          ? arg
          : await vscode.window.showInputBox({
              title: `NEAR Lens: Set ${name}`,
              prompt: keyPrompt(provider),
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
      // On the web SecretStorage is the browser's storage: a typed key is kept for this window unless the person
      // chooses to remember it there; a key given as an argument is kept in memory. The desktop build stores it.
      const remember = WEB_BUILD ? typeof arg !== 'string' && (await rememberInBrowser(name, provider)) : true;
      if (remember === undefined) return false;
      await services.apiKey.set(key.trim(), provider, remember);
      void vscode.window.showInformationMessage(`NEAR Lens: ${name} kept in ${KEY_PLACE_TEXT[services.keyPlace ?? 'secret-storage']}.`);
      return true;
    },
    [COMMANDS.clearApiKey]: async (): Promise<boolean> => {
      await services.ready; // at start-up the stored key may not be read yet: "had" must be true to what is removed
      const { provider, name } = inUse();
      const had = services.apiKey.get(provider) !== undefined;
      const place = services.keyPlace; // where it was, said before it is gone
      await services.apiKey.clear(provider);
      void vscode.window.showInformationMessage(
        had
          ? `NEAR Lens: ${name} removed from ${KEY_PLACE_TEXT[place ?? 'secret-storage']}.${keylessPublic(services.settings.network) ? ' Requests now use the public, rate-limited path.' : ''}`
          : `NEAR Lens: no ${name} was set.`,
      );
      return had;
    },
  };
}

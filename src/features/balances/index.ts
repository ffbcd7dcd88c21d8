// Registers the balance inlay hints while their setting allows it; the provider (balanceHints.ts) is made only when
// the opt-in setting is first on.
import vscode = require('vscode');
import { BalanceInlayHints } from './balanceHints';
import type { Services } from '../../platform/services';
import { registerWhile } from '../../platform/whileSetting';

/** The provider of the moment (a new one each time the setting turns on), for the in-editor tests. */
export interface BalanceHintsApi {
  readonly current: BalanceInlayHints | undefined;
}

export function registerBalanceInlayHints(context: vscode.ExtensionContext, services: Services): BalanceHintsApi {
  const api: { current: BalanceInlayHints | undefined } = { current: undefined };
  registerWhile(context, services, 'inlayHintsBalances', () => startBalanceHints(api, services));
  return api;
}

/** Registers a new provider. Module-level: compiled when the setting is first on, not at activation. */
function startBalanceHints(api: { current: BalanceInlayHints | undefined }, services: Services): vscode.Disposable {
  const provider = (api.current = new BalanceInlayHints(services));
  const hints = vscode.languages.registerInlayHintsProvider('*', provider);
  return {
    dispose: () => {
      hints.dispose();
      provider.dispose();
      if (api.current === provider) api.current = undefined;
    },
  };
}

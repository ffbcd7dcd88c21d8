// Registers the balance inlay hints while their setting allows it; the provider itself is the lazy part
// dist/balances.js (balanceHints.ts), read only when the opt-in setting is first on, so activation never reads it.
import vscode = require('vscode');
import type { BalanceInlayHints } from './balanceHints';
import { loadPart } from '../lazy';
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

/** Registers the provider, loading its part first. Module-level: compiled when the setting is first on, not at activation. */
function startBalanceHints(api: { current: BalanceInlayHints | undefined }, services: Services): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  let off = false;
  // Loaded on first use (the web build fetches the part; the Node build has it at once).
  void loadPart('balances').then((part) => {
    if (off) return;
    const provider = (api.current = new part.BalanceInlayHints(services));
    const hints = vscode.languages.registerInlayHintsProvider('*', provider);
    registration = {
      dispose: () => {
        hints.dispose();
        provider.dispose();
        if (api.current === provider) api.current = undefined;
      },
    };
  });
  return {
    dispose: () => {
      off = true;
      registration?.dispose();
    },
  };
}

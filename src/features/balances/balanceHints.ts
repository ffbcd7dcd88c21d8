// Inlay hints with the balance after each account id in view (opt-in: `nearLens.inlayHints.balances`), registered by
// index.ts only while the setting allows it (Settings.inlayHintsBalances: never with lookups off, in an untrusted
// workspace only when the user allows). Hints come from the cache; the ids it lacks are fetched in one batch (BalanceBatcher), then
// the hints are asked for again.
import vscode = require('vscode');
import { findAll } from '../../near/idFinder';
import { BalanceBatcher, balanceHint } from './model/balanceHints';
import type { Services } from '../../platform/services';
import { hintsInRange } from '../../platform/inlayHints';

/** A view showing more ids than this (a minified list) asks for the first ones only. */
const MAX_IDS_PER_VIEW = 100;

export class BalanceInlayHints implements vscode.InlayHintsProvider, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<void>();
  readonly onDidChangeInlayHints = this.#changed.event;
  readonly batcher: BalanceBatcher;
  readonly #subscription: vscode.Disposable;

  constructor(private readonly services: Services) {
    this.batcher = new BalanceBatcher({
      load: (id) => services.clientForAccount(id).client.accounts.full(id),
      onLoaded: () => this.#changed.fire(),
    });
    // Settings or key changed: decimals may differ and the cache may be gone (other terms): ask the editor again,
    // and let the ids be fetched again rather than wait out their minute with no hint.
    this.#subscription = services.onDidChange(() => {
      this.batcher.forget();
      this.#changed.fire();
    });
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range, token: vscode.CancellationToken): vscode.InlayHint[] {
    const inView = new Set<string>();
    const decimals = this.services.settings.decimals;
    const hints = hintsInRange(document, range, token, (line) =>
      findAll(document.lineAt(line).text).flatMap((found) => {
        if (found.classified.kind !== 'account') return [];
        const id = found.classified.id;
        inView.add(id);
        let full;
        try {
          full = this.services.clientForAccount(id).client.accounts.peekFull(id);
        } catch {
          return []; // no usable network settings: nothing to show or fetch
        }
        return full ? [{ end: found.end, ...balanceHint(full, decimals) }] : [];
      }),
    );
    // Missing or old: the batcher fetches each id at most once a minute, and full() answers from the cache while fresh.
    this.batcher.want([...inView].slice(0, MAX_IDS_PER_VIEW));
    return hints;
  }

  dispose(): void {
    this.#subscription.dispose();
    this.batcher.dispose();
    this.#changed.dispose();
  }
}

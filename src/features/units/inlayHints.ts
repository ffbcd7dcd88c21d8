// Inlay hints after yoctoNEAR and gas literals (opt-in: `nearLens.inlayHints.units`): "≈ 1.5 NEAR", "= 30 TGas".
// Registered only while the setting is on; computed from the visible lines, never sends anything.
import vscode = require('vscode');
import { findUnits } from '../../near/unitFinder';
import { unitInlayLabel } from './model/unitMarkdown';
import type { Services } from '../../platform/services';
import { registerWhile } from '../../platform/whileSetting';
import { hintsInRange } from '../../platform/inlayHints';

export class UnitInlayHints implements vscode.InlayHintsProvider, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<void>();
  /** Fires on a settings change: the hints' decimals may differ. */
  readonly onDidChangeInlayHints = this.#changed.event;
  readonly #subscription: vscode.Disposable;

  constructor(private readonly services: Services) {
    this.#subscription = services.onDidChange(() => this.#changed.fire());
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#changed.dispose();
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range, token: vscode.CancellationToken): vscode.InlayHint[] {
    const decimals = this.services.settings.decimals;
    return hintsInRange(document, range, token, (line) =>
      findUnits(document.lineAt(line).text, line > 0 ? document.lineAt(line - 1).text : '').map((hit) => ({
        end: hit.end,
        label: unitInlayLabel(hit, decimals),
      })),
    );
  }
}

/** Made when the opt-in setting is first on, not at activation: while it is off, activation neither builds nor compiles it. */
export function registerUnitInlayHints(context: vscode.ExtensionContext, services: Services): void {
  let provider: UnitInlayHints | undefined;
  registerWhile(context, services, 'inlayHintsUnits', () => {
    if (!provider) context.subscriptions.push((provider = new UnitInlayHints(services)));
    return vscode.languages.registerInlayHintsProvider('*', provider);
  });
}

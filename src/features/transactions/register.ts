// Registers Look Up Transaction… at activation and gives the hover its hash look-ups; both live in the lazy part
// `txview` (txCommands.ts), loaded on the first call, or on the first hover over a line long enough to hold a hash
// (43+ characters) with no id or amount under the pointer: the part's finder tells whether a hash is there.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { lazyPart, loadPart, registerLazyCommands } from '../lazy';
import type { TxFeature } from './txCommands';

let feature: TxFeature | undefined;

/** The feature, built once (its hover memo is shared by every hover of the session). */
export async function txFeatureOf(services: Services): Promise<TxFeature> {
  if (!feature) feature = (await loadPart('txview')).txFeature(services);
  return feature;
}

export function registerTransactionCommands(context: vscode.ExtensionContext, services: Services): void {
  registerLazyCommands(context, [COMMANDS.lookupTransaction], () => (feature ??= lazyPart('txview').txFeature(services)).handlers, 'txview');
}

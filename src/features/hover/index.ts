// The hover at activation: one provider for every file, registered while `nearLens.hover.enabled` is on.
import vscode = require('vscode');
import type { Services } from '../../platform/services';
import { registerWhile } from '../../platform/whileSetting';
import { NearHoverProvider } from './hoverProvider';
import type { TxFeature } from '../transactions/txCommands';

/** Registers the hover while `nearLens.hover.enabled` is on; a disabled hover costs nothing. */
export function registerHover(context: vscode.ExtensionContext, services: Services, transactions: () => TxFeature): NearHoverProvider {
  const provider = new NearHoverProvider(services, transactions);
  registerWhile(context, services, 'hoverEnabled', () => vscode.languages.registerHoverProvider('*', provider));
  return provider;
}

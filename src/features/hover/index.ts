// The hover at activation: one provider for every file, registered while `nearLens.hover.enabled` is on.
import vscode = require('vscode');
import type { Services } from '../../platform/services';
import { registerWhile } from '../../platform/whileSetting';
import { NearHoverProvider } from './hoverProvider';

/** Registers the hover while `nearLens.hover.enabled` is on; a disabled hover costs nothing. */
export function registerHover(context: vscode.ExtensionContext, services: Services): NearHoverProvider {
  const provider = new NearHoverProvider(services);
  registerWhile(context, services, 'hoverEnabled', () => vscode.languages.registerHoverProvider('*', provider));
  return provider;
}

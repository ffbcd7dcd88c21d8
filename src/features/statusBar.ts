// Status-bar item: the network and whether an API key is set; a click switches network. Never shows the key.
import vscode = require('vscode');
import type { Services } from '../platform/services';

export function statusText(network: string, hasKey: boolean): { text: string; tooltip: string } {
  return {
    text: `$(globe) NEAR ${network}${hasKey ? ' $(key)' : ''}`,
    tooltip: `NEAR Lens: ${network} · ${hasKey ? 'API key set (secret storage)' : 'no API key: public, rate-limited path'} · click to switch network`,
  };
}

export function registerStatusBar(context: vscode.ExtensionContext, services: Services): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('nearLens.status', vscode.StatusBarAlignment.Right, 100);
  item.name = 'NEAR Lens';
  item.command = 'nearLens.switchNetwork';
  const update = (): void => {
    const s = statusText(services.settings.network, services.hasApiKey);
    item.text = s.text;
    item.tooltip = s.tooltip;
  };
  update();
  item.show();
  context.subscriptions.push(item, services.onDidChange(update));
  return item;
}

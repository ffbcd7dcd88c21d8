// Status-bar item: the network and whether an API key is set; a click switches network. Never shows the key.
import vscode = require('vscode');
import type { Services } from '../../platform/services';
import { COMMANDS, STATUS_ITEM } from '../../core/manifest';

export function registerStatusBar(context: vscode.ExtensionContext, services: Services): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem(STATUS_ITEM, vscode.StatusBarAlignment.Right, 100);
  item.name = 'NEAR Lens';
  item.command = COMMANDS.switchNetwork;
  const update = (): void => {
    const { network } = services.settings;
    const key = services.hasApiKey;
    item.text = `$(globe) NEAR ${network}${key ? ' $(key)' : ''}`;
    item.tooltip = `NEAR Lens: ${network} · ${key ? 'API key set (secret storage)' : 'no API key: public, rate-limited path'} · click to switch network`;
  };
  update();
  item.show();
  context.subscriptions.push(item, services.onDidChange(update));
  return item;
}

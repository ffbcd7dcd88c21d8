// Status-bar item: the network (where ids go in its tooltip) and whether an API key is set; a click switches network.
// Never shows the key.
import vscode = require('vscode');
import type { Services } from '../../platform/services';
import { COMMANDS, STATUS_ITEM } from '../../manifest';
import { networkName, statusTooltip } from '../../platform/network';

export function registerStatusBar(context: vscode.ExtensionContext, services: Services): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem(STATUS_ITEM, vscode.StatusBarAlignment.Right, 100);
  item.name = 'NEAR Lens';
  item.command = COMMANDS.switchNetwork;
  const update = (): void => {
    const key = services.hasApiKey;
    item.text = `$(globe) NEAR ${networkName(services.settings)}${key ? ' $(key)' : ''}`;
    item.tooltip = statusTooltip(services.settings, key ? (services.keyPlace ?? 'secret-storage') : undefined);
  };
  update();
  item.show();
  context.subscriptions.push(item, services.onDidChange(update));
  return item;
}

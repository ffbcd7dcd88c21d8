// A node of the watchlist's tree as VS Code reads it: a plain TreeItem with the node's texts, icon and screen-reader
// label. The tree provider and the transactions rows (txTree.ts) both draw their nodes with it.
import vscode = require('vscode');
import type { WatchNode } from './model/watchlistNodes';

export function treeItemOf(node: WatchNode, a11yLabel: string, command?: vscode.Command): vscode.TreeItem {
  const { id, label, description, tooltip, contextValue, icon, iconColor } = node;
  return {
    id,
    label,
    description,
    tooltip,
    contextValue,
    collapsibleState: vscode.TreeItemCollapsibleState[node.collapsible === 'none' ? 'None' : 'Collapsed'],
    iconPath: icon === undefined ? undefined : new vscode.ThemeIcon(icon, iconColor === undefined ? undefined : new vscode.ThemeColor(iconColor)),
    ...(command && { command }),
    accessibilityInformation: { label: a11yLabel, role: 'treeitem' },
  };
}

// Inspect Transaction at activation: its command (the feature made on first call, inspectCommands.ts), the serializer
// that restores its panels after a restart, and the link "Inspect Transaction" in the transaction document (a regex
// over the document's comment lines when VS Code asks for its links; nothing is read).
import vscode = require('vscode');
import { lazy } from '../../base/lazy';
import { COMMANDS, INSPECT_VIEW_TYPE, RESULT_SCHEME } from '../../manifest';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import type { Services } from '../../platform/services';
import { inspectFeature } from './inspectCommands';
import type { InspectFeature } from './inspectCommands';
import type { InspectPanelHost } from './inspectPanel';
import { INSPECT_LABEL } from './model/inspectText';

/** The document's "Inspect Transaction" lines, each a link to inspect the transaction its first line names. */
export function inspectLinks(doc: vscode.TextDocument): vscode.DocumentLink[] {
  if (doc.lineCount === 0) return [];
  const head = /^\/\/ Transaction ([1-9A-HJ-NP-Za-km-z]{43,44}) .*· (\S+)$/.exec(doc.lineAt(0).text);
  if (!head?.[1]) return [];
  const network = head[2] === 'mainnet' || head[2] === 'testnet' ? head[2] : undefined;
  const target = vscode.Uri.parse(
    `command:${COMMANDS.inspectTransaction}?${encodeURIComponent(JSON.stringify([{ hash: head[1], ...(network && { network }) }]))}`,
  );
  const out: vscode.DocumentLink[] = [];
  // The document's comment lines: from its second line to the model's JSON.
  const lines = doc.getText().split('\n');
  const last = lines.findIndex((l, n) => n > 0 && !l.startsWith('//'));
  lines.slice(1, last === -1 ? undefined : last).forEach((text, n) => {
    const at = text.indexOf(`${INSPECT_LABEL}:`);
    if (at === -1) return;
    const range = new vscode.Range(new vscode.Position(n + 1, at), new vscode.Position(n + 1, at + INSPECT_LABEL.length));
    out.push(Object.assign(new vscode.DocumentLink(range, target), { tooltip: 'Where its gas went and what it changed, per receipt' }));
  });
  return out;
}

export function registerInspect(context: vscode.ExtensionContext, services: Services, observe?: InspectPanelHost['observe']): () => InspectFeature {
  const feature = lazy(() => inspectFeature(context, services, observe));
  registerCommandsOnFirstCall(context, [COMMANDS.inspectTransaction], () => feature().handlers);
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(INSPECT_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => feature().revive(panel, state),
    }),
    vscode.languages.registerDocumentLinkProvider({ scheme: RESULT_SCHEME }, { provideDocumentLinks: (doc) => inspectLinks(doc) }),
  );
  return feature;
}

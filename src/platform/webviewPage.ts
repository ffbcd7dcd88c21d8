// A NEAR Lens webview page: its options reset to ours (a revived panel's are never trusted from before: scripts on,
// command URIs off, resources from media/ and dist/webview/ only), its icon, and its HTML shell with a fresh nonce.
// The shell's builder is the feature's own (pure), handed the CSP source, the nonce and its script and stylesheet.
import vscode = require('vscode');
import { toBase64 } from '../base/bytes';

export interface PageShell {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
}

/** Sets up `panel`'s page from dist/webview/<name>.js and <name>.css. */
export function setWebviewPage(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, name: string, shell: (o: PageShell) => string): void {
  const webview = panel.webview;
  const uri = (...path: string[]): vscode.Uri => vscode.Uri.joinPath(extensionUri, ...path);
  webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [uri('media'), uri('dist', 'webview')] };
  const asset = (file: string): string => webview.asWebviewUri(uri('dist', 'webview', file)).toString();
  webview.html = shell({
    cspSource: webview.cspSource,
    // Web Crypto: the same in Node's extension host and the browser's Web Worker one.
    nonce: toBase64(crypto.getRandomValues(new Uint8Array(16))),
    scriptUri: asset(`${name}.js`),
    styleUri: asset(`${name}.css`),
  });
  panel.iconPath = uri('media', 'near-lens.svg');
}

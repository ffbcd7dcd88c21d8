// The balance panel's static HTML shell with its Content-Security-Policy. Pure: no `vscode`, no crypto (the caller passes the nonce); no account data ever goes into the HTML.
import { escapeHtml } from '../../../base/text';

export interface PanelHtmlOptions {
  cspSource: string; // webview.cspSource
  nonce: string; // crypto.randomBytes(16).toString('base64'), new for every page
  scriptUri: string; // webview.asWebviewUri(dist/webview/panel.js)
  styleUri: string; // webview.asWebviewUri(dist/webview/panel.css)
}

/**
 * webview.cspSource is a space-separated source list: desktop VS Code gives one host source
 * (`https://*.vscode-cdn.net`), code-server and vscode.dev give `'self' https://*.vscode-cdn.net`.
 * Accept exactly that grammar — `'self'` and host/scheme sources — so the value can never add a
 * keyword such as 'unsafe-inline', a bare `*`, or a second directive.
 */
function webviewSources(cspSource: string): string {
  const tokens = cspSource.trim().split(/ +/);
  // A host/scheme source has a letter (so never a bare `*`); an empty list gives one empty token, which fails too.
  const ok = (t: string) => t === "'self'" || /^(?=.*[A-Za-z])[A-Za-z0-9*.:/_+%[\]-]+$/.test(t);
  if (!tokens.every(ok)) throw new Error('Unexpected webview cspSource.');
  return tokens.join(' ');
}

/** The CSP: nothing by default; our stylesheet and fonts from the webview origin; only the nonce'd script runs. */
export function panelCsp(cspSource: string, nonce: string): string {
  // CSP source lists are space-separated: a value with spaces, quotes or ';' could add sources or directives.
  if (!/^[A-Za-z0-9+/=]{16,}$/.test(nonce)) throw new Error('The webview nonce must be base64 of at least 12 random bytes.');
  const sources = webviewSources(cspSource);
  return ["default-src 'none'", `style-src ${sources}`, `script-src 'nonce-${nonce}'`, `img-src ${sources} data:`, `font-src ${sources}`].join('; ');
}

/**
 * The page: an empty <main> the script fills with textContent/createElement after the host's first message.
 * Only the CSP, the nonce and the two resource URIs are interpolated, each HTML-escaped. No viewport meta: a webview
 * is an iframe, where browsers ignore it.
 */
/** A NEAR Lens webview page's shell under panelCsp: the stylesheet, an empty app and live region, the nonce'd script. */
export function pageShell(o: PanelHtmlOptions, title: string): string {
  const csp = escapeHtml(panelCsp(o.cspSource, o.nonce));
  const nonce = escapeHtml(o.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${escapeHtml(o.styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="app"><p class="status">Loading…</p></main>
<p id="announce" class="announce" role="status"></p>
<script nonce="${nonce}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>`;
}

export const panelHtml = (o: PanelHtmlOptions): string => pageShell(o, 'NEAR Lens balance');

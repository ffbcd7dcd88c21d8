// The Inspect Transaction page's static HTML shell, under the balance panel's Content-Security-Policy (nothing by
// default, our stylesheet, only the nonce'd script). No chain data ever goes into the HTML: the script draws it with
// textContent after the host's messages. Pure: no `vscode`, no crypto (the caller passes the nonce).
import { escapeHtml } from '../../../base/text';
import { panelCsp } from '../../panel/model/panelHtml';
import type { PanelHtmlOptions } from '../../panel/model/panelHtml';

export function inspectHtml(o: PanelHtmlOptions): string {
  const csp = escapeHtml(panelCsp(o.cspSource, o.nonce));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${escapeHtml(o.styleUri)}">
<title>NEAR Lens: Inspect Transaction</title>
</head>
<body>
<main id="app"><p class="status">Loading…</p></main>
<p id="announce" class="announce" role="status"></p>
<script nonce="${escapeHtml(o.nonce)}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>`;
}

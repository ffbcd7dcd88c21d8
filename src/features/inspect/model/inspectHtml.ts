// The Inspect Transaction page's static HTML shell, under the balance panel's Content-Security-Policy (nothing by
// default, our stylesheet, only the nonce'd script). No chain data ever goes into the HTML: the script draws it with
// textContent after the host's messages. Pure: no `vscode`, no crypto (the caller passes the nonce).
import { pageShell } from '../../panel/model/panelHtml';
import type { PanelHtmlOptions } from '../../panel/model/panelHtml';

export const inspectHtml = (o: PanelHtmlOptions): string => pageShell(o, 'NEAR Lens: Inspect Transaction');

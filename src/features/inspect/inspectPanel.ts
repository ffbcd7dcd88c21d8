// One Inspect Transaction panel: a webview per transaction under the balance panel's conventions (strict CSP with a
// nonce, no retainContextWhenHidden, a "ready" handshake, every message from the page guarded, text only across). It
// is handed the inspection as it is read — the receipts from tx_status first, then each receipt when its block's
// reads are done — and posts it; Copy gives a key or value whole, Open as Text the transaction document.
import vscode = require('vscode');
import { sanitizeText } from '../../base/text';
import { setWebviewPage } from '../../platform/webviewPage';
import type { NetworkLabel } from '../../near/networks';
import { copyText, depths, headView, receiptView } from './model/inspectView';
import type { Inspection } from './model/inspection';
import { inspectHtml } from './model/inspectHtml';
import { isInspectRequest } from './protocol';
import type { InspectHostMessage, ReceiptView } from './protocol';

export interface InspectPanelHost {
  extensionUri: vscode.Uri;
  openText(panel: InspectPanel): void;
  onDispose(panel: InspectPanel): void;
  warn(line: string): void;
  /** Told every message posted (the in-editor tests' test API only). */
  observe?: (panel: InspectPanel, m: InspectHostMessage) => void;
}

export class InspectPanel implements vscode.Disposable {
  #ready = false;
  #disposed = false;
  #start: Extract<InspectHostMessage, { type: 'inspectStart' }> | undefined;
  #end: InspectHostMessage | undefined;
  #inspection: Inspection | undefined;
  readonly #disposables: vscode.Disposable[];
  /** Closing the panel stops the reads still going. */
  readonly abort = new AbortController();
  /** The reading in progress or done (the command's answer). */
  current: Promise<unknown> = Promise.resolve();

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly hash: string,
    readonly network: NetworkLabel,
    private readonly host: InspectPanelHost,
  ) {
    setWebviewPage(panel, host.extensionUri, 'inspect', inspectHtml);
    panel.title = `Inspect ${hash.slice(0, 8)}…`;
    const webview = panel.webview;
    this.#disposables = [
      webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
      panel.onDidDispose(() => {
        this.dispose();
        host.onDispose(this);
      }),
    ];
  }

  dispose(): void {
    this.#disposed = true;
    this.abort.abort();
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  /** The receipts as tx_status gave them; their blocks' reads to come (those already read: `loaded`). */
  start(i: Inspection, networkName: string, loaded: ReadonlySet<number> = new Set()): void {
    this.#inspection = i;
    this.#end = undefined;
    const d = depths(i.receipts);
    this.#start = {
      type: 'inspectStart',
      head: headView(i, networkName),
      receipts: i.receipts.map((r, n) => receiptView(r, d[n] ?? 0, loaded.has(n))),
    };
    this.#post(this.#start);
  }

  /** One receipt fully read. */
  receipt(index: number, i: Inspection): void {
    const r = i.receipts[index];
    if (!r || !this.#start) return;
    this.#inspection = i;
    const view: ReceiptView = receiptView(r, depths(i.receipts)[index] ?? 0, true);
    this.#start.receipts[index] = view;
    this.#post({ type: 'inspectReceipt', index, receipt: view });
  }

  done(note: string): void {
    this.#end = { type: 'inspectDone', note: sanitizeText(note, 300) };
    this.#post(this.#end);
  }

  error(message: string): void {
    this.#end = { type: 'inspectError', message: sanitizeText(message, 500) };
    this.#post(this.#end);
  }

  /** A message from the page (public for the in-editor tests, which post what its buttons post). */
  receive(m: unknown): void {
    if (!isInspectRequest(m)) {
      // Not ours or malformed: ignored, its content not logged (it came from a page).
      this.host.warn(`Inspect Transaction: ignored an unexpected message from the page of ${this.hash.slice(0, 8)}…`);
      return;
    }
    if (m.type === 'ready') {
      // Also after every reload of the page (hidden, then shown again): the picture so far.
      this.#ready = true;
      if (this.#start) this.#post(this.#start);
      if (this.#end) this.#post(this.#end);
    } else if (m.type === 'openText') {
      this.host.openText(this);
    } else {
      const change = this.#inspection?.receipts[m.receipt]?.state.changes[m.change];
      if (!change) return;
      const text = copyText(m.side === 'key' ? change.key : m.side === 'before' ? change.before : change.after);
      void vscode.env.clipboard
        .writeText(text)
        .then(() => vscode.window.setStatusBarMessage(`NEAR Lens: copied the ${m.side === 'key' ? 'key' : 'value'} (${text.length} characters)`, 3000));
    }
  }

  /** The inspection shown (for Open as Text). */
  get inspection(): Inspection | undefined {
    return this.#inspection;
  }

  #post(m: InspectHostMessage): void {
    if (this.#disposed || !this.#ready) return;
    void this.panel.webview.postMessage(m);
    this.host.observe?.(this, m);
  }
}

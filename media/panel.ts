// The balance panel's webview script: renders host messages with createElement/textContent only (never innerHTML; DOM
// helpers in src/ui/dom.ts), the History section from historySection.ts. Runs in the webview: no `vscode` module, no Node.
import { isHostMessage, isPanelState } from '../src/features/panel/protocol';
import type { BarSegment, PanelState, PanelViewModel, TokenRow, WebviewMessage } from '../src/features/panel/protocol';
import { isHistoryHostMessage } from '../src/features/timeTravel/guards';
import type { HistoryRequest } from '../src/features/timeTravel/protocol';
import { alertBanner, amountCell, busy, copyIdsWhole, el, idText, num, showPage, table, withTitle } from '../src/ui/dom';
import type { Child } from '../src/ui/dom';
import { historySection, receiveHistory } from '../src/features/timeTravel/webview/historySection';
import type { HistoryHost } from '../src/features/timeTravel/webview/historySection';
import { isTxHostMessage } from '../src/features/transactions/guards';
import type { TxRequest } from '../src/features/transactions/protocol';
import { receiveTxs, txSection } from '../src/features/transactions/webview/txSection';

interface VsCodeApi {
  postMessage(message: WebviewMessage | HistoryRequest | TxRequest): void;
  getState(): unknown;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') ?? document.body;
// The live region: one short sentence when the figures are asked for or come (the page itself is redrawn silently,
// or a screen reader would read the whole panel again on each refresh). A failure is the banner's (role="alert").
const announce = document.getElementById('announce');
const say = (text: string): void => {
  if (announce) announce.textContent = text;
};
const historyHost: HistoryHost = { post: (m) => vscode.postMessage(m), render: () => render() };
const txHost = { post: (m: TxRequest) => vscode.postMessage(m), render: () => render() };

let state: PanelState | undefined = isPanelState(vscode.getState()) ? (vscode.getState() as PanelState) : undefined;
let loading = true;
let error = '';

// ---------------------------------------------------------------- rendering

function render(): void {
  const data = state?.data;
  const root = el('div', 'panel');
  const header = el('header', undefined, el('h1', undefined, idText(data?.accountId ?? state?.accountId ?? 'NEAR account')));
  if (data) header.append(el('p', 'kind', `${data.accountKind} · ${data.network}`));
  const refresh = busy(el('button', undefined, loading ? 'Refreshing…' : 'Refresh'), 'refresh', loading);
  refresh.addEventListener('click', () => {
    if (loading) return;
    loading = true;
    render();
    vscode.postMessage({ type: 'refresh' });
  });
  // Copy as curl: the account's look-up as a shell command (the host copies it, the key as a variable).
  const curl = busy(el('button', 'secondary', 'Copy as curl'), 'curl', false);
  curl.title = 'Copy the request behind this account as a curl command (the API key as $FASTNEAR_API_KEY, never its value)';
  curl.addEventListener('click', () => vscode.postMessage({ type: 'copyCurl' }));
  const meta = el('div', 'meta', refresh, curl);
  if (data) meta.append(withTitle(el('span', 'timestamp', 'Data from ', num(data.updatedAt)), data.updatedAtIso));
  header.append(meta);
  root.append(header);

  if (error) root.append(alertBanner(error));
  if (!data) {
    root.append(el('p', 'status', loading ? 'Loading…' : 'No data.'));
    show(root);
    return;
  }
  for (const n of data.notes) root.append(el('div', 'banner warn', n));
  if (!data.exists) {
    root.append(el('p', 'status', data.barNote));
  } else {
    root.append(balanceSection(data));
    root.append(historySection(historyHost));
    root.append(txSection(txHost));
    root.append(holdingsSections(data));
  }
  const footer = el('footer', undefined, el('p', undefined, `Tokens, NFTs and pools last updated: ${data.latestActivity}`), el('p', undefined, data.indexer));
  root.append(footer);
  show(root);
}

/** Puts the new page in place, the focus kept (ui/dom.ts). */
const show = (root: HTMLElement): void => showPage(app, root);

function balanceSection(d: PanelViewModel): HTMLElement {
  const s = el('section', 'balance');
  s.append(el('h2', undefined, 'Balance'));
  s.append(el('p', 'total', withTitle(el('span', 'total-label', 'Total owned '), 'balance + locked'), amountCell(d.total, d.totalExact)));
  if (d.bar.length > 0) {
    const bar = el('div', 'bar');
    bar.setAttribute('role', 'img');
    bar.setAttribute('aria-label', d.bar.map((b) => `${b.label} ${b.percent}`).join(', '));
    for (const seg of d.bar) {
      if (seg.width <= 0) continue;
      const part = withTitle(el('div', `seg seg-${seg.key}`), `${seg.label}: ${seg.amount} (${seg.percent})`);
      // CSSOM, not a style attribute: allowed by the CSP without 'unsafe-inline'.
      part.style.flexGrow = String(seg.width);
      bar.append(part);
    }
    s.append(bar);
    s.append(legend(d.bar));
  }
  if (d.barNote) s.append(el('p', `bar-note${d.bar.some((b) => b.key === 'shortfall') ? ' warn' : ''}`, d.barNote));
  s.append(
    table(
      'Figures',
      ['', 'Amount', 'Note'],
      d.figures.map((f) => [el('span', f.warn ? 'warn' : undefined, f.label), amountCell(f.value, f.exact), f.note]),
    ),
  );
  if (d.caveat) s.append(el('p', 'caveat', d.caveat));
  return s;
}

function legend(segments: readonly BarSegment[]): HTMLElement {
  const ul = el('ul', 'legend');
  for (const seg of segments) {
    const li = el('li', undefined, el('span', `swatch seg-${seg.key}`), el('span', 'legend-label', seg.label));
    // The amount is in the table below (and the bar's tooltip): the legend gives only the share.
    li.append(el('span', 'legend-pct', withTitle(num(seg.percent), `exactly ${seg.exactPercent}`)));
    ul.append(li);
  }
  return ul;
}

function tokenRows(rows: readonly TokenRow[]): Child[][] {
  return rows.map((t) => [t.symbol || '—', amountCell(t.amount, t.exact, t.note, t.why), idText(t.contractId), num(t.lastUpdate)]);
}

/** A list's heading with its own Refresh: only that list's endpoint (/ft, /nft or /staking) is asked. */
function listHeading(text: string, part: 'ft' | 'nft' | 'staking'): HTMLElement {
  const b = busy(el('button', 'secondary small', 'Refresh'), `refresh-${part}`, loading);
  b.setAttribute('aria-label', `Refresh ${text}`);
  b.title = 'Refresh this list only';
  b.addEventListener('click', () => {
    if (loading) return;
    loading = true;
    render();
    vscode.postMessage({ type: 'refresh', part });
  });
  return el('div', 'list-head', el('h2', undefined, text), b);
}

function holdingsSections(d: PanelViewModel): HTMLElement {
  const s = el('section', 'holdings');
  // Read over RPC without lists (no indexer, or the REST API down with nothing cached): one word where the tables would be.
  if (d.lists) {
    s.append(el('h2', undefined, 'Tokens, NFTs, staking pools'));
    s.append(el('p', 'empty', d.lists));
    return s;
  }
  if (d.liquid.length > 0) {
    s.append(el('h2', undefined, 'Liquid staking'));
    s.append(table('Liquid-staking tokens', ['Symbol', 'Amount', 'Contract', 'Last update'], tokenRows(d.liquid)));
  }
  s.append(listHeading(`Fungible tokens (${d.tokens.length})`, 'ft'));
  if (d.tokens.length > 0) s.append(table('Fungible tokens', ['Symbol', 'Amount', 'Contract', 'Last update'], tokenRows(d.tokens)));
  else s.append(el('p', 'empty', 'None.'));

  s.append(listHeading(`NFT collections (${d.nfts.length})`, 'nft'));
  if (d.nftFilter) s.append(el('p', 'note', d.nftFilter));
  if (d.nfts.length > 0)
    s.append(
      table(
        'NFT collections',
        ['Collection', 'Publisher', 'Last update'],
        d.nfts.map((n) => [idText(n.contractId), n.publisher ? idText(n.publisher) : '—', num(n.lastUpdate)]),
      ),
    );
  else s.append(el('p', 'empty', 'None.'));

  s.append(listHeading(`Staking pools (${d.pools.length})`, 'staking'));
  if (d.pools.length > 0) {
    s.append(
      table(
        'Staking pools',
        ['Pool', 'Staked', 'Unstaked', 'Last update'],
        d.pools.map((p) => [
          el('span', p.past ? 'past' : undefined, idText(p.poolId), p.past ? ' (past)' : ''),
          p.staked ? amountCell(p.staked, p.stakedExact, p.note, p.why) : withTitle(el('span', 'note', p.note), p.why),
          p.unstaked ? el('span', 'amount', p.unstaked) : '—',
          num(p.lastUpdate),
        ]),
      ),
    );
  } else s.append(el('p', 'empty', 'None.'));
  return s;
}

// ---------------------------------------------------------------- copy

copyIdsWhole();

// ---------------------------------------------------------------- messages

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = event.data;
  if (isHistoryHostMessage(msg)) {
    receiveHistory(msg);
    return render();
  }
  if (isTxHostMessage(msg)) {
    receiveTxs(msg);
    return render();
  }
  if (!isHostMessage(msg)) return; // anything else is not from our host, or not for this version: ignore
  switch (msg.type) {
    case 'loading':
      loading = true;
      if (state?.accountId !== msg.accountId) state = { accountId: msg.accountId };
      vscode.setState(state);
      say(`Loading ${msg.accountId}…`);
      break;
    case 'account':
      loading = false;
      error = '';
      state = { accountId: msg.data.accountId, data: msg.data };
      vscode.setState(state);
      say(`${msg.data.accountId} updated: data from ${msg.data.updatedAt}.`);
      break;
    case 'error':
      loading = false;
      error = msg.message;
      break;
  }
  render();
});

render();
vscode.postMessage({ type: 'ready' });

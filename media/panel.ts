// The balance panel's webview script: renders host messages with createElement/textContent only (never innerHTML). Runs in the webview: no `vscode` module, no Node.
import { isHostMessage, isPanelState } from '../src/shared/protocol';
import type { BarSegment, PanelState, PanelViewModel, TokenRow, WebviewMessage } from '../src/shared/protocol';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') ?? document.body;

let state: PanelState | undefined = isPanelState(vscode.getState()) ? (vscode.getState() as PanelState) : undefined;
let loading = true;
let error = '';

// ---------------------------------------------------------------- DOM helpers

type Child = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, ...children: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

function withTitle<T extends HTMLElement>(e: T, title: string): T {
  if (title) e.title = title;
  return e;
}

/** A table inside its own sideways scroller: a narrow panel scrolls the table rather than break a figure. */
function table(caption: string, head: readonly string[], rows: ReadonlyArray<ReadonlyArray<Child>>): HTMLElement {
  const t = el('table');
  t.append(el('caption', undefined, caption));
  const tr = el('tr');
  for (const h of head) {
    const th = el('th', undefined, h);
    th.scope = 'col';
    tr.append(th);
  }
  t.append(el('thead', undefined, tr));
  const body = el('tbody');
  for (const r of rows) body.append(el('tr', undefined, ...r.map((c) => el('td', undefined, c))));
  t.append(body);
  const scroller = el('div', 'table-scroll', t);
  scroller.tabIndex = 0; // reachable by keyboard, to scroll with the arrow keys
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', caption);
  return scroller;
}

/** A figure that never breaks over two lines (block heights, percentages). */
const num = (text: string): HTMLElement => el('span', 'num', text);

/**
 * An id that keeps both ends when space is short: "f2c1608400…db613d1d82". The head shrinks with an ellipsis, the
 * tail stays; the full id is the title and is what gets copied (see the copy handler below).
 */
function idText(id: string): HTMLElement {
  const e = withTitle(el('span', 'id'), id);
  // The tail: the last parts from a dot (".bridge.near", 8–15 characters), else the last 10 characters.
  const dot = id.indexOf('.', id.length - 15);
  const cut = id.length <= 12 ? id.length : dot > 0 && id.length - dot >= 8 ? dot : id.length - 10;
  e.append(el('span', 'id-head', id.slice(0, cut)), el('span', 'id-tail', id.slice(cut)));
  // A double click selects the whole id, not only the half under the pointer.
  e.addEventListener('dblclick', () => {
    const range = document.createRange();
    range.selectNodeContents(e);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
  });
  return e;
}

/** An amount, its exact digits when they differ, and a short note; `why` (the whole reason) as the cell's title. */
function amountCell(value: string, exact: string, note?: string, why = ''): HTMLElement {
  const span = el('span', 'amount', value);
  const wrap = withTitle(el('span', undefined, span), why);
  if (exact && exact !== value) wrap.append(el('span', 'exact', exact));
  if (note) wrap.append(el('span', 'note', note));
  return wrap;
}

// ---------------------------------------------------------------- rendering

function render(): void {
  const data = state?.data;
  const root = el('div', 'panel');
  const header = el('header', undefined, el('h1', undefined, idText(data?.accountId ?? state?.accountId ?? 'NEAR account')));
  if (data) header.append(el('p', 'kind', `${data.accountKind} · ${data.network}`));
  const refresh = el('button', undefined, loading ? 'Refreshing…' : 'Refresh');
  refresh.type = 'button';
  refresh.disabled = loading;
  refresh.addEventListener('click', () => {
    loading = true;
    render();
    vscode.postMessage({ type: 'refresh' });
  });
  const meta = el('div', 'meta', refresh);
  if (data) meta.append(withTitle(el('span', 'timestamp', 'Data from ', num(data.updatedAt)), data.updatedAtIso));
  header.append(meta);
  root.append(header);

  if (error) {
    const banner = el('div', 'banner error', error);
    banner.setAttribute('role', 'alert');
    root.append(banner);
  }
  if (!data) {
    root.append(el('p', 'status', loading ? 'Loading…' : 'No data.'));
    app.replaceChildren(root);
    return;
  }
  for (const n of data.notes) root.append(el('div', 'banner warn', n));
  if (!data.exists) {
    root.append(el('p', 'status', data.barNote));
  } else {
    root.append(balanceSection(data));
    root.append(holdingsSections(data));
  }
  const footer = el('footer', undefined, el('p', undefined, `Latest activity: ${data.latestActivity}`), el('p', undefined, data.indexer));
  root.append(footer);
  app.replaceChildren(root);
}

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

function holdingsSections(d: PanelViewModel): HTMLElement {
  const s = el('section', 'holdings');
  if (d.liquid.length > 0) {
    s.append(el('h2', undefined, 'Liquid staking'));
    s.append(table('Liquid-staking tokens', ['Symbol', 'Amount', 'Contract', 'Last update'], tokenRows(d.liquid)));
  }
  s.append(el('h2', undefined, `Fungible tokens (${d.tokens.length})`));
  if (d.tokens.length > 0) s.append(table('Fungible tokens', ['Symbol', 'Amount', 'Contract', 'Last update'], tokenRows(d.tokens)));
  else s.append(el('p', 'empty', 'None.'));

  s.append(el('h2', undefined, `NFT collections (${d.nfts.length})`));
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

  s.append(el('h2', undefined, `Staking pools (${d.pools.length})`));
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

// An id's head and tail are two boxes, which the browser's copied text would split with a line break. While the
// selection's text is read, the ids lay out inline (a class on <body>, no paint in between), so what is copied is
// the full id as it is written.
document.addEventListener('copy', (event: ClipboardEvent) => {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || !event.clipboardData) return;
  document.body.classList.add('copying');
  const text = selection.toString();
  document.body.classList.remove('copying');
  event.clipboardData.setData('text/plain', text);
  event.preventDefault();
});

// ---------------------------------------------------------------- messages

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = event.data;
  if (!isHostMessage(msg)) return; // anything else is not from our host, or not for this version: ignore
  switch (msg.type) {
    case 'loading':
      loading = true;
      if (state?.accountId !== msg.accountId) state = { accountId: msg.accountId };
      vscode.setState(state);
      break;
    case 'account':
      loading = false;
      error = '';
      state = { accountId: msg.data.accountId, data: msg.data };
      vscode.setState(state);
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

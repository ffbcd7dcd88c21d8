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
  return t;
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
  const header = el('header', undefined, el('h1', undefined, data?.accountId ?? state?.accountId ?? 'NEAR account'));
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
  if (data) meta.append(withTitle(el('span', 'timestamp', `Data from ${data.updatedAt}`), data.updatedAtIso));
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
  s.append(el('p', 'total', el('span', 'total-label', 'Total owned '), amountCell(d.total, d.totalExact)));
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
    li.append(el('span', 'legend-pct', withTitle(el('span', undefined, seg.percent), `exactly ${seg.exactPercent}`)));
    li.append(amountCell(seg.amount, seg.exact));
    ul.append(li);
  }
  return ul;
}

function tokenRows(rows: readonly TokenRow[]): Child[][] {
  return rows.map((t) => [t.symbol || '—', amountCell(t.amount, t.exact, t.note, t.why), t.contractId, t.lastUpdate]);
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
        d.nfts.map((n) => [n.contractId, n.publisher || '—', n.lastUpdate]),
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
          el('span', p.past ? 'past' : undefined, p.poolId, p.past ? ' (past)' : ''),
          p.staked ? amountCell(p.staked, p.stakedExact, p.note, p.why) : withTitle(el('span', 'note', p.note), p.why),
          p.unstaked || '—',
          p.lastUpdate,
        ]),
      ),
    );
  } else s.append(el('p', 'empty', 'None.'));
  return s;
}

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

// The balance panel's webview script: renders host messages with createElement/textContent only (never innerHTML). Runs in the webview: no `vscode` module, no Node.
import { isHostMessage, isPanelState } from '../src/shared/protocol';
import type { BarSegment, PanelState, PanelViewModel, TokenRow, WebviewMessage } from '../src/shared/protocol';
import { HISTORY_RANGES } from '../src/shared/historyProtocol';
import { isHistoryHostMessage } from '../src/shared/historyGuards';
import type { HistoryPointView, HistoryRange, HistoryRequest, HistoryViewModel } from '../src/shared/historyProtocol';

interface VsCodeApi {
  postMessage(message: WebviewMessage | HistoryRequest): void;
  getState(): unknown;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') ?? document.body;

let state: PanelState | undefined = isPanelState(vscode.getState()) ? (vscode.getState() as PanelState) : undefined;
let loading = true;
let error = '';
/** The History section: the range shown or loading, its progress, its chart, why it failed, the point compared. */
const history: {
  range?: HistoryRange;
  phase: 'blocks' | 'balances';
  done: number;
  total: number;
  loading: boolean;
  data?: HistoryViewModel;
  error: string;
  since: number;
} = {
  phase: 'blocks',
  done: 0,
  total: 0,
  loading: false,
  error: '',
  since: 0,
};

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
    root.append(historySection());
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

// ---------------------------------------------------------------- history (issue #18)

const RANGE_LABEL: Readonly<Record<HistoryRange, string>> = { '7d': '7 days', '30d': '30 days', '1y': '1 year' };
const SVG = 'http://www.w3.org/2000/svg';
/** A chart's drawing box (viewBox units; the SVG scales to the panel's width): room above and below for the scale. */
const W = 640;
const PAD = { left: 4, right: 150, top: 18, bottom: 18 };

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  ...children: Array<SVGElement | string>
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

function historySection(): HTMLElement {
  const s = el('section', 'history');
  s.append(el('h2', undefined, 'History'));
  const picker = el('div', 'range-picker');
  picker.setAttribute('role', 'group');
  picker.setAttribute('aria-label', 'History range');
  for (const r of HISTORY_RANGES) {
    const b = el('button', 'range', RANGE_LABEL[r]);
    b.type = 'button';
    b.dataset['range'] = r;
    b.setAttribute('aria-pressed', String(history.range === r));
    b.disabled = history.loading && history.range === r;
    b.addEventListener('click', () => {
      Object.assign(history, { range: r, loading: true, phase: 'blocks', done: 0, total: 0, error: '', since: 0 });
      vscode.postMessage({ type: 'history', range: r });
      render();
    });
    picker.append(b);
  }
  s.append(picker);
  if (history.loading) {
    // Two phases of `total` steps each: finding each date's block, then loading its amounts.
    const { phase, done, total } = history;
    const p = el('progress', 'history-progress');
    p.max = Math.max(1, 2 * total);
    p.value = phase === 'blocks' ? done : total + done;
    const what = phase === 'blocks' ? 'finding the blocks' : 'loading the balances';
    s.append(el('p', 'status', p, ` Loading ${RANGE_LABEL[history.range ?? '7d']}: ${what}${total ? ` ${done} / ${total}` : '…'}`));
  }
  if (history.error) s.append(el('div', 'banner error', history.error));
  const d = history.data;
  if (!d || d.range !== history.range) {
    if (!history.range) s.append(el('p', 'empty', 'Total and locked balance over time, from the archival node: pick a range.'));
    return s;
  }
  // Nothing loaded: no chart (its scale would read "0 NEAR"), only the note.
  if (d.now) s.append(chart(d));
  if (d.note) s.append(el('p', 'note', d.note));
  if (d.now) s.append(compare(d));
  return s;
}

/** Total and locked as two small charts, each on its own scale, and their legend. */
function chart(d: HistoryViewModel): HTMLElement {
  const box = el('div', 'chart-box');
  box.append(
    lineChart(d, 'y', 'line-total', 150, [d.top, d.bottom], `now ${d.now}`, `Total balance over ${d.rangeLabel}`),
    lineChart(d, 'yLocked', 'line-locked', 90, [d.lockedTop, d.lockedBottom], '', `Locked (staked) balance over ${d.rangeLabel}`),
    el('ul', 'legend', el('li', undefined, el('span', 'swatch line-total'), 'Total'), el('li', undefined, el('span', 'swatch line-locked'), 'Locked (staked)')),
  );
  return box;
}

/**
 * One line (broken at gaps) with its highest and lowest value above and below it, a dot per point with its tooltip,
 * and `last` at the right edge.
 */
function lineChart(
  d: HistoryViewModel,
  key: 'y' | 'yLocked',
  cls: string,
  h: number,
  [top, bottom]: [string, string],
  last: string,
  label: string,
): SVGElement {
  const n = d.points.length;
  const plotW = W - PAD.left - PAD.right;
  const plotH = h - PAD.top - PAD.bottom;
  const x = (i: number): number => PAD.left + (n <= 1 ? plotW : (plotW * i) / (n - 1));
  const y = (v: number): number => PAD.top + (1 - v) * plotH;
  const root = svg('svg', { viewBox: `0 0 ${W} ${h}`, class: `chart ${cls}-chart`, role: 'img', 'aria-label': label });
  root.append(
    svg('line', { class: 'axis', x1: PAD.left, x2: PAD.left + plotW, y1: y(0), y2: y(0) }),
    svg('text', { class: 'tick', x: PAD.left, y: 12 }, `${top}${top === bottom ? '' : ' (highest)'}`),
    svg('text', { class: 'tick', x: PAD.left, y: h - 3 }, top === bottom ? '' : `${bottom} (lowest)`),
  );
  let run: string[] = [];
  const flush = (): void => {
    if (run.length > 1) root.append(svg('polyline', { class: cls, points: run.join(' ') }));
    run = [];
  };
  d.points.forEach((p, i) => (p.gap ? flush() : run.push(`${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`)));
  flush();
  d.points.forEach((p, i) => root.append(pointMark(p, i, x(i), p.gap ? y(0) : y(p[key]), cls)));
  const end = d.points.map((p) => !p.gap).lastIndexOf(true);
  if (last && end >= 0) root.append(svg('text', { class: 'now', x: x(end) + 10, y: y(d.points[end]![key]) + 4 }, last));
  return root;
}

/** A point's dot (or a gap's mark): its tooltip gives the date, block and exact amounts (or why there are none). */
function pointMark(p: HistoryPointView, i: number, cx: number, cy: number, cls: string): SVGElement {
  const tip = p.gap
    ? `${p.date}${p.block ? ` · block ${p.block}` : ''}\nno figures: ${p.gap}`
    : `${p.date} · block ${p.block}\ntotal ${p.totalExact}\nlocked ${p.lockedExact}${p.storage ? `\nstorage ${p.storage}` : ''}`;
  const g = p.gap
    ? svg('g', { class: 'gap' }, svg('line', { x1: cx, x2: cx, y1: PAD.top, y2: cy }), svg('title', {}, tip))
    : svg('circle', { class: `pt ${cls}${history.since === i ? ' selected' : ''}`, cx, cy, r: 4, tabindex: 0, 'data-index': i }, svg('title', {}, tip));
  if (!p.gap) {
    const pick = (): void => {
      history.since = i;
      render();
    };
    g.addEventListener('click', pick);
    g.addEventListener('keydown', (e) => (e as KeyboardEvent).key === 'Enter' && pick());
  }
  return g;
}

/** Signed yocto digits ("+1500…", "-5", "0") as exact NEAR: "+1.5 NEAR" (every digit), and grouped yocto for the title. */
function signedNear(d: string): [near: string, yocto: string] {
  const sign = /^[+-]/.test(d) ? d[0]! : '';
  const digits = d.slice(sign.length).padStart(25, '0');
  const group = (s: string): string => s.replace(/\B(?=(\d{3})+$)/g, ',');
  const frac = digits.slice(-24).replace(/0+$/, '');
  const int = group(digits.slice(0, -24));
  return [`${sign}${int}${frac ? `.${frac}` : ''} NEAR`, `${sign}${group(d.slice(sign.length))} yoctoNEAR`];
}

/** "Change since <point>": total, locked and storage from the chosen point to now, signed and exact. */
function compare(d: HistoryViewModel): HTMLElement {
  const loaded = d.points.map((p, i) => ({ p, i })).filter(({ p }) => !p.gap);
  const box = el('div', 'compare');
  if (loaded.length === 0) return box;
  if (!loaded.some(({ i }) => i === history.since)) history.since = loaded[0]!.i;
  const select = el('select');
  for (const { p, i } of loaded) {
    const o = el('option', undefined, `${p.date} (${p.block})`);
    o.value = String(i);
    o.selected = i === history.since;
    select.append(o);
  }
  select.addEventListener('change', () => {
    history.since = Number(select.value);
    render();
  });
  const label = el('label', undefined, 'Change since ', select);
  const p = d.points[history.since]!;
  const delta = (digits: string): HTMLElement => {
    const [near, yocto] = signedNear(digits);
    return withTitle(el('span', 'amount delta', near), yocto);
  };
  box.append(
    label,
    table(
      'Change since the chosen point',
      ['', 'Then', 'Change to now'],
      [
        ['Total', amountCell(p.total, p.totalExact), delta(p.changeTotal)],
        ['Locked', amountCell(p.locked, p.lockedExact), delta(p.changeLocked)],
        ['Storage', p.storage, el('span', 'amount delta', p.changeStorage ? `${p.changeStorage.replace(/\B(?=(\d{3})+$)/g, ',')} bytes` : '—')],
      ],
    ),
  );
  return box;
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
  if (isHistoryHostMessage(msg)) {
    if (msg.type === 'history') Object.assign(history, { range: msg.data.range, data: msg.data, loading: false, error: '' });
    else if (msg.type === 'historyError') Object.assign(history, { range: msg.range, loading: false, error: msg.message });
    else Object.assign(history, { range: msg.range, loading: true, phase: msg.phase, done: msg.done, total: msg.total });
    return render();
  }
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

// The balance panel's History section: the range picker, loading progress, the total and locked charts
// (SVG), and "Change since" a chosen point. Runs in the webview: no `vscode` module, no Node; the panel (panel.ts)
// passes in how to post a request and redraw.
import { HISTORY_RANGES } from '../protocol';
import type { HistoryHostMessage, HistoryPointView, HistoryRange, HistoryRequest, HistoryViewModel } from '../protocol';
import { amountCell, busy, el, num, table, withTitle } from '../../../ui/dom';

/** What the History section needs from the panel: send a request to the host, draw the whole panel again. */
export interface HistoryHost {
  post(message: HistoryRequest): void;
  render(): void;
}

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
  /** The table of points (the chart's text alternative) is open. */
  pointsOpen: boolean;
  /** On a node without an archival URL: the ranges within the blocks it keeps, and why the others are not offered. */
  kept?: { ranges: HistoryRange[]; note: string };
} = {
  phase: 'blocks',
  done: 0,
  total: 0,
  loading: false,
  error: '',
  since: 0,
  pointsOpen: false,
};

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

export function historySection(host: HistoryHost): HTMLElement {
  const s = el('section', 'history');
  s.append(el('h2', undefined, 'History'));
  // A node that keeps too few blocks for any range: no picker of disabled buttons, only why.
  if (history.kept?.ranges.length === 0) {
    s.append(el('p', 'empty', `Total and locked balance over time need older blocks. ${history.kept.note}`));
    return s;
  }
  const picker = el('div', 'range-picker');
  picker.setAttribute('role', 'group');
  picker.setAttribute('aria-label', 'History range');
  for (const r of HISTORY_RANGES) {
    const waiting = history.loading && history.range === r;
    const offered = !history.kept || history.kept.ranges.includes(r);
    const b = busy(el('button', 'range', RANGE_LABEL[r]), `range-${r}`, waiting || !offered);
    b.dataset['range'] = r;
    b.setAttribute('aria-pressed', String(history.range === r));
    if (!offered) b.title = history.kept?.note ?? '';
    b.addEventListener('click', () => {
      if (waiting || !offered) return;
      Object.assign(history, { range: r, loading: true, phase: 'blocks', done: 0, total: 0, error: '', since: 0 });
      host.post({ type: 'history', range: r });
      host.render();
    });
    picker.append(b);
  }
  s.append(picker);
  if (history.kept && history.kept.ranges.length < HISTORY_RANGES.length) s.append(el('p', 'note', history.kept.note));
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
    const from = history.kept ? 'the blocks this node keeps' : 'the archival node';
    if (!history.range) s.append(el('p', 'empty', `Total and locked balance over time, from ${from}: pick a range.`));
    return s;
  }
  // Nothing loaded: no chart (its scale would read "0 NEAR"), only the note.
  if (d.now) s.append(chart(d, host), pointsTable(d));
  if (d.note) s.append(el('p', 'note', d.note));
  if (d.now) s.append(compare(d, host));
  return s;
}

/** Total and locked as two small charts, each on its own scale, and their legend. */
function chart(d: HistoryViewModel, host: HistoryHost): HTMLElement {
  const box = el('div', 'chart-box');
  box.append(
    lineChart(d, 'y', 'line-total', 150, [d.top, d.bottom], `now ${d.now}`, `Total balance over ${d.rangeLabel}`, host),
    lineChart(d, 'yLocked', 'line-locked', 90, [d.lockedTop, d.lockedBottom], '', `Locked (staked) balance over ${d.rangeLabel}`, host),
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
  host: HistoryHost,
): SVGElement {
  const n = d.points.length;
  const plotW = W - PAD.left - PAD.right;
  const plotH = h - PAD.top - PAD.bottom;
  const x = (i: number): number => PAD.left + (n <= 1 ? plotW : (plotW * i) / (n - 1));
  const y = (v: number): number => PAD.top + (1 - v) * plotH;
  const root = svg('svg', {
    viewBox: `0 0 ${W} ${h}`,
    class: `chart ${cls}-chart`,
    role: 'img',
    'aria-label': `${label}: from ${bottom} to ${top}${last ? `, ${last}` : ''}; the table of points below lists each one`,
  });
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
  d.points.forEach((p, i) => root.append(pointMark(p, i, x(i), p.gap ? y(0) : y(p[key]), cls, host)));
  const end = d.points.map((p) => !p.gap).lastIndexOf(true);
  if (last && end >= 0) root.append(svg('text', { class: 'now', x: x(end) + 10, y: y(d.points[end]![key]) + 4 }, last));
  return root;
}

/** A point's dot (or a gap's mark): its tooltip gives the date, block and exact amounts (or why there are none). */
function pointMark(p: HistoryPointView, i: number, cx: number, cy: number, cls: string, host: HistoryHost): SVGElement {
  const tip = p.gap
    ? `${p.date}${p.block ? ` · block ${p.block}` : ''}\nno figures: ${p.gap}`
    : `${p.date} · block ${p.block}\ntotal ${p.totalExact}\nlocked ${p.lockedExact}${p.storage ? `\nstorage ${p.storage}` : ''}`;
  const g = p.gap
    ? svg('g', { class: 'gap' }, svg('line', { x1: cx, x2: cx, y1: PAD.top, y2: cy }), svg('title', {}, tip))
    : svg('circle', { class: `pt ${cls}${history.since === i ? ' selected' : ''}`, cx, cy, r: 4, 'data-index': i }, svg('title', {}, tip));
  // A click picks the point for "Change since"; by keyboard, the select below does (the chart is one image to a screen
  // reader, its points in the table of points).
  if (!p.gap)
    g.addEventListener('click', () => {
      history.since = i;
      host.render();
    });
  return g;
}

/** The chart's text alternative: every point's date, block and exact amounts (or why it has none), behind a disclosure. */
function pointsTable(d: HistoryViewModel): HTMLElement {
  const summary = el('summary', undefined, `Table of the ${d.points.length} points`);
  summary.dataset['key'] = 'points';
  const box = el(
    'details',
    'points',
    summary,
    table(
      `Total and locked balance over ${d.rangeLabel}, point by point`,
      ['Date', 'Block', 'Total', 'Locked'],
      d.points.map((p) =>
        p.gap
          ? [p.date, p.block ? num(p.block) : '—', `no figures: ${p.gap}`, '—']
          : [p.date, num(p.block), amountCell(p.total, p.totalExact), amountCell(p.locked, p.lockedExact)],
      ),
    ),
  );
  box.open = history.pointsOpen;
  box.addEventListener('toggle', () => (history.pointsOpen = box.open));
  return box;
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
function compare(d: HistoryViewModel, host: HistoryHost): HTMLElement {
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
  select.dataset['key'] = 'since';
  select.addEventListener('change', () => {
    history.since = Number(select.value);
    host.render();
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

/** Takes a History message from the host: a range's figures, why it failed, or how far its loading is. */
export function receiveHistory(msg: HistoryHostMessage): void {
  if (msg.type === 'history') Object.assign(history, { range: msg.data.range, data: msg.data, loading: false, error: '' });
  // Every range and no note: another network, with an archival host: nothing held back any more.
  else if (msg.type === 'historyKept')
    history.kept = msg.note === '' && msg.ranges.length === HISTORY_RANGES.length ? undefined : { ranges: msg.ranges, note: msg.note };
  else if (msg.type === 'historyError') Object.assign(history, { range: msg.range, loading: false, error: msg.message });
  else Object.assign(history, { range: msg.range, loading: true, phase: msg.phase, done: msg.done, total: msg.total });
}

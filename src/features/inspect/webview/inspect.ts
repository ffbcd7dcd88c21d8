// The Inspect Transaction page: the receipt tree, each receipt's gas as a bar of its groups with the attached gas
// marked (and the table behind it), its state writes as a table (key, before → after, bytes) with the storage they pin,
// and its account before → after. Drawn with createElement/textContent only (ui/dom.ts), from the host's messages
// after their guard; a receipt whose block is still being read says so and is redrawn when it arrives. Runs in the
// webview: no `vscode` module, no Node.
import { isInspectHostMessage, isInspectState } from '../guards';
import type { ChangeView, GasView, InspectHeadView, InspectRequest, InspectState, ReceiptView, StateView } from '../protocol';
import { alertBanner, busy, copyIdsWhole, el, idText, num, showPage, table, withTitle } from '../../../ui/dom';
import type { Child } from '../../../ui/dom';

interface VsCodeApi {
  postMessage(message: InspectRequest): void;
  getState(): unknown;
  setState(state: InspectState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') ?? document.body;
const announce = document.getElementById('announce');
const say = (text: string): void => {
  if (announce) announce.textContent = text;
};

let head: InspectHeadView | undefined;
let receipts: ReceiptView[] = [];
let note = '';
let error = '';
let finished = false;
/** Receipts whose details were closed by the person (kept across redraws). */
const closed = new Set<string>();

// ---------------------------------------------------------------- drawing

function render(): void {
  const root = el('div', 'panel inspect');
  const header = el('header', undefined, el('h1', undefined, 'Inspect Transaction'));
  if (head) {
    header.append(el('p', 'kind', idText(head.hash), ` · ${head.network}`));
    const open = busy(el('button', 'secondary', 'Open as Text'), 'open-text', false);
    open.title = 'The transaction document, with these gas and state sections as text';
    open.addEventListener('click', () => vscode.postMessage({ type: 'openText' }));
    header.append(el('div', 'meta', open));
  }
  root.append(header);
  if (error) root.append(alertBanner(error));
  if (!head) {
    root.append(el('p', 'status', error ? '' : 'Reading the transaction…'));
    return show(root);
  }
  root.append(summary(head));
  const list = el('section', 'receipts');
  list.append(el('h2', undefined, `Receipts (${receipts.length})`));
  if (!finished) list.append(el('p', 'status', `${receipts.filter((r) => r.loaded).length} of ${receipts.length} read…`));
  receipts.forEach((r, i) => list.append(receiptPart(r, i)));
  root.append(list);
  if (note) root.append(el('footer', undefined, el('p', undefined, note)));
  show(root);
}

const show = (root: HTMLElement): void => showPage(app, root);

function summary(h: InspectHeadView): HTMLElement {
  return table(
    'Transaction',
    ['', 'Transaction'],
    [
      ['Status', el('span', `status-${h.status}`, h.statusText)],
      ['Signer → receiver', el('span', undefined, idText(h.signerId), ' → ', idText(h.receiverId))],
      ['Gas burnt', num(h.gasBurnt)],
      ['Fee (tokens burnt)', num(h.tokensBurnt)],
    ],
  );
}

function receiptPart(r: ReceiptView, i: number): HTMLElement {
  const d = el('details', `receipt depth status-${r.status}`);
  d.dataset['receipt'] = r.id;
  d.open = !closed.has(r.id);
  d.style.setProperty('--depth', String(Math.min(r.depth, 8)));
  d.addEventListener('toggle', () => (d.open ? closed.delete(r.id) : closed.add(r.id)));
  const s = el('summary', undefined, el('span', 'receipt-status', r.statusText), ' ', el('strong', undefined, r.title));
  s.dataset['key'] = `receipt-${i}`;
  if (r.depth > 0) s.append(el('span', 'note', ` made by the receipt above (depth ${r.depth})`));
  d.append(s);
  const body = el('div', 'receipt-body');
  body.append(el('p', 'receipt-meta', 'Receipt ', idText(r.id), ` · ${r.predecessorId} → ${r.executorId}`, r.block ? ` · ${r.block}` : ''));
  if (r.failure) body.append(el('p', 'failure', r.failure));
  if (!r.loaded && r.status !== 'pending') {
    body.setAttribute('aria-busy', 'true');
    body.append(el('p', 'status', 'Reading its block…'));
  }
  body.append(gasPart(r.gas, i, r.title));
  if (r.loaded || r.status === 'pending') body.append(statePart(r.state, i));
  d.append(body);
  return d;
}

function gasPart(g: GasView, i: number, title: string): HTMLElement {
  const s = el('section', 'gas');
  s.append(el('h3', undefined, 'Gas'));
  s.append(el('p', undefined, num(g.burnt), g.attached ? ' of ' : '', g.attached ? num(g.attached) : ''));
  if (g.outOfGas) s.append(el('p', 'banner warn', g.outOfGas));
  if (g.segments.length > 0) {
    const bar = el('div', 'bar gas-bar');
    bar.setAttribute('role', 'img');
    bar.setAttribute('aria-label', `Gas of ${title}: ${g.segments.map((x) => `${x.name} ${x.percent}`).join(', ')}${g.attached ? `; ${g.attached}` : ''}`);
    for (const x of g.segments) {
      const part = withTitle(el('div', `seg hue-${x.hue}`), `${x.name}: ${x.tgas} (${x.percent})`);
      // CSSOM, not a style attribute: allowed by the CSP without 'unsafe-inline'.
      part.style.flexGrow = String(Math.max(x.width, 0.01));
      bar.append(part);
    }
    const rest = 100 - g.segments.reduce((n, x) => n + x.width, 0);
    if (rest > 0.05) {
      const unused = el('div', 'seg unused');
      unused.style.flexGrow = String(rest);
      bar.append(unused);
    }
    if (g.attachedAt >= 0) {
      const mark = withTitle(el('div', 'attached-mark'), g.attached);
      mark.style.left = `${Math.min(g.attachedAt, 100)}%`;
      bar.append(mark);
    }
    s.append(el('div', 'bar-box', bar));
    const legend = el('ul', 'legend');
    for (const x of g.segments)
      legend.append(el('li', undefined, el('span', `swatch hue-${x.hue}`), el('span', 'legend-label', x.name), el('span', 'legend-pct', num(x.percent))));
    if (g.attachedAt >= 0)
      legend.append(el('li', undefined, el('span', 'swatch attached-swatch'), el('span', 'legend-label', `attached gas (${g.attached})`), el('span')));
    s.append(legend);
    s.append(
      table(
        `Gas of receipt ${i + 1} by group`,
        ['Group', 'TGas', 'Gas', 'Share'],
        g.segments.map((x) => [x.name, num(x.tgas), num(x.gas), num(x.percent)]),
      ),
    );
  }
  if (g.parts.length > 0)
    s.append(
      table(
        `The call's own fee, receipt ${i + 1}`,
        ["The call's own fee", 'TGas', 'Gas'],
        g.parts.map((p) => [p.what, num(p.tgas), num(p.gas)]),
      ),
    );
  if (g.unavailable) s.append(el('p', 'note', g.unavailable));
  if (g.note) s.append(el('p', 'note', g.note));
  return s;
}

function copyButton(i: number, n: number, side: 'key' | 'before' | 'after', label: string): HTMLElement {
  const b = busy(el('button', 'secondary small copy', 'Copy'), `copy-${i}-${n}-${side}`, false);
  b.setAttribute('aria-label', label);
  b.title = `${label} (the whole value)`;
  b.addEventListener('click', () => vscode.postMessage({ type: 'copy', receipt: i, change: n, side }));
  return b;
}

function bytesCell(i: number, n: number, side: 'key' | 'before' | 'after', c: ChangeView): Child {
  const v = c[side];
  if (v.text === '—' && !v.size) return el('span', 'note', side === 'before' ? 'none (new key)' : 'none (deleted)');
  const wrap = el('span', 'bytes');
  wrap.append(el('code', undefined, v.text));
  if (v.size) wrap.append(el('span', 'note', `${v.size}${v.cut ? ' · cut at 1 KB: Copy gives the whole' : ''}`));
  if (side === 'before' && c.beforeNote) wrap.append(el('span', 'note', c.beforeNote));
  if (v.size) wrap.append(copyButton(i, n, side, `Copy the ${side === 'key' ? 'key' : `value ${side}`} of change ${n + 1}`));
  return wrap;
}

function statePart(st: StateView, i: number): HTMLElement {
  const s = el('section', 'state');
  s.append(el('h3', undefined, 'State changes'));
  if (st.unavailable) {
    s.append(el('p', 'note', st.unavailable));
    return s;
  }
  if (st.changes.length === 0 && st.account.length === 0) {
    s.append(el('p', 'empty', 'None read: it ran no contract code, or changed nothing.'));
    return s;
  }
  if (st.storage) s.append(el('p', undefined, st.storage));
  if (st.changes.length > 0)
    s.append(
      table(
        `Storage writes of receipt ${i + 1}`,
        ['Key', 'Before', 'After', 'Change', 'Bytes'],
        st.changes.map((c, n) => [bytesCell(i, n, 'key', c), bytesCell(i, n, 'before', c), bytesCell(i, n, 'after', c), c.kind, num(c.bytes)]),
      ),
    );
  if (st.more) s.append(el('p', 'note', st.more));
  if (st.account.length > 0)
    s.append(
      table(
        `Account of receipt ${i + 1}, before and after`,
        ['Account', 'Before', 'After'],
        st.account.map((a) => [a.label, num(a.before), num(a.after)]),
      ),
    );
  return s;
}

// ---------------------------------------------------------------- copy

copyIdsWhole();

// ---------------------------------------------------------------- messages

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = event.data;
  if (!isInspectHostMessage(msg)) return; // not from our host, or not for this version: ignored
  switch (msg.type) {
    case 'inspectStart':
      head = msg.head;
      receipts = msg.receipts;
      finished = false;
      error = '';
      vscode.setState({ hash: msg.head.hash, network: msg.head.networkLabel });
      say(`Transaction ${msg.head.hash.slice(0, 8)}: ${msg.head.statusText}, ${msg.head.receiptCount} receipts; reading their blocks.`);
      break;
    case 'inspectReceipt':
      if (msg.index < receipts.length) receipts[msg.index] = msg.receipt;
      break;
    case 'inspectDone':
      finished = true;
      note = msg.note;
      say(`All ${receipts.length} receipts read.`);
      break;
    case 'inspectError':
      finished = true;
      error = msg.message;
      break;
  }
  render();
});

const saved = vscode.getState();
if (isInspectState(saved)) say(`Reading ${saved.hash.slice(0, 8)}…`);
render();
vscode.postMessage({ type: 'ready' });

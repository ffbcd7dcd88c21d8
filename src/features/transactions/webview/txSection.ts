// The balance panel's Transactions section: filters (one choice of whose — all, sent by it, received, calls to it,
// calls it made — failed only, and a method among the rows read with its failed calls first), the table of one page of
// 20, Newer / Older, a row's hash opening Look Up Transaction. Loads on demand. Runs in the webview: no `vscode` module,
// no Node; the panel (panel.ts) passes in how to post a request and redraw. Method names are anyone's: text nodes and
// option values only.
import { TX_SHOWS } from '../protocol';
import type { TxCellsView, TxFilterView, TxHostMessage, TxPickView, TxRequest, TxShow, TxTableView } from '../protocol';
import { el, idText, num, table, withTitle } from '../../../ui/dom';

/** What the section needs from the panel: send a request to the host, draw the whole panel again. */
export interface TxHost {
  post(message: TxRequest): void;
  render(): void;
}

/** The last table the host sent, and what this page asked since (the filter and pick chosen, a load under way). */
const txs: { data?: TxTableView; filter: TxFilterView; pick: TxPickView; asking: boolean } = {
  filter: { show: 'all', failed: false },
  pick: { method: '', failedFirst: false },
  asking: false,
};

/** Each choice's words, and what it means (the option's tooltip). */
const SHOW_LABEL: Readonly<Record<TxShow, readonly [string, string]>> = {
  all: ['All', 'Every transaction the account took part in'],
  sent: ['Sent by it', 'Transactions it signed (a relayer signs the ones it relays)'],
  received: ['Received', 'Transactions that sent it a receipt, not counting refunds and the ones it signed'],
  callsTo: ['Calls to it', 'Transactions that called a method of its contract'],
  callsMade: ['Calls it made', 'Transactions it signed, directly or through a relayer, that call a method: picked from each page'],
};

function ask(host: TxHost, page: number, reload: boolean): void {
  txs.asking = true;
  host.post({ type: 'txs', filter: { ...txs.filter }, pick: { ...txs.pick }, page, reload });
  host.render();
}

export function txSection(host: TxHost): HTMLElement {
  const s = el('section', 'txs');
  const d = txs.data;
  s.append(el('h2', undefined, 'Transactions'));
  if (d?.unavailable) {
    s.append(el('p', 'empty', d.unavailable));
    return s;
  }
  const loading = txs.asking || d?.loading === true;
  s.append(filters(host, loading, d));
  if (!d?.started) {
    const b = el('button', undefined, loading ? 'Loading…' : 'Show transactions');
    b.type = 'button';
    b.dataset['key'] = 'tx-show';
    b.disabled = loading;
    b.addEventListener('click', () => ask(host, 0, true));
    s.append(el('p', 'empty', 'The account’s transactions, newest first, from the transactions API. ', b));
    return s;
  }
  if (d.error) {
    const banner = el('div', 'banner error', d.error);
    banner.setAttribute('role', 'alert');
    s.append(banner);
  }
  const status = el('p', 'status tx-status', d.range ? d.range : d.loading ? 'Loading…' : d.count === 'no transactions' ? 'No transactions.' : '');
  status.setAttribute('aria-live', 'polite');
  s.append(status);
  if (d.note) s.append(el('p', 'note tx-note', d.note));
  if (d.rows.length > 0)
    s.append(
      table(
        `Transactions ${d.range}`,
        ['When', 'Status', 'From → To', 'Actions', 'Block', 'Transaction'],
        d.rows.map((r) => cells(r, host)),
      ),
    );
  s.append(pager(host, d, loading));
  return s;
}

/**
 * Whose (one select: no two choices that cannot hold together), failed only: a change asks for the newest page. Once
 * rows are read, the method and failed first: a change shows the first page of the rows read again (no new read unless
 * they hold too few of its calls).
 */
function filters(host: TxHost, loading: boolean, d: TxTableView | undefined): HTMLElement {
  const box = el('div', 'tx-filters');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'Filter the transactions');
  const select = el('select');
  // data-key: the panel finds the focused control again after a redraw by it (and the E2E names it so); one key a
  // control, so not the Show transactions button's.
  select.dataset['key'] = 'tx-which';
  select.disabled = loading;
  for (const show of TX_SHOWS) {
    const [label, means] = SHOW_LABEL[show];
    const o = el('option', undefined, label);
    o.value = show;
    o.title = means;
    o.selected = txs.filter.show === show;
    select.append(o);
  }
  select.title = SHOW_LABEL[txs.filter.show][1];
  select.addEventListener('change', () => {
    txs.filter.show = TX_SHOWS.find((d) => d === select.value) ?? 'all';
    ask(host, 0, true);
  });
  box.append(el('label', undefined, 'Show ', select));
  const c = el('input');
  c.type = 'checkbox';
  c.checked = txs.filter.failed;
  c.disabled = loading;
  c.dataset['filter'] = 'failed';
  c.dataset['key'] = 'tx-failed';
  c.addEventListener('change', () => {
    txs.filter.failed = c.checked;
    ask(host, 0, true);
  });
  box.append(el('label', undefined, c, ' Failed only'));
  if (d?.started && (d.methods.length > 0 || txs.pick.method !== '')) box.append(...methodFilter(host, loading, d.methods));
  return box;
}

/** The Method select (All methods, then each method the rows read call) and its Failed first. */
function methodFilter(host: TxHost, loading: boolean, methods: readonly string[]): HTMLElement[] {
  const chosen = txs.pick.method;
  const select = el('select');
  select.dataset['key'] = 'tx-method';
  select.disabled = loading;
  select.title = 'The calls of one method, among the transactions read so far';
  const names = chosen === '' || methods.includes(chosen) ? methods : [chosen, ...methods];
  for (const [value, label] of [['', 'All methods'] as const, ...names.map((m) => [m, m] as const)]) {
    const o = el('option', undefined, label);
    o.value = value;
    o.selected = value === chosen;
    select.append(o);
  }
  select.addEventListener('change', () => {
    txs.pick = { method: select.value, failedFirst: select.value !== '' && txs.pick.failedFirst };
    ask(host, 0, false);
  });
  const first = el('input');
  first.type = 'checkbox';
  first.checked = chosen !== '' && txs.pick.failedFirst;
  first.disabled = loading || chosen === '';
  first.dataset['filter'] = 'failedFirst';
  first.dataset['key'] = 'tx-failed-first';
  first.title = chosen === '' ? 'Pick a method to order its calls' : 'Its failed calls before the ones that succeeded';
  first.addEventListener('change', () => {
    txs.pick = { ...txs.pick, failedFirst: first.checked };
    ask(host, 0, false);
  });
  return [el('label', undefined, 'Method ', select), el('label', undefined, first, ' Failed first')];
}

function cells(r: TxCellsView, host: TxHost): Node[] {
  const status = withTitle(el('span', `tx-${r.status}`, `${r.mark} ${r.statusWord}`), r.failure);
  const open = el('button', 'link', r.hash.slice(0, 8) + '…');
  open.type = 'button';
  open.title = `Look Up Transaction ${r.hash}`;
  open.setAttribute('aria-label', `Look up transaction ${r.hash}: ${r.sentence}`);
  open.addEventListener('click', () => host.post({ type: 'openTx', hash: r.hash }));
  const parties = r.signerId ? el('span', 'parties', idText(r.signerId), ' → ', idText(r.receiverId)) : el('span', 'note', 'details not found');
  return [withTitle(num(r.when), r.utc), status, parties, el('span', 'tx-actions', r.actions), num(r.block), open];
}

function pager(host: TxHost, d: TxTableView, loading: boolean): HTMLElement {
  const nav = el('nav', 'tx-pager');
  nav.setAttribute('aria-label', 'Transaction pages');
  const button = (text: string, enabled: boolean, page: number, reload = false): HTMLButtonElement => {
    const b = el('button', 'secondary', text);
    b.type = 'button';
    b.dataset['key'] = `tx-${text.toLowerCase()}`;
    b.disabled = loading || !enabled;
    b.addEventListener('click', () => ask(host, page, reload));
    return b;
  };
  nav.append(button('Newer', d.hasNewer, d.page - 1), button('Older', d.hasOlder, d.page + 1), button('Reload', true, 0, true));
  if (d.count) nav.append(el('span', 'note', d.count));
  return nav;
}

/** Takes the host's table: the filter it was read under becomes the one shown. */
export function receiveTxs(msg: TxHostMessage): void {
  txs.data = msg.data;
  txs.filter = { ...msg.data.filter };
  txs.pick = { ...msg.data.pick };
  txs.asking = false;
}

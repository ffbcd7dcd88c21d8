// The balance panel's Transactions table: the page shown of the history read so far, its range
// ("21–40 of 81,278"), and the filters as the webview shows them ↔ the service's `is_*` flags, with the rows a page
// leaves out when a label needs more than a flag (calls it made, failed only); with a method picked (txMethods.ts), the
// pages are of that method's calls among the rows read. Pure: no `vscode`.
import { groupDigits } from '../../../near/amounts';
import { TX_SHOWS } from '../protocol';
import type { TxFilterView, TxPickView, TxShow, TxTableView } from '../protocol';
import { methodsSeen, NO_PICK, pickRows } from './txMethods';
import { countText, txRowView } from './txRows';
import { TX_PAGE_SIZE } from './txPaging';
import type { TxHistory } from './txPaging';
import type { AccountTxFilter, AccountTxRow } from '../../../client/transactions/types';
import type { TransactionModel } from '../../../client/transactions/model';
import type { ActionModel } from '../../../client/transactions/actions';

export const ALL_TXS: TxFilterView = { show: 'all', failed: false };

/** Each choice's flags: the service filters them; "calls it made" is then picked from the records (rowShown). */
const SHOW_FLAGS: Readonly<Record<TxShow, AccountTxFilter>> = {
  all: {},
  sent: { isSigner: true },
  // Not `is_receiver`: that one holds the gas refunds of every transaction it sent.
  received: { isRealReceiver: true },
  callsTo: { isFunctionCall: true },
  callsMade: { isRealSigner: true },
};

/** The choices as the webview's select names them. */
export const TX_SHOW_LABEL: Readonly<Record<TxShow, string>> = {
  all: 'All',
  sent: 'Sent by it',
  received: 'Received',
  callsTo: 'Calls to it',
  callsMade: 'Calls it made',
};

/** The service's flags of a filter. */
export function flagsOf(f: TxFilterView): AccountTxFilter {
  return { ...SHOW_FLAGS[f.show], ...(f.failed ? { isSuccess: false } : {}) };
}

/**
 * The table's filter for the service's flags, when one choice is exactly them (`isReceiver`, the flag Received used to
 * send, reads as Received); undefined when none is (e.g. signed by it and called: the table never offers two at once).
 */
export function filterViewOf(flags: AccountTxFilter): TxFilterView | undefined {
  const { isSuccess, ...rest } = flags;
  if (isSuccess === true) return undefined;
  const legacy: AccountTxFilter = rest.isReceiver === true && Object.keys(rest).length === 1 ? { isRealReceiver: true } : rest;
  const same = (a: AccountTxFilter): boolean =>
    Object.keys(a).length === Object.keys(legacy).length && Object.entries(a).every(([k, v]) => legacy[k as keyof AccountTxFilter] === v);
  const show = TX_SHOWS.find((s) => same(SHOW_FLAGS[s]));
  return show === undefined ? undefined : { show, failed: isSuccess === false };
}

export const sameFilter = (a: TxFilterView, b: TxFilterView): boolean => a.show === b.show && a.failed === b.failed;

const hasCall = (actions: readonly ActionModel[]): boolean => actions.some((a) => a.kind === 'FunctionCall' || (a.kind === 'Delegate' && hasCall(a.actions)));

/**
 * Whether a row the service sent under `f` belongs in the table: a call it made needs a record with a call (a relayed
 * meta-transaction's inner actions count; without a record it cannot be told, so it is left out); "failed only" leaves
 * out what the record says is pending (the service counts pending as not succeeded).
 */
export function rowShown(f: TxFilterView, record: TransactionModel | undefined): boolean {
  if (f.show === 'callsMade' && !(record && hasCall(record.actions))) return false;
  return !(f.failed && record?.status === 'pending');
}

/** Why a page holds fewer rows than the service sent for it ('' when it holds them all, and for every other choice). */
function pageNote(f: TxFilterView, read: readonly AccountTxRow[], shown: number, h: TxHistory): string {
  if (read.length === 0) return '';
  const n = read.length;
  if (f.show === 'callsMade') {
    const unknown = read.filter((r) => !h.details.has(r.hash)).length;
    const calls = shown === 1 ? 'is a call' : 'are calls';
    return (
      `${shown} of these ${n} transactions it signed ${calls}: the transactions API filters by signer, not by call, so the calls it made are picked here from each page’s records.` +
      (unknown > 0 ? ` ${unknown} without a record ${unknown === 1 ? 'is' : 'are'} not shown.` : '')
    );
  }
  const pending = n - shown;
  return pending > 0 ? `${pending} of these ${n} ${pending === 1 ? 'is' : 'are'} still pending, not failed: not shown.` : '';
}

/** The last page that has rows (0 when there are none). */
export const lastPage = (h: TxHistory): number => Math.max(0, Math.ceil(h.rows.length / TX_PAGE_SIZE) - 1);

/** The rows read that the table's filter and `pick` keep, in the order shown (a method's calls, failed first if asked). */
export function pickedRows(h: TxHistory, filter: TxFilterView, pick: TxPickView): AccountTxRow[] {
  return pickRows(
    h.rows.filter((r) => rowShown(filter, h.details.get(r.hash))),
    h.details,
    pick,
  );
}

/** The table of one method's calls among the rows read: pages of them, the range and note saying they are picked. */
function methodTable(t: TxTableInput & { history: TxHistory }, pick: TxPickView, nowMs: number): TxTableView {
  const h = t.history;
  const list = pickedRows(h, t.filter, pick);
  const page = Math.min(t.page, Math.max(0, Math.ceil(list.length / TX_PAGE_SIZE) - 1));
  const slice = list.slice(page * TX_PAGE_SIZE, (page + 1) * TX_PAGE_SIZE);
  const read = `${groupDigits(String(h.rows.length))} read`;
  const first = page * TX_PAGE_SIZE + 1;
  const calls = `call${list.length === 1 ? '' : 's'} to ${pick.method}`;
  const more = h.done ? '' : ' Older reads more.';
  return {
    ...tableBase(t, page, slice, nowMs),
    range:
      slice.length > 0
        ? `${groupDigits(String(first))}–${groupDigits(String(first + slice.length - 1))} of ${groupDigits(String(list.length))} ${calls} in the ${read}`
        : '',
    note:
      list.length === 0
        ? `No calls to ${pick.method} in the ${read}.${more}`
        : `The calls to ${pick.method} among the transactions read so far${pick.failedFirst ? ', failed ones first' : ''}.${more}`,
    hasOlder: list.length > (page + 1) * TX_PAGE_SIZE || !h.done,
  };
}

/** What every table says the same way: the filter, the page's cells, the count, the state of the load. */
function tableBase(t: TxTableInput, page: number, slice: readonly AccountTxRow[], nowMs: number): Omit<TxTableView, 'range' | 'note' | 'hasOlder'> {
  const h = t.history;
  const signed = t.filter.show === 'callsMade';
  return {
    accountId: t.accountId,
    filter: t.filter,
    pick: t.pick ?? NO_PICK,
    methods: h ? methodsSeen(h.rows, h.details) : [],
    page,
    // The webview's cells: the row without the tree's text and tooltip.
    rows: slice.map((r) => {
      const { text: _text, tooltip: _tooltip, ...cells } = txRowView(r, h?.details.get(r.hash), nowMs);
      return cells;
    }),
    // Calls it made: the count is of the transactions it signed, the calls being picked from them.
    count: signed && h?.count ? `${countText(h.count)} it signed` : countText(h?.count),
    hasNewer: page > 0,
    loading: t.loading,
    error: t.error,
    unavailable: t.unavailable,
    started: t.started,
  };
}

export interface TxTableInput {
  accountId: string;
  filter: TxFilterView;
  /** What is picked from the rows read (default: every row). */
  pick?: TxPickView;
  history?: TxHistory;
  page: number;
  loading: boolean;
  error: string;
  unavailable: string;
  started: boolean;
}

export function txTableView(t: TxTableInput, nowMs: number): TxTableView {
  const h = t.history;
  const pick = t.pick ?? NO_PICK;
  if (h && pick.method !== '') return methodTable({ ...t, history: h }, pick, nowMs);
  const page = h ? Math.min(t.page, lastPage(h)) : 0;
  const slice = h ? h.rows.slice(page * TX_PAGE_SIZE, (page + 1) * TX_PAGE_SIZE) : [];
  const shown = slice.filter((r) => rowShown(t.filter, h?.details.get(r.hash)));
  const first = page * TX_PAGE_SIZE + 1;
  const of = h?.count === undefined ? '' : ` of ${groupDigits(String(h.count))}`;
  // Calls it made: the range is of the transactions it signed, the calls being picked from them.
  const signed = t.filter.show === 'callsMade';
  return {
    ...tableBase(t, page, shown, nowMs),
    range: slice.length > 0 ? `${groupDigits(String(first))}–${groupDigits(String(first + slice.length - 1))}${of}${signed ? ' signed' : ''}` : '',
    note: h ? pageNote(t.filter, slice, shown.length, h) : '',
    // A further page is read or can be: more rows held, or the service has more.
    hasOlder: h !== undefined && (h.rows.length > (page + 1) * TX_PAGE_SIZE || !h.done),
  };
}

// The balance panel's Transactions table: the page shown of the history read so far, its range
// ("21–40 of 81,278"), and the filters as the webview shows them ↔ the service's `is_*` flags. Pure: no `vscode`.
import { groupDigits } from '../../../near/amounts';
import type { TxFilterView, TxTableView } from '../protocol';
import { countText, txRowView } from './txRows';
import { TX_PAGE_SIZE } from './txPaging';
import type { TxHistory } from './txPaging';
import type { AccountTxFilter } from '../../../client/transactions/types';

export const ALL_TXS: TxFilterView = { direction: 'all', calls: false, failed: false };

/** The service's flags of a filter: sent by it → `is_signer`, received → `is_receiver`, calls, failed only. */
export function flagsOf(f: TxFilterView): AccountTxFilter {
  return {
    ...(f.direction === 'sent' ? { isSigner: true } : f.direction === 'received' ? { isReceiver: true } : {}),
    ...(f.calls ? { isFunctionCall: true } : {}),
    ...(f.failed ? { isSuccess: false } : {}),
  };
}

/** The filter the webview shows for the service's flags (a flag it cannot show, such as `isSigner: false`, is left out). */
export function filterViewOf(flags: AccountTxFilter): TxFilterView {
  return {
    direction: flags.isSigner === true ? 'sent' : flags.isReceiver === true ? 'received' : 'all',
    calls: flags.isFunctionCall === true,
    failed: flags.isSuccess === false,
  };
}

export const sameFilter = (a: TxFilterView, b: TxFilterView): boolean => a.direction === b.direction && a.calls === b.calls && a.failed === b.failed;

/** The last page that has rows (0 when there are none). */
export const lastPage = (h: TxHistory): number => Math.max(0, Math.ceil(h.rows.length / TX_PAGE_SIZE) - 1);

export interface TxTableInput {
  accountId: string;
  filter: TxFilterView;
  history?: TxHistory;
  page: number;
  loading: boolean;
  error: string;
  unavailable: string;
  started: boolean;
}

export function txTableView(t: TxTableInput, nowMs: number): TxTableView {
  const h = t.history;
  const page = h ? Math.min(t.page, lastPage(h)) : 0;
  const slice = h ? h.rows.slice(page * TX_PAGE_SIZE, (page + 1) * TX_PAGE_SIZE) : [];
  // The webview's cells: the row without the tree's text and tooltip.
  const rows = slice.map((r) => {
    const { text: _text, tooltip: _tooltip, ...cells } = txRowView(r, h?.details.get(r.hash), nowMs);
    return cells;
  });
  const first = page * TX_PAGE_SIZE + 1;
  const of = h?.count === undefined ? '' : ` of ${groupDigits(String(h.count))}`;
  return {
    accountId: t.accountId,
    filter: t.filter,
    page,
    rows,
    count: countText(h?.count),
    range: rows.length > 0 ? `${groupDigits(String(first))}–${groupDigits(String(first + rows.length - 1))}${of}` : '',
    hasNewer: page > 0,
    // A further page is read or can be: more rows held, or the service has more.
    hasOlder: h !== undefined && (h.rows.length > (page + 1) * TX_PAGE_SIZE || !h.done),
    loading: t.loading,
    error: t.error,
    unavailable: t.unavailable,
    started: t.started,
  };
}

// `nearLens.accountTransactions` from code: its argument checked before anything is sent, and its
// result — a page of the account's transactions with their records. Pure: no `vscode`, no I/O.
import { invalidInput } from '../../../base/errors';
import { isRecord } from '../../../base/json';
import { accountIdProblem } from '../../../near/ids';
import type { NetworkLabel } from '../../../near/networks';
import { TX_MAX_LIMIT, TX_PAGE_SIZE } from './txPaging';
import { TX_SHOWS } from '../protocol';
import type { TxFilterView, TxShow } from '../protocol';
import { filterViewOf, flagsOf, rowShown, TX_SHOW_LABEL } from './txTableModel';
import type { AccountTxFilter, AccountTxPage } from '../../../client/transactions/types';
import type { TransactionModel } from '../../../client/transactions/model';
import type { ActionModel } from '../../../client/transactions/actions';

export interface AccountTxArgs {
  id: string;
  limit: number;
  resumeToken?: string;
  /** The service's flags sent. */
  filter: AccountTxFilter;
  /** The table's choice, when the argument named one (`which`, `failedOnly`) or its flags are exactly one. */
  view?: TxFilterView;
  /** The argument named the choice: the result leaves out the rows the table would (the flags alone are read as sent). */
  named: boolean;
  network?: NetworkLabel;
  show: boolean;
}

const FILTER_KEYS = ['isSigner', 'isRealSigner', 'isReceiver', 'isRealReceiver', 'isFunctionCall', 'isSuccess'] as const;
const ARG_KEYS = ['id', 'limit', 'resumeToken', 'which', 'failedOnly', 'filter', 'network', 'show'];
const WHICH_WORDS = TX_SHOWS.map((w) => `'${w}'`).join(', ');

/**
 * The command's argument (an id, or `{ id, limit?, resumeToken?, which?, failedOnly?, filter?, network?, show? }`);
 * throws the reason a person reads. `which` and `failedOnly` are the table's filter; `filter`, the service's own flags.
 */
export function parseAccountTxArgs(arg: unknown): AccountTxArgs {
  const a = typeof arg === 'string' ? { id: arg } : arg;
  if (!isRecord(a)) throw invalidInput('Account Transactions takes an account id, or { id, limit?, resumeToken?, filter?, show? }.');
  const unknown = Object.keys(a).filter((k) => !ARG_KEYS.includes(k));
  if (unknown.length > 0) throw invalidInput(`Account Transactions does not take ${unknown.map((k) => `"${k.slice(0, 40)}"`).join(', ')}.`);
  const id = typeof a['id'] === 'string' ? a['id'].trim() : '';
  const why = typeof a['id'] === 'string' ? accountIdProblem(id) : 'Not a valid NEAR account id: the id is missing.';
  if (why) throw invalidInput(why);
  const limit = a['limit'] ?? TX_PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > TX_MAX_LIMIT)
    throw invalidInput(`The limit is a whole number from 1 to ${TX_MAX_LIMIT}.`);
  const token = a['resumeToken'];
  if (token !== undefined && (typeof token !== 'string' || !/^\d{1,40}$/.test(token)))
    throw invalidInput('The resumeToken is the decimal string a previous page returned.');
  const f = a['filter'] ?? {};
  if (!isRecord(f) || Object.keys(f).some((k) => !(FILTER_KEYS as readonly string[]).includes(k)) || Object.values(f).some((v) => typeof v !== 'boolean'))
    throw invalidInput(`The filter is { ${FILTER_KEYS.map((k) => `${k}?`).join(', ')} }, each true or false.`);
  const which = a['which'];
  const failedOnly = a['failedOnly'];
  if (which !== undefined && !TX_SHOWS.includes(which as TxShow)) throw invalidInput(`which is one of ${WHICH_WORDS}.`);
  if (failedOnly !== undefined && typeof failedOnly !== 'boolean') throw invalidInput('failedOnly is true or false.');
  const named = which !== undefined || failedOnly !== undefined;
  if (named && a['filter'] !== undefined) throw invalidInput('Give which and failedOnly, or the service’s flags as filter: not both.');
  const network = a['network'];
  if (network !== undefined && network !== 'mainnet' && network !== 'testnet' && network !== 'custom')
    throw invalidInput('The network is mainnet, testnet or custom.');
  if (a['show'] !== undefined && typeof a['show'] !== 'boolean') throw invalidInput('show is true or false.');
  const show = a['show'] !== false;
  const flags = Object.fromEntries(FILTER_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as AccountTxFilter;
  const view = named ? { show: (which as TxShow | undefined) ?? 'all', failed: failedOnly === true } : filterViewOf(flags);
  // The table shows one choice: flags that are none of them are read from code only.
  if (show && !view)
    throw invalidInput(
      `The table shows one of ${TX_SHOWS.map((w) => TX_SHOW_LABEL[w]).join(', ')} (which: ${WHICH_WORDS}), with failedOnly: these flags are none of them. Pass show: false to read them.`,
    );
  return {
    id,
    limit: limit as number,
    ...(token === undefined ? {} : { resumeToken: token }),
    filter: named && view ? flagsOf(view) : flags,
    ...(view ? { view } : {}),
    named,
    ...(network === undefined ? {} : { network }),
    show,
  };
}

/** One transaction as the command returns it (the record's fields when the service has it). */
export interface AccountTxResultRow {
  hash: string;
  blockHeight: string;
  /** Nanoseconds, exact. */
  timestamp: string;
  status: 'success' | 'failure' | 'pending';
  signerId?: string;
  receiverId?: string;
  actions?: ActionModel[];
}

export interface AccountTxResult {
  transactions: AccountTxResultRow[];
  resumeToken?: string;
  count?: number;
  /** With `which: 'callsMade'` (or failedOnly): the rows the service sent for this page, before the calls were picked. */
  read?: number;
}

/**
 * The page and its records as the command's result. Without a record, the status is the row's `is_success`. Under a
 * table choice (`view`), the rows it would not show are left out, and `read` says how many the page held.
 */
export function accountTxResult(page: AccountTxPage, records: ReadonlyMap<string, TransactionModel>, view?: TxFilterView): AccountTxResult {
  const picked = view ? page.rows.filter((r) => rowShown(view, records.get(r.hash))) : page.rows;
  return {
    transactions: picked.map((r) => {
      const m = records.get(r.hash);
      const row: AccountTxResultRow = {
        hash: r.hash,
        blockHeight: r.blockHeight,
        timestamp: r.timestamp,
        status: m?.status ?? (r.isSuccess ? 'success' : 'failure'),
      };
      return m ? { ...row, signerId: m.signerId, receiverId: m.receiverId, actions: m.actions } : row;
    }),
    ...(page.resumeToken === undefined ? {} : { resumeToken: page.resumeToken }),
    ...(page.count === undefined ? {} : { count: page.count }),
    ...(view && (view.show === 'callsMade' || view.failed) ? { read: page.rows.length } : {}),
  };
}

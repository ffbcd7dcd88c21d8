// `nearLens.accountTransactions` from code: its argument checked before anything is sent, and its
// result — a page of the account's transactions with their records. Pure: no `vscode`, no I/O.
import { invalidInput } from '../../../base/errors';
import { isRecord } from '../../../base/json';
import { accountIdProblem } from '../../../near/ids';
import type { NetworkLabel } from '../../../near/networks';
import { TX_MAX_LIMIT, TX_PAGE_SIZE } from './txPaging';
import type { AccountTxFilter, AccountTxPage } from '../../../client/transactions/types';
import type { TransactionModel } from '../../../client/transactions/model';
import type { ActionModel } from '../../../client/transactions/actions';

export interface AccountTxArgs {
  id: string;
  limit: number;
  resumeToken?: string;
  filter: AccountTxFilter;
  network?: NetworkLabel;
  show: boolean;
}

const FILTER_KEYS = ['isSigner', 'isReceiver', 'isFunctionCall', 'isSuccess'] as const;
const ARG_KEYS = ['id', 'limit', 'resumeToken', 'filter', 'network', 'show'];

/** The command's argument (an id, or `{ id, limit?, resumeToken?, filter?, network?, show? }`); throws the reason a person reads. */
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
    throw invalidInput('The filter is { isSigner?, isReceiver?, isFunctionCall?, isSuccess? }, each true or false.');
  const network = a['network'];
  if (network !== undefined && network !== 'mainnet' && network !== 'testnet' && network !== 'custom')
    throw invalidInput('The network is mainnet, testnet or custom.');
  if (a['show'] !== undefined && typeof a['show'] !== 'boolean') throw invalidInput('show is true or false.');
  return {
    id,
    limit: limit as number,
    ...(token === undefined ? {} : { resumeToken: token }),
    filter: Object.fromEntries(FILTER_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as AccountTxFilter,
    ...(network === undefined ? {} : { network }),
    show: a['show'] !== false,
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
}

/** The page and its records as the command's result. Without a record, the status is the row's `is_success`. */
export function accountTxResult(page: AccountTxPage, records: ReadonlyMap<string, TransactionModel>): AccountTxResult {
  return {
    transactions: page.rows.map((r) => {
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
  };
}

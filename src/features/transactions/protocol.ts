// The balance panel's Transactions messages, shared by the panel host and the webview, and the guard of the webview's
// requests (the host's). The webview's guard of the host's message is in guards.ts, so that the host bundles none of
// it; all of it stays out of the panel's protocol.ts. Pure: no `vscode`, no DOM, no Node.
import { count, exactly, isBool, oneOf } from '../../ui/guard';

/**
 * Which of the account's transactions the table shows, each a label that is true of every row: all; sent by it (it
 * signed them); received (a receipt to it that is not a refund, from a transaction it did not sign); calls to it
 * (a function call on it); calls it made (it signed them, its actions include a call: picked from each page's records,
 * as the service has no such filter). One choice at a time, so no two that cannot hold together are ever asked.
 */
export type TxShow = 'all' | 'sent' | 'received' | 'callsTo' | 'callsMade';
export const TX_SHOWS: readonly TxShow[] = ['all', 'sent', 'received', 'callsTo', 'callsMade'];

/** The table's filter, as the webview shows it (the host turns it into the service's `is_*` flags). */
export interface TxFilterView {
  show: TxShow;
  /** Failed only (`is_success: false`). */
  failed: boolean;
}

/**
 * What is picked from the rows read, never asked of the service (it has no method filter): the calls of one method
 * (`''`: every row), its failed calls first when `failedFirst` (only with a method).
 */
export interface TxPickView {
  /** A method name as `methods` lists it ('' for all methods). */
  method: string;
  failedFirst: boolean;
}

/** One row of the table: text only, every string from the network already sanitised by the host. */
export interface TxCellsView {
  hash: string;
  /** "2 h ago" */
  when: string;
  /** "2026-02-14 21:23:20.329561530 UTC": the block's time to the nanosecond ('' when the service sent none). */
  utc: string;
  /** "185,572,450" */
  block: string;
  status: 'success' | 'failure' | 'pending';
  /** ✓, ✗ or … */
  mark: string;
  /** "succeeded", "failed", "pending" */
  statusWord: string;
  signerId: string;
  receiverId: string;
  /** "l2_claim", "Transfer 1.5 NEAR", "ft_transfer, storage_deposit", "AddKey +2 more"; '' without the record. */
  actions: string;
  /** Why it failed, when the record says ('' otherwise). */
  failure: string;
  /** "sent by it", "received", "sent and received", '' (how the account took part, from the service's flags). */
  role: string;
  /** For screen readers: "Transaction 8atrNK… succeeded 2 hours ago: relay.tg to game.hot.tg, l2_claim." */
  sentence: string;
}

export interface TxTableView {
  accountId: string;
  filter: TxFilterView;
  pick: TxPickView;
  /** The method names of the calls among the rows read (sanitised, sorted; at most TX_METHODS_MAX), for the Method filter. */
  methods: string[];
  /** The page shown, from 0 (20 rows a page, newest first). */
  page: number;
  rows: TxCellsView[];
  /** "81,278 transactions" ('' before the first page). */
  count: string;
  /** "21–40 of 81,278" ('' without rows); for calls it made, of the transactions it signed: "1–20 of 31 signed". */
  range: string;
  /** What the page holds when it is not what the range says ('' otherwise): calls it made are picked from a page. */
  note: string;
  hasNewer: boolean;
  hasOlder: boolean;
  loading: boolean;
  /** Why the last load failed ('' when it did not); the rows shown are the last good ones. */
  error: string;
  /** Why there can be no table on this network ('' when there can). */
  unavailable: string;
  /** Whether a page was asked for (the section loads on demand). */
  started: boolean;
}

export interface TxHostMessage {
  type: 'txs';
  data: TxTableView;
}

/**
 * The webview asks for a page of the table under a filter (`reload`: ask the service anew) and a pick (without one: the
 * pick shown stays), or opens a transaction.
 */
export type TxRequest = { type: 'txs'; filter: TxFilterView; pick?: TxPickView; page: number; reload: boolean } | { type: 'openTx'; hash: string };

/** The most method names the Method filter lists. */
export const TX_METHODS_MAX = 200;
/** The longest method name (nearcore's `max_length_method_name`, 256 bytes; a sanitised name is cut below it). */
export const TX_METHOD_MAX_LENGTH = 256;

const FILTER = exactly({ show: oneOf(...TX_SHOWS), failed: isBool });
// A listed name is at most TX_METHOD_MAX_LENGTH code points, each at most two UTF-16 units.
const PICK = exactly({ method: (m) => typeof m === 'string' && m.length <= 2 * TX_METHOD_MAX_LENGTH, failedFirst: isBool });

/** `{ method, failedFirst }` exactly, the method at most TX_METHOD_MAX_LENGTH code points. */
export function isTxPickView(v: unknown): v is TxPickView {
  return PICK(v);
}

/** `{ show, failed }` exactly. */
export function isTxFilterView(v: unknown): v is TxFilterView {
  return FILTER(v);
}

/** A base58 transaction hash as the table lists them (32 bytes: 43 or 44 characters). */
const HASH_RE = /^[1-9A-HJ-NP-Za-km-z]{43,44}$/;

const REQUESTS = [
  exactly({ type: oneOf('txs'), filter: FILTER, pick: (p) => p === undefined || PICK(p), page: count(10_000), reload: isBool }),
  exactly({ type: oneOf('openTx'), hash: (h) => typeof h === 'string' && HASH_RE.test(h) }),
];

/** The webview's requests: exactly `{ type: 'txs', filter, pick?, page, reload }` or `{ type: 'openTx', hash }` (own fields only). */
export function isTxRequest(v: unknown): v is TxRequest {
  return REQUESTS.some((check) => check(v));
}

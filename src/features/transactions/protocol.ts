// The balance panel's Transactions messages, shared by the panel's lazy part and the webview, and
// the guard of the webview's requests (the host's). The webview's guard of the host's message is in guards.ts, so
// that the host bundles none of it; all of it stays out of the panel's protocol.ts. Pure: no `vscode`, no DOM, no Node.
import { count, exactly, isBool, oneOf } from '../../ui/guard';

/** Whose transactions: all, those the account signed ("sent by it"), those it received. */
export type TxDirection = 'all' | 'sent' | 'received';
export const TX_DIRECTIONS: readonly TxDirection[] = ['all', 'sent', 'received'];

/** The table's filters, as the webview shows them (the host turns them into the service's `is_*` flags). */
export interface TxFilterView {
  direction: TxDirection;
  /** Function calls only (`is_function_call`). */
  calls: boolean;
  /** Failed only (`is_success: false`). */
  failed: boolean;
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
  /** The page shown, from 0 (20 rows a page, newest first). */
  page: number;
  rows: TxCellsView[];
  /** "81,278 transactions" ('' before the first page). */
  count: string;
  /** "21–40 of 81,278" ('' without rows). */
  range: string;
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

/** The webview asks for a page of the table under a filter (`reload`: ask the service anew), or opens a transaction. */
export type TxRequest = { type: 'txs'; filter: TxFilterView; page: number; reload: boolean } | { type: 'openTx'; hash: string };

const FILTER = exactly({ direction: oneOf(...TX_DIRECTIONS), calls: isBool, failed: isBool });

/** `{ direction, calls, failed }` exactly. */
export function isTxFilterView(v: unknown): v is TxFilterView {
  return FILTER(v);
}

/** A base58 transaction hash as the table lists them (32 bytes: 43 or 44 characters). */
const HASH_RE = /^[1-9A-HJ-NP-Za-km-z]{43,44}$/;

const REQUESTS = [
  exactly({ type: oneOf('txs'), filter: FILTER, page: count(10_000), reload: isBool }),
  exactly({ type: oneOf('openTx'), hash: (h) => typeof h === 'string' && HASH_RE.test(h) }),
];

/** The webview's requests: exactly `{ type: 'txs', filter, page, reload }` or `{ type: 'openTx', hash }` (own fields only). */
export function isTxRequest(v: unknown): v is TxRequest {
  return REQUESTS.some((check) => check(v));
}

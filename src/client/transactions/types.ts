// The transactions family's types: what the service's account history asks and answers, and what reads.ts needs of a
// client (TxHost). Types only (and the batch size), so that the client, the family
// and the readers share them without importing each other. Pure: no `vscode`.
import type { Endpoints } from '../../near/networks';
import type { Exchange } from '../messages';
import type { RpcResult } from '../options';
import type { BoundedMap } from '../../base/lru';
import type { TransactionModel } from './model';

/** At most this many hashes per /v0/transactions request (more: the server answers 400). */
export const TX_BATCH = 20;

/** The service's `is_*` flags (SERVICE-NOTES.md): what each means is the server's, not a label's. */
export interface AccountTxFilter {
  /** It signed the transaction (a relayer signs the meta-transactions it relays). */
  isSigner?: boolean;
  /** It was the real signer, direct or through a relayer (not the relayer). */
  isRealSigner?: boolean;
  /** It received a receipt: gas refunds and a relayer's receipts included. */
  isReceiver?: boolean;
  /** It received a receipt that is not a refund, from a transaction it did not sign. */
  isRealReceiver?: boolean;
  /** It was the target of a function call (calls to it, not the calls it made). */
  isFunctionCall?: boolean;
  isSuccess?: boolean;
}
export interface AccountTxRequest {
  accountId: string;
  /** 1–200 (default 20). */
  limit?: number;
  resumeToken?: string;
  filter?: AccountTxFilter;
  fromBlockHeight?: string;
  toBlockHeight?: string;
}
export interface AccountTxRow {
  hash: string;
  blockHeight: string;
  /** ns since the epoch, exact. */
  timestamp: string;
  txIndex: number;
  isSigner: boolean;
  /** Absent from a reader that does not know it: read as false. */
  isRealSigner?: boolean;
  isReceiver: boolean;
  /** Absent from a reader that does not know it: read as false. */
  isRealReceiver?: boolean;
  isFunctionCall: boolean;
  isSuccess: boolean;
}
export interface AccountTxPage {
  rows: AccountTxRow[];
  /** Only when the page was full: pass it back for the next page. */
  resumeToken?: string;
  /** Only on a first page (no resumeToken sent). */
  count?: number;
}

/** What reads.ts needs of a client: its transactions host, its RPC, its key rules. */
export interface TxHost {
  readonly endpoints: Endpoints;
  /** A POST of `body` (JSON) to the transactions API at `path` (/v0/…). */
  post(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Exchange>;
  readonly hasKey: boolean;
  clean(text: string): string;
  scrub(ex: Exchange, value: unknown): unknown;
  /** `archival`: a block the node no longer has (UNKNOWN_BLOCK, GARBAGE_COLLECTED_BLOCK) is asked of the archival host once. */
  rpc(method: string, params: unknown, signal: AbortSignal | undefined, o?: { archival?: boolean }): Promise<RpcResult<unknown>>;
  /** Completed transactions by transactions API and hash (ClientOptions.completedTransactions). */
  readonly done: BoundedMap<string, TransactionModel>;
  /** Hashes being read now (one read per hash at a time). */
  readonly flights: Map<string, Promise<TransactionModel | undefined>>;
}

// NearClient's transactions family: FastNEAR's transactions API (records by hash in batches of 20, an account's
// history page by page, a receipt with its parent transaction) and, where there is none, RPC `EXPERIMENTAL_tx_status`
// with the signer. This layer is thin and stays in the main bundle; the reading (the records' model, batching, the
// read-once cache) is txReads.ts, a lazy part loaded on the first call. Pure: no `vscode`.
import { NearLensError } from '../../base/errors';
import type { Endpoints } from '../../near/networks';
import type { ReceiptModel, TransactionModel } from './model';
import type { Exchange } from '../messages';
import type { CallOptions, ClientOptions, RpcResult } from '../options';
import { ClientAccounts } from '../accounts';
import { endpointUrl } from '../endpoint';
import type * as TxReads from './reads';

/** At most this many hashes per /v0/transactions request (more: the server answers 400). */
export const TX_BATCH = 20;

export interface AccountTxFilter {
  isSigner?: boolean;
  isReceiver?: boolean;
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
  isReceiver: boolean;
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

/** What txReads.ts needs of a client: its transactions host, its RPC, its key rules. */
export interface TxHost {
  readonly endpoints: Endpoints;
  /** A POST of `body` (JSON) to the transactions API at `path` (/v0/…). */
  post(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Exchange>;
  readonly hasKey: boolean;
  clean(text: string): string;
  scrub(ex: Exchange, value: unknown): unknown;
  rpc(method: string, params: unknown, signal: AbortSignal | undefined): Promise<RpcResult<unknown>>;
  /** Hashes being read now (one read per hash at a time). */
  readonly flights: Map<string, Promise<TransactionModel | undefined>>;
}

type Part = Pick<typeof TxReads, 'transactions' | 'accountTransactions' | 'receipt' | 'transactionViaRpc'>;
/** Defined by esbuild.mjs in every bundle; absent when run from source (tests, bench). */
declare const NEAR_LENS_BUNDLE: string | undefined;
let loader: (() => Promise<Part>) | undefined;

/** How the bundle loads txReads.ts's readers (src/features/lazy.ts: the lazy part that carries them). */
export function setTransactionsPart(load: () => Promise<Part>): void {
  loader = load;
}

function part(): Promise<Part> {
  if (loader) return loader();
  // From source every module is at hand; esbuild drops this branch (and the require) from the bundles.
  if (typeof NEAR_LENS_BUNDLE === 'undefined') return Promise.resolve(require('./reads') as Part);
  return Promise.reject(new NearLensError('network', 'transactions part not loaded'));
}

export class ClientTransactions extends ClientAccounts {
  readonly #hasApi: boolean;
  #host: TxHost | undefined;

  constructor(opts: ClientOptions) {
    super(opts);
    this.#hasApi = endpointUrl(this.endpoints.txApiUrl ?? '', '') !== '';
  }

  /** Whether the network has a transactions API (a hash alone is enough); without one, RPC needs the signer. */
  get hasTransactionsApi(): boolean {
    return this.#hasApi;
  }

  /**
   * Transactions by hash, in requests of at most 20, keyed by hash (the service gives no order); a hash it does not
   * know is absent. A completed transaction is read once a session. Bad hashes are refused before anything is sent.
   */
  transactions(hashes: readonly string[], o?: CallOptions): Promise<Map<string, TransactionModel>> {
    return this.#read('transactions', hashes, o);
  }

  /** An account's transactions, newest first, one page (limit 1–200, default 20); `resumeToken` of a full page gives the next. */
  accountTransactions(req: AccountTxRequest, o?: CallOptions): Promise<AccountTxPage> {
    return this.#read('accountTransactions', req, o);
  }

  /** A receipt and its parent transaction (undefined: the service knows no such receipt). */
  receipt(receiptId: string, o?: CallOptions): Promise<{ receipt: ReceiptModel; transaction?: TransactionModel } | undefined> {
    return this.#read('receipt', receiptId, o);
  }

  /**
   * A transaction over RPC (`EXPERIMENTAL_tx_status`, else `tx`), which needs its signer; the block's height and time
   * from RPC `block`. Undefined: the node does not know it (UNKNOWN_TRANSACTION: another signer, or pruned).
   */
  transactionViaRpc(hash: string, signerId: string, o?: CallOptions): Promise<TransactionModel | undefined> {
    return this.#read('transactionViaRpc', hash, signerId, o);
  }

  /** One of txReads.ts's readers with this client as its host. */
  #read<K extends 'transactions' | 'accountTransactions' | 'receipt' | 'transactionViaRpc'>(
    name: K,
    ...args: Parameters<Part[K]> extends [TxHost, ...infer R] ? R : never
  ): ReturnType<Part[K]> {
    return this.guard(async () => ((await part())[name] as (h: TxHost, ...a: unknown[]) => Promise<unknown>)(this.#txHost(), ...args)) as ReturnType<Part[K]>;
  }

  #txHost(): TxHost {
    if (this.#host) return this.#host;
    return (this.#host = {
      endpoints: this.endpoints,
      post: (path, body, signal) => this.http.send('tx', endpointUrl(this.endpoints.txApiUrl ?? '', path), JSON.stringify(body), signal),
      hasKey: this.http.keys.length > 0,
      clean: this.clean,
      scrub: (ex, value) => this.scrub(ex, value),
      rpc: (method, params, signal) => this.rpcSend(method, params, { fallback: false }, signal),
      flights: new Map(),
    });
  }
}

// NearClient's transactions family: FastNEAR's transactions API (records by hash in batches of TX_BATCH, an account's
// history page by page, a receipt with its parent transaction) and, where there is none, RPC `EXPERIMENTAL_tx_status`
// with the signer. This layer is thin; the reading (the records' model, batching, the read-once cache) is reads.ts,
// loaded on the first call by the loader the client is given (NearClientOptions.transactionReads). Pure: no `vscode`.
import { NearLensError } from '../../base/errors';
import type { ReceiptModel, TransactionModel } from './model';
import type { ClientContext } from '../context';
import { endpointUrl } from '../endpoint';
import type { CallOptions } from '../options';
import type { RpcFamily } from '../rpcFamily';
import type * as Reads from './reads';
import type { AccountTxPage, AccountTxRequest, TransactionReads, TxHost } from './types';

/**
 * The readers' module, named in a variable: a bundler follows only a literal `require`, so the readers stay out of the
 * bundle that holds this file (the extension gives its clients the loader of the lazy part that carries them).
 */
const READS_MODULE = './reads';

/** The readers straight from source, for a client made without a loader (unit tests, the bench, scripts under tsx). */
function readsFromSource(): Promise<TransactionReads> {
  try {
    // Typed as the module it is, so the compiler checks that its exports are the readers the family calls.
    return Promise.resolve(require(READS_MODULE) as typeof Reads);
  } catch {
    return Promise.reject(new NearLensError('network', 'The transactions readers are not at hand: this client was made without transactionReads.'));
  }
}

export class TransactionsFamily {
  readonly #ctx: ClientContext;
  readonly #rpc: RpcFamily;
  readonly #load: () => Promise<TransactionReads>;
  readonly #hasApi: boolean;
  #host: TxHost | undefined;

  /** `load`: how the readers load (NearClientOptions.transactionReads); none: from source. */
  constructor(ctx: ClientContext, rpc: RpcFamily, load: (() => Promise<TransactionReads>) | undefined) {
    this.#ctx = ctx;
    this.#rpc = rpc;
    this.#load = load ?? readsFromSource;
    this.#hasApi = endpointUrl(ctx.endpoints.txApiUrl ?? '', '') !== '';
  }

  /** Whether the network has a transactions API (a hash alone is enough); without one, RPC needs the signer. */
  get hasTransactionsApi(): boolean {
    return this.#hasApi;
  }

  /**
   * Transactions by hash, in requests of at most TX_BATCH, keyed by hash (the service gives no order); a hash it does
   * not know is absent. A completed transaction is read once a session. Bad hashes are refused before anything is sent.
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

  /** One of the readers with this family as its host. */
  #read<K extends keyof TransactionReads>(
    name: K,
    ...args: Parameters<TransactionReads[K]> extends [TxHost, ...infer R] ? R : never
  ): ReturnType<TransactionReads[K]> {
    return this.#ctx.guard(async () => {
      const reader = (await this.#load())[name] as (h: TxHost, ...a: unknown[]) => Promise<unknown>;
      return reader(this.#txHost(), ...args);
    }) as ReturnType<TransactionReads[K]>;
  }

  #txHost(): TxHost {
    if (this.#host) return this.#host;
    const ctx = this.#ctx;
    return (this.#host = {
      endpoints: ctx.endpoints,
      post: (path, body, signal) => ctx.http.send('tx', endpointUrl(ctx.endpoints.txApiUrl ?? '', path), JSON.stringify(body), signal),
      hasKey: ctx.hasKey,
      clean: ctx.clean,
      scrub: (ex, value) => ctx.scrub(ex, value),
      rpc: (method, params, signal) => this.#rpc.rpcSend(method, params, { fallback: false }, signal),
      flights: new Map(),
    });
  }
}

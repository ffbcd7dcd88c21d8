// NearClient's transactions family: FastNEAR's transactions API (records by hash in batches of TX_BATCH, an account's
// history page by page, a receipt with its parent transaction) and, where there is none, RPC `EXPERIMENTAL_tx_status`
// with the signer. This layer is thin; the reading (the records' model, batching, the read-once cache) is reads.ts.
// Pure: no `vscode`.
import type { ReceiptModel, TransactionModel } from './model';
import type { ClientContext } from '../context';
import { endpointUrl } from '../endpoint';
import type { CallOptions } from '../options';
import type { RpcFamily } from '../rpcFamily';
import * as reads from './reads';
import type { AccountTxPage, AccountTxRequest, TxHost } from './types';

export class TransactionsFamily {
  readonly #ctx: ClientContext;
  readonly #rpc: RpcFamily;
  readonly #hasApi: boolean;
  #host: TxHost | undefined;

  constructor(ctx: ClientContext, rpc: RpcFamily) {
    this.#ctx = ctx;
    this.#rpc = rpc;
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
  byHash(hashes: readonly string[], o?: CallOptions): Promise<Map<string, TransactionModel>> {
    return this.#ctx.guard(() => reads.transactions(this.#txHost(), hashes, o));
  }

  /** An account's transactions, newest first, one page (limit 1–200, default 20); `resumeToken` of a full page gives the next. */
  accountTransactions(req: AccountTxRequest, o?: CallOptions): Promise<AccountTxPage> {
    return this.#ctx.guard(() => reads.accountTransactions(this.#txHost(), req, o));
  }

  /** A receipt and its parent transaction (undefined: the service knows no such receipt). */
  receipt(receiptId: string, o?: CallOptions): Promise<{ receipt: ReceiptModel; transaction?: TransactionModel } | undefined> {
    return this.#ctx.guard(() => reads.receipt(this.#txHost(), receiptId, o));
  }

  /**
   * A transaction over RPC (`EXPERIMENTAL_tx_status`, else `tx`), which needs its signer; the block's height and time
   * from RPC `block`, or, when that read fails, why they are unknown (`blockUnread`). Undefined: the node does not know
   * it (UNKNOWN_TRANSACTION: another signer, or pruned).
   */
  transactionViaRpc(hash: string, signerId: string, o?: CallOptions): Promise<TransactionModel | undefined> {
    return this.#ctx.guard(() => reads.transactionViaRpc(this.#txHost(), hash, signerId, o));
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
      rpc: (method, params, signal, o) => this.#rpc.rpcSend(method, params, { fallback: o?.archival === true }, signal),
      done: ctx.completedTransactions,
      flights: new Map(),
    });
  }
}

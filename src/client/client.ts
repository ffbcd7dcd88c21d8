// The one way NEAR Lens talks to the service: FastNEAR REST and NEAR JSON-RPC reads, each a typed model, cached and
// de-duplicated, every failure a NearLensError with the key masked. The features import this module only. NearClient
// holds one ClientContext (transport, cache, guard: context.ts) and its families, each a file of its own that is handed
// the context and the families it uses: rpcFamily.ts (JSON-RPC), accounts.ts (REST accounts and keys, RPC standing in),
// transactions/family.ts (the transactions API, RPC `tx`). A caller names the family it asks: `client.accounts.full(id)`,
// `client.rpc.viewAccount(id)`, `client.transactions.byHash(hashes)`;
// changes.ts reads what a transaction ran and changed (`client.changes.txStatus(…)`). Pure: no `vscode`.
import type { Endpoints } from '../near/networks';
import { AccountsFamily } from './accounts';
import { ChangesFamily } from './changes';
import { ClientContext } from './context';
import type { ClientOptions } from './options';
import { RpcFamily } from './rpcFamily';
import { TransactionsFamily } from './transactions/family';
import type { AuthTransport } from './transport';

export type { AccessKeyInfo, BlockRef, Finality, FtMetadata, ViewAccount } from './rpc';
export { isWriteMethod, parseBlockRef, READ_ONLY_METHODS, rpcMethodError } from './rpc';
export type { Host, RpcHost } from './messages';
export { parseRetryAfter } from './messages';
export type { RequestLogEntry } from './transport';
export { DEFAULT_TIMEOUT_MS } from './transport';
export type Transport = AuthTransport;
export type { CacheTtl, CallOptions, ClientOptions, RpcCallOptions, RpcResult } from './options';
export { NO_INDEXER_MESSAGE, WRONG_API_URL } from './accounts';
export type { AccountState, ChangeCause, ChangesKind, FeeConfig, StateChange } from './changes';
export type { AccountTxFilter, AccountTxPage, AccountTxRequest, AccountTxRow } from './transactions/types';

/** The client of one network's endpoints (each family's file documents its methods). */
export class NearClient {
  readonly endpoints: Endpoints;
  readonly context: ClientContext;
  /** JSON-RPC reads (rpcFamily.ts): blocks, accounts and keys, view calls, token metadata, pools, any read-only method. */
  readonly rpc: RpcFamily;
  /** FastNEAR's REST API (accounts.ts): an account's full picture, its tokens, NFTs and pools, a key's accounts. */
  readonly accounts: AccountsFamily;
  /** The transactions API and RPC `EXPERIMENTAL_tx_status` (transactions/family.ts). */
  readonly transactions: TransactionsFamily;
  /** What a transaction ran and changed, for Inspect Transaction (changes.ts). */
  readonly changes: ChangesFamily;

  constructor(opts: ClientOptions) {
    const ctx = (this.context = new ClientContext(opts));
    this.endpoints = ctx.endpoints;
    const rpc = (this.rpc = new RpcFamily(ctx));
    this.accounts = new AccountsFamily(ctx, rpc, opts.restFallback !== false);
    this.transactions = new TransactionsFamily(ctx, rpc);
    this.changes = new ChangesFamily(ctx, rpc);
  }

  /** Sends nothing more: an attempt not yet sent (a retry waiting out its delay) ends as cancelled. */
  close(): void {
    this.context.http.close();
  }

  /** Whether `text` holds the API key (any of the forms it may travel in): such an answer is not shown. */
  holdsKey(text: string): boolean {
    return this.context.http.redact(text) !== text;
  }
}

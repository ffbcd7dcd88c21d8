// The one way NEAR Lens talks to the service: FastNEAR REST and NEAR JSON-RPC reads, each a typed model, cached and
// de-duplicated, every failure a NearLensError with the key masked. The features import this module only. NearClient
// holds one ClientContext (transport, cache, guard: context.ts) and its families, each a file of its own that is handed
// the context and the families it uses: rpcFamily.ts (JSON-RPC), accounts.ts (REST accounts and keys, RPC standing in),
// transactions/family.ts (the transactions API, RPC `tx`), changes.ts (what a transaction ran and changed). Its methods
// are theirs, one line each. Pure: no `vscode`.
import type { AccountFull, FtHolding, IndexerStatus, NftCollection, PoolEntry, PublicKeyAccounts } from '../near/account';
import type { Endpoints } from '../near/networks';
import { AccountsFamily } from './accounts';
import { ChangesFamily } from './changes';
import type { ChangesKind, FeeConfig, StateChange } from './changes';
import { ClientContext } from './context';
import type { RpcHost } from './messages';
import type { CallOptions, ClientOptions, RpcCallOptions, RpcResult } from './options';
import type { AccessKeyInfo, BlockRef, FtMetadata, ViewAccount } from './rpc';
import { RpcFamily } from './rpcFamily';
import { TransactionsFamily } from './transactions/family';
import type { AccountTxPage, AccountTxRequest } from './transactions/types';
import type { ReceiptModel, TransactionModel } from './transactions/model';
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
  readonly rpcFamily: RpcFamily;
  readonly accountsFamily: AccountsFamily;
  readonly transactionsFamily: TransactionsFamily;
  readonly changesFamily: ChangesFamily;

  constructor(opts: ClientOptions) {
    const ctx = (this.context = new ClientContext(opts));
    this.endpoints = ctx.endpoints;
    const rpc = (this.rpcFamily = new RpcFamily(ctx));
    this.accountsFamily = new AccountsFamily(ctx, rpc, opts.restFallback !== false);
    this.transactionsFamily = new TransactionsFamily(ctx, rpc);
    this.changesFamily = new ChangesFamily(ctx, rpc);
  }

  /** Sends nothing more: an attempt not yet sent (a retry waiting out its delay) ends as cancelled. */
  close(): void {
    this.context.http.close();
  }

  /** Whether `text` holds the API key (any of the forms it may travel in): such an answer is not shown. */
  holdsKey(text: string): boolean {
    return this.context.http.redact(text) !== text;
  }

  // JSON-RPC (rpcFamily.ts)
  get hasArchival(): boolean {
    return this.rpcFamily.hasArchival;
  }
  block(ref: BlockRef, o?: RpcCallOptions): Promise<RpcResult<Record<string, unknown>>> {
    return this.rpcFamily.block(ref, o);
  }
  viewAccount(id: string, ref?: BlockRef, o?: RpcCallOptions): Promise<RpcResult<ViewAccount>> {
    return this.rpcFamily.viewAccount(id, ref, o);
  }
  viewAccessKeyList(id: string, ref?: BlockRef, o?: RpcCallOptions): Promise<RpcResult<AccessKeyInfo[]>> {
    return this.rpcFamily.viewAccessKeyList(id, ref, o);
  }
  callFunction<T = unknown>(contractId: string, method: string, args: unknown, o?: RpcCallOptions & { ref?: BlockRef }): Promise<RpcResult<T>> {
    return this.rpcFamily.callFunction<T>(contractId, method, args, o);
  }
  ftMetadata(contractId: string, o?: CallOptions): Promise<FtMetadata> {
    return this.rpcFamily.ftMetadata(contractId, o);
  }
  cachedFtMetadata(contractIds: readonly string[]): Map<string, FtMetadata> {
    return this.rpcFamily.cachedFtMetadata(contractIds);
  }
  stakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<bigint> {
    return this.rpcFamily.stakedBalance(poolId, accountId, o);
  }
  unstakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<bigint> {
    return this.rpcFamily.unstakedBalance(poolId, accountId, o);
  }
  rpc(method: string, params: unknown, host?: RpcHost, o?: CallOptions): Promise<RpcResult<unknown>> {
    return this.rpcFamily.rpc(method, params, host, o);
  }

  // REST accounts and keys (accounts.ts)
  get hasIndexer(): boolean {
    return this.accountsFamily.hasIndexer;
  }
  full(id: string, o?: CallOptions): Promise<AccountFull> {
    return this.accountsFamily.full(id, o);
  }
  ft(id: string, o?: CallOptions): Promise<FtHolding[]> {
    return this.accountsFamily.ft(id, o);
  }
  nft(id: string, o?: CallOptions): Promise<NftCollection[]> {
    return this.accountsFamily.nft(id, o);
  }
  staking(id: string, o?: CallOptions): Promise<PoolEntry[]> {
    return this.accountsFamily.staking(id, o);
  }
  publicKey(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.accountsFamily.publicKey(pk, o);
  }
  publicKeyAll(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.accountsFamily.publicKeyAll(pk, o);
  }
  status(o?: CallOptions): Promise<IndexerStatus> {
    return this.accountsFamily.status(o);
  }
  peekFull(id: string): AccountFull | undefined {
    return this.accountsFamily.peekFull(id);
  }
  fullFetchedAt(id: string): number | undefined {
    return this.accountsFamily.fullFetchedAt(id);
  }
  invalidate(accountId?: string): void {
    this.accountsFamily.invalidate(accountId);
  }

  // The transactions API and RPC `tx` (transactions/family.ts)
  get hasTransactionsApi(): boolean {
    return this.transactionsFamily.hasTransactionsApi;
  }
  transactions(hashes: readonly string[], o?: CallOptions): Promise<Map<string, TransactionModel>> {
    return this.transactionsFamily.transactions(hashes, o);
  }
  accountTransactions(req: AccountTxRequest, o?: CallOptions): Promise<AccountTxPage> {
    return this.transactionsFamily.accountTransactions(req, o);
  }
  receipt(receiptId: string, o?: CallOptions): Promise<{ receipt: ReceiptModel; transaction?: TransactionModel } | undefined> {
    return this.transactionsFamily.receipt(receiptId, o);
  }
  transactionViaRpc(hash: string, signerId: string, o?: CallOptions): Promise<TransactionModel | undefined> {
    return this.transactionsFamily.transactionViaRpc(hash, signerId, o);
  }

  // What a transaction ran and changed, for Inspect Transaction (changes.ts)
  txStatus(hash: string, signerId: string, o?: RpcCallOptions): Promise<RpcResult<unknown> | undefined> {
    return this.changesFamily.txStatus(hash, signerId, o);
  }
  protocolConfig(blockId: number | string, o?: RpcCallOptions): Promise<FeeConfig> {
    return this.changesFamily.protocolConfig(blockId, o);
  }
  changes(kind: ChangesKind, accountId: string, blockHash: string, o?: RpcCallOptions): Promise<StateChange[]> {
    return this.changesFamily.changes(kind, accountId, blockHash, o);
  }
  valueAt(accountId: string, keyBase64: string, blockId: number | string, o?: RpcCallOptions): Promise<string | null> {
    return this.changesFamily.valueAt(accountId, keyBase64, blockId, o);
  }
}

// The one way NEAR Lens talks to the service: FastNEAR REST and NEAR JSON-RPC reads, each a typed model, cached and
// de-duplicated, every failure a NearLensError with the key masked. The features import this module only; each family
// of endpoints has a file of its own, one layer each: clientCore.ts (transport, cache, guard) → clientRpc.ts (JSON-RPC)
// → clientAccounts.ts (REST accounts and keys) → transactions.ts (the transactions API, RPC `tx`). Pure: no `vscode`.
import { ClientTransactions } from './transactions/family';
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
export type { AccountTxFilter, AccountTxPage, AccountTxRequest, AccountTxRow } from './transactions/family';

/** The client of one network's endpoints (see the files above for each family's methods). */
export class NearClient extends ClientTransactions {}

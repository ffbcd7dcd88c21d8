// The options and result shapes of NearClient, and its cache lifetimes. Pure: no `vscode`, no I/O.
import type { Endpoints } from '../near/networks';
import type { BoundedMap } from '../base/lru';
import type { TtlCache } from './cache';
import type { TransactionModel } from './transactions/model';
import type { RpcHost } from './messages';
import type { AuthTransport, RequestLogEntry } from './transport';

export interface CallOptions {
  signal?: AbortSignal;
  fresh?: boolean; // bypass the cache (the new answer is still stored)
  keep?: boolean; // false: the answer is not kept in the shared cache (the caller keeps its own); default true
}
/** Options of the RPC calls that may read history. */
export interface RpcCallOptions extends CallOptions {
  host?: RpcHost; // default 'regular'
  /** Retry once on the archival host when the regular one no longer has the block (default true). */
  fallback?: boolean;
}

export interface ClientOptions {
  endpoints: Endpoints;
  apiKey?: string;
  transport?: AuthTransport;
  timeoutMs?: number; // per attempt (connect + full body); default DEFAULT_TIMEOUT_MS
  retries?: number; // default 2
  maxBodyBytes?: number; // default 5 MB
  cache?: TtlCache;
  /**
   * Completed transactions by transactions API and hash, read once: shared by every client of a session (a completed
   * transaction never changes). Default: the client's own.
   */
  completedTransactions?: BoundedMap<string, TransactionModel>;
  log?: (e: RequestLogEntry) => void;
  /** The fetch under ofetch (tests, bench); default the global one (the extension host's Node has it). */
  fetch?: typeof globalThis.fetch;
  /** Requests leave from a browser page (the web build): CORS refusals read as such (see TransportOptions). */
  browser?: boolean;
  /** Base of the exponential backoff in ms (default 300; tests use 1). */
  retryBaseMs?: number;
  /** Longest Retry-After the client waits for; a longer one fails at once with the wait in the message (default 30 s). */
  maxRetryAfterMs?: number;
  /** Cache lifetimes per kind of data. */
  ttl?: Partial<CacheTtl>;
  /** When the REST API is down, read an account's state over RPC instead (default true; see NearClient.full). */
  restFallback?: boolean;
}

export interface CacheTtl {
  account: number;
  publicKey: number;
  status: number;
  ftMetadata: number;
  history: number; // answers for a fixed block (height/hash)
}

export interface RpcResult<T> {
  result: T;
  host: RpcHost;
}

export const DEFAULT_TTL: Readonly<CacheTtl> = { account: 30_000, publicKey: 30_000, status: 10_000, ftMetadata: 24 * 60 * 60_000, history: 10 * 60_000 };

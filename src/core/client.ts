// The one way NEAR Lens talks to the service: FastNEAR REST + NEAR JSON-RPC over fetch, with the API key,
// timeouts, safe retries, redirects that never leak the key, typed errors and a shared cache. Pure: no `vscode`.
import { base64 } from '@scure/base';
import Big from 'big.js';
import {
  normaliseFt,
  normaliseFull,
  normaliseNft,
  normalisePublicKey,
  normaliseStaking,
  normaliseStatus,
} from './account';
import type { AccountFull, FtHolding, IndexerStatus, NftCollection, PoolEntry, PublicKeyAccounts } from './account';
import { parseYocto } from './amounts';
import { TtlCache } from './cache';
import { NearLensError } from './errors';
import type { ErrorExtra, ErrorKind } from './errors';
import { classify } from './ids';
import type { Endpoints } from './networks';
import { redact, redactUrl } from './redact';

export type RpcHost = 'regular' | 'archival';
export type Transport = 'bearer' | 'query';
export type Finality = 'final' | 'near-final' | 'optimistic';
export type BlockRef = { finality: Finality } | { blockId: number | string };

export interface CallOptions {
  signal?: AbortSignal;
  fresh?: boolean; // bypass the cache (the new answer is still stored)
}
/** Options of the RPC calls that may read history. */
export interface RpcCallOptions extends CallOptions {
  host?: RpcHost; // default 'regular'
  /** Retry once on the archival host when the regular one no longer has the block (default true). */
  fallback?: boolean;
}

export interface RequestLogEntry {
  method: string;
  host: 'api' | RpcHost;
  url: string; // redacted
  status?: number;
  ms: number;
  error?: string; // redacted
}

export interface ClientOptions {
  endpoints: Endpoints;
  apiKey?: string;
  transport?: Transport;
  timeoutMs?: number; // default 8000, per attempt (connect + full body)
  retries?: number; // default 2
  maxBodyBytes?: number; // default 5 MB
  cache?: TtlCache;
  log?: (e: RequestLogEntry) => void;
  /** The fetch to use (tests, bench); default the global one (the extension host's Node has it). */
  fetch?: typeof globalThis.fetch;
  /** Base of the exponential backoff in ms (default 300; tests use 1). */
  retryBaseMs?: number;
  /** Longest Retry-After the client waits for; a longer one fails at once with the wait in the message (default 30 s). */
  maxRetryAfterMs?: number;
  /** Cache lifetimes per kind of data. */
  ttl?: Partial<CacheTtl>;
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
export interface ViewAccount {
  amount: Big;
  locked: Big;
  codeHash: string;
  storageUsage: number;
  blockHeight: number;
  blockHash: string;
  hasCode: boolean;
}
export interface AccessKeyInfo {
  publicKey: string;
  permission: 'FullAccess' | { receiverId: string; methodNames: string[]; allowance: Big | null };
}
export interface FtMetadata {
  symbol: string;
  name: string;
  decimals: number;
  icon?: string;
}

export const DEFAULT_TIMEOUT_MS = 8000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_RETRY_BASE_MS = 300;
export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;
export const DEFAULT_TTL: Readonly<CacheTtl> = Object.freeze({
  account: 30_000,
  publicKey: 30_000,
  status: 10_000,
  ftMetadata: 24 * 60 * 60_000,
  history: 10 * 60_000,
});

/** JSON-RPC methods that only read (offered by the "RPC Request…" picker). */
export const READ_ONLY_METHODS: readonly string[] = Object.freeze([
  'block',
  'query',
  'chunk',
  'status',
  'health',
  'gas_price',
  'network_info',
  'validators',
  'tx',
  'light_client_proof',
  'next_light_client_block',
  'block_effects',
  'changes',
  'genesis_config',
  'protocol_config',
  'client_config',
  'maintenance_windows',
  'EXPERIMENTAL_tx_status',
  'EXPERIMENTAL_receipt',
  'EXPERIMENTAL_changes',
  'EXPERIMENTAL_changes_in_block',
  'EXPERIMENTAL_genesis_config',
  'EXPERIMENTAL_protocol_config',
  'EXPERIMENTAL_validators_ordered',
  'EXPERIMENTAL_light_client_proof',
  'EXPERIMENTAL_maintenance_windows',
  'EXPERIMENTAL_congestion_level',
  'EXPERIMENTAL_split_storage_info',
]);

const WRITE_METHODS = new Set(['send_tx', 'broadcast_tx_async', 'broadcast_tx_commit', 'EXPERIMENTAL_broadcast_tx_sync']);

/** Methods that submit transactions or patch state: the client never sends them. */
export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method) || /^(sandbox_|adv_)/.test(method) || /broadcast|send_tx/i.test(method);
}

const FINALITIES: readonly string[] = ['final', 'near-final', 'optimistic'];
const BASE58_HASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const NO_CODE_HASH = '11111111111111111111111111111111';
const MAX_REDIRECTS = 3;

/** Reads what a user typed for a block: a finality, a height (commas/underscores allowed) or a base58 hash. */
export function parseBlockRef(text: string): BlockRef {
  const t = text.trim();
  if (FINALITIES.includes(t)) return { finality: t as Finality };
  const digits = t.replace(/[,_\s]/g, '');
  if (/^\d{1,16}$/.test(digits) && Number.isSafeInteger(Number(digits))) return { blockId: Number(digits) };
  if (BASE58_HASH.test(t)) return { blockId: t };
  throw new NearLensError('invalid-input', 'Enter a block height, a block hash or final / near-final / optimistic.');
}

/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date), or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function formatWait(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** Untrusted text made fit for a one-line message: no control characters, bounded length. */
function clip(text: string, max = 160): string {
  const t = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hostName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Configured base URL + path, keeping a query the user put on the base URL. */
function joinPath(base: string, path: string): string {
  const noHash = base.split('#')[0] ?? '';
  const qi = noHash.indexOf('?');
  const root = qi >= 0 ? noHash.slice(0, qi) : noHash;
  const query = qi >= 0 ? noHash.slice(qi) : '';
  return root.replace(/\/+$/, '') + path + query;
}

function stripApiKeyParam(url: string): string {
  return url.replace(/([?&])apiKey=[^&#]*(&|$)/gi, (_m, lead: string, trail: string) => (trail ? lead : '')).replace(/[?&]$/, '');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortedError(): NearLensError {
  return new NearLensError('aborted', 'The request was cancelled.');
}

/** Codes of the error and its causes (undici nests the socket error two levels down). */
function errorCodes(e: unknown): string[] {
  const codes: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; depth < 6 && typeof cur === 'object' && cur !== null; depth++) {
    const c = (cur as { code?: unknown }).code;
    if (typeof c === 'string') codes.push(c);
    const m = (cur as { message?: unknown }).message;
    if (typeof m === 'string' && /other side closed|socket hang up|terminated/i.test(m)) codes.push('ECONNRESET');
    cur = (cur as { cause?: unknown }).cause;
  }
  return codes;
}

/** Errors that are worth another attempt (resets and timeouts; not "refused" or DNS failures). */
const retryableErrors = new WeakSet<NearLensError>();

interface Exchange {
  status: number;
  headers: Headers;
  text: string;
}

interface SendSpec {
  host: 'api' | RpcHost;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  retryable: boolean;
}

let nextRpcId = 0;

export class NearClient {
  readonly endpoints: Endpoints;
  private readonly apiKey: string | undefined;
  private readonly transport: Transport;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxBodyBytes: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly ttl: CacheTtl;
  private readonly cache: TtlCache;
  private readonly logFn: ((e: RequestLogEntry) => void) | undefined;
  private readonly fetcher: typeof globalThis.fetch;

  constructor(opts: ClientOptions) {
    this.endpoints = Object.freeze({ ...opts.endpoints });
    this.apiKey = opts.apiKey ? opts.apiKey : undefined;
    this.transport = opts.transport ?? 'bearer';
    this.timeoutMs = Math.max(1, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.retries = Math.max(0, Math.floor(opts.retries ?? DEFAULT_RETRIES));
    this.maxBodyBytes = Math.max(1, opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    this.retryBaseMs = Math.max(0, opts.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
    this.maxRetryAfterMs = Math.max(0, opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS);
    this.ttl = { ...DEFAULT_TTL, ...opts.ttl };
    this.cache = opts.cache ?? new TtlCache();
    this.logFn = opts.log;
    // Plain fetch: the client does its own retries, timeouts, redirects, body cap and JSON (ofetch's were all off).
    this.fetcher = opts.fetch ?? globalThis.fetch;
  }

  // ---------------------------------------------------------------- REST

  full(id: string, o?: CallOptions): Promise<AccountFull> {
    return this.guard(async () => {
      const acc = requireAccount(id);
      return this.cached(this.accountKey(acc, 'full'), this.ttl.account, o, (signal) =>
        this.rest(`/v1/account/${encodeURIComponent(acc)}/full`, normaliseFull, signal, () =>
          // SERVICE-NOTES: unknown accounts come back as 200 + state:null; a 404 means the same.
          normaliseFull({ account_id: acc, state: null, tokens: [], nfts: [], pools: [] }),
        ),
      );
    });
  }

  ft(id: string, o?: CallOptions): Promise<FtHolding[]> {
    return this.guard(async () => {
      const acc = requireAccount(id);
      return this.cached(this.accountKey(acc, 'ft'), this.ttl.account, o, (signal) =>
        this.rest(`/v1/account/${encodeURIComponent(acc)}/ft`, normaliseFt, signal),
      );
    });
  }

  nft(id: string, o?: CallOptions): Promise<NftCollection[]> {
    return this.guard(async () => {
      const acc = requireAccount(id);
      return this.cached(this.accountKey(acc, 'nft'), this.ttl.account, o, (signal) =>
        this.rest(`/v1/account/${encodeURIComponent(acc)}/nft`, normaliseNft, signal),
      );
    });
  }

  staking(id: string, o?: CallOptions): Promise<PoolEntry[]> {
    return this.guard(async () => {
      const acc = requireAccount(id);
      return this.cached(this.accountKey(acc, 'staking'), this.ttl.account, o, (signal) =>
        this.rest(`/v1/account/${encodeURIComponent(acc)}/staking`, normaliseStaking, signal),
      );
    });
  }

  publicKey(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.keyLookup(pk, false, o);
  }

  publicKeyAll(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.keyLookup(pk, true, o);
  }

  status(o?: CallOptions): Promise<IndexerStatus> {
    return this.guard(async () =>
      this.cached(`status|${this.endpoints.apiUrl}`, this.ttl.status, o, (signal) => this.rest('/status', normaliseStatus, signal)),
    );
  }

  /** The last good `full()` answer for this account on this endpoint, even if expired. */
  peekFull(id: string): AccountFull | undefined {
    return this.cache.peek<AccountFull>(this.accountKey(id, 'full'));
  }

  // ---------------------------------------------------------------- JSON-RPC

  block(ref: BlockRef, o?: RpcCallOptions): Promise<RpcResult<Record<string, unknown>>> {
    return this.guard(async () => {
      const params = blockParams(ref);
      const load = async (signal: AbortSignal | undefined): Promise<RpcResult<Record<string, unknown>>> => {
        const r = await this.rpcWithFallback('block', params, o, signal);
        if (!isRecord(r.result) || !isRecord(r.result['header'])) throw shape('block');
        return { result: r.result, host: r.host };
      };
      if (params['block_id'] === undefined) return load(o?.signal);
      // A block at a fixed height/hash never changes.
      return this.cached(`block|${this.rpcUrlFor(o?.host)}|${String(params['block_id'])}`, this.ttl.history, o, load);
    });
  }

  viewAccount(id: string, ref?: BlockRef, o?: RpcCallOptions): Promise<RpcResult<ViewAccount>> {
    return this.guard(async () => {
      const acc = requireAccount(id);
      const at = blockParams(ref ?? { finality: 'final' });
      const params = { request_type: 'view_account', account_id: acc, ...at };
      return this.cached(this.rpcKey(acc, 'view_account', at, o), this.rpcTtl(at), o, async (signal) => {
        const r = await this.rpcWithFallback('query', params, o, signal);
        return { result: toViewAccount(r.result), host: r.host };
      });
    });
  }

  viewAccessKeyList(id: string, ref?: BlockRef, o?: RpcCallOptions): Promise<RpcResult<AccessKeyInfo[]>> {
    return this.guard(async () => {
      const acc = requireAccount(id);
      const at = blockParams(ref ?? { finality: 'final' });
      const params = { request_type: 'view_access_key_list', account_id: acc, ...at };
      return this.cached(this.rpcKey(acc, 'view_access_key_list', at, o), this.rpcTtl(at), o, async (signal) => {
        const r = await this.rpcWithFallback('query', params, o, signal);
        return { result: toAccessKeys(r.result), host: r.host };
      });
    });
  }

  /** A view call: args are sent as base64 JSON, the result bytes are decoded as UTF-8 JSON (undefined when empty). */
  callFunction<T = unknown>(contractId: string, method: string, args: unknown, o?: RpcCallOptions & { ref?: BlockRef }): Promise<RpcResult<T>> {
    return this.guard(async () => {
      const acc = requireAccount(contractId);
      const m = requireMethodName(method);
      const params = { request_type: 'call_function', account_id: acc, method_name: m, args_base64: encodeArgs(args), ...blockParams(o?.ref ?? { finality: 'final' }) };
      return this.callFunctionRaw<T>(acc, m, params, o, o?.signal);
    });
  }

  ftMetadata(contractId: string, o?: CallOptions): Promise<FtMetadata> {
    return this.guard(async () => {
      const acc = requireAccount(contractId);
      return this.cached(`ftmeta|${this.endpoints.rpcUrl}|${acc}`, this.ttl.ftMetadata, o, async (signal) => {
        const params = { request_type: 'call_function', account_id: acc, method_name: 'ft_metadata', args_base64: 'e30=', finality: 'final' };
        const r = await this.callFunctionRaw<unknown>(acc, 'ft_metadata', params, undefined, signal);
        return toFtMetadata(r.result, acc);
      });
    });
  }

  stakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<Big> {
    return this.poolView(poolId, accountId, 'get_account_staked_balance', o);
  }

  unstakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<Big> {
    return this.poolView(poolId, accountId, 'get_account_unstaked_balance', o);
  }

  /** Any read-only JSON-RPC method; write methods are refused before anything is sent. Not cached. */
  rpc(method: string, params: unknown, host?: RpcHost, o?: CallOptions): Promise<RpcResult<unknown>> {
    return this.guard(async () => {
      const m = requireRpcMethod(method);
      if (params !== undefined && !isRecord(params) && !Array.isArray(params)) {
        throw new NearLensError('invalid-input', 'RPC params must be a JSON object or array.');
      }
      let body: unknown = params ?? {};
      try {
        body = JSON.parse(JSON.stringify(body)) as unknown;
      } catch {
        throw new NearLensError('invalid-input', 'RPC params must be plain JSON.');
      }
      // Without an explicit host, a historical block/query may fall back to archival like the typed calls.
      const historical = isRecord(body) && body['block_id'] !== undefined;
      const opts: RpcCallOptions = { ...o, fallback: host === undefined && historical };
      if (host !== undefined) opts.host = host;
      return this.rpcWithFallback(m, body, opts, o?.signal);
    });
  }

  /** Drops cached data of one account (all endpoints), or of every account, key lookup and status ("Refresh"). */
  invalidate(accountId?: string): void {
    if (accountId !== undefined) {
      this.cache.invalidate(`acct:${accountId}|`);
      return;
    }
    this.cache.invalidate('acct:');
    this.cache.invalidate('pk|');
    this.cache.invalidate('status|');
  }

  // ---------------------------------------------------------------- internals: typed helpers

  private keyLookup(pk: string, all: boolean, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.guard(async () => {
      const key = requirePublicKey(pk);
      const path = `/v1/public_key/${encodeURIComponent(key)}${all ? '/all' : ''}`;
      return this.cached(`pk|${this.endpoints.apiUrl}|${key}|${all ? 'all' : 'full'}`, this.ttl.publicKey, o, (signal) =>
        this.rest(path, normalisePublicKey, signal),
      );
    });
  }

  private poolView(poolId: string, accountId: string, method: string, o?: CallOptions): Promise<Big> {
    return this.guard(async () => {
      const pool = requireAccount(poolId);
      const acc = requireAccount(accountId);
      return this.cached(`acct:${acc}|${this.endpoints.rpcUrl}|${method}|${pool}`, this.ttl.account, o, async (signal) => {
        const params = { request_type: 'call_function', account_id: pool, method_name: method, args_base64: encodeArgs({ account_id: acc }), finality: 'final' };
        const r = await this.callFunctionRaw<unknown>(pool, method, params, undefined, signal);
        const v = r.result;
        // Pools return the amount as a JSON string; accept a safe integer number too.
        return parseYocto(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v, method);
      });
    });
  }

  private async callFunctionRaw<T>(contractId: string, method: string, params: Record<string, unknown>, o: RpcCallOptions | undefined, signal: AbortSignal | undefined): Promise<RpcResult<T>> {
    const r = await this.rpcWithFallback('query', params, o, signal);
    const res = r.result;
    if (!isRecord(res)) throw shape('call_function');
    if (typeof res['error'] === 'string') {
      // A failed view call arrives as HTTP 200 with result.error (SERVICE-NOTES).
      const err = res['error'];
      const message = /MethodNotFound/.test(err)
        ? `The contract ${contractId} has no method "${method}".`
        : /CodeDoesNotExist/.test(err)
          ? `No contract is deployed on ${contractId}.`
          : `The contract call ${contractId}.${method} failed: ${this.clean(err)}.`;
      throw new NearLensError('contract', message);
    }
    return { result: decodeResultBytes(res['result']) as T, host: r.host };
  }

  // ---------------------------------------------------------------- internals: cache

  private accountKey(id: string, what: string): string {
    return `acct:${id}|${this.endpoints.apiUrl}|${what}`;
  }

  private rpcKey(acc: string, what: string, at: Record<string, unknown>, o?: RpcCallOptions): string {
    const ref = at['block_id'] !== undefined ? `id:${String(at['block_id'])}` : `f:${String(at['finality'])}`;
    return `acct:${acc}|${this.rpcUrlFor(o?.host)}|${what}|${ref}|${o?.fallback === false ? 'nofb' : 'fb'}`;
  }

  private rpcTtl(at: Record<string, unknown>): number {
    return at['block_id'] !== undefined ? this.ttl.history : this.ttl.account;
  }

  private cached<T>(key: string, ttlMs: number, o: CallOptions | undefined, load: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
    const opts: { fresh?: boolean; signal?: AbortSignal } = {};
    if (o?.fresh) opts.fresh = true;
    if (o?.signal) opts.signal = o.signal;
    return this.cache.get(key, ttlMs, load, opts);
  }

  // ---------------------------------------------------------------- internals: REST and RPC

  private async rest<T>(path: string, normalise: (raw: unknown) => T, signal: AbortSignal | undefined, on404?: () => T): Promise<T> {
    const ex = await this.send({ host: 'api', method: 'GET', url: joinPath(this.endpoints.apiUrl, path), retryable: true }, signal);
    if (ex.status === 404 && on404) return on404();
    if (ex.status < 200 || ex.status >= 300) throw this.httpError(ex, 'api');
    const raw = this.parseJson(ex);
    try {
      return normalise(raw);
    } catch (e) {
      if (NearLensError.is(e)) throw e;
      throw new NearLensError('bad-shape', 'The service sent data in an unexpected shape.');
    }
  }

  private rpcUrlFor(host: RpcHost | undefined): string {
    return host === 'archival' ? this.endpoints.archivalRpcUrl : this.endpoints.rpcUrl;
  }

  /**
   * Fallback rule: a request with a block_id (height or hash) that the regular host answers with
   * GARBAGE_COLLECTED_BLOCK, UNKNOWN_BLOCK or HTTP 422 is retried once on the archival host. No head check:
   * a height above the head costs one extra request and the archival host's own UNKNOWN_BLOCK is reported.
   */
  private async rpcWithFallback(method: string, params: unknown, o: RpcCallOptions | undefined, signal: AbortSignal | undefined): Promise<RpcResult<unknown>> {
    const host: RpcHost = o?.host ?? 'regular';
    try {
      return { result: await this.rpcCall(host, method, params, signal), host };
    } catch (e) {
      const historical = isRecord(params) && params['block_id'] !== undefined;
      const fallbackAllowed = o?.fallback !== false && host === 'regular' && historical;
      if (
        fallbackAllowed &&
        NearLensError.is(e) &&
        (e.rpcCause === 'GARBAGE_COLLECTED_BLOCK' || e.rpcCause === 'UNKNOWN_BLOCK' || (e.status === 422 && (e.kind === 'rpc' || e.kind === 'unprocessable')))
      ) {
        return { result: await this.rpcCall('archival', method, params, signal), host: 'archival' };
      }
      throw e;
    }
  }

  private async rpcCall(host: RpcHost, method: string, params: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const id = ++nextRpcId;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const ex = await this.send({ host, method: 'POST', url: this.rpcUrlFor(host), body, retryable: !isWriteMethod(method) }, signal);
    let parsed: unknown;
    let parsedOk = false;
    try {
      parsed = JSON.parse(ex.text) as unknown;
      parsedOk = true;
    } catch {
      // handled below, after the HTTP status
    }
    if (parsedOk && isRecord(parsed) && isRecord(parsed['error'])) throw this.rpcError(parsed['error'], ex.status, host);
    if (ex.status < 200 || ex.status >= 300) throw this.httpError(ex, host);
    if (!parsedOk) this.parseJson(ex); // throws the right not-json error
    if (!isRecord(parsed) || !('result' in parsed)) {
      throw new NearLensError('bad-shape', 'The RPC answer has neither a result nor an error.');
    }
    return parsed['result'];
  }

  // ---------------------------------------------------------------- internals: transport

  /** One logical request: attempts with backoff for retryable faults. Returns any HTTP answer, throws on transport failure. */
  private async send(spec: SendSpec, signal: AbortSignal | undefined): Promise<Exchange> {
    const base = spec.host === 'api' ? this.endpoints.apiUrl : this.rpcUrlFor(spec.host);
    if (!originOf(base)) {
      const which = spec.host === 'api' ? 'REST API' : spec.host === 'archival' ? 'archival RPC' : 'RPC';
      throw new NearLensError('invalid-input', `The ${which} URL is not a valid http(s) URL; check the NEAR Lens network settings.`);
    }
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortedError();
      const canRetry = spec.retryable && attempt < this.retries;
      let ex: Exchange;
      try {
        ex = await this.once(spec, signal);
      } catch (e) {
        const err = NearLensError.is(e) ? e : new NearLensError('network', `Network error talking to ${hostName(spec.url)}.`);
        if (canRetry && retryableErrors.has(err)) {
          await sleep(this.backoff(attempt), signal);
          continue;
        }
        throw err;
      }
      if (canRetry && (ex.status === 429 || ex.status >= 500)) {
        const wait = parseRetryAfter(ex.headers.get('retry-after'));
        if (wait !== undefined && wait > this.maxRetryAfterMs) return ex; // not worth waiting: report it now
        await sleep(wait ?? this.backoff(attempt), signal);
        continue;
      }
      return ex;
    }
  }

  private backoff(attempt: number): number {
    // Exponential with jitter so that many hovers do not retry in lock-step.
    return this.retryBaseMs * 2 ** attempt + Math.random() * this.retryBaseMs;
  }

  private async once(spec: SendSpec, signal: AbortSignal | undefined): Promise<Exchange> {
    const ctrl = new AbortController();
    const started = Date.now();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.timeoutMs);
    const onAbort = (): void => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const origin = originOf(spec.url);
    let url = spec.url;
    let method: 'GET' | 'POST' = spec.method;
    let body = spec.body;
    let status: number | undefined;
    let error: string | undefined;
    try {
      for (let hop = 0; ; hop++) {
        const res = await this.fetcher(this.withKey(url), {
          method,
          ...(body !== undefined ? { body } : {}),
          headers: this.headers(method),
          redirect: 'manual',
          signal: ctrl.signal,
        });
        status = res.status;
        const location = res.headers.get('location');
        if (status >= 300 && status < 400 && location) {
          await cancelBody(res);
          let target: string;
          try {
            target = new URL(location, url).toString();
          } catch {
            throw new NearLensError('server', `${hostName(url)} sent a broken redirect.`, { status });
          }
          // The key is only for the configured origin: never follow (and so never send the key) elsewhere.
          if (originOf(target) !== origin) {
            throw new NearLensError(
              'forbidden',
              `${hostName(url)} redirected to another site (${hostName(target)}); NEAR Lens did not follow it, so your API key was not sent there.`,
              { status },
            );
          }
          if (hop >= MAX_REDIRECTS) throw new NearLensError('server', `${hostName(url)} redirected too many times.`, { status });
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          url = stripApiKeyParam(target);
          continue;
        }
        const bytes = await readCapped(res, this.maxBodyBytes, ctrl, () => this.tooLarge(url));
        return { status, headers: res.headers, text: new TextDecoder('utf-8').decode(bytes) };
      }
    } catch (e) {
      const err = this.transportError(e, { timedOut, aborted: signal?.aborted === true, url });
      error = err.message;
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const entry: RequestLogEntry = { method, host: spec.host, url: this.safeUrl(url), ms: Date.now() - started };
      if (status !== undefined) entry.status = status;
      if (error !== undefined) entry.error = error;
      try {
        this.logFn?.(entry);
      } catch {
        // a broken logger must not break a lookup
      }
    }
  }

  private transportError(e: unknown, ctx: { timedOut: boolean; aborted: boolean; url: string }): NearLensError {
    if (NearLensError.is(e)) return e;
    const host = hostName(ctx.url);
    if (ctx.aborted) return abortedError();
    if (ctx.timedOut) return retryable(new NearLensError('timeout', `No answer from ${host} within ${formatWait(this.timeoutMs)}.`));
    const codes = errorCodes(e);
    if (codes.includes('ECONNREFUSED')) return new NearLensError('network', `Could not connect to ${host} (connection refused).`);
    if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) return new NearLensError('network', `Could not find the server ${host} (DNS lookup failed).`);
    if (codes.some((c) => /ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED/.test(c))) {
      return retryable(new NearLensError('network', `The connection to ${host} was reset.`));
    }
    return retryable(new NearLensError('network', `Network error talking to ${host}.`));
  }

  private tooLarge(url: string): NearLensError {
    const mb = this.maxBodyBytes / (1024 * 1024);
    const size = mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.ceil(this.maxBodyBytes / 1024)} KB`;
    return new NearLensError('too-large', `The answer from ${hostName(url)} is larger than ${size}; NEAR Lens stopped reading it.`);
  }

  private headers(method: string): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') h['content-type'] = 'application/json';
    if (this.apiKey && this.transport === 'bearer') h['authorization'] = `Bearer ${this.apiKey}`;
    return h;
  }

  /** Adds `apiKey=` (query transport only) after any existing query; fragments are never sent anyway. */
  private withKey(url: string): string {
    if (!this.apiKey || this.transport !== 'query') return url;
    const noHash = url.split('#')[0] ?? url;
    const sep = noHash.includes('?') ? (/[?&]$/.test(noHash) ? '' : '&') : '?';
    return `${noHash}${sep}apiKey=${encodeURIComponent(this.apiKey)}`;
  }

  private safeUrl(url: string): string {
    return redactUrl(this.clean(this.withKey(url), Infinity));
  }

  /** Redacted and clipped server text. */
  private clean(text: string, max = 160): string {
    const t = redact(text, this.apiKey ? [this.apiKey] : []);
    return max === Infinity ? t : clip(t, max);
  }

  private parseJson(ex: Exchange): unknown {
    const text = ex.text;
    const type = ex.headers.get('content-type') ?? '';
    const trimmed = text.trimStart();
    if (/text\/html/i.test(type) || trimmed.startsWith('<')) {
      throw new NearLensError('not-json', 'The service answered with an HTML page, not JSON.', { status: ex.status });
    }
    if (!trimmed) throw new NearLensError('not-json', 'The service sent an empty answer instead of JSON.', { status: ex.status });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new NearLensError('not-json', 'The answer from the service was cut off or is not valid JSON.', { status: ex.status });
    }
  }

  private httpError(ex: Exchange, host: 'api' | RpcHost): NearLensError {
    const status = ex.status;
    let detail: string | undefined;
    try {
      const v = JSON.parse(ex.text) as unknown;
      if (typeof v === 'string') detail = v;
      else if (isRecord(v) && typeof v['error'] === 'string') detail = v['error'];
      else if (isRecord(v) && typeof v['message'] === 'string') detail = v['message'];
    } catch {
      // not JSON: an HTML or text error page, described by its status alone
    }
    const d = detail ? this.clean(detail, 100) : undefined;
    const who = host === 'api' ? 'The service' : host === 'archival' ? 'The archival RPC host' : 'The RPC host';
    const mk = (kind: ErrorKind, message: string, extra?: ErrorExtra): NearLensError => new NearLensError(kind, message, { status, ...extra });
    if (status === 400) return mk('bad-request', `${who} rejected the request as invalid${d ? ` ("${d}")` : ''}.`);
    if (status === 401) {
      return mk('unauthorized', this.apiKey ? `${who} did not accept the API key (HTTP 401); check or replace it.` : `${who} asks for an API key (HTTP 401); set one to continue.`);
    }
    if (status === 402) return mk('payment-required', `${who} says the API key's plan or quota is used up (HTTP 402).`);
    if (status === 403) {
      if (detail === 'origin_not_allowed') {
        return mk('origin-not-allowed', 'This API key is restricted to certain web origins and cannot be used from the editor (origin_not_allowed); use an unrestricted key.');
      }
      return mk('forbidden', `${who} refused access (HTTP 403${d ? `: ${d}` : ''}).`);
    }
    if (status === 404) return mk('not-found', `${who} has no such resource (HTTP 404).`);
    if (status === 422) return mk('unprocessable', `${who} could not process the request (HTTP 422${d ? `: ${d}` : ''}).`);
    if (status === 429) {
      const wait = parseRetryAfter(ex.headers.get('retry-after'));
      const when = wait !== undefined ? `in ${formatWait(wait)}` : 'in a moment';
      const msg = this.apiKey ? `Rate limited by the service; try again ${when}.` : `Rate limited by the service — set an API key or try again ${when}.`;
      return mk('rate-limited', msg, wait !== undefined ? { retryAfterMs: wait } : undefined);
    }
    if (status === 502 || status === 503 || status === 504) return mk('server', `${who} is unavailable right now (HTTP ${status}).`);
    if (status >= 500) return mk('server', `${who} had an internal error (HTTP ${status}${d ? `: ${d}` : ''}).`);
    if (status >= 400) return mk('bad-request', `${who} answered with an unexpected HTTP ${status}.`);
    return mk('server', `${who} answered with an unexpected HTTP ${status}.`);
  }

  private rpcError(env: Record<string, unknown>, status: number, host: RpcHost): NearLensError {
    const name = typeof env['name'] === 'string' ? env['name'] : undefined;
    const causeObj = isRecord(env['cause']) ? env['cause'] : undefined;
    const info = causeObj && isRecord(causeObj['info']) ? causeObj['info'] : {};
    const data = typeof env['data'] === 'string' ? env['data'] : env['data'] !== undefined ? JSON.stringify(env['data']) : '';
    const message = typeof env['message'] === 'string' ? env['message'] : '';
    const cause = typeof causeObj?.['name'] === 'string' ? causeObj['name'] : guessCause(`${message} ${data}`);
    const where = host === 'archival' ? 'the archival RPC host' : 'the RPC host';
    const extra: ErrorExtra = { status };
    if (name) extra.rpcName = name;
    if (cause) extra.rpcCause = cause;
    const str = (k: string): string | undefined => (typeof info[k] === 'string' ? this.clean(info[k] as string, 80) : undefined);
    let text: string;
    let kind: ErrorKind = 'rpc';
    switch (cause) {
      case 'UNKNOWN_BLOCK':
        text = `No such block on ${where}.`;
        break;
      case 'GARBAGE_COLLECTED_BLOCK':
        text = `That block is too old for ${where} (garbage collected); the archival host keeps it.`;
        break;
      case 'UNKNOWN_ACCOUNT':
        text = `${str('requested_account_id') ? `The account ${str('requested_account_id')}` : 'That account'} does not exist at the requested block.`;
        break;
      case 'INVALID_ACCOUNT':
        text = `${where[0]?.toUpperCase()}${where.slice(1)} says the account id is invalid.`;
        break;
      case 'NO_CONTRACT_CODE':
        text = `No contract is deployed on ${str('contract_account_id') ?? 'that account'}.`;
        kind = 'contract';
        break;
      case 'CONTRACT_EXECUTION_ERROR':
        text = `The contract call failed: ${this.clean(str('vm_error') ?? data ?? message, 160)}.`;
        kind = 'contract';
        break;
      case 'UNKNOWN_ACCESS_KEY':
        text = 'That account has no such access key.';
        break;
      case 'METHOD_NOT_FOUND':
        text = `${where[0]?.toUpperCase()}${where.slice(1)} does not support the method "${str('method_name') ?? this.clean(data, 60)}".`;
        break;
      case 'PARSE_ERROR':
        text = `${where[0]?.toUpperCase()}${where.slice(1)} could not read the request: ${str('error_message') ?? this.clean(data || message, 120)}.`;
        break;
      case 'UNAVAILABLE_SHARD':
      case 'NO_SYNCED_BLOCKS':
      case 'NOT_SYNCED_YET':
        text = `${where[0]?.toUpperCase()}${where.slice(1)} is not ready to answer (${cause}); try again later.`;
        break;
      default: {
        const what = this.clean([cause ?? name, data || message].filter(Boolean).join(': '), 160);
        text = `${where[0]?.toUpperCase()}${where.slice(1)} answered with an error${what ? `: ${what}` : ''}.`;
      }
    }
    return new NearLensError(kind, text.replace(/\.\.$/, '.'), extra);
  }

  /** Every public method: failures are always NearLensError with a redacted message. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (NearLensError.is(e)) {
        const clean = redact(e.message, this.apiKey ? [this.apiKey] : []);
        if (clean === e.message) throw e;
        const extra: ErrorExtra = {};
        if (e.status !== undefined) extra.status = e.status;
        if (e.retryAfterMs !== undefined) extra.retryAfterMs = e.retryAfterMs;
        if (e.rpcName !== undefined) extra.rpcName = e.rpcName;
        if (e.rpcCause !== undefined) extra.rpcCause = e.rpcCause;
        throw new NearLensError(e.kind, clean, extra);
      }
      throw new NearLensError('network', 'Unexpected error while talking to the service.');
    }
  }
}

// -------------------------------------------------------------------- module helpers

function retryable(e: NearLensError): NearLensError {
  retryableErrors.add(e);
  return e;
}

function shape(what: string): NearLensError {
  return new NearLensError('bad-shape', `The RPC answer for ${what} has an unexpected shape.`);
}

/** Old nodes send only {code, message, data}: recognise the common causes from the text. */
function guessCause(text: string): string | undefined {
  if (/method not found/i.test(text)) return 'METHOD_NOT_FOUND';
  if (/garbage.collected/i.test(text)) return 'GARBAGE_COLLECTED_BLOCK';
  if (/unknown block|block not found|DB Not Found Error: BLOCK/i.test(text)) return 'UNKNOWN_BLOCK';
  if (/does not exist while viewing/i.test(text)) return 'UNKNOWN_ACCOUNT';
  if (/parse error/i.test(text)) return 'PARSE_ERROR';
  return undefined;
}

async function cancelBody(res: Response): Promise<void> {
  try {
    await res.body?.cancel();
  } catch {
    // already closed
  }
}

/** Reads the body up to `max` bytes; beyond that stops reading, aborts the connection and throws. */
async function readCapped(res: Response, max: number, ctrl: AbortController, tooLarge: () => NearLensError): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await cancelBody(res);
    ctrl.abort();
    throw tooLarge();
  }
  const stream = res.body as ReadableStream<Uint8Array> | null;
  if (!stream) return new Uint8Array(0);
  if (typeof stream.getReader !== 'function') {
    // A fetch without web streams (injected polyfill): read whole, then check.
    const buf = new Uint8Array(await res.arrayBuffer());
    if (buf.byteLength > max) throw tooLarge();
    return buf;
  }
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      reader.cancel().catch(() => undefined);
      ctrl.abort();
      throw tooLarge();
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.byteLength;
  }
  return out;
}

function requireAccount(id: string): string {
  const c = classify(String(id));
  switch (c.kind) {
    case 'account':
      return c.id;
    case 'sensitive':
      throw new NearLensError('sensitive', 'That looks like a secret key or a signature; NEAR Lens never sends it anywhere.');
    case 'public-key':
      throw new NearLensError('invalid-input', 'Expected an account id, not a public key.');
    default:
      throw new NearLensError('invalid-input', `Not a valid NEAR account id: ${clip(c.reason, 120)}.`.replace(/\.\.$/, '.'));
  }
}

function requirePublicKey(pk: string): string {
  const c = classify(String(pk));
  switch (c.kind) {
    case 'public-key':
      return c.key;
    case 'sensitive':
      throw new NearLensError('sensitive', 'That looks like a secret key or a signature; NEAR Lens never sends it anywhere.');
    case 'account':
      throw new NearLensError('invalid-input', 'Expected a public key (ed25519:… or secp256k1:…), not an account id.');
    default:
      throw new NearLensError('invalid-input', `Not a valid public key: ${clip(c.reason, 120)}.`.replace(/\.\.$/, '.'));
  }
}

function requireMethodName(method: string): string {
  if (typeof method !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,255}$/.test(method)) {
    throw new NearLensError('invalid-input', 'A contract method name is letters, digits and underscores.');
  }
  return method;
}

function requireRpcMethod(method: string): string {
  if (typeof method !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(method)) {
    throw new NearLensError('invalid-input', 'An RPC method name is letters, digits and underscores.');
  }
  if (isWriteMethod(method)) {
    throw new NearLensError('refused-method', `NEAR Lens only sends read-only requests; "${method}" would submit a transaction.`);
  }
  return method;
}

function blockParams(ref: BlockRef): Record<string, unknown> {
  if (!isRecord(ref)) throw new NearLensError('invalid-input', 'A block is a height, a hash or a finality.');
  if ('finality' in ref) {
    if (!FINALITIES.includes(ref.finality)) throw new NearLensError('invalid-input', 'Finality is final, near-final or optimistic.');
    return { finality: ref.finality };
  }
  const id = ref.blockId;
  if (typeof id === 'number') {
    if (!Number.isSafeInteger(id) || id < 0) throw new NearLensError('invalid-input', 'A block height is a whole number ≥ 0.');
    return { block_id: id };
  }
  if (typeof id === 'string') {
    if (/^\d{1,16}$/.test(id) && Number.isSafeInteger(Number(id))) return { block_id: Number(id) };
    if (BASE58_HASH.test(id)) return { block_id: id };
  }
  throw new NearLensError('invalid-input', 'A block id is a height or a base58 block hash.');
}

function encodeArgs(args: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(args === undefined ? {} : args);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new NearLensError('invalid-input', 'Contract arguments must be plain JSON.');
  return base64.encode(new TextEncoder().encode(text));
}

function decodeResultBytes(raw: unknown): unknown {
  if (!Array.isArray(raw) || !raw.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw shape('call_function');
  }
  if (raw.length === 0) return undefined; // a view method that returns nothing
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(raw as number[]));
  } catch {
    throw new NearLensError('bad-shape', 'The contract returned bytes that are not UTF-8 text.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new NearLensError('bad-shape', 'The contract returned a result that is not JSON.');
  }
}

function toViewAccount(r: unknown): ViewAccount {
  if (!isRecord(r)) throw shape('view_account');
  const { code_hash: codeHash, storage_usage: storageUsage, block_height: blockHeight, block_hash: blockHash } = r;
  if (typeof codeHash !== 'string' || typeof blockHash !== 'string' || !Number.isSafeInteger(storageUsage) || !Number.isSafeInteger(blockHeight)) {
    throw shape('view_account');
  }
  return {
    amount: parseYocto(r['amount'], 'amount'),
    locked: parseYocto(r['locked'], 'locked'),
    codeHash,
    storageUsage: storageUsage as number,
    blockHeight: blockHeight as number,
    blockHash,
    hasCode: codeHash !== NO_CODE_HASH,
  };
}

function toAccessKeys(r: unknown): AccessKeyInfo[] {
  if (!isRecord(r) || !Array.isArray(r['keys'])) throw shape('view_access_key_list');
  return r['keys'].map((k: unknown): AccessKeyInfo => {
    if (!isRecord(k) || typeof k['public_key'] !== 'string' || !isRecord(k['access_key'])) throw shape('view_access_key_list');
    const perm = k['access_key']['permission'];
    if (perm === 'FullAccess') return { publicKey: k['public_key'], permission: 'FullAccess' };
    const fc = isRecord(perm) && isRecord(perm['FunctionCall']) ? perm['FunctionCall'] : undefined;
    if (!fc || typeof fc['receiver_id'] !== 'string') throw shape('view_access_key_list');
    const methods = fc['method_names'] ?? [];
    if (!Array.isArray(methods) || !methods.every((m) => typeof m === 'string')) throw shape('view_access_key_list');
    const allowance = fc['allowance'];
    return {
      publicKey: k['public_key'],
      permission: {
        receiverId: fc['receiver_id'],
        methodNames: methods as string[],
        allowance: allowance === null || allowance === undefined ? null : parseYocto(allowance, 'allowance'),
      },
    };
  });
}

function toFtMetadata(r: unknown, contractId: string): FtMetadata {
  const bad = (): NearLensError => new NearLensError('bad-shape', `The token ${contractId} sent metadata in an unexpected shape.`);
  if (!isRecord(r)) throw bad();
  const { symbol, name, decimals, icon } = r;
  if (typeof symbol !== 'string' || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw bad();
  const out: FtMetadata = { symbol, name: typeof name === 'string' ? name : symbol, decimals };
  if (typeof icon === 'string' && icon) out.icon = icon;
  return out;
}

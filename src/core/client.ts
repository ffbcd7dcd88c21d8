// The one way NEAR Lens talks to the service: FastNEAR REST + NEAR JSON-RPC over fetch, with the API key, timeouts,
// safe retries, redirects that never leak the key, capped bodies, typed errors and a shared cache. Pure: no `vscode`.
import type Big from 'big.js';
import { normaliseFt, normaliseFull, normaliseNft, normalisePublicKey, normaliseStaking, normaliseStatus } from './account';
import type { AccountFull, FtHolding, IndexerStatus, NftCollection, PoolEntry, PublicKeyAccounts } from './account';
import { parseYocto } from './amounts';
import { TtlCache } from './cache';
import { aborted, badShape, invalidInput, isRecord, NearLensError, SECRET_REFUSED, sentence } from './errors';
import type { ErrorKind } from './errors';
import { classify, findAll } from './ids';
import { sanitizeText } from './markdown';
import { hostOf, originOf } from './networks';
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
  ...'block query chunk status health gas_price network_info validators tx light_client_proof next_light_client_block block_effects changes genesis_config protocol_config client_config maintenance_windows'.split(' '),
  ...'tx_status receipt changes changes_in_block genesis_config protocol_config validators_ordered light_client_proof maintenance_windows congestion_level split_storage_info'
    .split(' ')
    .map((m) => `EXPERIMENTAL_${m}`),
]);

/** Methods that submit transactions or patch state (send_tx, broadcast_tx_*, sandbox_*, adv_*): the client never sends them. */
export function isWriteMethod(method: string): boolean {
  return /^(sandbox_|adv_)/.test(method) || /broadcast|send_tx/i.test(method);
}

/** Why the RPC method cannot be sent, or undefined (the palette's validation and the client's guard). */
export function rpcMethodError(method: string): string | undefined {
  const m = String(method).trim();
  if (!m) return 'Enter a JSON-RPC method name, for example block or query.';
  if (isWriteMethod(m)) return `${sanitizeText(m, 64)} submits transactions; NEAR Lens only reads and never sends it.`;
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(m)) return 'A JSON-RPC method name is letters, digits and underscores.';
  return undefined;
}

const FINALITIES: readonly string[] = ['final', 'near-final', 'optimistic'];
const BASE58_HASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const HEIGHT = /^\d{1,16}$/;
const NO_CODE_HASH = '11111111111111111111111111111111';
const MAX_REDIRECTS = 3;
const FINAL: BlockRef = { finality: 'final' };
const BAD_BLOCK = 'A block is a height, a base58 block hash or final / near-final / optimistic.';

/** Reads what a user typed for a block: a finality, a height (commas/underscores allowed) or a base58 hash. */
export function parseBlockRef(text: string): BlockRef {
  const t = text.trim();
  if (FINALITIES.includes(t)) return { finality: t as Finality };
  const digits = t.replace(/[,_\s]/g, '');
  const ref = { blockId: HEIGHT.test(digits) ? Number(digits) : t };
  blockParams(ref); // throws the reason when it is neither
  return ref;
}

/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date), or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** `{ finality }` or `{ block_id }` of a checked BlockRef. */
function blockParams(ref: BlockRef): Record<string, unknown> {
  if (isRecord(ref)) {
    if ('finality' in ref) {
      if (FINALITIES.includes(ref.finality)) return { finality: ref.finality };
    } else {
      const id = ref.blockId;
      const n = typeof id === 'string' && HEIGHT.test(id) ? Number(id) : id;
      if (typeof n === 'number' ? Number.isSafeInteger(n) && n >= 0 : typeof n === 'string' && BASE58_HASH.test(n)) return { block_id: n };
    }
  }
  throw invalidInput(BAD_BLOCK);
}

function formatWait(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

const hostName = (url: string): string => hostOf(url) || 'the service';

function stripApiKeyParam(url: string): string {
  return url.replace(/([?&])apiKey=[^&#]*(&|$)/gi, (_m, lead: string, trail: string) => (trail ? lead : '')).replace(/[?&]$/, '');
}


function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Codes of the error and its causes (undici nests the socket error two levels down). */
function errorCodes(e: unknown): string {
  const codes: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; depth < 6 && isObject(cur); depth++) {
    const { code, message } = cur as { code?: unknown; message?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof message === 'string' && /other side closed|socket hang up|terminated/i.test(message)) codes.push('ECONNRESET');
    cur = (cur as { cause?: unknown }).cause;
  }
  return codes.join(' ');
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null;
}

/** Errors that are worth another attempt (resets and timeouts; not "refused" or DNS failures). */
const retryableErrors = new WeakSet<NearLensError>();
function retryable(e: NearLensError): NearLensError {
  retryableErrors.add(e);
  return e;
}

const shape = (what: string): NearLensError => badShape(`The RPC answer for ${what} has an unexpected shape.`);

/** `{x}` placeholders of a message template filled from `v`. */
const fill = (t: string, v: Record<string, string>): string => t.replace(/\{(\w)\}/g, (_m, k: string) => v[k] ?? '');

type Host = 'api' | RpcHost;
const HOSTS: Readonly<Record<Host, [who: string, setting: string]>> = {
  api: ['The service', 'REST API'],
  regular: ['The RPC host', 'RPC'],
  archival: ['The archival RPC host', 'archival RPC'],
};

/** HTTP failures: kind and message ({w} who answered, {s} status, {d} ": detail", {q} ` ("detail")`). */
const HTTP_ERRORS: Readonly<Record<number, [ErrorKind, string]>> = {
  400: ['bad-request', '{w} rejected the request as invalid{q}.'],
  402: ['payment-required', "{w} says the API key's plan or quota is used up (HTTP 402)."],
  403: ['forbidden', '{w} refused access (HTTP 403{d}).'],
  404: ['not-found', '{w} has no such resource (HTTP 404).'],
  422: ['unprocessable', '{w} could not process the request (HTTP 422{d}).'],
};
const UNAVAILABLE: [ErrorKind, string] = ['server', '{w} is unavailable right now (HTTP {s}).'];
const NOT_READY = '{W} is not ready to answer ({x}); try again later.';

/** JSON-RPC error causes: message ({h} host, {W} Host, {a} account, {c} contract, {v} vm error, {m} method, {p} parse error, {x} cause). */
const RPC_ERRORS: Readonly<Record<string, string>> = {
  UNKNOWN_BLOCK: 'No such block on {h}.',
  GARBAGE_COLLECTED_BLOCK: 'That block is too old for {h} (garbage collected); the archival host keeps it.',
  UNKNOWN_ACCOUNT: '{a} does not exist at the requested block.',
  INVALID_ACCOUNT: '{W} says the account id is invalid.',
  NO_CONTRACT_CODE: 'No contract is deployed on {c}.',
  CONTRACT_EXECUTION_ERROR: 'The contract call failed: {v}.',
  UNKNOWN_ACCESS_KEY: 'That account has no such access key.',
  METHOD_NOT_FOUND: '{W} does not support the method "{m}".',
  PARSE_ERROR: '{W} could not read the request: {p}.',
  UNAVAILABLE_SHARD: NOT_READY,
  NO_SYNCED_BLOCKS: NOT_READY,
  NOT_SYNCED_YET: NOT_READY,
};

/** Old nodes send only {code, message, data}: recognise the common causes from the text. */
const GUESSED_CAUSES: ReadonlyArray<[RegExp, string]> = [
  [/method not found/i, 'METHOD_NOT_FOUND'],
  [/garbage.collected/i, 'GARBAGE_COLLECTED_BLOCK'],
  [/unknown block|block not found|DB Not Found Error: BLOCK/i, 'UNKNOWN_BLOCK'],
  [/does not exist while viewing/i, 'UNKNOWN_ACCOUNT'],
  [/parse error/i, 'PARSE_ERROR'],
];

interface Exchange {
  status: number;
  headers: Headers;
  text: string;
}

const UTF8 = new TextDecoder();
let nextRpcId = 0;

export class NearClient {
  readonly endpoints: Endpoints;
  readonly #apiKey: string | undefined;
  readonly #queryKey: string; // `apiKey=…` for the query transport, else ''
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #maxBodyBytes: number;
  readonly #retryBaseMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #ttl: CacheTtl;
  readonly #cache: TtlCache;
  readonly #log: ((e: RequestLogEntry) => void) | undefined;
  readonly #fetch: typeof globalThis.fetch;
  /** Per-client constants of every request, worked out once: origins, REST URL parts, headers per method. */
  readonly #origins: Readonly<Record<Host, string | undefined>>;
  readonly #apiRoot: string;
  readonly #apiQuery: string;
  readonly #headers: Readonly<Record<'GET' | 'POST', Record<string, string>>>;

  constructor(opts: ClientOptions) {
    const ep = (this.endpoints = Object.freeze({ ...opts.endpoints }));
    const key = opts.apiKey || undefined;
    const bearer = key !== undefined && opts.transport !== 'query';
    this.#apiKey = key;
    this.#queryKey = key !== undefined && !bearer ? `apiKey=${encodeURIComponent(key)}` : '';
    this.#timeoutMs = Math.max(1, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.#retries = Math.max(0, Math.floor(opts.retries ?? DEFAULT_RETRIES));
    this.#maxBodyBytes = Math.max(1, opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    this.#retryBaseMs = Math.max(0, opts.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
    this.#maxRetryAfterMs = Math.max(0, opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS);
    this.#ttl = { ...DEFAULT_TTL, ...opts.ttl };
    this.#cache = opts.cache ?? new TtlCache();
    this.#log = opts.log;
    this.#fetch = opts.fetch ?? globalThis.fetch;
    this.#origins = { api: originOf(ep.apiUrl), regular: originOf(ep.rpcUrl), archival: originOf(ep.archivalRpcUrl) };
    // A query the user put on the REST base URL is kept after every path; a fragment is never sent.
    const base = ep.apiUrl.split('#')[0] ?? '';
    const qi = base.indexOf('?');
    this.#apiRoot = (qi < 0 ? base : base.slice(0, qi)).replace(/\/+$/, '');
    this.#apiQuery = qi < 0 ? '' : base.slice(qi);
    const get: Record<string, string> = { accept: 'application/json' };
    if (bearer) get['authorization'] = `Bearer ${key}`;
    this.#headers = { GET: get, POST: { ...get, 'content-type': 'application/json' } };
  }

  // ---------------------------------------------------------------- REST

  full(id: string, o?: CallOptions): Promise<AccountFull> {
    return this.#account(id, 'full', normaliseFull, o);
  }

  ft(id: string, o?: CallOptions): Promise<FtHolding[]> {
    return this.#account(id, 'ft', normaliseFt, o);
  }

  nft(id: string, o?: CallOptions): Promise<NftCollection[]> {
    return this.#account(id, 'nft', normaliseNft, o);
  }

  staking(id: string, o?: CallOptions): Promise<PoolEntry[]> {
    return this.#account(id, 'staking', normaliseStaking, o);
  }

  publicKey(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#keyLookup(pk, '', o);
  }

  publicKeyAll(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#keyLookup(pk, '/all', o);
  }

  status(o?: CallOptions): Promise<IndexerStatus> {
    return this.#guard(() => this.#cache.get(`status|${this.endpoints.apiUrl}`, this.#ttl.status, (s) => this.#rest('/status', normaliseStatus, s), o));
  }

  /** The last good `full()` answer for this account on this endpoint, even if expired. */
  peekFull(id: string): AccountFull | undefined {
    return this.#cache.peek<AccountFull>(this.#accountKey(id, 'full'));
  }

  // ---------------------------------------------------------------- JSON-RPC

  block(ref: BlockRef, o?: RpcCallOptions): Promise<RpcResult<Record<string, unknown>>> {
    return this.#guard(() => {
      const params = blockParams(ref);
      const load = async (signal: AbortSignal | undefined): Promise<RpcResult<Record<string, unknown>>> => {
        const r = await this.#rpcWithFallback('block', params, o, signal);
        if (!isRecord(r.result) || !isRecord(r.result['header'])) throw shape('block');
        return r as RpcResult<Record<string, unknown>>;
      };
      const id = params['block_id'];
      // A block at a fixed height/hash never changes.
      return id === undefined ? load(o?.signal) : this.#cache.get(`block|${this.#rpcUrl(o?.host)}|${String(id)}`, this.#ttl.history, load, o);
    });
  }

  viewAccount(id: string, ref?: BlockRef, o?: RpcCallOptions): Promise<RpcResult<ViewAccount>> {
    return this.#view(id, 'view_account', toViewAccount, ref, o);
  }

  viewAccessKeyList(id: string, ref?: BlockRef, o?: RpcCallOptions): Promise<RpcResult<AccessKeyInfo[]>> {
    return this.#view(id, 'view_access_key_list', toAccessKeys, ref, o);
  }

  /** A view call: args are sent as base64 JSON, the result bytes are decoded as UTF-8 JSON (undefined when empty). */
  callFunction<T = unknown>(contractId: string, method: string, args: unknown, o?: RpcCallOptions & { ref?: BlockRef }): Promise<RpcResult<T>> {
    return this.#guard(() => {
      const acc = need(contractId, 'account');
      if (typeof method !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,255}$/.test(method)) {
        throw invalidInput('A contract method name is letters, digits and underscores.');
      }
      return this.#callFunction<T>(acc, method, encodeArgs(args), blockParams(o?.ref ?? FINAL), o, o?.signal);
    });
  }

  ftMetadata(contractId: string, o?: CallOptions): Promise<FtMetadata> {
    return this.#guard(() => {
      const acc = need(contractId, 'account');
      return this.#cache.get(
        `ftmeta|${this.endpoints.rpcUrl}|${acc}`,
        this.#ttl.ftMetadata,
        async (signal) => toFtMetadata((await this.#callFunction(acc, 'ft_metadata', 'e30=', FINAL, undefined, signal)).result, acc),
        o,
      );
    });
  }

  stakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<Big> {
    return this.#poolView(poolId, accountId, 'get_account_staked_balance', o);
  }

  unstakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<Big> {
    return this.#poolView(poolId, accountId, 'get_account_unstaked_balance', o);
  }

  /** Any read-only JSON-RPC method; write methods are refused before anything is sent. Not cached. */
  rpc(method: string, params: unknown, host?: RpcHost, o?: CallOptions): Promise<RpcResult<unknown>> {
    return this.#guard(() => {
      method = String(method).trim();
      const why = rpcMethodError(method);
      if (why !== undefined) throw new NearLensError(isWriteMethod(method) ? 'refused-method' : 'invalid-input', why);
      if (params !== undefined && !isObject(params)) throw invalidInput('RPC params must be a JSON object or array.');
      let body: unknown;
      try {
        body = JSON.parse(JSON.stringify(params ?? {})) as unknown;
      } catch {
        throw invalidInput('RPC params must be plain JSON.');
      }
      refuseSecrets(body);
      // Without an explicit host, a historical block/query may fall back to archival like the typed calls.
      const opts: RpcCallOptions = { ...o, fallback: host === undefined && isRecord(body) && body['block_id'] !== undefined };
      if (host !== undefined) opts.host = host;
      return this.#rpcWithFallback(method, body, opts, o?.signal);
    });
  }

  /** Drops cached data of one account (all endpoints), or of every account, key lookup and status ("Refresh"). */
  invalidate(accountId?: string): void {
    if (accountId !== undefined) return this.#cache.invalidate(`acct:${accountId}|`);
    for (const p of ['acct:', 'pk|', 'status|']) this.#cache.invalidate(p);
  }

  // ---------------------------------------------------------------- internals: typed helpers

  #account<T>(id: string, what: string, normalise: (raw: unknown) => T, o: CallOptions | undefined): Promise<T> {
    return this.#guard(() => {
      const acc = need(id, 'account');
      // SERVICE-NOTES: unknown accounts come back as 200 + state:null; a 404 of /full means the same.
      const notFound = what === 'full' ? { account_id: acc, state: null } : undefined;
      return this.#cache.get(
        this.#accountKey(acc, what),
        this.#ttl.account,
        (s) => this.#rest(`/v1/account/${encodeURIComponent(acc)}/${what}`, normalise, s, notFound),
        o,
      );
    });
  }

  #keyLookup(pk: string, all: '' | '/all', o: CallOptions | undefined): Promise<PublicKeyAccounts> {
    return this.#guard(() => {
      const key = need(pk, 'public-key');
      return this.#cache.get(
        `pk|${this.endpoints.apiUrl}|${key}|${all ? 'all' : 'full'}`,
        this.#ttl.publicKey,
        (s) => this.#rest(`/v1/public_key/${encodeURIComponent(key)}${all}`, normalisePublicKey, s),
        o,
      );
    });
  }

  #view<T>(id: string, type: string, convert: (r: unknown) => T, ref: BlockRef | undefined, o: RpcCallOptions | undefined): Promise<RpcResult<T>> {
    return this.#guard(() => {
      const acc = need(id, 'account');
      const at = blockParams(ref ?? FINAL);
      const blockId = at['block_id'];
      const key = `acct:${acc}|${this.#rpcUrl(o?.host)}|${type}|${blockId !== undefined ? `id:${String(blockId)}` : `f:${String(at['finality'])}`}|${o?.fallback === false ? 'nofb' : 'fb'}`;
      return this.#cache.get(
        key,
        blockId !== undefined ? this.#ttl.history : this.#ttl.account,
        async (signal) => {
          const r = await this.#rpcWithFallback('query', { request_type: type, account_id: acc, ...at }, o, signal);
          return { result: convert(r.result), host: r.host };
        },
        o,
      );
    });
  }

  #poolView(poolId: string, accountId: string, method: string, o: CallOptions | undefined): Promise<Big> {
    return this.#guard(() => {
      const pool = need(poolId, 'account');
      const acc = need(accountId, 'account');
      return this.#cache.get(
        `acct:${acc}|${this.endpoints.rpcUrl}|${method}|${pool}`,
        this.#ttl.account,
        async (signal) => {
          const v = (await this.#callFunction(pool, method, encodeArgs({ account_id: acc }), FINAL, undefined, signal)).result;
          // Pools return the amount as a JSON string; accept a safe integer number too.
          return parseYocto(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v, method);
        },
        o,
      );
    });
  }

  async #callFunction<T>(
    contractId: string,
    method: string,
    argsBase64: string,
    at: Record<string, unknown>,
    o: RpcCallOptions | undefined,
    signal: AbortSignal | undefined,
  ): Promise<RpcResult<T>> {
    const params = { request_type: 'call_function', account_id: contractId, method_name: method, args_base64: argsBase64, ...at };
    const r = await this.#rpcWithFallback('query', params, o, signal);
    const res = r.result;
    if (!isRecord(res)) throw shape('call_function');
    const err = res['error'];
    if (typeof err === 'string') {
      // A failed view call arrives as HTTP 200 with result.error (SERVICE-NOTES).
      throw new NearLensError(
        'contract',
        /MethodNotFound/.test(err)
          ? `The contract ${contractId} has no method "${method}".`
          : /CodeDoesNotExist/.test(err)
            ? `No contract is deployed on ${contractId}.`
            : `The contract call ${contractId}.${method} failed: ${this.#clean(err)}.`,
      );
    }
    return { result: decodeResultBytes(res['result']) as T, host: r.host };
  }

  #accountKey(id: string, what: string): string {
    return `acct:${id}|${this.endpoints.apiUrl}|${what}`;
  }

  #rpcUrl(host: RpcHost | undefined): string {
    return host === 'archival' ? this.endpoints.archivalRpcUrl : this.endpoints.rpcUrl;
  }

  // ---------------------------------------------------------------- internals: REST and RPC

  /** GET on the REST API; `notFound` is the body a 404 stands for (none: a 404 is an error). */
  async #rest<T>(path: string, normalise: (raw: unknown) => T, signal: AbortSignal | undefined, notFound?: unknown): Promise<T> {
    const ex = await this.#send('api', this.#apiRoot + path + this.#apiQuery, undefined, true, signal);
    let raw = notFound;
    if (ex.status !== 404 || notFound === undefined) {
      if (ex.status < 200 || ex.status >= 300) throw this.#httpError(ex, 'api');
      raw = parseJson(ex);
    }
    try {
      return normalise(raw);
    } catch (e) {
      throw NearLensError.is(e) ? e : badShape('The service sent data in an unexpected shape.');
    }
  }

  /**
   * Fallback rule: a request with a block_id (height or hash) that the regular host answers with
   * GARBAGE_COLLECTED_BLOCK, UNKNOWN_BLOCK or HTTP 422 is retried once on the archival host. No head check:
   * a height above the head costs one extra request and the archival host's own UNKNOWN_BLOCK is reported.
   */
  async #rpcWithFallback(method: string, params: unknown, o: RpcCallOptions | undefined, signal: AbortSignal | undefined): Promise<RpcResult<unknown>> {
    const host: RpcHost = o?.host ?? 'regular';
    try {
      return { result: await this.#rpcCall(host, method, params, signal), host };
    } catch (e) {
      if (
        o?.fallback !== false &&
        host === 'regular' &&
        isRecord(params) &&
        params['block_id'] !== undefined &&
        NearLensError.is(e) &&
        (e.rpcCause === 'GARBAGE_COLLECTED_BLOCK' || e.rpcCause === 'UNKNOWN_BLOCK' || (e.status === 422 && (e.kind === 'rpc' || e.kind === 'unprocessable')))
      ) {
        return { result: await this.#rpcCall('archival', method, params, signal), host: 'archival' };
      }
      throw e;
    }
  }

  async #rpcCall(host: RpcHost, method: string, params: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++nextRpcId, method, params });
    const ex = await this.#send(host, this.#rpcUrl(host), body, !isWriteMethod(method), signal);
    let parsed: unknown;
    try {
      parsed = JSON.parse(ex.text) as unknown;
    } catch {
      parsed = undefined; // handled below, after the HTTP status
    }
    if (isRecord(parsed) && isRecord(parsed['error'])) throw this.#rpcError(parsed['error'], ex.status, host);
    if (ex.status < 200 || ex.status >= 300) throw this.#httpError(ex, host);
    if (parsed === undefined) parseJson(ex); // throws the right not-json error
    if (!isRecord(parsed) || !('result' in parsed)) throw badShape('The RPC answer has neither a result nor an error.');
    // A reflecting proxy may echo the key inside a result that is shown raw (RPC Request, Query Block): mask it.
    const key = this.#apiKey;
    return key && keyForms(key).some((k) => ex.text.includes(k)) ? scrubKey(parsed['result'], key) : parsed['result'];
  }

  // ---------------------------------------------------------------- internals: transport

  /** One logical request: attempts with backoff for retryable faults. Returns any HTTP answer, throws on transport failure. */
  async #send(host: Host, url: string, body: string | undefined, canRetry: boolean, signal: AbortSignal | undefined): Promise<Exchange> {
    const origin = this.#origins[host];
    if (!origin) {
      throw invalidInput(`The ${HOSTS[host][1]} URL is not a valid http(s) URL; check the NEAR Lens network settings.`);
    }
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw aborted();
      const again = canRetry && attempt < this.#retries;
      let ex: Exchange;
      try {
        ex = await this.#once(host, origin, url, body, signal);
      } catch (e) {
        if (again && retryableErrors.has(e as NearLensError)) {
          await sleep(this.#backoff(attempt), signal);
          continue;
        }
        throw e;
      }
      if (again && (ex.status === 429 || ex.status >= 500)) {
        const wait = parseRetryAfter(ex.headers.get('retry-after'));
        if (wait !== undefined && wait > this.#maxRetryAfterMs) return ex; // not worth waiting: report it now
        await sleep(wait ?? this.#backoff(attempt), signal);
        continue;
      }
      return ex;
    }
  }

  #backoff(attempt: number): number {
    // Exponential with jitter so that many hovers do not retry in lock-step.
    return this.#retryBaseMs * 2 ** attempt + Math.random() * this.#retryBaseMs;
  }

  /** One attempt: its own timeout, the caller's abort, same-origin redirects only, the body read under the cap. */
  async #once(host: Host, origin: string, url: string, body: string | undefined, signal: AbortSignal | undefined): Promise<Exchange> {
    const ctrl = new AbortController();
    const started = this.#log && Date.now();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.#timeoutMs);
    const onAbort = (): void => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let method: 'GET' | 'POST' = body === undefined ? 'GET' : 'POST';
    let status: number | undefined;
    let error: string | undefined;
    try {
      for (let hop = 0; ; hop++) {
        const res = await this.#fetch(this.#withKey(url), { method, body, headers: this.#headers[method], redirect: 'manual', signal: ctrl.signal });
        status = res.status;
        const location = status >= 300 && status < 400 && res.headers.get('location');
        if (!location) {
          return { status, headers: res.headers, text: await readCapped(res, this.#maxBodyBytes, ctrl, () => this.#tooLarge(url)) };
        }
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
      }
    } catch (e) {
      const err = this.#transportError(e, timedOut, signal?.aborted === true, url);
      error = err.message;
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // The entry (and its redaction) is only built when someone logs.
      if (this.#log) {
        const entry: RequestLogEntry = { method, host, url: redactUrl(redact(this.#withKey(url), this.#keys())), ms: Date.now() - (started as number) };
        if (status !== undefined) entry.status = status;
        if (error !== undefined) entry.error = error;
        try {
          this.#log(entry);
        } catch {
          // a broken logger must not break a lookup
        }
      }
    }
  }

  #transportError(e: unknown, timedOut: boolean, wasAborted: boolean, url: string): NearLensError {
    if (NearLensError.is(e)) return e;
    if (wasAborted) return aborted();
    const host = hostName(url);
    if (timedOut) return retryable(new NearLensError('timeout', `No answer from ${host} within ${formatWait(this.#timeoutMs)}.`));
    const codes = errorCodes(e);
    if (/ECONNREFUSED/.test(codes)) return new NearLensError('network', `Could not connect to ${host} (connection refused).`);
    if (/ENOTFOUND|EAI_AGAIN/.test(codes)) return new NearLensError('network', `Could not find the server ${host} (DNS lookup failed).`);
    if (/ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED/.test(codes)) {
      return retryable(new NearLensError('network', `The connection to ${host} was reset.`));
    }
    return retryable(new NearLensError('network', `Network error talking to ${host}.`));
  }

  #tooLarge(url: string): NearLensError {
    const max = this.#maxBodyBytes;
    const size = max >= 1024 * 1024 ? `${Number((max / (1024 * 1024)).toFixed(1))} MB` : `${Math.ceil(max / 1024)} KB`;
    return new NearLensError('too-large', `The answer from ${hostName(url)} is larger than ${size}; NEAR Lens stopped reading it.`);
  }

  /** Adds `apiKey=` (query transport only) after any existing query; fragments are never sent anyway. */
  #withKey(url: string): string {
    if (!this.#queryKey) return url;
    const noHash = url.split('#')[0] ?? url;
    return `${noHash}${noHash.includes('?') ? (/[?&]$/.test(noHash) ? '' : '&') : '?'}${this.#queryKey}`;
  }

  #keys(): string[] {
    return this.#apiKey ? [this.#apiKey] : [];
  }

  /** Redacted server text on one clipped line. */
  #clean(text: string, max = 160): string {
    return sanitizeText(redact(text, this.#keys()), max);
  }

  #httpError(ex: Exchange, host: Host): NearLensError {
    const status = ex.status;
    let detail: string | undefined;
    try {
      const v = JSON.parse(ex.text) as unknown;
      detail = typeof v === 'string' ? v : isRecord(v) ? [v['error'], v['message']].find((x) => typeof x === 'string') : undefined;
    } catch {
      // not JSON: an HTML or text error page, described by its status alone
    }
    const d = detail ? this.#clean(detail, 100) : '';
    const v = { w: HOSTS[host][0], s: String(status), d: d && `: ${d}`, q: d && ` ("${d}")` };
    const err = (kind: ErrorKind, t: string, retryAfterMs?: number): NearLensError =>
      new NearLensError(kind, fill(t, v), retryAfterMs === undefined ? { status } : { status, retryAfterMs });
    const known = status > 501 && status < 505 ? UNAVAILABLE : HTTP_ERRORS[status];
    if (status === 403 && detail === 'origin_not_allowed') {
      return err('origin-not-allowed', 'This API key is restricted to certain web origins and cannot be used from the editor (origin_not_allowed); use an unrestricted key.');
    }
    if (known) return err(known[0], known[1]);
    if (status === 401) {
      return err('unauthorized', this.#apiKey ? '{w} did not accept the API key (HTTP 401); check or replace it.' : '{w} asks for an API key (HTTP 401); set one to continue.');
    }
    if (status === 429) {
      const wait = parseRetryAfter(ex.headers.get('retry-after'));
      const when = wait !== undefined ? `in ${formatWait(wait)}` : 'in a moment';
      return err('rate-limited', this.#apiKey ? `Rate limited by the service; try again ${when}.` : `Rate limited by the service — set an API key or try again ${when}.`, wait);
    }
    if (status >= 500) return err('server', '{w} had an internal error (HTTP {s}{d}).');
    return err(status >= 400 ? 'bad-request' : 'server', '{w} answered with an unexpected HTTP {s}.');
  }

  #rpcError(env: Record<string, unknown>, status: number, host: RpcHost): NearLensError {
    const text = (k: string, r: Record<string, unknown> = env): string | undefined => (typeof r[k] === 'string' ? (r[k] as string) : undefined);
    const name = text('name');
    const causeObj = isRecord(env['cause']) ? env['cause'] : {};
    const info = isRecord(causeObj['info']) ? causeObj['info'] : {};
    const data = text('data') ?? (env['data'] !== undefined ? JSON.stringify(env['data']) : '');
    const message = text('message') ?? '';
    const cause = text('name', causeObj) ?? GUESSED_CAUSES.find(([re]) => re.test(`${message} ${data}`))?.[1];
    const inf = (k: string): string | undefined => {
      const s = text(k, info);
      return s === undefined ? undefined : this.#clean(s, 80);
    };
    const where = host === 'archival' ? 'the archival RPC host' : 'the RPC host';
    const account = inf('requested_account_id');
    const what = this.#clean([cause ?? name, data || message].filter(Boolean).join(': '));
    const msg = fill(cause !== undefined && Object.hasOwn(RPC_ERRORS, cause) ? (RPC_ERRORS[cause] as string) : '{W} answered with an error{e}.', {
      h: where,
      W: HOSTS[host][0],
      a: account ? `The account ${account}` : 'That account',
      c: inf('contract_account_id') ?? 'that account',
      v: this.#clean(inf('vm_error') ?? data),
      m: inf('method_name') ?? this.#clean(data, 60),
      p: inf('error_message') ?? this.#clean(data || message, 120),
      x: cause ?? '',
      e: what && `: ${what}`,
    });
    const kind: ErrorKind = cause === 'NO_CONTRACT_CODE' || cause === 'CONTRACT_EXECUTION_ERROR' ? 'contract' : 'rpc';
    const extra: { status: number; rpcName?: string; rpcCause?: string } = { status };
    if (name) extra.rpcName = name;
    if (cause) extra.rpcCause = cause;
    return new NearLensError(kind, sentence(msg), extra);
  }

  /** Every public method: failures are always NearLensError with a redacted message. */
  async #guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (!NearLensError.is(e)) throw new NearLensError('network', 'Unexpected error while talking to the service.');
      const clean = redact(e.message, this.#keys());
      throw clean === e.message ? e : new NearLensError(e.kind, clean, e);
    }
  }
}

// -------------------------------------------------------------------- module helpers

/** An account id or a public key from caller input; secrets, the wrong kind and invalid text are refused here. */
function need(text: string, want: 'account' | 'public-key'): string {
  const c = classify(String(text));
  if (c.kind === 'account' && want === 'account') return c.id;
  if (c.kind === 'public-key' && want === 'public-key') return c.key;
  if (c.kind === 'sensitive') throw new NearLensError('sensitive', SECRET_REFUSED);
  const account = want === 'account';
  throw invalidInput(c.kind === 'invalid'
      ? sentence(`Not a valid ${account ? 'NEAR account id' : 'public key'}: ${sanitizeText(c.reason, 120)}.`)
      : account
        ? 'Expected an account id, not a public key.'
        : 'Expected a public key (ed25519:… or secp256k1:…), not an account id.',
  );
}

function parseJson(ex: Exchange): unknown {
  const text = ex.text;
  const trimmed = text.trimStart();
  const status = { status: ex.status };
  if (/text\/html/i.test(ex.headers.get('content-type') ?? '') || trimmed.startsWith('<')) {
    throw new NearLensError('not-json', 'The service answered with an HTML page, not JSON.', status);
  }
  if (!trimmed) throw new NearLensError('not-json', 'The service sent an empty answer instead of JSON.', status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new NearLensError('not-json', 'The answer from the service was cut off or is not valid JSON.', status);
  }
}

async function cancelBody(res: Response): Promise<void> {
  try {
    await res.body?.cancel();
  } catch {
    // already closed
  }
}

/** Reads the body as UTF-8 up to `max` bytes; beyond that stops reading, aborts the connection and throws. */
async function readCapped(res: Response, max: number, ctrl: AbortController, tooLarge: () => NearLensError): Promise<string> {
  if (Number(res.headers.get('content-length')) > max) {
    await cancelBody(res);
    ctrl.abort();
    throw tooLarge();
  }
  const stream = res.body as ReadableStream<Uint8Array> | null;
  if (!stream) return '';
  if (typeof stream.getReader !== 'function') {
    // A fetch without web streams (injected polyfill): read whole, then check.
    const buf = new Uint8Array(await res.arrayBuffer());
    if (buf.byteLength > max) throw tooLarge();
    return UTF8.decode(buf);
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
  if (parts.length === 1) return UTF8.decode(parts[0]);
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.byteLength;
  }
  return UTF8.decode(out);
}

function encodeArgs(args: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(args === undefined ? {} : args);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw invalidInput('Contract arguments must be plain JSON.');
  refuseSecrets(JSON.parse(text) as unknown);
  return Buffer.from(text).toString('base64');
}

/** The key as it can appear in a JSON body: raw, JSON-escaped, URL-encoded. */
function keyForms(key: string): string[] {
  return [key, JSON.stringify(key).slice(1, -1), encodeURIComponent(key)];
}

/** Every string of a JSON value with the key masked. */
function scrubKey(v: unknown, key: string): unknown {
  if (typeof v === 'string') return redact(v, [key]);
  if (Array.isArray(v)) return v.map((x) => scrubKey(x, key));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k, [key]), scrubKey(x, key)]));
  return v;
}

/**
 * Params and args come from people (RPC Request, view calls): a secret key or signature anywhere in them, as a value
 * or a key, alone or inside a longer text, is refused before anything is sent (SERVICE-NOTES: never send it).
 */
function refuseSecrets(value: unknown): void {
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const v = todo.pop();
    if (typeof v === 'string') {
      if (looksSecret(v)) throw new NearLensError('sensitive', SECRET_REFUSED);
    } else if (Array.isArray(v)) todo.push(...v);
    else if (isRecord(v)) for (const [k, x] of Object.entries(v)) todo.push(k, x);
  }
}

function looksSecret(s: string): boolean {
  if (!/[A-Za-z0-9]{16}/.test(s)) return false; // no key material without a long run of letters and digits
  if (classify(s).kind === 'sensitive' || findAll(s).some((f) => f.classified.kind === 'sensitive')) return true;
  // A bare 64-byte secret (or signature) inside a longer text.
  return s.split(/[^1-9A-HJ-NP-Za-km-z]+/).some((t) => t.length >= 80 && t.length <= 90 && classify(t).kind === 'sensitive');
}

function decodeResultBytes(raw: unknown): unknown {
  if (!Array.isArray(raw) || !raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) throw shape('call_function');
  if (raw.length === 0) return undefined; // a view method that returns nothing
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(raw as number[]));
  } catch {
    throw badShape('The contract returned bytes that are not UTF-8 text.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badShape('The contract returned a result that is not JSON.');
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
  const bad = (): NearLensError => shape('view_access_key_list');
  if (!isRecord(r) || !Array.isArray(r['keys'])) throw bad();
  return r['keys'].map((k: unknown): AccessKeyInfo => {
    if (!isRecord(k) || typeof k['public_key'] !== 'string' || !isRecord(k['access_key'])) throw bad();
    const publicKey = k['public_key'];
    const perm = k['access_key']['permission'];
    if (perm === 'FullAccess') return { publicKey, permission: perm };
    const fc = isRecord(perm) ? perm['FunctionCall'] : undefined;
    const methods = isRecord(fc) ? (fc['method_names'] ?? []) : undefined;
    if (!isRecord(fc) || typeof fc['receiver_id'] !== 'string' || !Array.isArray(methods) || !methods.every((m) => typeof m === 'string')) throw bad();
    const allowance = fc['allowance'];
    return {
      publicKey,
      permission: { receiverId: fc['receiver_id'], methodNames: methods as string[], allowance: allowance == null ? null : parseYocto(allowance, 'allowance') },
    };
  });
}

function toFtMetadata(r: unknown, contractId: string): FtMetadata {
  const { symbol, name, decimals, icon } = isRecord(r) ? r : {};
  if (typeof symbol !== 'string' || !Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 255) {
    throw badShape(`The token ${contractId} sent metadata in an unexpected shape.`);
  }
  const out: FtMetadata = { symbol, name: typeof name === 'string' ? name : symbol, decimals: decimals as number };
  if (typeof icon === 'string' && icon) out.icon = icon;
  return out;
}

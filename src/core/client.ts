// The one way NEAR Lens talks to the service: FastNEAR REST + NEAR JSON-RPC over fetch, with the API key, timeouts,
// safe retries, redirects that never leak the key, capped bodies, typed errors and a shared cache. Pure: no `vscode`.
import { setTimeout as sleep } from 'node:timers/promises';
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
import { redact, redactUrl, variants } from './redact';

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
  amount: bigint;
  locked: bigint;
  codeHash: string;
  storageUsage: number;
  blockHeight: number;
  blockHash: string;
  hasCode: boolean;
}
export interface AccessKeyInfo {
  publicKey: string;
  permission: 'FullAccess' | { receiverId: string; methodNames: string[]; allowance: bigint | null };
}
export interface FtMetadata {
  symbol: string;
  name: string;
  decimals: number;
  icon?: string;
}

const DEFAULT_TTL: Readonly<CacheTtl> = { account: 30_000, publicKey: 30_000, status: 10_000, ftMetadata: 24 * 60 * 60_000, history: 10 * 60_000 };

/** Read-only methods that exist both plain and as EXPERIMENTAL_…. */
const BOTH_FORMS = 'changes genesis_config protocol_config light_client_proof maintenance_windows';
/** JSON-RPC methods that only read (offered by the "RPC Request…" picker). */
export const READ_ONLY_METHODS: readonly string[] = Object.freeze([
  ...`block query chunk status health gas_price network_info validators tx next_light_client_block block_effects client_config ${BOTH_FORMS}`.split(' '),
  ...`tx_status receipt changes_in_block validators_ordered congestion_level split_storage_info ${BOTH_FORMS}`.split(' ').map((m) => `EXPERIMENTAL_${m}`),
]);

/** Methods that submit transactions or patch state (send_tx, broadcast_tx_*, sandbox_*, adv_*): the client never sends them. */
export function isWriteMethod(method: string): boolean {
  return /^(sandbox_|adv_)|broadcast|send_tx/i.test(method);
}

const nameRule = (what: string): string => `A ${what} method name is letters, digits and underscores.`;

/** Why the RPC method cannot be sent, or undefined (the palette's validation and the client's guard). */
export function rpcMethodError(method: string): string | undefined {
  const m = String(method).trim();
  if (!m) return 'Enter a JSON-RPC method name, for example block or query.';
  if (isWriteMethod(m)) return `${sanitizeText(m, 64)} submits transactions; NEAR Lens only reads and never sends it.`;
  if (!/^[A-Za-z]\w{0,63}$/.test(m)) return nameRule('JSON-RPC');
  return undefined;
}

const FINALITIES: readonly string[] = ['final', 'near-final', 'optimistic'];
const HEIGHT = /^\d{1,16}$/;
const FINAL: BlockRef = { finality: 'final' };

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
      if (typeof n === 'number' ? Number.isSafeInteger(n) && n >= 0 : /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(String(n))) return { block_id: n };
    }
  }
  throw invalidInput('A block is a height, a base58 block hash or final / near-final / optimistic.');
}

const formatWait = (ms: number): string => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
};

const hostName = (url: string): string => hostOf(url) || 'the service';

/** Errors that are worth another attempt (resets and timeouts; not "refused" or DNS failures). */
const retryableErrors = new WeakSet<NearLensError>();
function retryable(e: NearLensError): NearLensError {
  retryableErrors.add(e);
  return e;
}

const shape = (what: string): NearLensError => badShape(`The RPC answer for ${what} has an unexpected shape.`);

type Host = 'api' | RpcHost;
/** Who answered, as messages name it; the setting of its URL. */
const HOSTS: Readonly<Record<Host, [who: string, setting: string]>> = {
  api: ['The service', 'REST API'],
  regular: ['The RPC host', 'RPC'],
  archival: ['The archival RPC host', 'archival RPC'],
};

/** Transport failures by the codes and messages of the error and its causes; whether another attempt may help. */
const NETWORK_ERRORS: ReadonlyArray<[RegExp, string, boolean?]> = [
  [/ECONNREFUSED/, 'Could not connect to {h} (connection refused).'],
  [/ENOTFOUND|EAI_AGAIN/, 'Could not find the server {h} (DNS lookup failed).'],
  [/ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED|other side closed|socket hang up|terminated/i, 'The connection to {h} was reset.', true],
];

/** HTTP failures: kind, what the host did and advice (the message adds the status and the server's detail). */
type HttpError = [ErrorKind, string, string?];
const KEY_REJECTED: HttpError = ['unauthorized', 'did not accept the API key', '; check or replace it']; // 401 with a key
const HTTP_ERRORS: Readonly<Record<number, HttpError>> = {
  400: ['bad-request', 'rejected the request as invalid'],
  401: ['unauthorized', 'asks for an API key', '; set one to continue'],
  402: ['payment-required', "says the API key's plan or quota is used up"],
  403: ['forbidden', 'refused access'],
  404: ['not-found', 'has no such resource'],
  422: ['unprocessable', 'could not process the request'],
};

/**
 * JSON-RPC error causes: the message ({W} who answered), and the field of `cause.info` its {d} comes from. Without
 * that field (old nodes) the generic message is used.
 */
const NOT_READY: [string] = ['{W} is not ready to answer yet; try again later.'];
const RPC_ERRORS: Readonly<Record<string, [string, string?]>> = {
  UNKNOWN_BLOCK: ['{W} has no such block.'],
  GARBAGE_COLLECTED_BLOCK: ['{W} no longer keeps that block (garbage collected); the archival host does.'],
  UNKNOWN_ACCOUNT: ['The account {d} does not exist at the requested block.', 'requested_account_id'],
  INVALID_ACCOUNT: ['{W} says the account id is invalid.'],
  NO_CONTRACT_CODE: ['No contract is deployed on {d}.', 'contract_account_id'],
  CONTRACT_EXECUTION_ERROR: ['The contract call failed: {d}.', 'vm_error'],
  UNKNOWN_ACCESS_KEY: ['That account has no such access key.'],
  METHOD_NOT_FOUND: ['{W} does not support the method "{d}".', 'method_name'],
  PARSE_ERROR: ['{W} could not read the request: {d}.', 'error_message'],
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
  readonly #keys: string[]; // the API key, when set: masked in every message
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
    const key = opts.apiKey;
    const bearer = opts.transport !== 'query';
    this.#keys = key ? [key] : [];
    this.#queryKey = key && !bearer ? `apiKey=${encodeURIComponent(key)}` : '';
    this.#timeoutMs = opts.timeoutMs ?? 8000;
    this.#retries = opts.retries ?? 2;
    this.#maxBodyBytes = opts.maxBodyBytes ?? 5 * 1024 * 1024;
    this.#retryBaseMs = opts.retryBaseMs ?? 300;
    this.#maxRetryAfterMs = opts.maxRetryAfterMs ?? 30_000;
    this.#ttl = { ...DEFAULT_TTL, ...opts.ttl };
    this.#cache = opts.cache ?? new TtlCache();
    this.#log = opts.log;
    this.#fetch = opts.fetch ?? globalThis.fetch;
    this.#origins = { api: originOf(ep.apiUrl), regular: originOf(ep.rpcUrl), archival: originOf(ep.archivalRpcUrl) };
    // A query the user put on the REST base URL is kept after every path; a fragment is never sent.
    const [, root = '', query = ''] = /^([^?#]*)([^#]*)/.exec(ep.apiUrl) ?? [];
    this.#apiRoot = root.replace(/\/+$/, '');
    this.#apiQuery = query;
    const get: Record<string, string> = { accept: 'application/json' };
    if (key && bearer) get['authorization'] = `Bearer ${key}`;
    this.#headers = { GET: get, POST: { ...get, 'content-type': 'application/json' } };
  }

  // ---------------------------------------------------------------- REST

  full(id: string, o?: CallOptions): Promise<AccountFull> {
    return this.#lookup(id, 'account', '/full', normaliseFull, o);
  }

  ft(id: string, o?: CallOptions): Promise<FtHolding[]> {
    return this.#lookup(id, 'account', '/ft', normaliseFt, o);
  }

  nft(id: string, o?: CallOptions): Promise<NftCollection[]> {
    return this.#lookup(id, 'account', '/nft', normaliseNft, o);
  }

  staking(id: string, o?: CallOptions): Promise<PoolEntry[]> {
    return this.#lookup(id, 'account', '/staking', normaliseStaking, o);
  }

  publicKey(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#lookup(pk, 'public-key', '', normalisePublicKey, o);
  }

  publicKeyAll(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#lookup(pk, 'public-key', '/all', normalisePublicKey, o);
  }

  status(o?: CallOptions): Promise<IndexerStatus> {
    return this.#guard(() => this.#cache.get(`status|${this.endpoints.apiUrl}`, this.#ttl.status, (s) => this.#rest('/status', normaliseStatus, s), o));
  }

  /** The last good `full()` answer for this account on this endpoint, even if expired. */
  peekFull(id: string): AccountFull | undefined {
    return this.#cache.peek<AccountFull>(`acct:${id}|${this.endpoints.apiUrl}|/full`);
  }

  // ---------------------------------------------------------------- JSON-RPC

  block(ref: BlockRef, o?: RpcCallOptions): Promise<RpcResult<Record<string, unknown>>> {
    return this.#guard(() => {
      const params = blockParams(ref);
      const id = params['block_id'];
      // A block at a fixed height/hash never changes and is cached; one by finality is always fetched.
      return this.#query('block', params, toBlock, id === undefined ? undefined : `block|${this.#rpcUrl(o?.host)}|${String(id)}`, o);
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
    return this.#guard(async () => {
      const acc = need(contractId, 'account');
      if (!/^[A-Za-z_]\w{0,255}$/.test(method)) throw invalidInput(nameRule('contract'));
      const args64 = Buffer.from(JSON.stringify(plainJson(args === undefined ? {} : args, 'Contract arguments'))).toString('base64');
      const params = { request_type: 'call_function', account_id: acc, method_name: method, args_base64: args64, ...blockParams(o?.ref ?? FINAL) };
      return this.#query('query', params, (res) => {
        if (!isRecord(res)) throw shape('call_function');
        const err = res['error'];
        if (typeof err === 'string') {
          // A failed view call arrives as HTTP 200 with result.error (SERVICE-NOTES).
          throw new NearLensError(
            'contract',
            /MethodNotFound/.test(err)
              ? `The contract ${acc} has no method "${method}".`
              : /CodeDoesNotExist/.test(err)
                ? `No contract is deployed on ${acc}.`
                : `The contract call ${acc}.${method} failed: ${this.#clean(err)}.`,
          );
        }
        return decodeResultBytes(res['result']) as T;
      }, undefined, o);
    });
  }

  ftMetadata(contractId: string, o?: CallOptions): Promise<FtMetadata> {
    return this.#guard(() => {
      const acc = need(contractId, 'account');
      return this.#cache.get(
        `ftmeta|${this.endpoints.rpcUrl}|${acc}`,
        this.#ttl.ftMetadata,
        async (signal) => toFtMetadata((await this.callFunction(acc, 'ft_metadata', {}, { signal })).result, acc),
        o,
      );
    });
  }

  stakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<bigint> {
    return this.#poolView(poolId, accountId, 'get_account_staked_balance', o);
  }

  unstakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<bigint> {
    return this.#poolView(poolId, accountId, 'get_account_unstaked_balance', o);
  }

  /** Any read-only JSON-RPC method; write methods are refused before anything is sent. Not cached. */
  rpc(method: string, params: unknown, host?: RpcHost, o?: CallOptions): Promise<RpcResult<unknown>> {
    return this.#guard(() => {
      method = String(method).trim();
      const why = rpcMethodError(method);
      if (why !== undefined) throw new NearLensError(isWriteMethod(method) ? 'refused-method' : 'invalid-input', why);
      if (params !== undefined && (typeof params !== 'object' || params === null)) throw invalidInput('RPC params must be a JSON object or array.');
      const body = plainJson(params ?? {}, 'RPC params');
      // Without an explicit host, a historical block/query (with a block_id) may fall back to archival like the typed calls.
      return this.#rpc(method, body, { ...o, host, fallback: host === undefined }, o?.signal);
    });
  }

  /** Drops cached data of one account (all endpoints), or of every account, key lookup and status ("Refresh"). */
  invalidate(accountId?: string): void {
    if (accountId !== undefined) return this.#cache.invalidate(`acct:${accountId}|`);
    for (const p of ['acct:', 'pk:', 'status|']) this.#cache.invalidate(p);
  }

  // ---------------------------------------------------------------- internals: typed helpers

  /** A cached REST GET: /v1/account/{id}{what} or /v1/public_key/{key}{what}. */
  #lookup<T>(text: string, want: 'account' | 'public-key', what: string, normalise: (raw: unknown) => T, o: CallOptions | undefined): Promise<T> {
    return this.#guard(() => {
      const id = need(text, want);
      const account = want === 'account';
      // SERVICE-NOTES: unknown accounts come back as 200 + state:null; a 404 of /full means the same.
      const notFound = what === '/full' ? { account_id: id, state: null } : undefined;
      return this.#cache.get(
        `${account ? 'acct' : 'pk'}:${id}|${this.endpoints.apiUrl}|${what}`,
        account ? this.#ttl.account : this.#ttl.publicKey,
        (s) => this.#rest(`/v1/${account ? 'account' : 'public_key'}/${encodeURIComponent(id)}${what}`, normalise, s, notFound),
        o,
      );
    });
  }

  #view<T>(id: string, type: string, convert: (r: unknown) => T, ref: BlockRef | undefined, o: RpcCallOptions | undefined): Promise<RpcResult<T>> {
    return this.#guard(() => {
      const acc = need(id, 'account');
      const at = blockParams(ref ?? FINAL);
      const key = `acct:${acc}|${this.#rpcUrl(o?.host)}|${type}|${JSON.stringify(at)}|${o?.fallback !== false}`;
      return this.#query('query', { request_type: type, account_id: acc, ...at }, convert, key, o);
    });
  }

  /** An RPC read whose result `convert` checks; cached under `key` (for longer at a fixed block), or always fetched without one. */
  #query<T>(method: string, params: Record<string, unknown>, convert: (r: unknown) => T, key: string | undefined, o: RpcCallOptions | undefined): Promise<RpcResult<T>> {
    const load = async (signal: AbortSignal | undefined): Promise<RpcResult<T>> => {
      const r = await this.#rpc(method, params, o, signal);
      return { result: convert(r.result), host: r.host };
    };
    return key === undefined ? load(o?.signal) : this.#cache.get(key, params['block_id'] === undefined ? this.#ttl.account : this.#ttl.history, load, o);
  }

  #poolView(poolId: string, accountId: string, method: string, o: CallOptions | undefined): Promise<bigint> {
    return this.#guard(() => {
      const pool = need(poolId, 'account');
      const acc = need(accountId, 'account');
      return this.#cache.get(
        `acct:${acc}|${this.endpoints.rpcUrl}|${method}|${pool}`,
        this.#ttl.account,
        async (signal) => {
          const v = (await this.callFunction(pool, method, { account_id: acc }, { signal })).result;
          // Pools return the amount as a JSON string; accept a safe integer number too.
          return parseYocto(Number.isSafeInteger(v) && (v as number) >= 0 ? String(v) : v, method);
        },
        o,
      );
    });
  }

  #rpcUrl(host: RpcHost | undefined): string {
    return host === 'archival' ? this.endpoints.archivalRpcUrl : this.endpoints.rpcUrl;
  }

  // ---------------------------------------------------------------- internals: REST and RPC

  /** GET on the REST API; `notFound` is the body a 404 stands for (none: a 404 is an error). */
  async #rest<T>(path: string, normalise: (raw: unknown) => T, signal: AbortSignal | undefined, notFound?: unknown): Promise<T> {
    const ex = await this.#send('api', this.#apiRoot + path + this.#apiQuery, undefined, signal);
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
  async #rpc(method: string, params: unknown, o: RpcCallOptions | undefined, signal: AbortSignal | undefined): Promise<RpcResult<unknown>> {
    const host: RpcHost = o?.host ?? 'regular';
    try {
      return { result: await this.#rpcCall(host, method, params, signal), host };
    } catch (e) {
      const { rpcCause, status, kind } = e as Partial<NearLensError>;
      if (
        o?.fallback === false ||
        host !== 'regular' ||
        !isRecord(params) ||
        params['block_id'] === undefined ||
        !(/^(GARBAGE_COLLECTED|UNKNOWN)_BLOCK$/.test(rpcCause ?? '') || (status === 422 && (kind === 'rpc' || kind === 'unprocessable')))
      ) {
        throw e;
      }
      return { result: await this.#rpcCall('archival', method, params, signal), host: 'archival' };
    }
  }

  async #rpcCall(host: RpcHost, method: string, params: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    // Write methods never get here (refused above), so every request is safe to retry.
    const ex = await this.#send(host, this.#rpcUrl(host), JSON.stringify({ jsonrpc: '2.0', id: ++nextRpcId, method, params }), signal);
    const parsed = tryJson(ex.text); // not JSON: handled below, after the HTTP status
    if (isRecord(parsed) && isRecord(parsed['error'])) throw this.#rpcError(parsed['error'], ex.status, host);
    if (ex.status < 200 || ex.status >= 300) throw this.#httpError(ex, host);
    if (parsed === undefined) parseJson(ex); // throws the right not-json error
    if (!isRecord(parsed) || !('result' in parsed)) throw badShape('The RPC answer has neither a result nor an error.');
    // A reflecting proxy may echo the key inside a result that is shown raw (RPC Request, Query Block): mask it.
    const [key] = this.#keys;
    return key && variants(key).some((k) => ex.text.includes(k)) ? scrubKey(parsed['result'], key) : parsed['result'];
  }

  // ---------------------------------------------------------------- internals: transport

  /** One logical request: attempts with backoff for retryable faults. Returns any HTTP answer, throws on transport failure. */
  async #send(host: Host, url: string, body: string | undefined, signal: AbortSignal | undefined): Promise<Exchange> {
    const origin = this.#origins[host];
    if (!origin) throw invalidInput(`The ${HOSTS[host][1]} URL is not a valid http(s) URL; check the NEAR Lens network settings.`);
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw aborted();
      const again = attempt < this.#retries;
      let wait: number | undefined;
      try {
        const ex = await this.#once(host, origin, url, body, signal);
        if (!again || (ex.status !== 429 && ex.status < 500)) return ex;
        wait = parseRetryAfter(ex.headers.get('retry-after'));
        if (wait !== undefined && wait > this.#maxRetryAfterMs) return ex; // not worth waiting: report it now
      } catch (e) {
        if (!again || !retryableErrors.has(e as NearLensError)) throw e;
      }
      // Exponential backoff with jitter so that many hovers do not retry in lock-step; an abort ends the wait.
      const base = this.#retryBaseMs;
      await sleep(wait ?? base * 2 ** attempt + Math.random() * base, undefined, { signal }).catch(() => undefined);
    }
  }

  /** One attempt: its own timeout, the caller's abort, same-origin redirects only, the body read under the cap. */
  async #once(host: Host, origin: string, url: string, body: string | undefined, signal: AbortSignal | undefined): Promise<Exchange> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const started = Date.now();
    let method: 'GET' | 'POST' = body === undefined ? 'GET' : 'POST';
    let status: number | undefined;
    let error: string | undefined;
    try {
      for (let hop = 0; ; hop++) {
        const res = await this.#fetch(this.#withKey(url), {
          method,
          body,
          headers: this.#headers[method],
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        status = res.status;
        const location = status >= 300 && status < 400 && res.headers.get('location');
        if (!location) return { status, headers: res.headers, text: await this.#read(res, url) };
        res.body?.cancel().catch(() => undefined); // the redirect's own body is not needed
        let target: URL;
        try {
          target = new URL(location, url);
        } catch {
          throw new NearLensError('server', `${hostName(url)} sent a broken redirect.`, { status });
        }
        // The key is only for the configured origin: never follow (and so never send the key) elsewhere.
        if (target.origin !== origin) {
          throw new NearLensError(
            'forbidden',
            `${hostName(url)} redirected to another site (${hostName(target.href)}); NEAR Lens did not follow it, so your API key was not sent there.`,
            { status },
          );
        }
        if (hop >= 3) throw new NearLensError('server', `${hostName(url)} redirected too many times.`, { status });
        if (status > 300 && status < 304) {
          method = 'GET'; // 301/302 after a POST and 303 go on as GET
          body = undefined;
        }
        // An echoed `apiKey=` is dropped: the key is added again (once) for the next hop.
        if (target.searchParams.has('apiKey')) target.searchParams.delete('apiKey');
        url = target.href;
      }
    } catch (e) {
      const err = this.#transportError(e, signal, timeout, url);
      error = err.message;
      throw err;
    } finally {
      // The entry (and its redaction) is only built when someone logs.
      if (this.#log) {
        try {
          this.#log({ method, host, url: redactUrl(redact(this.#withKey(url), this.#keys)), status, ms: Date.now() - started, error });
        } catch {
          // a broken logger must not break a lookup
        }
      }
    }
  }

  /** The body as UTF-8 up to the cap; beyond it, reading stops (which closes the connection) and the answer is refused. */
  async #read(res: Response, url: string): Promise<string> {
    const max = this.#maxBodyBytes;
    const reader = res.body?.getReader();
    if (!reader) return '';
    const parts: Uint8Array[] = [];
    let total = 0;
    if (!(Number(res.headers.get('content-length')) > max)) {
      for (let r; !(r = await reader.read()).done; parts.push(r.value)) if ((total += r.value.byteLength) > max) break;
      // Decoded once at the end: a character split between chunks stays whole.
      if (total <= max) return UTF8.decode(parts.length === 1 ? parts[0] : Buffer.concat(parts, total));
    }
    reader.cancel().catch(() => undefined); // stops reading and closes the connection
    const size = max >= 1024 * 1024 ? `${Number((max / (1024 * 1024)).toFixed(1))} MB` : `${Math.ceil(max / 1024)} KB`;
    throw new NearLensError('too-large', `The answer from ${hostName(url)} is larger than ${size}; NEAR Lens stopped reading it.`);
  }


  #transportError(e: unknown, signal: AbortSignal | undefined, timeout: AbortSignal, url: string): NearLensError {
    if (NearLensError.is(e)) return e;
    if (signal?.aborted) return aborted();
    const host = hostName(url);
    if (timeout.aborted) return retryable(new NearLensError('timeout', `No answer from ${host} within ${formatWait(this.#timeoutMs)}.`));
    // undici nests the socket error two levels down.
    let text = '';
    for (let c = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; c && i < 6; i++, c = c.cause as typeof c) {
      text += ` ${String(c.code)} ${String(c.message)}`;
    }
    const [, message, again] = NETWORK_ERRORS.find(([re]) => re.test(text)) ?? [, 'Network error talking to {h}.', true];
    const err = new NearLensError('network', message.replace('{h}', host));
    return again ? retryable(err) : err;
  }

  /** Adds `apiKey=` (query transport only) after any existing query; fragments are never sent anyway. */
  #withKey(url: string): string {
    if (!this.#queryKey) return url;
    const noHash = url.replace(/#.*/s, '');
    return `${noHash}${noHash.includes('?') ? '&' : '?'}${this.#queryKey}`;
  }

  /** Redacted server text on one clipped line. */
  #clean(text: string): string {
    return sanitizeText(redact(text, this.#keys), 120);
  }

  #httpError(ex: Exchange, host: Host): NearLensError {
    const { status } = ex;
    // Not JSON (an HTML or text error page): described by its status alone.
    const v = tryJson(ex.text);
    const detail = isRecord(v) ? [v['error'], v['message']].find((x) => typeof x === 'string') : v;
    const hasKey = this.#keys.length > 0;
    if (status === 403 && detail === 'origin_not_allowed') {
      return new NearLensError('origin-not-allowed', 'This API key only works from certain web origins, not from the editor (origin_not_allowed); use an unrestricted key.', { status });
    }
    if (status === 429) {
      const wait = parseRetryAfter(ex.headers.get('retry-after'));
      const when = wait === undefined ? 'in a moment' : `in ${formatWait(wait)}`;
      return new NearLensError('rate-limited', `Rate limited by the service${hasKey ? ';' : ' — set an API key or'} try again ${when}.`, { status, retryAfterMs: wait });
    }
    const [kind, what, advice = ''] =
      status === 401 && hasKey
        ? KEY_REJECTED
        : (HTTP_ERRORS[status] ?? (status >= 500 ? ['server', status > 501 && status < 505 ? 'is unavailable right now' : 'had an internal error'] : [status >= 400 ? 'bad-request' : 'server', 'answered unexpectedly']));
    const d = typeof detail === 'string' && detail ? `: ${this.#clean(detail)}` : '';
    return new NearLensError(kind, `${HOSTS[host][0]} ${what} (HTTP ${status}${d})${advice}.`, { status });
  }

  #rpcError(env: Record<string, unknown>, status: number, host: RpcHost): NearLensError {
    const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
    const name = str(env['name']);
    const causeObj = isRecord(env['cause']) ? env['cause'] : {};
    const data = str(env['data']) ?? (env['data'] === undefined ? '' : JSON.stringify(env['data']));
    const message = str(env['message']) ?? '';
    const cause = str(causeObj['name']) ?? GUESSED_CAUSES.find(([re]) => re.test(`${message} ${data}`))?.[1];
    const [template, field] = (cause !== undefined && Object.hasOwn(RPC_ERRORS, cause) && RPC_ERRORS[cause]) || [];
    const detail = field === undefined ? '' : str(isRecord(causeObj['info']) ? causeObj['info'][field] : undefined);
    const who = HOSTS[host][0];
    const what = this.#clean([cause ?? name, data || message].filter(Boolean).join(': '));
    const msg = template !== undefined && detail !== undefined ? template.replace('{W}', who).replace('{d}', this.#clean(detail)) : `${who} answered with an error${what && `: ${what}`}.`;
    const kind: ErrorKind = cause === 'NO_CONTRACT_CODE' || cause === 'CONTRACT_EXECUTION_ERROR' ? 'contract' : 'rpc';
    return new NearLensError(kind, sentence(msg), { status, rpcName: name || undefined, rpcCause: cause || undefined });
  }

  /** Every public method: failures are always NearLensError with a redacted message. */
  async #guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (!NearLensError.is(e)) throw new NearLensError('network', 'Unexpected error while talking to the service.');
      const clean = redact(e.message, this.#keys);
      throw clean === e.message ? e : new NearLensError(e.kind, clean, e);
    }
  }
}

// -------------------------------------------------------------------- module helpers

/** An account id or a public key from caller input; secrets, the wrong kind and invalid text are refused here. */
function need(text: string, want: 'account' | 'public-key'): string {
  const c = classify(text);
  if (c.kind === 'account' && want === 'account') return c.id;
  if (c.kind === 'public-key' && want === 'public-key') return c.key;
  if (c.kind === 'sensitive') throw new NearLensError('sensitive', SECRET_REFUSED);
  const [noun, other] = want === 'account' ? ['NEAR account id', 'a public key'] : ['public key (ed25519:… or secp256k1:…)', 'an account id'];
  throw invalidInput(c.kind === 'invalid' ? sentence(`Not a valid ${noun}: ${sanitizeText(c.reason, 120)}.`) : `Expected a ${noun}, not ${other}.`);
}

/** The JSON value of a text, or undefined when it is not JSON. */
function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseJson(ex: Exchange): unknown {
  const text = ex.text.trimStart();
  const html = /text\/html/i.test(ex.headers.get('content-type') ?? '') || text.startsWith('<');
  const value = html ? undefined : tryJson(text);
  if (value !== undefined) return value;
  const message = html
    ? 'The service answered with an HTML page, not JSON.'
    : text
      ? 'The answer from the service was cut off or is not valid JSON.'
      : 'The service sent an empty answer instead of JSON.';
  throw new NearLensError('not-json', message, { status: ex.status });
}

/** A plain-JSON copy of what a person typed (RPC params, view-call args): refused when it is not plain JSON or holds a secret. */
function plainJson(value: unknown, what: string): unknown {
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value) as string) as unknown;
  } catch {
    // a cycle or a BigInt (stringify throws), a function or undefined (no text to parse)
    throw invalidInput(`${what} must be plain JSON.`);
  }
  refuseSecrets(copy);
  return copy;
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
    else if (isRecord(v)) todo.push(...Object.entries(v).flat());
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
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(raw as number[]))) as unknown;
  } catch {
    throw badShape('The contract returned a result that is not UTF-8 JSON.');
  }
}

function toBlock(r: unknown): Record<string, unknown> {
  if (!isRecord(r) || !isRecord(r['header'])) throw shape('block');
  return r;
}

function toViewAccount(r: unknown): ViewAccount {
  const { amount, locked, code_hash: codeHash, storage_usage: storageUsage, block_height: blockHeight, block_hash: blockHash } = isRecord(r) ? r : {};
  if (typeof codeHash !== 'string' || typeof blockHash !== 'string' || !Number.isSafeInteger(storageUsage) || !Number.isSafeInteger(blockHeight)) {
    throw shape('view_account');
  }
  return {
    amount: parseYocto(amount, 'amount'),
    locked: parseYocto(locked, 'locked'),
    codeHash,
    storageUsage: storageUsage as number,
    blockHeight: blockHeight as number,
    blockHash,
    hasCode: codeHash !== '1'.repeat(32), // the hash of no code
  };
}

function toAccessKeys(r: unknown): AccessKeyInfo[] {
  const bad = (): NearLensError => shape('view_access_key_list');
  if (!isRecord(r) || !Array.isArray(r['keys'])) throw bad();
  return r['keys'].map((k: unknown): AccessKeyInfo => {
    const { public_key: publicKey, access_key: access } = isRecord(k) ? k : {};
    if (typeof publicKey !== 'string' || !isRecord(access)) throw bad();
    const perm = access['permission'];
    if (perm === 'FullAccess') return { publicKey, permission: perm };
    const fc = isRecord(perm) && isRecord(perm['FunctionCall']) ? perm['FunctionCall'] : {};
    const { receiver_id: receiverId, allowance } = fc;
    const methodNames = fc['method_names'] ?? [];
    if (typeof receiverId !== 'string' || !Array.isArray(methodNames) || !methodNames.every((m) => typeof m === 'string')) throw bad();
    return { publicKey, permission: { receiverId, methodNames, allowance: allowance == null ? null : parseYocto(allowance, 'allowance') } };
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

// The one way NEAR Lens talks to the service: FastNEAR REST and NEAR JSON-RPC reads, each a typed model, cached and
// de-duplicated, every failure a NearLensError with the key masked. The features import this module only.
// Pure: no `vscode`.
import { accountFromView, normaliseFt, normaliseFull, normaliseNft, normalisePublicKey, normaliseStaking, normaliseStatus } from '../near/account';
import type { AccountFull, AccountSource, FtHolding, IndexerStatus, NftCollection, PoolEntry, PublicKeyAccounts } from '../near/account';
import { badShape, invalidInput, NearLensError } from '../errors';
import { isRecord, tryJsonExact } from '../json';
import { sanitizeText } from '../text';
import { originOf } from '../near/networks';
import type { Endpoints } from '../near/networks';
import { variants } from '../redact';
import { TtlCache } from './cache';
import { httpError, parseJson, rpcError } from './messages';
import type { Exchange, Host, RpcHost } from './messages';
import {
  blockParams,
  FINAL,
  isWriteMethod,
  nameRule,
  need,
  plainJson,
  rpcMethodError,
  scrubKey,
  toAccessKeys,
  toBlock,
  toCallResult,
  toFtMetadata,
  toPoolAmount,
  toViewAccount,
} from './rpc';
import type { AccessKeyInfo, BlockRef, FtMetadata, ViewAccount } from './rpc';
import { DEFAULT_TTL } from './options';
import type { CacheTtl, CallOptions, ClientOptions, RpcCallOptions, RpcResult } from './options';
import { HttpTransport } from './transport';
import { REST_COOLDOWN_MS, restOutage } from './fallback';
import type { AuthTransport } from './transport';
import { toBase64, utf8Bytes } from '../bytes';

export type { AccessKeyInfo, BlockRef, Finality, FtMetadata, ViewAccount } from './rpc';
export { isWriteMethod, parseBlockRef, READ_ONLY_METHODS, rpcMethodError } from './rpc';
export type { RpcHost } from './messages';
export { parseRetryAfter } from './messages';
export type { RequestLogEntry } from './transport';
export { DEFAULT_TIMEOUT_MS } from './transport';
export type Transport = AuthTransport;
export type { CacheTtl, CallOptions, ClientOptions, RpcCallOptions, RpcResult } from './options';

/** Said when the REST API URL answers a look-up with 404 and its /status is not a FastNEAR status either. */
export const WRONG_API_URL = 'The API URL answers 404 — is it a FastNEAR API root? Check the NEAR Lens network settings.';

/** Said (nothing sent) when something only a REST API knows is asked on a network that has none. */
export const NO_INDEXER_MESSAGE = 'No indexer on this network: tokens, NFTs, pools and key look-ups need a REST API (nearLens.customNetwork.apiUrl).';

let nextRpcId = 0;

/** A failure a moment will not change: the contract's own answer, an answer of another shape, no such account or code. */
const settledFailure = (e: unknown): boolean =>
  NearLensError.is(e) && (e.kind === 'contract' || e.kind === 'bad-shape' || e.rpcCause === 'UNKNOWN_ACCOUNT' || e.rpcCause === 'NO_CONTRACT_CODE');

export class NearClient {
  readonly endpoints: Endpoints;
  readonly #http: HttpTransport;
  readonly #ttl: CacheTtl;
  readonly #cache: TtlCache;
  readonly #apiRoot: string;
  readonly #apiQuery: string;
  readonly #clean = (text: string): string => sanitizeText(this.#http.redact(text), 120);
  /** Until then (ms since epoch) account look-ups skip the failing REST API and read the state over RPC. */
  #restDownUntil = 0;
  #restDown: { reason: string; error: unknown } | undefined;
  readonly #restFallback: boolean;

  constructor(opts: ClientOptions) {
    const ep = (this.endpoints = Object.freeze({ ...opts.endpoints }));
    this.#http = new HttpTransport({ ...opts, origins: { api: originOf(ep.apiUrl), regular: originOf(ep.rpcUrl), archival: originOf(ep.archivalRpcUrl) } });
    this.#ttl = { ...DEFAULT_TTL, ...opts.ttl };
    this.#restFallback = opts.restFallback !== false;
    this.#cache = opts.cache ?? new TtlCache();
    // A query the user put on the REST base URL is kept after every path; a fragment is never sent.
    const [, root = '', query = ''] = /^([^?#]*)([^#]*)/.exec(ep.apiUrl) ?? [];
    this.#apiRoot = root.replace(/\/+$/, '');
    this.#apiQuery = query;
  }

  // ---------------------------------------------------------------- REST

  /** Whether the network has a REST API (an indexer): without one, accounts are read over RPC and lists are unknowable. */
  get hasIndexer(): boolean {
    return this.#apiRoot !== '';
  }

  /**
   * An account: from the REST API; on a network without one, its state from RPC `view_account` (`source` says so);
   * when the REST API is down (network error, timeout, 5xx, 429, an HTML page) and the RPC host answers, the state
   * from RPC with the last good lists, marked stale. A 4xx about the id is the REST answer's, never covered up.
   */
  full(id: string, o?: CallOptions): Promise<AccountFull> {
    if (this.hasIndexer) return this.#lookup(id, 'account', '/full', normaliseFull, o);
    return this.#guard(() => {
      const acc = need(id, 'account');
      return this.#cache.get(this.#fullKey(acc), this.#ttl.account, (s) => this.#fullFromRpc(acc, {}, s, o?.fresh), o);
    });
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

  /** Throws NO_INDEXER_MESSAGE (nothing sent) on a network without a REST API. */
  publicKey(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#lookup(pk, 'public-key', '', normalisePublicKey, o);
  }

  publicKeyAll(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#lookup(pk, 'public-key', '/all', normalisePublicKey, o);
  }

  status(o?: CallOptions): Promise<IndexerStatus> {
    if (!this.hasIndexer) return Promise.reject(new NearLensError('not-found', NO_INDEXER_MESSAGE));
    return this.#guard(() => this.#cache.get(`status|${this.endpoints.apiUrl}`, this.#ttl.status, (s) => this.#rest('/status', normaliseStatus, s), o));
  }

  /** Sends nothing more: an attempt not yet sent (a retry waiting out its delay) ends as cancelled. */
  close(): void {
    this.#http.close();
  }

  /** The last good `full()` answer for this account on this endpoint, even if expired. */
  peekFull(id: string): AccountFull | undefined {
    return this.#cache.peek<AccountFull>(this.#fullKey(id));
  }

  /** When that last good `full()` answer arrived (ms since epoch). */
  fullFetchedAt(id: string): number | undefined {
    return this.#cache.storedAt(this.#fullKey(id));
  }

  #fullKey(id: string): string {
    return `acct:${id}|${this.endpoints.apiUrl}|/full`;
  }

  /** The account's state from RPC view_account (UNKNOWN_ACCOUNT: no such account), with the last good REST lists if any. */
  async #fullFromRpc(id: string, source: Omit<AccountSource, 'via'>, signal: AbortSignal | undefined, fresh?: boolean): Promise<AccountFull> {
    let view: ViewAccount | null;
    try {
      // A refresh asks the node again, as it asks the REST API again (never a view_account older than the look-up).
      view = (await this.viewAccount(id, undefined, { signal, fresh })).result;
    } catch (e) {
      // An old node's bare message is read as UNKNOWN_ACCOUNT too (messages.ts GUESSED_CAUSES).
      if ((e as Partial<NearLensError>).rpcCause !== 'UNKNOWN_ACCOUNT') throw e;
      view = null;
    }
    const prev = source.restFailure === undefined ? undefined : this.peekFull(id);
    // The lists of the last REST answer (or of the fallback that carried them on), with the time REST gave them.
    const listsAt = prev && (prev.source ? prev.source.listsAt : this.fullFetchedAt(id));
    return accountFromView(id, view, { via: 'rpc', ...source, ...(listsAt !== undefined && { listsAt }) }, listsAt !== undefined ? prev : undefined);
  }

  /** REST /full, and the RPC standing in while the REST API is down (see full()). */
  async #fullOrRpc(id: string, path: string, signal: AbortSignal | undefined, fresh?: boolean): Promise<AccountFull> {
    // While the cooldown lasts the REST API is not asked: its last failure stands.
    let down = Date.now() < this.#restDownUntil ? this.#restDown : undefined;
    if (!down) {
      try {
        return await this.#rest(path, normaliseFull, signal, { account_id: id, state: null });
      } catch (e) {
        const reason = this.#restFallback ? restOutage(e) : undefined;
        if (reason === undefined || signal?.aborted) throw e;
        down = { reason, error: e };
      }
    }
    let stand: AccountFull;
    try {
      stand = await this.#fullFromRpc(id, { restFailure: down.reason }, signal, fresh);
    } catch (e) {
      // Nothing answering at all: the REST failure is what the caller sees, and no cooldown starts.
      throw NearLensError.is(e) && e.kind === 'aborted' ? e : down.error;
    }
    // The RPC host stands in: the next look-ups go to it alone for a while.
    if (this.#restDown !== down) this.#restDownUntil = Date.now() + REST_COOLDOWN_MS;
    this.#restDown = down;
    return stand;
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
      const args64 = toBase64(utf8Bytes(JSON.stringify(plainJson(args === undefined ? {} : args, 'Contract arguments'))));
      const params = { request_type: 'call_function', account_id: acc, method_name: method, args_base64: args64, ...blockParams(o?.ref ?? FINAL) };
      return this.#query('query', params, (res) => toCallResult(res, acc, method, this.#clean) as T, undefined, o);
    });
  }

  ftMetadata(contractId: string, o?: CallOptions): Promise<FtMetadata> {
    return this.#guard(() => {
      const acc = need(contractId, 'account');
      return this.#cache.get(
        this.#ftKey(acc),
        this.#ttl.ftMetadata,
        async (signal) => toFtMetadata((await this.callFunction(acc, 'ft_metadata', {}, { signal })).result, acc),
        // A token without metadata (no such account or contract, no such method, another shape) is not asked again
        // on every hover: that failure stands as long as an account's answer does.
        { ...o, keepFailureMs: (e) => (settledFailure(e) ? this.#ttl.account : 0) },
      );
    });
  }

  /** The ft_metadata already cached (even expired) for each of these tokens that has one; sends nothing. */
  cachedFtMetadata(contractIds: readonly string[]): Map<string, FtMetadata> {
    const found = new Map<string, FtMetadata>();
    for (const id of contractIds) {
      const m = this.#cache.peek<FtMetadata>(this.#ftKey(id));
      if (m) found.set(id, m);
    }
    return found;
  }

  #ftKey(contractId: string): string {
    return `ftmeta|${this.endpoints.rpcUrl}|${contractId}`;
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
      if (!this.hasIndexer) throw new NearLensError('not-found', NO_INDEXER_MESSAGE);
      const account = want === 'account';
      const path = `/v1/${account ? 'account' : 'public_key'}/${encodeURIComponent(id)}${what}`;
      return this.#cache.get(
        `${account ? 'acct' : 'pk'}:${id}|${this.endpoints.apiUrl}|${what}`,
        account ? this.#ttl.account : this.#ttl.publicKey,
        // An account the indexer does not know is 200 with state: null; a 404 of /full on a real FastNEAR root means the same.
        (s) => (what === '/full' ? (this.#fullOrRpc(id, path, s, o?.fresh) as Promise<T>) : this.#rest(path, normalise, s)),
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
  #query<T>(
    method: string,
    params: Record<string, unknown>,
    convert: (r: unknown) => T,
    key: string | undefined,
    o: RpcCallOptions | undefined,
  ): Promise<RpcResult<T>> {
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
        async (signal) => toPoolAmount((await this.callFunction(pool, method, { account_id: acc }, { signal })).result, method),
        o,
      );
    });
  }

  #rpcUrl(host: RpcHost | undefined): string {
    return host === 'archival' ? this.endpoints.archivalRpcUrl : this.endpoints.rpcUrl;
  }

  // ---------------------------------------------------------------- internals: REST and RPC

  /**
   * GET on the REST API. A 404 is told apart: when the root's /status is not a FastNEAR status either, the URL is wrong
   * (WRONG_API_URL); otherwise `notFound` is the body it stands for (none: the 404 is an error).
   */
  async #rest<T>(path: string, normalise: (raw: unknown) => T, signal: AbortSignal | undefined, notFound?: unknown): Promise<T> {
    const ex = await this.#http.send('api', this.#apiRoot + path + this.#apiQuery, undefined, signal);
    let raw = notFound;
    if (ex.status === 404 && path !== '/status' && !(await this.#isApiRoot(signal))) throw new NearLensError('not-found', WRONG_API_URL, { status: 404 });
    if (ex.status !== 404 || notFound === undefined) {
      if (ex.status < 200 || ex.status >= 300) throw httpError(ex, 'api', this.#http.keys.length > 0, this.#clean);
      // Ids and names from a reflecting proxy are shown in the tree and the panel: never the key among them.
      raw = this.#scrub(ex, parseJson(ex));
    }
    try {
      return normalise(raw);
    } catch (e) {
      throw NearLensError.is(e) ? e : badShape('The service sent data in an unexpected shape.');
    }
  }

  /** Whether the REST URL is a FastNEAR root (its /status answers); a fault other than an answer is not held against it. */
  async #isApiRoot(signal: AbortSignal | undefined): Promise<boolean> {
    try {
      await this.status({ signal });
      return true;
    } catch (e) {
      return !(NearLensError.is(e) && ['not-found', 'not-json', 'bad-shape'].includes(e.kind));
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
    const ex: Exchange = await this.#http.send(host, this.#rpcUrl(host), JSON.stringify({ jsonrpc: '2.0', id: ++nextRpcId, method, params }), signal);
    // Integers past 2^53 (a header's u64 timestamp) arrive as exact digit strings, never rounded. Not JSON: handled
    // below, after the HTTP status.
    const parsed = tryJsonExact(ex.text);
    if (isRecord(parsed) && isRecord(parsed['error'])) throw rpcError(parsed['error'], ex.status, host, this.#clean);
    if (ex.status < 200 || ex.status >= 300) throw httpError(ex, host, this.#http.keys.length > 0, this.#clean);
    if (parsed === undefined) parseJson(ex); // throws the right not-json error
    if (!isRecord(parsed) || !('result' in parsed)) throw badShape('The RPC answer has neither a result nor an error.');
    // A reflecting proxy may echo the key inside a result that is shown raw (RPC Request, Query Block): mask it.
    return this.#scrub(ex, parsed['result']);
  }

  /**
   * A parsed answer with the API key masked in every string, when the body may hold it: one of its spellings is in
   * the text, or the text has JSON escapes (`\u0061`, `\/`) that parsing turns back into it.
   */
  #scrub(ex: Exchange, value: unknown): unknown {
    const key = this.#http.keys[0];
    return key && (ex.text.includes('\\') || variants(key).some((k) => ex.text.includes(k))) ? scrubKey(value, key) : value;
  }

  /** Whether `text` holds the API key (any of the forms it may travel in): such an answer is not shown. */
  holdsKey(text: string): boolean {
    return this.#http.redact(text) !== text;
  }

  /** Every public method: failures are always NearLensError with a redacted message. */
  #guard<T>(fn: () => Promise<T>): Promise<T> {
    // Not an async function: on the hot path (every look-up) that would add a promise and its ticks for nothing.
    let p: Promise<T>;
    try {
      p = fn();
    } catch (e) {
      p = Promise.reject(e);
    }
    return p.catch((e: unknown) => {
      if (!NearLensError.is(e)) throw new NearLensError('network', 'Unexpected error while talking to the service.');
      const clean = this.#http.redact(e.message);
      throw clean === e.message ? e : new NearLensError(e.kind, clean, e);
    });
  }
}

export type { Host };

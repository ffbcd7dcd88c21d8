// NearClient's JSON-RPC family: blocks, view_account and keys, view calls, ft_metadata, pool balances and any
// read-only method, with the archival fallback for history. The other families send their RPC through it (rpcSend).
// Pure: no `vscode`.
import { badShape, invalidInput, NearLensError } from '../base/errors';
import { isRecord, tryJsonExact } from '../base/json';
import { httpError, parseJson, rpcError } from './messages';
import type { Exchange, RpcHost } from './messages';
import {
  blockParams,
  FINAL,
  isWriteMethod,
  nameRule,
  need,
  plainJson,
  rpcMethodError,
  toAccessKeys,
  toBlock,
  toCallResult,
  toFtMetadata,
  toPoolAmount,
  toViewAccount,
} from './rpc';
import type { AccessKeyInfo, BlockRef, FtMetadata, ViewAccount } from './rpc';
import type { CallOptions, RpcCallOptions, RpcResult } from './options';
import { toBase64, utf8Bytes } from '../base/bytes';
import type { ClientContext } from './context';

let nextRpcId = 0;

/** A failure a moment will not change: the contract's own answer, an answer of another shape, no such account or code. */
const settledFailure = (e: unknown): boolean =>
  NearLensError.is(e) && (e.kind === 'contract' || e.kind === 'bad-shape' || e.rpcCause === 'UNKNOWN_ACCOUNT' || e.rpcCause === 'NO_CONTRACT_CODE');

export class RpcFamily {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** Whether an archival host of its own exists (an RPC-only network without one sends "archival" asks to its node, named so). */
  get hasArchival(): boolean {
    return this.#ctx.endpoints.archivalRpcUrl !== '' && this.#ctx.endpoints.archivalRpcUrl !== this.#ctx.endpoints.rpcUrl;
  }

  block(ref: BlockRef, o?: RpcCallOptions): Promise<RpcResult<Record<string, unknown>>> {
    return this.#ctx.guard(() => {
      const params = blockParams(ref);
      const id = params['block_id'];
      // A block at a fixed height/hash never changes and is cached; one by finality is always fetched.
      return this.#rpcQuery('block', params, toBlock, id === undefined ? undefined : `block|${this.#ctx.rpcUrl(o?.host)}|${String(id)}`, o);
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
    return this.#ctx.guard(async () => {
      const acc = need(contractId, 'account');
      if (!/^[A-Za-z_]\w{0,255}$/.test(method)) throw invalidInput(nameRule('contract'));
      const args64 = toBase64(utf8Bytes(JSON.stringify(plainJson(args === undefined ? {} : args, 'Contract arguments'))));
      const params = { request_type: 'call_function', account_id: acc, method_name: method, args_base64: args64, ...blockParams(o?.ref ?? FINAL) };
      return this.#rpcQuery('query', params, (res) => toCallResult(res, acc, method, this.#ctx.clean) as T, undefined, o);
    });
  }

  ftMetadata(contractId: string, o?: CallOptions): Promise<FtMetadata> {
    return this.#ctx.guard(() => {
      const acc = need(contractId, 'account');
      return this.#ctx.cache.get(
        this.#ftKey(acc),
        this.#ctx.ttl.ftMetadata,
        async (signal) => toFtMetadata((await this.callFunction(acc, 'ft_metadata', {}, { signal })).result, acc),
        // A token without metadata (no such account or contract, no such method, another shape) is not asked again
        // on every hover: that failure stands as long as an account's answer does.
        { ...o, keepFailureMs: (e) => (settledFailure(e) ? this.#ctx.ttl.account : 0) },
      );
    });
  }

  /** The ft_metadata already cached (even expired) for each of these tokens that has one; sends nothing. */
  cachedFtMetadata(contractIds: readonly string[]): Map<string, FtMetadata> {
    const found = new Map<string, FtMetadata>();
    for (const id of contractIds) {
      const m = this.#ctx.cache.peek<FtMetadata>(this.#ftKey(id));
      if (m) found.set(id, m);
    }
    return found;
  }

  #ftKey(contractId: string): string {
    return `ftmeta|${this.#ctx.endpoints.rpcUrl}|${contractId}`;
  }

  stakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<bigint> {
    return this.#poolView(poolId, accountId, 'get_account_staked_balance', o);
  }

  unstakedBalance(poolId: string, accountId: string, o?: CallOptions): Promise<bigint> {
    return this.#poolView(poolId, accountId, 'get_account_unstaked_balance', o);
  }

  /** Any read-only JSON-RPC method; write methods are refused before anything is sent. Not cached. */
  request(method: string, params: unknown, host?: RpcHost, o?: CallOptions): Promise<RpcResult<unknown>> {
    return this.#ctx.guard(() => {
      method = String(method).trim();
      const why = rpcMethodError(method);
      if (why !== undefined) throw new NearLensError(isWriteMethod(method) ? 'refused-method' : 'invalid-input', why);
      if (params !== undefined && (typeof params !== 'object' || params === null)) throw invalidInput('RPC params must be a JSON object or array.');
      const body = plainJson(params ?? {}, 'RPC params');
      // Without an explicit host, a historical block/query (with a block_id) may fall back to archival like the typed calls.
      return this.rpcSend(method, body, { ...o, host, fallback: host === undefined }, o?.signal);
    });
  }

  #view<T>(id: string, type: string, convert: (r: unknown) => T, ref: BlockRef | undefined, o: RpcCallOptions | undefined): Promise<RpcResult<T>> {
    return this.#ctx.guard(() => {
      const acc = need(id, 'account');
      const at = blockParams(ref ?? FINAL);
      const key = `acct:${acc}|${this.#ctx.rpcUrl(o?.host)}|${type}|${JSON.stringify(at)}|${o?.fallback !== false}`;
      return this.#rpcQuery('query', { request_type: type, account_id: acc, ...at }, convert, key, o);
    });
  }

  /** An RPC read whose result `convert` checks; cached under `key` (for longer at a fixed block), or always fetched without one. */
  #rpcQuery<T>(
    method: string,
    params: Record<string, unknown>,
    convert: (r: unknown) => T,
    key: string | undefined,
    o: RpcCallOptions | undefined,
  ): Promise<RpcResult<T>> {
    const load = async (signal: AbortSignal | undefined): Promise<RpcResult<T>> => {
      const r = await this.rpcSend(method, params, o, signal);
      return { result: convert(r.result), host: r.host };
    };
    return key === undefined
      ? load(o?.signal)
      : this.#ctx.cache.get(key, params['block_id'] === undefined ? this.#ctx.ttl.account : this.#ctx.ttl.history, load, o);
  }

  #poolView(poolId: string, accountId: string, method: string, o: CallOptions | undefined): Promise<bigint> {
    return this.#ctx.guard(() => {
      const pool = need(poolId, 'account');
      const acc = need(accountId, 'account');
      return this.#ctx.cache.get(
        `acct:${acc}|${this.#ctx.endpoints.rpcUrl}|${method}|${pool}`,
        this.#ctx.ttl.account,
        async (signal) => toPoolAmount((await this.callFunction(pool, method, { account_id: acc }, { signal })).result, method),
        o,
      );
    });
  }

  /**
   * Fallback rule: a request with a block_id (height or hash) that the regular host answers with
   * GARBAGE_COLLECTED_BLOCK, UNKNOWN_BLOCK or HTTP 422 is retried once on the archival host. No head check:
   * a height above the head costs one extra request and the archival host's own UNKNOWN_BLOCK is reported.
   */
  async rpcSend(method: string, params: unknown, o: RpcCallOptions | undefined, signal: AbortSignal | undefined): Promise<RpcResult<unknown>> {
    // No archival host of its own: its node answers, and is named as what it is (never "the archival host").
    const host: RpcHost = o?.host === 'archival' && this.hasArchival ? 'archival' : 'regular';
    try {
      return { result: await this.#rpcCall(host, method, params, signal), host };
    } catch (e) {
      const { rpcCause, status, kind } = e as Partial<NearLensError>;
      if (
        o?.fallback === false ||
        host !== 'regular' ||
        !this.hasArchival ||
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
    const ex: Exchange = await this.#ctx.http.send(host, this.#ctx.rpcUrl(host), JSON.stringify({ jsonrpc: '2.0', id: ++nextRpcId, method, params }), signal);
    // Integers past 2^53 (a header's u64 timestamp) arrive as exact digit strings, never rounded. Not JSON: handled
    // below, after the HTTP status.
    const parsed = tryJsonExact(ex.text);
    if (isRecord(parsed) && isRecord(parsed['error'])) throw rpcError(parsed['error'], ex.status, host, this.#ctx.clean, this.hasArchival);
    if (ex.status < 200 || ex.status >= 300) throw httpError(ex, host, this.#ctx.hasKey, this.#ctx.clean);
    if (parsed === undefined) parseJson(ex); // throws the right not-json error
    if (!isRecord(parsed) || !('result' in parsed)) throw badShape('The RPC answer has neither a result nor an error.');
    // A reflecting proxy may echo the key inside a result that is shown raw (RPC Request, Query Block): mask it.
    return this.#ctx.scrub(ex, parsed['result']);
  }
}

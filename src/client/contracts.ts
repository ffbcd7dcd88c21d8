// Contract reads on top of NearClient's read-only JSON-RPC: a contract's interface (view_code exports, the embedded
// ABI of `__contract_abi`, NEP-330 source metadata) cached by code hash, view calls with their result bytes decoded,
// and view_state (with the wasm/ABI readers; fzstd decompresses the first ABI). Pure: no `vscode`.
import { invalidInput, NearLensError } from '../base/errors';
import { isRecord } from '../base/json';
import { sanitizeText } from '../base/text';
import { ABI_METHOD, decodeAbi } from '../near/contract/abi';
import { callFunctionErrorMessage, contractInterface, parseSourceMetadata, SOURCE_METADATA_METHOD } from '../near/contract/contract';
import type { ContractInterface, SourceMetadata } from '../near/contract/contract';
import { base64Bytes, decodeCallResult, decodeStateEntries, parseKeyPrefix } from '../near/contract/values';
import type { CallResult, StateEntry } from '../near/contract/values';
import { wasmExports } from '../near/contract/wasm';
import { blockParams, FINAL, need, parseBlockRef, plainJson } from './rpc';
import type { NearClient, RpcHost } from './client';
import { TtlCache } from './cache';
import { fromBase64, latin1, toBase64, utf8Bytes } from '../base/bytes';

/** A contract's interface and what could not be read of it (an unreadable ABI: the exports stand in). */
export interface ContractDetails extends ContractInterface {
  /** Why the embedded ABI could not be used (then the methods are the exports, kinds unknown). */
  abiError?: string;
}

export interface ViewCallResult {
  decoded: CallResult;
  /** The JSON value when the bytes are JSON, else the text (or base64 of binary bytes). */
  result: unknown;
  logs: string[];
  blockHeight: number;
  host: RpcHost;
}

export interface StateResult {
  entries: StateEntry[];
  blockHeight: number;
  host: RpcHost;
}

/** Interfaces by `rpcUrl|codeHash` (code is immutable under its hash), least recently used first; bounded by bytes. */
const cache = new Map<string, { details: ContractDetails; bytes: number }>();
let cachedBytes = 0;
/** What the interface cache may hold: the code and ABI bytes each entry was read from. */
export const CACHE_BYTES = 16 * 1024 * 1024;
/**
 * Look-ups in flight, shared by everyone who asks for the same code meanwhile: a caller that cancels leaves alone,
 * the load stops only when every caller has gone (keep: false, as finished interfaces live in `cache` above).
 */
const loading = new TtlCache({ maxEntries: 1 });

export const clearContractCache = (): void => {
  cache.clear();
  cachedBytes = 0;
};

/** Keeps a finished interface, then drops the least recently used ones while the cache holds more than its bytes. */
function remember(key: string, details: ContractDetails, bytes: number): void {
  const old = cache.get(key);
  if (old) cachedBytes -= old.bytes;
  cache.delete(key);
  cache.set(key, { details, bytes });
  cachedBytes += bytes;
  for (const [k, v] of cache) {
    if (cachedBytes <= CACHE_BYTES || k === key) break;
    cache.delete(k);
    cachedBytes -= v.bytes;
  }
}

const NO_CODE = /^1{32}$/;
const methodRule = /^[A-Za-z_]\w{0,255}$/;

function blockOf(blockId: unknown): { params: Record<string, unknown>; host: RpcHost | undefined } {
  if (blockId === undefined || blockId === null || blockId === '') return { params: blockParams(FINAL), host: undefined };
  // A block given: ask the archival host (history), as Query Block does.
  return { params: blockParams(parseBlockRef(String(blockId))), host: 'archival' };
}

/** A `query` through the client's read-only RPC (its key, origin pin, retries and error texts). */
async function query(
  client: NearClient,
  params: Record<string, unknown>,
  host: RpcHost | undefined,
  signal?: AbortSignal,
): Promise<{ r: Record<string, unknown>; host: RpcHost }> {
  const res = await client.rpc.request('query', params, host, { signal });
  if (!isRecord(res.result)) throw new NearLensError('bad-shape', `The RPC answer for ${String(params['request_type'])} has an unexpected shape.`);
  return { r: res.result, host: res.host };
}

/** The raw bytes of a view call; `result.error` (an HTTP 200) reads as what it is, naming the method and contract. */
async function callRaw(
  client: NearClient,
  contractId: string,
  method: string,
  args: unknown,
  blockId?: unknown,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; logs: string[]; blockHeight: number; host: RpcHost }> {
  const acc = need(contractId, 'account');
  if (!methodRule.test(method)) throw invalidInput('A contract method name is letters, digits and underscores (for example get_greeting).');
  const json = JSON.stringify(plainJson(args ?? {}, 'Contract arguments'));
  const at = blockOf(blockId);
  const params = { request_type: 'call_function', account_id: acc, method_name: method, args_base64: toBase64(utf8Bytes(json)), ...at.params };
  const { r, host } = await query(client, params, at.host, signal);
  if (typeof r['error'] === 'string') throw new NearLensError('contract', callFunctionErrorMessage(acc, method, r['error']));
  const raw = r['result'];
  if (!Array.isArray(raw) || !raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255))
    throw new NearLensError('bad-shape', 'The RPC answer for call_function has an unexpected shape.');
  const logs = Array.isArray(r['logs']) ? r['logs'].filter((l): l is string => typeof l === 'string').map((l) => sanitizeText(l, 500)) : [];
  return { bytes: Uint8Array.from(raw as number[]), logs, blockHeight: Number(r['block_height']), host };
}

/**
 * A view call: `args` (a JSON value; refused when it holds a secret key) sent as base64 JSON, the result bytes decoded
 * (JSON, text, or binary as base64 and hex). `blockId` (height or hash) asks the archival host.
 */
export async function callView(
  client: NearClient,
  contractId: string,
  method: string,
  args?: unknown,
  blockId?: unknown,
  signal?: AbortSignal,
): Promise<ViewCallResult> {
  const { bytes, ...rest } = await callRaw(client, contractId, method, args, blockId, signal);
  // A node that echoes the API key back inside the bytes (a reflecting proxy): the answer is withheld, not shown.
  const decoded: CallResult = client.holdsKey(latin1(bytes)) ? { kind: 'text', text: KEY_WITHHELD } : decodeCallResult(bytes);
  const result = decoded.kind === 'json' ? decoded.value : decoded.kind === 'text' ? decoded.text : decoded.base64;
  return { decoded, result, ...rest };
}

/** Shown instead of bytes that hold the user's API key. */
const KEY_WITHHELD = '(withheld: the answer contains your API key)';

/** Failures that another moment may cure: never remembered as the contract's answer. */
const TRANSIENT = new Set(['aborted', 'timeout', 'network', 'rate-limited', 'server']);
const isTransient = (e: unknown): boolean => NearLensError.is(e) && TRANSIENT.has(e.kind);

/** `view_state`, optionally under a key prefix (`base64:…`, else UTF-8 text); pairs sorted by key and decoded. */
export async function viewState(client: NearClient, contractId: string, prefix = '', blockId?: unknown, signal?: AbortSignal): Promise<StateResult> {
  const acc = need(contractId, 'account');
  if (typeof prefix !== 'string') throw invalidInput('The key prefix must be text (or base64:…).');
  // A prefix goes to the node like arguments do: a pasted secret key (in quotes, glued to text, percent-encoded, or
  // inside the base64 bytes) is refused, unsent.
  const prefixBase64 = parseKeyPrefix(prefix);
  plainJson([prefix, new TextDecoder().decode(fromBase64(prefixBase64))], 'The key prefix');
  const at = blockOf(blockId);
  try {
    const { r, host } = await query(client, { request_type: 'view_state', account_id: acc, prefix_base64: prefixBase64, ...at.params }, at.host, signal);
    const withheld = { kind: 'text', text: KEY_WITHHELD, base64: '' } as const;
    const shown = (b: StateEntry['value']): StateEntry['value'] => (client.holdsKey(b.kind === 'text' ? b.text : latin1(fromBase64(b.base64))) ? withheld : b);
    const entries = decodeStateEntries(r['values']).map((e) => ({ key: shown(e.key), value: shown(e.value) }));
    return { entries, blockHeight: Number(r['block_height']), host };
  } catch (e) {
    if (NearLensError.is(e) && e.rpcCause === 'TOO_LARGE_CONTRACT_STATE') {
      throw new NearLensError(
        'rpc',
        `The state of ${acc} is too large for this RPC node to send${prefix ? ' under that prefix' : ''}: give a key prefix (for example STATE) to read part of it.`,
        e,
      );
    }
    throw e;
  }
}

/** The contract code of an account and its hash (`view_code`). */
export async function viewCode(client: NearClient, contractId: string, signal?: AbortSignal): Promise<{ code: Uint8Array; codeHash: string }> {
  const { r } = await query(client, { request_type: 'view_code', account_id: need(contractId, 'account'), ...blockParams(FINAL) }, undefined, signal);
  const code = typeof r['code_base64'] === 'string' ? base64Bytes(r['code_base64']) : undefined;
  if (!code || typeof r['hash'] !== 'string') throw new NearLensError('bad-shape', 'The RPC answer for view_code has an unexpected shape.');
  return { code, codeHash: r['hash'] };
}

/**
 * The interface of the contract on `contractId`: from its embedded ABI when it exports `__contract_abi`, else its
 * exported functions (kinds unknown); with its NEP-330 metadata when it answers. Cached by code hash: with a known
 * `codeHash` (the watchlist's view_account), a second look-up sends nothing. Throws when no code is deployed, the
 * code cannot be read (not wasm, truncated, over the cap); an unreadable ABI or metadata is noted, not thrown.
 */
export async function contractDetails(client: NearClient, contractId: string, o: { codeHash?: string; signal?: AbortSignal } = {}): Promise<ContractDetails> {
  const acc = need(contractId, 'account');
  const codeHash = o.codeHash ?? (await client.rpc.viewAccount(acc, undefined, { signal: o.signal })).result.codeHash;
  if (NO_CODE.test(codeHash)) throw new NearLensError('contract', `No contract is deployed on ${acc}.`);
  const key = `${client.endpoints.rpcUrl}|${codeHash}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.details;
  }
  return loading.get(key, 0, (signal) => loadDetails(client, acc, key, signal), { signal: o.signal, keep: false });
}

/** One look-up of a contract's interface (code, exports, ABI, NEP-330 source), kept by code hash when it succeeds. */
async function loadDetails(client: NearClient, acc: string, key: string, signal: AbortSignal | undefined): Promise<ContractDetails> {
  const code = await viewCode(client, acc, signal);
  const exports = wasmExports(code.code);
  let bytes = code.code.length;
  const [abi, source] = await Promise.all([
    exports.includes(ABI_METHOD)
      ? callRaw(client, acc, ABI_METHOD, {}, undefined, signal)
          .then((r) => {
            bytes += r.bytes.length;
            return decodeAbi(r.bytes);
          })
          .catch((e: unknown) => {
            // A moment's failure (cancel, timeout, rate limit, network) fails the look-up, so nothing is cached by
            // code hash; only an answer that cannot be read becomes the "ABI unreadable" note.
            if (isTransient(e)) throw e;
            return NearLensError.is(e) ? e.message : 'The ABI could not be read.';
          })
      : undefined,
    exports.includes(SOURCE_METADATA_METHOD)
      ? callView(client, acc, SOURCE_METADATA_METHOD, {}, undefined, signal).then(
          (r): SourceMetadata | undefined => parseSourceMetadata(r.result),
          (e: unknown) => {
            if (isTransient(e)) throw e;
            return undefined;
          },
        )
      : undefined,
  ]);
  const out: ContractDetails = contractInterface({ codeHash: code.codeHash, exports, abi: typeof abi === 'object' ? abi : undefined, source });
  if (typeof abi === 'string') out.abiError = abi;
  remember(key, out, bytes);
  return out;
}

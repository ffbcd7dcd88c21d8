// Loopback stub of the FastNEAR REST API and NEAR JSON-RPC (regular + archival) with fault injection, for
// unit/integration tests, the bench and `npm run stub`. Plain Node (node:http): must not depend on mocha or vscode.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { base58, base64 } from '@scure/base';
import { accountAt, blockByHeight, CHAIN_ACCOUNT, CHAIN_GENESIS_HEIGHT, CHAIN_GONE_ACCOUNT, chainRpcAnswer, headHeight, heightOfHash } from './chain';
import { activityCallOf, demoCallProblem, demoChangeOf, STUB_CALL_ROUTE, STUB_CHANGE_ROUTE } from './stubDemo';
import type { DemoCall, DemoCallDone, DemoChange, RpcKey } from './stubDemo';
import { TxData, txReply, txRpcResult } from './stubTx';
import { activityRecord } from './stubActivity';
import { InspectChain } from './stubInspect';
import type { ActivityCall } from './stubActivity';

export type StubHost = 'api' | 'tx' | 'rpc' | 'archival' | 'foreign';

export interface RecordedRequest {
  host: StubHost;
  method: string;
  path: string; // as sent (still percent-encoded)
  query: Record<string, string>;
  headers: Record<string, string>; // lower-case names
  body?: unknown; // parsed JSON when it was JSON, else the text
  url: string; // path + query as sent
}

export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  | { kind: 'html'; status?: number }
  | { kind: 'truncated' }
  | { kind: 'reset' }
  /** Sends the status line, headers (with the full Content-Length) and half the body, then cuts the connection. */
  | { kind: 'reset-mid-body' }
  | { kind: 'hang' }
  /** Answers normally after `ms` on whatever clock `setTimeout` runs (a test's fake clock too), unless the client left. */
  | { kind: 'stall'; ms: number }
  | { kind: 'huge'; bytes: number; contentLength?: boolean }
  | { kind: 'redirect'; to: 'foreign' | 'same'; status?: number }
  | { kind: 'wrong-shape'; body: unknown };

export interface FaultRule {
  host?: 'api' | 'tx' | 'rpc' | 'archival';
  /** A REST path (exact, or contained in the path), or an RPC method / query request_type / call_function method_name. */
  match?: string | RegExp;
  fault: Fault;
  /** Apply this many times, then forget the rule (default: for ever). */
  times?: number;
}

export interface Stub {
  apiUrl: string;
  rpcUrl: string;
  archivalRpcUrl: string;
  /** The transactions API (test/support/stubTx.ts). */
  txApiUrl: string;
  foreignUrl: string;
  requests: RecordedRequest[];
  clearRequests(): void;
  fault(rule: FaultRule): void;
  /** Drops the rules and the schedule. */
  clearFaults(): void;
  /** The fixture chain back at its first head, every demo change's past state and every appended call forgotten (a suite's reset). */
  resetChain(): void;
  /** A fault schedule: asked first for every request to the service hosts (undefined: the rules, then the route). */
  faultBy(schedule: ((r: RecordedRequest) => Fault | undefined) | undefined): void;
  /** Adds or replaces the /v1/account/{id}/full body of an account (its /ft, /nft, /staking and view_account follow). */
  putAccount(id: string, full: unknown): void;
  /**
   * #34: an account whose state changes between reads: its /full, view_account and view_access_key_list answer
   * `state` until the next call (balance and storage in the indexer and RPC alike; keys as RPC lists them).
   */
  putChangingAccount(id: string, state: ChangingAccount): void;
  /**
   * The demo's change of an account (test/support/stubDemo.ts): +2 NEAR and a new full-access key with its storage,
   * in the REST API and RPC alike, its other lists kept. Undefined for an account the stub does not hold, or one whose
   * state follows the model chain's clock. The change is the head's: on the fixture chain the head moves up a block
   * for it, and RPC at an older block (the archival host's history) answers the account as it was before.
   */
  changeAccount(id: string): DemoChange | undefined;
  /**
   * The demo's call to a contract the stub holds (test/support/stubDemo.ts): appended like appendCall, its panic and
   * its event's log line made from the call. Throws a sentence for a call that is not one, an account the stub does
   * not hold or one without code (its calls would fail, and NEAR Lens reads the calls of contracts only).
   */
  demoCall(call: DemoCall): DemoCallDone;
  /**
   * A call to a contract appended to the transactions API's history (test/support/stubActivity.ts): its record by
   * hash and a row for each account it touches, answered with the filters and block range like every other. Without a
   * height, above every block the history holds (so it is newer than any row read before). Answers its hash.
   */
  appendCall(call: ActivityCall): string;
  /** Many calls appended at once, each in its own block above the last (a busy contract's burst); their hashes. */
  appendCalls(calls: readonly ActivityCall[]): string[];
  setLatency(ms: number): void;
  /** RPC-only mode (a local node, another provider): every REST path answers 404 with an empty body; RPC as ever. */
  setRpcOnly(on: boolean): void;
  /**
   * How the service hosts answer a browser (a request with an `Origin` header), as a browser-facing service does:
   * 'allow' (default) lets any origin read answers and allows the `Authorization` and `Content-Type` request headers
   * in a preflight; 'no-authorization' allows only `Content-Type` (the browser then blocks a request carrying the key
   * as a header); 'none' sends no CORS header at all. Preflights (OPTIONS) are answered, never recorded.
   */
  setCors(mode: CorsMode): void;
  close(): Promise<void>;
}

export type CorsMode = 'allow' | 'no-authorization' | 'none';

export interface StubOptions {
  ports?: { api?: number; rpc?: number; archival?: number; foreign?: number; tx?: number };
  latencyMs?: number;
  /** Where the fixture JSON files are (default: test/fixtures next to this file, else ./test/fixtures). */
  fixturesDir?: string;
  /**
   * Serve the model chain (test/support/chain.ts) instead of the fixture head: blocks from mainnet's genesis to the
   * head at `now()` (default: the clock) with realistic timestamps and skipped heights, the regular host keeping only
   * the last STUB_GC_WINDOW blocks. Fixture accounts answer at any of its blocks; without it, the chain's accounts
   * (timetravel.near, gone.near) still answer at the fixture chain's heights.
   */
  chain?: { now?: () => Date };
  /** Start in RPC-only mode (see Stub.setRpcOnly). */
  rpcOnly?: boolean;
  /**
   * Answer the demo's control routes on every host: `POST /_stub/change/<id>` runs Stub.changeAccount and answers the
   * change (404 for an account it cannot change); `POST /_stub/call` runs Stub.demoCall with the JSON body and answers
   * the transaction's hash (400 or 404 with why). Never recorded, never faulted. For `npm run stub` and
   * `npm start -- --stub`, so that a command in another terminal reaches the running stub.
   */
  control?: boolean;
}

/** An account only the RPC knows (a sandbox's sub-account): the REST API answers it with `state: null`. */
export const STUB_RPC_ONLY_ACCOUNT = 'alice.test.near';

/** Head of the stub chain: the real testnet block in the fixtures (each demo change moves it a block up). */
export const STUB_HEAD_HEIGHT = 187310138;
/** The regular host has dropped blocks older than this many below the head (GARBAGE_COLLECTED_BLOCK). */
export const STUB_GC_WINDOW = 100_000;
/** NEAR account id syntax; the stub answers 400 "Invalid argument" for anything else, like the server. */
export const STUB_ACCOUNT_PATTERN = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface ViewAccountData {
  amount: string;
  code_hash: string;
  locked: string;
  storage_paid_at: number;
  storage_usage: number;
}
interface RpcAccount {
  view_account: ViewAccountData;
  keys: unknown[];
}
type CallEntry = { result: unknown } | { byAccount: Record<string, unknown>; default: unknown };
/** A contract of rpc-contracts.json: its code (a file under fixtures), embedded ABI, view results, state. */
interface ContractFixture {
  view_account?: Omit<ViewAccountData, 'code_hash'>;
  code: string;
  abi?: string;
  calls?: Record<
    string,
    ({ result: unknown } | { byAccount: Record<string, unknown>; default: unknown } | { text: string } | { base64: string }) & { logs?: string[] }
  >;
  /** [key, value] as text, or `base64:…` for bytes. */
  state?: Array<[string, string]>;
  stateTooLargeWithoutPrefix?: boolean;
  /** Every call_function answers this `result.error` (e.g. CodeDoesNotExist). */
  callError?: string;
}
interface Contract extends ContractFixture {
  bytes: Uint8Array;
  hash: string;
  abiBytes?: Uint8Array;
}

const NO_CODE = '11111111111111111111111111111111';
const JSON_TYPE = 'application/json; charset=utf-8';

function findFixturesDir(given?: string): string {
  const candidates = [
    given,
    process.env['NEAR_LENS_FIXTURES'],
    typeof __dirname === 'string' ? path.resolve(__dirname, '../fixtures') : undefined,
    path.resolve(process.cwd(), 'test/fixtures'),
  ];
  for (const c of candidates) if (c && existsSync(path.join(c, 'fastnear-status.json'))) return c;
  throw new Error('stub: cannot find test/fixtures (pass fixturesDir or set NEAR_LENS_FIXTURES)');
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: stringifyExact(value) };
}

/**
 * JSON text as nearcore writes it: a bigint (a block header's u64 `timestamp`) goes out as its exact digits, a JSON
 * number beyond 2^53 that a client's JSON.parse would round.
 */
export function stringifyExact(value: unknown): string {
  let big = false;
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? ((big = true), `${BIG_MARK}${v}`) : v));
  return big ? text.replace(BIG_RE, '$1') : text;
}
const BIG_MARK = '\u0000bigint:';
const BIG_RE = /"\\u0000bigint:(-?\d+)"/g;

function isAccountId(id: string): boolean {
  return id.length >= 2 && id.length <= 64 && STUB_ACCOUNT_PATTERN.test(id);
}

function publicKeyBytes(pk: string): Uint8Array | undefined {
  const m = /^(ed25519|secp256k1):([1-9A-HJ-NP-Za-km-z]+)$/.exec(pk);
  if (!m || !m[2]) return undefined;
  try {
    const bytes = base58.decode(m[2]);
    return (m[1] === 'ed25519' && bytes.length === 32) || (m[1] === 'secp256k1' && bytes.length === 64) ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function syntheticHash(height: number): string {
  return base58.encode(createHash('sha256').update(`near-lens-stub-block-${height}`).digest());
}

class Data {
  readonly full = new Map<string, unknown>();
  readonly staking = new Map<string, unknown>();
  readonly keys = new Map<string, unknown>(); // public key → /v1/public_key body
  readonly keysAll = new Map<string, unknown>();
  readonly status: unknown;
  readonly block: { result: { header: Record<string, unknown> } } & Record<string, unknown>;
  readonly headHash: string;
  readonly accounts: Record<string, RpcAccount>;
  readonly calls: Record<string, Record<string, CallEntry>>;
  readonly hashes = new Map<string, number>();
  readonly missingMethodBody: Record<string, unknown>;
  readonly contracts = new Map<string, Contract>();

  constructor(dir: string) {
    const read = (f: string): unknown => JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    for (const f of readdirSync(dir)) {
      let m: RegExpExecArray | null;
      if ((m = /^fastnear-v1-account-full-(.+)\.json$/.exec(f)) && m[1]) this.full.set(m[1], read(f));
      else if ((m = /^fastnear-v1-account-staking-(.+)\.json$/.exec(f)) && m[1]) this.staking.set(m[1], read(f));
      else if (/^fastnear-public-key-all-.+\.json$/.test(f)) {
        const body = read(f) as { public_key: string };
        this.keysAll.set(body.public_key, body);
      } else if (/^fastnear-public-key-.+\.json$/.test(f)) {
        const body = read(f) as { public_key: string };
        this.keys.set(body.public_key, body);
      }
    }
    this.status = read('fastnear-status.json');
    this.block = read('rpc-block-by-height-testnet-187310138.json') as Data['block'];
    // The file's u64 `timestamp` (a JSON number past 2^53) was rounded by JSON.parse: sent as its exact digits again.
    this.block.result.header['timestamp'] = BigInt(String(this.block.result.header['timestamp_nanosec']));
    this.headHash = String(this.block.result.header['hash']);
    this.hashes.set(this.headHash, STUB_HEAD_HEIGHT);
    this.hashes.set(syntheticHash(1), 1);
    this.accounts = read('rpc-accounts.json') as Record<string, RpcAccount>;
    this.calls = read('rpc-call-function.json') as Record<string, Record<string, CallEntry>>;
    this.missingMethodBody = read('rpc-query-call-function-error-in-result-method-not-found-testnet.json') as Record<string, unknown>;
    for (const [id, c] of Object.entries(read('rpc-contracts.json') as Record<string, ContractFixture>)) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, c.code)));
      const abiBytes = c.abi === undefined ? undefined : new Uint8Array(readFileSync(path.join(dir, c.abi)));
      this.contracts.set(id, { ...c, bytes, abiBytes, hash: base58.encode(createHash('sha256').update(bytes).digest()) });
    }
  }

  blockAt(height: number): Record<string, unknown> {
    if (height === STUB_HEAD_HEIGHT) return this.block.result;
    const copy = structuredClone(this.block.result);
    const hash = syntheticHash(height);
    this.hashes.set(hash, height);
    Object.assign(copy.header, {
      height,
      prev_height: height - 1,
      hash,
      prev_hash: syntheticHash(height - 1),
      // keep the real nanosecond precision (beyond 2^53) but move back ~1 s per block
      timestamp_nanosec: (BigInt(String(copy.header['timestamp_nanosec'])) - BigInt(STUB_HEAD_HEIGHT - height) * 1_000_000_000n).toString(),
    });
    copy.header['timestamp'] = BigInt(String(copy.header['timestamp_nanosec']));
    return copy;
  }

  /** An account at a height: the model chain's accounts change over time, the fixture ones do not. */
  viewAccountAt(id: string, height: number): ViewAccountData | undefined {
    return id === CHAIN_ACCOUNT || id === CHAIN_GONE_ACCOUNT ? accountAt(id, height) : this.viewAccount(id);
  }

  /** /full of a model chain account at `height` (the indexer's view), or undefined. */
  modelFull(id: string, height: number): unknown {
    const va = id === CHAIN_ACCOUNT || id === CHAIN_GONE_ACCOUNT ? accountAt(id, height) : undefined;
    return va && { account_id: id, nfts: [], pools: [], state: { balance: va.amount, locked: va.locked, storage_bytes: va.storage_usage }, tokens: [] };
  }

  viewAccount(id: string): ViewAccountData | undefined {
    const c = this.contracts.get(id);
    const va = c?.view_account ? { ...c.view_account, code_hash: NO_CODE } : this.#viewAccount(id);
    return c && va ? { ...va, code_hash: c.hash } : va;
  }

  #viewAccount(id: string): ViewAccountData | undefined {
    const acc = this.accounts[id];
    if (acc) return acc.view_account;
    const full = this.full.get(id) as { state?: { balance: string; locked: string; storage_bytes: number } | null } | undefined;
    if (!full?.state) return undefined;
    return { amount: full.state.balance, code_hash: NO_CODE, locked: full.state.locked, storage_paid_at: 0, storage_usage: full.state.storage_bytes };
  }
}

function rpcErrorBody(id: unknown, name: string, cause: string, info: Record<string, unknown>, data: string, code = -32000, message = 'Server error'): unknown {
  return { jsonrpc: '2.0', error: { name, cause: { name: cause, info }, code, message, data }, id };
}

/**
 * call_function on a contract of rpc-contracts.json: `__contract_abi` returns the zstd bytes of its ABI file; a call
 * entry returns JSON (`result`, or `byAccount` on `args.account_id`), text or base64 bytes; an unknown method is the
 * real MethodNotFound body, a `callError` every call's `result.error`.
 */
function contractCall(
  c: Contract,
  method: string,
  params: Record<string, unknown>,
  ok: (result: unknown) => Reply,
  at: { block_height: number; block_hash: string },
  id: unknown,
): Reply {
  const answer = (bytes: Uint8Array, logs: string[] = []): Reply => ok({ result: Array.from(bytes), logs, ...at });
  const failed = (error: string): Reply => json(200, { jsonrpc: '2.0', result: { ...at, error, logs: [] }, id });
  if (c.callError !== undefined) return failed(c.callError);
  if (method === '__contract_abi' && c.abiBytes) return answer(c.abiBytes);
  const entry = c.calls?.[method];
  if (!entry) return failed('wasm execution failed with error: MethodResolveError(MethodNotFound)');
  const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
  if ('text' in entry) return answer(utf8(entry.text), entry.logs);
  if ('base64' in entry) return answer(base64.decode(entry.base64), entry.logs);
  let args: Record<string, unknown> = {};
  try {
    args = JSON.parse(new TextDecoder().decode(base64.decode(String(params['args_base64'] ?? '')))) as Record<string, unknown>;
  } catch {
    // not JSON: no account_id
  }
  const value = 'result' in entry ? entry.result : (entry.byAccount[String(args['account_id'])] ?? entry.default);
  return answer(utf8(JSON.stringify(value)), entry.logs);
}

/** Starts the four loopback servers (0 = random port). */
export async function startStub(opts?: StubOptions): Promise<Stub> {
  const fixturesDir = findFixturesDir(opts?.fixturesDir);
  const data = new Data(fixturesDir);
  const txData = new TxData(fixturesDir);
  const inspectChain = new InspectChain(fixturesDir);
  const requests: RecordedRequest[] = [];
  let rules: FaultRule[] = [];
  let schedule: ((r: RecordedRequest) => Fault | undefined) | undefined;
  let latencyMs = opts?.latencyMs ?? 0;
  let rpcOnly = opts?.rpcOnly === true;
  let cors: CorsMode = 'allow';
  const sockets = new Set<Socket>();
  const urls: Record<StubHost, string> = { api: '', tx: '', rpc: '', archival: '', foreign: '' };
  const chainNow = opts?.chain ? (opts.chain.now ?? (() => new Date())) : undefined;
  /** The fixture chain's head: the fixture block, a block higher for each demo change. */
  let fixtureHead = STUB_HEAD_HEIGHT;
  /** The head: the model chain's at this moment, or the fixture chain's. */
  const headNow = (): number => (chainNow ? headHeight(chainNow()) : fixtureHead);
  /** Each changed account as it was before each demo change, oldest first, with the last block it was so at. */
  const pastStates = new Map<string, Array<{ until: number; view: ViewAccountData; keys: unknown[] }>>();
  /** The account at `height` when a demo change came after it: what an archival node answers for an old block. */
  const pastAt = (id: string, height: number): { view: ViewAccountData; keys: unknown[] } | undefined => pastStates.get(id)?.find((p) => height <= p.until);

  // ---------- routing ----------
  function restReply(p: string): Reply {
    const seg = p
      .split('/')
      .slice(1)
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return '\u0000';
        }
      });
    if (p === '/status') return json(200, data.status);
    if (p === '/health') return json(200, { status: 'ok' });
    if (seg[0] === 'v1' && seg[1] === 'account' && seg.length === 4 && seg[2] !== undefined) {
      const id = seg[2];
      if (!isAccountId(id)) return json(400, 'Invalid argument');
      const full = (data.full.get(id) ?? data.modelFull(id, headNow()) ?? { account_id: id, nfts: [], pools: [], state: null, tokens: [] }) as {
        tokens?: unknown[];
        nfts?: unknown[];
        pools?: unknown[];
      };
      switch (seg[3]) {
        case 'full':
          return json(200, full);
        case 'ft':
          return json(200, { account_id: id, tokens: full.tokens ?? [] });
        case 'nft':
          return json(200, { account_id: id, tokens: full.nfts ?? [] });
        case 'staking':
          return json(200, data.staking.get(id) ?? { account_id: id, pools: full.pools ?? [] });
      }
    }
    if (seg[0] === 'v1' && seg[1] === 'public_key' && seg[2] !== undefined && (seg.length === 3 || (seg.length === 4 && seg[3] === 'all'))) {
      const pk = seg[2];
      const bytes = publicKeyBytes(pk);
      if (!bytes) return json(400, 'Invalid argument');
      const known = seg.length === 4 ? (data.keysAll.get(pk) ?? data.keys.get(pk)) : (data.keys.get(pk) ?? data.keysAll.get(pk));
      if (known) return json(200, known);
      // The implicit account of an ed25519 key is always listed, whether it exists or not.
      return json(200, { account_ids: pk.startsWith('ed25519:') ? [toHex(bytes)] : [], public_key: pk });
    }
    return { status: 404, headers: {}, body: '' };
  }

  /** Resolves a block reference on a host: the height, or an error reply. */
  function resolveBlock(host: 'rpc' | 'archival', id: unknown, params: Record<string, unknown>): { height: number } | { reply: Reply } {
    const ref = params['block_id'];
    const finality = params['finality'];
    if (ref === undefined) {
      if (finality === 'final' || finality === 'near-final' || finality === 'optimistic') return { height: fixtureHead };
      return {
        reply: json(
          400,
          rpcErrorBody(
            id,
            'REQUEST_VALIDATION_ERROR',
            'PARSE_ERROR',
            { error_message: 'missing field `finality`' },
            'missing field `finality`',
            -32700,
            'Parse error',
          ),
        ),
      };
    }
    if (finality !== undefined) {
      return {
        reply: json(
          400,
          rpcErrorBody(
            id,
            'REQUEST_VALIDATION_ERROR',
            'PARSE_ERROR',
            { error_message: 'block_id and finality are mutually exclusive' },
            'block_id and finality',
            -32700,
            'Parse error',
          ),
        ),
      };
    }
    const unknown = (what: string): { reply: Reply } => ({
      reply: json(422, rpcErrorBody(id, 'HANDLER_ERROR', 'UNKNOWN_BLOCK', {}, `DB Not Found Error: ${what} \n Cause: Unknown`)),
    });
    let height: number | undefined;
    if (typeof ref === 'number' && Number.isSafeInteger(ref) && ref >= 0) height = ref;
    else if (typeof ref === 'string') {
      height = data.hashes.get(ref);
      if (height === undefined) return unknown(`BLOCK: ${ref}`);
      // A GC'd block's hash is unknown to the regular node.
      if (host === 'rpc' && height < fixtureHead - STUB_GC_WINDOW) return unknown(`BLOCK: ${ref}`);
      return { height };
    } else {
      return {
        reply: json(
          400,
          rpcErrorBody(id, 'REQUEST_VALIDATION_ERROR', 'PARSE_ERROR', { error_message: 'invalid block_id' }, 'invalid block_id', -32700, 'Parse error'),
        ),
      };
    }
    if (height > fixtureHead) return unknown(`BLOCK HEIGHT: ${height}`);
    if (host === 'rpc' && height < fixtureHead - STUB_GC_WINDOW) {
      return {
        reply: json(
          200,
          rpcErrorBody(
            id,
            'HANDLER_ERROR',
            'GARBAGE_COLLECTED_BLOCK',
            { block_height: height, block_hash: syntheticHash(height) },
            `The data for block #${height} is garbage collected on this node, use an archival node to fetch historical data`,
          ),
        ),
      };
    }
    return { height };
  }

  /** A block reference on the model chain: its height and hash, or the error reply (regular: recent blocks only). */
  function resolveChainBlock(
    host: 'rpc' | 'archival',
    id: unknown,
    params: Record<string, unknown>,
    now: Date,
  ): { height: number; hash: string } | { reply: Reply } {
    const ref = params['block_id'];
    const h = typeof ref === 'number' ? ref : typeof ref === 'string' ? (/^\d+$/.test(ref) ? Number(ref) : heightOfHash(ref)) : undefined;
    if (host === 'rpc' && params['finality'] === undefined && h !== undefined && h < headHeight(now) - STUB_GC_WINDOW) {
      const what = `The data for block #${h} is garbage collected on this node, use an archival node to fetch historical data`;
      // A GC'd block's hash is unknown to the regular node; its height is garbage collected.
      return typeof ref === 'string' && !/^\d+$/.test(ref)
        ? { reply: json(422, rpcErrorBody(id, 'HANDLER_ERROR', 'UNKNOWN_BLOCK', {}, `DB Not Found Error: BLOCK: ${ref} \n Cause: Unknown`)) }
        : { reply: json(200, rpcErrorBody(id, 'HANDLER_ERROR', 'GARBAGE_COLLECTED_BLOCK', { block_height: h, block_hash: '' }, what)) };
    }
    const a = chainRpcAnswer('block', params, { now, id });
    if ('error' in a.body) return { reply: json(a.status, a.body) };
    const header = (a.body.result as { header: { height: number; hash: string } }).header;
    return { height: header.height, hash: header.hash };
  }

  function rpcReply(host: 'rpc' | 'archival', body: unknown): Reply {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return json(
        400,
        rpcErrorBody(
          null,
          'REQUEST_VALIDATION_ERROR',
          'PARSE_ERROR',
          { error_message: 'not a JSON-RPC request' },
          'not a JSON-RPC request',
          -32700,
          'Parse error',
        ),
      );
    }
    const req = body as Record<string, unknown>;
    const id = req['id'] ?? null;
    const method = req['method'];
    const params = (typeof req['params'] === 'object' && req['params'] !== null ? req['params'] : {}) as Record<string, unknown>;
    const ok = (result: unknown): Reply => json(200, { jsonrpc: '2.0', result, id });
    // Inspect Transaction's reads (test/support/stubInspect.ts): profiles, protocol config, changes, state before.
    const inspected = inspectChain.answer(host, txData, method, params, STUB_HEAD_HEIGHT - STUB_GC_WINDOW);
    if (inspected) return 'result' in inspected ? ok(inspected.result) : json(inspected.status, { jsonrpc: '2.0', error: inspected.error, id });
    const tx = txRpcResult(txData, method, params);
    if (tx) return 'result' in tx ? ok(tx.result) : json(200, { jsonrpc: '2.0', error: tx.error, id });
    const now = chainNow?.();
    /** The block a request names: on the model chain, or the fixture chain. */
    const blockOf = (): { height: number; hash?: string } | { reply: Reply } =>
      now ? resolveChainBlock(host, id, params, now) : resolveBlock(host, id, params);
    if (method === 'block') {
      const b = blockOf();
      return 'reply' in b ? b.reply : ok(now ? blockByHeight(b.height) : data.blockAt(b.height));
    }
    if (method === 'status' || method === 'health') {
      const head = headNow();
      const hash = now ? blockByHeight(head)!.header.hash : data.headHash;
      if (method === 'health') return ok(null);
      // As nearcore: the oldest block this node keeps (a regular node: the last STUB_GC_WINDOW; an archival one: all).
      const earliest = host === 'rpc' ? Math.max(now ? CHAIN_GENESIS_HEIGHT : 1, head - STUB_GC_WINDOW) : now ? CHAIN_GENESIS_HEIGHT : 1;
      const timeOf = (h: number): { hash: string; time: string } => {
        const b = (now ? blockByHeight(h) : data.blockAt(h)) as { header: { hash: string; timestamp_nanosec: string } } | undefined;
        const ns = BigInt(b?.header.timestamp_nanosec ?? '0');
        return {
          hash: b?.header.hash ?? '',
          time: `${new Date(Number(ns / 1_000_000n)).toISOString().slice(0, 19)}.${String(ns % 1_000_000_000n).padStart(9, '0')}Z`,
        };
      };
      const e = timeOf(earliest);
      return ok({
        chain_id: 'testnet',
        sync_info: {
          latest_block_height: head,
          latest_block_hash: hash,
          latest_block_time: timeOf(head).time,
          earliest_block_height: earliest,
          earliest_block_hash: e.hash,
          earliest_block_time: e.time,
          syncing: false,
        },
      });
    }
    if (method !== 'query') {
      return json(
        400,
        rpcErrorBody(id, 'REQUEST_VALIDATION_ERROR', 'METHOD_NOT_FOUND', { method_name: String(method) }, String(method), -32601, 'Method not found'),
      );
    }
    const b = blockOf();
    if ('reply' in b) return b.reply;
    const at = { block_height: b.height, block_hash: b.hash ?? (b.height === STUB_HEAD_HEIGHT ? data.headHash : syntheticHash(b.height)) };
    const accountId = String(params['account_id'] ?? '');
    const unknownAccount = (): Reply =>
      json(
        200,
        rpcErrorBody(id, 'HANDLER_ERROR', 'UNKNOWN_ACCOUNT', { requested_account_id: accountId, ...at }, `account ${accountId} does not exist while viewing`),
      );
    if (!isAccountId(accountId)) {
      return json(200, rpcErrorBody(id, 'HANDLER_ERROR', 'INVALID_ACCOUNT', { requested_account_id: accountId, ...at }, `Account ID ${accountId} is invalid`));
    }
    switch (params['request_type']) {
      case 'view_account': {
        const va = pastAt(accountId, b.height)?.view ?? data.viewAccountAt(accountId, b.height);
        return va ? ok({ ...va, ...at }) : unknownAccount();
      }
      case 'view_access_key_list': {
        const past = pastAt(accountId, b.height);
        if (!past && !data.viewAccountAt(accountId, b.height)) return unknownAccount();
        return ok({ keys: past?.keys ?? data.accounts[accountId]?.keys ?? [], ...at });
      }
      case 'call_function': {
        const va = data.viewAccount(accountId);
        if (!va) return unknownAccount();
        const methodName = String(params['method_name'] ?? '');
        if (va.code_hash === NO_CODE) {
          return json(
            200,
            rpcErrorBody(
              id,
              'HANDLER_ERROR',
              'NO_CONTRACT_CODE',
              { contract_account_id: accountId, ...at },
              `Contract code for contract ID #${accountId} has never been observed on the node`,
            ),
          );
        }
        const contract = data.contracts.get(accountId);
        if (contract) return contractCall(contract, methodName, params, ok, at, id);
        const entry = data.calls[accountId]?.[methodName];
        if (!entry) return json(200, { ...data.missingMethodBody, id, result: { ...(data.missingMethodBody['result'] as object), ...at } });
        let args: Record<string, unknown>;
        try {
          args = JSON.parse(new TextDecoder().decode(base64.decode(String(params['args_base64'] ?? '')))) as Record<string, unknown>;
        } catch {
          args = {};
        }
        const value = 'result' in entry ? entry.result : (entry.byAccount[String(args['account_id'])] ?? entry.default);
        return ok({ result: Array.from(new TextEncoder().encode(JSON.stringify(value))), logs: [], ...at });
      }
      case 'view_code':
      case 'view_state': {
        const va = data.viewAccount(accountId);
        if (!va) return unknownAccount();
        const contract = data.contracts.get(accountId);
        if (!contract) {
          const info = { contract_account_id: accountId, ...at };
          return json(
            200,
            rpcErrorBody(id, 'HANDLER_ERROR', 'NO_CONTRACT_CODE', info, `Contract code for contract ID #${accountId} has never been observed on the node`),
          );
        }
        if (params['request_type'] === 'view_code') return ok({ code_base64: base64.encode(contract.bytes), hash: contract.hash, ...at });
        const prefix = base64.decode(String(params['prefix_base64'] ?? ''));
        if (contract.stateTooLargeWithoutPrefix && prefix.length === 0) {
          const info = { contract_account_id: accountId, ...at };
          return json(200, rpcErrorBody(id, 'HANDLER_ERROR', 'TOO_LARGE_CONTRACT_STATE', info, `State of contract ${accountId} is too large to be viewed`));
        }
        const bytesOf = (t: string): Uint8Array => (t.startsWith('base64:') ? base64.decode(t.slice(7)) : new TextEncoder().encode(t));
        const values = (contract.state ?? [])
          .map(([k, v]) => ({ key: bytesOf(k), value: bytesOf(v) }))
          .filter((e) => prefix.every((b, i) => e.key[i] === b))
          .map((e) => ({ key: base64.encode(e.key), value: base64.encode(e.value) }));
        return ok({ values, ...at });
      }
      default:
        return json(
          400,
          rpcErrorBody(
            id,
            'REQUEST_VALIDATION_ERROR',
            'PARSE_ERROR',
            { error_message: `unknown request_type ${String(params['request_type'])}` },
            'unknown variant',
            -32700,
            'Parse error',
          ),
        );
    }
  }

  // ---------- the demo's control route ----------
  function changeAccount(id: string): DemoChange | undefined {
    if (id === CHAIN_ACCOUNT || id === CHAIN_GONE_ACCOUNT) return undefined;
    const va = data.viewAccount(id);
    if (!va) return undefined;
    const keys = (data.accounts[id]?.keys ?? []) as RpcKey[];
    const { state, change } = demoChangeOf(id, { balance: va.amount, storageBytes: va.storage_usage, keys });
    // The change lands in the head block (a new one on the fixture chain): every older block keeps the account as it was.
    if (!chainNow) fixtureHead += 1;
    pastStates.set(id, [...(pastStates.get(id) ?? []), { until: headNow() - 1, view: va, keys }]);
    const amounts = { amount: state.balance, storage_usage: state.storageBytes };
    data.accounts[id] = { view_account: { ...va, ...amounts }, keys: state.keys };
    const contract = data.contracts.get(id);
    if (contract?.view_account) contract.view_account = { ...contract.view_account, ...amounts };
    // The indexer knows the account only when its /full has a state (an RPC-only account stays unknown there).
    const full = data.full.get(id) as { state?: Record<string, unknown> | null } | undefined;
    if (full?.state) data.full.set(id, { ...full, state: { ...full.state, balance: state.balance, storage_bytes: state.storageBytes } });
    return change;
  }

  function demoCall(call: DemoCall): DemoCallDone {
    const problem = demoCallProblem(call);
    if (problem) throw new DemoCallError(400, problem);
    const va = data.viewAccount(call.contract);
    if (!va) throw new DemoCallError(404, `the stub holds no account ${call.contract} (try game.lensdev.near or history.near)`);
    if (va.code_hash === NO_CODE)
      throw new DemoCallError(400, `${call.contract} has no contract: a call to it would fail, and NEAR Lens reads the calls of contracts only`);
    const hash = txData.append(activityRecord({ ...activityCallOf(call), height: txData.topHeight + 2 }).text);
    return { hash, call };
  }

  function callReply(method: string, body: unknown): Reply {
    if (method !== 'POST') return json(405, { error: `POST ${STUB_CALL_ROUTE} with a JSON body: { contract, method, … }` });
    try {
      return json(200, demoCall(body as DemoCall));
    } catch (e) {
      return e instanceof DemoCallError ? json(e.status, { error: e.message }) : json(500, { error: String(e) });
    }
  }

  function controlReply(method: string, rawPath: string): Reply {
    if (method !== 'POST') return json(405, { error: `POST ${STUB_CHANGE_ROUTE}<account id>` });
    let id: string;
    try {
      id = decodeURIComponent(rawPath.slice(STUB_CHANGE_ROUTE.length));
    } catch {
      id = '';
    }
    if (!isAccountId(id)) return json(400, { error: `not an account id: ${JSON.stringify(id)}` });
    const change = changeAccount(id);
    return change ? json(200, change) : json(404, { error: `the stub holds no account ${id} it can change (try history.near or alice.near)` });
  }

  // ---------- faults ----------
  function takeFault(host: StubHost, keys: string[], rawPath: string): Fault | undefined {
    if (host === 'foreign') return undefined;
    for (const rule of rules) {
      if (rule.host && rule.host !== host) continue;
      if (rule.match !== undefined) {
        const m = rule.match;
        const hit = typeof m === 'string' ? keys.includes(m) || rawPath.includes(m) : keys.some((k) => m.test(k));
        if (!hit) continue;
      }
      if (rule.times !== undefined) {
        rule.times--;
        if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
      }
      return rule.fault;
    }
    return undefined;
  }

  function defaultFaultBody(status: number): unknown {
    switch (status) {
      case 400:
        return 'Invalid argument';
      case 403:
        return { error: 'forbidden' };
      case 500:
        return 'Internal server error';
      case 429:
        return { error: 'rate_limited' };
      default:
        return { error: `status ${status}` };
    }
  }

  async function send(res: http.ServerResponse, reply: Reply): Promise<void> {
    res.writeHead(reply.status, { 'content-length': String(Buffer.byteLength(reply.body)), ...reply.headers });
    res.end(reply.body);
  }

  async function sendHuge(res: http.ServerResponse, bytes: number, withLength: boolean): Promise<void> {
    const head = '{"account_id":"huge.near","pad":"';
    const tail = '"}';
    const total = Math.max(bytes, head.length + tail.length);
    res.writeHead(200, { 'content-type': JSON_TYPE, ...(withLength ? { 'content-length': String(total) } : {}) });
    let left = total - head.length - tail.length;
    res.write(head);
    const chunk = 'a'.repeat(64 * 1024);
    while (left > 0 && !res.destroyed) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!res.write(n === chunk.length ? chunk : chunk.slice(0, n))) {
        await new Promise<void>((r) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            r();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    if (!res.destroyed) res.end(tail);
  }

  async function handle(host: StubHost, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.headers.origin !== undefined && cors !== 'none') {
      res.setHeader('access-control-allow-origin', req.headers.origin);
      res.setHeader('access-control-expose-headers', 'retry-after');
      res.setHeader('vary', 'origin');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': cors === 'no-authorization' ? 'content-type' : 'authorization, content-type',
          'access-control-max-age': '0',
        });
        res.end();
        return;
      }
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(405);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text || undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
    if (opts?.control && rawPath.startsWith(STUB_CHANGE_ROUTE)) return send(res, controlReply(req.method ?? 'GET', rawPath));
    if (opts?.control && rawPath === STUB_CALL_ROUTE) return send(res, callReply(req.method ?? 'GET', body));
    const query: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : '')) query[k] = v;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const rec: RecordedRequest = { host, method: req.method ?? 'GET', path: rawPath, query, headers, url: rawUrl };
    if (body !== undefined) rec.body = body;
    requests.push(rec);

    const keys = [rawPath];
    try {
      keys.push(decodeURIComponent(rawPath));
    } catch {
      // keep the raw form only
    }
    if (typeof body === 'object' && body !== null) {
      const b = body as { method?: unknown; params?: { request_type?: unknown; method_name?: unknown } };
      for (const k of [b.method, b.params?.request_type, b.params?.method_name]) if (typeof k === 'string') keys.push(k);
    }

    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    if (res.destroyed) return;

    const route = (): Reply => {
      if (host === 'foreign') return json(200, { foreign: true });
      if (host === 'api' && rpcOnly) return { status: 404, headers: {}, body: '' };
      if (host === 'api') return req.method === 'GET' || req.method === 'HEAD' ? restReply(rawPath) : { status: 405, headers: {}, body: '' };
      if (host === 'tx') return txReply(txData, req.method ?? 'GET', rawPath, req.headers['content-type'], text);
      if (req.method !== 'POST') return { status: 405, headers: {}, body: '' };
      return rpcReply(host, body);
    };

    const fault = (host !== 'foreign' ? schedule?.(rec) : undefined) ?? takeFault(host, keys, rawPath);
    if (!fault) return send(res, route());
    switch (fault.kind) {
      case 'status': {
        const payload = fault.raw ?? JSON.stringify(fault.body === undefined ? defaultFaultBody(fault.status) : fault.body);
        return send(res, { status: fault.status, headers: { 'content-type': JSON_TYPE, ...fault.headers }, body: payload });
      }
      case 'html':
        return send(res, {
          status: fault.status ?? 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
        });
      case 'truncated': {
        const r = route();
        return send(res, { ...r, body: r.body.slice(0, Math.max(1, Math.floor(r.body.length / 2))) });
      }
      case 'reset':
        req.socket.destroy();
        return;
      case 'reset-mid-body': {
        const r = route();
        const half = r.body.slice(0, Math.max(1, Math.floor(r.body.length / 2)));
        res.writeHead(r.status, { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) });
        // Cut the connection once the first half has left, so that the client is reading the body when it breaks.
        res.write(half, () => setTimeout(() => req.socket.destroy(), 5));
        return;
      }
      case 'hang':
        return; // never answers; close() destroys the socket
      case 'stall':
        await new Promise((r) => setTimeout(r, fault.ms));
        return res.destroyed ? undefined : send(res, route());
      case 'huge':
        return sendHuge(res, fault.bytes, fault.contentLength === true);
      case 'redirect': {
        const location = fault.to === 'foreign' ? `${urls.foreign}${rawPath}` : `${rawPath}?_r=1`;
        return send(res, { status: fault.status ?? (req.method === 'POST' ? 307 : 302), headers: { location }, body: '' });
      }
      case 'wrong-shape':
        return send(res, json(200, fault.body));
    }
  }

  // ---------- servers ----------
  const servers: http.Server[] = [];
  async function listen(host: StubHost, port: number): Promise<string> {
    const server = http.createServer((req, res) => {
      handle(host, req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const ports = opts?.ports ?? {};
  try {
    urls.api = await listen('api', ports.api ?? 0);
    urls.rpc = await listen('rpc', ports.rpc ?? 0);
    urls.archival = await listen('archival', ports.archival ?? 0);
    urls.foreign = await listen('foreign', ports.foreign ?? 0);
    urls.tx = await listen('tx', ports.tx ?? 0);
  } catch (e) {
    for (const s of servers) s.close();
    throw e;
  }

  return {
    apiUrl: urls.api,
    rpcUrl: urls.rpc,
    archivalRpcUrl: urls.archival,
    txApiUrl: urls.tx,
    foreignUrl: urls.foreign,
    requests,
    clearRequests: () => {
      requests.length = 0;
    },
    fault: (rule) => {
      rules.push({ ...rule });
    },
    clearFaults: () => {
      rules = [];
      schedule = undefined;
    },
    resetChain: () => {
      fixtureHead = STUB_HEAD_HEIGHT;
      pastStates.clear();
      txData.reset();
    },
    faultBy: (s) => {
      schedule = s;
    },
    putAccount: (id, full) => {
      data.full.set(id, full);
    },
    putChangingAccount: (id, a) => {
      const tokens = (a.tokens ?? []).map((contract_id) => ({ contract_id, balance: '1', last_update_block_height: null }));
      data.full.set(id, { account_id: id, state: { balance: a.balance, locked: '0', storage_bytes: a.storageBytes }, tokens, nfts: [], pools: [] });
      const code_hash = a.codeHash ?? NO_CODE;
      data.accounts[id] = {
        view_account: { amount: a.balance, locked: '0', code_hash, storage_paid_at: 0, storage_usage: a.storageBytes },
        keys: a.keys,
      } as never;
    },
    changeAccount,
    demoCall,
    appendCall: (call) => txData.append(activityRecord({ ...call, height: call.height ?? txData.topHeight + 2 }).text),
    appendCalls: (calls) => calls.map((call) => txData.append(activityRecord({ ...call, height: call.height ?? txData.topHeight + 2 }).text)),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setRpcOnly: (on) => {
      rpcOnly = on;
    },
    setCors: (mode) => {
      cors = mode;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}

/** A changing account's state (#34): yocto strings, bytes, a code hash (default: none), keys in RPC's shape. */
export interface ChangingAccount {
  balance: string;
  storageBytes: number;
  codeHash?: string;
  keys: Array<{ public_key: string; access_key: { nonce: number; permission: unknown } }>;
  tokens?: string[];
}

/** A demo call the stub refuses, with the HTTP status its control route answers. */
export class DemoCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DemoCallError';
  }
}

/** Hash of the archival-only block at height 1 (the regular host answers UNKNOWN_BLOCK for it). */
export const STUB_OLD_BLOCK_HASH = syntheticHash(1);

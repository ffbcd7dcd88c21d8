// A deterministic model of a NEAR chain for time-travel tests and the stub: every height from mainnet's genesis
// (9,820,210 on 2020-07-21) on has a fixed timestamp (irregular block times of about 1.0–1.3 s in eras of different
// pace, a few skipped heights), and a few accounts change over time. Computed, not stored: any height costs O(1)
// (an account O(its events)). Plain Node: must not depend on mocha or vscode.
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';

export const CHAIN_GENESIS_HEIGHT = 9_820_210;
/** 2020-07-21T16:55:51.591948123Z in nanoseconds. */
export const CHAIN_GENESIS_NS = 1_595_350_551_591_948_123n;
/** Five heights in a row with no block (besides the scattered ones `isSkipped` reports). */
export const SKIPPED_RUN = { from: 100_000_000, to: 100_000_004 } as const;

/** Eras of the chain's pace: from this height on, blocks come every `ns` nanoseconds on average. */
const ERAS: ReadonlyArray<{ from: number; ns: bigint }> = [
  { from: CHAIN_GENESIS_HEIGHT, ns: 1_250_000_000n },
  { from: 30_000_000, ns: 1_120_000_000n },
  { from: 60_000_000, ns: 1_200_000_000n },
  { from: 100_000_000, ns: 1_080_000_000n },
  { from: 140_000_000, ns: 1_150_000_000n },
];
/** Each timestamp is off the era's line by up to ±60 ms (and some nanoseconds), so block times vary by ±120 ms. */
const JITTER_NS = 60_000_000n;

/** Where each era starts, in nanoseconds. */
const ERA_START_NS: bigint[] = ERAS.reduce<bigint[]>((acc, era, i) => {
  const prev = ERAS[i - 1];
  acc.push(prev === undefined ? CHAIN_GENESIS_NS : acc[i - 1]! + BigInt(era.from - prev.from) * prev.ns);
  return acc;
}, []);

/** A 32-bit hash of a height and a salt (deterministic, well mixed). */
function mix(h: number, salt: number): number {
  let x = (Math.imul(h ^ salt, 0x9e3779b1) ^ (h >>> 16) ^ Math.floor(h / 2 ** 32)) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

function eraOf(h: number): number {
  let i = ERAS.length - 1;
  while (i > 0 && h < ERAS[i]!.from) i--;
  return i;
}

/** The timestamp every height has in the model (skipped heights too: their block just never came). */
export function timestampAt(h: number): bigint {
  const i = eraOf(h);
  const era = ERAS[i]!;
  const line = ERA_START_NS[i]! + BigInt(h - era.from) * era.ns;
  if (h === CHAIN_GENESIS_HEIGHT) return line;
  const jitter = BigInt(mix(h, 1) % Number(2n * JITTER_NS + 1n)) - JITTER_NS;
  return line + jitter;
}

/** Heights with no block: below genesis, the run SKIPPED_RUN, and about one in a thousand others. */
export function isSkipped(h: number): boolean {
  if (!Number.isSafeInteger(h) || h < CHAIN_GENESIS_HEIGHT) return true;
  if (h >= SKIPPED_RUN.from && h <= SKIPPED_RUN.to) return true;
  return h > CHAIN_GENESIS_HEIGHT + 1 && mix(h, 2) % 1000 === 0;
}

/** The last block at or before `now`: the head of the model chain at that moment. */
export function headHeight(now: Date): number {
  const t = BigInt(now.getTime()) * 1_000_000n;
  if (t < CHAIN_GENESIS_NS) throw new Error('chain: before genesis');
  let i = ERAS.length - 1;
  while (i > 0 && t < ERA_START_NS[i]!) i--;
  let h = ERAS[i]!.from + Number((t - ERA_START_NS[i]!) / ERAS[i]!.ns) + 2;
  while (isSkipped(h) || timestampAt(h) > t) h--;
  return h;
}

/** Base58 block hash: 32 bytes from a digest, the last 8 of them the height (so a hash leads back to its block). */
export function blockHash(h: number): string {
  const bytes = createHash('sha256').update(`near-lens-chain-${h}`).digest();
  bytes.writeBigUInt64BE(BigInt(h), 24);
  return base58.encode(bytes);
}

/** The height a hash of `blockHash` names, or undefined. */
export function heightOfHash(hash: string): number | undefined {
  try {
    const bytes = Buffer.from(base58.decode(hash));
    if (bytes.length !== 32) return undefined;
    const h = Number(bytes.readBigUInt64BE(24));
    return blockHash(h) === hash ? h : undefined;
  } catch {
    return undefined;
  }
}

function prevHeight(h: number): number {
  let p = h - 1;
  while (p > CHAIN_GENESIS_HEIGHT && isSkipped(p)) p--;
  return p;
}

export interface ChainBlock {
  header: Record<string, unknown> & { height: number; hash: string; timestamp: bigint; timestamp_nanosec: string; prev_hash: string };
  chunks: unknown[];
  author: string;
}

/** The block at `h` as `block` returns it, or undefined for a skipped height, one below genesis or one after the head at `now`. */
export function blockByHeight(h: number, now?: Date): ChainBlock | undefined {
  if (isSkipped(h) || (now !== undefined && h > headHeight(now))) return undefined;
  const ts = timestampAt(h);
  const prev = prevHeight(h);
  return {
    author: `node${mix(h, 3) % 20}`,
    chunks: [],
    header: {
      height: h,
      prev_height: h === CHAIN_GENESIS_HEIGHT ? 0 : prev,
      hash: blockHash(h),
      prev_hash: h === CHAIN_GENESIS_HEIGHT ? '11111111111111111111111111111111' : blockHash(prev),
      // A JSON number past 2^53 as nearcore sends it (the stub writes a bigint as its digits): a client's JSON.parse
      // would round it.
      timestamp: ts,
      timestamp_nanosec: ts.toString(),
      epoch_id: blockHash(h - ((h - CHAIN_GENESIS_HEIGHT) % 43_200)),
      gas_price: '100000000',
      latest_protocol_version: 73,
    },
  };
}

// ---------------------------------------------------------------- accounts

const NEAR = 10n ** 24n;
const NO_CODE = '11111111111111111111111111111111';
const EPOCH = 43_200;

/** The account whose balance, stake, storage and code change over time. */
export const CHAIN_ACCOUNT = 'timetravel.near';
export const CHAIN_ACCOUNT_CREATED = 120_000_000;
/** An account that existed only from 110,000,000 to before 115,000,000 (deleted). */
export const CHAIN_GONE_ACCOUNT = 'gone.near';
const STAKED_FROM = CHAIN_ACCOUNT_CREATED + 2_000_000;
const DEPLOYED_AT = CHAIN_ACCOUNT_CREATED + 5_000_000;
const EVENT_EVERY = 50_000;

export interface ChainViewAccount {
  amount: string;
  locked: string;
  code_hash: string;
  storage_usage: number;
  storage_paid_at: number;
}

/** The height of the account's k-th balance change. */
const eventHeight = (k: number): number => CHAIN_ACCOUNT_CREATED + 1 + k * EVENT_EVERY + (mix(k, 4) % 10_000);

/** `view_account` of `id` at height `h` (skipped heights are the caller's business), or undefined where it does not exist. */
export function accountAt(id: string, h: number): ChainViewAccount | undefined {
  if (id === CHAIN_GONE_ACCOUNT) {
    if (h < 110_000_000 || h >= 115_000_000) return undefined;
    return { amount: (NEAR + 7n).toString(), locked: '0', code_hash: NO_CODE, storage_usage: 182, storage_paid_at: 0 };
  }
  if (id !== CHAIN_ACCOUNT || h < CHAIN_ACCOUNT_CREATED) return undefined;
  let amount = 10n * NEAR + 123_456_789n;
  let storage = 182;
  for (let k = 0; eventHeight(k) <= h; k++) {
    const delta = BigInt(mix(k, 6)) * 10n ** 15n + BigInt(mix(k, 7));
    if (mix(k, 5) % 3 !== 0) amount += delta;
    else if (amount - delta >= NEAR) amount -= delta;
    if (mix(k, 9) % 4 === 0) storage += mix(k, 8) % 500;
  }
  const epochs = h < STAKED_FROM ? -1 : Math.floor((h - STAKED_FROM) / EPOCH);
  const locked = epochs < 0 ? 0n : 50n * NEAR + BigInt(epochs) * 1_234_567_890_123_456_789n;
  return {
    amount: amount.toString(),
    locked: locked.toString(),
    code_hash: h >= DEPLOYED_AT ? 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG' : NO_CODE,
    storage_usage: storage,
    storage_paid_at: 0,
  };
}

// ---------------------------------------------------------------- JSON-RPC answers

export interface ChainAnswer {
  /** HTTP status: 200, 422 for UNKNOWN_BLOCK, 400 for a request the node cannot read. */
  status: number;
  body: { jsonrpc: '2.0'; id: unknown; result: unknown } | { jsonrpc: '2.0'; id: unknown; error: Record<string, unknown> };
}

/**
 * What a node of the model chain answers to `block` and `query` `view_account` (by `block_id` height or hash, or by
 * finality = the head at `now`), in the real shapes: results, UNKNOWN_BLOCK (HTTP 422) for a skipped height or one
 * after the head, UNKNOWN_ACCOUNT (HTTP 200) before an account existed.
 */
export function chainRpcAnswer(method: string, params: unknown, opts: { now: Date; id?: unknown }): ChainAnswer {
  const id = opts.id ?? 'near-lens';
  const p = (typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {}) as Record<string, unknown>;
  const ok = (result: unknown): ChainAnswer => ({ status: 200, body: { jsonrpc: '2.0', id, result } });
  const fail = (
    status: number,
    name: string,
    cause: string,
    info: Record<string, unknown>,
    data: string,
    code = -32000,
    message = 'Server error',
  ): ChainAnswer => ({
    status,
    body: { jsonrpc: '2.0', id, error: { name, cause: { name: cause, info }, code, message, data } },
  });
  const parseError = (what: string): ChainAnswer => fail(400, 'REQUEST_VALIDATION_ERROR', 'PARSE_ERROR', { error_message: what }, what, -32700, 'Parse error');

  if (method !== 'block' && method !== 'query') {
    return fail(400, 'REQUEST_VALIDATION_ERROR', 'METHOD_NOT_FOUND', { method_name: method }, method, -32601, 'Method not found');
  }
  const ref = p['block_id'];
  const finality = p['finality'];
  if ((ref === undefined) === (finality === undefined))
    return parseError(ref === undefined ? 'missing field `finality`' : 'block_id and finality are mutually exclusive');
  let h: number | undefined;
  if (ref === undefined) h = headHeight(opts.now);
  else if (typeof ref === 'number' && Number.isSafeInteger(ref) && ref >= 0) h = ref;
  else if (typeof ref === 'string') h = /^\d+$/.test(ref) ? Number(ref) : heightOfHash(ref);
  else return parseError('invalid block_id');
  const block = h === undefined ? undefined : blockByHeight(h, opts.now);
  if (h === undefined || block === undefined) {
    const what = typeof ref === 'string' && !/^\d+$/.test(ref) ? `BLOCK: ${ref}` : `BLOCK HEIGHT: ${String(h)}`;
    return fail(422, 'HANDLER_ERROR', 'UNKNOWN_BLOCK', {}, `DB Not Found Error: ${what} \n Cause: Unknown`);
  }
  if (method === 'block') return ok(block);

  if (p['request_type'] !== 'view_account') return parseError(`unknown request_type ${String(p['request_type'])}`);
  const accountId = String(p['account_id'] ?? '');
  const at = { block_height: block.header.height, block_hash: block.header.hash };
  const va = accountAt(accountId, block.header.height);
  if (!va) {
    return fail(200, 'HANDLER_ERROR', 'UNKNOWN_ACCOUNT', { requested_account_id: accountId, ...at }, `account ${accountId} does not exist while viewing`);
  }
  return ok({ ...va, ...at });
}

/** A JSON-RPC error thrown with its envelope as it came: `.error` is `{name, cause: {name, info}, code, message, data}`. */
export class ChainRpcError extends Error {
  readonly error: Record<string, unknown>;
  constructor(body: { error: Record<string, unknown> }) {
    super(`chain: ${JSON.stringify(body.error)}`);
    this.error = body.error;
  }
}

/**
 * `head()` and `blockAt(h)` read from chainRpcAnswer's JSON bodies the way the client will (header.timestamp_nanosec;
 * UNKNOWN_BLOCK → 'missing'), counting the calls; shaped for resolveDate's deps without importing src.
 */
export function chainBlockSource(now: Date): {
  head(): Promise<{ height: number; timestampNs: string }>;
  blockAt(height: number): Promise<{ height: number; timestampNs: string } | 'missing'>;
  calls: { head: number; blockAt: number };
} {
  const calls = { head: 0, blockAt: 0 };
  const read = (params: Record<string, unknown>): { height: number; timestampNs: string } | 'missing' => {
    const { body } = chainRpcAnswer('block', params, { now });
    if ('error' in body) {
      if ((body.error['cause'] as { name?: string } | undefined)?.name === 'UNKNOWN_BLOCK') return 'missing';
      throw new ChainRpcError(body);
    }
    const header = (body.result as ChainBlock).header;
    return { height: header.height, timestampNs: header.timestamp_nanosec };
  };
  return {
    calls,
    head: async () => {
      calls.head++;
      const b = read({ finality: 'final' });
      if (b === 'missing') throw new Error('chain: no head');
      return b;
    },
    blockAt: async (height) => {
      calls.blockAt++;
      return read({ block_id: height });
    },
  };
}

/** `view_account` at `height` as time travel reads it (total = amount + locked); UNKNOWN_ACCOUNT thrown as its envelope. */
export async function chainAmountsAt(accountId: string, height: number, now: Date): Promise<{ total: bigint; locked: bigint; storage: number }> {
  const { body } = chainRpcAnswer('query', { request_type: 'view_account', account_id: accountId, block_id: height }, { now });
  if ('error' in body) throw new ChainRpcError(body);
  const r = body.result as ChainViewAccount;
  return { total: BigInt(r.amount) + BigInt(r.locked), locked: BigInt(r.locked), storage: r.storage_usage };
}

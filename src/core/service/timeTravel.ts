// Time travel on a NearClient (issue #18): the block of a height, hash or date read from the archival host (every
// height → timestamp kept for the session), an account as of that block, and its balance history. Built on the pure
// core/near/{at,blockTime,history}; used only by the time-travel lazy part. Pure: no `vscode`; amounts are bigint.
import { badShape, invalidInput, NearLensError } from '../errors';
import { isRecord } from '../json';
import { BlockTimeCache, resolveDate } from '../near/blockTime';
import type { BlockTimeDeps } from '../near/blockTime';
import { HistoryCache, historyHeights, loadHistory, samplePoints } from '../near/history';
import type { HistoryPoint, HistoryRange, HistoryRow } from '../near/history';
import { formatHeight, formatUtc, MAINNET_GENESIS, notYetMessage, nsToDate } from '../near/timeTravel';
import type { BlockTime } from '../near/timeTravel';
import type { At } from '../near/at';
import { FINAL } from './rpc';
import type { AccessKeyInfo, ViewAccount } from './rpc';
import type { NearClient } from './client';

/** Testnet's genesis height (its genesis config's genesis_height). */
const TESTNET_GENESIS_HEIGHT = 42_376_888;

/** The first height of a network: below it nothing is looked up (0 when unknown, on a custom network). */
export function firstHeightOf(network: string): number {
  return network === 'mainnet' ? MAINNET_GENESIS.height : network === 'testnet' ? TESTNET_GENESIS_HEIGHT : 0;
}

/** What one archival endpoint has taught this session: block times, balances, and the blocks of recent histories. */
export class TimeTravelSession {
  readonly blocks = new BlockTimeCache();
  readonly values = new HistoryCache();
  /** The sampled blocks of a range, reused for a while: a second open of the same range asks nothing. */
  readonly ranges = new Map<HistoryRange, { loadedAt: number; points: HistoryPoint[] }>();
}

/** How long the blocks of a history range are reused before the range ends at a new head. */
export const RANGE_REUSE_MS = 10 * 60_000;

/** A block answer as its height and `header.timestamp_nanosec` (a u64 digit string). */
export function readBlock(r: unknown): BlockTime {
  const header = isRecord(r) && isRecord(r['header']) ? r['header'] : {};
  const { height, timestamp_nanosec: ns } = header;
  if (!Number.isSafeInteger(height) || typeof ns !== 'string' || !/^\d{1,20}$/.test(ns)) throw badShape('A block came back in an unexpected shape.');
  return { height: height as number, timestampNs: ns };
}

const isUnknownBlock = (e: unknown): boolean => NearLensError.is(e) && e.rpcCause === 'UNKNOWN_BLOCK';

/** Block look-ups for resolveDate: straight to the archival host (the head too), a skipped height 'missing'. */
export function archivalBlocks(client: NearClient, session: TimeTravelSession, firstHeight: number, signal?: AbortSignal): BlockTimeDeps {
  return {
    cache: session.blocks,
    firstHeight,
    head: async () => readBlock((await client.block(FINAL, { host: 'archival', signal })).result),
    blockAt: async (height) => {
      try {
        return readBlock((await client.block({ blockId: height }, { host: 'archival', signal })).result);
      } catch (e) {
        if (isUnknownBlock(e)) return 'missing';
        throw e;
      }
    },
  };
}

/** The block `at` names: a height or hash looked up (one request, none when known), a date resolved. */
export async function blockOf(at: At, deps: BlockTimeDeps & { cache: BlockTimeCache }, client: NearClient, signal?: AbortSignal): Promise<BlockTime> {
  if (at.kind === 'date') return resolveDate(at.at, deps);
  if (at.kind === 'height') {
    const ts = deps.cache.get(at.height);
    if (typeof ts === 'bigint') return { height: at.height, timestampNs: ts.toString() };
    const b = ts === null ? 'missing' : await deps.blockAt(at.height);
    if (b === 'missing') throw new NearLensError('not-found', `There is no block ${formatHeight(at.height)}: it was skipped, or is after the latest block.`);
    deps.cache.set(b.height, BigInt(b.timestampNs));
    return b;
  }
  try {
    const b = readBlock((await client.block({ blockId: at.hash }, { host: 'archival', signal })).result);
    deps.cache.set(b.height, BigInt(b.timestampNs));
    return b;
  } catch (e) {
    if (isUnknownBlock(e)) throw new NearLensError('not-found', `No block has the hash ${at.hash} on this network.`);
    throw e;
  }
}

/** An account as of a past block, every amount an exact yocto string (what `nearLens.lookupAccount` returns from code). */
export interface AccountAtBlock {
  accountId: string;
  blockHeight: number;
  blockHash: string;
  /** The block's time, ISO 8601 UTC (millisecond precision); `blockTimeNs` has every digit. */
  blockTime: string;
  blockTimeNs: string;
  /** "as of block #N (YYYY-MM-DD HH:MM UTC)" */
  asOf: string;
  amount: string;
  locked: string;
  total: string;
  storageUsage: number;
  codeHash: string;
  hasCode: boolean;
  accessKeys: Array<{ publicKey: string; permission: 'FullAccess' | { receiverId: string; methodNames: string[]; allowance: string | null } }>;
  /** Which host answered: the regular one, or the archival one for a block the regular host no longer keeps. */
  host: 'regular' | 'archival';
}

/** `view_account` and `view_access_key_list` of `id` at `block` (regular host, archival fallback for old blocks). */
export async function accountAtBlock(client: NearClient, id: string, block: BlockTime, signal?: AbortSignal): Promise<AccountAtBlock> {
  const ref = { blockId: block.height };
  let va: { result: ViewAccount; host: 'regular' | 'archival' };
  let keys: AccessKeyInfo[];
  try {
    [va, { result: keys }] = await Promise.all([client.viewAccount(id, ref, { signal }), client.viewAccessKeyList(id, ref, { signal })]);
  } catch (e) {
    const why = notYetMessage(e, id, block);
    throw why === undefined ? e : new NearLensError('not-found', why);
  }
  const v = va.result;
  const when = nsToDate(block.timestampNs);
  return {
    accountId: id,
    blockHeight: v.blockHeight,
    blockHash: v.blockHash,
    blockTime: when.toISOString(),
    blockTimeNs: block.timestampNs,
    asOf: `as of block ${formatHeight(block.height)} (${formatUtc(when)})`,
    amount: v.amount.toString(),
    locked: v.locked.toString(),
    total: (v.amount + v.locked).toString(),
    storageUsage: v.storageUsage,
    codeHash: v.codeHash,
    hasCode: v.hasCode,
    accessKeys: keys.map((k) => ({
      publicKey: k.publicKey,
      permission:
        k.permission === 'FullAccess'
          ? k.permission
          : { ...k.permission, allowance: k.permission.allowance === null ? null : k.permission.allowance.toString() },
    })),
    host: va.host,
  };
}

export interface HistoryOptions {
  /** Dates sampled over the range (12–30). */
  count?: number;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** The clock (tests); only decides whether a range's blocks are reused. */
  now?: () => number;
}

export interface HistoryResult {
  rows: HistoryRow[];
  /** Look-ups the date resolution made (0 when the range's blocks were reused). */
  blockRequests: number;
}

/**
 * The account's balance over `range` ending at the archival head: the blocks of evenly spaced dates (kept for
 * RANGE_REUSE_MS), then the amounts at those blocks, `concurrency` at a time, each cached for the session.
 */
export async function balanceHistory(
  client: NearClient,
  session: TimeTravelSession,
  accountId: string,
  range: HistoryRange,
  firstHeight: number,
  o: HistoryOptions = {},
): Promise<HistoryResult> {
  const now = o.now ?? Date.now;
  const kept = session.ranges.get(range);
  let points = kept && now() - kept.loadedAt < RANGE_REUSE_MS ? kept.points : undefined;
  let blockRequests = 0;
  if (!points) {
    const deps = archivalBlocks(client, session, firstHeight, o.signal);
    const head = await deps.head();
    // The range ends at the head's time: the chain's "now", whatever the machine's clock says.
    const dates = samplePoints(range, nsToDate(head.timestampNs), o.count);
    const r = await historyHeights(dates, { ...deps, head: () => Promise.resolve(head) });
    ({ points } = r);
    blockRequests = r.requests;
    session.ranges.set(range, { loadedAt: now(), points });
  }
  const rows = await loadHistory(
    points,
    async (height) => {
      const { result: v } = await client.viewAccount(accountId, { blockId: height }, { host: 'archival', signal: o.signal });
      return { total: v.amount + v.locked, locked: v.locked, storage: v.storageUsage };
    },
    { account: accountId, cache: session.values, concurrency: o.concurrency, onProgress: o.onProgress },
  );
  return { rows, blockRequests };
}

/** A range from a message or an argument, checked. */
export function historyRange(v: unknown): HistoryRange {
  if (v === '7d' || v === '30d' || v === '1y') return v;
  throw invalidInput('A history range is 7d, 30d or 1y.');
}

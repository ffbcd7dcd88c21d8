// Time travel on a NearClient: the block of a height, hash or date read from the archival host (every height →
// timestamp kept for the session), an account as of that block, and its balance history. Built on the pure
// src/near/time/ (parseAt, blockByTime, sampleRange, balancesAt). Pure: no `vscode`; amounts are bigint.
import { NearLensError } from '../base/errors';
import { formatHeight } from '../near/amounts';
import { blockNs, BlockTimeCache, resolveDate } from '../near/time/blockByTime';
import type { BlockTimeDeps } from '../near/time/blockByTime';
import { HistoryCache, loadHistory } from '../near/time/balancesAt';
import type { HistoryRow } from '../near/time/balancesAt';
import { formatUtc, MAINNET_GENESIS, nsToDate } from '../near/time/chainTime';
import type { BlockTime } from '../near/time/chainTime';
import { notYetMessage } from '../near/time/notYet';
import type { At } from '../near/time/parseAt';
import { historyHeights, samplePoints } from '../near/time/sampleRange';
import type { HistoryPoint, HistoryRange } from '../near/time/sampleRange';
import { FINAL } from './rpc';
import type { AccessKeyInfo } from './rpc';
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

/** A block answer (the client checked that it has a header) as its height and `timestamp_nanosec`; blockNs checks both. */
export function readBlock(r: Record<string, unknown>): BlockTime {
  const h = r['header'] as { height: number; timestamp_nanosec: string };
  return { height: h.height, timestampNs: h.timestamp_nanosec };
}

const isUnknownBlock = (e: unknown): boolean => NearLensError.is(e) && e.rpcCause === 'UNKNOWN_BLOCK';

/** Block look-ups for resolveDate: straight to the archival host (the head too), a skipped height 'missing'. */
export function archivalBlocks(client: NearClient, session: TimeTravelSession, firstHeight: number, signal?: AbortSignal): BlockTimeDeps {
  return {
    cache: session.blocks,
    firstHeight,
    head: async () => readBlock((await client.rpc.block(FINAL, { host: 'archival', signal })).result),
    blockAt: async (height) => {
      try {
        // Kept by the session's block times, not in the shared cache (a year of History would crowd hover data out).
        return readBlock((await client.rpc.block({ blockId: height }, { host: 'archival', signal, keep: false })).result);
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
  const known = at.kind === 'height' ? deps.cache.get(at.height) : undefined;
  if (known && at.kind === 'height') return { height: at.height, timestampNs: known.toString() };
  let b: BlockTime | 'missing' = 'missing';
  try {
    if (known === undefined)
      b = readBlock((await client.rpc.block({ blockId: at.kind === 'height' ? at.height : at.hash }, { host: 'archival', signal })).result);
  } catch (e) {
    if (!isUnknownBlock(e)) throw e;
  }
  if (b === 'missing') {
    throw new NearLensError(
      'not-found',
      at.kind === 'hash' ? `No block has the hash ${at.hash}.` : `There is no block ${formatHeight(at.height)} (skipped, or after the latest).`,
    );
  }
  deps.cache.set(b.height, blockNs(b, b.height));
  return b;
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
  /** The access keys at that block, allowances as exact strings. */
  accessKeys: Array<Omit<AccessKeyInfo, 'permission'> & { permission: 'FullAccess' | { receiverId: string; methodNames: string[]; allowance: string | null } }>;
  /** Which host answered: the regular one, or the archival one for a block the regular host no longer keeps. */
  host: 'regular' | 'archival';
}

/** `view_account` and `view_access_key_list` of `id` at `block` (regular host, archival fallback for old blocks). */
export async function accountAtBlock(client: NearClient, id: string, block: BlockTime, signal?: AbortSignal): Promise<AccountAtBlock> {
  const ref = { blockId: block.height };
  const [va, keys] = await Promise.all([client.rpc.viewAccount(id, ref, { signal }), client.rpc.viewAccessKeyList(id, ref, { signal })]).catch((e: unknown) => {
    const why = notYetMessage(e, id, block);
    throw why === undefined ? e : new NearLensError('not-found', why);
  });
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
    accessKeys: JSON.parse(JSON.stringify(keys.result, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x))) as AccountAtBlock['accessKeys'],
    host: va.host,
  };
}

export interface HistoryOptions {
  /** Dates sampled over the range (12–30). */
  count?: number;
  concurrency?: number;
  /** After each date's block is found, then after each point's amounts are loaded. */
  onProgress?: (phase: 'blocks' | 'balances', done: number, total: number) => void;
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
    const r = await historyHeights(dates, { ...deps, head: () => Promise.resolve(head) }, (d, t) => o.onProgress?.('blocks', d, t));
    ({ points } = r);
    blockRequests = r.requests;
    // Kept only when every date found its block: a rate limit or a timeout must not blank the range for its reuse time.
    if (points.every((p) => !('reason' in p))) session.ranges.set(range, { loadedAt: now(), points });
  }
  const rows = await loadHistory(
    points,
    async (height) => {
      const { result: v } = await client.rpc.viewAccount(accountId, { blockId: height }, { host: 'archival', signal: o.signal, keep: false });
      return { total: v.amount + v.locked, locked: v.locked, storage: v.storageUsage };
    },
    { account: accountId, cache: session.values, concurrency: o.concurrency, onProgress: (d, t) => o.onProgress?.('balances', d, t) },
  );
  return { rows, blockRequests };
}

// Which block was the last one at or before a date: an estimate from the known blocks around the
// date (the head, other dates' blocks, the session's cache) and the block time measured near it, corrected by a
// bounded number of look-ups (interpolation, bisection when it stalls), with skipped heights stepped around and every
// height → timestamp seen kept, since past blocks never change.
// Pure: no `vscode`, no I/O of its own (the look-ups are passed in); nanoseconds are bigint, never Number.
import { badShape, invalidInput, NearLensError } from '../../base/errors';
import { BoundedMap } from '../../base/lru';
import { formatHeight } from '../amounts';
import { dateToNs, formatUtc, nsToDate } from './chainTime';
import type { BlockTime } from './chainTime';

/** A block whose timestamp has been read. */
interface Known {
  h: number;
  ts: bigint;
}

/** Heights and timestamps seen, and heights with no block (skipped), at most `maxEntries` of them (LRU). */
export class BlockTimeCache {
  readonly #entries: BoundedMap<number, bigint | null>;
  /** The blocks among the entries, by height (timestamps grow with height). */
  readonly #blocks: Known[] = [];

  constructor(maxEntries = 4096) {
    // A resolution must not forget its own look-ups halfway: room for one budget of them at least.
    this.#entries = new BoundedMap(Math.max(64, maxEntries));
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The timestamp at `height`, null when the height has no block, undefined when not known. */
  get(height: number): bigint | null | undefined {
    return this.#entries.get(height);
  }

  set(height: number, ts: bigint | null): void {
    if (this.#entries.get(height) !== undefined) return;
    const evicted = this.#entries.set(height, ts);
    if (evicted !== undefined) {
      const i = this.#index(evicted);
      if (this.#blocks[i]?.h === evicted) this.#blocks.splice(i, 1);
    }
    if (ts !== null) this.#blocks.splice(this.#index(height), 0, { h: height, ts });
  }

  /** The known blocks on either side of `t`: the last one at or before it and the first one after it. */
  around(t: bigint): { lo?: Known; hi?: Known } {
    const a = this.#firstNot((k) => k.ts <= t);
    return { lo: this.#blocks[a - 1], hi: this.#blocks[a] };
  }

  /** The first height above `from` that is known to be a block, if any. */
  nextBlockAbove(from: number): Known | undefined {
    return this.#blocks[this.#index(from + 1)];
  }

  /** The last height below `from` that is known to be a block, if any. */
  lastBlockBelow(from: number): Known | undefined {
    return this.#blocks[this.#index(from) - 1];
  }

  /** Where `height` is or would go in the sorted blocks. */
  #index(height: number): number {
    return this.#firstNot((k) => k.h < height);
  }

  /** The first place in the sorted blocks where `before` stops holding (it holds for a prefix of them): a binary search. */
  #firstNot(before: (k: Known) => boolean): number {
    let a = 0;
    let b = this.#blocks.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (before(this.#blocks[m]!)) a = m + 1;
      else b = m;
    }
    return a;
  }
}

export interface BlockTimeDeps {
  /** The latest (final) block. Called at most once per resolution, and not at all when the cache already brackets the date. */
  head(): Promise<BlockTime>;
  /** The block at `height`, or 'missing' when that height was skipped (UNKNOWN_BLOCK). */
  blockAt(height: number): Promise<BlockTime | 'missing'>;
  cache?: BlockTimeCache;
  /** Look-ups one resolution may make, head included (default 30). */
  maxRequests?: number;
  /**
   * The network's first height (genesis; MAINNET_GENESIS.height on mainnet): nothing is looked up below it, and a
   * date before that block is refused at once. Give it: without it, heights below genesis look like skipped ones
   * and a date near genesis can spend the whole budget.
   */
  firstHeight?: number;
  /** Block time assumed before two blocks are known, in nanoseconds (default 1.1 s). */
  guessNsPerBlock?: bigint;
}

export interface ResolvedBlock {
  height: number;
  timestampNs: string;
  /** Look-ups this resolution made (0 when the cache answered). */
  requests: number;
}

export const DEFAULT_MAX_REQUESTS = 30;
const DEFAULT_NS_PER_BLOCK = 1_100_000_000n;
/** Fewer blocks between two known ones than this make a poor measure of the block time. */
const MIN_RATE_SPAN = 16;

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
/** Extra blocks added to an estimate `d` blocks from its anchor so that the probe lands on the far side of the date. */
const slackFor = (d: number): number => Math.floor(Math.sqrt(Math.max(0, d)) / 16) + Math.floor(d / 8192);

/** The slack after `pushes` probes in a row landed on the same side of the date: doubled each time, at least 1 once pushed. */
const pushed = (slack: number, pushes: number): number => (pushes === 0 ? slack : Math.max(1, slack) * 2 ** pushes);

/** A block's timestamp as a bigint, checked: the height asked for, a u64 digit string. */
export function blockNs(b: BlockTime, height: number = b.height): bigint {
  if (b.height !== height || !/^\d{1,20}$/.test(b.timestampNs)) throw badShape(`The block at ${formatHeight(height)} came back in an unexpected shape.`);
  return BigInt(b.timestampNs);
}

/** How far after the head's timestamp a date still reads as the head (the head lags the clock). */
const HEAD_LAG_MS = 5000;

/**
 * The last block at or before `target`. Throws invalid-input for a date after the head ("is in the future") or before
 * the first block, and a NearLensError when the look-up budget is spent; a failing look-up's error is passed on.
 */
export async function resolveDate(target: Date, deps: BlockTimeDeps): Promise<ResolvedBlock> {
  if (Number.isNaN(target.getTime())) throw invalidInput('That is not a date.');
  const t = dateToNs(target);
  const cache = deps.cache ?? new BlockTimeCache();
  const max = deps.maxRequests ?? DEFAULT_MAX_REQUESTS;
  const floor = Math.max(0, deps.firstHeight ?? 0);
  const when = formatUtc(target);
  let requests = 0;
  /** Heights this resolution looked up itself (the rest of the cache was there before it). */
  const mine = new Set<number>();

  const spend = (): void => {
    if (requests >= max) {
      throw new NearLensError('rpc', `Could not find the block of ${when} within ${max} look-ups; enter a block height instead.`);
    }
    requests++;
  };
  const done = (b: Known): ResolvedBlock => ({ height: b.h, timestampNs: b.ts.toString(), requests });

  /** The block at `h` (null when skipped), from the cache or one look-up. */
  const look = async (h: number): Promise<Known | null> => {
    const c = cache.get(h);
    if (c !== undefined) return c === null ? null : { h, ts: c };
    spend();
    const b = await deps.blockAt(h);
    const ts = b === 'missing' ? null : blockNs(b, h);
    cache.set(h, ts);
    mine.add(h);
    return ts === null ? null : { h, ts };
  };

  let { lo, hi } = cache.around(t);
  if (!hi) {
    spend();
    const head = await deps.head();
    const headTs = blockNs(head, head.height);
    cache.set(head.height, headTs);
    mine.add(head.height);
    // A date just after the head (it lags the clock by a second or so: "now", "0 minutes ago") is the head.
    if (t > headTs && t - headTs <= BigInt(HEAD_LAG_MS) * 1_000_000n) return done({ h: head.height, ts: headTs });
    if (t > headTs) throw invalidInput(`${when} is in the future: the latest block is ${formatHeight(head.height)} at ${formatUtc(nsToDate(headTs))}.`);
    ({ lo, hi } = cache.around(t));
    if (!hi) return done({ h: head.height, ts: headTs }); // the date is the head's own timestamp
  }

  let widths: number[] = [];
  let pushes = 0; // probes in a row that stayed on the same side: the slack doubles each time
  let lastSide: 'lo' | 'hi' | undefined;
  let recent: Known[] = [hi]; // the last two blocks seen, for the secant
  for (;;) {
    if (lo) {
      // Done when every height between the two is known to have no block.
      let h = lo.h + 1;
      while (h < hi.h && cache.get(h) === null) h++;
      if (h >= hi.h) return done(lo);
    }
    const rate = rateNear(recent, lo, hi, cache, mine, deps.guessNsPerBlock);
    const p = nextProbe(lo, hi, t, floor, rate, pushes, widths, lastSide === undefined && cache);
    if (!lo && p <= floor) {
      const first = await look(floor);
      if (first && first.ts > t) throw invalidInput(`${when} is before the first block (${formatHeight(first.h)} at ${formatUtc(nsToDate(first.ts))}).`);
    }
    const got = (await look(p)) ?? (await nearestBlock(p, lo ? lo.h : floor - 1, hi.h, look, cache));
    if (!got && !lo) throw invalidInput(`${when} is before the first block this node has (${formatHeight(hi.h)}).`);
    if (got) {
      const side = got.ts <= t ? 'lo' : 'hi';
      pushes = side === lastSide ? pushes + 1 : 0;
      lastSide = side;
      recent = [got, ...recent].slice(0, 2);
    }
    ({ lo, hi } = cache.around(t));
    if (!hi) throw badShape('Block timestamps came back out of order.');
    if (lo) widths = [...widths, hi.h - lo.h].slice(-3);
  }
}

/**
 * The block time to estimate with: the secant through the last two blocks seen when they are far enough apart, else
 * across the bracket, else above the lowest known block (head and one earlier sample), else the guess.
 * A secant that reaches back to a block the cache held before this resolution (another date's) spans heights no
 * look-up of this one has seen, maybe an outage, which only slows it down: the faster of it and the pace measured
 * beyond the newer block, away from the older one, is taken (as the first look-up between two cached blocks does).
 */
function rateNear(recent: Known[], lo: Known | undefined, hi: Known, cache: BlockTimeCache, mine: Set<number>, guess?: bigint): bigint {
  const [a, b] = recent;
  if (a && b && Math.abs(a.h - b.h) >= MIN_RATE_SPAN) {
    const r = rateOf(a, b);
    if (mine.has(b.h)) return r;
    const beyond = a.h < b.h ? cache.lastBlockBelow(a.h - MIN_RATE_SPAN + 1) : cache.nextBlockAbove(a.h + MIN_RATE_SPAN - 1);
    return beyond ? min(r, beyond.h < a.h ? rateOf(beyond, a) : rateOf(a, beyond)) : r;
  }
  if (lo) return rateOf(lo, hi);
  const above = cache.nextBlockAbove(hi.h);
  return above && above.h - hi.h >= MIN_RATE_SPAN ? rateOf(hi, above) : (guess ?? DEFAULT_NS_PER_BLOCK);
}

/** Nanoseconds per block between two blocks (at least 1). */
function rateOf(a: Known, b: Known): bigint {
  const r = (b.ts - a.ts) / BigInt(b.h - a.h);
  return r > 0n ? r : 1n;
}

/**
 * The next height to look at, below `hi` and above `lo` (or at least `floor`): the date's height estimated from the
 * nearer known block at `rate`, then pushed just past the date so that the next bracket is tight on both ends; halfway
 * when the last two look-ups did not halve the bracket.
 * A resolution's first look-up between two known blocks (`first`: the cache) is not pushed: it aims at the date's
 * own block, estimated from the known blocks around the date (the head, the other dates' blocks, the session's cache):
 * from the nearer one at the block time measured beyond it (over a quarter of the way at least, where the chain's
 * pace is known nearest the date), else across the two. Of those two measures the faster one is taken: an outage
 * (time without blocks) only ever slows a measure down, and an outage beyond the bracket is no part of the date's
 * interval (measured across one, the estimate lands next to the nearer block, maybe deep in a run of skipped heights
 * that the look-ups then leave one height at a time). When the estimate is right, the next look-up, just past it,
 * closes the bracket: two look-ups for the date.
 */
function nextProbe(
  lo: Known | undefined,
  hi: Known,
  t: bigint,
  floor: number,
  rate: bigint,
  pushes: number,
  widths: number[],
  first: false | BlockTimeCache,
): number {
  const clamp = (p: number): number => Math.min(hi.h - 1, Math.max(lo ? lo.h + 1 : floor, p));
  if (lo && first) {
    // A measure a quarter of the way long at least: the jitter of its two ends then moves the estimate a block at most.
    const span = (ns: bigint): number => Math.max(MIN_RATE_SPAN, Math.ceil(Number(ns / rate) / 4));
    if (t - lo.ts <= hi.ts - t) {
      const below = first.lastBlockBelow(lo.h - span(t - lo.ts) + 1);
      const r = below ? min(rateOf(below, lo), rate) : rate;
      return clamp(lo.h + Math.max(1, Number((t - lo.ts) / r)));
    }
    const above = first.nextBlockAbove(hi.h + span(hi.ts - t) - 1);
    const r = above ? min(rateOf(hi, above), rate) : rate;
    return clamp(hi.h - Number(ceilDiv(hi.ts - t, r)));
  }
  if (lo && widths.length >= 3 && widths[2]! > widths[0]! / 2) {
    widths.length = 0;
    return clamp(lo.h + Math.floor((hi.h - lo.h) / 2));
  }
  if (lo && t - lo.ts <= hi.ts - t) {
    const d = Number((t - lo.ts) / rate);
    return clamp(lo.h + d + 1 + pushed(slackFor(d), pushes));
  }
  const d = Number(ceilDiv(hi.ts - t, rate));
  return clamp(hi.h - d - pushed(slackFor(d) + (lo ? 0 : 1), pushes));
}

/** The block nearest `p` strictly between `lo` and `hi` when `p` itself was skipped (null when there is none). */
async function nearestBlock(p: number, lo: number, hi: number, look: (h: number) => Promise<Known | null>, cache: BlockTimeCache): Promise<Known | null> {
  for (let k = 1; p + k < hi || p - k > lo; k++) {
    for (const h of [p + k, p - k]) {
      if (h <= lo || h >= hi || cache.get(h) === null) continue;
      const b = await look(h);
      if (b) return b;
    }
  }
  return null;
}

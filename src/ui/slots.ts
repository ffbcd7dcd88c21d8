// Keep-last-good load slots and the token/pool amount descriptions shared by the watchlist tree and the balance panel.
// Pure: no `vscode`, no I/O of its own (the loaders run the work and the log line they are given).
import { formatHeight as heightText, formatNear, formatTokenAmount, formatYoctoExact, isTokenDecimals } from '../near/amounts';
import type { AccountFull, FtHolding } from '../near/account';
import type { CallOptions, FtMetadata, NearClient } from '../client/client';
import { errorMessage, NearLensError } from '../base/errors';
import { sanitizeText } from '../base/text';

/**
 * One piece of remote data with its current status. `data` is the LAST GOOD value and survives a later failure
 * or reload, so a failed refresh shows the old figures plus an error line instead of blanking the view.
 */
export interface Slot<T> {
  readonly status: 'idle' | 'loading' | 'ok' | 'failed';
  readonly data?: T;
  readonly error?: string; // set when status is 'failed'
  readonly updatedAt?: number; // ms since epoch of `data`
}

export const IDLE: Slot<never> = Object.freeze({ status: 'idle' });

export function slotLoading<T>(s: Slot<T> | undefined): Slot<T> {
  return withData({ status: 'loading' }, s);
}

export function slotLoaded<T>(data: T, at: number): Slot<T> {
  return { status: 'ok', data, updatedAt: at };
}

export function slotFailed<T>(s: Slot<T> | undefined, message: string): Slot<T> {
  return withData({ status: 'failed', error: message }, s);
}

/** True when nothing has been asked for yet (the lazy loaders' trigger). */
export function needsLoad(s: Slot<unknown> | undefined): boolean {
  return (s ?? IDLE).status === 'idle';
}

/**
 * Logs a failed load as "`what` failed: …" (a NearLensError by kind and its message, redacted already; anything else
 * by name only) and returns the message the user reads.
 */
export function noteFailure(warn: (line: string) => void, what: string, e: unknown): string {
  warn(`${what} failed: ${NearLensError.is(e) ? `${e.kind}: ${e.message}` : String((e as Error)?.name ?? 'error')}`);
  return errorMessage(e);
}

/** `work` as a slot: its answer, or its (logged) failure over the last good data of `last()`. */
export async function loadSlot<T>(work: () => Promise<T>, last: () => Slot<T> | undefined, warn: (line: string) => void, what: string): Promise<Slot<T>> {
  try {
    return slotLoaded(await work(), Date.now());
  } catch (e) {
    return slotFailed(last(), noteFailure(warn, what, e));
  }
}

function withData<T>(base: { status: Slot<T>['status']; error?: string }, prev: Slot<T> | undefined): Slot<T> {
  return prev?.data === undefined ? base : { ...base, data: prev.data, updatedAt: prev.updatedAt };
}

/** Delegated amounts of one account in one pool (get_account_staked_balance / get_account_unstaked_balance). */
export interface PoolBalance {
  staked: bigint;
  unstaked: bigint;
}

/** Both delegated amounts of `accountId` in `poolId`, asked side by side. */
export async function poolBalance(client: NearClient, poolId: string, accountId: string, o: CallOptions): Promise<PoolBalance> {
  const [staked, unstaked] = await Promise.all([client.rpc.stakedBalance(poolId, accountId, o), client.rpc.unstakedBalance(poolId, accountId, o)]);
  return { staked, unstaked };
}

export function isZeroPool(p: PoolBalance): boolean {
  return p.staked === 0n && p.unstaked === 0n;
}

/** How a fungible-token holding reads, once its balance state and metadata state are combined. */
export interface TokenView {
  contractId: string; // sanitised for display
  symbol: string; // from metadata, sanitised; '' when unknown
  amount: string; // "10.283 USDt", "10283000 (raw)", or why there is none ("balance unknown")
  exact: string; // every digit: "10.283 USDt" / raw integer; '' when the balance is unknown
  known: boolean; // the balance is a number we could show
  scaled: boolean; // scaled by ft_metadata decimals (known && !scaled: a raw amount, marked "(raw)")
  reason: string; // a short word on what is missing ("metadata unavailable"); '' when all is well or `amount` says it
  detail: string; // the whole why, for tooltips and titles (never inline): the raw mark explained, the failure
}

export const NOTE_NOT_FETCHED = 'balance not fetched yet by the indexer';
export const NOTE_BALANCE_FAILED = "the token contract's balance call failed at the indexer";
/** What the "(raw)" mark means, said once in a tooltip, a title or a footnote. */
export const RAW_MEANS = "(raw): decimals unknown, so the amount is in the token's smallest unit.";

/**
 * A token holding with its metadata slot. Balance `null` (not fetched) and `""` (failed) are never shown as zero;
 * missing/failed metadata shows the raw integer marked "(raw)" with a short reason, the failure itself only in `detail`.
 */
export function describeToken(t: FtHolding, meta: Slot<FtMetadata> | undefined, maxDecimals: number): TokenView {
  const m = meta?.data;
  const symbol = m ? sanitizeText(m.symbol, 24) : '';
  const base = { contractId: sanitizeText(t.contractId, 100), symbol, reason: '' };
  const b = t.balance;
  if (b.status !== 'known') {
    const failed = b.status === 'failed';
    return {
      ...base,
      amount: failed ? 'balance unknown' : NOTE_NOT_FETCHED,
      exact: '',
      known: false,
      scaled: false,
      detail: failed ? NOTE_BALANCE_FAILED : '',
    };
  }
  if (m && isTokenDecimals(m.decimals)) {
    const unit = symbol && ` ${symbol}`;
    const amount = formatTokenAmount(b.raw, m.decimals, maxDecimals) + unit;
    return { ...base, amount, exact: formatTokenAmount(b.raw, m.decimals) + unit, known: true, scaled: true, detail: '' };
  }
  const raw = String(b.raw);
  const failed = !m && meta?.status === 'failed' && `Token metadata unavailable: ${meta.error ?? 'ft_metadata failed.'}`;
  const reason = m ? 'metadata unusable' : failed ? 'metadata unavailable' : meta?.status === 'loading' ? 'loading metadata…' : 'metadata not loaded';
  const detail = failed ? `${RAW_MEANS} ${failed}` : RAW_MEANS;
  return { ...base, amount: `${raw} (raw)`, exact: raw, known: true, scaled: false, reason, detail };
}

/** yocto → NEAR with every digit and the unit: "240.42056220352805922699188 NEAR". */
export const exactNear = (v: bigint): string => `${formatYoctoExact(v)} NEAR`;

/**
 * A NEAR figure as shown, rounded down to `decimals`, and every digit of it when the rounding dropped some (so that
 * whatever shows a rounded figure can show the exact one beside it or in its tooltip).
 */
export function nearFigure(v: bigint, decimals: number): { shown: string; exact?: string } {
  const shown = formatNear(v, decimals);
  const exact = exactNear(v);
  return shown === exact ? { shown } : { shown, exact };
}

/** A pool's delegated amounts as text: "12.5 NEAR staked", "+ 1 NEAR unstaked" only when non-zero. */
export function describePool(
  p: PoolBalance,
  decimals: number,
): { staked: string; stakedExact: string; unstaked: string; unstakedExact: string; summary: string } {
  const any = p.unstaked !== 0n;
  const staked = formatNear(p.staked, decimals);
  const unstaked = any ? formatNear(p.unstaked, decimals) : '';
  return {
    staked,
    stakedExact: exactNear(p.staked),
    unstaked,
    unstakedExact: any ? exactNear(p.unstaked) : '',
    summary: any ? `${staked} staked · ${unstaked} unstaked` : `${staked} staked`,
  };
}

/** "#118,841,842" — block heights with grouping, or the reason there is none. */
export function formatHeight(h: number | null | undefined): string {
  return h === null || h === undefined ? 'not tracked' : heightText(h);
}

/**
 * When the account's tokens, NFTs and pools last changed (the highest last-update block of their rows, which is not its
 * latest transaction): "block #118,841,842"; "not tracked" for rows older than the indexer's tracking; "none held".
 */
export const listsUpdatedText = (full: Pick<AccountFull, 'tokens' | 'nfts' | 'pools' | 'latestActivity'>): string =>
  full.latestActivity !== undefined
    ? `block ${formatHeight(full.latestActivity)}`
    : full.tokens.length + full.nfts.length + full.pools.length > 0
      ? 'not tracked'
      : 'none held';

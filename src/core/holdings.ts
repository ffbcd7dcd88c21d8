// Keep-last-good load slots and the token/pool amount descriptions shared by the watchlist tree and the balance panel. Pure: no `vscode`, no I/O.
import type Big from 'big.js';
import { formatNear, formatTokenAmount, formatYoctoExact } from './amounts';
import type { FtHolding } from './account';
import type { FtMetadata } from './client';
import { sanitizeText } from './markdown';

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
  return s === undefined || s.status === 'idle';
}

function withData<T>(base: { status: Slot<T>['status']; error?: string }, prev: Slot<T> | undefined): Slot<T> {
  if (prev?.data === undefined) return base;
  return prev.updatedAt === undefined ? { ...base, data: prev.data } : { ...base, data: prev.data, updatedAt: prev.updatedAt };
}

/** Delegated amounts of one account in one pool (get_account_staked_balance / get_account_unstaked_balance). */
export interface PoolBalance {
  staked: Big;
  unstaked: Big;
}

export function isZeroPool(p: PoolBalance): boolean {
  return p.staked.eq(0) && p.unstaked.eq(0);
}

/** How a fungible-token holding reads, once its balance state and metadata state are combined. */
export interface TokenView {
  contractId: string; // sanitised for display
  symbol: string; // from metadata, sanitised; '' when unknown
  amount: string; // "10.283 USDt", "10283000 (raw)", or a note such as "balance not fetched yet"
  exact: string; // every digit: "10.283 USDt" / raw integer; '' when the balance is unknown
  known: boolean; // the balance is a number we could show
  scaled: boolean; // scaled by ft_metadata decimals
  note: string; // why the amount is raw/unknown; '' when all is well
}

export const NOTE_NOT_FETCHED = 'balance not fetched yet by the indexer';
export const NOTE_BALANCE_FAILED = "the token contract's balance call failed at the indexer";

/**
 * A token holding with its metadata slot. Balance `null` (not fetched) and `""` (failed) are never shown as zero;
 * missing/failed metadata shows the raw integer with a note (decimals come only from ft_metadata).
 */
export function describeToken(t: FtHolding, meta: Slot<FtMetadata> | undefined, maxDecimals: number): TokenView {
  const contractId = sanitizeText(t.contractId, 100);
  const m = meta?.data;
  const symbol = m ? sanitizeText(m.symbol, 24) : '';
  if (t.balance.status === 'not-fetched') {
    return { contractId, symbol, amount: NOTE_NOT_FETCHED, exact: '', known: false, scaled: false, note: NOTE_NOT_FETCHED };
  }
  if (t.balance.status === 'failed') {
    return { contractId, symbol, amount: 'balance unknown', exact: '', known: false, scaled: false, note: NOTE_BALANCE_FAILED };
  }
  const raw = t.balance.raw;
  if (m && Number.isInteger(m.decimals) && m.decimals >= 0 && m.decimals <= 40) {
    const unit = symbol ? ` ${symbol}` : '';
    return {
      contractId,
      symbol,
      amount: `${formatTokenAmount(raw, m.decimals, maxDecimals)}${unit}`,
      exact: `${formatTokenAmount(raw, m.decimals)}${unit}`,
      known: true,
      scaled: true,
      note: '',
    };
  }
  const rawText = raw.toFixed(0);
  let note: string;
  if (m) note = 'token metadata has unusable decimals; amount in the smallest unit';
  else if (meta?.status === 'failed') note = `no token metadata (${meta.error ?? 'ft_metadata failed'}); amount in the smallest unit`;
  else if (meta?.status === 'loading') note = 'loading token metadata…';
  else note = 'token metadata not loaded yet; amount in the smallest unit';
  return { contractId, symbol, amount: `${rawText} (raw)`, exact: rawText, known: true, scaled: false, note };
}

/** A pool's delegated amounts as text: "12.5 NEAR staked", "+ 1 NEAR unstaked" only when non-zero. */
export function describePool(p: PoolBalance, decimals: number): { staked: string; stakedExact: string; unstaked: string; unstakedExact: string; summary: string } {
  const staked = formatNear(p.staked, decimals);
  const unstaked = p.unstaked.eq(0) ? '' : formatNear(p.unstaked, decimals);
  return {
    staked,
    stakedExact: `${formatYoctoExact(p.staked)} NEAR`,
    unstaked,
    unstakedExact: p.unstaked.eq(0) ? '' : `${formatYoctoExact(p.unstaked)} NEAR`,
    summary: unstaked ? `${staked} staked · ${unstaked} unstaked` : `${staked} staked`,
  };
}

/** "#118,841,842" — block heights with grouping, or the reason there is none. */
export function formatHeight(h: number | null | undefined): string {
  if (h === null || h === undefined) return 'not tracked';
  return `#${h.toLocaleString('en-US')}`;
}

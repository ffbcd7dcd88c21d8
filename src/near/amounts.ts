// Exact money: yocto strings → bigint on the wire and in the cache; every amount a person reads is formatted by
// big.js. Derived quantities: pinned = storage bytes × 10^19, total = balance + locked, spendable = balance − pinned.
// Pure: no `vscode`, never Number for money.
import Big from 'big.js';
import { badShape } from '../base/errors';

/**
 * A private big.js constructor: nothing here divides (amounts are scaled by an exponent, which is exact), and its
 * rounding is toward zero, so a shown amount is never more than the account has. Global Big settings are untouched.
 */
const Exact = Big();
Exact.RM = Big.roundDown;

export const YOCTO_PER_NEAR: bigint = 10n ** 24n;
export const STORAGE_YOCTO_PER_BYTE: bigint = 10n ** 19n;

const NEAR_DECIMALS = 24;
/** u128 has 39 digits; anything far longer is garbage or an attack on the formatter, not an amount. */
const MAX_DIGITS = 80;
/** Minus sign of every formatted negative amount: ASCII "-" so that a copied figure pastes as a number. */
const MINUS = '-';

/** What an amount string that is not all digits has instead, first match wins. */
const NOT_DIGITS: ReadonlyArray<[RegExp, string]> = [
  [/^\s|\s$/, 'spaces around the number'],
  [/^[-−]/, 'a negative number'],
  [/^[0-9.]*[eE][-+]?[0-9]*$/, 'a number in exponent form'],
  [/^[0-9]*\.[0-9]*$/, 'a number with a decimal point'],
  [/^\+/, 'a sign'],
];

/**
 * A yocto (or raw token) amount as the service sends it: a string of decimal digits, nothing else. No sign, no
 * exponent, no decimal point, no spaces: a "1e24" or "1.5" in a balance field means the body is not what we think
 * it is, and guessing would show a wrong balance. Throws NearLensError('bad-shape') naming `field`.
 */
export function parseYocto(value: unknown, field = 'amount'): bigint {
  if (typeof value !== 'string' || value === '') {
    throw badShape(`The service sent ${describe(value, 'nothing')} for ${field}, where an amount string of digits was expected.`);
  }
  if (!/^[0-9]+$/.test(value)) {
    const what = NOT_DIGITS.find(([re]) => re.test(value))?.[1] ?? 'characters other than digits';
    throw badShape(`The amount in ${field} has ${what}; only whole numbers of digits are accepted.`);
  }
  if (value.length > MAX_DIGITS) {
    throw badShape(`The amount in ${field} has ${value.length} digits, far more than any real balance.`);
  }
  return BigInt(value);
}

/**
 * yocto → "1,234.56789 NEAR": at most `decimals` (0–24, default 5) decimal places, rounded toward zero (never shows
 * more than the account has), trailing zeros dropped, thousands grouped with ",". A non-zero amount that rounds
 * to zero reads "< 0.00001 NEAR" (or "> -0.00001 NEAR" when negative). Negatives keep their sign (ASCII "-").
 */
export function formatNear(yocto: bigint, decimals = 5): string {
  return `${formatScaled(yocto, NEAR_DECIMALS, clampDecimals(decimals, NEAR_DECIMALS))} NEAR`;
}

/**
 * yocto → NEAR with every digit: "240.420562203528059226991880" → grouped integer part, and the fraction with
 * trailing zeros trimmed ("1" for exactly 1 NEAR, "240.42056220352805922699188" for the here.tg balance). No unit.
 */
export function formatYoctoExact(yocto: bigint): string {
  return formatScaled(yocto, NEAR_DECIMALS, NEAR_DECIMALS);
}

/**
 * A raw FT balance (integer in the token's smallest unit) → "10.283" for decimals 6. `decimals` is the token's
 * own (0–40, from ft_metadata); `maxDecimals` caps the places shown (default: all of them, i.e. exact). Same
 * rounding, grouping, tiny-value and sign rules as formatNear. No unit: the caller appends the symbol.
 */
export function formatTokenAmount(raw: bigint, decimals: number, maxDecimals?: number): string {
  if (!isTokenDecimals(decimals)) {
    throw badShape(`A token's decimals must be a whole number from 0 to 40, not ${String(decimals)}.`);
  }
  return formatScaled(raw, decimals, maxDecimals === undefined ? decimals : clampDecimals(maxDecimals, decimals));
}

/** A token's own decimals that formatTokenAmount accepts: a whole number from 0 to 40. */
export function isTokenDecimals(d: number): boolean {
  return Number.isInteger(d) && d >= 0 && d <= 40;
}

export interface Derived {
  pinned: bigint;
  total: bigint;
  spendable: bigint;
}

/** pinned = storage_bytes × 10^19; total = balance + locked; spendable = balance − pinned (may be negative). */
export function derive(balance: bigint, locked: bigint, storageBytes: number): Derived {
  if (!Number.isSafeInteger(storageBytes) || storageBytes < 0) {
    throw badShape(`Storage use must be a whole number of bytes, not ${String(storageBytes)}.`);
  }
  const pinned = STORAGE_YOCTO_PER_BYTE * BigInt(storageBytes);
  return { pinned, total: balance + locked, spendable: balance - pinned };
}

/**
 * "Latest activity": the highest non-null lastUpdate over all lists (tokens, nfts, pools); absent lists
 * count as empty; undefined when every entry is null (null rows predate tracking and are not recent activity).
 */
export function latestActivity(...lists: ReadonlyArray<ReadonlyArray<{ lastUpdate: number | null }>>): number | undefined {
  let best: number | undefined;
  for (const list of lists) {
    for (const e of list ?? []) {
      const h = e?.lastUpdate;
      if (Number.isFinite(h) && (best === undefined || (h as number) > best)) best = h as number;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------

function clampDecimals(d: number, max: number): number {
  if (!Number.isFinite(d)) return Math.min(5, max);
  return Math.max(0, Math.min(max, Math.floor(d)));
}

/**
 * |value| (truncated toward zero) over 10^scale, with at most `places` decimals (also truncated), trailing zeros
 * dropped, integer part grouped; a non-zero value that shows as zero reads "< 0.001" / "> -0.001".
 */
function formatScaled(value: bigint, scale: number, places: number): string {
  // `${value}e-${scale}` is the exact decimal (big.js scales by the exponent; a division would round at Big.DP).
  const x = new Exact(`${typeof value === 'bigint' ? value : BigInt(value as unknown as string)}e-${scale}`);
  if (x.eq(0)) return '0';
  const sign = x.lt(0) ? MINUS : '';
  const shown = x.abs().round(places, Big.roundDown);
  if (shown.eq(0)) {
    const smallest = places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
    return sign ? `> ${sign}${smallest}` : `< ${smallest}`;
  }
  // toFixed never uses exponent notation; the fraction's trailing zeros are dropped.
  const [int = '0', frac = ''] = shown.toFixed(places).split('.');
  const trimmed = frac.replace(/0+$/, '');
  return sign + groupDigits(int) + (trimmed && `.${trimmed}`);
}

/** "1234567" → "1,234,567" (big.js has no grouping). */
export function groupDigits(int: string): string {
  return int.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** How an unexpected JSON value reads in a message: "null", "a list", "an empty string", "a number"… */
export function describe(v: unknown, missing = 'missing'): string {
  if (v === null) return 'null';
  if (v === undefined) return missing;
  if (Array.isArray(v)) return 'a list';
  if (v === '') return 'an empty string';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** `#187,310,138`: a block height as messages show it. */
export const formatHeight = (h: number): string => `#${groupDigits(String(h))}`;

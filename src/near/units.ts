// NEAR's units as people type and read them: yoctoNEAR (10^-24 NEAR) and gas (10^12 gas = 1 TGas). Exact
// conversions through big.js, the text a person types for Convert Units…, and the forms to copy back into code.
// Pure: no `vscode`, no I/O, never Number for an amount.
import Big from 'big.js';
import { invalidInput } from '../base/errors';
import { groupDigits } from './amounts';

/** A private big.js constructor for exact scaling (by exponent, never by division); rounding toward zero. */
const Exact = Big();
Exact.RM = Big.roundDown;

export const YOCTO_DECIMALS = 24;
export const TGAS_DECIMALS = 12;
/** The largest yocto amount (u128) and gas figure (u64) NEAR can hold. */
export const U128_MAX = 2n ** 128n - 1n;
export const U64_MAX = 2n ** 64n - 1n;

/** Conversions of one amount, every figure an exact string (grouped ones for reading). */
export interface Conversion {
  /** yoctoNEAR as digits ("1500000000000000000000000"). */
  yocto: string;
  /** NEAR, exact ("1.5"). */
  near: string;
  /** The same integer read as gas, when it fits a u64. */
  gas?: string;
  /** That gas in TGas, exact ("30"). */
  tgas?: string;
}

/** An integer of `unit`'s smallest denomination as a decimal in `decimals` places, exact: "1500…0" → "1.5". */
export function scaleDown(integer: bigint | string, decimals: number): string {
  // toFixed() with no places: every digit, in normal notation, no trailing zeros (big.js keeps none).
  return new Exact(`${integer}e-${decimals}`).toFixed();
}

/** `amount` of a unit with `decimals` places as an integer of its smallest denomination, or the reason it is not one. */
export function scaleUp(amount: string, decimals: number): bigint {
  const x = new Exact(amount).times(`1e${decimals}`);
  if (!x.eq(x.round(0, Big.roundDown))) throw new Error(`has more than ${decimals} decimal places`);
  return BigInt(x.toFixed(0));
}

/** yoctoNEAR → NEAR, exact ("1.5"), and the digits grouped for reading. */
export function describeYocto(yocto: bigint): { near: string; yoctoGrouped: string } {
  return { near: yoctoNear(yocto), yoctoGrouped: groupDigits(String(yocto)) };
}

/** describeYocto's `near` alone, from the integer or its digits ("1,234.5"). */
export const yoctoNear = (yocto: bigint | string): string => groupDecimal(scaleDown(yocto, YOCTO_DECIMALS));

/** gas → TGas and PGas, exact, and the digits grouped ("30", "0.03", "30,000,000,000,000"). */
export function describeGas(gas: bigint): { tgas: string; pgas: string; gasGrouped: string } {
  return { tgas: groupDecimal(scaleDown(gas, TGAS_DECIMALS)), pgas: groupDecimal(scaleDown(gas, 15)), gasGrouped: groupDigits(String(gas)) };
}

/** "1234567.5" → "1,234,567.5": the integer part grouped, the fraction as it is. */
function groupDecimal(s: string): string {
  const dot = s.indexOf('.');
  return dot === -1 ? groupDigits(s) : groupDigits(s.slice(0, dot)) + s.slice(dot);
}

const GAS_TOO_LARGE = 'That is more gas than NEAR can count (2^64 − 1).';
const NEAR_TOO_LARGE = 'That is more than NEAR can hold (2^128 − 1 yoctoNEAR).';

/** The units Convert Units… reads, by the words people write after a number. */
const UNITS: ReadonlyArray<[RegExp, 'near' | 'gas', number]> = [
  [/^(?:near|Ⓝ|n)$/i, 'near', YOCTO_DECIMALS],
  [/^m(?:illi)?near$/i, 'near', 21],
  [/^(?:yocto|yoctonear|yocto-near|yn)$/i, 'near', 0],
  [/^pgas$/i, 'gas', 15],
  [/^tg(?:as)?$/i, 'gas', TGAS_DECIMALS],
  [/^ggas$/i, 'gas', 9],
  [/^gas$/i, 'gas', 0],
];

/**
 * What a person types: "1.5 NEAR", "0.001 Ⓝ", "250 TGas", "1e24 yocto", "5 mNEAR", or a bare integer (yoctoNEAR),
 * with `_` or `,` between digits. Returns the exact conversions; throws an Error whose message says what is wrong
 * (two decimal points, a sign, too many decimals for the unit, an unknown unit, past u128 / u64) as an invalid-input
 * NearLensError: nothing is copied.
 */
export function parseUnitInput(text: string): Conversion {
  const t = String(text).trim();
  if (!t) throw invalidInput('Type an amount, for example 1.5 NEAR or 250 TGas.');
  const m = /^([-−+]?[\d.,_]+(?:[eE]\+?\d+)?)\s*([A-Za-zⓃ-]*)$/.exec(t);
  const [, rawNumber = '', rawUnit = ''] = m ?? [];
  if (!m) throw invalidInput(`"${clip(t)}" is not a number followed by a unit.`);
  if (/^[-−]/.test(rawNumber)) throw invalidInput('An amount cannot be negative.');
  // A comma only groups thousands (1,000,000.5): "0,5" with a decimal comma must not read as 5.
  const [whole = '', ...after] = rawNumber.replace(/^\+/, '').split(/[.eE]/);
  if (rawNumber.includes(',') && (!/^\d{1,3}(?:,\d{3})+$/.test(whole.replace(/_/g, '')) || after.some((p) => p.includes(',')))) {
    throw invalidInput(`"${clip(rawNumber)}": a comma may only group thousands (1,000,000); write decimals with a point (0.5).`);
  }
  const number = rawNumber.replace(/^\+/, '').replace(/(?<=\d)[_,](?=\d)/g, '');
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)(?:e\+?\d+)?$/i.test(number)) {
    throw invalidInput(
      (number.match(/\./g)?.length ?? 0) > 1 ? `"${clip(rawNumber)}" has more than one decimal point.` : `"${clip(rawNumber)}" is not a number.`,
    );
  }
  const unit = rawUnit === '' ? undefined : UNITS.find(([re]) => re.test(rawUnit));
  if (rawUnit !== '' && !unit) throw invalidInput(`Unknown unit "${clip(rawUnit)}": use NEAR, mNEAR, yocto, TGas, GGas, PGas or gas.`);
  const kind = unit?.[1] ?? 'near';
  const decimals = unit?.[2] ?? 0;
  // Past 10^39 nothing fits u128: said from the exponent, before 10^n is written out digit by digit ("1e99999999").
  if (new Exact(number).e + decimals > 39) throw invalidInput(kind === 'gas' ? GAS_TOO_LARGE : NEAR_TOO_LARGE);
  let integer: bigint;
  try {
    integer = scaleUp(number, decimals);
  } catch (e) {
    const what = rawUnit === '' ? 'yoctoNEAR (a bare number)' : rawUnit;
    throw invalidInput(
      `${clip(rawNumber)} ${what} ${e instanceof Error ? e.message : ''}: it is not a whole number of ${kind === 'near' ? 'yoctoNEAR' : 'gas'}.`,
    );
  }
  if (kind === 'gas') {
    if (integer > U64_MAX) throw invalidInput(GAS_TOO_LARGE);
    return { yocto: String(integer), near: scaleDown(integer, YOCTO_DECIMALS), gas: String(integer), tgas: scaleDown(integer, TGAS_DECIMALS) };
  }
  if (integer > U128_MAX) throw invalidInput(NEAR_TOO_LARGE);
  const out: Conversion = { yocto: String(integer), near: scaleDown(integer, YOCTO_DECIMALS) };
  return out;
}

/** What Convert Units… offers to copy for a conversion: the label and the text. */
export function copyForms(c: Conversion, kind: 'near' | 'gas'): Array<{ label: string; text: string }> {
  if (kind === 'gas' && c.gas !== undefined && c.tgas !== undefined) {
    const wholeT = !c.tgas.includes('.');
    return [
      { label: 'gas', text: c.gas },
      { label: 'TGas', text: c.tgas },
      { label: 'JS (BigInt)', text: `${c.gas}n` },
      { label: 'Rust', text: wholeT ? `Gas::from_tgas(${c.tgas})` : `Gas::from_gas(${c.gas})` },
    ];
  }
  const wholeNear = !c.near.includes('.');
  return [
    { label: 'yoctoNEAR', text: c.yocto },
    { label: 'NEAR', text: c.near },
    { label: 'JS', text: `parseNearAmount("${c.near}")` },
    { label: 'JS (BigInt)', text: `${c.yocto}n` },
    { label: 'Rust', text: wholeNear ? `NearToken::from_near(${c.near})` : `NearToken::from_yoctonear(${c.yocto})` },
  ];
}

const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

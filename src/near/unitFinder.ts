// Finds NEAR amounts written in code: integer literals (`1_500_000_000_000_000_000_000_000`, `"1500…"`, `30n`,
// `5u128`), powers (`10n ** 24n`, `10u128.pow(24)`), floats (`1.5e24`, with a warning) and the SDK idioms
// (`parseNearAmount("1.5")`, `NEAR.toUnits("1.5")`, `NearToken::from_near(5)`, `Gas::from_tgas(30)`, `ONE_NEAR`).
// Pure: no `vscode`, no I/O; every value exact (bigint / big.js).
//
// NEAR, gas or neither: the rule, in order.
//  1. An idiom says its unit itself.
//  2. Words on the line (or, when it has none, the line before) decide: gas words (gas, tgas, prepaid_gas, GAS) make it gas; money
//     words (deposit, amount, balance, stake, storage, yocto, attached, allowance, price, fee, cost) make it NEAR ("near"
//     itself is not one: it is in too many identifiers, `nearToTransfer`, `near-api-js`);
//     both or neither: magnitude decides below. Words of other quantities (height, block, timestamp, time, nanos,
//     nonce, port, version, index, chain_id) with no unit word mean it is not an amount: no hit.
//  3. Magnitude: below 10^9 nothing is claimed, below 10^12 only with a unit word (too many ordinary numbers); up to 10^16 fits both a gas figure
//     (1 TGas = 10^12, a whole transaction ≤ 3 × 10^14) and a small yocto amount: shown as both unless a word said
//     which; 10^16 and above can only be yoctoNEAR (gas never gets there).
//  4. A 19-digit number between 1.4 × 10^18 and 2.2 × 10^18 that is not round (fewer than 6 trailing zeros) reads like
//     a Unix time in nanoseconds: without a money word it gets no hit.
import Big from 'big.js';
import { U128_MAX, YOCTO_DECIMALS } from './units';

export type UnitKind = 'near' | 'gas' | 'both';

export interface UnitHit {
  /** Offsets in the searched text, end exclusive. */
  start: number;
  end: number;
  text: string;
  kind: UnitKind;
  /** The value as an integer of the smallest unit (yoctoNEAR or gas). */
  value: bigint;
  /** Set when the written form cannot hold the value exactly (a float). */
  warning?: string;
  /** Where the unit came from: an SDK idiom or a bare literal. */
  source: 'idiom' | 'literal';
}

const GAS_WORDS = /gas/i;
const NEAR_WORDS = /deposit|amount|balance|stake|storage|yocto|attached|allowance|price|fee|cost|Ⓝ/i;
const OTHER_WORDS = /height|block|timestamp|time|nanos|_ns\b|\bns\b|nonce|port|version|index|chain_?id|\bid\b|seed|length|size|bytes/i;

const MIN_CLAIMED = 10n ** 9n;
/** Without a unit word, nothing below 1 TGas (10^12) is claimed: constants, prefixes and ids live down there. */
const MIN_BARE = 10n ** 12n;
const GAS_CEILING = 10n ** 16n;
const FLOAT_WARNING = 'a float cannot hold yoctoNEAR exactly';

/** Decimals of the unit each idiom names (`NearToken::from_<unit>`, `Gas::from_<unit>`, the JS helpers, the constants). */
const IDIOM_DECIMALS: Readonly<Record<string, [UnitKind, number]>> = {
  near: ['near', YOCTO_DECIMALS],
  millinear: ['near', 21],
  yoctonear: ['near', 0],
  tgas: ['gas', 12],
  ggas: ['gas', 9],
  gas: ['gas', 0],
  ONE_NEAR: ['near', YOCTO_DECIMALS],
  ONE_YOCTO: ['near', 0],
};
/**
 * The idioms: group 1 names the unit, group 2 is the argument (absent for the constants). The space before `)` is
 * only read after an argument: two runs of `\s*` with nothing certain between them backtrack quadratically on a long
 * line that never closes the call.
 */
const IDIOM =
  /\b(?:(?:parseNearAmount|NEAR\.(?:parse|toUnits))\(\s*(?:["'`]?([\d_.]+)["'`]?\s*)?\)|NearToken::from_(near|millinear|yoctonear)\(\s*([\d_]+)(?:u128)?\s*\)|Gas::from_(tgas|ggas|gas)\(\s*([\d_]+)(?:u64)?\s*\)|(ONE_NEAR|ONE_YOCTO)\b)/g;

/**
 * Literals: a power of ten (10n ** 24n, 10 ** 24, 10u128.pow(24)), a float with an exponent (1.5e24), or an integer
 * of at least 10 digits (10^9, the least ever claimed), no leading zero, with `_` separators and an optional BigInt /
 * Rust suffix. Not after a letter, digit, `_`, `.` or `x` (identifiers, decimals, versions, hex), and not followed
 * by more word characters or a `.digit`. Shorter integers, most numbers in code, are never matched at all.
 */
const LITERAL =
  /(?<![\w.$])(?:(10)(?:n|_?u128)?\s*\*\*\s*(\d{1,2})n?|(10)_?u128\.pow\((\d{1,2})\)|(\d+(?:\.\d+)?[eE]\+?\d{1,2})|([1-9](?:_?\d){9,})(?:n|_?u(?:128|64))?)(?![\w.]|\.\d)/g;

/** Every amount in `text` (one line or many), in order, not overlapping. `before` is the text of the line before. */
export function findUnits(text: string, before = ''): UnitHit[] {
  if (typeof text !== 'string') return [];
  const out: UnitHit[] = [];
  IDIOM.lastIndex = 0;
  for (let m; (m = IDIOM.exec(text));) {
    const [, js, nearUnit, nearArg, gasUnit, gasArg, constant] = m;
    const name = constant ?? nearUnit ?? gasUnit ?? 'near';
    const [kind, decimals] = IDIOM_DECIMALS[name] ?? ['near', YOCTO_DECIMALS];
    const value = constant ? 10n ** BigInt(decimals) : idiomValue(js ?? nearArg ?? gasArg ?? '', decimals);
    if (value !== undefined) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], kind, value, source: 'idiom' });
  }
  if (!/\d/.test(text)) return out;
  const idioms = out.slice();
  LITERAL.lastIndex = 0;
  for (let m; (m = LITERAL.exec(text));) {
    const start = m.index;
    const end = start + m[0].length;
    if (idioms.length > 0 && idioms.some((h) => h.start < end && start < h.end)) continue; // inside an idiom
    const hit = literalHit(m, start, end, text, before);
    if (hit) out.push(hit);
  }
  return idioms.length > 0 ? out.sort((a, b) => a.start - b.start) : out;
}

/** The amount under `character` (or just before it) in `line`. */
export function findUnitAt(line: string, character: number, before = ''): UnitHit | undefined {
  if (typeof line !== 'string') return undefined;
  if (line.length <= 2 * UNIT_AT_WINDOW) return findUnits(line, before).find((h) => h.start <= character && character <= h.end);
  // A long (minified) line: only a window around the position is read, so a 1 MB line costs what a short one does.
  // The words that decide NEAR or gas are then those of the window; the line before does not count.
  const from = Math.max(0, character - UNIT_AT_WINDOW);
  const to = Math.min(line.length, character + UNIT_AT_WINDOW);
  const window = line.slice(from, to);
  for (const h of findUnits(window, from === 0 ? before : '')) {
    // Touching a cut edge: may be a fragment of a longer number, so not trusted.
    if ((h.start === 0 && from > 0) || (h.end === window.length && to < line.length)) continue;
    const start = h.start + from;
    const end = h.end + from;
    if (start <= character && character <= end) return { ...h, start, end };
  }
  return undefined;
}

/** Half-width of findUnitAt's window on long lines: longer than any literal or idiom it reads. */
const UNIT_AT_WINDOW = 256;

function idiomValue(arg: string, decimals: number): bigint | undefined {
  const digits = arg.replace(/_/g, '').trim();
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(digits)) return undefined;
  const x = new Big(digits).times(`1e${decimals}`);
  if (!x.eq(x.round(0, Big.roundDown))) return undefined; // more decimals than the unit has: not a valid call
  const v = BigInt(x.toFixed(0));
  return v <= U128_MAX ? v : undefined;
}

function literalHit(m: RegExpExecArray, start: number, end: number, all: string, before: string): UnitHit | undefined {
  let value: bigint;
  let warning: string | undefined;
  const [text, powBase, powExp, rustBase, rustExp, float, integer] = m;
  if (powBase !== undefined || rustBase !== undefined) {
    value = 10n ** BigInt(powExp ?? rustExp ?? '0');
  } else if (float !== undefined) {
    const x = new Big(float);
    if (!x.eq(x.round(0, Big.roundDown))) return undefined;
    value = BigInt(x.toFixed(0));
    warning = FLOAT_WARNING;
  } else {
    const digits = (integer ?? '').replace(/_/g, '');
    // Below 10^9 nothing is ever claimed: most numbers in code end here, before any context is read.
    if (digits.length < 10 || digits.length > 40 || digits.startsWith('0')) return undefined;
    value = BigInt(digits);
  }
  if (value > U128_MAX || value < MIN_CLAIMED) return undefined;
  const line = lineAround(all, start);
  // Words on the literal's own line decide; the line before only when this one has none.
  const kind = kindOf(value, hasUnitWords(line) ? line : `${before}\n${line}`);
  return kind && { start, end, text, kind, value, warning, source: 'literal' };
}

const hasUnitWords = (text: string): boolean => GAS_WORDS.test(text) || NEAR_WORDS.test(text);

/** NEAR, gas, both or none by the words around and the magnitude (see the rule at the top). */
export function kindOf(value: bigint, context: string): UnitKind | undefined {
  const gas = GAS_WORDS.test(context);
  const near = NEAR_WORDS.test(context.replace(/gas/gi, ''));
  if (!gas && !near && OTHER_WORDS.test(context)) return undefined;
  if (value < (gas || near ? MIN_CLAIMED : MIN_BARE)) return undefined;
  if (value >= GAS_CEILING) {
    if (!near && looksLikeNanoTime(value)) return undefined;
    return 'near';
  }
  if (gas && !near) return 'gas';
  if (near && !gas) return 'near';
  return 'both';
}

function looksLikeNanoTime(v: bigint): boolean {
  const s = String(v);
  return s.length === 19 && v >= 14n * 10n ** 17n && v <= 22n * 10n ** 17n && !/0{6}$/.test(s);
}

/**
 * The line of `text` that holds `at`, at most UNIT_AT_WINDOW characters either side (as the hover reads a long line):
 * a minified line with many amounts costs a window per amount, not the whole line each time.
 */
function lineAround(text: string, at: number): string {
  const lo = Math.max(0, at - UNIT_AT_WINDOW);
  const hi = Math.min(text.length, at + UNIT_AT_WINDOW);
  const back = text.slice(lo, at).lastIndexOf('\n');
  const ahead = text.slice(at, hi).indexOf('\n');
  return text.slice(back < 0 ? lo : lo + back + 1, ahead < 0 ? hi : at + ahead);
}

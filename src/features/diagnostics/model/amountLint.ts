// Inexact amounts: a float used as yoctoNEAR or gas (`1.5e24`, `1.5 * 10 ** 24`, `10 ** 24` in JS) whose value a
// double cannot hold, with the exact form of the file's language as the fix (JS/TS BigInt literal or string; Rust
// integer with separators and its type; Python integer). NEAR or gas is decided as the unit hover decides
// (unitFinder's kindOf). Pure: no `vscode`, no I/O; the value is computed exactly (big.js / bigint).
import Big from 'big.js';
import { kindOf } from '../../../near/unitFinder';
import { U128_MAX } from '../../../near/units';
import type { Fix, Problem } from './problem';

/**
 * A float with an exponent (`1.5e24`), or a number times a power of ten (`1.5 * 10 ** 24`, `1.5 * 1e24`,
 * `1.5 * Math.pow(10, 24)`), or (JS/TS only, group 5) a bare `10 ** 24`. Not after an identifier, a dot or `$`;
 * not followed by more of a number or a BigInt `n` (which would be exact, or a TypeError).
 */
const FLOAT_RE =
  /(?<![\w.$])(?:(\d+(?:\.\d+)?)(?:[eE]\+?(\d{1,2})|\s*\*\s*(?:10\s*\*\*\s*|1e|Math\.pow\(\s*10\s*,\s*)(\d{1,2})\)?)|10\s*\*\*\s*(\d{1,2}))(?![\w.])/g;

const MIN_AMOUNT = 10n ** 9n;
const JS_LIKE = new Set(['javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'vue', 'svelte', 'astro']);

/** 1500000000000000000000000 → 1_500_000_000_000_000_000_000_000 */
function separated(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, '_');
}

/** The exact forms of `value` for `languageId`, the first preferred. */
export function exactForms(value: bigint, languageId: string, kind: 'near' | 'gas' | 'both'): Fix[] {
  const d = String(value);
  if (JS_LIKE.has(languageId)) {
    return [
      { title: `Change to the BigInt ${separated(d)}n`, newText: `${separated(d)}n`, preferred: true },
      { title: `Change to the string "${d}"`, newText: `"${d}"` },
    ];
  }
  if (languageId === 'rust') {
    const type = kind === 'gas' ? 'u64' : 'u128';
    return [{ title: `Change to ${separated(d)}_${type}`, newText: `${separated(d)}_${type}`, preferred: true }];
  }
  if (languageId === 'python') return [{ title: `Change to the integer ${separated(d)}`, newText: separated(d), preferred: true }];
  return [{ title: `Change to ${d}`, newText: d, preferred: true }];
}

/** The line holding `at` and the one before it (unitFinder's words decide NEAR or gas). */
function context(text: string, at: number): string {
  const lo = Math.max(0, at - 512);
  const start = text.lastIndexOf('\n', at - 1);
  const prev = start > lo ? text.lastIndexOf('\n', start - 1) : -1;
  let end = text.indexOf('\n', at);
  if (end < 0 || end - at > 256) end = Math.min(text.length, at + 256);
  return text.slice(Math.max(lo, prev + 1), end);
}

/** Every float literal in `text` used as an amount that a double cannot hold exactly, in order. */
export function findInexactAmounts(text: string, languageId = ''): Problem[] {
  const out: Problem[] = [];
  if (typeof text !== 'string') return out;
  const js = JS_LIKE.has(languageId);
  FLOAT_RE.lastIndex = 0;
  for (let m; (m = FLOAT_RE.exec(text));) {
    const [whole, mantissa, eExp, powExp, bareExp] = m;
    if (bareExp !== undefined && !js) continue; // 10 ** 24 is an exact integer in Python, not Rust syntax at all
    const quote = text[m.index - 1];
    if (quote === '"' || quote === "'" || quote === '`') continue; // in a string: not a float
    const exp = Number(eExp ?? powExp ?? bareExp);
    const x = new Big(mantissa ?? '1').times(new Big(10).pow(exp));
    if (!x.eq(x.round(0, Big.roundDown))) continue; // a fraction of a yocto: not an amount
    const value = BigInt(x.toFixed(0));
    if (value < MIN_AMOUNT || value > U128_MAX) continue;
    // What the program computes: the double nearest the literal, or the product of two doubles.
    const float = eExp !== undefined ? Number(whole) : Number(mantissa ?? '1') * 10 ** exp;
    if (Number.isInteger(float) && BigInt(float) === value) continue; // exact after all (30e12 gas)
    const kind = kindOf(value, context(text, m.index));
    if (!kind) continue;
    const unit = kind === 'gas' ? 'gas' : kind === 'near' ? 'yoctoNEAR' : 'yoctoNEAR or gas';
    out.push({
      code: 'inexact-amount',
      severity: 'warning',
      start: m.index,
      end: m.index + whole.length,
      message: `A float cannot hold this amount exactly: ${whole.replace(/\s+/g, ' ')} is ${String(value)} ${unit}, but the program gets ${Number.isFinite(float) ? BigInt(Math.round(float)).toString() : String(float)}.`,
      fixes: exactForms(value, languageId, kind),
    });
  }
  return out;
}

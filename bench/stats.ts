// Small statistics and timing helpers for the bench. Plain Node: must not depend on vscode or the extension.
import { performance } from 'node:perf_hooks';

export interface Summary {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  n: number;
}

/** Linear-interpolated quantile of an already sorted array. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? NaN;
  const b = sorted[hi] ?? NaN;
  return a + (b - a) * (pos - lo);
}

export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p25: quantile(s, 0.25), p75: quantile(s, 0.75), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN, n: s.length };
}

/** Milliseconds taken by `fn` (sync). */
export function timeSync(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Milliseconds taken by `fn` (async). */
export async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** "1.23 ms (p25–p75 1.10–1.40, n=200)" with a unit and a number formatter. */
export function fmtSummary(s: Summary, unit: string, digits = 2): string {
  const f = (x: number): string => x.toFixed(digits);
  return `${f(s.median)} ${unit} (p25–p75 ${f(s.p25)}–${f(s.p75)}, n=${s.n})`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export { seeded } from '../test/support/seeded';

/**
 * Two async cases timed in interleaved pairs after `warmup` untimed pairs (which goes first alternates, so neither
 * always follows the other): both sides' times and the per-pair ratios a / b. `between(i)` runs after pair i.
 */
export async function interleavedPairs(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  reps: number,
  warmup: number,
  between?: (i: number) => void,
): Promise<{ a: Summary; b: Summary; ratio: Summary }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < reps; i++) {
    if (i % 2 === 0) {
      ta.push(await timeAsync(a));
      tb.push(await timeAsync(b));
    } else {
      tb.push(await timeAsync(b));
      ta.push(await timeAsync(a));
    }
    between?.(i);
  }
  return { a: summarize(ta), b: summarize(tb), ratio: summarize(ta.map((x, i) => x / (tb[i] ?? x))) };
}

/** What one row of the table says. `pass` undefined = report only (no target). */
export interface Row {
  id: number;
  figure: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  pass: boolean | undefined;
  notes?: string[];
}

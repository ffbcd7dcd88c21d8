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

/** A side whose IQR passes this share of its median was timed on a busy machine: its ratio says little. */
const WIDE_SPREAD = 0.5;

/** "IQR 12% of the median": how far a side's own samples spread, to read before judging a ratio of medians. */
function fmtSpread(s: Summary): string {
  return `IQR ${((100 * (s.p75 - s.p25)) / s.median).toFixed(0)}% of the median`;
}

/** "Spread before judging: …" for the named sides, saying when one is wide. */
export function spreadNote(sides: Record<string, Summary>): string {
  const wide = Object.entries(sides).filter(([, s]) => s.p75 - s.p25 > WIDE_SPREAD * s.median);
  const list = Object.entries(sides).map(([name, s]) => `${name} ${fmtSpread(s)}`);
  const verdict =
    wide.length > 0
      ? ` Wide (${wide.map(([name]) => name).join(', ')} over ${100 * WIDE_SPREAD}%): the machine was busy; the bound is judged all the same, and a ratio near its bound is worth measuring again on a quiet one.`
      : '';
  return `Spread before judging: ${list.join(', ')}.${verdict}`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export { seeded } from '../test/support/seeded';

/**
 * Sync cases timed in rounds after `warmup` untimed rounds run the same way, so that every case gets the same warm-up;
 * the order rotates each round, so that no case always follows another (and collects its garbage). One full gc between
 * the warm-up and the timed rounds: garbage from before is not collected on a case's clock. Each case's times, by round.
 */
export function rotatedRounds(cases: ReadonlyArray<() => unknown>, reps: number, warmup: number): number[][] {
  const times = cases.map((): number[] => []);
  const round = (i: number, timed: boolean): void => {
    for (let j = 0; j < cases.length; j++) {
      const k = (i + j) % cases.length;
      const t = timeSync(() => cases[k]?.());
      if (timed) times[k]?.push(t);
    }
  };
  for (let i = 0; i < warmup; i++) round(i, false);
  globalThis.gc?.();
  for (let i = 0; i < reps; i++) round(i, true);
  return times;
}

/** The per-round ratios a[i] / b[i] of two cases timed side by side. */
export function roundRatios(a: readonly number[], b: readonly number[]): Summary {
  return summarize(a.map((x, i) => x / (b[i] ?? x)));
}

/**
 * Two async cases timed in interleaved pairs after `warmup` untimed pairs run the same way (which goes first
 * alternates, in the warm-up too, so neither always follows the other), with one full gc between them: both sides'
 * times and the per-pair ratios a / b. `between(i)` runs after pair i.
 */
export async function interleavedPairs(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  reps: number,
  warmup: number,
  between?: (i: number) => void,
): Promise<{ a: Summary; b: Summary; ratio: Summary }> {
  for (let i = 0; i < warmup; i++) {
    if (i % 2 === 0) {
      await a();
      await b();
    } else {
      await b();
      await a();
    }
  }
  globalThis.gc?.();
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
  return { a: summarize(ta), b: summarize(tb), ratio: roundRatios(ta, tb) };
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

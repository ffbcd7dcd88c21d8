// fast-check for the whole unit suite, required by .mocharc.cjs before any test file. A property that names no run
// count gets 1000 (fast-check's own 100 lets a rare miss through to CI), or FC_NUM_RUNS; FC_SEED starts every property
// from that seed, so a failed run is repeated as it was. A failing property keeps fast-check's report (seed, path,
// counterexample; the assertion as its cause) with the command that repeats it under the seed line. Without FC_SEED or
// FC_NUM_RUNS it prints nothing.
import { relative } from 'node:path';
import fc from 'fast-check';
import type { RunDetails } from 'fast-check';

/** The run count of a property that names none. */
const DEFAULT_RUNS = 1000;

/** The test that runs now: the file and title the repeat command names. */
let current: { file?: string; title: string } | undefined;

function envInteger(name: string, min: number): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name}=${raw}: expected an integer${min > Number.MIN_SAFE_INTEGER ? ` of at least ${min}` : ''}`);
  return n;
}

/** `s` as one shell word: in single quotes, or double quotes when it holds an apostrophe and nothing they expand. */
const shellQuote = (s: string): string => (!s.includes("'") ? `'${s}'` : /["$`\\!]/.test(s) ? `'${s.replace(/'/g, `'\\''`)}'` : `"${s}"`);

/** The command that runs this one test again from the seed that failed it. */
function repeatCommand(seed: number, file: string | undefined, title: string | undefined): string {
  const where = file ? relative(process.cwd(), file) : 'test/unit';
  return `FC_SEED=${seed} npx mocha ${where}${title ? ` --fgrep ${shellQuote(title)}` : ''}`;
}

/** fast-check's own report and error, with the repeat command after its `{ seed: … }` line. */
function report(out: RunDetails<unknown>): void {
  if (!out.failed) return;
  const message = fc.defaultReportMessage(out) ?? `Property failed\n{ seed: ${out.seed} }`;
  const repeat = `Repeat it: ${repeatCommand(out.seed, current?.file, current?.title)}`;
  const seedLine = /\n\{ seed: [^\n]*\}/.exec(message);
  const text = seedLine
    ? `${message.slice(0, seedLine.index + seedLine[0].length)}\n${repeat}${message.slice(seedLine.index + seedLine[0].length)}`
    : `${message}\n${repeat}`;
  throw new Error(text, { cause: out.errorInstance });
}

const seed = envInteger('FC_SEED', Number.MIN_SAFE_INTEGER);
const numRuns = envInteger('FC_NUM_RUNS', 1);
fc.configureGlobal({ ...fc.readConfigureGlobal(), reporter: report, numRuns: numRuns ?? DEFAULT_RUNS, ...(seed === undefined ? {} : { seed }) });
if (seed !== undefined) console.log(`fast-check: every property starts from seed ${seed} (FC_SEED)`);
if (numRuns !== undefined) console.log(`fast-check: ${numRuns} runs for each property that names no count (FC_NUM_RUNS)`);

/**
 * The run parameters of a property pinned to `seed` while a miss that other seeds find is open (the suite stays green
 * and quick: shrinking a big counterexample may take many minutes); FC_SEED still names the seed when set.
 */
export function pinnedSeed(seed: number): { seed?: number } {
  return process.env.FC_SEED?.trim() ? {} : { seed };
}

export const mochaHooks = {
  beforeEach(this: Mocha.Context): void {
    const t = this.currentTest;
    current = t ? { file: t.file, title: t.fullTitle() } : undefined;
  },
  afterEach(): void {
    current = undefined;
  },
};

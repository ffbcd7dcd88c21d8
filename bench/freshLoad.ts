// One sample of row 3, run in a new Node process (bench/activate.ts bundles this file and starts it with plain
// `node --expose-gc`, so neither tsx's loader nor a warm module cache is in the way): the first require of a bundle and,
// when it has one, its activate() against the tests' fake `vscode`; then the heap it leaves. Prints one line of JSON.
//   node --expose-gc fresh-load.js <bundle> require|activate <warm-up extension> fetch-loaded|fetch-cold
import Module from 'node:module';
import { performance } from 'node:perf_hooks';
import { createFakeEditor, fakeContext } from '../test/support/fakeEditor';

export interface FreshSample {
  /** Wall time of the first require. */
  requireMs: number;
  /** Wall and CPU time of activate() (0 in `require` mode). */
  activateMs: number;
  activateCpuMs: number;
  /** Wall and CPU time of require + activate(): what the process pays before the bundle can serve. */
  totalMs: number;
  totalCpuMs: number;
  /** V8's heap in use once activate()'s promise work has settled, after a full gc (whole process, bundle held). */
  heapBytes: number;
  /** Error notifications activate() raised (it reports a failed start that way). */
  errors: string[];
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

/** What `require('vscode')` returns now. */
let vscode: unknown;

function serveVscode(): void {
  const mod = Module as unknown as { _load: Load };
  const original = mod._load;
  mod._load = function (request, parent, isMain) {
    return request === 'vscode' ? vscode : original.call(this, request, parent, isMain);
  };
}

async function main(): Promise<void> {
  const [file, mode, warmUp, fetch] = process.argv.slice(2);
  if (!file || !warmUp || (mode !== 'require' && mode !== 'activate') || (fetch !== 'fetch-loaded' && fetch !== 'fetch-cold')) {
    throw new Error('usage: fresh-load.js <bundle> require|activate <warm-up extension> fetch-loaded|fetch-cold');
  }
  // Every process sets up alike before the clock starts, so that they differ only in what is timed. A real extension
  // host has long run its API's code when an extension activates: a floor extension's registrations, on an editor
  // of their own, take the fake's first calls (V8 compiling them) out of what is timed.
  serveVscode();
  const warm = createFakeEditor();
  vscode = warm.vscode;
  const warmContext = fakeContext(warm);
  (require(warmUp) as { activate(context: unknown): unknown }).activate(warmContext);
  for (const d of warmContext.subscriptions.splice(0)) d.dispose();
  const editor = createFakeEditor();
  vscode = editor.vscode;
  const context = fakeContext(editor);
  // Node loads its fetch (undici) when a web global such as Headers is first touched: a NEAR client pays that on its
  // first request, wherever it is touched first, so the comparison loads it beforehand on both sides; fetch-cold
  // leaves it to the bundle, to show what it adds.
  if (fetch === 'fetch-loaded') void globalThis.Headers;

  // process.cpuUsage counts the whole process (V8's helper threads too), as the extension host would pay it.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const loaded = require(file) as { activate?(context: unknown): unknown };
  const t1 = performance.now();
  const cpu1 = process.cpuUsage();
  if (mode === 'activate') loaded.activate?.(context);
  const t2 = performance.now();
  const cpu2 = process.cpuUsage();
  const ms = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage): number => (b.user - a.user + b.system - a.system) / 1000;

  await new Promise((resolve) => setImmediate(resolve)); // errors raised by promise work activate() started
  const errors = [...new Set(editor.rec.notifications.filter((n) => n.level === 'error').map((n) => n.text))];
  // After the clock: a gc before it would bill the timed part extra scavenges (a full gc shrinks the young generation).
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  globalThis.gc();
  const heapBytes = process.memoryUsage().heapUsed;
  const sample: FreshSample = {
    requireMs: t1 - t0,
    activateMs: t2 - t1,
    activateCpuMs: ms(cpu1, cpu2),
    totalMs: t2 - t0,
    totalCpuMs: ms(cpu0, cpu2),
    heapBytes,
    errors,
  };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
  for (const d of context.subscriptions.splice(0)) d.dispose();
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

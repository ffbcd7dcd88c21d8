// Row 3: what an extension host pays before NEAR Lens can serve — a fresh require of the activation bundle (module cache
// cleared) plus activate(), against the tests' fake `vscode` — against what a NEAR peer pays before its first call, a
// fresh require of near-api-js's one-call bundle, paired in one process. Reported beside it: the same pair in a new
// Node process each (cold V8: every function compiled afresh), and activate()'s CPU against a floor extension that makes
// the same registrations and nothing else. Also: which lazy parts activation loads (row 1).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { BUNDLE, ROOT, buildBundle } from './size';
import { fmtSummary, summarize } from './stats';
import type { Row, Summary } from './stats';
import type { FreshSample } from './freshLoad';
import { createFakeEditor, fakeContext } from '../test/support/fakeEditor';
import type { FakeEditor } from '../test/support/fakeEditor';

interface ExtensionModule {
  activate(context: unknown): unknown;
  deactivate?(): unknown;
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

/** Serves `require('vscode')` from the stub for every module loaded from now on. */
function installVscode(vscode: unknown): () => void {
  const mod = Module as unknown as { _load: Load };
  const original = mod._load;
  mod._load = function (request, parent, isMain) {
    return request === 'vscode' ? vscode : original.call(this, request, parent, isMain);
  };
  return () => {
    mod._load = original;
  };
}

/**
 * The lazy parts (dist/*.js beside the bundle) that a fresh require + activate() loads, after its promise work has
 * settled: none should be, as a lazy part is for a feature's first use.
 */
export async function partsLoadedAtActivation(): Promise<string[]> {
  const dist = path.dirname(BUNDLE);
  const inDist = (f: string): boolean => path.dirname(f) === dist && f.endsWith('.js');
  for (const f of Object.keys(require.cache)) if (inDist(f)) delete require.cache[f];
  const editor: FakeEditor = createFakeEditor();
  const uninstall = installVscode(editor.vscode);
  try {
    const context = fakeContext(editor);
    (require(BUNDLE) as ExtensionModule).activate(context);
    for (let i = 0; i < 10; i++) await tick();
    const loaded = Object.keys(require.cache).filter((f) => inDist(f) && f !== BUNDLE);
    for (const d of context.subscriptions.splice(0)) d.dispose();
    return loaded.map((f) => path.basename(f));
  } finally {
    uninstall();
  }
}

/** One call activate() made on the editor API: `namespace.function` and its arguments, handlers as "<fn>". */
export interface Registration {
  api: string;
  args: unknown[];
}

/** An argument as plain data: a handler becomes "<fn>", an object below the first level "<obj>". */
function shape(x: unknown, depth = 0): unknown {
  if (typeof x === 'function') return '<fn>';
  if (Array.isArray(x)) return x.map((v) => shape(v, depth));
  if (x && typeof x === 'object') return depth > 0 ? '<obj>' : Object.fromEntries(Object.entries(x).map(([k, v]) => [k, shape(v, depth + 1)]));
  return x ?? null;
}

/** The registrations (register*, create*, on* event listeners) one synchronous activate() makes, in order. */
async function recordRegistrations(): Promise<Registration[]> {
  const editor: FakeEditor = createFakeEditor();
  const calls: Registration[] = [];
  let recording = true;
  for (const ns of ['commands', 'window', 'workspace', 'languages']) {
    const api = editor.vscode[ns] as Record<string, unknown>;
    for (const [name, fn] of Object.entries(api)) {
      if (typeof fn !== 'function' || !/^(register|create|on[A-Z])/.test(name)) continue;
      api[name] = (...args: unknown[]): unknown => {
        if (recording) calls.push({ api: `${ns}.${name}`, args: args.map((a) => shape(a)) });
        return (fn as (...a: unknown[]) => unknown)(...args);
      };
    }
  }
  delete require.cache[BUNDLE];
  const uninstall = installVscode(editor.vscode);
  try {
    const context = fakeContext(editor);
    (require(BUNDLE) as ExtensionModule).activate(context);
    recording = false;
    await tick();
    for (const d of context.subscriptions.splice(0)) d.dispose();
    return calls;
  } finally {
    uninstall();
    delete require.cache[BUNDLE];
  }
}

/** "33 × commands.registerCommand, 1 × window.createTreeView, …" */
function tally(calls: readonly Registration[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.api, (counts.get(c.api) ?? 0) + 1);
  return [...counts.entries()].map(([api, n]) => `${n} × ${api}`).join(', ');
}

/** CPU time (process.cpuUsage, whole process) of one fresh require (cache cleared) of `file`, and of its activate(). */
function inProcess(file: string, makeContext: () => { subscriptions: Array<{ dispose(): unknown }> }, activate: boolean): number {
  delete require.cache[require.resolve(file)];
  const context = makeContext();
  const cpu = process.cpuUsage();
  const mod = require(file) as Partial<ExtensionModule>;
  if (activate) mod.activate?.(context);
  const used = process.cpuUsage(cpu);
  for (const d of context.subscriptions.splice(0)) d.dispose();
  mod.deactivate?.();
  return (used.user + used.system) / 1000;
}

/** A clean environment for a sample: no preloaded modules and no on-disk compile cache from the parent. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_OPTIONS'];
  delete env['NODE_COMPILE_CACHE'];
  return env;
}

export async function activateRow(rounds = 30, pairs = 200): Promise<Row> {
  if (!existsSync(BUNDLE)) throw new Error(`${path.relative(ROOT, BUNDLE)} is missing: run node esbuild.mjs --production (row 1 does)`);
  // The sample runner is bundled so that the child is plain `node`: tsx's loader would sit in every require timed.
  const runner = await buildBundle(path.join(ROOT, 'bench/freshLoad.ts'), 'fresh-load', { minify: false });
  const nearApiJs = await buildBundle(path.join(ROOT, 'bench/baselines/near-api-js.ts'), 'near-api-js');
  const registrations = await recordRegistrations();
  const floorEntry = path.join(ROOT, 'bench/baselines/floor-extension.ts');
  const define = { FLOOR_CALLS: JSON.stringify(registrations) };
  const floor = await buildBundle(floorEntry, 'floor-extension', { define });
  // The same floor under another name and first line, so that V8 compiles the timed floor afresh after the warm-up.
  const warmUp = await buildBundle(floorEntry, 'floor-warm-up', { define, banner: { js: '// warm-up' } });
  const env = childEnv();
  const sample = (file: string, mode: 'require' | 'activate', fetch: 'fetch-loaded' | 'fetch-cold' = 'fetch-loaded'): FreshSample => {
    const r = spawnSync(process.execPath, [runner, file, mode, warmUp, fetch], { cwd: ROOT, env, encoding: 'utf8' });
    const line = r.stdout.trim().split('\n').pop() ?? '';
    if (r.status !== 0 || !line.startsWith('{'))
      throw new Error(`fresh ${mode} of ${path.basename(file)} exited ${r.status}: ${r.stderr.trim().split('\n').pop() ?? ''}`);
    return JSON.parse(line) as FreshSample;
  };
  const cases = {
    ext: () => sample(BUNDLE, 'activate'),
    near: () => sample(nearApiJs, 'require'),
    floor: () => sample(floor, 'activate'),
    extFetchCold: () => sample(BUNDLE, 'activate', 'fetch-cold'),
  };
  const order = Object.keys(cases) as Array<keyof typeof cases>;
  const taken: Record<keyof typeof cases, FreshSample[]> = { ext: [], near: [], floor: [], extFetchCold: [] };
  // An untimed round first puts the files in the page cache.
  for (const k of order) cases[k]();
  for (let i = 0; i < rounds; i++) {
    // Interleaved, with the order rotating, so that load from other processes falls on every case alike.
    for (let j = 0; j < order.length; j++) {
      const k = order[(i + j) % order.length] ?? 'ext';
      taken[k].push(cases[k]());
    }
  }
  const { ext, near, floor: flo, extFetchCold } = taken;
  const of = (xs: readonly FreshSample[], f: (s: FreshSample) => number): Summary => summarize(xs.map(f));
  // Bound on CPU time (process.cpuUsage, whole process): on a shared machine the wall time of a ~20 ms job also
  // counts other processes' turns, which fall unevenly on the cases; the CPU time is what the host pays for it.
  const total = of(ext, (s) => s.totalCpuMs);
  const base = of(near, (s) => s.totalCpuMs);
  const wall = of(ext, (s) => s.totalMs);
  const baseWall = of(near, (s) => s.totalMs);
  const actCpu = of(ext, (s) => s.activateCpuMs);
  const floorCpu = of(flo, (s) => s.activateCpuMs);
  const cold = of(extFetchCold, (s) => s.totalCpuMs);
  const perRound = summarize(ext.map((s, i) => s.totalCpuMs / (near[i]?.totalCpuMs ?? NaN)));
  const coldRatio = total.median / base.median;
  // The bound: fresh requires paired in one process, interleaved (the module cache cleared each time; V8 may reuse
  // what it compiled, as an extension host does for code it has seen).
  const editor: FakeEditor = createFakeEditor();
  const uninstall = installVscode(editor.vscode);
  const mine: number[] = [];
  const peer: number[] = [];
  try {
    void globalThis.Headers; // Node's fetch loaded on both sides alike (see the note on fetch)
    const makeContext = (): ReturnType<typeof fakeContext> => fakeContext(editor);
    inProcess(BUNDLE, makeContext, true);
    inProcess(nearApiJs, makeContext, false);
    for (let i = 0; i < pairs; i++) {
      mine.push(inProcess(BUNDLE, makeContext, true));
      peer.push(inProcess(nearApiJs, makeContext, false));
    }
  } finally {
    uninstall();
  }
  const warm = summarize(mine);
  const warmBase = summarize(peer);
  const warmPerPair = summarize(mine.map((m, i) => m / (peer[i] ?? NaN)));
  const ratio = warm.median / warmBase.median;
  const wallRatio = wall.median / baseWall.median;
  const floorRatio = actCpu.median / floorCpu.median;
  const errors = [...new Set([...ext, ...flo, ...extFetchCold].flatMap((s) => s.errors))];
  const commands = registrations.filter((c) => c.api === 'commands.registerCommand').length;
  const ms = (s: Summary, digits = 2): string => fmtSummary(s, 'ms', digits);
  const notes = [
    `The bound: ${pairs} pairs in one process, interleaved: a fresh require of dist/extension.js (its module cache cleared) + activate() on the tests' fake \`vscode\`, then a fresh require of near-api-js's one-call bundle (bench/baselines/near-api-js.ts, production flags: what a NEAR peer pays before its first call); CPU time (process.cpuUsage) of each, the ratio of the medians with the p25–p75 of the per-pair ratios (${warmPerPair.p25.toFixed(2)}–${warmPerPair.p75.toFixed(2)}).`,
    `Reported, a new process per sample (cold V8, every function compiled afresh): require + activate() CPU ${ms(total)} against near-api-js's ${ms(base)}: ${coldRatio.toFixed(2)} × (per round p25–p75 ${perRound.p25.toFixed(2)}–${perRound.p75.toFixed(2)}).`,
    `Each cold sample is a new Node process (bench/freshLoad.ts, bundled and run with plain node: no module or compile cache, no tsx loader) on the tests' fake \`vscode\` (test/support/fakeEditor.ts). It sets up alike for every case — a floor extension's registrations on an editor of their own (the host's API code has run long before an extension activates), Node's fetch (undici) loaded — and then times one of: require dist/extension.js + activate(); require of near-api-js's one-call bundle (bench/baselines/near-api-js.ts, production flags: what a NEAR peer pays before its first call); require + activate() of the floor extension. ${rounds} rounds, the cases interleaved in a rotating order; the ratio is of the medians, with the p25–p75 of the per-round ratios. CPU time (process.cpuUsage, whole process) is bound, as other processes' turns on a shared machine fall into the wall time unevenly; the wall time is reported: ${ms(wall)} against ${ms(baseWall)}, ${wallRatio.toFixed(2)} ×.`,
    `Split of the extension's wall time: require ${ms(of(ext, (s) => s.requireMs))}, activate() ${ms(of(ext, (s) => s.activateMs))}.`,
    `Node's fetch: NEAR Lens's bundle touches the web globals (Headers) at require, which loads undici; a peer loads it on its first request, so both sides have it loaded before the clock starts. Left to the bundle: require + activate() CPU ${ms(cold)}, ${(cold.median / base.median).toFixed(2)} × the peer's require (reported).`,
    `Floor (bench/baselines/floor-extension.ts; reported, not a target): the registrations one activate() makes, recorded and replayed with empty handlers — ${tally(registrations)}. activate() CPU ${ms(actCpu, 3)} against the floor's ${ms(floorCpu, 3)}: ${floorRatio.toFixed(1)} ×, what activation does beyond registering (services, settings, the watchlist's model); a figure to read, not to chase.`,
    'No absolute time is a target: a time in ms moves from one machine to the next (a 2 ms bound on activate() read 2.6 ms on a slower machine while every other row passed); a ratio of cases measured side by side in one run does not.',
  ];
  if (errors.length > 0) notes.push(`activate() reported errors: ${errors.join(' | ')}`);
  if (commands === 0) notes.push('activate() registered no command: the extension entry point is empty.');
  return {
    id: 3,
    figure: 'fresh require of dist/extension.js + activate() (fake vscode) vs fresh require of near-api-js one-call bundle',
    measured: `CPU ${ms(warm, 3)}; a new process each: CPU ${ms(total)}, of which activate() ${ms(actCpu, 3)}`,
    baseline: `fresh require of near-api-js one-call bundle: CPU ${ms(warmBase, 3)}; a new process each: CPU ${ms(base)}; floor extension's activate() CPU ${ms(floorCpu, 3)}`,
    ratio: `CPU ${ratio.toFixed(3)} × near-api-js; a new process each ${coldRatio.toFixed(2)} × (wall ${wallRatio.toFixed(2)} ×); activate() CPU ${floorRatio.toFixed(1)} × floor`,
    target: 'CPU ≤ 1.3 × near-api-js (ratio of medians, paired in one process); a new process each and × floor reported',
    pass: ratio <= 1.3 && errors.length === 0 && commands > 0,
    notes,
  };
}

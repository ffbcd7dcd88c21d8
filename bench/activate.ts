// Row 3: what an extension host pays once before NEAR Lens can serve — in a new Node process per sample, a require of
// dist/extension.js plus activate() against the tests' fake `vscode` — against what a NEAR peer pays before its first
// call, a require of near-api-js's one-call bundle; activate() alone against a floor extension that makes the same
// registrations and nothing else; the heap once activated.
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

/** A clean environment for a sample: no preloaded modules and no on-disk compile cache from the parent. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_OPTIONS'];
  delete env['NODE_COMPILE_CACHE'];
  return env;
}

/** The bounds (#44): guards against work creeping into activation, not targets to meet. */
const ACTIVATION_GUARD = 5;
const FLOOR_GUARD = 20;

export async function activateRow(rounds = 40): Promise<Row> {
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
    const r = spawnSync(process.execPath, ['--expose-gc', runner, file, mode, warmUp, fetch], { cwd: ROOT, env, encoding: 'utf8' });
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
  /** The per-round ratios a / b of one figure (the two cases of a round ran side by side). */
  const paired = (a: readonly FreshSample[], b: readonly FreshSample[], f: (s: FreshSample) => number): Summary =>
    summarize(a.map((s, i) => f(s) / f(b[i] ?? s)));
  // Bound on CPU time (process.cpuUsage, whole process): on a shared machine the wall time of a ~50 ms job also
  // counts other processes' turns, which fall unevenly on the cases; the CPU time is what the host pays for it.
  const total = of(ext, (s) => s.totalCpuMs);
  const base = of(near, (s) => s.totalCpuMs);
  const perRound = paired(ext, near, (s) => s.totalCpuMs);
  const actCpu = of(ext, (s) => s.activateCpuMs);
  const floorCpu = of(flo, (s) => s.activateCpuMs);
  const perRoundFloor = paired(ext, flo, (s) => s.activateCpuMs);
  const wall = of(ext, (s) => s.totalMs);
  const baseWall = of(near, (s) => s.totalMs);
  const cold = of(extFetchCold, (s) => s.totalCpuMs);
  const heapMb = (s: FreshSample): number => s.heapBytes / 2 ** 20;
  const heap = of(ext, heapMb);
  const heapNear = of(near, heapMb);
  const heapFloor = of(flo, heapMb);
  const ratio = perRound.median;
  const floorRatio = perRoundFloor.median;
  const errors = [...new Set([...ext, ...flo, ...extFetchCold].flatMap((s) => s.errors))];
  const commands = registrations.filter((c) => c.api === 'commands.registerCommand').length;
  const ms = (s: Summary, digits = 2): string => fmtSummary(s, 'ms', digits);
  const spread = (s: Summary): string => `p25–p75 ${s.p25.toFixed(2)}–${s.p75.toFixed(2)}`;
  const mib = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)} MB`;
  const above = [
    ...(ratio > ACTIVATION_GUARD ? [`require + activate() at ${ratio.toFixed(2)} × near-api-js's require, above its ${ACTIVATION_GUARD} × guard`] : []),
    ...(floorRatio > FLOOR_GUARD ? [`activate() at ${floorRatio.toFixed(1)} × the floor's, above its ${FLOOR_GUARD} × guard`] : []),
  ];
  const notes = [
    `Each sample is a new Node process (bench/freshLoad.ts, bundled and run with plain \`node --expose-gc\`: no module or compile cache, no tsx loader; cold V8, every function compiled afresh): the cost a user's extension host pays once, after startup. It sets up alike for every case on the tests' fake \`vscode\` (test/support/fakeEditor.ts) — a floor extension's registrations on an editor of their own (the host's API code has run long before an extension activates), Node's fetch (undici) loaded — and then times one of: require dist/extension.js + activate(); a require of near-api-js's one-call bundle (bench/baselines/near-api-js.ts, production flags: what a NEAR peer pays before its first call); require + activate() of the floor extension. ${rounds} rounds after an untimed one, the cases interleaved in a rotating order; each bound figure is the median of the per-round ratios (the two cases of one round ran side by side), the ratio of the medians beside it.`,
    `Guards, not targets (#44): they catch work creeping into activation. When the one bundle lands above one, the figure is the answer to read — less work in activate() — never a bundle split to meet it.${above.length > 0 ? ` This run: ${above.join('; ')}.` : ''}`,
    `CPU time (process.cpuUsage, whole process, V8's helper threads included) is bound, as other processes' turns on a shared machine fall into the wall time unevenly; the wall time is reported: ${ms(wall)} against ${ms(baseWall)}, ${(wall.median / baseWall.median).toFixed(2)} ×. Split of the extension's wall time: require ${ms(of(ext, (s) => s.requireMs))}, activate() ${ms(of(ext, (s) => s.activateMs))}.`,
    `Heap after activation (V8's heap in use once activate()'s promise work has settled, after a full gc; the whole process, the setup included): ${fmtSummary(heap, 'MB')}; after near-api-js's require ${fmtSummary(heapNear, 'MB')}; after the floor's activate() ${fmtSummary(heapFloor, 'MB')}. Beyond the floor extension: NEAR Lens ${mib(heap.median - heapFloor.median)}, near-api-js ${mib(heapNear.median - heapFloor.median)}. Reported, not bound.`,
    `Node's fetch: NEAR Lens's bundle touches the web globals (Headers) at require, which loads undici; a peer loads it on its first request, so both sides have it loaded before the clock starts. Left to the bundle: require + activate() CPU ${ms(cold)}, ${(cold.median / base.median).toFixed(2)} × the peer's require (reported).`,
    `Floor (bench/baselines/floor-extension.ts): the registrations one activate() makes, recorded and replayed with empty handlers — ${tally(registrations)}. activate() CPU ${ms(actCpu, 3)} against the floor's ${ms(floorCpu, 3)}: what activation does beyond registering (services, settings, the watchlist's model).`,
    'No absolute time is a target: a time in ms moves from one machine to the next (a 2 ms bound on activate() read 2.6 ms on a slower machine while every other row passed); a ratio of cases measured side by side in one run does not.',
  ];
  if (errors.length > 0) notes.push(`activate() reported errors: ${errors.join(' | ')}`);
  if (commands === 0) notes.push('activate() registered no command: the extension entry point is empty.');
  return {
    id: 3,
    figure: 'a new process each: require of dist/extension.js + activate() (fake vscode) vs a require of near-api-js one-call bundle',
    measured: `CPU ${ms(total)}, of which activate() ${ms(actCpu, 3)}; heap after activation ${heap.median.toFixed(2)} MB (${mib(heap.median - heapFloor.median)} beyond the floor's)`,
    baseline: `near-api-js one-call bundle's require: CPU ${ms(base)}; floor extension's activate() CPU ${ms(floorCpu, 3)}`,
    ratio: `CPU ${ratio.toFixed(2)} × near-api-js (per round ${spread(perRound)}; ratio of medians ${(total.median / base.median).toFixed(2)}); activate() ${floorRatio.toFixed(1)} × floor (per round ${spread(perRoundFloor)})`,
    target: `guards: CPU ≤ ${ACTIVATION_GUARD} × near-api-js; activate() ≤ ${FLOOR_GUARD} × floor (medians of per-round ratios); heap reported`,
    pass: ratio <= ACTIVATION_GUARD && floorRatio <= FLOOR_GUARD && errors.length === 0 && commands > 0,
    notes,
  };
}

// Rows 1–2 and 15: production bundle size (15: the web build's) against the SDK baselines, and who takes the bytes. Must not depend on vscode.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { kb } from './stats';
import type { Row } from './stats';

export const ROOT = path.resolve(__dirname, '..');
export const BUNDLE = path.join(ROOT, 'dist/extension.js');
export const OUT_DIR = path.join(os.tmpdir(), 'near-lens-bench');

/** The same flags esbuild.mjs uses for the production extension bundle. */
const PRODUCTION_FLAGS: esbuild.BuildOptions = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  external: ['vscode'],
  conditions: ['worker'],
  logLevel: 'error',
};

/** Builds `entry` with the production flags (and `extra`, e.g. defines) into the bench's temp folder; the file's path. */
export async function buildBundle(entry: string, name: string, extra: esbuild.BuildOptions = {}): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const outfile = path.join(OUT_DIR, `${name}.js`);
  await esbuild.build({ ...PRODUCTION_FLAGS, ...extra, entryPoints: [entry], outfile });
  return outfile;
}

async function bundleSize(entry: string, name: string): Promise<number> {
  return statSync(await buildBundle(entry, name)).size;
}

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** `node_modules/@scope/name/...` → `@scope/name`; our own files → `src (NEAR Lens)`. */
function packageOf(input: string): string {
  const i = input.lastIndexOf('node_modules/');
  if (i < 0) return input.startsWith('src/') ? 'src (NEAR Lens)' : input;
  const parts = input.slice(i + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? input);
}

/** The features that load each lazy part on first use (a part not named here is described by its file's first line). */
const FEATURES: Record<string, string> = {
  panel: 'Open Balance Panel (the panel and its History)',
  rpc: 'Query Block…, RPC Request…, Recent Results, Copy as curl',
  lookup: 'Look Up Account… (at a past block too), Look Up Public Key…, Switch Network…, Show Log, a hover’s Copy link',
  contracts: 'Call View Method…, View Contract State…, Contract Interface, a watched contract’s methods (with fzstd)',
  diagnostics: 'the Problems-panel diagnostics, when the first document is diagnosed (after activation)',
  secrets: 'a secret key’s or seed phrase’s public key (@noble/curves, @scure/bip39), once a candidate is seen',
  balances: 'the opt-in balance inlay hints, while nearLens.inlayHints.balances is on',
  hover: 'the hover’s markdown (an account’s figures, a key’s accounts), on the first hover',
  watchlist: 'the watchlist’s commands: Add Accounts…, Remove, Refresh (one list too), Copy Account Id, Open in Explorer',
};

/** Each lazy part's file, source (from dist/meta-lazy.json) and the feature that loads it. */
function lazyParts(): { file: string; entry: string; feature: string }[] {
  const meta = JSON.parse(readFileSync(path.join(ROOT, 'dist/meta-lazy.json'), 'utf8')) as Record<string, { outputs: Record<string, { entryPoint?: string }> }>;
  return Object.entries(meta).map(([name, m]) => {
    const entry = Object.values(m.outputs).find((o) => o.entryPoint)?.entryPoint ?? '?';
    const first = (readFileSync(path.join(ROOT, entry), 'utf8').split('\n')[0] ?? '').replace(/^\/\/\s*/, '');
    return { file: `${name}.js`, entry, feature: FEATURES[name] ?? (first.length > 90 ? `${first.slice(0, 89)}…` : first) };
  });
}

/**
 * Row 1 (#25): dist/extension.js — what activation loads — is bound to the near-api-js one-call bundle; each lazy part
 * is reported with the feature that loads it and whether activation loads it (it must not); the total of all parts is
 * reported, not bounded. `loadedAtActivation` names the dist/*.js files a fresh require + activate() loaded.
 */
export async function sizeRows(loadedAtActivation: () => Promise<string[]>): Promise<Row[]> {
  mkdirSync(OUT_DIR, { recursive: true });
  // The real production build (also writes dist/meta.json). esbuild.mjs exits 1 when the bundle is over its own
  // budget but has written it by then: measure it anyway; fail only when no fresh bundle came out.
  const started = Date.now() - 1000;
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT, encoding: 'utf8' });
  const buildNotes: string[] = [];
  if (build.status !== 0) {
    const fresh = statSync(BUNDLE, { throwIfNoEntry: false });
    if (!fresh || fresh.mtimeMs < started) throw new Error(`node esbuild.mjs --production failed: ${build.stderr.trim().split('\n').pop() ?? ''}`);
    buildNotes.push(`node esbuild.mjs --production exited ${build.status}: ${build.stderr.trim().split('\n').pop() ?? ''}`);
  }
  const ext = statSync(BUNDLE).size;
  const nearApiJs = await bundleSize(path.join(ROOT, 'bench/baselines/near-api-js.ts'), 'near-api-js');
  const providers = await bundleSize(path.join(ROOT, 'bench/baselines/near-js-providers.ts'), 'near-js-providers');
  const ratio = ext / nearApiJs;
  const loaded = new Set(await loadedAtActivation());
  const parts = lazyParts().map((p) => ({ ...p, bytes: statSync(path.join(ROOT, 'dist', p.file)).size, atActivation: loaded.has(p.file) }));
  const hostBytes = ext + parts.reduce((sum, p) => sum + p.bytes, 0);
  const early = parts.filter((p) => p.atActivation);
  const sizeRow: Row = {
    id: 1,
    figure: 'dist/extension.js size (production): what activation loads',
    measured: `${kb(ext)}; lazy parts ${parts.map((p) => `${p.file} ${kb(p.bytes)}`).join(', ')}; all ${kb(hostBytes)}`,
    baseline: `near-api-js 7 one-call bundle: ${kb(nearApiJs)}; @near-js/providers 2: ${kb(providers)}`,
    ratio: `${ratio.toFixed(3)} × near-api-js (${(ext / providers).toFixed(3)} × providers); all parts ${(hostBytes / nearApiJs).toFixed(3)} × (reported)`,
    target: '≤ 1.3 × near-api-js; no lazy part loaded at activation',
    pass: ratio <= 1.3 && early.length === 0,
    notes: [
      'Sizes are exact (one build each): there is no spread to report. The total of all parts is reported, not bounded (#25).',
      ...parts.map(
        (p) =>
          `lazy part dist/${p.file} (${kb(p.bytes)}, from ${p.entry}): ${p.feature}; loaded at activation: ${p.atActivation ? 'YES (it must not be)' : 'no'}.`,
      ),
      ...buildNotes,
    ],
  };

  const meta = JSON.parse(readFileSync(path.join(ROOT, 'dist/meta.json'), 'utf8')) as Metafile;
  const out = Object.entries(meta.outputs).find(([file]) => file.endsWith('extension.js'))?.[1];
  if (!out) throw new Error('dist/meta.json has no extension.js output');
  const shares = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const pkg = packageOf(input);
    shares.set(pkg, (shares.get(pkg) ?? 0) + bytesInOutput);
  }
  const total = out.bytes;
  const sorted = [...shares.entries()].sort((a, b) => b[1] - a[1]);
  const list = sorted.map(([pkg, bytes]) => `${pkg} ${kb(bytes)} (${((100 * bytes) / total).toFixed(1)}%)`);
  const hasNodeFetch = shares.has('node-fetch-native');
  const ownFiles = Object.entries(out.inputs)
    .filter(([input]) => input.startsWith('src/'))
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 6)
    .map(([input, { bytesInOutput }]) => `${input} ${kb(bytesInOutput)}`);
  const accounted = sorted.reduce((s, [, b]) => s + b, 0);
  const shareRow: Row = {
    id: 2,
    figure: 'bundle share per package (metafile)',
    measured: list.join('; '),
    baseline: `${kb(total)} output; ${kb(total - accounted)} esbuild runtime/glue`,
    ratio: '—',
    target: 'report; node-fetch-native absent',
    pass: !hasNodeFetch,
    notes: [
      `Largest own files (minified bytes in the bundle): ${ownFiles.join(', ')}.`,
      ...(hasNodeFetch ? ['node-fetch-native is in the bundle: ofetch is not resolved to its fetch-native entry.'] : []),
    ],
  };
  // The web build (package.json `browser`, dist/web/): its own activation bundle against the same bound.
  const web = statSync(path.join(ROOT, 'dist/web/extension.js')).size;
  const webFiles = readdirSync(path.join(ROOT, 'dist/web')).filter((f) => f.endsWith('.js'));
  const webAll = webFiles.reduce((sum, f) => sum + statSync(path.join(ROOT, 'dist/web', f)).size, 0);
  const webRow: Row = {
    id: 23,
    figure: 'dist/web/extension.js size (production, web build); all the Web Worker host may load',
    measured: `${kb(web)}; ${kb(webAll)} (${webFiles.join(', ')})`,
    baseline: `near-api-js 7 one-call bundle: ${kb(nearApiJs)}`,
    ratio: `${(web / nearApiJs).toFixed(3)} × near-api-js; all ${(webAll / nearApiJs).toFixed(3)} ×`,
    target: '≤ 1.3 × near-api-js',
    pass: web / nearApiJs <= 1.3,
    notes: ['The web build has no Node built-in (esbuild.mjs checks its metafiles); its lazy parts are fetched on first use.'],
  };
  return [sizeRow, shareRow, webRow];
}

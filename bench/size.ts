// Rows 1 and 23: the production bundles' sizes (1: the Node host's, 23: the web host's) and who takes the bytes, from
// esbuild's metafiles; near-api-js's one-call bundle beside them for scale. Must not depend on vscode.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
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
  outputs: Record<string, { bytes: number; entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }>;
}

const OWN_CODE = "NEAR Lens's own code";

/** `node_modules/@scope/name/...` → `@scope/name`; a file under src/ → NEAR Lens's own code. */
function packageOf(input: string): string {
  const i = input.lastIndexOf('node_modules/');
  if (i < 0) return input.startsWith('src/') ? OWN_CODE : input;
  const parts = input.slice(i + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? input);
}

/** What `metaFile` (esbuild's metafile of one bundle) says of its output: bytes, bytes per package, largest own files. */
function shares(metaFile: string): { bytes: number; packages: [string, number][]; glue: number; ownFiles: [string, number][] } {
  const meta = JSON.parse(readFileSync(path.join(ROOT, metaFile), 'utf8')) as Metafile;
  const out = Object.values(meta.outputs).find((o) => o.entryPoint !== undefined);
  if (!out) throw new Error(`${metaFile} names no bundle built from an entry point`);
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const pkg = packageOf(input);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  const packages = [...byPackage.entries()].sort((a, b) => b[1] - a[1]);
  const ownFiles = Object.entries(out.inputs)
    .filter(([input]) => input.startsWith('src/'))
    .map(([input, { bytesInOutput }]): [string, number] => [input, bytesInOutput])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  return { bytes: out.bytes, packages, glue: out.bytes - packages.reduce((sum, [, b]) => sum + b, 0), ownFiles };
}

/** One bundle's row: its size and each package's share of it; reported, no bound. */
function bundleRow(id: number, file: string, metaFile: string, host: string, nearApiJs: number, extraNotes: string[]): Row {
  const s = shares(metaFile);
  const pct = (bytes: number): string => `${((100 * bytes) / s.bytes).toFixed(1)}%`;
  const bytes = statSync(path.join(ROOT, file)).size;
  if (bytes !== s.bytes) throw new Error(`${file} is ${bytes} bytes but ${metaFile} says ${s.bytes}: not from the same build`);
  return {
    id,
    figure: `${file} (production, ${host}): size and share per package`,
    measured: `${kb(bytes)}: ${s.packages.map(([pkg, b]) => `${pkg} ${kb(b)} (${pct(b)})`).join('; ')}; esbuild's glue ${kb(s.glue)}`,
    baseline: `near-api-js 7 one-call bundle: ${kb(nearApiJs)}`,
    ratio: `${(bytes / nearApiJs).toFixed(2)} × near-api-js (reported)`,
    target: 'report (no bound); the row fails only when the build does',
    pass: undefined,
    notes: [
      `Shares from ${metaFile} (esbuild's bytes in the output per input: node_modules/<package> grouped, src/ as ${OWN_CODE}); minified, before any compression.`,
      `Largest own files: ${s.ownFiles.map(([input, b]) => `${input} ${kb(b)}`).join(', ')}.`,
      ...extraNotes,
    ],
  };
}

/**
 * Rows 1 and 23: the production build (`node esbuild.mjs --production`, which also writes the metafiles) and each
 * host's bundle with its share per package. No bound (#44): the whole extension is one file per host, and a size is a
 * figure to read; near-api-js's one-call bundle is reported beside it as a scale.
 */
export async function sizeRows(): Promise<Row[]> {
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node esbuild.mjs --production exited ${build.status}: ${build.stderr.trim().split('\n').pop() ?? ''}`);
  const nearApiJs = await bundleSize(path.join(ROOT, 'bench/baselines/near-api-js.ts'), 'near-api-js');
  const providers = await bundleSize(path.join(ROOT, 'bench/baselines/near-js-providers.ts'), 'near-js-providers');
  const nodeShares = shares('dist/meta.json');
  // ofetch's `worker` entry (esbuild.mjs `conditions`) uses the host's fetch; its Node entry would bring node-fetch-native.
  const nodeFetch = nodeShares.packages.some(([pkg]) => pkg === 'node-fetch-native')
    ? ['node-fetch-native is in the bundle: ofetch was resolved to its Node entry, not its `worker` one (esbuild.mjs conditions).']
    : [];
  return [
    bundleRow(1, 'dist/extension.js', 'dist/meta.json', "VS Code's Node extension host", nearApiJs, [
      `@near-js/providers 2 alone, for scale: ${kb(providers)}.`,
      `The balance panel's webview script, dist/webview/panel.js: ${kb(statSync(path.join(ROOT, 'dist/webview/panel.js')).size)} (dist/meta-webview.json).`,
      ...nodeFetch,
    ]),
    bundleRow(23, 'dist/web/extension.js', 'dist/web/meta.json', "the browser's Web Worker extension host", nearApiJs, [
      'The web build has no Node built-in (esbuild.mjs checks its metafile and fails the build otherwise).',
    ]),
  ];
}

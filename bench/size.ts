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

async function bundleSize(entry: string, name: string): Promise<number> {
  const outfile = path.join(OUT_DIR, `${name}.js`);
  await esbuild.build({ ...PRODUCTION_FLAGS, entryPoints: [entry], outfile });
  return statSync(outfile).size;
}

/** An empty extension bundle (same flags): the floor for the require-time row. */
export async function buildEmptyBundle(): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const outfile = path.join(OUT_DIR, 'empty.js');
  await esbuild.build({
    ...PRODUCTION_FLAGS,
    stdin: { contents: 'export function activate() { return {}; }\nexport function deactivate() {}\n', loader: 'ts', resolveDir: ROOT },
    outfile,
  });
  return outfile;
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

export async function sizeRows(): Promise<Row[]> {
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
  // What the extension host may load: the activation bundle plus any part required lazily (dist/*.js, not the webview).
  const hostFiles = readdirSync(path.join(ROOT, 'dist')).filter((f) => f.endsWith('.js'));
  const hostBytes = hostFiles.reduce((sum, f) => sum + statSync(path.join(ROOT, 'dist', f)).size, 0);
  const sizeRow: Row = {
    id: 1,
    figure: 'dist/extension.js size (production); all the host may load',
    measured: `${kb(ext)}; ${kb(hostBytes)} (${hostFiles.join(', ')})`,
    baseline: `near-api-js 7 one-call bundle: ${kb(nearApiJs)}; @near-js/providers 2: ${kb(providers)}`,
    ratio: `${ratio.toFixed(3)} × near-api-js; all ${(hostBytes / nearApiJs).toFixed(3)} ×; ${(ext / providers).toFixed(3)} × providers`,
    target: '≤ 1.0 × near-api-js; all ≤ 1.25 ×',
    pass: ratio <= 1.0 && hostBytes / nearApiJs <= 1.25,
    notes: ['Sizes are exact (one build each): there is no spread to report.', ...buildNotes],
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
    id: 15,
    figure: 'dist/web/extension.js size (production, web build); all the Web Worker host may load',
    measured: `${kb(web)}; ${kb(webAll)} (${webFiles.join(', ')})`,
    baseline: `near-api-js 7 one-call bundle: ${kb(nearApiJs)}`,
    ratio: `${(web / nearApiJs).toFixed(3)} × near-api-js; all ${(webAll / nearApiJs).toFixed(3)} ×`,
    target: '≤ 1.0 × near-api-js',
    pass: web / nearApiJs <= 1.0,
    notes: ['The web build has no Node built-in (esbuild.mjs checks its metafiles); its lazy parts are fetched on first use.'],
  };
  return [sizeRow, shareRow, webRow];
}

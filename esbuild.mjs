// Bundles the extension (and, later, the webview script) with esbuild.
// Flags: --production (minify, no sourcemap, enforce the size budget), --watch.
import * as esbuild from 'esbuild';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * Size budget of dist/extension.js in bytes: bench row 1, the near-api-js one-call bundle (bench/baselines/near-api-js.ts
 * built with these flags: 109,305 bytes). Raised from 106 KB (108,544) to exactly that when the unit hover and Convert
 * Units landed; lower it as the bundle shrinks, never raise it without a note.
 */
export const EXTENSION_BUDGET = 109_305;

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true,
};

const extension = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  external: ['vscode'],
  // ofetch's `worker` entry uses the extension host's global fetch; its Node entry would bundle node-fetch-native (~111 KB).
  conditions: ['worker'],
  // Node reads the bundle as UTF-8: "…" is 3 bytes instead of a 6-byte \u2026 escape.
  charset: 'utf8',
};

// The balance panel's webview script and stylesheet: a separate browser bundle, not counted in the budget.
const webview = {
  ...common,
  entryPoints: ['media/panel.ts', 'media/panel.css'],
  outdir: 'dist/webview',
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
};

async function main() {
  mkdirSync('dist', { recursive: true });
  if (watch) {
    const ctx = await esbuild.context(extension);
    await ctx.watch();
    await (await esbuild.context(webview)).watch();
    console.log('[esbuild] watching…');
    return;
  }
  const [result, web] = await Promise.all([esbuild.build(extension), esbuild.build(webview)]);
  writeFileSync('dist/meta-webview.json', JSON.stringify(web.metafile));
  writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
  const size = statSync('dist/extension.js').size;
  console.log(`[esbuild] dist/extension.js ${(size / 1024).toFixed(1)} KB${production ? ' (production)' : ''}`);
  console.log(`[esbuild] dist/webview/panel.js ${(statSync('dist/webview/panel.js').size / 1024).toFixed(1)} KB`);
  if (production && size > EXTENSION_BUDGET) {
    console.error(`[esbuild] dist/extension.js is ${size} bytes, over the ${EXTENSION_BUDGET}-byte budget`);
    // A work branch may build over budget while the room is being made elsewhere; npm test and CI never set this.
    if (process.env.NEAR_LENS_SIZE_GATE !== 'warn') process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

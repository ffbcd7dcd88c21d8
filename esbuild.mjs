// Builds NEAR Lens: one bundle per extension host, and the balance panel's webview script and stylesheet.
//   dist/extension.js       the whole extension for VS Code's Node extension host (package.json `main`)
//   dist/web/extension.js   the whole extension for the browser's Web Worker extension host (package.json `browser`)
//   dist/webview/           the balance panel's and Inspect Transaction's scripts and stylesheets
// Flags: --production (minify, no sourcemap), --watch (the same three builds, rebuilt on save: watch builds what ships).
import * as esbuild from 'esbuild';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

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

/** @type {import('esbuild').BuildOptions} */
const extension = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  external: ['vscode'],
  // ofetch's `worker` entry uses the extension host's global fetch; its Node entry would bundle node-fetch-native.
  conditions: ['worker'],
  // src/platform/build.ts: which host the bundle is for (the one place that reads it).
  define: { NEAR_LENS_WEB: 'false' },
  // Node reads the bundle as UTF-8: "…" is 3 bytes instead of a 6-byte \u2026 escape.
  charset: 'utf8',
};

/**
 * The same extension for the browser's Web Worker extension host (vscode.dev, github.dev). No Node there: src/ is kept
 * free of Node built-ins by ESLint, and `checkWebMeta` refuses a web bundle that would import one.
 */
const webExtension = {
  ...extension,
  outfile: 'dist/web/extension.js',
  platform: 'browser',
  target: 'es2022',
  define: { NEAR_LENS_WEB: 'true' },
};

const webview = {
  ...common,
  entryPoints: [
    'media/panel.ts',
    'media/panel.css',
    { in: 'src/features/inspect/webview/inspect.ts', out: 'inspect' },
    { in: 'src/features/inspect/webview/inspect.css', out: 'inspect' },
  ],
  outdir: 'dist/webview',
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
};

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** What a web bundle imports that a browser cannot load (a Node built-in, any external but `vscode`), one line each. */
export function checkWebMeta(metafiles) {
  const wrong = [];
  for (const meta of metafiles) {
    for (const [out, { imports }] of Object.entries(meta.outputs)) {
      for (const i of imports) {
        if (NODE_BUILTINS.has(i.path) || NODE_BUILTINS.has(i.path.split('/')[0])) wrong.push(`${out} imports the Node built-in ${i.path}`);
        else if (i.external && i.path !== 'vscode') wrong.push(`${out} imports ${i.path}, which a browser cannot load`);
      }
    }
    for (const input of Object.keys(meta.inputs)) if (NODE_BUILTINS.has(input)) wrong.push(`the web build bundles the Node built-in ${input}`);
  }
  return wrong;
}

const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

async function main() {
  if (watch) {
    for (const options of [extension, webExtension, webview]) await (await esbuild.context(options)).watch();
    console.log('[esbuild] watching dist/extension.js, dist/web/extension.js and dist/webview/…');
    return;
  }
  // A one-shot build starts from an empty dist/: nothing of an earlier build is packaged.
  rmSync('dist', { recursive: true, force: true });
  mkdirSync('dist/web', { recursive: true });
  const [node, web, panel] = await Promise.all([esbuild.build(extension), esbuild.build(webExtension), esbuild.build(webview)]);
  writeFileSync('dist/meta.json', JSON.stringify(node.metafile));
  writeFileSync('dist/web/meta.json', JSON.stringify(web.metafile));
  writeFileSync('dist/meta-webview.json', JSON.stringify(panel.metafile));
  const mode = production ? ' (production)' : '';
  console.log(`[esbuild] dist/extension.js ${kb('dist/extension.js')}${mode}`);
  console.log(`[esbuild] dist/web/extension.js ${kb('dist/web/extension.js')}${mode}`);
  console.log(`[esbuild] dist/webview/panel.js ${kb('dist/webview/panel.js')}`);
  // `npm start` and CI print none of the project's own warnings, so one fails the build (fix the code, not the log level).
  const warnings = [node, web, panel].reduce((n, r) => n + r.warnings.length, 0);
  if (warnings > 0) {
    console.error(`[esbuild] ${warnings} warning(s) above`);
    process.exit(1);
  }
  const nodeInWeb = checkWebMeta([web.metafile]);
  for (const line of nodeInWeb) console.error(`[esbuild] ${line}`);
  if (nodeInWeb.length > 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

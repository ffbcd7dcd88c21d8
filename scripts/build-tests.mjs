// Bundles the in-editor (integration) test suite with esbuild into out/test/integration/suite/: the mocha
// entry (index.js) and one file per *.test.ts. `vscode` and `mocha` stay external (the extension host
// provides the first; the second resolves from node_modules at run time). Must not depend on esbuild.mjs.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const suiteDir = path.join(root, 'test/integration/suite');
const outdir = path.join(root, 'out/test/integration/suite');

const tests = readdirSync(suiteDir).filter((f) => f.endsWith('.test.ts'));
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: [path.join(suiteDir, 'index.ts'), ...tests.map((f) => path.join(suiteDir, f))],
  outdir,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  sourcesContent: false,
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
console.log(`[build-tests] ${tests.length} test file(s) + index → ${path.relative(root, outdir)} in ${Date.now() - started} ms`);

// The web run: the main suite again, for the browser's Web Worker extension host, as ONE file whose only require is
// `vscode` (test/integration/web/index.ts; mocha's browser build; test/integration/web/assert.ts for node:assert).
// Left out, and why: suites that need Node inside the extension host.
export const NODE_ONLY = {
  'timeTravel.test.ts': 'starts its own model-chain stub (node:http) inside the extension host',
  'failuresGit.test.ts': 'makes a Git checkout (node:child_process) for the Git extension, which the web host does not reach',
};
const webTests = tests.filter((f) => !f.endsWith('.untrusted.test.ts') && !(f in NODE_ONLY)).sort();
const webOut = path.join(root, 'out/test/integration/web');
rmSync(webOut, { recursive: true, force: true });
const webStarted = Date.now();
const nodeAssert = {
  name: 'web-assert',
  setup(build) {
    build.onResolve({ filter: /^(node:)?assert(\/strict)?$/ }, () => ({ path: path.join(root, 'test/integration/web/assert.ts') }));
  },
};
const web = await esbuild.build({
  absWorkingDir: root,
  stdin: {
    contents: [
      "import { runWith } from './test/integration/web/index.ts';",
      `export function run() { return runWith(() => { ${webTests.map((f) => `require(${JSON.stringify(`./test/integration/suite/${f}`)});`).join(' ')} }); }`,
    ].join('\n'),
    resolveDir: root,
    sourcefile: 'web-suite.ts',
    loader: 'ts',
  },
  outfile: path.join(webOut, 'index.js'),
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  sourcemap: 'inline',
  sourcesContent: false,
  external: ['vscode'],
  plugins: [nodeAssert],
  metafile: true,
  logLevel: 'warning',
});
const externals = Object.values(web.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
if (externals.some((p) => p !== 'vscode')) throw new Error(`the web suite requires more than vscode: ${externals.join(', ')}`);
console.log(
  `[build-tests] web: ${webTests.length} test file(s) → ${path.relative(root, webOut)}/index.js in ${Date.now() - webStarted} ms (left out: ${Object.keys(NODE_ONLY).join(', ')})`,
);

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

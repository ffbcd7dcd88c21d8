// The pure layers never import `vscode`: they are unit-tested under plain Node and reused by the bench.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** base, near, client, ui, and each feature's model/ folder and message protocol. */
const PURE = [
  'src/base',
  'src/near',
  'src/client',
  'src/ui',
  ...readdirSync('src/features').flatMap((f) =>
    ['model', 'protocol.ts', 'guards.ts', 'webview'].map((p) => path.join('src/features', f, p)).filter((p) => existsSync(p)),
  ),
];

describe('purity of the pure layers', () => {
  for (const place of PURE) {
    it(`nothing in ${place} imports vscode`, () => {
      const files = place.endsWith('.ts') ? [place] : walk(place);
      const offenders = files
        .filter((f) => f.endsWith('.ts'))
        .filter((f) => /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\s*\(\s*['"]vscode['"]/.test(readFileSync(f, 'utf8')));
      assert.deepEqual(offenders, []);
    });
  }
});

// The core must never import `vscode`: it is unit-tested under plain Node and reused by the bench.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('src/core purity', () => {
  for (const folder of ['src/core', 'src/shared']) {
    it(`no file in ${folder} imports vscode`, () => {
      const offenders = walk(folder)
        .filter((f) => f.endsWith('.ts'))
        .filter((f) => /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\s*\(\s*['"]vscode['"]/.test(readFileSync(f, 'utf8')));
      assert.deepEqual(offenders, []);
    });
  }
});

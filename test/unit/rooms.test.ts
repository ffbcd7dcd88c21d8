// Rooms of one job (#31 item 6): no source file in src/ or media/ grows past the 400-line habit; a file that does
// holds more than one job and is split by job (as diagnosticsHost.ts → workspaceScan.ts, client.ts → its families).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 400;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('rooms of one job', () => {
  it(`no .ts, .css or .html file in src/ or media/ is over ${MAX_LINES} lines`, () => {
    const over = ['src', 'media']
      .flatMap(walk)
      .filter((f) => /\.(ts|css|html)$/.test(f))
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((x) => x.lines > MAX_LINES)
      .map((x) => `${x.f}: ${x.lines}`);
    assert.deepEqual(over, []);
  });
});

// The unit finder on real NEAR code: a reviewed sample of lines from near-api-js and @near-js/* (kept as a fixture, so
// the assertions do not depend on node_modules), and a count over those packages' sources as they are installed.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findUnits } from '../../../src/near/unitFinder';

interface SampleLine {
  from: string;
  line: string;
  text: string;
  kind: 'near' | 'gas' | 'both' | 'none';
}
const ROOT = path.join(__dirname, '../../..');
const sample = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/units-corpus-sample.json'), 'utf8')) as { lines: SampleLine[] };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.(?:c?js|mjs|ts)$/.test(f) ? [p] : [];
  });
}

describe('units: the finder on real NEAR code', () => {
  for (const s of sample.lines) {
    it(`${s.kind === 'none' ? 'no unit on' : s.kind} ${JSON.stringify(s.text)} (${s.from})`, () => {
      const hit = findUnits(s.line).find((h) => h.text === s.text);
      if (s.kind === 'none') assert.equal(hit, undefined, `${s.line} → ${hit?.kind}`);
      else assert.equal(hit?.kind, s.kind, s.line);
    });
  }

  it('counts what it finds in the installed near-api-js and @near-js/* sources (printed)', function () {
    const roots = [
      'node_modules/near-api-js/lib',
      ...(existsSync(path.join(ROOT, 'node_modules/@near-js'))
        ? readdirSync(path.join(ROOT, 'node_modules/@near-js')).map((p) => `node_modules/@near-js/${p}/lib`)
        : []),
    ]
      .map((r) => path.join(ROOT, r))
      .filter((r) => existsSync(r));
    assert.ok(roots.length > 0, 'near-api-js is a devDependency: its sources are installed');
    let files = 0;
    let bytes = 0;
    const found = new Map<string, number>();
    for (const file of roots.flatMap(sources)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      files++;
      lines.forEach((line, i) => {
        bytes += line.length + 1;
        for (const h of findUnits(line, lines[i - 1] ?? '')) found.set(`${h.kind} ${h.text}`, (found.get(`${h.kind} ${h.text}`) ?? 0) + 1);
      });
    }
    const total = [...found.values()].reduce((a, b) => a + b, 0);
    console.log(
      `      corpus: ${files} files, ${(bytes / 1e6).toFixed(1)} MB, ${total} literals found: ${[...found].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    );
    // Every literal found in the corpus is one of the reviewed ones.
    const reviewed = new Set(sample.lines.filter((s) => s.kind !== 'none').map((s) => `${s.kind} ${s.text}`));
    for (const k of found.keys()) assert.ok(reviewed.has(k), `not reviewed yet: ${k}`);
  });
});

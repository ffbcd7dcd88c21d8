// The false-positive bar of #27: the diagnostics over real NEAR code — the near-api-js and @near-js sources in
// node_modules and a small NEAR front-end corpus written as fixtures (test/fixtures/workspace/frontend) — raise
// nothing. Prints the figures: files, string literals seen, literals the account-id finder considered, diagnostics.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as secrets from '../../../../src/features/secrets/secretKeys';
import { ACCOUNT_FIELDS } from '../../../../src/features/diagnostics/model/accountIdLint';
import { diagnoseText } from '../../../../src/features/diagnostics/model/engine';
import { NAMED_ID_SUFFIXES } from '../../../../src/near/idFinder';

const ROOT = path.join(__dirname, '../../../..');
const SOURCES = ['node_modules/near-api-js', 'node_modules/@near-js', 'test/fixtures/workspace/frontend'];
const EXT = /\.(?:[cm]?js|ts|tsx|json|rs|md)$/;

function files(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) files(p, out);
    else if (EXT.test(name) && !name.endsWith('.map') && s.size < 2_000_000) out.push(p);
  }
  return out;
}

const LITERAL = /"(?:[^"\\\n]|\\.){0,200}"|'(?:[^'\\\n]|\\.){0,200}'|`(?:[^`\\\n$]|\\.){0,200}`/g;
const SUFFIX = new RegExp(`\\.(?:${NAMED_ID_SUFFIXES.join('|')})\\s*$`, 'i');
const FIELD = new RegExp(`(?:${ACCOUNT_FIELDS.join('|')})["']?\\s*[:=]\\s*$`);

describe('diagnostics: no false positives on real NEAR code', () => {
  it('near-api-js, @near-js and the front-end fixtures raise no diagnostic', function () {
    this.timeout(60_000);
    const rows: string[][] = [];
    let all = { files: 0, literals: 0, considered: 0, problems: 0 };
    const raised: string[] = [];
    for (const src of SOURCES) {
      const list = files(path.join(ROOT, src));
      const n = { files: list.length, literals: 0, considered: 0, problems: 0 };
      for (const f of list) {
        const text = readFileSync(f, 'utf8');
        for (const m of text.matchAll(LITERAL)) {
          n.literals++;
          const inner = m[0].slice(1, -1);
          if (SUFFIX.test(inner) || FIELD.test(text.slice(Math.max(0, m.index - 40), m.index))) n.considered++;
        }
        const languageId = f.endsWith('.rs') ? 'rust' : /\.[cm]?[jt]sx?$/.test(f) ? 'typescript' : 'plaintext';
        for (const p of diagnoseText(text, { secretKeys: true, accountIds: true, inexactAmounts: true, languageId }, () => secrets)) {
          n.problems++;
          raised.push(`${path.relative(ROOT, f)}: ${p.message}`);
        }
      }
      rows.push([src, String(n.files), String(n.literals), String(n.considered), String(n.problems)]);
      all = { files: all.files + n.files, literals: all.literals + n.literals, considered: all.considered + n.considered, problems: all.problems + n.problems };
    }
    rows.push(['all', String(all.files), String(all.literals), String(all.considered), String(all.problems)]);
    console.log(
      [
        '',
        '      | source | files | string literals | meant as ids (suffix or field) | diagnostics |',
        '      |---|---|---|---|---|',
        ...rows.map((r) => `      | ${r.join(' | ')} |`),
      ].join('\n'),
    );
    assert.ok(all.files > 100, `the corpus is there (${all.files} files): run npm ci`);
    assert.ok(all.considered > 50, `the finder had work to do (${all.considered} literals meant as ids)`);
    assert.deepEqual(raised, []);
  });
});

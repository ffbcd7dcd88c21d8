// docs/GUIDE.md's tasks.json is what the tests run: every task of the guide's block is in the fixture workspace's
// .vscode/tasks.json with the same settings, only its command a `cat` of a recorded run (test/fixtures/task-logs/),
// which the in-editor tests and the browser E2E run for real; every problem matcher named is contributed (or rust-analyzer's).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');

interface TaskJson {
  label: string;
  type: string;
  command: string;
  options?: { cwd?: string };
  cwd?: string;
  problemMatcher?: Array<string | { base: string }>;
  [key: string]: unknown;
}

/** JSON with whole-line `//` comments (what the guide and the fixture write). */
const jsonc = (text: string): { tasks: TaskJson[] } => JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as { tasks: TaskJson[] };

const guide = readFileSync(path.join(ROOT, 'docs/GUIDE.md'), 'utf8');
const block = /```jsonc\n(\{\n {2}"version": "2\.0\.0",\n {2}"tasks": [\s\S]*?)```/.exec(guide)?.[1];
const fixtureDir = path.join(ROOT, 'test/fixtures/workspace');
const fixture = jsonc(readFileSync(path.join(fixtureDir, '.vscode/tasks.json'), 'utf8')).tasks;

describe('the guide’s tasks.json is the one the tests run', () => {
  it('the guide has one tasks.json block', () => {
    assert.ok(block, 'a ```jsonc block with "version": "2.0.0" and "tasks" in docs/GUIDE.md');
  });

  const tasks = block ? jsonc(block).tasks : [];
  for (const t of tasks) {
    it(`"${t.label}" (${t.type}): the same settings in the fixture workspace, its command a recorded run`, () => {
      const twin = fixture.find((f) => f.label === t.label);
      assert.ok(twin, `test/fixtures/workspace/.vscode/tasks.json has no task "${t.label}"`);
      const { command: ours, ...settings } = twin;
      const { command: theirs, ...documented } = t;
      assert.deepEqual(settings, documented);
      assert.notEqual(ours, theirs);
      const log = /^cat ((?:\.\.\/)+task-logs\/[\w.-]+\.log)/.exec(ours)?.[1];
      assert.ok(log, `its command is a cat of a recorded log: ${ours}`);
      const cwd = (twin.options?.cwd ?? twin.cwd ?? '${workspaceFolder}').replace('${workspaceFolder}', fixtureDir);
      assert.ok(existsSync(path.resolve(cwd, log)), `${log} from ${cwd}`);
    });
  }

  it('names only the contributed matchers, and rust-analyzer’s $rustc', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { problemMatchers: Array<{ name: string }> } };
    const known = new Set([...pkg.contributes.problemMatchers.map((m) => `$${m.name}`), '$rustc']);
    const named = tasks.flatMap((t) => t.problemMatcher ?? []).map((m) => (typeof m === 'string' ? m : m.base));
    assert.ok(named.length > 0);
    for (const m of named) assert.ok(known.has(m), m);
  });
});

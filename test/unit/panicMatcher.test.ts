// The `$near-panic` and `$near-panic-inline` problem matchers, read from package.json and run the way VS Code's task
// system runs a task's matchers over its output (StartStopProblemCollector: a buffer as long as the longest matcher,
// each line tried by the matchers that end on it, the first match wins and empties the buffer; a field filled by the
// first pattern that captures it, the message appended), on panic output of `cargo test` and of near-workspaces runs:
// both Rust formats, the recorded logs of test/fixtures/task-logs/, a workspace-relative path, a builder's absolute
// path, a Windows path and a cargo registry path. The browser E2E (test/e2e/taskProblems.e2e.ts) runs them for real.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Pattern {
  regexp: string;
  file?: number;
  line?: number;
  column?: number;
  message?: number;
}
interface Matcher {
  name: string;
  owner: string;
  fileLocation: unknown;
  pattern: Pattern[];
}
interface Problem {
  matcher: string;
  file: string;
  line: number;
  column: number;
  message: string;
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { problemMatchers?: Matcher[] } };
const matchers = pkg.contributes.problemMatchers ?? [];

type Data = Partial<Record<'file' | 'line' | 'column' | 'message', string>>;

/** VS Code's fill: a field is set once, by the first pattern whose group took part in the match; trimmed. */
function fill(data: Data, key: keyof Data, p: Pattern, m: RegExpExecArray): void {
  const g = p[key];
  if (data[key] === undefined && g !== undefined && g < m.length && m[g] !== undefined) data[key] = m[g].trim();
}

/** One matcher on `lines` (as many as it has patterns), or undefined. */
function handle(matcher: Matcher, lines: readonly string[]): Problem | undefined {
  const data: Data = {};
  for (const [k, p] of matcher.pattern.entries()) {
    const m = new RegExp(p.regexp).exec(lines[k] ?? '');
    if (!m) return undefined;
    fill(data, 'file', p, m);
    fill(data, 'line', p, m);
    fill(data, 'column', p, m);
    if (data.message !== undefined && p.message !== undefined) data.message += `\n${String(m[p.message]).trim()}`;
    else fill(data, 'message', p, m);
  }
  return data.file && data.line && data.message
    ? { matcher: matcher.name, file: data.file, line: Number(data.line), column: Number(data.column), message: data.message }
    : undefined;
}

/** The problems the matchers find in `output`, in order, line by line as the task system feeds them. */
function run(output: string): Problem[] {
  const size = Math.max(...matchers.map((m) => m.pattern.length));
  const found: Problem[] = [];
  let buffer: string[] = [];
  for (const line of output.split('\n')) {
    buffer = [...buffer, line].slice(-size);
    // The matchers as long as the buffer first, then shorter ones on its last lines.
    search: for (let start = 0; start < buffer.length; start++) {
      for (const matcher of matchers.filter((m) => m.pattern.length === buffer.length - start)) {
        const p = handle(matcher, buffer.slice(start));
        if (!p) continue;
        found.push(p);
        buffer = [];
        break search;
      }
    }
  }
  return found;
}

const LOGS = path.join(__dirname, '../fixtures/task-logs');
const log = (name: string): string => readFileSync(path.join(LOGS, name), 'utf8');

const UNWRAP = 'called `Option::unwrap()` on a `None` value';
const p = (matcher: string, file: string, line: number, column: number, message: string): Problem => ({ matcher, file, line, column, message });

describe('problem matchers: $near-panic and $near-panic-inline', () => {
  it('are contributed with one owner, their paths read from the workspace folder (a remote or browser workbench has no search)', () => {
    assert.deepEqual(
      matchers.map((m) => m.name),
      ['near-panic', 'near-panic-inline'],
    );
    for (const m of matchers) {
      assert.equal(m.owner, 'near-panic');
      assert.deepEqual(m.fileLocation, ['relative', '${workspaceFolder}']);
    }
  });

  it('cargo test, Rust 1.73 and later: the location line, then the message on the next line', () => {
    const out = [
      'running 2 tests',
      'test tests::get_default_greeting ... ok',
      'test tests::set_then_get_greeting ... FAILED',
      '',
      'failures:',
      '',
      '---- tests::set_then_get_greeting stdout ----',
      "thread 'tests::set_then_get_greeting' panicked at src/lib.rs:29:50:",
      UNWRAP,
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      '',
      '---- tests::claim stdout ----',
      "thread 'tests::claim' panicked at contracts/game/src/lib.rs:102:9:",
      'assertion `left == right` failed: claim is not ready yet',
      '  left: 1',
      ' right: 2',
    ].join('\n');
    assert.deepEqual(run(out), [
      p('near-panic', 'src/lib.rs', 29, 50, UNWRAP),
      p('near-panic', 'contracts/game/src/lib.rs', 102, 9, 'assertion `left == right` failed: claim is not ready yet'),
    ]);
  });

  it("cargo test before Rust 1.73: panicked at 'message', path:line:col on one line", () => {
    const out = [
      "thread 'tests::set_then_get_greeting' panicked at 'called `Option::unwrap()` on a `None` value', src/lib.rs:29:9",
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      "thread 'tests::raw' panicked at 'called `Result::unwrap()` on an `Err` value: Error(\"invalid type: null, expected a string\", line: 0, column: 0)', contracts/game/src/lib.rs:41:14",
    ].join('\n');
    assert.deepEqual(run(out), [
      p('near-panic-inline', 'src/lib.rs', 29, 9, UNWRAP),
      p(
        'near-panic-inline',
        'contracts/game/src/lib.rs',
        41,
        14,
        'called `Result::unwrap()` on an `Err` value: Error("invalid type: null, expected a string", line: 0, column: 0)',
      ),
    ]);
  });

  it('a contract panic in a near-workspaces run: quoted on one line (\\n), or split over two lines by near-api-js', () => {
    const out = [
      // near-workspaces-rs: the ExecutionFailure's Display, the panic text in a Rust string's Debug
      `Error: Action #0: ExecutionError("Smart contract panicked: panicked at src/lib.rs:29:50:\\n${UNWRAP}")`,
      // a reproducible build (cargo near, in its container): the builder's absolute path
      'Error: Action #0: ExecutionError("Smart contract panicked: panicked at /home/near/code/contracts/game/src/lib.rs:29:50:\\nclaim is not ready yet")',
      // near-workspaces-js: the failure's JSON
      `Error: {"index":0,"kind":{"ExecutionError":"Smart contract panicked: panicked at src/lib.rs:29:50:\\n${UNWRAP}"}}`,
      // near-api-js's receipt log: the panic text's own line break
      '\tFailure [game.test.near]: Error: Smart contract panicked: panicked at src/lib.rs:29:50:',
      UNWRAP,
      // the old near CLI (near-api-js) with a contract built before Rust 1.73
      "Error:  TypedError: Transaction Byy8Hg5te6i9LtgCMcg8uVHzHnJmfTKBZJT5Aj7wPnEL failed. Smart contract panicked: panicked at 'internal error: entered unreachable code: AHAHA', src/lib.rs:29:9",
    ].join('\n');
    assert.deepEqual(run(out), [
      p('near-panic-inline', 'src/lib.rs', 29, 50, UNWRAP),
      p('near-panic-inline', '/home/near/code/contracts/game/src/lib.rs', 29, 50, 'claim is not ready yet'),
      p('near-panic-inline', 'src/lib.rs', 29, 50, UNWRAP),
      p('near-panic', 'src/lib.rs', 29, 50, UNWRAP),
      p('near-panic-inline', 'src/lib.rs', 29, 9, 'internal error: entered unreachable code: AHAHA'),
    ]);
  });

  it('a Windows path and a cargo registry path are kept as written', () => {
    const out = [
      "thread 'main' panicked at C:\\Users\\dev\\game\\src\\lib.rs:29:50:",
      UNWRAP,
      "thread 'tests::storage' panicked at /home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/environment/env.rs:255:9:",
      'Not enough balance to cover storage',
    ].join('\n');
    assert.deepEqual(run(out), [
      p('near-panic', 'C:\\Users\\dev\\game\\src\\lib.rs', 29, 50, UNWRAP),
      p(
        'near-panic',
        '/home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/environment/env.rs',
        255,
        9,
        'Not enough balance to cover storage',
      ),
    ]);
  });

  it('no problem without a location on the panic line: a message alone, a location on a later line (an old multi-line assert)', () => {
    const out = [
      'Error: Action #0: ExecutionError("Smart contract panicked: claim is not ready yet")',
      "thread 'test_error' panicked at 'assertion failed: `(left == right)`",
      '  left: `1`,',
      " right: `2`', tests/contract.rs:176:5",
      'test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
    ].join('\n');
    assert.deepEqual(run(out), []);
  });

  it('the recorded logs (test/fixtures/task-logs/): the words alone, no location line, no escapes, no Debug tail', () => {
    const of = (name: string): string[] => run(log(name)).map((x) => `${x.matcher} ${x.file}:${x.line}:${x.column} ${x.message}`);
    assert.deepEqual(of('cargo-test.log'), [
      `near-panic src/lib.rs:29:50 ${UNWRAP}`,
      'near-panic src/views.rs:100:9 assertion `left == right` failed: fee is 2%',
      'near-panic src/views.rs:88:14 Pool not found',
    ]);
    // The old multi-line assert has its location lines later: no matcher reads it (NEAR Lens's task type does).
    assert.deepEqual(of('cargo-test-old.log'), [`near-panic-inline src/lib.rs:29:50 ${UNWRAP}`, 'near-panic-inline src/views.rs:88:14 Pool not found']);
    const nw = of('near-workspaces.log');
    assert.equal(nw.length, 3, nw.join('\n'));
    assert.equal(nw[0], 'near-panic-inline src/views.rs:88:14 Pool not found');
    // The test's own unwrap: its words are the failure's Debug text (the contract's panic is inside it).
    assert.match(nw[1] ?? '', /^near-panic tests\/pools\.rs:61:10 called `Result::unwrap\(\)` on an `Err` value: Error \{ repr: /);
    assert.equal(nw[2], 'near-panic-inline src/views.rs:100:9 assertion `left == right` failed: fee is 2%');
    // near-workspaces-js under ava: JavaScript's quotes around the error's message.
    assert.deepEqual(of('near-workspaces-js.log'), ['near-panic-inline src/views.rs:88:14 Pool not found']);
    assert.deepEqual(of('cargo-test-workspace.log'), [
      `near-panic contracts/arcade/src/lib.rs:35:52 ${UNWRAP}`,
      'near-panic contracts/arcade/src/lib.rs:27:9 assertion `left == right` failed: attach the stake',
      'near-panic contracts/game/src/views.rs:88:14 Pool not found',
    ]);
  });

  it('a terminal that hands each line over twice (a task terminal reused): the words, never the location line', () => {
    for (const name of ['cargo-test.log', 'cargo-test-workspace.log']) {
      const twice = log(name)
        .split('\n')
        .flatMap((l) => [l, l])
        .join('\n');
      assert.deepEqual(run(twice), run(log(name)), name);
    }
  });
});

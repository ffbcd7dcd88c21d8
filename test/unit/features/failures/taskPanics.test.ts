// The panics NEAR Lens's task type reads from a test run's output (model/taskPanics.ts): the recorded logs of
// test/fixtures/task-logs/ in the three forms — Rust 1.73 and later, before 1.73, near-workspaces' quoted failure —
// whole and cut into chunks anywhere (inside a line, a `\r\n`, an escape), with colours, and hostile lines.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { MAX_LINE, PanicReader, quotedPanic } from '../../../../src/features/failures/model/taskPanics';
import type { TaskPanic } from '../../../../src/features/failures/model/taskPanics';

const LOGS = path.join(__dirname, '../../../fixtures/task-logs');
const log = (name: string): string => readFileSync(path.join(LOGS, name), 'utf8');

/** The panics of `text` read in one chunk, or cut at `cuts` (offsets). */
function read(text: string, cuts: number[] = []): TaskPanic[] {
  const r = new PanicReader();
  const out: TaskPanic[] = [];
  let from = 0;
  for (const at of [...new Set(cuts)].sort((a, b) => a - b)) {
    out.push(...r.push(text.slice(from, at)));
    from = at;
  }
  out.push(...r.push(text.slice(from)));
  out.push(...r.end());
  return out;
}

/** What a test reads: place, words (and the test's name when given). */
const brief = (p: TaskPanic): string =>
  `${p.location.path}:${p.location.line}:${p.location.column} ${JSON.stringify(p.message)}${p.test ? ` (${p.test})` : ''}`;

const UNWRAP = 'called `Option::unwrap()` on a `None` value';
const ASSERT = 'assertion `left == right` failed: fee is 2%\n  left: 30\n right: 200';

const EXPECTED: Record<string, string[]> = {
  'cargo-test.log': [
    `src/lib.rs:29:50 ${JSON.stringify(UNWRAP)} (tests::claim_before_settle)`,
    `src/views.rs:100:9 ${JSON.stringify(ASSERT)} (views::tests::fee_is_two_percent)`,
    'src/views.rs:88:14 "Pool not found" (views::tests::quote_of_a_missing_pool)',
  ],
  'cargo-test-old.log': [
    `src/lib.rs:29:50 ${JSON.stringify(UNWRAP)} (tests::claim_before_settle)`,
    `src/views.rs:100:9 ${JSON.stringify('assertion failed: `(left == right)`\n  left: `30`,\n right: `200`: fee is 2%')} (views::tests::fee_is_two_percent)`,
    'src/views.rs:88:14 "Pool not found" (views::tests::quote_of_a_missing_pool)',
  ],
  'near-workspaces.log': [
    'src/views.rs:88:14 "Pool not found" (quote_of_a_missing_pool)',
    // The contract's panic quoted in the test's words, then the test's own panic at its unwrap.
    `src/lib.rs:29:50 ${JSON.stringify(UNWRAP)} (claim_before_settle)`,
    'tests/pools.rs:61:10 "called `Result::unwrap()` on an `Err` value: Error { repr: Custom { kind: Execution, error: ActionError(ActionError { index: Some(0), kind: FunctionCallError(ExecutionError(\\"Smart contract panicked: panicked at src/lib.rs:29:50:\\\\ncalled `Option::unwrap()` on a `None` value\\")) }) } }" (claim_before_settle)',
    // A string inside a string: `\"` and `\\n` undone twice.
    `src/views.rs:100:9 ${JSON.stringify(ASSERT)} (fee_is_two_percent)`,
  ],
  // near-workspaces-js under ava: the error's message as JavaScript prints a string, in single quotes.
  'near-workspaces-js.log': ['src/views.rs:88:14 "Pool not found"'],
  'cargo-test-workspace.log': [
    `contracts/arcade/src/lib.rs:35:52 ${JSON.stringify(UNWRAP)} (tests::close_unknown_table)`,
    'contracts/arcade/src/lib.rs:27:9 "assertion `left == right` failed: attach the stake\\n  left: NearToken { inner: 0 }\\n right: NearToken { inner: 1000000000000000000000000 }" (tests::play_without_stake)',
    'contracts/game/src/views.rs:88:14 "Pool not found" (views::tests::quote_of_a_missing_pool)',
  ],
};

describe('task panics: the panics in a test run’s output, line by line', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: each panic's place and words alone`, () => {
      assert.deepEqual(read(log(name)).map(brief), expected);
    });
  }

  it('the failure model: the kind, and the fix of a panic developers meet often', () => {
    const [unwrap, pool] = read(log('cargo-test.log')).filter((p) => p.message !== ASSERT);
    assert.equal(unwrap?.kind, 'panic');
    assert.match(unwrap?.fix ?? '', /^An unwrap\(\) met None there/);
    assert.equal(pool?.kind, 'panic');
    assert.equal(pool?.fix, undefined);
  });

  it('the same panics whatever the chunks: cut anywhere, CRLF line ends, colours', () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const text = log(name);
      const crlf = text.replace(/\n/g, '\r\n');
      const coloured = text.replace(/^(thread '[^']+' panicked at )/gm, '\u001b[1m$1\u001b[0m').replace(/FAILED/g, '\u001b[31mFAILED\u001b[0m');
      fc.assert(
        fc.property(fc.array(fc.nat({ max: crlf.length }), { maxLength: 40 }), fc.constantFrom(text, crlf, coloured), (cuts, t) => {
          assert.deepEqual(
            read(
              t,
              cuts.map((c) => Math.min(c, t.length)),
            ).map(brief),
            expected,
          );
        }),
        { numRuns: 60 },
      );
      // One character at a time.
      assert.deepEqual(
        read(
          crlf,
          [...crlf].map((_, i) => i),
        ).map(brief),
        expected,
        name,
      );
    }
  });

  it('the last panic is read at the end, without a line break after its words', () => {
    assert.deepEqual(read("thread 'a' panicked at src/lib.rs:3:5:\nboom").map(brief), ['src/lib.rs:3:5 "boom" (a)']);
    assert.deepEqual(read("thread 'a' panicked at 'boom', src/lib.rs:3:5").map(brief), ['src/lib.rs:3:5 "boom" (a)']);
  });

  it('no entry without a place: require!, env::panic_str, a panic whose words never came', () => {
    const out = read(
      [
        'Error: Action #0: ExecutionError("Smart contract panicked: round 7 is closed to bets")',
        "thread 'a' panicked at src/lib.rs:3:5:",
        '',
        "thread 'b' panicked at 'never closed",
        'test result: FAILED. 0 passed; 2 failed',
      ].join('\n'),
    );
    assert.deepEqual(out, []);
  });

  it('the same place and words twice (a log that prints a failure twice) make one entry', () => {
    const line = 'Error: Action #0: ExecutionError("Smart contract panicked: panicked at src/lib.rs:29:50:\\nboom")';
    assert.equal(read(`${line}\n${line}\n`).length, 1);
  });

  it('quoted panics: JSON, Rust Debug, a string in a string, \\u escapes', () => {
    assert.equal(quotedPanic('no panic here'), undefined);
    assert.equal(quotedPanic("thread 'x' panicked at src/lib.rs:1:2:"), undefined, 'not inside a string');
    assert.equal(
      quotedPanic('{"ExecutionError":"Smart contract panicked: panicked at src/lib.rs:29:50:\\nwon\\u2019t \\"go\\""}'),
      'Smart contract panicked: panicked at src/lib.rs:29:50:\nwon’t "go"',
    );
    assert.equal(
      quotedPanic("  message: 'Smart contract panicked: panicked at \\'it\\', src/a.rs:1:1',"),
      "Smart contract panicked: panicked at 'it', src/a.rs:1:1",
    );
    assert.equal(quotedPanic('GuestPanic { panic_msg: "panicked at src/a.rs:1:1:\\n\\u{1F600} \\\\o/" }'), 'panicked at src/a.rs:1:1:\n😀 \\o/');
    assert.equal(
      quotedPanic('error: "ExecutionError(\\"Smart contract panicked: panicked at src/a.rs:1:1:\\\\nx \\\\\\"y\\\\\\"\\")"'),
      'Smart contract panicked: panicked at src/a.rs:1:1:\nx "y"',
    );
  });

  it('hostile output: a huge line, a line of quotes and backslashes, control characters in a path', () => {
    const huge = `${'x'.repeat(MAX_LINE * 3)} panicked at src/lib.rs:1:1:\nboom\n`;
    assert.deepEqual(read(huge), [], 'past MAX_LINE a line is not read');
    assert.deepEqual(read(`${'"\\'.repeat(100_000)}\n`), []);
    assert.deepEqual(read('"panicked at src/\u0007lib.rs:1:1:\\nboom"\n'), []);
    // A partial line that never ends is kept to MAX_LINE.
    const r = new PanicReader();
    for (let i = 0; i < 50; i++) r.push('y'.repeat(100_000));
    assert.deepEqual(r.end(), []);
  });
});

// The panic parser over the texts contracts really produce: near-sdk-rs before and since Rust 1.73 (relative, builder
// and registry paths, multi-line messages), near-sdk-js stacks, require!/env::panic_str alone; and hostile texts that
// must stay linear and capped.
import { strict as assert } from 'node:assert';
import { performance } from 'node:perf_hooks';
import { MAX_MESSAGE, parsePanic } from '../../../../src/near/failure/panic';

const ms = (f: () => unknown): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

describe('parsePanic', () => {
  const TABLE: Array<[string, string, { path: string; line: number; column: number } | undefined]> = [
    // Rust 1.73+: a newline between the location and the message.
    [
      'Smart contract panicked: panicked at src/lib.rs:29:50:\ncalled `Option::unwrap()` on a `None` value',
      'called `Option::unwrap()` on a `None` value',
      { path: 'src/lib.rs', line: 29, column: 50 },
    ],
    [
      'Smart contract panicked: panicked at /home/near/code/contracts/game/src/lib.rs:29:9:\nclaim is not ready yet',
      'claim is not ready yet',
      { path: '/home/near/code/contracts/game/src/lib.rs', line: 29, column: 9 },
    ],
    [
      'Smart contract panicked: panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/environment/env.rs:780:5:\nRegister was expected to have data because we just wrote it into it.',
      'Register was expected to have data because we just wrote it into it.',
      { path: '/root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/environment/env.rs', line: 780, column: 5 },
    ],
    // A multi-line message (assert_eq!) keeps its lines.
    [
      'Smart contract panicked: panicked at contracts/game/src/lib.rs:41:9:\nassertion `left == right` failed: wrong round\n  left: 3\n right: 4',
      'assertion `left == right` failed: wrong round\n  left: 3\n right: 4',
      { path: 'contracts/game/src/lib.rs', line: 41, column: 9 },
    ],
    // A Windows builder's path: the drive's colon is not the line's.
    ['panicked at C:\\Users\\dev\\game\\src\\lib.rs:7:13:\nboom', 'boom', { path: 'C:\\Users\\dev\\game\\src\\lib.rs', line: 7, column: 13 }],
    // Before Rust 1.73: the message quoted, the location after the last "', ".
    ["Smart contract panicked: panicked at 'Not enough balance', src/lib.rs:29:9", 'Not enough balance', { path: 'src/lib.rs', line: 29, column: 9 }],
    [
      "Smart contract panicked: panicked at 'expected 'x', got 'y'', src/contract.rs:102:17",
      "expected 'x', got 'y'",
      { path: 'src/contract.rs', line: 102, column: 17 },
    ],
    [
      'panicked at \'The account "bob" is not registered\nsecond line\', /home/near/code/src/lib.rs:12:5',
      'The account "bob" is not registered\nsecond line',
      { path: '/home/near/code/src/lib.rs', line: 12, column: 5 },
    ],
    // near-sdk-js: an engine's error and its stack; the first frame that names a place.
    [
      'Smart contract panicked: Error: claim is not ready yet\n    at claim (build/contract.js:1234:15)\n    at <anonymous> (native)',
      'claim is not ready yet',
      { path: 'build/contract.js', line: 1234, column: 15 },
    ],
    [
      'Smart contract panicked: Error: Not enough deposit\n    at <anonymous> (native)\n    at assert (build/hello_near.js:54)\n    at set (build/hello_near.js:900)',
      'Not enough deposit',
      { path: 'build/hello_near.js', line: 54, column: 1 },
    ],
    [
      "Smart contract panicked: TypeError: cannot read property 'x' of undefined\n    at get (build/contract.js:9:3)",
      "TypeError: cannot read property 'x' of undefined",
      { path: 'build/contract.js', line: 9, column: 3 },
    ],
    // require! and env::panic_str: the message alone.
    ['Smart contract panicked: round 4 already claimed', 'round 4 already claimed', undefined],
    ["Smart contract panicked: The account doesn't have enough balance", "The account doesn't have enough balance", undefined],
    ['Smart contract panicked: Requires attached deposit of exactly 1 yoctoNEAR', 'Requires attached deposit of exactly 1 yoctoNEAR', undefined],
    // A view call's GuestPanic text has no prefix.
    ["panicked at 'explicit panic', src/lib.rs:10:9", 'explicit panic', { path: 'src/lib.rs', line: 10, column: 9 }],
    // Not quite a location: kept as words.
    ['Smart contract panicked: panicked at src/lib.rs:29', 'panicked at src/lib.rs:29', undefined],
    ['Smart contract panicked: panicked at src/lib.rs:0:5:\nzero line', 'panicked at src/lib.rs:0:5:\nzero line', undefined],
    ['Smart contract panicked: the error panicked at src/lib.rs:1:1: inside', 'the error panicked at src/lib.rs:1:1: inside', undefined],
    ['Smart contract panicked: ', '', undefined],
  ];

  for (const [text, message, location] of TABLE) {
    it(JSON.stringify(text.replace('Smart contract panicked: ', '').slice(0, 70)), () => {
      const p = parsePanic(text);
      assert.equal(p.message, message);
      assert.deepEqual(p.location, location);
      assert.equal(p.truncated, undefined);
    });
  }

  it('a non-string reads as no words', () => {
    assert.deepEqual(parsePanic(undefined as unknown as string), { message: '' });
    assert.deepEqual(parsePanic({} as unknown as string), { message: '' });
  });

  it('a huge message is cut at MAX_MESSAGE (never inside a surrogate pair), the location after it still read', () => {
    const long = 'x'.repeat(MAX_MESSAGE - 1) + '😀'.repeat(1000);
    const p = parsePanic(`Smart contract panicked: panicked at '${long}', src/lib.rs:3:4`);
    assert.deepEqual(p.location, { path: 'src/lib.rs', line: 3, column: 4 });
    assert.equal(p.truncated, true);
    assert.equal(p.message, 'x'.repeat(MAX_MESSAGE - 1));
    const q = parsePanic(`panicked at src/lib.rs:3:4:\n${'y'.repeat(10_000)}`);
    assert.equal(q.message.length, MAX_MESSAGE);
    assert.equal(q.truncated, true);
  });

  it('hostile texts stay linear: a megabyte of colons, quotes, frames or digits parses quickly', () => {
    const texts = [
      `panicked at ${':1:'.repeat(300_000)}`,
      `panicked at '${"', ".repeat(300_000)}`,
      `panicked at '${'a'.repeat(1_000_000)}', ${'b'.repeat(100_000)}:1:1`,
      `Error: x\n${'    at f (a.js:1:1'.repeat(60_000)}`,
      `Error: x${'\n    at '.repeat(100_000)}`,
      `panicked at ${'1:'.repeat(400_000)}\nmsg`,
      `Smart contract panicked: ${'panicked at '.repeat(80_000)}`,
    ];
    for (const t of texts) {
      const took = ms(() => parsePanic(t));
      assert.ok(took < 250, `parsePanic took ${took.toFixed(0)} ms on ${JSON.stringify(t.slice(0, 30))}…`);
      assert.ok(parsePanic(t).message.length <= MAX_MESSAGE);
    }
  });

  it('a path is kept exactly as written, never resolved or cleaned', () => {
    const p = parsePanic('panicked at ../../../etc/./passwd:1:1:\nx');
    assert.equal(p.location?.path, '../../../etc/./passwd');
  });
});

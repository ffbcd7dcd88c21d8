// The panic parser over the texts contracts really produce: near-sdk-rs before and since Rust 1.73 (relative, builder
// and registry paths, multi-line messages), near-sdk-js's QuickJS stacks, near-sdk's structured JSON errors,
// require!/env::panic_str alone; and hostile texts that must stay linear and capped.
import { strict as assert } from 'node:assert';
import { performance } from 'node:perf_hooks';
import { MAX_FRAMES, MAX_MESSAGE, ownFrame, panicText, parsePanic, withoutSdkPrefix } from '../../../../src/near/failure/panic';

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
    // near-sdk-js: an engine's error and its stack; the contract's own innermost frame that names a place.
    [
      'Smart contract panicked: Error: claim is not ready yet\n    at claim (build/contract.js:1234:15)\n    at <anonymous> (native)',
      'claim is not ready yet',
      { path: 'build/contract.js', line: 1234, column: 15 },
    ],
    [
      'Smart contract panicked: Error: Not enough deposit\n    at <anonymous> (native)\n    at assert (build/hello_near.js:54)\n    at set (build/hello_near.js:900)',
      'Not enough deposit',
      { path: 'build/hello_near.js', line: 900, column: 1 },
    ],
    // near-sdk-js's builder: the error's message, a line break, QuickJS's stack (a line each, no columns).
    [
      'Smart contract panicked: assertion failed: Amount must be positive\n    at assert (build/contract.js:903)\n    at mint (build/contract.js:1204)\n    at mint (build/contract.js:1318)\n',
      'assertion failed: Amount must be positive',
      { path: 'build/contract.js', line: 1204, column: 1 },
    ],
    // Only the SDK's frame: it is the place named.
    ['assertion failed: x\n    at assert (build/contract.js:903)\n', 'assertion failed: x', { path: 'build/contract.js', line: 903, column: 1 }],
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
  describe('near-sdk-js: QuickJS stacks', () => {
    const JS = 'Smart contract panicked: assertion failed: Amount must be positive';
    const at = (fn: string, line: number): string => `\n    at ${fn} (build/contract.js:${line})`;

    it('one frame, many, none: the words without the stack, the frames innermost first', () => {
      assert.deepEqual(parsePanic(`${JS}${at('assert', 903)}\n`).stack, [{ function: 'assert', file: 'build/contract.js', line: 903 }]);
      const many = parsePanic(`${JS}${at('assert', 903)}${at('mint', 1204)}\n    at <anonymous> (native)\n    at mint (build/contract.js)\n`);
      assert.equal(many.message, 'assertion failed: Amount must be positive');
      assert.deepEqual(many.stack, [
        { function: 'assert', file: 'build/contract.js', line: 903 },
        { function: 'mint', file: 'build/contract.js', line: 1204 },
        { function: '<anonymous>' },
        { function: 'mint', file: 'build/contract.js' },
      ]);
      assert.deepEqual(ownFrame(many.stack), { function: 'mint', file: 'build/contract.js', line: 1204 });
      const none = parsePanic(JS);
      assert.deepEqual(none, { message: 'assertion failed: Amount must be positive' });
      // QuickJS-ng's columns go to the location; the frame keeps its line.
      const ng = parsePanic('boom\n    at f (src/a.js:3:7)');
      assert.deepEqual(ng.location, { path: 'src/a.js', line: 3, column: 7 });
      assert.deepEqual(ng.stack, [{ function: 'f', file: 'src/a.js', line: 3 }]);
      // A V8-style frame without a name, and a dependency's frame that is not the contract's own.
      const v8 = parsePanic('boom\n    at node_modules/near-sdk-js/lib/utils.js:4:1\n    at C:\\w\\build\\x.js:9');
      assert.deepEqual(v8.stack, [
        { function: '<anonymous>', file: 'node_modules/near-sdk-js/lib/utils.js', line: 4 },
        { function: '<anonymous>', file: 'C:\\w\\build\\x.js', line: 9 },
      ]);
      assert.equal(ownFrame(v8.stack), undefined);
      assert.deepEqual(v8.location, { path: 'node_modules/near-sdk-js/lib/utils.js', line: 4, column: 1 });
    });

    it('a stack in a Rust panic’s message is the message’s own words, not the panic’s stack', () => {
      const p = parsePanic('Smart contract panicked: panicked at src/lib.rs:3:4:\njs said: boom\n    at f (a.js:1)');
      assert.equal(p.message, 'js said: boom\n    at f (a.js:1)');
      assert.deepEqual(p.location, { path: 'src/lib.rs', line: 3, column: 4 });
      assert.equal(p.stack, undefined);
      const q = parsePanic("panicked at 'boom\n    at f (a.js:1)', src/lib.rs:1:1");
      assert.equal(q.stack, undefined);
      assert.equal(q.message, 'boom\n    at f (a.js:1)');
    });

    it('the chain’s words leave the stack out; other texts stay as they are', () => {
      assert.equal(panicText(`${JS}${at('assert', 903)}${at('mint', 1204)}\n`), JS);
      assert.equal(panicText(`boom${at('f', 1)}`), 'boom');
      const rust = 'Smart contract panicked: panicked at src/lib.rs:29:50:\nx';
      assert.equal(panicText(rust), rust);
    });
  });

  it('an SDK’s prefix: the words the source wrote are the message without it', () => {
    assert.equal(withoutSdkPrefix('assertion failed: Amount must be positive'), 'Amount must be positive');
    assert.equal(withoutSdkPrefix('Amount must be positive'), 'Amount must be positive');
    assert.equal(withoutSdkPrefix('the assertion failed: here'), 'the assertion failed: here');
  });

  describe("near-sdk's structured errors (JSON panics)", () => {
    const json = (v: unknown): string => `Smart contract panicked: ${JSON.stringify(v)}`;
    const CUSTOM = {
      error: { name: 'CUSTOM_CONTRACT_ERROR', cause: { name: 'near_sdk::errors::custom::InvalidArgument', info: { message: 'haha invalid' } } },
    };

    it('read as the type and the message in words; the message kept for the search', () => {
      const p = parsePanic(json(CUSTOM));
      assert.equal(p.message, 'Invalid argument: haha invalid');
      assert.deepEqual(p.structured, { name: 'CUSTOM_CONTRACT_ERROR', cause: 'near_sdk::errors::custom::InvalidArgument', message: 'haha invalid' });
      assert.equal(p.location, undefined);
      assert.equal(panicText(json(CUSTOM)), 'Smart contract panicked: Invalid argument: haha invalid');
    });

    it('an info without a message reads as its fields; a bare name as its words; info as a string is the message', () => {
      const fields = parsePanic(
        json({ error: { name: 'CUSTOM_CONTRACT_ERROR', cause: { name: 'my_contract::MyErrorStruct', info: { x: 5, owner_id: 'bob.near' } } } }),
      );
      assert.equal(fields.message, 'My error struct (x 5, owner id bob.near)');
      assert.equal(fields.structured?.message, undefined);
      assert.equal(parsePanic(json({ error: { name: 'CUSTOM_CONTRACT_ERROR' } })).message, 'Custom contract error');
      assert.equal(parsePanic(json({ error: { name: 'E', cause: { name: 'a::NotOwner', info: 'only the owner' } } })).message, 'Not owner: only the owner');
    });

    it('any other JSON, or broken JSON, is the message as it is', () => {
      for (const t of ['{"error":"plain"}', '{"foo":1}', '{"error":{"name":', '[1,2]', `{"error":{"name":"X","pad":"${'a'.repeat(20_000)}"}}`]) {
        const p = parsePanic(`Smart contract panicked: ${t}`);
        assert.equal(p.structured, undefined, t.slice(0, 30));
        assert.equal(p.message, t.slice(0, MAX_MESSAGE));
      }
    });
  });

  it('hostile stacks stay linear and capped: 10,000 frames, a megabyte line, a megabyte of words before the frames', function () {
    // A quadratic or backtracking pass over these would outlast the test's timeout by far; a linear one takes
    // milliseconds. The answers are checked, never the time.
    this.timeout(20_000);
    const frames = Array.from({ length: 10_000 }, (_, i) => `    at f${i} (build/contract.js:${i + 1})`).join('\n');
    const deep = parsePanic(`assertion failed: deep\n${frames}\n`);
    assert.equal(deep.message, 'assertion failed: deep');
    assert.equal(deep.stack?.length, MAX_FRAMES);
    assert.deepEqual(deep.stack?.[MAX_FRAMES - 1], { function: `f${MAX_FRAMES - 1}`, file: 'build/contract.js', line: MAX_FRAMES });
    const longLine = parsePanic(`boom\n    at f (${'a:1'.repeat(350_000)})`);
    assert.deepEqual(longLine.stack, [{ function: '<anonymous>' }]);
    assert.equal(longLine.location, undefined);
    const longName = parsePanic(`boom\n    at ${'('.repeat(1000)} (a.js:1)`);
    assert.ok((longName.stack?.[0]?.function.length ?? 0) <= 200);
    const wordy = parsePanic(`${'w'.repeat(1_000_000)}\n    at f (a.js:1)`);
    assert.equal(wordy.stack, undefined, 'a stack after 64 KB of words is not looked for');
    assert.equal(wordy.message.length, MAX_MESSAGE);
    const colons = parsePanic(`x\n    at f (${':1'.repeat(500)})\n`.repeat(2000));
    assert.ok(colons.message.length <= MAX_MESSAGE);
    const blank = parsePanic(`x${'\n    at '.repeat(200_000)}`);
    assert.equal(blank.stack?.length, MAX_FRAMES);
    assert.deepEqual(blank.stack?.[0], { function: '<anonymous>' });
    const json = parsePanic(`{"error":${'['.repeat(8000)}${']'.repeat(8000)}}`);
    assert.equal(json.structured, undefined);
  });
});

// parseJsonExact (src/base/json.ts): integers past 2^53 as exact digit strings, everything else as JSON.parse reads it.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseJsonExact, tryJsonExact } from '../../src/base/json';

describe('parseJsonExact', () => {
  const table: [text: string, want: unknown][] = [
    ['9007199254740991', 9007199254740991], // 2^53 − 1: the largest safe integer stays a number
    ['-9007199254740991', -9007199254740991],
    ['9007199254740992', '9007199254740992'], // 2^53: not safe (2^53 + 1 would read the same)
    ['9007199254740993', '9007199254740993'], // 2^53 + 1
    ['18446744073709551615', '18446744073709551615'], // u64 max
    ['-9007199254740993', '-9007199254740993'], // negative, past the safe range
    ['1739254177539033760', '1739254177539033760'], // a block header's timestamp
    ['1000000000000000000000001', '1000000000000000000000001'], // a u128 in yoctoNEAR
    ['1000000000000000', 1000000000000000], // 16 digits but safe: a number
    ['0', 0],
    ['-5', -5],
    ['1.5e30', 1.5e30], // floats untouched
    ['12345678901234567890.5', Number('12345678901234567890.5')],
    ['1e21', 1e21],
    ['[0.12345678901234567890]', [Number('0.12345678901234567890')]], // a long fraction is not an integer
    ['[1e-12345678901234567, 2E+12345678901234567]', [0, Infinity]], // nor a long exponent
    ['{"k:12345678901234567890":1}', { 'k:12345678901234567890': 1 }], // digits inside a string after a colon
    ['-0.000000000000000001', -0.000000000000000001],
    ['"18446744073709551615"', '18446744073709551615'], // already a string
    [' 18446744073709551615\n', '18446744073709551615'], // alone, white space around
    ['["x, 18446744073709551615", 18446744073709551615]', ['x, 18446744073709551615', '18446744073709551615']], // the same digits in and out of a string
  ];
  for (const [text, want] of table) {
    it(`${text} → ${typeof want} ${String(want)}`, () => assert.deepEqual(parseJsonExact(text), want));
  }

  it('reads numbers in objects and arrays, never inside strings (escaped quotes included)', () => {
    const text =
      '{"header":{"height":187310138,"timestamp":1739254177539033760,"timestamp_nanosec":"1739254177539033760"},"s":"x\\"12345678901234567890","a":[18446744073709551615,1.5,-9007199254740993]}';
    assert.deepEqual(parseJsonExact(text), {
      header: { height: 187310138, timestamp: '1739254177539033760', timestamp_nanosec: '1739254177539033760' },
      s: 'x"12345678901234567890',
      a: ['18446744073709551615', 1.5, '-9007199254740993'],
    });
  });

  it('agrees with JSON.parse on any JSON but for unsafe integers, which keep their digits', () => {
    // JSON.stringify writes an integer below 1e21 as plain digits (then it is read exactly), above as 1e+21 (a float).
    const expected = (v: unknown): unknown =>
      typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) && Math.abs(v) < 1e21
        ? String(v)
        : Array.isArray(v)
          ? v.map(expected)
          : typeof v === 'object' && v !== null
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expected(x)]))
            : v;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        assert.deepEqual(parseJsonExact(text), expected(JSON.parse(text)));
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n }), (n) => {
        const want = n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
        assert.deepEqual(parseJsonExact(`[${n}]`), [want]);
      }),
    );
  });

  it('never takes digits inside a string (quotes, backslashes and colons around them) for a number', () => {
    const piece = fc.constantFrom('"', '\\', ':', ',', '[', ' ', '9', '12345678901234567890', '-', 'a');
    const text = fc.array(piece, { maxLength: 12 }).map((xs) => xs.join(''));
    const big = fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n });
    fc.assert(
      fc.property(text, text, big, (k, v, n) => {
        const json = JSON.stringify({ [k]: v, [`${k}:`]: [v, 1], n: 0 }).replace('"n":0', `"n":${n}`);
        assert.deepEqual(parseJsonExact(json), { [k]: v, [`${k}:`]: [v, 1], n: n.toString() });
      }),
    );
  });

  it('reads unsafe members in place: keys of every kind, nested, repeated, white space around', () => {
    // A tree of objects (entries, keys may repeat), arrays, strings and integers, written with white space anywhere.
    type Node = bigint | string | Node[] | { entries: [string, Node][] };
    const key = fc.oneof(fc.string(), fc.constantFrom('t', 'block_timestamp', ':', ',', '"', '\\', ' t', 't"', '0', '12', '1x', ''));
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
        fc.string(),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.record({ entries: fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }) }),
      ),
    }));
    const space = fc.constantFrom('', ' ', '\n  ');
    const render = (n: Node, ws: string): string =>
      typeof n === 'bigint'
        ? String(n)
        : typeof n === 'string'
          ? JSON.stringify(n)
          : Array.isArray(n)
            ? `[${ws}${n.map((x) => render(x, ws)).join(`,${ws}`)}]`
            : `{${n.entries.map(([k, x]) => `${ws}${JSON.stringify(k)}${ws}:${ws}${render(x, ws)}`).join(',')}${ws}}`;
    const expected = (n: Node): unknown => {
      if (typeof n === 'bigint') return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : String(n);
      if (typeof n === 'string') return n;
      if (Array.isArray(n)) return n.map(expected);
      // As JSON.parse: a repeated key keeps its first place and its last value.
      const o: Record<string, unknown> = {};
      for (const [k, x] of n.entries) Object.defineProperty(o, k, { value: expected(x), enumerable: true, writable: true, configurable: true });
      return o;
    };
    fc.assert(
      fc.property(node, space, (n, ws) => {
        assert.deepEqual(parseJsonExact(render(n, ws)), expected(n));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a long string whole when its digits look like a number (a 4 MB code upload beside a u64)', () => {
    const code = `${'QUJD\\"'.repeat(700_000)}, 18446744073709551615`;
    const text = `{"args":${JSON.stringify(code)},"t":18446744073709551615}`;
    assert.deepEqual(parseJsonExact(text), { args: code, t: '18446744073709551615' });
  });

  it('throws on a text that is not JSON; tryJsonExact gives undefined', () => {
    assert.throws(() => parseJsonExact('{"a":18446744073709551615'));
    assert.throws(() => parseJsonExact('{"a":1,18446744073709551615:2}'), SyntaxError); // a number is no key, however long
    assert.equal(tryJsonExact('<html>18446744073709551615</html>'), undefined);
  });
});

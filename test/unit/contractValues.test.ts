// decodeCallResult / decodeStateEntries / parseKeyPrefix (src/near/contract/values.ts).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { NearLensError } from '../../src/base/errors';
import { decodeCallResult, decodeStateEntries, parseKeyPrefix } from '../../src/near/contract/values';
import { parseJsonExact } from '../../src/base/json';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const b64 = (s: string | Uint8Array): string => Buffer.from(typeof s === 'string' ? utf8(s) : s).toString('base64');

describe('contract values: decodeCallResult', () => {
  it('keeps integers past 2^53 exact (as their digits), outside strings only', () => {
    const d = decodeCallResult(
      new TextEncoder().encode('{"total":1000000000000000000000001,"s":"x\\"12345678901234567890","n":-99999999999999999999,"f":1.5e30,"small":42}'),
    );
    assert.equal(d.kind, 'json');
    assert.deepEqual(d.kind === 'json' && d.value, {
      total: '1000000000000000000000001',
      s: 'x"12345678901234567890',
      n: '-99999999999999999999',
      f: 1.5e30,
      small: 42,
    });
    assert.equal(parseJsonExact('1000000000000000000000001'), '1000000000000000000000001');
  });

  it('JSON when the bytes are UTF-8 JSON (with the exact text)', () => {
    assert.deepEqual(decodeCallResult(utf8('{"a":[1,"b"]}')), { kind: 'json', value: { a: [1, 'b'] }, text: '{"a":[1,"b"]}' });
    assert.deepEqual(decodeCallResult(utf8('"1000000000000000000000000"')), {
      kind: 'json',
      value: '1000000000000000000000000',
      text: '"1000000000000000000000000"',
    });
    const big = decodeCallResult(utf8('18446744073709551615'));
    assert.equal(big.kind === 'json' && big.text, '18446744073709551615'); // the value lost digits, the text did not
    assert.deepEqual(decodeCallResult(utf8('null')), { kind: 'json', value: null, text: 'null' });
  });

  it('text when printable UTF-8 that is not JSON; empty is empty text', () => {
    assert.deepEqual(decodeCallResult(utf8('Hello, wörld ✓\n')), { kind: 'text', text: 'Hello, wörld ✓\n' });
    assert.deepEqual(decodeCallResult(new Uint8Array(0)), { kind: 'text', text: '' });
    assert.deepEqual(decodeCallResult(utf8('   ')), { kind: 'text', text: '   ' });
  });

  it('binary (base64 and hex) for controls, invalid UTF-8 and borsh', () => {
    assert.deepEqual(decodeCallResult(Uint8Array.of(0, 1, 2, 255)), { kind: 'binary', base64: 'AAEC/w==', hex: '000102ff' });
    assert.deepEqual(decodeCallResult(utf8('a\u0007b')), { kind: 'binary', base64: b64('a\u0007b'), hex: '610762' });
    assert.equal(decodeCallResult(Uint8Array.of(0xc3, 0x28)).kind, 'binary'); // invalid UTF-8
    assert.equal(decodeCallResult(Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0, 0x38)).kind, 'binary'); // a zstd header
  });

  it('never throws on random bytes, and binary round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const r = decodeCallResult(bytes);
        if (r.kind === 'binary') {
          assert.deepEqual(new Uint8Array(Buffer.from(r.base64, 'base64')), bytes);
          assert.equal(r.hex, Buffer.from(bytes).toString('hex'));
        } else assert.equal(utf8(r.text).length, bytes.length);
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => void decodeCallResult(utf8(s))));
    fc.assert(fc.property(fc.jsonValue(), (v) => assert.equal(decodeCallResult(utf8(JSON.stringify(v))).kind, 'json')));
  });

  it('deeply nested JSON does not throw', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    assert.ok(['json', 'text'].includes(decodeCallResult(utf8(deep)).kind));
  });
});

describe('contract values: decodeStateEntries', () => {
  it('sorts by key bytes and decodes each side', () => {
    const entries = decodeStateEntries([
      { key: b64('t'), value: b64(Uint8Array.of(1, 0, 0, 0)) },
      { key: b64('STATE'), value: b64('{"owner":"alice.near"}') },
      { key: b64(Uint8Array.of(0x00, 0xff)), value: b64('') },
    ]);
    assert.deepEqual(entries, [
      { key: { kind: 'binary', base64: 'AP8=', hex: '00ff' }, value: { kind: 'text', text: '', base64: '' } },
      {
        key: { kind: 'text', text: 'STATE', base64: b64('STATE') },
        value: { kind: 'text', text: '{"owner":"alice.near"}', base64: b64('{"owner":"alice.near"}') },
      },
      { key: { kind: 'text', text: 't', base64: 'dA==' }, value: { kind: 'binary', base64: 'AQAAAA==', hex: '01000000' } },
    ]);
    assert.deepEqual(decodeStateEntries([]), []);
  });

  it('sorting is byte order, a shorter prefix first', () => {
    const keys = [Uint8Array.of(2), Uint8Array.of(1, 5), Uint8Array.of(1), Uint8Array.of(0x80)];
    const out = decodeStateEntries(keys.map((k) => ({ key: b64(k), value: '' })));
    assert.deepEqual(
      out.map((e) => e.key.base64),
      [Uint8Array.of(1), Uint8Array.of(1, 5), Uint8Array.of(2), Uint8Array.of(0x80)].map((k) => b64(k)),
    );
  });

  it('refuses entries that are not two base64 strings', () => {
    const bad = (v: unknown, re: RegExp): void =>
      assert.throws(
        () => decodeStateEntries(v),
        (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape' && re.test(e.message),
      );
    bad({}, /no list of values/);
    bad([{ key: 'dA==' }], /entry 1 is not a base64 key and value/);
    bad(
      [
        { key: 'dA==', value: 'AA==' },
        { key: 'not base64!', value: 'AA==' },
      ],
      /entry 2/,
    );
    bad([null], /entry 1/);
  });
});

describe('contract values: parseKeyPrefix', () => {
  it('text as UTF-8, base64: as given (checked), empty for the whole state', () => {
    assert.equal(parseKeyPrefix('STATE'), 'U1RBVEU=');
    assert.equal(parseKeyPrefix('ü'), b64('ü'));
    assert.equal(parseKeyPrefix(''), '');
    assert.equal(parseKeyPrefix('base64:AP8='), 'AP8=');
    assert.equal(parseKeyPrefix(' BASE64: dA== '), 'dA==');
    assert.equal(parseKeyPrefix('base64:'), '');
    assert.throws(
      () => parseKeyPrefix('base64:dA'),
      (e: unknown) => NearLensError.is(e) && e.kind === 'invalid-input' && /not valid base64/.test(e.message),
    );
    assert.throws(() => parseKeyPrefix('base64:***='), /not valid base64/);
  });
});

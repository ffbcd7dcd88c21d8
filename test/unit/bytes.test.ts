// Unit tests of src/base/bytes.ts (Web APIs only, for the web build): every conversion agrees with Node's Buffer.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { fromBase64, fromHex, latin1, toBase64, toHex, utf8Bytes } from '../../src/base/bytes';

describe('core/bytes', () => {
  it('base64, hex and Latin-1 agree with Buffer for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const b = Buffer.from(bytes);
        assert.equal(toBase64(bytes), b.toString('base64'));
        assert.equal(toHex(bytes), b.toString('hex'));
        assert.equal(latin1(bytes), b.toString('latin1'));
        assert.deepEqual(fromBase64(toBase64(bytes)), new Uint8Array(bytes));
        assert.deepEqual(fromHex(toHex(bytes)), new Uint8Array(bytes));
      }),
    );
  });

  it('UTF-8 agrees with Buffer', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => assert.deepEqual(utf8Bytes(text), new Uint8Array(Buffer.from(text)))));
  });

  it('Latin-1 of a large array does not overflow the stack', () => {
    const big = new Uint8Array(300_000).fill(0x41);
    assert.equal(latin1(big).length, 300_000);
    assert.equal(toBase64(big), Buffer.from(big).toString('base64'));
  });

  it('fromBase64 refuses characters outside the alphabet', () => {
    assert.throws(() => fromBase64('ab$d'));
  });
});

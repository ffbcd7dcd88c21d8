// src/near/base58.ts (the @scure/base wrapper ids.ts uses): same text for any bytes, same bytes for any text,
// and a refusal as undefined (never a throw) where @scure/base throws.
import { strict as assert } from 'node:assert';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { base58Decode, base58Encode } from '../../../src/near/base58';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function reference(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

describe('base58', () => {
  it('encodes like @scure/base, leading zero bytes included', () => {
    const bytes = fc
      .tuple(fc.nat(4), fc.uint8Array({ maxLength: 130 }))
      .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]));
    fc.assert(
      fc.property(bytes, (b) => assert.equal(base58Encode(b), base58.encode(b))),
      { numRuns: 500 },
    );
  });

  it('decodes like @scure/base, and refuses what it refuses', () => {
    const chars = fc.constantFrom(...ALPHABET, '1', '1', '0', 'O', 'I', 'l', '+', 'é');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 140 }).map((a) => a.join('')),
        (text) => assert.deepEqual(base58Decode(text), reference(text)),
      ),
      { numRuns: 1000 },
    );
  });

  it('round-trips keys and handles the edges', () => {
    const key = 'HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
    assert.equal(base58Encode(base58Decode(key) as Uint8Array), key);
    assert.equal(base58Decode(key)?.length, 32);
    assert.deepEqual(base58Decode(''), new Uint8Array(0));
    assert.deepEqual(base58Decode('111'), new Uint8Array(3));
    assert.equal(base58Encode(new Uint8Array(2)), '11');
    assert.equal(base58Decode('2'.repeat(4097)), undefined);
    assert.deepEqual(base58Decode('2'.repeat(4096)), reference('2'.repeat(4096)));
  });
});

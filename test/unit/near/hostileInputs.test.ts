// Hostile and odd inputs to the pure readers (a review's findings): a zstd ABI with a second frame, an unclosed
// parseNearAmount( before a long run of spaces, a huge exponent, a decimal comma, a date past what Date holds, and ABI
// names that are Object.prototype keys. Each is refused clearly or read right, quickly.
import { strict as assert } from 'node:assert';
import { throwsNl } from '../../support/fixture';
import { performance } from 'node:perf_hooks';
import { base58 } from '@scure/base';
import { NearLensError } from '../../../src/base/errors';
import { plainJson } from '../../../src/client/rpc';
import { zstdDecompress } from '../../../src/near/contract/zstd';
import { findUnits } from '../../../src/near/unitFinder';
import { findAll } from '../../../src/near/idFinder';
import { parseUnitInput } from '../../../src/near/units';
import { parseAt } from '../../../src/near/time/parseAt';
import { argFields, parseArgValue } from '../../../src/near/contract/args';
import type { AbiFunction } from '../../../src/near/contract/abi';

/** A valid zstd frame (no content size) of `blocks` RLE blocks of `size` bytes, window descriptor `windowByte`. */
function frame(blocks: number, windowByte: number, size: number): number[] {
  const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, windowByte];
  for (let i = 0; i < blocks; i++) {
    const h = (i === blocks - 1 ? 1 : 0) | (1 << 1) | (size << 3);
    out.push(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, 0x20);
  }
  return out;
}

const ms = (f: () => unknown): number => {
  const t = performance.now();
  try {
    f();
  } catch {
    // only the time matters here
  }
  return performance.now() - t;
};

describe('hostile inputs to the pure readers', () => {
  it('zstd: a second frame (with a window of its own, unchecked) is refused; one frame of the same blocks unpacks', () => {
    // Frame 2's window descriptor 0x80 = 64 MiB (0xa7 ≈ 1.9 GiB made the decoder take 2 GB and 9 s), far above the
    // 4 MiB cap the first frame is held to.
    const bytes = Uint8Array.from([...frame(1, 0x38, 16), ...frame(1, 0x80, 16)]);
    throwsNl(() => zstdDecompress(bytes, 4 * 1024 * 1024), /more than one zstd frame/, 'too-large');
    assert.deepEqual(Array.from(zstdDecompress(Uint8Array.from(frame(2, 0x38, 16)), 4 * 1024 * 1024)), Array(32).fill(0x20));
  });

  it('unitFinder: an unclosed parseNearAmount( followed by a long run of spaces does not backtrack quadratically', () => {
    // Two \s* with only optional parts between them were O(n²) on a line without the `)` (50k spaces ≈ 2 s).
    const line = `const x = parseNearAmount(${' '.repeat(50_000)}`;
    const took = ms(() => findUnits(line));
    assert.ok(took < 300, `findUnits took ${took.toFixed(0)} ms on a ${line.length}-character line`);
    assert.deepEqual(
      findUnits('parseNearAmount( "1.5"  ) NEAR.parse() parseNearAmount(2)').map((h) => h.text),
      ['parseNearAmount( "1.5"  )', 'parseNearAmount(2)'],
      'calls with an argument are still read, spaces and all',
    );
  });

  it('units: a huge exponent ("1e10000000 yocto") is refused without building its digits', () => {
    // 10^n was written out before the u128 check (1e99999999 ≈ 12 s and GBs), on every keystroke of the input box.
    let err: unknown;
    const took = ms(() => {
      try {
        parseUnitInput('1e10000000 yocto');
      } catch (e) {
        err = e;
        throw e;
      }
    });
    assert.ok(NearLensError.is(err) && /more than NEAR can hold/.test(err.message));
    assert.ok(took < 100, `parseUnitInput took ${took.toFixed(0)} ms`);
    throwsNl(() => parseUnitInput('1e99999999 TGas'), /more gas than NEAR can count/, 'invalid-input');
    assert.equal(parseUnitInput('0.000000000000000000000000000000000000000000001e45 NEAR').near, '1', 'a small mantissa with a big exponent still reads');
  });

  it('units: "0,5 NEAR" / "1,5 NEAR" (decimal comma) is not silently read as 5 / 15 NEAR', () => {
    // `,` is dropped between any two digits, so a decimal comma becomes a 10× larger amount to copy into code.
    throwsNl(() => parseUnitInput('0,5 NEAR'), /a comma may only group thousands/, 'invalid-input');
    throwsNl(() => parseUnitInput('1,5 NEAR'), /a comma may only group thousands/, 'invalid-input');
    throwsNl(() => parseUnitInput('1.000,5 NEAR'), /a comma may only group thousands/, 'invalid-input');
    assert.equal(parseUnitInput('1,000,000.5 NEAR').near, '1000000.5', 'thousands are still grouped with commas');
  });

  it('at: "999999 years ago" is refused as before genesis, not returned as an Invalid Date', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    let at: ReturnType<typeof parseAt> | undefined;
    assert.throws(() => {
      at = parseAt('999999 years ago', now);
    }, /first block|not a/);
    assert.equal(at, undefined);
  });

  it('contractArgs: ABI names that are Object.prototype keys do not crash with a TypeError', () => {
    const fn = (typeSchema: unknown): AbiFunction => ({
      name: 'f',
      kind: 'view',
      modifiers: [],
      params: { serializationType: 'json', args: [{ name: 'a', typeSchema }] },
    });
    // INT_FORMATS['toString'] is a function: `const [fmin, fmax] = fn` throws "function is not iterable".
    assert.doesNotThrow(() => argFields(fn({ type: 'integer', format: 'toString' }), {}));
    // DIGIT_TYPES['constructor'] is truthy: a digits field with no bits, and BigInt(undefined) throws.
    const [field] = argFields(fn({ $ref: '#/definitions/constructor' }), { definitions: { constructor: { type: 'string' } } });
    assert.ok(field);
    assert.doesNotThrow(() => parseArgValue(field, '5'));
  });

  it('a secret key percent-encoded inside a URL is still refused before anything is sent', () => {
    const secret = `ed25519:${base58.encode(new Uint8Array(64).map((_, i) => (i * 11 + 5) % 256))}`; // made up
    const inUrl = `https://example.com/?key=${encodeURIComponent(secret)}`;
    assert.ok(inUrl.includes('ed25519%3A'));
    throwsNl(() => plainJson({ note: inUrl }, 'RPC params'), /secret/i, 'sensitive');
    throwsNl(() => plainJson([`x=${encodeURIComponent(encodeURIComponent(secret))}`], 'RPC params'), /secret/i, 'sensitive');
    assert.deepEqual(plainJson({ q: 'a%20b%3Ac', pk: 'ed25519%3AHLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd' }, 'RPC params'), {
      q: 'a%20b%3Ac',
      pk: 'ed25519%3AHLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd',
    });
  });

  it('a very long run of digits that is not a number is refused at once (no quadratic backtracking)', () => {
    const digits = `${'1'.repeat(30_000)}.1.`; // two decimal points
    const took = ms(() => parseUnitInput(`${digits} NEAR`));
    assert.ok(took < 100, `parseUnitInput took ${took.toFixed(0)} ms`);
    throwsNl(() => parseUnitInput(`${digits} NEAR`), /./, 'invalid-input');
  });

  it('64 hex named as a private key, secret or seed is sensitive (never looked up); an implicit id stays one', () => {
    const hex = 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82';
    for (const line of [
      `PRIVATE_KEY=${hex}`,
      `"private_key": "${hex}"`,
      `const secretKey = '${hex}';`,
      `seed: ${hex}`,
      `ETH_PRIV=0x${hex}`.replace('0x', ''),
    ]) {
      const found = findAll(line);
      assert.deepEqual(
        found.map((f) => f.classified.kind),
        ['sensitive'],
        line,
      );
    }
    for (const line of [`receiver_id: "${hex}"`, `const owner = '${hex}';`, `near send ${hex} 1`]) {
      assert.deepEqual(
        findAll(line).map((f) => f.classified.kind),
        ['account'],
        line,
      );
    }
  });
});

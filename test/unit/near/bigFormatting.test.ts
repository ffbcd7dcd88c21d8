// What a person reads is formatted by big.js: checked against an independent integer-only reference on random
// amounts (NEAR and token decimals), at the edges (0, 1 yocto, 10^24, 2^128 − 1), and for the panel's bar shares.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { formatNear, formatTokenAmount, formatYoctoExact } from '../../../src/near/amounts';
import { percentages } from '../../../src/features/panel/model/panelModel';

/** Reference: |v| / 10^scale truncated to `places`, zeros trimmed, grouped; tiny non-zero → "< 0.0…1". */
function reference(v: bigint, scale: number, places: number): string {
  const abs = v < 0n ? -v : v;
  if (abs === 0n) return '0';
  const unit = 10n ** BigInt(scale);
  const int = abs / unit;
  const frac = String(abs % unit)
    .padStart(scale, '0')
    .slice(0, places)
    .replace(/0+$/, '');
  const sign = v < 0n ? '-' : '';
  if (int === 0n && !frac) {
    const smallest = places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
    return sign ? `> ${sign}${smallest}` : `< ${smallest}`;
  }
  return sign + String(int).replace(/\B(?=(\d{3})+$)/g, ',') + (frac && `.${frac}`);
}

const U128_MAX = 2n ** 128n - 1n;

describe('amounts through big.js', () => {
  it('formatNear and formatYoctoExact match the integer reference on random yocto amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -U128_MAX, max: U128_MAX }), fc.integer({ min: 0, max: 24 }), (n, d) => {
        assert.equal(formatNear(n, d), `${reference(n, 24, d)} NEAR`);
        assert.equal(formatYoctoExact(n), reference(n, 24, 24));
      }),
      { numRuns: 5000 },
    );
  });

  it('formatTokenAmount matches the reference for every token decimals 0–40', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 45n }), fc.integer({ min: 0, max: 40 }), (n, dec) => {
        assert.equal(formatTokenAmount(n, dec), reference(n, dec, dec));
        assert.equal(formatTokenAmount(n, dec, 2), reference(n, dec, Math.min(2, dec)));
      }),
      { numRuns: 5000 },
    );
  });

  it('is exact at the edges: 0, 1 yocto, 1 NEAR, 2^128 − 1', () => {
    assert.equal(formatYoctoExact(0n), '0');
    assert.equal(formatYoctoExact(1n), '0.000000000000000000000001');
    assert.equal(formatNear(1n), '< 0.00001 NEAR');
    assert.equal(formatYoctoExact(10n ** 24n), '1');
    assert.equal(formatYoctoExact(U128_MAX), '340,282,366,920,938.463463374607431768211455');
    assert.equal(formatNear(U128_MAX, 24), '340,282,366,920,938.463463374607431768211455 NEAR');
  });

  it('bar shares add up to 100.0 and match integer half-up rounding', () => {
    const half = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: U128_MAX }), { minLength: 1, maxLength: 4 }), (parts) => {
        const total = parts.reduce((s, p) => s + p, 0n);
        fc.pre(total > 0n);
        const shares = percentages(parts, total);
        const tenths = shares.map((s) => (s.percent === '<0.1%' ? 0 : Math.round(Number(s.percent.slice(0, -1)) * 10)));
        assert.equal(
          tenths.reduce((s, t) => s + t, 0),
          1000,
        );
        parts.forEach((p, i) => {
          const exact20 = half(p * 100n * 10n ** 20n, total);
          const six = half(exact20, 10n ** 14n);
          assert.equal(shares[i]?.exactPercent, `${reference(six, 6, 6).replace(/^< .*/, '0')}%`);
        });
      }),
      { numRuns: 2000 },
    );
  });
});

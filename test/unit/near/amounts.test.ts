// Unit tests of src/near/amounts.ts: strict yocto parsing, NEAR/FT formatting, derived quantities, property tests.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  derive,
  formatNear,
  formatTokenAmount,
  formatYoctoExact,
  latestActivity,
  parseYocto,
  STORAGE_YOCTO_PER_BYTE,
  YOCTO_PER_NEAR,
} from '../../../src/near/amounts';
import { NearLensError } from '../../../src/base/errors';

const RUNS = 1000;
const TEN_40 = 10n ** 40n;

/** "1,234.5 NEAR" → yocto as bigint (for checking formatted output against exact arithmetic). */
function nearTextToYocto(text: string, scale = 24): bigint {
  const m = /^(-?)([\d,]+)(?:\.(\d+))?(?: NEAR)?$/.exec(text);
  assert.ok(m, `unexpected format: ${text}`);
  const int = BigInt((m[2] as string).replace(/,/g, ''));
  const frac = (m[3] ?? '').padEnd(scale, '0');
  const v = int * 10n ** BigInt(scale) + (scale === 0 ? 0n : BigInt(frac));
  return m[1] === '-' ? -v : v;
}

describe('amounts: constants', () => {
  it('10^24 yocto per NEAR, 10^19 per storage byte', () => {
    assert.equal(String(YOCTO_PER_NEAR), '1' + '0'.repeat(24));
    assert.equal(String(STORAGE_YOCTO_PER_BYTE), '1' + '0'.repeat(19));
  });
});

describe('amounts: parseYocto', () => {
  it('accepts digit strings exactly, however large', () => {
    assert.equal(String(parseYocto('0')), '0');
    assert.equal(String(parseYocto('240420562203528059226991880')), '240420562203528059226991880');
    const forty = '9'.repeat(40);
    assert.equal(String(parseYocto(forty)), forty);
    assert.equal(String(parseYocto('007')), '7');
  });

  const rejects: Array<[unknown, RegExp]> = [
    ['', /empty string for balance/],
    [null, /sent null for balance/],
    [undefined, /sent nothing for balance/],
    [1e24, /sent a number for balance/],
    [123, /a number/],
    [['1'], /a list/],
    [{}, /an object/],
    ['-1', /a negative number/],
    ['−1', /a negative number/],
    ['1e24', /exponent form/],
    ['1E+24', /exponent form/],
    ['1.5', /decimal point/],
    ['.5', /decimal point/],
    [' 1', /spaces around the number/],
    ['1 ', /spaces around the number/],
    ['+1', /a sign/],
    ['0x10', /characters other than digits/],
    ['1,000', /characters other than digits/],
    ['NaN', /characters other than digits/],
    ['9'.repeat(81), /81 digits/],
  ];
  for (const [value, message] of rejects) {
    it(`rejects ${JSON.stringify(value) ?? 'undefined'} with a clear bad-shape error`, () => {
      assert.throws(
        () => parseYocto(value, 'balance'),
        (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape' && message.test(e.message) && e.message.includes('balance'),
      );
    });
  }

  it('property: any digit string up to 40 digits round-trips exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: TEN_40 - 1n }), (n) => {
        assert.equal(String(parseYocto(n.toString())), n.toString());
      }),
      { numRuns: RUNS },
    );
  });
});

describe('amounts: formatNear', () => {
  const table: Array<[string, number | undefined, string]> = [
    ['0', undefined, '0 NEAR'],
    ['1000000000000000000000000', undefined, '1 NEAR'],
    ['1234567800000000000000000000', undefined, '1,234.5678 NEAR'],
    ['1234567891234567891234567891', undefined, '1,234.56789 NEAR'],
    ['1234567899999999999999999999', undefined, '1,234.56789 NEAR'], // rounds down, never up
    ['240420562203528059226991880', undefined, '240.42056 NEAR'],
    ['240420562203528059226991880', 2, '240.42 NEAR'],
    ['240420562203528059226991880', 0, '240 NEAR'],
    ['240420562203528059226991880', 24, '240.42056220352805922699188 NEAR'],
    ['999999999999999999999999', undefined, '0.99999 NEAR'],
    ['500000000000000000000000', undefined, '0.5 NEAR'],
    ['1', undefined, '< 0.00001 NEAR'],
    ['9999999999999999999', undefined, '< 0.00001 NEAR'],
    ['1', 2, '< 0.01 NEAR'],
    ['1', 0, '< 1 NEAR'],
    ['1', 24, '0.000000000000000000000001 NEAR'],
    ['1000000000000000000000000000000000', undefined, '1,000,000,000 NEAR'],
    ['-500000000000000000000000', undefined, '-0.5 NEAR'],
    ['-263400000000000000000000', undefined, '-0.2634 NEAR'],
    ['-1234567899999999999999999999', undefined, '-1,234.56789 NEAR'], // toward zero
    ['-1', undefined, '> -0.00001 NEAR'],
  ];
  for (const [yocto, decimals, expected] of table) {
    it(`${yocto} yocto (${decimals ?? 'default'} decimals) → ${expected}`, () => {
      assert.equal(formatNear(BigInt(yocto), decimals), expected);
    });
  }

  it('10^19 yocto is exactly 0.00001 NEAR', () => {
    assert.equal(formatNear(BigInt('10000000000000000000')), '0.00001 NEAR');
  });

  it('out-of-range decimals are clamped', () => {
    assert.equal(formatNear(YOCTO_PER_NEAR / 3n, 99), '0.333333333333333333333333 NEAR');
    assert.equal(formatNear(BigInt('1500000000000000000000000'), -3), '1 NEAR');
  });

  it('property: shows at most the amount and loses less than one unit of the last decimal place', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(TEN_40 - 1n), max: TEN_40 - 1n }), fc.integer({ min: 0, max: 24 }), (n, d) => {
        const text = formatNear(n, d);
        if (text.startsWith('<') || text.startsWith('>')) {
          assert.ok(n !== 0n && (n < 0n ? -n : n) < 10n ** BigInt(24 - d));
          return;
        }
        const shown = nearTextToYocto(text);
        const abs = (x: bigint): bigint => (x < 0n ? -x : x);
        assert.ok(abs(shown) <= abs(n), `${text} shows more than ${n}`);
        assert.ok(abs(n) - abs(shown) < 10n ** BigInt(24 - d), `${text} lost too much of ${n}`);
        assert.ok(n === 0n || shown < 0n === n < 0n || shown === 0n);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('amounts: formatYoctoExact', () => {
  it('keeps every digit, groups the integer part, trims trailing zeros', () => {
    assert.equal(formatYoctoExact(BigInt('240420562203528059226991880')), '240.42056220352805922699188');
    assert.equal(formatYoctoExact(BigInt('1234567800000000000000000000')), '1,234.5678');
    assert.equal(formatYoctoExact(YOCTO_PER_NEAR), '1');
    assert.equal(formatYoctoExact(0n), '0');
    assert.equal(formatYoctoExact(1n), '0.000000000000000000000001');
    assert.equal(formatYoctoExact(BigInt('-263400000000000000000000')), '-0.2634');
  });

  it('property: exact round-trip for 40-digit values, both signs', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(TEN_40 - 1n), max: TEN_40 - 1n }), (n) => {
        assert.equal(nearTextToYocto(formatYoctoExact(n)), n);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('amounts: formatTokenAmount', () => {
  const table: Array<[string, number, number | undefined, string]> = [
    ['10283000', 6, undefined, '10.283'], // USDt
    ['10283000', 6, 2, '10.28'],
    ['9990', 0, undefined, '9,990'],
    ['2318000000000000', 18, undefined, '0.002318'],
    ['8999999999899999', 18, 4, '0.0089'],
    ['1', 18, 4, '< 0.0001'],
    ['1', 18, 0, '< 1'],
    ['0', 18, undefined, '0'],
    ['5000000000000000000000000', 24, 5, '5'],
    ['123456789012345678901234567890123456789', 40, undefined, '0.0123456789012345678901234567890123456789'],
    ['-1500000', 6, undefined, '-1.5'],
  ];
  for (const [raw, decimals, max, expected] of table) {
    it(`${raw} with ${decimals} decimals (max ${max ?? 'all'}) → ${expected}`, () => {
      assert.equal(formatTokenAmount(BigInt(raw), decimals, max), expected);
    });
  }

  it('rejects decimals outside 0..40 or fractional', () => {
    for (const d of [-1, 41, 1.5, Number.NaN]) {
      assert.throws(
        () => formatTokenAmount(1n, d),
        (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape',
      );
    }
  });

  it('property: with all decimals shown, the text round-trips exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: TEN_40 - 1n }), fc.integer({ min: 0, max: 40 }), (n, d) => {
        assert.equal(nearTextToYocto(formatTokenAmount(n, d), d), n);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('amounts: derive (pinned, total, spendable)', () => {
  it('here.tg: pinned 26340 bytes × 10^19, total, spendable', () => {
    const d = derive(BigInt('240420562203528059226991880'), 0n, 26340);
    assert.equal(String(d.pinned), '263400000000000000000000');
    assert.equal(String(d.total), '240420562203528059226991880');
    assert.equal(String(d.spendable), '240157162203528059226991880');
  });

  it('spendable may be negative and keeps its sign', () => {
    const d = derive(BigInt('100000000000000000000000'), BigInt('5'), 26340);
    assert.equal(String(d.spendable), '-163400000000000000000000');
    assert.equal(formatNear(d.spendable), '-0.1634 NEAR');
    assert.equal(String(d.total), '100000000000000000000005');
  });

  it('rejects a storage size that is not a whole number of bytes', () => {
    for (const b of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      assert.throws(
        () => derive(0n, 0n, b),
        (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape',
      );
    }
  });

  it('property: exact sums and differences with 40-digit values', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: TEN_40 - 1n }),
        fc.bigInt({ min: 0n, max: TEN_40 - 1n }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (balance, locked, bytes) => {
          const d = derive(parseYocto(balance.toString()), parseYocto(locked.toString()), bytes);
          const pinned = BigInt(bytes) * 10n ** 19n;
          assert.equal(String(d.pinned), pinned.toString());
          assert.equal(String(d.total), (balance + locked).toString());
          assert.equal(String(d.spendable), (balance - pinned).toString());
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('amounts: latestActivity', () => {
  it('max non-null over all lists; none when all null or empty', () => {
    assert.equal(latestActivity([{ lastUpdate: 5 }, { lastUpdate: null }], [{ lastUpdate: 9 }], []), 9);
    assert.equal(latestActivity([{ lastUpdate: null }], []), undefined);
    assert.equal(latestActivity(), undefined);
    assert.equal(latestActivity([], [], [{ lastUpdate: 0 }]), 0);
  });

  it('tolerates absent lists at run time', () => {
    assert.equal(latestActivity(undefined as unknown as [], [{ lastUpdate: 3 }]), 3);
  });
});

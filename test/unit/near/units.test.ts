// NEAR units in code: the finder on literals and idioms of several languages, exact conversions at the edges,
// Convert Units… input (good and bad), and round trips (fast-check).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { findUnitAt, findUnits, kindOf } from '../../../src/near/unitFinder';
import type { UnitKind } from '../../../src/near/unitFinder';
import { copyForms, describeGas, describeYocto, parseUnitInput, U128_MAX, U64_MAX } from '../../../src/near/units';

const ONE_NEAR = 10n ** 24n;

describe('units: the finder', () => {
  // [line, the hit's text, kind, value] or [line, null] for no hit.
  const TABLE: Array<[string, string, UnitKind, bigint] | [string, null]> = [
    // JS / TS
    ['const deposit = "1500000000000000000000000";', '1500000000000000000000000', 'near', 1_500_000_000_000_000_000_000_000n],
    ['const GAS = 30_000_000_000_000;', '30_000_000_000_000', 'gas', 30_000_000_000_000n],
    ['await contract.ft_transfer({ args, gas: "300000000000000", attachedDeposit: "1" });', '300000000000000', 'both', 300_000_000_000_000n],
    ['const amount = 10n ** 24n;', '10n ** 24n', 'near', ONE_NEAR],
    ['const big = 1e24; // deposit', '1e24', 'near', ONE_NEAR],
    ['const v = parseNearAmount("1.5");', 'parseNearAmount("1.5")', 'near', 1_500_000_000_000_000_000_000_000n],
    ['const v = NEAR.toUnits("0.25");', 'NEAR.toUnits("0.25")', 'near', 250_000_000_000_000_000_000_000n],
    ['const x = 123456789012345;', '123456789012345', 'both', 123_456_789_012_345n],
    // Rust
    ['let deposit = NearToken::from_near(5);', 'NearToken::from_near(5)', 'near', 5n * ONE_NEAR],
    ['let d = NearToken::from_millinear(250);', 'NearToken::from_millinear(250)', 'near', 250n * 10n ** 21n],
    ['let d = NearToken::from_yoctonear(1);', 'NearToken::from_yoctonear(1)', 'near', 1n],
    ['const GAS_FOR_FT: Gas = Gas::from_tgas(30);', 'Gas::from_tgas(30)', 'gas', 30n * 10n ** 12n],
    ['Gas::from_ggas(5)', 'Gas::from_ggas(5)', 'gas', 5n * 10n ** 9n],
    ['let amount: u128 = 10u128.pow(24);', '10u128.pow(24)', 'near', ONE_NEAR],
    ['let stake = 1_000_000_000_000_000_000_000_000u128;', '1_000_000_000_000_000_000_000_000u128', 'near', ONE_NEAR],
    ['assert_eq!(env::attached_deposit(), ONE_YOCTO);', 'ONE_YOCTO', 'near', 1n],
    ['.transfer(ONE_NEAR)', 'ONE_NEAR', 'near', ONE_NEAR],
    // Python / JSON / TOML
    ['DEPOSIT = 100_000_000_000_000_000_000_000', '100_000_000_000_000_000_000_000', 'near', 10n ** 23n],
    ['  "balance": "240420562203528059226991880",', '240420562203528059226991880', 'near', 240_420_562_203_528_059_226_991_880n],
    ['prepaid_gas = 300000000000000', '300000000000000', 'gas', 300_000_000_000_000n],
    // Not amounts
    ['const height = 187310138;', null],
    ['"timestamp": 1739254177539033760,', null],
    ['const t = 1739254177539033760;', null],
    ['block_height: 118841842000,', null],
    ['const port = 3030;', null],
    ['const n = 42;', null],
    ['0x1500000000000000000000000000000000000000', null],
    ['version = "1.2.3"', null],
    ['let hash = "f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82";', null],
    ['const abc123456789012 = 1;', null],
    ['nonce: 123456789012345', null],
  ];

  for (const row of TABLE) {
    const [line, text] = row;
    it(`${text === null ? 'ignores' : 'finds'} ${JSON.stringify(line).slice(0, 70)}`, () => {
      const hits = findUnits(line);
      if (text === null)
        return assert.deepEqual(
          hits,
          [],
          JSON.stringify(hits, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
        );
      const [, , kind, value] = row as [string, string, UnitKind, bigint];
      const hit = hits.find((h) => h.text === text);
      assert.ok(hit, `no hit ${text} in ${JSON.stringify(hits.map((h) => h.text))}`);
      assert.equal(hit.kind, kind);
      assert.equal(hit.value, value);
      assert.equal(line.slice(hit.start, hit.end), text);
    });
  }

  it('a float gets its value and a warning; the hover position may be anywhere on an idiom', () => {
    const [f] = findUnits('deposit: 1.5e24');
    assert.equal(f?.value, 15n * 10n ** 23n);
    assert.match(f?.warning ?? '', /float cannot hold yoctoNEAR exactly/);
    const line = 'let d = NearToken::from_near(5);';
    for (const at of [8, 20, 29, 30]) assert.equal(findUnitAt(line, at)?.value, 5n * ONE_NEAR, `at ${at}`);
    assert.equal(findUnitAt(line, 2), undefined);
  });

  it('on a 1 MB minified line, reads only a window around the position (same hit, offsets in the line)', () => {
    const filler = 'a=b;'.repeat(262_144);
    const line = `${filler}deposit:"1500000000000000000000000",${filler}x=123456789012345678901234567890123`;
    const at = filler.length + 12;
    const hit = findUnitAt(line, at);
    assert.equal(hit?.value, 15n * 10n ** 23n);
    assert.equal(hit?.kind, 'near');
    assert.equal(line.slice(hit?.start, hit?.end), '1500000000000000000000000');
    // A number cut by the window's edge is not trusted: hovering its far end from a window that cuts it finds nothing wrong.
    const long = `${'9'.repeat(600)}`;
    const cut = `deposit=${long}`;
    assert.equal(findUnitAt(cut, 600)?.text, undefined, 'a 600-digit number is no amount (past 2^128), nor is a fragment of it');
  });

  it('the line before gives context: a gas constant named above its value', () => {
    assert.equal(findUnitAt('    30_000_000_000_000,', 6, '  // gas for the callback')?.kind, 'gas');
    assert.equal(findUnitAt('    30_000_000_000_000,', 6, '  // attached deposit')?.kind, 'near');
    // The literal's own line wins over the line before.
    assert.equal(findUnitAt('export const GAS = 30_000_000_000_000;', 22, "export const deposit = '1500000000000000000000000';")?.kind, 'gas');
  });

  it('kindOf: magnitude alone never claims small numbers, and gas never reaches 10^16', () => {
    assert.equal(kindOf(999_999_999n, 'deposit'), undefined);
    assert.equal(kindOf(10n ** 16n, 'gas'), 'near');
    assert.equal(kindOf(10n ** 13n, ''), 'both');
  });

  it('never throws and never reports an overlapping or out-of-range hit (random text)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const hits = findUnits(s);
        let last = -1;
        for (const h of hits) {
          assert.ok(h.start >= 0 && h.end <= s.length && h.start < h.end && h.start >= last);
          assert.equal(s.slice(h.start, h.end), h.text);
          last = h.end;
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('units: conversions', () => {
  it('is exact at 0, 1 yocto, 10^24 and 2^128 − 1', () => {
    assert.deepEqual(describeYocto(0n), { near: '0', yoctoGrouped: '0' });
    assert.deepEqual(describeYocto(1n), { near: '0.000000000000000000000001', yoctoGrouped: '1' });
    assert.deepEqual(describeYocto(ONE_NEAR), { near: '1', yoctoGrouped: '1,000,000,000,000,000,000,000,000' });
    assert.equal(describeYocto(U128_MAX).near, '340,282,366,920,938.463463374607431768211455');
    assert.deepEqual(describeGas(30_000_000_000_000n), { tgas: '30', pgas: '0.03', gasGrouped: '30,000,000,000,000' });
  });

  it('reads what a person types', () => {
    assert.deepEqual(parseUnitInput('1.5 NEAR'), { yocto: '1500000000000000000000000', near: '1.5' });
    assert.deepEqual(parseUnitInput('0.001 Ⓝ'), { yocto: '1000000000000000000000', near: '0.001' });
    assert.deepEqual(parseUnitInput('1e24 yocto'), { yocto: '1000000000000000000000000', near: '1' });
    assert.deepEqual(parseUnitInput('1500000000000000000000000'), { yocto: '1500000000000000000000000', near: '1.5' });
    assert.deepEqual(parseUnitInput('1,000 NEAR').near, '1000');
    assert.deepEqual(parseUnitInput('5 mNEAR').near, '0.005');
    const g = parseUnitInput('250 TGas');
    assert.equal(g.gas, '250000000000000');
    assert.equal(g.tgas, '250');
    assert.equal(parseUnitInput('30_000_000_000_000 gas').tgas, '30');
  });

  const BAD: Array<[string, RegExp]> = [
    ['1.5.5 NEAR', /more than one decimal point/],
    ['-1 NEAR', /cannot be negative/],
    ['0.0000000000000000000000001 NEAR', /more than 24 decimal places/],
    ['1.5 yocto', /not a whole number of yoctoNEAR/],
    ['3 furlongs', /Unknown unit "furlongs"/],
    [`${U128_MAX + 1n}`, /more than NEAR can hold/],
    [`${U64_MAX + 1n} gas`, /more gas than NEAR can count/],
    ['', /Type an amount/],
    ['NEAR', /not a number/],
  ];
  for (const [input, why] of BAD) {
    it(`refuses ${JSON.stringify(input)} saying why`, () => assert.throws(() => parseUnitInput(input), why));
  }

  it('round trips: parse(format(x)) = x for random yocto amounts and gas', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U128_MAX }), (y) => {
        const near = describeYocto(y).near.replace(/,/g, '');
        assert.equal(parseUnitInput(`${near} NEAR`).yocto, String(y));
        assert.equal(parseUnitInput(String(y)).near, near);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX }), (g) => {
        const tgas = describeGas(g).tgas.replace(/,/g, '');
        assert.equal(parseUnitInput(`${tgas} TGas`).gas, String(g));
      }),
      { numRuns: 3000 },
    );
  });

  it('offers the forms to copy, in JS and Rust', () => {
    const c = parseUnitInput('1.5 NEAR');
    assert.deepEqual(
      copyForms(c, 'near').map((f) => f.text),
      ['1500000000000000000000000', '1.5', 'parseNearAmount("1.5")', '1500000000000000000000000n', 'NearToken::from_yoctonear(1500000000000000000000000)'],
    );
    assert.ok(copyForms(parseUnitInput('2 NEAR'), 'near').some((f) => f.text === 'NearToken::from_near(2)'));
    assert.deepEqual(
      copyForms(parseUnitInput('30 TGas'), 'gas').map((f) => f.text),
      ['30000000000000', '30', '30000000000000n', 'Gas::from_tgas(30)'],
    );
  });
});

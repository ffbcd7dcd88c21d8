// Unit tests of src/features/diagnostics/model/amountLint.ts: floats used as yoctoNEAR or gas that a double cannot hold, and
// their exact forms per language.
import { strict as assert } from 'node:assert';
import { exactForms, findInexactAmounts } from '../../../../src/features/diagnostics/model/amountLint';

describe('diagnostics: inexact amounts', () => {
  it('1.5e24 as a deposit in TypeScript: a BigInt literal (preferred) or a string', () => {
    const text = 'await contract.deposit({ amount: 1.5e24 });';
    const [p, ...rest] = findInexactAmounts(text, 'typescript');
    assert.equal(rest.length, 0);
    assert.equal(text.slice(p!.start, p!.end), '1.5e24');
    assert.match(p!.message, /^A float cannot hold this amount exactly: 1\.5e24 is 1500000000000000000000000 yoctoNEAR, but the program gets \d+\.$/);
    assert.deepEqual(
      p!.fixes.map((f) => [f.newText, f.preferred ?? false]),
      [
        ['1_500_000_000_000_000_000_000_000n', true],
        ['"1500000000000000000000000"', false],
      ],
    );
  });
  it('1.5 * 10 ** 24, 2 * 1e24 and a bare 10 ** 24 in JS', () => {
    const text = 'const deposit = 1.5 * 10 ** 24;\nconst stake = 2 * 1e24;\nconst ONE = 10 ** 24; // yocto';
    const found = findInexactAmounts(text, 'javascript').map((p) => text.slice(p.start, p.end));
    assert.deepEqual(found, ['1.5 * 10 ** 24', '2 * 1e24', '10 ** 24']);
  });
  it('Rust: u128 with separators for yocto, u64 for gas; Python keeps 10 ** 24 (an exact int)', () => {
    const rust = 'let deposit = (2.5e24) as u128;\nlet gas = 3.3e14 as u64; // prepaid gas';
    assert.deepEqual(
      findInexactAmounts(rust, 'rust').map((p) => p.fixes[0]?.newText),
      ['2_500_000_000_000_000_000_000_000_u128'],
      '3.3e14 is exact as a double',
    );
    // Gas never reaches 2^53, where doubles stop holding integers: the u64 form is for completeness.
    assert.equal(exactForms(300_000_000_000_000n, 'rust', 'gas')[0]?.newText, '300_000_000_000_000_u64');
    assert.deepEqual(findInexactAmounts('deposit = 10 ** 24', 'python'), []);
    assert.equal(findInexactAmounts('deposit = 1.5 * 10 ** 24', 'python')[0]?.fixes[0]?.newText, '1_500_000_000_000_000_000_000_000');
  });
  it('exact floats, small numbers, strings, BigInts and other quantities raise nothing', () => {
    for (const text of [
      'const gas = 30e12;',
      'const gas = 300 * 10 ** 12; // 300 TGas',
      'const deposit = 10n ** 24n;',
      'const x = 1.5e3;',
      'const amount = "1.5e24";',
      'const block_height = 1.5e24;',
      'const version = 1e21;',
      'const h = foo.1e24;',
      'parseNearAmount("1.5")',
    ])
      assert.deepEqual(findInexactAmounts(text, 'javascript'), [], text);
  });
});

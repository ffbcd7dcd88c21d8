// The unit hover's text and the inlay hint labels: NEAR, gas, both (never a silent guess), the float warning.
import { strict as assert } from 'node:assert';
import { findUnits } from '../../../../src/near/unitFinder';
import type { UnitHit } from '../../../../src/near/unitFinder';
import { unitInlayLabel, unitSection } from '../../../../src/features/units/model/unitMarkdown';

const hit = (line: string): UnitHit => {
  const [h] = findUnits(line);
  assert.ok(h, `no hit in ${line}`);
  return h;
};

describe('unit hover text and inlay labels', () => {
  it('NEAR: the exact value in NEAR and the grouped yocto digits', () => {
    assert.equal(unitSection(hit('deposit = "1500000000000000000000000"')), '**1.5 NEAR** · 1,500,000,000,000,000,000,000,000 yoctoNEAR');
    assert.equal(unitInlayLabel(hit('deposit = "1500000000000000000000000"'), 5), '= 1.5 NEAR');
    assert.equal(unitInlayLabel(hit('deposit = "1234567890123456789012345"'), 2), '≈ 1.23 NEAR');
  });

  it('gas: TGas, PGas and the grouped digits', () => {
    assert.equal(unitSection(hit('gas: 30_000_000_000_000')), '**30 TGas** · 0.03 PGas · 30,000,000,000,000 gas');
    assert.equal(unitInlayLabel(hit('gas: 30_000_000_000_000'), 5), '= 30 TGas');
  });

  it('unclear: both readings and a line that says so', () => {
    const s = unitSection(hit('x = 300000000000000'));
    assert.match(s, /^As yoctoNEAR: \*\*0\.0000000003 NEAR\*\*/);
    assert.match(s, /As gas: \*\*300 TGas\*\*/);
    assert.match(s, /does not say which/);
    assert.equal(unitInlayLabel(hit('x = 300000000000000'), 5), '< 0.00001 NEAR | = 300 TGas');
  });

  it('a float is converted with a warning', () => {
    assert.match(unitSection(hit('amount = 1.5e24')), /⚠ A float cannot hold yoctoNEAR exactly\./);
  });
});

// What the unit hover and the inlay hints say about an amount found in code: NEAR, gas, or both when the finder
// cannot tell (never a silent guess). Pure: no `vscode`, no I/O; every figure exact or rounded down and said so.
import { formatNear } from '../../../near/amounts';
import { describeGas, describeYocto } from '../../../near/units';
import type { UnitHit } from '../../../near/unitFinder';

/** The hover section of an amount, as markdown (only digits, separators and our own words: nothing to escape). */
export function unitSection(hit: UnitHit): string {
  const near = (): string => {
    const d = describeYocto(hit.value);
    return `**${d.near} NEAR** · ${d.yoctoGrouped} yoctoNEAR`;
  };
  const gas = (): string => {
    const g = describeGas(hit.value);
    return `**${g.tgas} TGas** · ${g.pgas} PGas · ${g.gasGrouped} gas`;
  };
  const lines =
    hit.kind === 'near' ? [near()] : hit.kind === 'gas' ? [gas()] : ['As yoctoNEAR: ' + near(), 'As gas: ' + gas(), '_The code around it does not say which._'];
  if (hit.warning) lines.push(`⚠ ${hit.warning.charAt(0).toUpperCase()}${hit.warning.slice(1)}.`);
  return lines.join('\n\n');
}

/** The inlay hint after an amount: "≈ 1.5 NEAR" (rounded down to `decimals`), "= 30 TGas", or both. */
export function unitInlayLabel(hit: UnitHit, decimals: number): string {
  const near = formatNear(hit.value, decimals);
  const exactNear = `${describeYocto(hit.value).near} NEAR` === near;
  const nearLabel = /^[<>]/.test(near) ? near : `${exactNear ? '=' : '≈'} ${near}`;
  const gasLabel = `= ${describeGas(hit.value).tgas} TGas`;
  return hit.kind === 'near' ? nearLabel : hit.kind === 'gas' ? gasLabel : `${nearLabel} | ${gasLabel}`;
}

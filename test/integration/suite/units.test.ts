// In-editor: NEAR units in code — the unit hover on a yocto string and a gas literal (no request), Convert Units
// called with an argument, and the opt-in inlay hints on and off.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, hoverText, openFixture, positionOf, setUserSetting, waitFor } from '../support/editor';
import { resetStub, stubRequests } from '../support/stubClient';

async function hoverAt(text: string): Promise<string> {
  const editor = await openFixture('units.ts');
  return (await hoverText(editor.document.uri, positionOf(editor.document, text, 0, 3))).replace(/\\(.)/g, '$1');
}

async function nearLensHints(uri: vscode.Uri): Promise<string[]> {
  const hints = (await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', uri, new vscode.Range(0, 0, 10, 0))) ?? [];
  return hints.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''))).filter((l) => /NEAR|TGas/.test(l));
}

describe('NEAR units in code', () => {
  before(async () => {
    await activateExtension();
    await resetStub();
  });
  after(async () => {
    await setUserSetting('nearLens.inlayHints.units', undefined);
  });

  it('hovers a yoctoNEAR string with its NEAR value, exact, and sends nothing', async () => {
    const text = await hoverAt('1500000000000000000000000');
    assert.ok(text.includes('**1.5 NEAR** · 1,500,000,000,000,000,000,000,000 yoctoNEAR'), text);
    assert.deepEqual(await stubRequests(), []);
  });

  it('hovers a gas literal in TGas', async () => {
    const text = await hoverAt('30_000_000_000_000');
    assert.ok(text.includes('**30 TGas** · 0.03 PGas · 30,000,000,000,000 gas'), text);
  });

  it('has no unit hover on a block height', async () => {
    assert.equal(await hoverAt('187310138'), '');
  });

  it('Convert Units returns the conversions to code, and refuses bad input with the reason', async () => {
    const r = await vscode.commands.executeCommand<{ yocto: string; near: string; tgas?: string }>('nearLens.convertUnits', '1.5 NEAR');
    assert.deepEqual(r, { yocto: '1500000000000000000000000', near: '1.5' });
    const g = await vscode.commands.executeCommand<{ gas?: string; tgas?: string }>('nearLens.convertUnits', '250 TGas');
    assert.equal(g?.tgas, '250');
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.convertUnits', '1.5.5 NEAR')), /more than one decimal point/);
  });

  it('inlay hints appear only when nearLens.inlayHints.units is on', async () => {
    const editor = await openFixture('units.ts');
    assert.deepEqual(await nearLensHints(editor.document.uri), []);
    await setUserSetting('nearLens.inlayHints.units', true);
    const labels = await waitFor(
      async () => {
        const l = await nearLensHints(editor.document.uri);
        return l.length >= 3 ? l : undefined;
      },
      { what: 'unit inlay hints' },
    );
    assert.ok(labels.includes('= 1.5 NEAR'), labels.join(' | '));
    assert.ok(labels.includes('= 30 TGas'), labels.join(' | '));
    assert.ok(labels.includes('= 1 NEAR'), labels.join(' | '));
    await setUserSetting('nearLens.inlayHints.units', false);
    await waitFor(async () => ((await nearLensHints(editor.document.uri)).length === 0 ? true : undefined), { what: 'no unit inlay hints' });
  });
});

// In-editor: balance inlay hints (opt-in) — after each account id in view, exact to the shown decimals, fetched in one
// de-duplicated batch; none when the setting is off or when lookups are off (and then nothing is sent).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, openFixture, setUserSetting, waitFor } from '../support/editor';
import { clearStubRequests, resetStub, stubRequests } from '../support/stubClient';

async function balanceHints(uri: vscode.Uri): Promise<string[]> {
  const hints = (await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', uri, new vscode.Range(0, 0, 12, 0))) ?? [];
  return hints.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''))).filter((l) => /NEAR$|no such account/.test(l));
}

describe('balance inlay hints', () => {
  before(async () => {
    await resetStub();
  });
  afterEach(async () => {
    await setUserSetting('nearLens.inlayHints.balances', undefined);
    await setUserSetting('nearLens.hover.lookups', undefined);
  });

  it('show each account balance after its id, fetched once, and go when turned off', async () => {
    const api = await activateExtension();
    api.services.clientForNetwork().client.accounts.invalidate();
    const editor = await openFixture('sample.ts');
    assert.deepEqual(await balanceHints(editor.document.uri), []);
    await clearStubRequests();
    await setUserSetting('nearLens.inlayHints.balances', true);
    const labels = await waitFor(
      async () => {
        // Hints come as their batch answers: wait for the ones below, not for any three.
        const l = await balanceHints(editor.document.uri);
        return ['= 1,234.5678 NEAR', '≈ 240.42056 NEAR', '· no such account'].every((x) => l.includes(x)) ? l : undefined;
      },
      { what: 'balance inlay hints' },
    );
    // alice.near: 1234567800000000000000000000 yocto, exact at 5 decimals; here.tg: 240.420562203528059226991880 NEAR.
    assert.ok(labels.includes('= 1,234.5678 NEAR'), labels.join(' | '));
    assert.ok(labels.includes('≈ 240.42056 NEAR'), labels.join(' | '));
    assert.ok(labels.includes('· no such account'), labels.join(' | '));
    const fulls = (await stubRequests()).filter((r) => r.path.endsWith('/full'));
    const perId = new Map<string, number>();
    for (const r of fulls) perId.set(r.path, (perId.get(r.path) ?? 0) + 1);
    assert.ok(
      [...perId.values()].every((n) => n === 1),
      `one request per id: ${JSON.stringify([...perId])}`,
    );
    await setUserSetting('nearLens.inlayHints.balances', false);
    await waitFor(async () => ((await balanceHints(editor.document.uri)).length === 0 ? true : undefined), { what: 'no balance hints' });
  });

  it('never appear, and send nothing, while nearLens.hover.lookups is off', async () => {
    const api = await activateExtension();
    api.services.clientForNetwork().client.accounts.invalidate();
    await setUserSetting('nearLens.hover.lookups', false);
    await setUserSetting('nearLens.inlayHints.balances', true);
    const editor = await openFixture('sample.ts');
    await clearStubRequests();
    assert.deepEqual(await balanceHints(editor.document.uri), []);
    assert.equal(api.balanceHints.current, undefined, 'no provider registered');
    assert.deepEqual(await stubRequests(), []);
  });
});

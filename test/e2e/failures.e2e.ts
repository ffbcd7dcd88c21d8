// Browser E2E: a failed transaction's hash as a developer meets it in a test run's log (test/fixtures/workspace/
// cargo-test.log), hovered in the packaged .vsix until the hover explains the panic and names the line
// ("Go to contracts/game/src/lib.rs:29", the crate of the contract's NEP-330 contract_path among two src/lib.rs),
// that link clicked to the line, and Show Failure in Code's Error drawn on it. Saves
// .e2e/screenshots/readme-failure.png (the README's picture, docs/images/failure.png).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { STUB_TX } from '../support/stubTx';
import { useWorkbench } from './support/session';
import { activeEditor, cropAround, hoverUntil, nearLensActive, openFromExplorer, pieceOnScreen, poll } from './support/workbench';

/** The cursor's place as the status bar says it ("Ln 29, Col 50"). */
async function cursorAt(page: Page): Promise<string> {
  return (await page.locator('.statusbar-item[id="status.editor.selection"]').innerText()).trim();
}

describe('NEAR Lens failures: from a failed hash in a log to the line', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'failures', shots: '*failure*.png' });

  it('hovers the failed hash in a log: why it failed, the fix, the line in the workspace', async () => {
    const { page, stub } = wb;
    await nearLensActive(page);
    await openFromExplorer(page, 'cargo-test.log');
    stub.clearRequests();
    const { text, hover } = await hoverUntil(page, await pieceOnScreen(page, STUB_TX.panicLocation), /Go to contracts\/game\/src\/lib\.rs:29/);
    assert.match(text, /✗ failed · player\.lensdev\.near → game\.lensdev\.near/, text);
    assert.match(text, /Panicked — claim on game\.lensdev\.near panicked at src\/lib\.rs:29:50\./, text);
    assert.match(text, /Fix: An unwrap\(\) met None there/, text);
    assert.match(text, /Go to contracts\/game\/src\/lib\.rs:29 · Go to contracts\/arcade\/src\/lib\.rs:29 · Show Failure in Code/, text);
    assert.match(text, /Contract source \(NEP-330\): https:\/\/github\.com\/example\/lens-games · version 0\.3\.1/, text);
    assert.match(text, /`?claim\(\{"round_id":7\}\)`? call, 30 TGas/, text);
    // The transaction once, the receiver's code hash and its NEP-330 metadata once each, however many hover attempts.
    assert.deepEqual(
      stub.requests.filter((r) => r.host === 'tx').map((r) => r.path),
      ['/v0/transactions'],
    );
    const rpc = stub.requests.filter((r) => r.host === 'rpc').map((r) => (r.body as { params?: { request_type?: string; method_name?: string } }).params);
    assert.deepEqual(
      rpc.map((p) => p?.method_name ?? p?.request_type),
      ['view_account', 'contract_source_metadata'],
    );
    await wb.shot('failure-1-hover');
    await wb.shot('readme-failure', await cropAround(page.locator('.editor-group-container.active'), hover));
  });

  it("the hover's Go to link opens contracts/game/src/lib.rs at line 29", async () => {
    const { page } = wb;
    const { hover } = await hoverUntil(page, await pieceOnScreen(page, STUB_TX.panicLocation), /Go to contracts\/game\/src\/lib\.rs:29/);
    await hover.locator('a', { hasText: 'Go to contracts/game/src/lib.rs:29' }).click();
    await page.locator('.tabs-container .tab.active[aria-label^="lib.rs"]').waitFor({ timeout: 30_000 });
    await poll(async () => ((await cursorAt(page)) === 'Ln 29, Col 50' ? true : undefined), 'the cursor at line 29, column 50');
    const line = await activeEditor(page).locator('.view-line', { hasText: 'let winning_party = round.winner.clone().unwrap();' }).count();
    assert.equal(line, 1, 'the line is on screen');
    await wb.shot('failure-2-line');
  });

  it('Show Failure in Code draws the Error on that line', async () => {
    const { page } = wb;
    await openFromExplorer(page, 'cargo-test.log');
    const { hover } = await hoverUntil(page, await pieceOnScreen(page, STUB_TX.panicLocation), /Show Failure in Code/);
    await hover.locator('a', { hasText: 'Show Failure in Code' }).click();
    await page.locator('.tabs-container .tab.active[aria-label^="lib.rs"]').waitFor({ timeout: 30_000 });
    await activeEditor(page).locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    await poll(async () => ((await cursorAt(page)) === 'Ln 29, Col 50' ? true : undefined), 'the cursor at the failure');
    // The status bar counts the one Error.
    const problems = page.locator('.statusbar-item[id="status.problems"]');
    await poll(async () => (/^1\b/.test((await problems.innerText()).trim()) ? true : undefined), 'one error in the status bar');
    await wb.shot('failure-3-problem');
  });
});

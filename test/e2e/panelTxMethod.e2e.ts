// Browser E2E (#47): the balance panel's Method filter as a person meets it in the packaged .vsix against the loopback
// stub — the demo contract's calls to it, one method picked from those read, its failed calls first from the keyboard,
// and method names that are markup shown as text (no element, no dialog). Saves .e2e/screenshots/panel-tx-method.png.
import assert from 'node:assert/strict';
import { useWorkbench } from './support/session';
import { answerInputBox, cropAround, panelFrame, poll, runCommand, nearLensActive } from './support/workbench';
import type { Locator } from 'playwright-core';

/** The stub's demo contract: failed calls of claim, clam and settle_all in its fixture history. */
const GAME = 'game.lensdev.near';
/** A method name that is markup: anyone can call a contract with any method name. */
const HOSTILE = '<img src=x onerror=alert(1)>';

/** Each row's status and actions cells, as a person reads them. */
const cellsOf = (rows: Locator): Promise<Array<{ status: string; actions: string }>> =>
  rows.evaluateAll((rs) =>
    rs.map((r) => ({
      status: (r.querySelector('td:nth-child(2)') as HTMLElement).innerText.trim(),
      actions: (r.querySelector('td:nth-child(4)') as HTMLElement).innerText.trim(),
    })),
  );

describe("NEAR Lens balance panel's Method filter in the browser", function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'tx-method', shots: 'panel-tx-method.png' });

  it("picks one method's calls among the rows read, failed first, and shows hostile names as text", async () => {
    const { page, stub } = wb;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Above the fixture's failed claim: two claims that succeed, a settle_all, and a call of a method named like markup.
    for (const method of ['claim', 'settle_all', HOSTILE, 'claim']) stub.appendCall({ contract: GAME, method, signer: 'player.lensdev.near' });
    await nearLensActive(page);
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, GAME, /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: GAME }).waitFor({ timeout: 60_000 });
    const section = frame.locator('section.txs');
    const rows = section.locator('tbody tr');
    const status = section.locator('.tx-status');
    await section.locator('button', { hasText: 'Show transactions' }).click();
    await poll(async () => ((await status.innerText()).startsWith('1–') ? true : undefined), 'the first page');
    await section.locator('select[data-key="tx-which"]').selectOption('callsTo');
    const method = section.locator('label', { hasText: 'Method' }).locator('select');
    await poll(async () => ((await method.isEnabled()) && (await status.innerText()).startsWith('1–') ? true : undefined), 'the calls to it');

    // The methods of the rows read, after All methods; the markup one is an option's text, not an element.
    const options = await method.locator('option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    assert.deepEqual(options[0], ['', 'All methods']);
    for (const m of ['claim', 'clam', 'settle_all', HOSTILE])
      assert.ok(
        options.some(([v, t]) => v === m && t === m),
        `${m} in ${JSON.stringify(options)}`,
      );
    const failedFirst = section.locator('label', { hasText: 'Failed first' }).locator('input');
    assert.equal(await failedFirst.isDisabled(), true, 'nothing to order before a method is picked');

    // claim, from the keyboard: its calls only, in the order read (the successful ones are newer than the failed one).
    await method.focus();
    await method.selectOption({ label: 'claim' });
    await poll(async () => {
      const c = await cellsOf(rows);
      return c.length >= 3 && c.every((x) => x.actions === 'claim') && c[0]?.status.startsWith('✓') ? c : undefined;
    }, "claim's calls");
    assert.match(await status.innerText(), /^1–\d+ of \d+ calls to claim in the \d+ read$/);
    await poll(async () => ((await failedFirst.isEnabled()) ? true : undefined), 'Failed first offered');
    await failedFirst.focus();
    await page.keyboard.press('Space');
    const ordered = await poll(async () => {
      const c = await cellsOf(rows);
      return c[0]?.status.startsWith('✗') && c.every((x) => x.actions === 'claim') ? c : undefined;
    }, 'failed calls first');
    const marks = ordered.map((c) => c.status[0]);
    assert.ok(marks.lastIndexOf('✗') < marks.indexOf('✓'), marks.join(' '));
    assert.equal(await failedFirst.isChecked(), true);
    await section.scrollIntoViewIfNeeded();
    await wb.shot('panel-tx-method', await cropAround(page.locator('.editor-group-container.active'), section));

    // The markup name: its call's row reads it as text; no image was made, no script ran.
    await method.selectOption({ value: HOSTILE });
    await poll(async () => {
      const c = await cellsOf(rows);
      return c.length === 1 && c[0]?.actions === HOSTILE ? true : undefined;
    }, 'the call of the markup-named method');
    assert.equal(await frame.locator('img').count(), 0);
    assert.deepEqual(dialogs, []);
    assert.match(await status.innerText(), /^1–1 of 1 call to <img src=x onerror=alert\(1\)> in the \d+ read$/);

    // All methods again: every call to it read, nothing picked.
    await method.selectOption({ label: 'All methods' });
    await poll(async () => {
      const c = await cellsOf(rows);
      return new Set(c.map((x) => x.actions)).size > 2 ? true : undefined;
    }, 'every method again');
    assert.equal(await failedFirst.isDisabled(), true);
  });
});

// Browser E2E (#33, item 4): the balance panel's Transactions table as a person meets it — Show transactions, 20 rows
// newest first, Older to the next page read with the service's resume token, Newer back, "Failed only" — in the
// packaged .vsix against the loopback stub's transactions host. Saves .e2e/screenshots/readme-panel-transactions.png
// and copies it to docs/images/panel-transactions.png (the README's picture). Then a network switch with the panel
// open (#45): on a local node the table keeps no row of the network before and says why it has none; back on the
// custom network it replaced, it reads its rows again.
import assert from 'node:assert/strict';
import { toReadme, useWorkbench } from './support/session';
import { answerInputBox, cropAround, panelFrame, poll, runCommand, nearLensActive } from './support/workbench';
import type { Page } from 'playwright-core';

/** The stub's account with a paged history: 47 transactions (pages of 20, 20 and 7). */
const ACCOUNT = 'history.near';

describe("NEAR Lens balance panel's Transactions table in the browser", function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'txs', shots: 'readme-panel-transactions.png' });

  it('pages the table: 20 rows, Older, Newer, Failed only', async () => {
    const { page, stub } = wb;
    // NEAR Lens has activated once its status-bar item shows the network.
    await nearLensActive(page);
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, ACCOUNT, /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: ACCOUNT }).waitFor({ timeout: 60_000 });
    const section = frame.locator('section.txs');
    const rows = section.locator('tbody tr');
    const status = section.locator('.tx-status');
    stub.clearRequests();
    await section.locator('button', { hasText: 'Show transactions' }).click();
    await poll(async () => ((await status.innerText()) === '1–20 of 47' ? true : undefined), 'the first page');
    assert.equal(await rows.count(), 20);
    // A page of 20: the page, then its 20 records in one batch.
    assert.deepEqual(
      stub.requests.filter((r) => r.host === 'tx').map((r) => r.path),
      ['/v0/account', '/v0/transactions'],
    );
    // #38: beside its 47 transactions the footer's figure says what it is — the tokens', NFTs' and pools' last update
    // (history.near has none) — and no longer reads as the account's latest activity.
    assert.match((await frame.locator('footer').innerText()).trim(), /^Tokens, NFTs and pools last updated: (none held|not tracked|block #[\d,]+)\n/);
    assert.doesNotMatch(await frame.locator('body').innerText(), /Latest activity/);
    const firstHash = await rows.first().locator('button.link').getAttribute('title');
    await section.scrollIntoViewIfNeeded();
    toReadme(await wb.shot('readme-panel-transactions', await cropAround(page.locator('.editor-group-container.active'), section)), 'panel-transactions');

    await section.locator('button', { hasText: 'Older' }).click();
    await poll(async () => ((await status.innerText()) === '21–40 of 47' ? true : undefined), 'the second page');
    assert.equal(await rows.count(), 20);
    assert.notEqual(await rows.first().locator('button.link').getAttribute('title'), firstHash);
    await section.locator('button', { hasText: 'Older' }).click();
    await poll(async () => ((await status.innerText()) === '41–47 of 47' ? true : undefined), 'the last page');
    assert.equal(await rows.count(), 7);
    assert.equal(await section.locator('button', { hasText: 'Older' }).isDisabled(), true, 'nothing older');
    await section.locator('button', { hasText: 'Newer' }).click();
    await poll(async () => ((await status.innerText()) === '21–40 of 47' ? true : undefined), 'back to the second page');

    await section.locator('label', { hasText: 'Failed only' }).locator('input').check();
    await poll(async () => ((await status.innerText()).startsWith('1–') ? true : undefined), 'the failed ones');
    const marks = await rows.evaluateAll((rs) => rs.map((r) => (r.querySelector('td:nth-child(2)') as HTMLElement).innerText));
    assert.ok(marks.length > 0 && marks.every((m) => m.startsWith('✗')), marks.join(' | '));
    await wb.shot('08-panel-transactions');
  });

  it('after a network switch the open table reads again: no old rows on a node, its rows again back on the custom network', async () => {
    const { page, stub } = wb;
    const frame = panelFrame(page);
    const section = frame.locator('section.txs');
    const pick = async (p: Page, row: string): Promise<void> => {
      await runCommand(p, 'NEAR Lens: Switch Network…');
      await p.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: row }).click();
    };
    await pick(page, 'Local node…');
    await answerInputBox(page, stub.rpcUrl, /Local node/);
    await poll(
      async () => ((await section.innerText()).includes('No transactions API on this network') ? true : undefined),
      'the table to say this network has no transactions API',
      60_000,
    );
    assert.equal(await section.locator('tbody tr').count(), 0, 'no row of the network before');
    await wb.shot('09-panel-after-switch');
    await pick(page, 'the custom network before Local node');
    // Read again from the newest, under the filter left on (Failed only): its first page.
    await poll(
      async () =>
        /^1–\d+ of \d+/.test(
          await section
            .locator('.tx-status')
            .innerText()
            .catch(() => ''),
        )
          ? true
          : undefined,
      'its rows read again',
      60_000,
    );
  });
});

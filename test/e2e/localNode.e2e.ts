// Local node (#26, #38): a new user (fresh profile, packaged .vsix) switches to Local node… pointing at the stub's RPC —
// the stub in RPC-only mode, its REST paths answering 404 like a node that has none — hovers a sandbox id in the
// sandbox's log (test/fixtures/workspace/sandbox.log) and opens its balance panel: exact native figures, "no indexer
// on this network" where tokens would be, and no error text anywhere on screen. Then back (#45): Switch Network…
// offers the custom network the node replaced by name, and its transactions answer again. Saves
// docs/images/log-hover.png.
import assert from 'node:assert/strict';
import { RAW_ERROR, assertNoErrorOnScreen as noErrorOn, toReadme, useWorkbench } from './support/session';
import { answerInputBox, cropAround, hoverUntil, openFromExplorer, panelFrame, poll, runCommand, nearLensActive } from './support/workbench';

/** Text that only a bug or an unhandled error puts on screen, and the words of a failure. */
const ERROR_OR_FAILURE = new RegExp(`${RAW_ERROR.source}|unavailable|failed|Nothing answers`);
const LOCAL = 'alice.test.near';

describe('local node: a new user switches to Local node…, hovers a sandbox id and opens its panel (#26)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'local-node', shots: 'local-*.png', ready: (w) => w.stub.setRpcOnly(true) }); // a node: JSON-RPC only
  const assertNoErrorOnScreen = (where: string): Promise<void> => noErrorOn(wb.page, where, ERROR_OR_FAILURE);

  it('Switch Network… → Local node… checks the node and says its chain and head', async () => {
    const { page } = wb;
    // NEAR Lens is active (its status-bar item is there) before its commands are looked for in the palette.
    await nearLensActive(page);
    await runCommand(page, 'NEAR Lens: Switch Network…');
    const widget = page.locator('.quick-input-widget');
    await widget.locator('.quick-input-list .monaco-list-row', { hasText: 'Local node…' }).click();
    await answerInputBox(page, wb.stub.rpcUrl, /Local node/);
    const toast = page.locator('.notification-toast', { hasText: /Local node at 127\.0\.0\.1:\d+: chain testnet, head #187,310,138/ });
    await toast.waitFor({ timeout: 30_000 });
    // Nothing erased silently: the demo's custom network (REST, archival, transactions API) is said to be kept.
    assert.match(await toast.innerText(), /The custom network it replaced \(custom · 127\.0\.0\.1:\d+ — REST, archival, transactions API\) is kept/);
    await wb.shot('local-1-switched');
    await assertNoErrorOnScreen('after Local node…');
  });

  it('hovers a sandbox id in its log file: exact figures from RPC, "no indexer" in a word', async () => {
    const { page } = wb;
    await openFromExplorer(page, 'sandbox.log');
    const { text, hover } = await hoverUntil(page, LOCAL, /Total owned:/);
    // view_account amount 99999998776381849800000000 yocto = 99.99999 NEAR (5 decimals), and every digit: "exact" holds.
    assert.ok(text.includes('Balance: 99.99999 NEAR (exactly 99.9999987763818498)'), text);
    assert.ok(text.includes('no indexer on this network'), text);
    assert.match(text, /local · 127\.0\.0\.1:\d+ · RPC/);
    await wb.shot('local-2-hover');
    toReadme(await wb.shot('readme-log-hover', await cropAround(page.locator('.editor-group-container.active'), hover)), 'log-hover');
    await assertNoErrorOnScreen('with the hover open');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
  });

  it('opens the balance panel: the figures, and "no indexer on this network" where the tables would be', async () => {
    const { page } = wb;
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, LOCAL, /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('section.balance').waitFor({ timeout: 60_000 });
    await poll(
      async () => ((await frame.locator('section.holdings').innerText()).includes('no indexer on this network') ? true : undefined),
      'the word in the holdings',
    );
    assert.match(await frame.locator('section.balance').innerText(), /99\.99999 NEAR/);
    await wb.shot('local-3-panel');
    await assertNoErrorOnScreen('with the panel open');
    assert.deepEqual(
      wb.stub.requests.filter((r) => r.host === 'api').map((r) => r.path),
      [],
      'no REST request after the switch',
    );
  });

  it('back to the custom network it replaced: offered by name, every URL restored, its transactions answer again', async () => {
    const { page, stub } = wb;
    stub.setRpcOnly(false); // the demo service whole again, as `npm start -- --stub` serves it
    await runCommand(page, 'NEAR Lens: Switch Network…');
    const widget = page.locator('.quick-input-widget');
    const back = widget.locator('.quick-input-list .monaco-list-row', { hasText: 'the custom network before Local node' });
    await back.waitFor();
    assert.match(await back.innerText(), /custom · 127\.0\.0\.1:\d+[\s\S]*REST, archival, transactions API/);
    await back.click();
    await page
      .locator('.notification-toast', { hasText: /custom · 127\.0\.0\.1:\d+ is in use again — REST, archival, transactions API/ })
      .waitFor({ timeout: 30_000 });
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, 'history.near', /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: 'history.near' }).waitFor({ timeout: 60_000 });
    const section = frame.locator('section.txs');
    await section.locator('button', { hasText: 'Show transactions' }).click();
    await poll(async () => ((await section.locator('.tx-status').innerText()) === '1–20 of 47' ? true : undefined), 'the transactions, answered again');
    await wb.shot('local-4-back');
  });
});

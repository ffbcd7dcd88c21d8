// First contact (#21): a fresh profile (no key, no watched account; only the endpoints point at the loopback stub, as
// tests never reach the internet) goes through a new user's first ten minutes — open the view, add an account from its
// welcome, hover an id, open the panel, query a block twice, close every editor — and nothing on screen is an error:
// no save prompt, no error notification, no raw error text in the workbench or the webview.
import assert from 'node:assert/strict';
import path from 'node:path';
import { expectedAccount, shownNear } from './support/figures';
import { packageVsix } from './support/packaging';
import {
  SCREENSHOTS,
  answerInputBox,
  editorText,
  hoverUntil,
  openFromExplorer,
  panelFrame,
  pickQuickItem,
  poll,
  runCommand,
  sideBarTreeRows,
  startWorkbench,
} from './support/workbench';
import type { Workbench } from './support/workbench';

/** Text that only a bug or an unhandled error puts on screen. */
const RAW_ERROR =
  /\b(?:Error|TypeError|ReferenceError|SyntaxError):|ECONNREFUSED|ECONNRESET|\bat [\w.<>]+ \(|\[object Object\]|\bundefined\b|\bNaN\b|does not exist while viewing|-32000|Server error/;

describe('first contact: a new user’s first ten minutes (fresh profile, packaged .vsix)', function () {
  this.timeout(120_000);
  let wb: Workbench;

  before(async function () {
    this.timeout(300_000);
    const { vsix } = packageVsix();
    wb = await startWorkbench({ vsix, settings: {} });
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !wb) return;
    const file = await wb.shot(`FAILED-first-contact-${(this.currentTest.title ?? 'test').replace(/[^\w]+/g, '-').slice(0, 50)}`).catch(() => '(none)');
    console.log(`      [e2e] failure screenshot: ${path.relative(process.cwd(), file)}\n${wb.logTail(15)}`);
  });

  after(async () => {
    await wb?.close();
    console.log(`      [e2e] screenshots: ${path.relative(process.cwd(), SCREENSHOTS)}/first-*.png`);
  });

  /** Nothing on screen reads like an error: no error toast, no raw error text in the workbench or the panel's frames. */
  async function assertNoErrorOnScreen(where: string): Promise<void> {
    const { page } = wb;
    assert.equal(await page.locator('.notification-toast .codicon-error, .notifications-center .codicon-error').count(), 0, `${where}: an error notification`);
    const text = await page.locator('body').innerText();
    const bad = text.split('\n').filter((l) => RAW_ERROR.test(l));
    assert.deepEqual(bad, [], `${where}: raw error text on screen`);
    for (const frame of page.frames()) {
      const t = await frame
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '');
      const badInFrame = t.split('\n').filter((l) => RAW_ERROR.test(l));
      assert.deepEqual(badInFrame, [], `${where}: raw error text in a frame (${frame.url().slice(0, 60)})`);
    }
  }

  it('opens the view to a welcome that says what to do, and adds an account from it', async () => {
    const { page } = wb;
    await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    const welcome = page.locator('.welcome-view-content').filter({ hasText: /No accounts watched yet/ });
    await welcome.waitFor({ timeout: 60_000 });
    await wb.shot('first-1-welcome');
    await welcome.locator('.monaco-button', { hasText: 'Add Account' }).click();
    await answerInputBox(page, 'alice.near');
    const want = shownNear(expectedAccount('alice.near').total);
    await poll(
      async () => (await sideBarTreeRows(page)).some((r) => r.label === 'alice.near' && r.description === want),
      `alice.near listed with ${want}`,
      60_000,
    );
    await wb.shot('first-2-added');
    await assertNoErrorOnScreen('after adding an account');
  });

  it('hovers an id in a file and opens its balance panel', async () => {
    const { page } = wb;
    // Back to the Explorer (the NEAR Lens view holds the side bar), as a person would click it.
    await page.locator('.activitybar .action-label[aria-label^="Explorer"]').click();
    await openFromExplorer(page, 'sample.ts');
    const { text } = await hoverUntil(page, 'here.tg', /Total owned:/);
    assert.ok(text.includes(`Total owned: ${shownNear(expectedAccount('here.tg').total)}`), text);
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, 'here.tg', /Open Balance Panel/);
    await panelFrame(page).locator('section.balance').waitFor({ timeout: 60_000 });
    await wb.shot('first-3-panel');
    await assertNoErrorOnScreen('with the panel open');
  });

  it('queries a block twice: one result tab, nothing to save', async () => {
    const { page } = wb;
    for (let i = 0; i < 2; i++) {
      await runCommand(page, 'NEAR Lens: Query Block…');
      await pickQuickItem(page, 'Regular RPC', /which RPC host/);
      await pickQuickItem(page, 'final', /which block/);
      await poll(async () => ((await editorText(page)).startsWith('// Block ') ? true : undefined), 'a block result');
    }
    const tabs = await page.locator('.tabs-container .tab').allInnerTexts();
    assert.equal(tabs.filter((t) => /^Block [\d,]+/.test(t.trim())).length, 1, `one block result tab: ${JSON.stringify(tabs)}`);
    assert.equal(await page.locator('.tabs-container .tab.dirty').count(), 0, 'no dirty editor');
    await wb.shot('first-4-blocks');
    await assertNoErrorOnScreen('after two block queries');
  });

  it('closes every editor without a save prompt', async () => {
    const { page } = wb;
    await runCommand(page, 'View: Close All Editors');
    await poll(async () => ((await page.locator('.tabs-container .tab').count()) === 0 ? true : undefined), 'every editor closed');
    // A save prompt would be a modal dialog.
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no dialog (save prompt)');
    await wb.shot('first-5-closed');
    await assertNoErrorOnScreen('after closing every editor');
  });
});

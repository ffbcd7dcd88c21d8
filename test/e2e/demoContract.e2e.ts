// Browser E2E: the README's "Try it" step with the demo's contract, in the packaged .vsix. game.lensdev.near (the
// demo workspace's contracts/game, named by its NEP-330 metadata) is watched with the demo's watchlistActivity; the g
// key of `npm start -- --stub` (Stub.demoCall of DEMO_ROUND, in-process) makes a claim fail at src/lib.rs:29 and
// settle_all log the game's event; Refresh All shows the three in its Changes node, each with its alert, and the failed
// call's Go to Line opens contracts/game/src/lib.rs at line 29. Saves docs/images/demo-contract.png.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { RecordedRequest } from '../support/stub';
import { DEMO_ACTIVITY_SETTING, DEMO_CONTRACT, DEMO_ROUND } from '../support/stubDemo';
import { toReadme, useWorkbench } from './support/session';
import { activeEditor, poll, runCommand, sideBarRow, sideBarTreeRows } from './support/workbench';

/** The activity reads of the demo contract (the transactions API's /v0/account asked for its calls). */
const activityReads = (requests: RecordedRequest[]): Array<Record<string, unknown>> =>
  requests
    .filter((r) => r.host === 'tx' && r.path === '/v0/account' && (r.body as { account_id?: unknown } | undefined)?.account_id === DEMO_CONTRACT)
    .map((r) => r.body as Record<string, unknown>);

/** The cursor's place as the status bar says it ("Ln 29, Col 50"). */
async function cursorAt(page: Page): Promise<string> {
  return (await page.locator('.statusbar-item[id="status.editor.selection"]').innerText()).trim();
}

describe("the demo's contract in the browser (the README's Try it)", function () {
  this.timeout(180_000);
  const wb = useWorkbench({
    name: 'demo-contract',
    settings: { 'nearLens.watchlist': [DEMO_CONTRACT], 'nearLens.watchlistActivity': DEMO_ACTIVITY_SETTING },
    shots: 'demo-contract.png',
  });

  it("the g key's calls on game.lensdev.near: a failed claim, settle_all and its event in the Changes node, the alerts, Go to Line", async () => {
    const { page, stub } = wb;
    await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    await poll(
      async () => (await sideBarTreeRows(page)).some((r) => r.label === DEMO_CONTRACT && / NEAR$/.test(r.description)),
      `${DEMO_CONTRACT} loaded`,
      60_000,
    );
    // The first read only records where the contract's calls start; a read from there (a block to start from) shows
    // that it was kept, so the calls below are new to the watchlist.
    await poll(
      async () => {
        if (activityReads(stub.requests).some((b) => typeof b['from_tx_block_height'] === 'number')) return true;
        await runCommand(page, 'NEAR Lens: Refresh All');
        return undefined;
      },
      'a read of the contract from its last call',
      60_000,
      2_000,
    );

    // What the g key of `npm start -- --stub` runs, in-process.
    const hashes = DEMO_ROUND.map((call) => stub.demoCall(call).hash);
    assert.equal(new Set(hashes).size, 2);
    await runCommand(page, 'NEAR Lens: Refresh All');
    const row = await poll(
      async () => (await sideBarTreeRows(page)).find((r) => r.label === DEMO_CONTRACT && /failed call/.test(r.description)),
      'the row saying what the contract did',
      60_000,
    );
    for (const said of ['settle_all called', 'lens_game:round_settled', '1 failed call']) assert.ok(row.description.includes(said), row.description);

    const toasts = page.locator('.notifications-toasts .notification-toast');
    const failed = toasts.filter({ hasText: 'claim' }).filter({ hasText: 'Go to Line' });
    await failed.first().waitFor({ timeout: 30_000 });
    const failedText = await failed.first().innerText();
    assert.match(failedText, /game\.lensdev\.near: .*claim: .*Option::unwrap\(\)/s, failedText);
    for (const b of ['Show Changes', 'Open Transaction', 'Mark as Seen']) assert.ok(failedText.includes(b), `the failed call's ${b} button: ${failedText}`);
    await toasts.filter({ hasText: 'settle_all' }).first().waitFor({ timeout: 30_000 });
    await toasts.filter({ hasText: 'lens_game:round_settled' }).first().waitFor({ timeout: 30_000 });

    // The failed call's Go to Line: the demo workspace's contracts/game/src/lib.rs, at the unwrap.
    await failed.first().locator('.monaco-button', { hasText: 'Go to Line' }).click();
    await page.locator('.tabs-container .tab.active[aria-label^="lib.rs"]').waitFor({ timeout: 30_000 });
    await poll(async () => ((await cursorAt(page)) === 'Ln 29, Col 50' ? true : undefined), 'the cursor at line 29, column 50');
    await activeEditor(page).locator('.view-line', { hasText: 'let winning_party = round.winner.clone().unwrap();' }).first().waitFor();

    await sideBarRow(page, DEMO_CONTRACT).click();
    const changes = await poll(async () => (await sideBarTreeRows(page)).find((r) => r.label.startsWith('Changes since')), 'the Changes node');
    await sideBarRow(page, changes.label).click();
    const rows = await poll(async () => {
      const all = await sideBarTreeRows(page);
      const text = all.map((r) => `${r.label} ${r.description}`).join('\n');
      return /claim/.test(text) && /settle_all/.test(text) && /lens_game:round_settled/.test(text) ? all : undefined;
    }, 'the failed claim, settle_all and the event under Changes');
    const rowOf = (start: string): { label: string; description: string } | undefined => rows.find((r) => r.label.startsWith(start));
    assert.equal(rowOf('claim: called `Option::unwrap()` on a `None` value')?.description, 'failed · panic');
    assert.equal(rowOf('settle_all by lensdev.near (1 succeeded)')?.description, 'watched method called');
    assert.equal(rowOf('lens_game:round_settled, total 5')?.description, 'event');
    toReadme(await wb.shot('demo-contract'), 'demo-contract');
  });
});

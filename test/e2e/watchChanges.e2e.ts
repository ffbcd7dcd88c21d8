// Browser E2E (#34, #38): a new full-access key on a watched account, seen as a person sees it in the packaged .vsix —
// the alert, the account's row and its Changes node, the view's badge; then the demo's change of the README's "Try it"
// (the c key of `npm start -- --stub`: history.near gets 2 NEAR and a full-access key). Saves
// docs/images/watchlist-changes.png and docs/images/demo-change.png.
import assert from 'node:assert/strict';
import { toReadme, useWorkbench } from './support/session';
import { DEMO_ACCOUNT } from '../support/stubDemo';
import { poll, runCommand, sideBarRow, sideBarTreeRows } from './support/workbench';

const ID = 'changing.near';
const NEAR = 10n ** 24n;
const K1 = 'ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847';
const K2 = 'ed25519:5BGSaf6YjVm7565VzWQHNxoyEjwr3jUpRJSGjREvU9dB';
const key = (pk: string) => ({ public_key: pk, access_key: { nonce: 1, permission: 'FullAccess' } });

describe('watchlist changes in the browser (packaged .vsix)', function () {
  this.timeout(180_000);
  const wb = useWorkbench({
    name: 'watch-changes',
    settings: { 'nearLens.watchlist': [ID] },
    shots: 'watchlist-changes.png',
    ready: (w) => w.stub.putChangingAccount(ID, { balance: String(10n * NEAR), storageBytes: 500, keys: [key(K1)] }),
  });

  it('a new full-access key: the alert with its buttons, "+2 NEAR · new full-access key", the Changes node, the badge', async () => {
    const { page } = wb;
    await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    await poll(async () => (await sideBarTreeRows(page)).some((r) => r.label === ID && r.description === '10 NEAR'), `${ID} at 10 NEAR`, 60_000);
    wb.stub.putChangingAccount(ID, { balance: String(12n * NEAR), storageBytes: 600, keys: [key(K1), key(K2)] }); // a key adds bytes
    await runCommand(page, 'NEAR Lens: Refresh All');
    const row = await poll(
      async () => (await sideBarTreeRows(page)).find((r) => r.label === ID && /new full-access key/.test(r.description)),
      'the changed row',
      60_000,
    );
    assert.equal(row.description, '+2 NEAR · new full-access key · storage +100 bytes · 12 NEAR');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'FULL-ACCESS' });
    await toast.first().waitFor({ timeout: 30_000 });
    const text = await toast.first().innerText();
    assert.match(text, /changing\.near: a new FULL-ACCESS key/);
    for (const b of ['Show Changes', 'Open Balance Panel', 'Mark as Seen']) assert.ok(text.includes(b), `the ${b} button`);
    const badge = await poll(
      async () =>
        (await page
          .locator('.activitybar .action-item:has(.action-label[aria-label^="NEAR Lens"]) .badge-content')
          .first()
          .innerText()
          .catch(() => '')) || undefined,
      'the badge',
    );
    assert.equal(badge.trim(), '1');
    await sideBarRow(page, ID).click();
    const changes = await poll(async () => (await sideBarTreeRows(page)).find((r) => r.label.startsWith('Changes since')), 'the Changes node');
    assert.equal(changes.description, '3 changes');
    await sideBarRow(page, changes.label).click();
    await poll(async () => (await sideBarTreeRows(page)).some((r) => r.label === 'Balance' && r.description === '+2 NEAR · 10 → 12 NEAR'), 'the balance line');
    await poll(
      async () => (await sideBarTreeRows(page)).some((r) => r.label === 'New full-access key' && /^\w{4}…\w{4}$/.test(r.description ?? '')),
      'the key line',
    );
    toReadme(await wb.shot('watchlist-changes'), 'watchlist-changes');
  });
});

describe("the demo's change in the browser (the README's Try it)", function () {
  this.timeout(180_000);
  const wb = useWorkbench({ name: 'demo-change', settings: { 'nearLens.watchlist': [DEMO_ACCOUNT] }, shots: 'demo-change.png' });

  it('the c key\'s change on history.near: "+2 NEAR · new full-access key · storage +82 bytes", its Changes node, the alert', async () => {
    const { page, stub } = wb;
    await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    const before = await poll(
      async () => (await sideBarTreeRows(page)).find((r) => r.label === DEMO_ACCOUNT && / NEAR$/.test(r.description)),
      `${DEMO_ACCOUNT} loaded`,
      60_000,
    );
    // What the c key of `npm start -- --stub` runs, in-process.
    const change = stub.changeAccount(DEMO_ACCOUNT);
    assert.ok(change, 'the stub changed the demo account');
    await runCommand(page, 'NEAR Lens: Refresh All');
    const row = await poll(
      async () => (await sideBarTreeRows(page)).find((r) => r.label === DEMO_ACCOUNT && /new full-access key/.test(r.description)),
      'the changed row',
      60_000,
    );
    assert.notEqual(row.description, before.description);
    assert.match(row.description, /^\+2 NEAR · new full-access key · storage \+82 bytes · [\d,.]+ NEAR$/);
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'FULL-ACCESS' });
    await toast.first().waitFor({ timeout: 30_000 });
    assert.match(await toast.first().innerText(), /history\.near: a new FULL-ACCESS key/);
    await sideBarRow(page, DEMO_ACCOUNT).click();
    const changes = await poll(async () => (await sideBarTreeRows(page)).find((r) => r.label.startsWith('Changes since')), 'the Changes node');
    await sideBarRow(page, changes.label).click();
    const short = `${change.keyAdded.slice(8, 12)}…${change.keyAdded.slice(-4)}`;
    await poll(async () => (await sideBarTreeRows(page)).some((r) => r.label === 'New full-access key' && r.description === short), 'the key line');
    await poll(async () => (await sideBarTreeRows(page)).some((r) => r.label === 'Storage' && r.description === '+82 bytes'), 'the storage line');
    toReadme(await wb.shot('demo-change'), 'demo-change');
  });
});

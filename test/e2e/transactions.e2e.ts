// Browser E2E (#33, items 2 and 3): a transaction hash as a person meets it in the packaged .vsix — hovered in a file
// of the fixture workspace (test/fixtures/workspace/transactions.md) until the hover reads the stub's record, its
// Open Transaction link clicked to the read-only document, and Look Up Transaction… from the palette with a failed
// transaction's hash. Saves .e2e/screenshots/readme-transaction.png (the README's picture, docs/images/transaction.png).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { STUB_TX } from '../support/stubTx';
import { assertNoErrorOnScreen, useWorkbench } from './support/session';
import { answerInputBox, cropAround, editorText, hoverUntil, openFromExplorer, pieceOnScreen, poll, runCommand, nearLensActive } from './support/workbench';

/** The failed ft_transfer of the stub's records (test/fixtures/tx/failed-ft-transfer.json), in transactions.md too. */
const FAILED = '8BVgYKBTDFQ8m8VS5Kqr7qw5xeGuKDVB4Bvq8MSNandG';

/** The transaction document's tab (a near-lens: document) once its first line names `hash`; returns its visible text. */
async function documentText(page: Page, hash: string): Promise<string> {
  return poll(
    async () => {
      const text = await editorText(page);
      return text.startsWith(`// Transaction ${hash}`) ? text : undefined;
    },
    `the transaction document of ${hash.slice(0, 8)}…`,
  );
}

describe('NEAR Lens transactions by hash in the browser', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'transactions', shots: 'transaction*.png' });

  it('hovers a hash in a file: ✓ succeeded, signer → receiver, the relayed call, the fee exactly', async () => {
    const { page, stub } = wb;
    // NEAR Lens has activated once its status-bar item shows the network.
    await nearLensActive(page);
    await openFromExplorer(page, 'transactions.md');
    stub.clearRequests();
    const { text, hover } = await hoverUntil(page, await pieceOnScreen(page, STUB_TX.delegate), /✓ succeeded/);
    assert.match(text, /32-byte hash/, text);
    assert.match(text, /✓ succeeded · sweat-relayer\.near → dec9ffda/, text);
    assert.match(text, /Delegate \(meta-transaction\)[\s\S]*token\.sweat[\s\S]*ft_transfer[\s\S]*1 yocto attached, 20 TGas/, text);
    assert.match(text, /Fee 0\.0002992391785189 NEAR/, text);
    assert.match(text, /1 log, 1 event/, text);
    assert.match(text, /Open Transaction · Inspect Transaction · Copy Hash/, text);
    // One look-up of the hash on the transactions host, whatever the number of hover attempts.
    assert.deepEqual(
      stub.requests.filter((r) => r.host === 'tx').map((r) => r.path),
      ['/v0/transactions'],
    );
    await wb.shot('transaction-1-hover');
    await wb.shot('readme-transaction', await cropAround(page.locator('.editor-group-container.active'), hover));
  });

  it("the hover's Open Transaction opens the document: the summary, then the receipts", async () => {
    const { page } = wb;
    const { hover } = await hoverUntil(page, await pieceOnScreen(page, STUB_TX.delegate), /Open Transaction/);
    await hover.locator('a', { hasText: 'Open Transaction' }).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'Transaction' }).waitFor({ timeout: 30_000 });
    const text = await documentText(page, STUB_TX.delegate);
    const lines = text.split('\n');
    assert.equal(lines[0], `// Transaction ${STUB_TX.delegate} · ✓ succeeded · custom`);
    assert.ok(
      lines.some((l) => l.startsWith('// sweat-relayer.near → dec9ffda')),
      text,
    );
    assert.ok(
      lines.some((l) => l.startsWith('// Fee 0.0002992391785189 NEAR (tokens burnt, every receipt)')),
      text,
    );
    assert.ok(lines.includes('// Receipts:'), text);
    await assertNoErrorOnScreen(page, 'the transaction document');
    await wb.shot('transaction-2-document');
  });

  it('Look Up Transaction… from the palette with a failed hash: the document says why it failed', async () => {
    const { page } = wb;
    await runCommand(page, 'NEAR Lens: Look Up Transaction…');
    await answerInputBox(page, FAILED, /Look Up Transaction/);
    const text = await documentText(page, FAILED);
    const lines = text.split('\n');
    assert.equal(lines[0], `// Transaction ${FAILED} · ✗ failed · custom`);
    assert.ok(
      lines.some((l) => /^\/\/ Failed: .*Smart contract panicked: The account doesn't have enough balance/.test(l)),
      text,
    );
    await wb.shot('transaction-3-failed');
  });
});

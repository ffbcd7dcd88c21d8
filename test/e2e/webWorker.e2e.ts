// The web build in the browser (#28): the packaged .vsix in a fresh code-server profile whose user settings say
// `"remote.extensionKind": { "<publisher>.<name>": ["web"] }`, so the workbench runs NEAR Lens in its Web Worker
// extension host (dist/web/extension.js). A person hovers an account id in a fixture file, opens the balance panel and
// runs Query Block… from the command palette; every request the stub sees comes from the browser (an `Origin` header,
// Chromium's user agent — Node's extension host sends neither), and Running Extensions says "web worker".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectedAccount, exactNear, shownBytes, shownNear, stubHeadBlock } from './support/figures';
import { ROOT } from './support/packaging';
import { useWorkbench } from './support/session';
import { answerInputBox, editorText, hoverUntil, openFromExplorer, panelFrame, pickQuickItem, poll, runCommand, nearLensActive } from './support/workbench';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string; displayName: string };
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

describe('the web build in the Web Worker extension host (packaged .vsix, remote.extensionKind web) (#28)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'web-worker', shots: 'web-*.png', settings: { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } });

  /** The stub's requests since `from`, each one sent by the browser: an `Origin` header and Chromium's user agent. */
  function assertFromBrowser(from: number, what: string): void {
    const sent = wb.stub.requests.slice(from);
    assert.ok(sent.length > 0, `${what}: no request reached the stub`);
    const notBrowser = sent.filter((r) => !r.headers['origin'] || !/Chrome\//.test(r.headers['user-agent'] ?? ''));
    assert.deepEqual(
      notBrowser.map((r) => `${r.method} ${r.host}${r.url} origin=${r.headers['origin']} ua=${r.headers['user-agent']}`),
      [],
      `${what}: requests not sent from the browser's worker`,
    );
  }

  it('hovering alice.near in sample.ts shows the stub’s figures, fetched from the worker', async () => {
    const { page } = wb;
    await nearLensActive(page);
    const from = wb.stub.requests.length;
    await openFromExplorer(page, 'sample.ts');
    const { text } = await hoverUntil(page, 'alice.near', /Total owned:/);
    const a = expectedAccount('alice.near');
    for (const want of [
      'alice.near · NEAR account',
      `Total owned: ${shownNear(a.total)}`,
      `Spendable: ${shownNear(a.spendable)}`,
      `Balance: ${shownNear(a.balance)}`,
      `Locked: ${shownNear(a.locked)}`,
      `Storage: ${a.storageBytes.toLocaleString('en-US')} bytes, pinning ${shownNear(a.pinned)}`,
    ]) {
      assert.ok(text.includes(want), `hover shows "${want}":\n${text}`);
    }
    assert.equal(shownNear(a.total), '1,234.5678 NEAR');
    await wb.shot('web-1-hover');
    assertFromBrowser(from, 'the hover');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
  });

  it('Open Balance Panel… shows here.tg to the yoctoNEAR in the webview', async () => {
    const { page } = wb;
    const from = wb.stub.requests.length;
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, 'here.tg', /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: 'here.tg' }).waitFor({ timeout: 60_000 });
    await frame.locator('section.balance table tbody tr').first().waitFor({ timeout: 60_000 });
    const rows = await frame.locator('section.balance table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = tr.querySelectorAll('td');
        return {
          label: (cells[0]?.textContent ?? '').trim(),
          value: (cells[1]?.querySelector('.amount')?.textContent ?? '').trim(),
          exact: (cells[1]?.querySelector('.exact')?.textContent ?? '').trim(),
        };
      }),
    );
    const a = expectedAccount('here.tg');
    const figure = (label: string, yocto: bigint) => ({ label, value: shownNear(yocto), exact: exactNear(yocto) === shownNear(yocto) ? '' : exactNear(yocto) });
    assert.deepEqual(rows, [
      figure('Balance', a.balance),
      figure('Locked', a.locked),
      { label: 'Storage used', value: shownBytes(a.storageBytes), exact: '' },
      figure('Pinned by storage', a.pinned),
      figure('Spendable', a.spendable),
    ]);
    assert.equal((await frame.locator('.total .amount').innerText()).trim(), shownNear(a.total));
    await wb.shot('web-2-panel');
    assertFromBrowser(from, 'the panel');
    await runCommand(page, 'View: Close All Editors');
  });

  it('Query Block… from the command palette (regular RPC, final) opens the block as JSON', async () => {
    const { page } = wb;
    const from = wb.stub.requests.length;
    await runCommand(page, 'NEAR Lens: Query Block…');
    await pickQuickItem(page, 'Regular RPC', /which RPC host/);
    await pickQuickItem(page, 'final', /which block/);
    const head = stubHeadBlock();
    const rpcHost = new URL(wb.stub.rpcUrl).host;
    const top = await poll(async () => {
      const t = await editorText(page);
      return t.startsWith('// Block ') ? t : undefined;
    }, 'a result editor starting with "// Block "');
    const first = top.split('\n')[0] ?? '';
    assert.ok(first.startsWith(`// Block ${head.height.toLocaleString('en-US')} · hash ${head.hash} · `), first);
    assert.ok(first.endsWith(`· regular RPC (${rpcHost})`), first);
    await wb.shot('web-3-query-block');
    assertFromBrowser(from, 'Query Block');
    assert.ok(
      wb.stub.requests.slice(from).some((r) => r.host === 'rpc' && r.method === 'POST'),
      'Query Block posted to the RPC host',
    );
    await runCommand(page, 'View: Close All Editors');
  });

  it('Developer: Show Running Extensions says NEAR Lens runs in the "web worker"', async () => {
    const { page } = wb;
    await runCommand(page, 'Developer: Show Running Extensions');
    const rows = page.locator('.runtime-extensions-editor .monaco-list-row');
    const row = rows.filter({ hasText: manifest.displayName }).first();
    await rows.first().waitFor({ timeout: 30_000 });
    // The list is virtual and sorted by activation time: NEAR Lens's row may be below the fold, not yet in the page.
    // Scroll it down as a person would until the row is there.
    await poll(async () => {
      if ((await row.count()) > 0) return true;
      await page.locator('.runtime-extensions-editor .monaco-list').hover();
      await page.mouse.wheel(0, 300);
      return undefined;
    }, `the ${manifest.displayName} row in Running Extensions`);
    const text = await poll(async () => {
      const t = await row.innerText();
      return /web worker/.test(t) ? t : undefined;
    }, `the ${manifest.displayName} row saying "web worker"`);
    assert.match(text, /web worker/);
    // The same words on screen for a person: its "web worker" inside the editor's box. The list is monaco's own
    // scrollable (DOM scrollIntoView does not move it) and renders a row or two past its bottom edge: wheel it, as a
    // person would, until the label is inside.
    const label = row.getByText('web worker').first();
    await label.waitFor({ state: 'attached' });
    const onScreen = await poll(async () => {
      const box = await label.boundingBox();
      const editor = await page.locator('.runtime-extensions-editor .monaco-list').boundingBox();
      if (!box || !editor) return undefined;
      if (box.y >= editor.y && box.y + box.height <= editor.y + editor.height) return { box, editor };
      await page.locator('.runtime-extensions-editor .monaco-list').hover();
      await page.mouse.wheel(0, box.y < editor.y ? -(editor.y - box.y + 20) : box.y + box.height - (editor.y + editor.height) + 20);
      return undefined;
    }, `the "web worker" label of ${manifest.displayName} scrolled inside the Running Extensions editor`);
    assert.ok(onScreen.box.height > 0, `"web worker" on screen: ${JSON.stringify(onScreen)}`);
    await wb.shot('web-worker');
  });
});

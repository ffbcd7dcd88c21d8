// Every word true (#32), read as a person reads it in the packaged .vsix: Local node… pointed first at the stub's REST
// port (something answers, but not as a NEAR node: the box stays open with the URL and says so), then at its RPC port
// (the node's chain and head; the status bar names the node); and, in the Web Worker extension host, Set API Key…:
// the prompt names no place before the choice, the choice's explanations fit on their lines, and the answer says
// where the key is. Screenshots: readme-local-node-rest.png, readme-local-node-rpc.png (both copied to docs/images/),
// readme-web-key.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { ROOT } from './support/packaging';
import { toReadme, useWorkbench } from './support/session';
import { answerInputBox, poll, runCommand, nearLensActive } from './support/workbench';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string };
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

/** The visible text of the quick input's message line (an input box's prompt, or its validation message). */
async function messageLine(widget: Locator): Promise<string> {
  return (await widget.locator('.quick-input-message').innerText()).trim();
}

/** Texts in the rows that the workbench cut with an ellipsis (wider than their box). */
async function cutTexts(widget: Locator): Promise<string[]> {
  return widget.locator('.quick-input-list .monaco-list-row').evaluateAll((rows) =>
    rows.flatMap((r) =>
      Array.from(
        r.querySelectorAll<HTMLElement>('.label-name, .label-description, .quick-input-list-detail .monaco-highlighted-label, .monaco-icon-label-container'),
      )
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.innerText),
    ),
  );
}

describe('every word true: Local node… at the REST port, then the RPC port (#32)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'words-local', shots: 'words-*.png' });

  it("the stub's REST port: the box stays open with the URL and says it answered, but not as a NEAR node", async () => {
    const { page, stub } = wb;
    await nearLensActive(page);
    await runCommand(page, 'NEAR Lens: Switch Network…');
    const widget = page.locator('.quick-input-widget');
    // The row whose label is Local node… (the custom network kept before it names Local node… in its description).
    await widget.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Local node…', hasNotText: 'the custom network before' }).click();
    await poll(async () => /Local node/.test(await widget.locator('.quick-input-title').innerText()), 'the Local node box');
    const input = widget.locator('.quick-input-box input');
    assert.equal(await input.inputValue(), 'http://127.0.0.1:3030', 'no node in use yet: the sandbox default');
    await answerInputBox(page, stub.apiUrl);
    const rest = new URL(stub.apiUrl).host;
    const said = await poll(async () => {
      const m = await messageLine(widget);
      return m.includes('answered') ? m : undefined;
    }, 'the box to say what answered');
    assert.equal(said, `${rest} answered, but not as a NEAR JSON-RPC node (HTTP 405) — is this the REST API? The network in use is unchanged: custom.`);
    assert.ok(await widget.isVisible(), 'the box stays open');
    assert.equal(await input.inputValue(), stub.apiUrl, 'with the URL, for another try');
    assert.equal(await page.locator('.notification-toast').count(), 0, 'no toast besides the box');
    await wb.shot('words-local-1-rest');
    toReadme(await wb.shot('readme-local-node-rest', widget), 'local-node-rest');
  });

  it("then its RPC port: the node's chain and head, and the status bar names the node", async () => {
    const { page, stub } = wb;
    const widget = page.locator('.quick-input-widget');
    await widget.locator('.quick-input-box input').fill(stub.rpcUrl);
    await page.keyboard.press('Enter');
    const node = new URL(stub.rpcUrl).host;
    await page.locator('.notification-toast', { hasText: `Local node at ${node}: chain testnet, head #187,310,138` }).waitFor({ timeout: 30_000 });
    assert.equal(await widget.isVisible(), false, 'the box closed once a node answered');
    const status = page.locator('.statusbar-item').filter({ hasText: /NEAR local/ });
    await status.waitFor({ timeout: 30_000 });
    assert.equal((await status.innerText()).trim(), `NEAR local · ${node}`);
    await wb.shot('words-local-2-rpc');
    toReadme(await wb.shot('readme-local-node-rpc'), 'local-node-rpc');
    // Local node… again: the node in use is offered.
    await runCommand(page, 'NEAR Lens: Switch Network…');
    const rows = await poll(async () => {
      const r = await widget.locator('.quick-input-list .monaco-list-row').allInnerTexts();
      // Every row drawn (the list may draw in more than one pass): Local node… and the network in use.
      return r.some((t) => t.includes('Local node…')) && r.some((t) => t.includes('in use: local')) ? r : undefined;
    }, 'the network pick with its rows');
    assert.ok(
      rows.some((r) => r.includes(`in use: local · ${node}, RPC only`)),
      JSON.stringify(rows),
    );
    // The row whose label is Local node… (the custom network kept before it names Local node… in its description).
    await widget.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Local node…', hasNotText: 'the custom network before' }).click();
    await poll(async () => ((await widget.locator('.quick-input-box input').inputValue()) === stub.rpcUrl ? true : undefined), 'the node in use pre-filled');
    await page.keyboard.press('Escape');
  });
});

describe("every word true: the web build's Set API Key… in the Web Worker host (#32)", function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'words-web', settings: { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } }, shots: 'words-web-*.png' });

  it('the prompt names no place before the choice; each choice fits its line; the answer and the status bar say memory', async () => {
    const { page } = wb;
    await nearLensActive(page);
    await runCommand(page, 'NEAR Lens: Set API Key…');
    const widget = page.locator('.quick-input-widget');
    await poll(async () => /Set API key of the custom network/.test(await widget.locator('.quick-input-title').innerText()), 'the key prompt');
    const prompt = await messageLine(widget);
    assert.doesNotMatch(prompt, /secret storage/i, prompt);
    assert.match(prompt, /Next: keep it in memory for this window \(the default\) or in this browser\./);
    await answerInputBox(page, 'words-e2e-key-0123456789');
    await poll(async () => /where to keep the API key of the custom network/.test(await widget.locator('.quick-input-title').innerText()), 'the choice');
    const rows = widget.locator('.quick-input-list .monaco-list-row');
    await poll(async () => ((await rows.count()) === 2 ? true : undefined), 'two choices');
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s*\n\s*/g, ' | '));
    assert.match(texts[0] ?? '', /^Keep for this window only(?: \| )?in memory \| Nothing is written to this browser; a reload forgets it\.$/);
    assert.match(texts[1] ?? '', /^Remember in this browser \| Written to this browser's storage until Clear API Key\.$/);
    assert.ok(!texts.join(' ').includes('FastNEAR'), "FastNEAR's advice is not about the custom network's key");
    assert.deepEqual(await cutTexts(widget), [], 'an explanation cut off');
    await wb.shot('words-web-1-choice');
    await wb.shot('readme-web-key', widget);
    await page.keyboard.press('Enter'); // the first: Keep for this window only
    await page
      .locator('.notification-toast', { hasText: /API key of the custom network \(127\.0\.0\.1:\d+\) kept in memory for this window only\./ })
      .waitFor();
    const status = page.locator('.statusbar-item').filter({ hasText: /NEAR custom/ });
    await status.hover();
    await page
      .locator('.monaco-hover, .workbench-hover, .custom-hover', { hasText: /API key set \(in memory for this window only\)/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await wb.shot('words-web-2-status');
  });
});

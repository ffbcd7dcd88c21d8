// Browser E2E: Inspect Transaction… from the palette of the packaged .vsix, on the stub's cross-contract call (four
// receipts: ft_transfer_call → ft_on_transfer and ft_resolve_transfer → refund). The panel shows the receipt tree,
// each receipt's gas bar with its table and the attached gas marked, the state writes with the collection key read;
// axe-core finds no serious or critical violation in the dark, light and both high-contrast themes; the keyboard
// reaches a receipt's summary and its Copy buttons with a visible focus ring. Saves docs/images/inspect.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { toReadme, useWorkbench } from './support/session';
import { answerInputBox, nearLensActive, panelFrame, pickColorTheme, poll, runCommand, THEMES } from './support/workbench';

const FT = '52WKo6uPr1Y27EzKTDB7pZAGLATWF2ssAhjhDBj1LQ6d';
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations in the panel's document (its source sent through the debugging protocol). */
async function seriousViolations(page: Page): Promise<string[]> {
  const body = await panelFrame(page).locator('body').elementHandle();
  const frame: Frame | null | undefined = await body?.ownerFrame();
  assert.ok(frame, "the panel's document");
  if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async () => {
    type Axe = { run(ctx: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
    const r = await (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'], iframes: false });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

describe('Inspect Transaction in the browser: the panel, its tables, axe in four themes, the keyboard', function () {
  this.timeout(240_000);
  const wb = useWorkbench({ name: 'inspect', shots: 'inspect-*.png' });

  it('opens the receipt tree with gas bars and state writes; no serious or critical axe violation in any theme', async () => {
    const { page } = wb;
    await nearLensActive(page, 90_000);
    await runCommand(page, 'NEAR Lens: Inspect Transaction…');
    await answerInputBox(page, FT, /Inspect Transaction/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: 'Inspect Transaction' }).waitFor({ timeout: 60_000 });
    // Every receipt read: no "Reading its block…" left.
    await poll(
      async () => (await frame.locator('details.receipt').count()) === 4 && (await frame.locator('.receipt-body[aria-busy]').count()) === 0,
      'all four receipts read',
      60_000,
    );
    const titles = await frame.locator('details.receipt > summary strong').allInnerTexts();
    assert.deepEqual(titles, [
      'ft_transfer_call on token.lensdev.testnet',
      'ft_on_transfer on market.lensdev.testnet',
      'ft_resolve_transfer on token.lensdev.testnet',
      'refund to alice.lensdev.testnet',
    ]);
    const first = frame.locator('details.receipt').first();
    assert.match(
      (await first.locator('.gas-bar').getAttribute('aria-label')) ?? '',
      /^Gas of ft_transfer_call on token\.lensdev\.testnet: WASM execution [\d.]+%, .*promises and cross-contract calls/,
    );
    assert.equal(await first.locator('.attached-mark').count(), 1, 'the attached gas is marked');
    assert.match(await first.locator('table').nth(0).innerText(), /Group[\s\S]*TGas[\s\S]*the call's own fee \(not profiled\)/);
    assert.match(
      await first.locator('section.state').innerText(),
      /t \+ "alice\.lensdev\.testnet" \(account id\)[\s\S]*10000000 \(u128\)[\s\S]*7500000 \(u128\)/,
    );
    // The README's picture (docs/images/inspect.png).
    toReadme(await wb.shot('readme-inspect', page.locator('iframe.webview.ready')), 'inspect');

    for (const theme of ['dark', 'light', 'hcDark', 'hcLight'] as const) {
      await pickColorTheme(page, theme);
      await poll(() => frame.locator('body').evaluate((b, c) => b.classList.contains(c), THEMES[theme].body), `the webview body in ${theme}`);
      const bad = await seriousViolations(page);
      console.log(`      [e2e] axe Inspect Transaction, ${theme}: ${bad.length} serious or critical`);
      assert.deepEqual(bad, [], `serious or critical axe violations in ${theme}`);
    }
    await wb.shot('inspect-hc-light', page.locator('iframe.webview.ready'));
  });

  it('the keyboard reaches a receipt’s summary and its Copy buttons, each with a visible focus ring', async () => {
    const frame = panelFrame(wb.page);
    const summary = frame.locator('details.receipt > summary').first();
    await summary.focus();
    await wb.page.keyboard.press('Enter');
    await poll(async () => (await frame.locator('details.receipt').first().getAttribute('open')) === null, 'the first receipt closed by Enter');
    await wb.page.keyboard.press('Enter');
    await poll(async () => (await frame.locator('details.receipt').first().getAttribute('open')) !== null, 'and opened again');
    const copy = frame.locator('button.copy').first();
    await copy.focus();
    await wb.page.keyboard.press('Shift+Tab');
    await wb.page.keyboard.press('Tab');
    const ring = await copy.evaluate((b) => (b.matches(':focus-visible') ? getComputedStyle(b).outlineStyle : 'no focus'));
    assert.notEqual(ring, 'no focus');
    assert.notEqual(ring, 'none');
    assert.match((await copy.getAttribute('aria-label')) ?? '', /^Copy the key of change 1$/);
  });
});

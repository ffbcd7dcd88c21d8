// Accessibility of the balance panel (#31) in the browser: axe-core (the engine accessibility checkers use), injected
// into the webview's document, over the panel with History open — dark and light, 360 and 1400 px — for the model
// chain's account (the chart, its table of points, Change since) and here.tg (tokens, NFTs, pools, each list's
// Refresh): no serious or critical violation, the counts by impact printed. Then a keyboard-only walk: Tab reaches
// every control with a visible focus ring, Enter refreshes, Space picks a History range, and the focus stays put.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { CHAIN_ACCOUNT } from '../support/chain';
import { useWorkbench } from './support/session';
import { THEMES, answerInputBox, panelElement, panelFrame, pickColorTheme, poll, runCommand, setPanelWidth } from './support/workbench';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The panel's document as a Playwright frame (the inner frame of the webview's two). */
async function panelDocument(page: Page): Promise<Frame> {
  const body = await panelFrame(page).locator('body').elementHandle();
  const frame = await body?.ownerFrame();
  assert.ok(frame, "the panel's document");
  return frame;
}

/**
 * axe-core over the panel's whole document. Its source goes in through the debugging protocol (the page's CSP lets
 * only the panel's own nonce'd script run, so a <script> tag would be refused).
 */
async function axe(page: Page): Promise<Violation[]> {
  return axeIn(await panelDocument(page));
}

/** axe-core over `frame`'s document, or only the elements `include` selects there (its child frames left out). */
async function axeIn(frame: Frame, include?: string): Promise<Violation[]> {
  if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async (only) => {
    type Axe = { run(ctx: Document | { include: string[][] }, o: object): Promise<{ violations: Array<Record<string, unknown>> }> };
    const r = await (window as unknown as { axe: Axe }).axe.run(only ? { include: [[only]] } : document, { resultTypes: ['violations'], iframes: false });
    return r.violations.map((v) => ({
      id: String(v['id']),
      impact: String(v['impact']),
      help: String(v['help']),
      nodes: (v['nodes'] as Array<{ target: string[]; failureSummary?: string }>).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  }, include);
}

/** "0 critical, 0 serious, 1 moderate (region), 0 minor": counts of violated elements by impact, with the rules. */
function counts(vs: readonly Violation[]): string {
  return IMPACTS.map((impact) => {
    const of = vs.filter((v) => v.impact === impact);
    const n = of.reduce((sum, v) => sum + v.nodes.length, 0);
    return `${n} ${impact}${of.length ? ` (${of.map((v) => v.id).join(', ')})` : ''}`;
  }).join(', ');
}

describe('accessibility of the balance panel: axe-core, the chart as text, a keyboard-only walk (#31)', function () {
  this.timeout(240_000);
  const wb = useWorkbench({ name: 'a11y', shots: 'a11y-*.png' });

  async function openPanel(accountId: string): Promise<void> {
    const { page } = wb;
    // NEAR Lens is active (its status-bar item is there) before its commands are looked for in the palette.
    await page
      .locator('.statusbar-item')
      .filter({ hasText: /NEAR custom/ })
      .waitFor({ timeout: 90_000 });
    if ((await panelElement(page).count()) > 0) {
      await runCommand(page, 'View: Close All Editors');
      await poll(async () => (await panelElement(page).count()) === 0, 'the open panel to close');
    }
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, accountId, /Open Balance Panel/);
    await panelFrame(page).locator('h1', { hasText: accountId }).waitFor({ timeout: 60_000 });
    await panelFrame(page).locator('section.balance table').waitFor({ timeout: 60_000 });
  }

  /** axe at 360 and 1400 px in the dark then the light theme; returns every violation found, printing the counts. */
  async function axeEverywhere(what: string): Promise<Violation[]> {
    const { page } = wb;
    const size = page.viewportSize();
    const found: Violation[] = [];
    try {
      for (const theme of ['dark', 'light'] as const) {
        await pickColorTheme(page, theme);
        const frame = panelFrame(page);
        await poll(() => frame.locator('body').evaluate((b, c) => b.classList.contains(c), THEMES[theme].body), `the webview body in ${theme}`);
        for (const width of [360, 1400]) {
          await setPanelWidth(page, width);
          const vs = await axe(page);
          console.log(`      [e2e] axe ${what}, ${theme}, ${width} px: ${counts(vs)}`);
          found.push(...vs);
          await wb.shot(`a11y-${what.replace(/\W+/g, '-')}-${theme}-${width}`, panelElement(page));
        }
      }
    } finally {
      if (size) await page.setViewportSize(size);
    }
    return found;
  }

  function assertNoSeriousOrCritical(vs: readonly Violation[]): void {
    const bad = vs.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(
      bad.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).join(' | ')}`),
      [],
      'serious or critical axe violations',
    );
  }

  it(`${CHAIN_ACCOUNT} with History open (chart, table of points, Change since): no serious or critical axe violation`, async () => {
    await openPanel(CHAIN_ACCOUNT);
    const frame = panelFrame(wb.page);
    await frame.locator('section.history button', { hasText: '30 days' }).click();
    await frame.locator('section.history svg.line-total-chart').waitFor({ timeout: 60_000 });
    // The chart's text alternative: one row per point, each with its date and block, in a table a screen reader reads.
    const points = await frame.locator('section.history svg.line-total-chart circle.pt').count();
    await frame.locator('details.points summary').click();
    const rows = await frame.locator('details.points table tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    assert.equal(rows.length, points, 'a table row per point');
    for (const r of rows) assert.match(r, /#[\d,]+[\s\S]*NEAR[\s\S]*NEAR/, r);
    assert.match((await frame.locator('details.points caption').textContent()) ?? '', /^Total and locked balance over 30 days, point by point$/);
    assert.match(
      (await frame.locator('svg.line-total-chart').getAttribute('aria-label')) ?? '',
      /^Total balance over 30 days: from .+ NEAR to .+ NEAR, now .+ NEAR; /,
    );
    assertNoSeriousOrCritical(await axeEverywhere(CHAIN_ACCOUNT));
  });

  it('here.tg with History open (tokens, NFTs, pools, each list’s Refresh): no serious or critical axe violation', async () => {
    await openPanel('here.tg');
    const frame = panelFrame(wb.page);
    await frame.locator('section.holdings table').first().waitFor({ timeout: 60_000 });
    await frame.locator('section.history button', { hasText: '7 days' }).click();
    // here.tg has no history on the model chain: whatever History then says (its note, a gap per date), it is read.
    await poll(async () => (await frame.locator('section.history .status').count()) === 0, "History's loading to end", 60_000);
    assertNoSeriousOrCritical(await axeEverywhere('here.tg'));
  });

  it('a keyboard-only walk: Tab reaches every control with a visible focus ring; Enter refreshes, Space picks a range', async () => {
    const { page } = wb;
    const frame = panelFrame(page);
    if ((await panelElement(page).count()) === 0) {
      // Run alone (--grep): here.tg's panel with History open, as the step above leaves it.
      await openPanel('here.tg');
      await frame.locator('section.history button', { hasText: '7 days' }).click();
    }
    // here.tg's panel from the step above, scrolled to its top. A click on its heading puts the focus at the page's
    // start, as a person would before reaching for the keyboard; from then on, keys only.
    await frame.locator('h1').click();
    await poll(() => frame.locator('body').evaluate((b) => b.ownerDocument.hasFocus()), 'the focus in the panel');
    /** The focused element: a name for it, its outline, and whether a person sees a ring (a line of a visible colour). */
    const focused = (): Promise<{ key: string; ring: string; visible: boolean } | undefined> =>
      frame.locator('body').evaluate((body) => {
        const e = body.ownerDocument.activeElement as HTMLElement | null;
        if (!e || e === body) return undefined;
        const s = getComputedStyle(e);
        const transparent = /rgba\(.*,\s*0\)$|transparent/.test(s.outlineColor);
        const key = e.dataset['key'] ?? `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
        return {
          key,
          ring: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
          visible: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && !transparent,
        };
      });
    // Every control on screen that takes the focus (a closed disclosure's table is not, nor a disabled button such as
    // the Transactions table's Newer on its first page: Tab rightly passes them by).
    const controls = await frame
      .locator('button:not(:disabled), select:not(:disabled), input:not(:disabled):not([type="hidden"]), summary, [tabindex="0"], a[href]')
      .evaluateAll((es) =>
        es
          .filter((e) => e.getClientRects().length > 0 && !e.closest('details:not([open]) > :not(summary)'))
          .map((e) => (e as HTMLElement).dataset['key'] ?? `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 30)}"`),
      );
    const walk: string[] = [];
    for (let i = 0; i < controls.length + 5; i++) {
      await page.keyboard.press('Tab');
      // The focus leaves the page after its last control (to the workbench), or comes round to the first again.
      const f = await poll(focused, `the focus after Tab ${i + 1}`, 5_000, 100).catch(() => undefined);
      if (!f || walk.includes(f.key)) break;
      assert.ok(f.visible, `${f.key} has a visible focus ring (outline ${f.ring})`);
      walk.push(f.key);
      if (walk.length === controls.length) break;
    }
    console.log(`      [e2e] keyboard walk: ${walk.length} stops: ${walk.join(' → ')}`);
    assert.deepEqual(walk, controls, 'Tab visits every control, in the order they are read');
    await wb.shot('a11y-keyboard-walk', panelElement(page));

    // Back to Refresh by Shift+Tab, as a person would, and Enter: a new look-up, the focus still on Refresh.
    const tabTo = async (key: string): Promise<void> => {
      for (let i = 0; i < controls.length && (await focused())?.key !== key; i++) await page.keyboard.press('Shift+Tab');
      assert.equal((await focused())?.key, key, `reached ${key} by Shift+Tab`);
    };
    await tabTo('refresh');
    const from = wb.stub.requests.length;
    await page.keyboard.press('Enter');
    await poll(async () => wb.stub.requests.slice(from).some((r) => r.host === 'api' && r.path.includes('here.tg')), 'the refresh reaching the stub');
    await poll(async () => (await frame.locator('header button[data-key="refresh"]').innerText()) === 'Refresh', 'the refresh to end');
    assert.equal((await focused())?.key, 'refresh', 'the focus stays on Refresh through the redraw');

    // Space on "30 days": History asks for it (aria-pressed), the focus stays on the button.
    for (let i = 0; i < controls.length && (await focused())?.key !== 'range-30d'; i++) await page.keyboard.press('Tab');
    assert.equal((await focused())?.key, 'range-30d');
    await page.keyboard.press('Space');
    await poll(async () => (await frame.locator('button[data-key="range-30d"]').getAttribute('aria-pressed')) === 'true', '30 days pressed');
    assert.equal((await focused())?.key, 'range-30d', 'the focus stays on 30 days through the redraw');
  });
});

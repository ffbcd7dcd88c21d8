// The browser E2E: the packaged .vsix installed into a fresh code-server, driven through its web workbench by headless
// Chromium the way a person would — explorer clicks, the mouse, the command palette — reading only what is on screen.
// Each step saves a screenshot under .e2e/screenshots/. Run alone with `npm run test:e2e`.
import assert from 'node:assert/strict';
import { accountAt, CHAIN_ACCOUNT } from '../support/chain';
import { expectedAccount, exactNear, shownBytes, shownNear, stubHeadBlock } from './support/figures';
import { useWorkbench } from './support/session';
import {
  THEMES,
  answerInputBox,
  copiedText,
  cropAround,
  editorText,
  hoverUntil,
  measureContrast,
  measurePanelLayout,
  openFromExplorer,
  panelElement,
  panelFrame,
  pickColorTheme,
  pickQuickItem,
  poll,
  runCommand,
  setPanelWidth,
  sideBarRow,
  sideBarTreeRows,
} from './support/workbench';
import type { Workbench } from './support/workbench';

const WATCHLIST = ['alice.near', 'here.tg'];
/** The 64-hex implicit account of the fixtures: the longest id, holding a token with a 60-character contract id. */
const IMPLICIT = 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82';
const LONG_CONTRACT = 'c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2.factory.bridge.near';

describe('NEAR Lens in the browser (code-server workbench, packaged .vsix)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'workbench', settings: { 'nearLens.watchlist': WATCHLIST } });

  it('starts with NEAR Lens active: its activity-bar entry and "NEAR custom" in the status bar', async () => {
    const { page } = wb;
    await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').waitFor();
    // The status-bar item appears once the extension has activated and read the user settings (network "custom").
    const status = page.locator('.statusbar-item').filter({ hasText: /NEAR custom/ });
    await status.waitFor({ timeout: 60_000 });
    assert.equal((await status.innerText()).trim(), 'NEAR custom');
    assert.ok(await page.locator('.monaco-workbench').evaluate((el, c) => el.classList.contains(c), THEMES.dark.className), `starts in ${THEMES.dark.id}`);
    await wb.shot('01-workbench');
  });

  it('hovering alice.near in sample.ts shows the stub’s figures to the digit', async () => {
    const { page } = wb;
    await openFromExplorer(page, 'sample.ts');
    const { text, hover } = await hoverUntil(page, 'alice.near', /Total owned:/);
    const a = expectedAccount('alice.near');
    const lines = text.split('\n').map((l) => l.trim());
    for (const want of [
      'alice.near · NEAR account',
      'Named account, sub-account of near',
      `Total owned: ${shownNear(a.total)}`,
      `Spendable: ${shownNear(a.spendable)}`,
      `Balance: ${shownNear(a.balance)}`,
      `Locked: ${shownNear(a.locked)}`,
      `Storage: ${a.storageBytes.toLocaleString('en-US')} bytes, pinning ${shownNear(a.pinned)}`,
      `${a.counts.tokens} fungible tokens · ${a.counts.nfts} NFT collections · ${a.counts.pools} staking pools`,
    ]) {
      assert.ok(
        lines.some((l) => l.includes(want)),
        `hover shows "${want}":\n${text}`,
      );
    }
    assert.equal(shownNear(a.total), '1,234.5678 NEAR'); // once as a literal too, so the oracle itself is checked
    assert.match(text, /Open in Balance Panel/);
    await wb.shot('02-hover');
    await wb.shot('readme-hover', await cropAround(page.locator('.editor-group-container.active'), hover));
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
  });

  it('hovering a yoctoNEAR literal in units.ts reads it in NEAR, exactly, with no look-up', async () => {
    const { page } = wb;
    await openFromExplorer(page, 'units.ts');
    const { text, hover } = await hoverUntil(page, '1500000000000000000000000', /yoctoNEAR/);
    assert.match(text, /1\.5 NEAR · 1,500,000,000,000,000,000,000,000 yoctoNEAR/);
    await wb.shot('readme-unit-hover', await cropAround(page.locator('.editor-group-container.active'), hover));
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
  });

  it('the NEAR Lens view lists the watchlist from user settings with each balance', async () => {
    const { page } = wb;
    await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    const want = WATCHLIST.map((id) => ({ label: id, description: shownNear(expectedAccount(id).total) }));
    const rows = await poll(
      async () => {
        const r = await sideBarTreeRows(page);
        return want.every((w) => r.some((x) => x.label === w.label && x.description === w.description)) ? r : undefined;
      },
      `watchlist rows ${JSON.stringify(want)}`,
      60_000,
    );
    assert.deepEqual(
      rows.filter((r) => WATCHLIST.includes(r.label)),
      want,
    );
    // Expand alice.near, then its State group: the exact-to-the-digit fields, as descriptions.
    await sideBarRow(page, 'alice.near').click();
    await sideBarRow(page, 'State').click();
    const a = expectedAccount('alice.near');
    const fields = [
      { label: 'Balance', description: shownNear(a.balance) },
      { label: 'Locked', description: shownNear(a.locked) },
      { label: 'Storage', description: `${a.storageBytes.toLocaleString('en-US')} bytes · ${shownNear(a.pinned)} pinned` },
      { label: 'Total owned', description: shownNear(a.total) },
      { label: 'Spendable', description: shownNear(a.spendable) },
    ];
    await poll(
      async () => {
        const r = await sideBarTreeRows(page);
        return fields.every((f) => r.some((x) => x.label === f.label && x.description === f.description));
      },
      `alice.near's State fields ${JSON.stringify(fields)}`,
    );
    await wb.shot('03-watchlist');

    // Staking pools: the hint until the group is expanded, then the amounts, and the hint gone from the rendered row.
    await sideBarRow(page, 'State').click();
    const pools = (want: string) => async () => (await sideBarTreeRows(page)).some((x) => x.label === 'Staking pools (2)' && x.description === want);
    await poll(pools('expand to load amounts'), 'the Staking pools hint before expansion');
    await sideBarRow(page, 'Staking pools (2)').click();
    await poll(async () => (await sideBarTreeRows(page)).some((x) => x.label === 'zavodil.poolv1.near' && /NEAR staked/.test(x.description)), 'pool amounts');
    await poll(pools(''), 'no stale description on Staking pools once the amounts loaded');
    await wb.shot('03b-watchlist-pools');
  });

  it('the Getting Started walkthrough shows its seven steps, each with its image', async () => {
    const { page } = wb;
    await runCommand(page, 'Welcome: Open Walkthrough...');
    await pickQuickItem(page, 'Get Started with NEAR Lens');
    const steps = page.locator('.getting-started-step');
    const titles = await poll(async () => {
      const t = (await steps.locator('.step-title').allInnerTexts()).map((x) => x.trim());
      return t.length === 7 ? t : undefined;
    }, 'seven walkthrough steps');
    assert.deepEqual(titles, [
      'Set your API key (optional)',
      'Watch an account',
      'Hover an account id',
      'Open the balance panel',
      "See an account's transactions",
      'Local node',
      'Query a block',
    ]);
    // Each step shows its picture when opened: its SVG (drawn in the theme's colours) inside the page's webview frames.
    const pictures = async (): Promise<string[]> =>
      (
        await Promise.all(
          page.frames().map((f) =>
            f
              .locator('svg[aria-label]')
              .evaluateAll((es) => es.map((e) => e.getAttribute('aria-label') ?? ''))
              .catch(() => []),
          ),
        )
      ).flat();
    for (const [i, alt] of [
      'The Set API Key prompt',
      'The NEAR Lens watchlist',
      'A hover on alice.near',
      'The balance panel',
      "The balance panel's Transactions table",
      'A block from Query Block', // Local node (#26) shows the JSON-RPC picture too
      'A block from Query Block',
    ].entries()) {
      await steps.nth(i).locator('.step-title').click();
      await poll(async () => (await pictures()).some((a) => a.startsWith(alt)), `step ${i + 1}'s picture "${alt}…"`);
      if (i === 2) await wb.shot('07-walkthrough');
    }
  });

  it("the walkthrough's Add Account button: three ids and a bad word pasted, two of the three kept in the pick", async () => {
    const { page } = wb;
    const step = page.locator('.getting-started-step').filter({ hasText: 'Watch an account' });
    await step.locator('.step-title').click();
    await step.getByRole('button', { name: 'Add Account' }).click();
    await answerInputBox(page, 'mob.near root.near bad..id poor.near', /Add Accounts to the NEAR Lens Watchlist/);
    const widget = page.locator('.quick-input-widget');
    await poll(async () => /Add 3 Accounts/.test(await widget.locator('.quick-input-title').innerText()), 'the pick titled "Add 3 Accounts"');
    const rows = widget.locator('.quick-input-list .monaco-list-row');
    const checked = async (): Promise<Record<string, boolean>> =>
      Object.fromEntries(
        await rows.evaluateAll((rs) =>
          rs.map((r) => [
            (r.querySelector('.label-name')?.textContent ?? '').trim(),
            r.getAttribute('aria-checked') === 'true' || !!r.querySelector('input[type=checkbox]:checked, .monaco-custom-toggle.checked'),
          ]),
        ),
      );
    assert.deepEqual(await poll(checked, 'three checked rows'), { 'mob.near': true, 'root.near': true, 'poor.near': true, '"bad..id"': false });
    // The pick itself says which word was skipped and why (its title counts it, a row under "Not added" names it with
    // its reason in full); no toast.
    assert.match(await widget.locator('.quick-input-title').innerText(), /Add 3 Accounts \(1 word skipped\)/);
    const placeholder = await widget.locator('.quick-input-box input').getAttribute('placeholder');
    assert.match(placeholder ?? '', /^Uncheck the ids not to add; those under "Not added" are not added/);
    assert.match(await rows.filter({ hasText: 'bad..id' }).innerText(), /skipped[\s\S]*an empty part between dots/);
    assert.equal(await page.locator('.notifications-toasts .notification-toast', { hasText: /Skipped/ }).count(), 0);
    await wb.shot('08-add-pick');
    await rows.filter({ hasText: 'root.near' }).click(); // unchecks it
    assert.deepEqual(await checked(), { 'mob.near': true, 'root.near': false, 'poor.near': true, '"bad..id"': false });
    await page.keyboard.press('Enter');
    // The watchlist is still in the side bar from an earlier step (its activity-bar icon would now close it).
    if (!(await sideBarTreeRows(page)).some((r) => r.label === 'alice.near')) await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    const labels = await poll(async () => {
      const r = (await sideBarTreeRows(page)).map((x) => x.label);
      return r.includes('poor.near') ? r : undefined;
    }, 'mob.near and poor.near in the watchlist');
    assert.ok(labels.includes('mob.near') && !labels.includes('root.near'), labels.join(', '));
    await wb.shot('09-added');
  });

  it("a view method is called from the watchlist's contract node: inline Call, a typed argument, the result document", async () => {
    const { page } = wb;
    if (!(await sideBarRow(page, 'here.tg').isVisible())) await page.locator('.activitybar .action-label[aria-label="NEAR Lens"]').click();
    // One account open at a time: alice.near's groups would come first.
    if ((await sideBarTreeRows(page)).some((r) => r.label === 'State')) await sideBarRow(page, 'alice.near').click();
    await sideBarRow(page, 'here.tg').click();
    await sideBarRow(page, 'Contract').click();
    // here.tg in the stub: greeter.wasm with an embedded ABI (test/fixtures/rpc-contracts.json).
    await sideBarRow(page, 'View methods (5)').waitFor({ timeout: 60_000 });
    await sideBarRow(page, 'View methods (5)').click();
    const method = sideBarRow(page, 'ft_balance_of');
    await method.waitFor();
    await poll(
      async () => (await sideBarTreeRows(page)).some((r) => r.label === 'Standards' && r.description === 'NEP-141, NEP-148, NEP-330'),
      'the standards row',
    );
    await method.hover();
    await wb.shot('readme-contract-node', await cropAround(page.locator('#workbench\\.parts\\.sidebar'), sideBarRow(page, 'Source')));
    await method.locator('.actions .action-label[aria-label^="Call View Method"]').click();
    await answerInputBox(page, 'alice.near', /ft_balance_of: account_id/);
    const text = await poll(async () => {
      const t = await editorText(page);
      return t.startsWith('// ft_balance_of · here.tg') ? t : undefined;
    }, 'a result editor starting with "// ft_balance_of · here.tg"');
    const rpcHost = new URL(wb.stub.rpcUrl).host;
    assert.equal(text.split('\n')[0], `// ft_balance_of · here.tg · block #${stubHeadBlock().height.toLocaleString('en-US')} · regular RPC (${rpcHost})`);
    assert.equal(text.split('\n')[1], '// args: {"account_id":"alice.near"}');
    assert.equal(text.split('\n')[2], '"1500000000000000000000"');
    await wb.shot('03c-call-view-method');
    // The Copy as near-cli-rs / near-api-js offer stays until dismissed: clear it for the next steps' screenshots.
    await runCommand(page, 'Notifications: Clear All Notifications');
    await runCommand(page, 'View: Close All Editors');
  });

  it('Call View Method… from the command palette: a watched contract, a method of its ABI, a typed argument', async () => {
    const { page } = wb;
    await runCommand(page, 'NEAR Lens: Call View Method…');
    await pickQuickItem(page, 'here.tg', /contract/);
    await pickQuickItem(page, 'ft_balance_of', /method to call/);
    await answerInputBox(page, 'alice.near', /ft_balance_of: account_id/);
    const text = await poll(async () => {
      const t = await editorText(page);
      return t.startsWith('// ft_balance_of · here.tg') ? t : undefined;
    }, 'the result of ft_balance_of');
    assert.deepEqual(text.split('\n').slice(1, 3), ['// args: {"account_id":"alice.near"}', '"1500000000000000000000"']);
    assert.match(await page.locator('.tabs-container .tab.active').innerText(), /^ft_balance_of\s*\.jsonc/);
    await wb.shot('03d-call-view-method-palette');
    // The Copy as near-cli-rs / near-api-js offer stays until dismissed: clear it for the next steps' screenshots.
    await runCommand(page, 'Notifications: Clear All Notifications');
    await runCommand(page, 'View: Close All Editors');
  });

  it('Query Block… from the command palette (regular RPC, final) opens the block as JSON', async () => {
    const { page } = wb;
    await runCommand(page, 'NEAR Lens: Query Block…');
    await pickQuickItem(page, 'Regular RPC', /which RPC host/);
    await pickQuickItem(page, 'final', /which block/);
    const head = stubHeadBlock();
    const rpcHost = new URL(wb.stub.rpcUrl).host;
    // The result opens at its top: the summary comment, then the JSON (author, chunks, header).
    const top = await poll(async () => {
      const t = await editorText(page);
      return t.startsWith('// Block ') ? t : undefined;
    }, 'a result editor starting with "// Block "');
    const first = top.split('\n')[0] ?? '';
    assert.ok(first.startsWith(`// Block ${head.height.toLocaleString('en-US')} · hash ${head.hash} · `), first);
    assert.ok(first.endsWith(`· regular RPC (${rpcHost})`), first);
    assert.match(top, /^\{$/m);
    await wb.shot('04-query-block');
    // The header with the height is at the end: Ctrl+End, as a person would scroll there.
    await page.keyboard.press('Control+End');
    const bottom = await poll(async () => {
      const t = await editorText(page);
      return t.includes('"height": ') ? t : undefined;
    }, 'the block header at the end of the result');
    assert.ok(bottom.includes(`"height": ${head.height},`), bottom);
    assert.ok(bottom.includes(`"hash": "${head.hash}",`), bottom);
    // A read-only JSON-with-comments document of NEAR Lens's scheme, its tab named after the block.
    assert.match(await page.locator('.tabs-container .tab.active').innerText(), new RegExp(`^Block ${head.height.toLocaleString('en-US')}\\s*\\.jsonc`));
    await page
      .locator('.statusbar-item')
      .filter({ hasText: /^JSON with Comments$/ })
      .waitFor();
  });

  it('Open Balance Panel… shows here.tg to the yoctoNEAR in the webview (dark theme)', async () => {
    const { page } = wb;
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, 'here.tg', /Open Balance Panel/);
    await assertPanelFigures(wb, 'here.tg', 'dark');
    await wb.shot('05-panel-dark');
    await wb.shot('readme-panel-dark', await cropAround(page.locator('.editor-group-container.active'), panelFrame(page).locator('section.balance')));
  });

  it('the open panel follows the switch to the light theme', async () => {
    const { page } = wb;
    await pickColorTheme(page, 'light');
    assert.ok(await page.locator('.monaco-workbench').evaluate((el, c) => el.classList.contains(c), THEMES.light.className), `${THEMES.light.id} applied`);
    await assertPanelFigures(wb, 'here.tg', 'light');
    await wb.shot('06-panel-light');
  });

  it('the panel reads at 360, 700 and 1400 px, light and dark: only the tables scroll sideways, no figure breaks', async () => {
    const { page } = wb;
    const size = page.viewportSize();
    // One webview at a time (panelFrame finds the only one): close here.tg's panel, the active editor.
    await runCommand(page, 'View: Close Editor');
    await poll(async () => (await panelElement(page).count()) === 0, "here.tg's panel to close");
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, IMPLICIT, /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: IMPLICIT }).waitFor({ timeout: 60_000 });
    // The bridged token's metadata has loaded (its symbol shows): the layout is final.
    await frame.locator('section.holdings td', { hasText: /^WETH$/ }).waitFor({ timeout: 60_000 });
    try {
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await pickColorTheme(page, 'dark');
        await poll(() => frame.locator('body').evaluate((b, k) => b.classList.contains(`vscode-${k}`), theme), `the webview body in the ${theme} theme`);
        for (const width of [360, 700, 1400]) {
          await setPanelWidth(page, width);
          const layout = await measurePanelLayout(frame);
          const at = `${width} px, ${theme}`;
          assert.ok(Math.abs(layout.width - width) <= 20, `${at}: the panel's document is ${layout.width} px wide`);
          assert.deepEqual(layout.problems, [], `${at}: the panel overflows or breaks a figure`);
          if (width === 360) {
            assert.ok(layout.scrolling > 0, `${at}: a table too wide for the panel scrolls in its own region`);
            assert.ok(layout.ellipsised.includes(IMPLICIT), `${at}: the account id is shortened in the middle: ${layout.ellipsised.join(', ')}`);
            assert.ok(layout.ellipsised.includes(LONG_CONTRACT), `${at}: the long contract id is shortened in the middle`);
          }
          if (width === 1400) {
            assert.equal(layout.scrolling, 0, `${at}: no table needs to scroll`);
            assert.deepEqual(layout.ellipsised, [], `${at}: every id is shown whole`);
          }
          // The pointer rests inside the panel's bottom-left padding: no workbench tooltip over the picture.
          const box = await panelElement(page).boundingBox();
          if (box) await page.mouse.move(box.x + 4, box.y + box.height - 4);
          await wb.shot(`panel-${width}-${theme}`, panelElement(page));
        }
      }
      // The shortened id is still the whole id: its title, and what a double click then a copy puts on the clipboard.
      await setPanelWidth(page, 360);
      const id = frame.locator('h1 .id');
      assert.equal(await id.getAttribute('title'), IMPLICIT);
      await id.locator('.id-head').dblclick();
      assert.equal(await copiedText(frame), IMPLICIT);
    } finally {
      if (size) await page.setViewportSize(size);
    }
  });

  it('the panel’s History draws total and locked over 30 days in the webview: a dot and exact tooltip per point (dark, then light)', async () => {
    const { page } = wb;
    await runCommand(page, 'View: Close Editor');
    await poll(async () => (await panelElement(page).count()) === 0, 'the open panel to close');
    await runCommand(page, 'NEAR Lens: Open Balance Panel…');
    await answerInputBox(page, CHAIN_ACCOUNT, /Open Balance Panel/);
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: CHAIN_ACCOUNT }).waitFor({ timeout: 60_000 });
    await frame.locator('section.history button', { hasText: '30 days' }).click();
    const chart = frame.locator('section.history svg.line-total-chart');
    await chart.waitFor({ timeout: 60_000 });
    const m = await frame.locator('section.history .chart-box').evaluate((box) => {
      const svg = box.querySelector('svg.line-total-chart')!;
      const r = svg.getBoundingClientRect();
      return {
        width: r.width,
        height: r.height,
        dots: svg.querySelectorAll('circle.pt').length,
        gaps: box.querySelectorAll('.gap').length,
        lines: Array.from(box.querySelectorAll('polyline.line-total, polyline.line-locked')).map((p) => [
          p.getAttribute('class'),
          (p.getAttribute('points') ?? '').trim().split(/\s+/).length,
        ]),
        tips: Array.from(svg.querySelectorAll('circle.pt title')).map((t) => t.textContent ?? ''),
        now: svg.querySelector('text.now')?.textContent ?? '',
        stroke: getComputedStyle(svg.querySelector('polyline.line-total')!).stroke,
      };
    });
    assert.equal(m.dots, 24);
    assert.equal(m.gaps, 0);
    assert.deepEqual(m.lines, [
      ['line-total', 24],
      ['line-locked', 24],
    ]);
    assert.ok(m.width > 300 && m.height > 100, `the chart is ${m.width} × ${m.height} px`);
    assert.notEqual(m.stroke, 'none', 'the total line has a theme colour');
    // Every tooltip: the block and the exact amounts there, to the yocto, as the model chain has them.
    for (const tip of m.tips) {
      const h = Number((/block #([\d,]+)/.exec(tip)?.[1] ?? '').replace(/,/g, ''));
      const want = accountAt(CHAIN_ACCOUNT, h);
      assert.ok(want, tip);
      assert.ok(tip.includes(`total ${exactNear(BigInt(want.amount) + BigInt(want.locked))}`), tip);
      assert.ok(tip.includes(`locked ${exactNear(BigInt(want.locked))}`), tip);
    }
    const last = m.tips.at(-1) ?? '';
    const head = accountAt(CHAIN_ACCOUNT, Number((/block #([\d,]+)/.exec(last)?.[1] ?? '').replace(/,/g, '')))!;
    assert.equal(m.now, `now ${shownNear(BigInt(head.amount) + BigInt(head.locked))}`);
    // Compare: the first point against now, exact and signed.
    const firstTip = m.tips[0] ?? '';
    const first = accountAt(CHAIN_ACCOUNT, Number((/block #([\d,]+)/.exec(firstTip)?.[1] ?? '').replace(/,/g, '')))!;
    const d = BigInt(head.amount) + BigInt(head.locked) - BigInt(first.amount) - BigInt(first.locked);
    const delta = (await frame.locator('.compare tbody tr').first().locator('.delta').innerText()).trim();
    assert.equal(delta, `${d > 0n ? '+' : d < 0n ? '-' : ''}${exactNear(d < 0n ? -d : d)}`);
    // The History section in view, the pointer off the chart: what a person sees after picking the range.
    await frame.locator('section.history').scrollIntoViewIfNeeded();
    const box = await panelElement(page).boundingBox();
    if (box) await page.mouse.move(box.x + 4, box.y + box.height - 4);
    await wb.shot('07-panel-history-dark');
    await wb.shot('readme-panel-history-dark', await cropAround(page.locator('.editor-group-container.active'), frame.locator('section.history')));
    await pickColorTheme(page, 'light');
    await poll(() => frame.locator('body').evaluate((b) => b.classList.contains('vscode-light')), 'the webview body in the light theme');
    await wb.shot('readme-panel-history-light', await cropAround(page.locator('.editor-group-container.active'), frame.locator('section.history')));
  });

  it('the panel reads in every theme kind, high contrast too: each text 4.5:1 against what is behind it, the chart lines 3:1', async () => {
    const { page } = wb;
    const frame = panelFrame(page);
    // The History panel of the step above: header, picture, tables, the chart with its labels, the range buttons.
    for (const kind of ['light', 'hcDark', 'hcLight', 'dark'] as const) {
      if (kind !== 'light') await pickColorTheme(page, kind);
      await poll(() => frame.locator('body').evaluate((b, c) => b.classList.contains(c), THEMES[kind].body), `the webview body in ${THEMES[kind].label}`);
      await frame.locator('section.history svg.line-total-chart').waitFor();
      const { checked, problems, lowest } = await measureContrast(frame);
      console.log(`      [e2e] ${THEMES[kind].label}: ${checked} texts and lines; closest to its minimum: ${JSON.stringify(lowest)}`);
      assert.ok(checked >= 40, `${THEMES[kind].label}: only ${checked} texts and lines measured`);
      assert.deepEqual(problems, [], `${THEMES[kind].label}: below WCAG 2 contrast`);
      if (kind === 'hcDark' || kind === 'hcLight') {
        // High contrast draws the theme's contrast border around the picture's segments, as VS Code does around its own parts.
        const seg = await frame
          .locator('.seg')
          .first()
          .evaluate((e) => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).borderTopColor]);
        assert.equal(seg[0], 'solid', `${THEMES[kind].label}: the picture's segments have a border`);
        assert.doesNotMatch(seg[1] ?? '', /rgba\(0, 0, 0, 0\)|transparent/, `${THEMES[kind].label}: the segments' border has a colour`);
      }
      await frame.locator('section.history').scrollIntoViewIfNeeded();
      await wb.shot(`08-panel-history-${kind}`, panelElement(page));
    }
  });
});

/** Reads the panel's header and figures table inside the webview frames and checks every amount against the fixture. */
async function assertPanelFigures(wb: Workbench, accountId: string, theme: 'light' | 'dark'): Promise<void> {
  const frame = panelFrame(wb.page);
  await frame.locator('h1', { hasText: accountId }).waitFor({ timeout: 60_000 });
  await frame.locator('section.balance table tbody tr').first().waitFor({ timeout: 60_000 });
  await poll(
    () => frame.locator('body').evaluate((b, k) => b.classList.contains(k === 'dark' ? 'vscode-dark' : 'vscode-light'), theme),
    `the webview body in the ${theme} theme`,
  );
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
  const a = expectedAccount(accountId);
  const figure = (label: string, yocto: bigint) => ({ label, value: shownNear(yocto), exact: exactNear(yocto) === shownNear(yocto) ? '' : exactNear(yocto) });
  assert.deepEqual(rows, [
    figure('Balance', a.balance),
    figure('Locked', a.locked),
    { label: 'Storage used', value: shownBytes(a.storageBytes), exact: '' }, // each figure once: not "26,340 bytes / 26340 bytes"
    figure('Pinned by storage', a.pinned),
    figure('Spendable', a.spendable),
  ]);
  const total = (await frame.locator('.total .amount').innerText()).trim();
  assert.equal(total, shownNear(a.total));
}

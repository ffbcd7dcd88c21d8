// The browser E2E's harness: a fresh code-server profile with the packaged .vsix installed, the loopback stub on
// random ports (user settings: nearLens.network "custom" → the stub), the fixture workspace, and Debian's headless
// Chromium (playwright-core) as the person at the keyboard. Helpers act through the UI only — mouse, keys, DOM.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { CALM_SETTINGS, installExtension, launchChromium, startCodeServer, workbenchUrl, writeUserSettings } from '../../../scripts/lib/code-server.mjs';
import type { CodeServer } from '../../../scripts/lib/code-server.mjs';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { FIXTURES } from './figures';
import { ROOT } from './packaging';

export const SCREENSHOTS = path.join(ROOT, '.e2e/screenshots');
export const FIXTURE_WORKSPACE = path.join(ROOT, 'test/fixtures/workspace');
/** The two themes the panel is shown in: the setting's value, the colour-theme picker's label, the workbench's class. */
export const THEMES = {
  dark: { id: 'Default Dark Modern', label: 'Dark Modern', className: 'vscode-theme-defaults-themes-dark_modern-json' },
  light: { id: 'Default Light Modern', label: 'Light Modern', className: 'vscode-theme-defaults-themes-light_modern-json' },
} as const;

export interface Workbench {
  page: Page;
  stub: Stub;
  server: CodeServer;
  browser: BrowserContext;
  runDir: string;
  userDataDir: string;
  extensionsDir: string;
  /** Saves .e2e/screenshots/<name>.png (the whole window, one element, or a rectangle of the window) and returns the path. */
  shot(name: string, clip?: Locator | Rect): Promise<string>;
  /** The last lines of code-server's log, for a failure message. */
  logTail(lines?: number): string;
  close(): Promise<void>;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WorkbenchOptions {
  vsix: string;
  /** More user settings (the stub's endpoints and the calm defaults are already there). */
  settings?: Record<string, unknown>;
  /** Keep the temp dir (profile, logs) after close; also E2E_KEEP=1. */
  keep?: boolean;
}

const say = (msg: string): void => console.log(`      [e2e] ${msg}`);

export async function startWorkbench(o: WorkbenchOptions): Promise<Workbench> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'near-lens-e2e-'));
  const userDataDir = path.join(runDir, 'user-data');
  const extensionsDir = path.join(runDir, 'extensions');
  mkdirSync(SCREENSHOTS, { recursive: true });
  const stub = await startStub({ fixturesDir: FIXTURES });
  let server: CodeServer | undefined;
  let browser: BrowserContext | undefined;
  const close = async (): Promise<void> => {
    await browser?.close().catch(() => {});
    await server?.stop();
    await stub.close();
    if (o.keep || process.env['E2E_KEEP']) say(`kept ${runDir}`);
    else rmSync(runDir, { recursive: true, force: true });
  };
  try {
    writeUserSettings(
      userDataDir,
      {
        // Application-scoped endpoint settings count only in user settings.
        'nearLens.network': 'custom',
        'nearLens.customNetwork.apiUrl': stub.apiUrl,
        'nearLens.customNetwork.rpcUrl': stub.rpcUrl,
        'nearLens.customNetwork.archivalRpcUrl': stub.archivalRpcUrl,
        'workbench.colorTheme': THEMES.dark.id,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'workbench.editor.enablePreview': false,
        'editor.minimap.enabled': false,
        ...o.settings,
      },
      CALM_SETTINGS,
    );
    let t = Date.now();
    installExtension({ vsix: o.vsix, userDataDir, extensionsDir, runDir });
    say(`installed ${path.relative(ROOT, o.vsix)} into a fresh profile (${Date.now() - t} ms)`);
    t = Date.now();
    server = await startCodeServer({ runDir, userDataDir, extensionsDir, folder: FIXTURE_WORKSPACE, smokeTestDriver: false });
    say(`code-server ${server.base} (${server.startMs} ms), stub ${stub.apiUrl}`);
    browser = await launchChromium({ profileDir: path.join(runDir, 'chromium') });
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(30_000);
    t = Date.now();
    await page.goto(workbenchUrl(server.base, { folder: FIXTURE_WORKSPACE }));
    await page.locator('.explorer-folders-view [role="treeitem"]').first().waitFor({ timeout: 90_000 });
    say(`workbench ready (${Date.now() - t} ms)`);
    const srv = server;
    return {
      page,
      stub,
      server: srv,
      browser,
      runDir,
      userDataDir,
      extensionsDir,
      async shot(name, clip) {
        const file = path.join(SCREENSHOTS, `${name}.png`);
        if (!clip) await page.screenshot({ path: file });
        else if ('screenshot' in clip) await clip.screenshot({ path: file });
        else await page.screenshot({ path: file, clip });
        return file;
      },
      logTail(lines = 30) {
        try {
          return readFileSync(srv.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
        } catch {
          return '';
        }
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

// ------------------------------------------------------------------------------------------------ UI helpers

/** Polls `fn` until it returns a truthy value; throws `what` with the last value after `timeoutMs`. */
export async function poll<T>(fn: () => Promise<T>, what: string, timeoutMs = 30_000, everyMs = 250): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
      last = v;
    } catch (e) {
      last = e instanceof Error ? e.message : e;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Text as a person reads it: Monaco's non-breaking spaces as spaces. */
export function plain(s: string): string {
  return s.replace(/\u00a0/g, ' ');
}

/** Opens a file by clicking it in the explorer (Ctrl+P has been seen to close the headless page) and waits for its editor. */
export async function openFromExplorer(page: Page, name: string): Promise<Locator> {
  await page.locator(`.explorer-folders-view [role="treeitem"][aria-label="${name}"]`).click();
  await page.locator(`.tabs-container .tab[aria-label^="${name}"]`).waitFor();
  const editor = activeEditor(page);
  await editor.locator('.view-line').first().waitFor();
  return editor;
}

export function activeEditor(page: Page): Locator {
  return page.locator('.editor-group-container.active .editor-container .monaco-editor').first();
}

/** The visible text of the active text editor (Monaco renders only the lines on screen). */
export async function editorText(page: Page): Promise<string> {
  return plain(await activeEditor(page).locator('.view-lines').innerText());
}

/** Centre of the first on-screen occurrence of `text` in the active editor, found with a DOM Range over its text nodes. */
async function textCentre(page: Page, text: string): Promise<{ x: number; y: number }> {
  const box = await activeEditor(page)
    .locator('.view-lines')
    .evaluate((root, needle) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = (n.textContent ?? '').indexOf(needle);
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + needle.length);
        const b = r.getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
      }
      return undefined;
    }, text);
  if (!box) throw new Error(`"${text}" is not on screen in the active editor`);
  return box;
}

/**
 * Hovers `text` in the active editor and returns the hover's text once it matches `until`. A hover shown before the
 * extension answered, or stuck at "Loading…", is dismissed (mouse away, Escape) and the text hovered again.
 */
export async function hoverUntil(page: Page, text: string, until: RegExp, timeoutMs = 60_000): Promise<{ text: string; hover: Locator }> {
  const hover = page
    .locator('.monaco-hover:not(.hidden)')
    .filter({ has: page.locator('.monaco-hover-content') })
    .last();
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (let attempt = 1; ; attempt++) {
    const { x, y } = await textCentre(page, text);
    await page.mouse.move(x - 3, y);
    await page.mouse.move(x, y, { steps: 3 });
    const until5s = Date.now() + Math.min(8_000, Math.max(1_000, deadline - Date.now()));
    while (Date.now() < until5s) {
      last = plain(await hover.innerText({ timeout: 500 }).catch(() => ''));
      if (until.test(last)) return { text: last, hover };
      await page.waitForTimeout(200);
    }
    if (Date.now() > deadline) throw new Error(`hover on "${text}" never matched ${String(until)} (${attempt} attempts); last hover text:\n${last}`);
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(800);
  }
}

/** The command palette (F1), a command picked by its full title, as a person would type it. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await pickQuickItem(page, title);
}

/** Clicks the quick-pick row whose label is `label` (waits for the list to show it). */
export async function pickQuickItem(page: Page, label: string, title?: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.waitFor();
  if (title) await poll(async () => title.test(await widget.locator('.quick-input-title').innerText()), `quick pick titled ${String(title)}`);
  const rows = widget.locator('.quick-input-list .monaco-list-row');
  const row = rows.filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRe(label)}$`) }) }).first();
  try {
    await row.waitFor({ timeout: 15_000 });
  } catch {
    const shown = await rows.evaluateAll((rs) => rs.map((r) => (r as HTMLElement).innerText.replace(/\s*\n\s*/g, ' | ')));
    throw new Error(`no quick-pick row labelled "${label}"; the list shows: ${JSON.stringify(shown)}`);
  }
  await row.click();
}

/** Types into an open input box (showInputBox) and accepts it. */
export async function answerInputBox(page: Page, text: string, title?: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.waitFor();
  if (title) await poll(async () => title.test(await widget.locator('.quick-input-title').innerText()), `input box titled ${String(title)}`);
  await widget.locator('.quick-input-box input').fill(text);
  await page.keyboard.press('Enter');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The balance panel's document: two iframes below the workbench (the webview host frame, then its active frame). */
export function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** Rows of a tree in the side bar as "label | description" (what a person reads), in order. */
export async function sideBarTreeRows(page: Page): Promise<Array<{ label: string; description: string }>> {
  return page.locator('#workbench\\.parts\\.sidebar .monaco-list-row').evaluateAll((rows) =>
    rows.map((r) => ({
      label: (r.querySelector('.label-name')?.textContent ?? '').trim(),
      description: (r.querySelector('.label-description')?.textContent ?? '').trim(),
    })),
  );
}

/** The side-bar tree row labelled exactly `label`. */
export function sideBarRow(page: Page, label: string): Locator {
  return page
    .locator('#workbench\\.parts\\.sidebar .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRe(label)}$`) }) })
    .first();
}

/** Waits until the workbench shows `theme` (the body class flips between vs and vs-dark). */
export async function waitForTheme(page: Page, kind: 'light' | 'dark'): Promise<void> {
  await poll(
    () => page.locator('.monaco-workbench').evaluate((el, k) => el.classList.contains(k === 'dark' ? 'vs-dark' : 'vs'), kind),
    `the workbench in the ${kind} theme`,
  );
}

/** The box of `inner` grown to the top-left corner of `outer` plus a margin: a README-sized crop around a widget. */
export async function cropAround(outer: Locator, inner: Locator, margin = 24): Promise<Rect> {
  const o = await outer.boundingBox();
  const i = await inner.boundingBox();
  if (!o || !i) throw new Error('nothing to crop: an element is not on screen');
  const right = Math.min(o.x + o.width, i.x + i.width + margin);
  const bottom = Math.min(o.y + o.height, i.y + i.height + margin);
  return { x: Math.round(o.x), y: Math.round(o.y), width: Math.round(right - o.x), height: Math.round(bottom - o.y) };
}

/** Picks a colour theme in Preferences: Color Theme, as a person would, and waits until the workbench shows it. */
export async function pickColorTheme(page: Page, kind: keyof typeof THEMES): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  await page.locator('.quick-input-widget .quick-input-box input').fill(THEMES[kind].label);
  await pickQuickItem(page, THEMES[kind].label);
  await waitForTheme(page, kind);
}

/** The balance panel's webview element in the workbench (the frame whose width is the panel's width). */
export function panelElement(page: Page): Locator {
  return page.locator('iframe.webview.ready');
}

/**
 * Resizes the browser window until the panel's webview is exactly `width` px wide (the workbench around it — activity
 * bar, side bar — keeps its own width, so the window grows or shrinks by the difference). Returns the window width.
 */
export async function setPanelWidth(page: Page, width: number): Promise<number> {
  const frame = panelElement(page);
  const frameWidth = async (): Promise<number> => Math.round((await frame.boundingBox())?.width ?? 0);
  for (let attempt = 0; attempt < 4; attempt++) {
    const now = await frameWidth();
    const vp = page.viewportSize() ?? { width: 1400, height: 900 };
    if (now === width) return vp.width;
    await page.setViewportSize({ width: vp.width + width - now, height: vp.height });
    // The workbench lays the webview out again after the resize: wait until its width has settled.
    let last = -1;
    await poll(async () => {
      const w = await frameWidth();
      const settled = w === last;
      last = w;
      return settled;
    }, `the panel's width to settle after resizing the window for ${width} px`);
  }
  throw new Error(`could not make the panel ${width} px wide (it is ${await frameWidth()} px)`);
}

/** What the width check found inside the panel's document. */
export interface PanelLayout {
  /** The document's width (the webview's, less a vertical scrollbar). */
  width: number;
  /** Elements that overflow sideways or a figure split over lines, described; empty when the panel reads well. */
  problems: string[];
  /** How many of the tables' own scrollers scroll sideways at this width. */
  scrolling: number;
  /** Ids shown with the middle ellipsis (their head is clipped), as their full text. */
  ellipsised: string[];
}

/**
 * Measures the panel's layout in its frame: (1) the page never scrolls sideways; (2) no element sticks out of the
 * window or overflows its own box, except each table's own scroller (.table-scroll) and an id's clipped head; (3) no
 * figure (amount, exact digits, height, share), id or button has its text on two lines: every text box of it starts
 * within half a line of the first.
 */
export async function measurePanelLayout(frame: FrameLocator): Promise<PanelLayout> {
  return frame.locator('body').evaluate((body) => {
    // tsx (esbuild keepNames) wraps the named arrow functions below in __name(), which the page does not define.
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
    const doc = body.ownerDocument;
    const root = doc.documentElement;
    const vw = root.clientWidth;
    const problems: string[] = [];
    const name = (e: Element): string =>
      `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}"`;
    if (root.scrollWidth > vw) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${vw} px`);
    const all = Array.from(body.querySelectorAll<HTMLElement>('*')).filter((e) => !['SCRIPT', 'CAPTION'].includes(e.tagName));
    for (const e of all) {
      const allowed = e.matches('.table-scroll, .id-head');
      if (!allowed && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
        problems.push(`${name(e)} overflows its box: ${e.scrollWidth} > ${e.clientWidth} px`);
      if (e.closest('.table-scroll')) continue; // clipped by the table's scroller, which may scroll
      const r = e.getBoundingClientRect();
      if (r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5))
        problems.push(`${name(e)} sticks out of the window: ${Math.round(r.left)}–${Math.round(r.right)} of ${vw} px`);
    }
    for (const e of Array.from(body.querySelectorAll<HTMLElement>('.amount, .exact, .num, .id, button'))) {
      const tops: number[] = [];
      const walker = doc.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = doc.createRange();
        range.selectNodeContents(n);
        for (const box of Array.from(range.getClientRects())) if (box.width > 0) tops.push(box.top);
      }
      const line = parseFloat(getComputedStyle(e).lineHeight) || 16;
      if (tops.length > 0 && Math.max(...tops) - Math.min(...tops) > line / 2)
        problems.push(`${name(e)} is split over ${tops.length} text boxes on different lines`);
    }
    const scrollers = Array.from(body.querySelectorAll<HTMLElement>('.table-scroll'));
    const ellipsised = Array.from(body.querySelectorAll<HTMLElement>('.id'))
      .filter((e) => {
        const head = e.querySelector<HTMLElement>('.id-head');
        return !!head && head.scrollWidth > head.clientWidth;
      })
      .map((e) => e.title);
    return { width: vw, problems, scrolling: scrollers.filter((s) => s.scrollWidth > s.clientWidth).length, ellipsised };
  });
}

/** The text a copy (Ctrl+C) of the current selection in the panel puts on the clipboard, read from a copy event's DataTransfer. */
export async function copiedText(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate((body) => {
    const data = new DataTransfer();
    body.ownerDocument.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true }));
    return data.getData('text/plain');
  });
}

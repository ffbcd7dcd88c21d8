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
/** `ui`: the workbench's class for the theme's kind; `body`: the webview body's class. */
export const THEMES = {
  dark: { id: 'Default Dark Modern', label: 'Dark Modern', className: 'vscode-theme-defaults-themes-dark_modern-json', ui: 'vs-dark', body: 'vscode-dark' },
  light: { id: 'Default Light Modern', label: 'Light Modern', className: 'vscode-theme-defaults-themes-light_modern-json', ui: 'vs', body: 'vscode-light' },
  hcDark: {
    id: 'Default High Contrast',
    label: 'Dark High Contrast',
    className: 'vscode-theme-defaults-themes-hc_black-json',
    ui: 'hc-black',
    body: 'vscode-high-contrast',
  },
  hcLight: {
    id: 'Default High Contrast Light',
    label: 'Light High Contrast',
    className: 'vscode-theme-defaults-themes-hc_light-json',
    ui: 'hc-light',
    body: 'vscode-high-contrast-light',
  },
} as const;
export type ThemeKind = keyof typeof THEMES;

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
  /** Which code-server (scripts/lib/code-server.mjs): the current VS Code, or 'oldest' (VS Code 1.90). */
  host?: 'current' | 'oldest';
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
        'nearLens.customNetwork.txApiUrl': stub.txApiUrl,
        'workbench.colorTheme': THEMES.dark.id,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'workbench.editor.enablePreview': false,
        'editor.minimap.enabled': false,
        ...o.settings,
      },
      CALM_SETTINGS,
    );
    let t = Date.now();
    installExtension({ vsix: o.vsix, userDataDir, extensionsDir, runDir, host: o.host });
    say(`installed ${path.relative(ROOT, o.vsix)} into a fresh profile (${Date.now() - t} ms)`);
    t = Date.now();
    server = await startCodeServer({ runDir, userDataDir, extensionsDir, folder: FIXTURE_WORKSPACE, smokeTestDriver: false, host: o.host });
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

/** Waits until NEAR Lens is active: its status-bar item, "NEAR custom" (the tests' user settings), is drawn. */
export async function nearLensActive(page: Page, timeoutMs = 60_000): Promise<void> {
  await page
    .locator('.statusbar-item')
    .filter({ hasText: /NEAR custom/ })
    .waitFor({ timeout: timeoutMs });
}

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
  const input = page.locator('.quick-input-widget .quick-input-box input');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    await input.waitFor();
    await input.fill(`>${title}`);
    // A webview that takes the focus as it loads closes the palette under the typing: press F1 again, as a person would.
    const closed = await page
      .locator('.quick-input-widget')
      .waitFor({ state: 'hidden', timeout: 1_000 })
      .then(() => true)
      .catch(() => false);
    if (closed && attempt < 3) continue;
    return pickQuickItem(page, title);
  }
}

/**
 * Runs a command whose first step is a quick pick titled `pickTitle`, and picks `label` there. When the pick does not
 * show (something took the focus and closed it as it opened), runs the command again, as a person would: up to 3 times.
 */
export async function runCommandToPick(page: Page, title: string, label: string, pickTitle: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, title);
    const shown = await poll(
      async () => (await widget.isVisible()) && pickTitle.test(await widget.locator('.quick-input-title').innerText()),
      `quick pick titled ${String(pickTitle)}`,
      10_000,
    )
      .then(() => true)
      .catch((e: unknown) => {
        if (attempt >= 3) throw e;
        return false;
      });
    if (shown) return pickQuickItem(page, label, pickTitle);
  }
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
export async function waitForTheme(page: Page, kind: ThemeKind): Promise<void> {
  await poll(() => page.locator('.monaco-workbench').evaluate((el, ui) => el.classList.contains(ui), THEMES[kind].ui), `the workbench in the ${kind} theme`);
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
export async function pickColorTheme(page: Page, kind: ThemeKind): Promise<void> {
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
    // Not laid out for the eye: scripts, and what only screen readers read (table captions, the status line).
    const all = Array.from(body.querySelectorAll<HTMLElement>('*')).filter((e) => !['SCRIPT', 'CAPTION'].includes(e.tagName) && !e.matches('.announce'));
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

/** A text, or a chart line, whose contrast with what is behind it is below WCAG's minimum. */
export interface ContrastProblem {
  what: string;
  ratio: number;
  min: number;
  fg: string;
  bg: string;
}

/**
 * WCAG 2 contrast of everything the panel draws, read from computed styles in the webview: each visible text (4.5:1,
 * 3:1 when large; disabled controls are exempt) and each chart line (3:1, non-text) against the opaque colour behind
 * it (semi-transparent layers composited, the editor background at the bottom). Returns what falls short, how many
 * items were measured and the one closest to its minimum.
 */
export async function measureContrast(frame: FrameLocator): Promise<{ checked: number; problems: ContrastProblem[]; lowest?: ContrastProblem }> {
  return frame.locator('body').evaluate((body) => {
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f; // as in measurePanelLayout
    type Rgba = [number, number, number, number];
    const probe = document.createElement('span');
    body.appendChild(probe);
    /** Any CSS colour as sRGB 0–255 and alpha, through the browser's own parser. */
    const rgba = (css: string): Rgba | undefined => {
      probe.style.color = '';
      probe.style.color = css;
      const c = getComputedStyle(probe).color;
      const m = /^rgba?\(([^)]+)\)$/.exec(c) ?? /^color\(srgb ([^)]+)\)$/.exec(c);
      if (!m?.[1]) return undefined;
      const n = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      const scale = c.startsWith('color(') ? 255 : 1;
      return [(n[0] ?? 0) * scale, (n[1] ?? 0) * scale, (n[2] ?? 0) * scale, n[3] ?? 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;
    const editorBg = rgba(getComputedStyle(document.documentElement).getPropertyValue('--vscode-editor-background').trim()) ?? [0, 0, 0, 1];
    const behind = (el: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0) layers.push(c);
        if (c && c[3] >= 1) break;
      }
      return layers.reduceRight((under, top) => over(top, under), editorBg);
    };
    const lum = (c: Rgba): number => {
      const f = (v: number): number => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    const ratio = (a: Rgba, b: Rgba): number => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const show = (c: Rgba): string => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
    const visible = (el: Element): boolean => {
      const s = getComputedStyle(el);
      return el.getClientRects().length > 0 && s.visibility !== 'hidden' && Number(s.opacity) > 0;
    };
    type Measured = { what: string; ratio: number; min: number; fg: string; bg: string };
    const problems: Measured[] = [];
    let lowest: Measured | undefined;
    let checked = 0;
    const check = (el: Element, fgCss: string, min: number, what: string): void => {
      const bg = behind(el instanceof SVGElement ? (el.closest('svg')?.parentElement ?? null) : el);
      const fg0 = rgba(fgCss);
      if (!fg0) return;
      const fg = over(fg0, bg);
      const r = ratio(fg, bg);
      checked++;
      const m = { what, ratio: Math.round(r * 100) / 100, min, fg: show(fg), bg: show(bg) };
      if (r < min) problems.push(m);
      if (!lowest || r / min < lowest.ratio / lowest.min) lowest = m;
    };
    const name = (el: Element): string =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of Array.from(body.querySelectorAll('*'))) {
      if (el === probe || !visible(el) || el.closest('button:disabled, [aria-disabled="true"]')) continue;
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      const s = getComputedStyle(el);
      if (ownText && !(el instanceof SVGElement && el.tagName !== 'text')) {
        const size = parseFloat(s.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
        check(el, el instanceof SVGElement ? s.fill : s.color, large ? 3 : 4.5, name(el));
      }
      if (el.tagName === 'polyline') check(el, s.stroke, 3, `${name(el)} line`);
    }
    probe.remove();
    return { checked, problems, lowest };
  });
}

/**
 * Where the mouse rests on `hash` in the active editor: its longest piece in one text node (the hover reads the whole
 * word under the mouse). Monaco renders a long line in spans of at most 50 characters, so a hash is often cut in two.
 */
export async function pieceOnScreen(page: Page, hash: string): Promise<string> {
  return poll(
    () =>
      activeEditor(page)
        .locator('.view-lines')
        .evaluate((root, h) => {
          let best = '';
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const t = n.textContent ?? '';
            for (let i = 0; i < h.length; i++) for (let j = h.length; j - i > best.length; j--) if (t.includes(h.slice(i, j))) best = h.slice(i, j);
          }
          return best.length >= 12 ? best : undefined;
        }, hash),
    `${hash.slice(0, 8)}… on screen`,
  );
}

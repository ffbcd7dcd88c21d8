// One E2E file's set-up in one call: the packaged .vsix (built once per run), a fresh code-server profile with it
// installed, the loopback stub and headless Chromium (startWorkbench), a screenshot and code-server's log tail when a
// test fails, and everything closed after the file. Every *.e2e.ts that drives the workbench starts with
//
//   const wb = useWorkbench({ name: 'web-worker', settings: { … }, shots: 'web-*.png' });
//
// inside its `describe`, then reads `wb.page`, `wb.stub`, `wb.shot(…)` in its tests as before.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { packageVsix, ROOT } from './packaging';
import { SCREENSHOTS, startWorkbench } from './workbench';
import type { Workbench } from './workbench';

export interface SessionOptions {
  /** Names the failure screenshot: .e2e/screenshots/FAILED-<name>-<test title>.png. */
  name: string;
  /** More user settings (the stub's endpoints and the calm defaults are already there). */
  settings?: Record<string, unknown>;
  /** What the closing line points at under .e2e/screenshots/ ("web-*.png"); the folder when absent. */
  shots?: string;
  /** Runs once the workbench is up, before the first test (e.g. the stub in RPC-only mode). */
  ready?: (wb: Workbench) => void | Promise<void>;
  /** The code-server to start: the current VS Code (default) or 'oldest' (VS Code 1.90). */
  host?: 'current' | 'oldest';
}

const say = (msg: string): void => console.log(`      [e2e] ${msg}`);

/**
 * Registers the suite's hooks (call it inside `describe`) and returns the workbench they start: a stand-in that reads
 * through to it once `before` has run (reading it earlier throws).
 */
export function useWorkbench(o: SessionOptions): Workbench {
  let wb: Workbench | undefined;

  before(async function () {
    this.timeout(300_000);
    const { vsix } = packageVsix();
    wb = await startWorkbench({ vsix, settings: o.settings ?? {}, ...(o.host && { host: o.host }) });
    await o.ready?.(wb);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !wb) return;
    const title = (this.currentTest.title ?? 'test').replace(/[^\w]+/g, '-').slice(0, 50);
    const file = await wb.shot(`FAILED-${o.name}-${title}`).catch(() => '(no screenshot)');
    say(`failure screenshot: ${path.relative(process.cwd(), file)}\n      [e2e] code-server log tail:\n${wb.logTail(15)}`);
  });

  after(async () => {
    await wb?.close();
    say(`screenshots: ${path.relative(process.cwd(), SCREENSHOTS)}/${o.shots ?? ''}`);
  });

  return new Proxy({} as Workbench, {
    get(_, key: keyof Workbench) {
      if (!wb) throw new Error(`the ${o.name} workbench is not started yet (read it inside a test, not in describe)`);
      return wb[key];
    },
  });
}

/** Text that only a bug or an unhandled error puts on screen. */
export const RAW_ERROR =
  /\b(?:Error|TypeError|ReferenceError|SyntaxError):|ECONNREFUSED|ECONNRESET|\bat [\w.<>]+ \(|\[object Object\]|\bundefined\b|\bNaN\b|does not exist while viewing|-32000|Server error/;

/** Nothing on screen reads like an error: no error toast, no `bad` text in the workbench or any of its frames (webviews). */
export async function assertNoErrorOnScreen(page: Page, where: string, bad: RegExp = RAW_ERROR): Promise<void> {
  assert.equal(await page.locator('.notification-toast .codicon-error, .notifications-center .codicon-error').count(), 0, `${where}: an error notification`);
  const lines = (await page.locator('body').innerText()).split('\n').filter((l) => bad.test(l));
  assert.deepEqual(lines, [], `${where}: error text on screen`);
  for (const frame of page.frames()) {
    const t = await frame
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '');
    assert.deepEqual(
      t.split('\n').filter((l) => bad.test(l)),
      [],
      `${where}: error text in a frame (${frame.url().slice(0, 60)})`,
    );
  }
}

/** Copies a saved screenshot to docs/images/<name>.png, where the README and the guide show it. */
export function toReadme(file: string, name: string): void {
  copyFileSync(file, path.join(ROOT, 'docs/images', `${name}.png`));
}

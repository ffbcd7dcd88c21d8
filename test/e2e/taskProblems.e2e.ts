// Browser E2E: test output in the Problems panel, for real, in code-server's remote workbench (as Codespaces and
// Remote-SSH are), on the current VS Code and on 1.90. The fixture workspace's tasks (test/fixtures/workspace/.vscode/
// tasks.json: docs/GUIDE.md's tasks, each command a `cat` of a recorded run in test/fixtures/task-logs/) are run from
// Tasks: Run Task, and the Problems panel is read as a person reads it: the file and its folder, the words, the line.
// The shell tasks' entries are `$near-panic`'s and `$near-panic-inline`'s (source "panic"); the near-lens task's are
// NEAR Lens's own (source "NEAR Lens"). Saves .e2e/screenshots/tasks-<host>-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useWorkbench } from './support/session';
import { FIXTURE_WORKSPACE, nearLensActive, pickQuickItem, plain, poll, runCommand } from './support/workbench';

const UNWRAP = 'called `Option::unwrap()` on a `None` value';

/**
 * The Problems panel's entries as "folder/file:line:col words (source)", in the panel's order. A file's row holds its
 * name, folder and count; an entry's row its words, source and `[Ln 29, Col 50]`; a related information's row (NEAR
 * Lens's test and fix) is left out.
 */
async function problemEntries(page: Page): Promise<string[]> {
  const rows = await page.locator('.markers-panel .monaco-list-row').evaluateAll((els) =>
    els.map((el) => ({
      file: el.querySelector('.file-icon .label-name, .monaco-icon-label .label-name')?.textContent ?? '',
      folder: el.querySelector('.label-description')?.textContent ?? '',
      // A message of several lines shows a row part per line: the first is the words' first line.
      message: el.querySelector('.marker-message')?.textContent ?? '',
      source: el.querySelector('.marker-source')?.textContent ?? '',
      line: el.querySelector('.marker-line')?.textContent ?? '',
    })),
  );
  const out: string[] = [];
  let file = '';
  for (const r of rows) {
    if (r.file && !r.line) file = `${plain(r.folder)}/${plain(r.file)}`;
    const at = /Ln (\d+), Col (\d+)/.exec(r.line);
    if (at) out.push(`${file}:${at[1]}:${at[2]} ${plain(r.message)} (${plain(r.source)})`);
  }
  return out;
}

/** Shows the Problems panel (Run Task puts the terminal in front of it). */
async function showProblems(page: Page): Promise<void> {
  if (await page.locator('.markers-panel').isVisible()) return;
  await page.locator('.statusbar-item[id="status.problems"]').click();
  await page.locator('.markers-panel').waitFor();
}

/** Tasks: Run Task, the task picked by its label, as a person picks it. */
async function runTask(page: Page, label: string): Promise<void> {
  await runCommand(page, 'Tasks: Run Task');
  await pickQuickItem(page, label);
}

/**
 * Polls the Problems panel until the entries of `source` are `expected`, give or take any of `maybe` (sorted).
 */
async function entriesBecome(page: Page, source: string, expected: string[], maybe: string[] = []): Promise<void> {
  let last: string[] = [];
  await poll(
    async () => {
      await showProblems(page);
      last = (await problemEntries(page)).filter((e) => e.endsWith(`(${source})`)).sort();
      return JSON.stringify(last.filter((e) => !maybe.includes(e))) === JSON.stringify([...expected].sort());
    },
    `the Problems panel's ${source} entries`,
    45_000,
  ).catch((e: unknown) => {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe panel's ${source} entries:\n${last.join('\n')}\nexpected:\n${expected.join('\n')}`);
  });
}

for (const host of ['current', 'oldest'] as const) {
  describe(`NEAR Lens: test output in the Problems panel (tasks in the remote workbench, ${host === 'oldest' ? 'VS Code 1.90' : 'current VS Code'})`, function () {
    this.timeout(180_000);
    const wb = useWorkbench({ name: `task-problems-${host}`, host, shots: `tasks-${host}-*.png` });

    const ROOT_ENTRIES = [
      'contracts/arcade/src/lib.rs:27:9 assertion `left == right` failed: attach the stake (panic)',
      `contracts/arcade/src/lib.rs:35:52 ${UNWRAP} (panic)`,
      'contracts/game/src/views.rs:88:14 Pool not found (panic)',
    ];
    const GAME_ENTRIES = [
      `contracts/game/src/lib.rs:29:50 ${UNWRAP} (panic)`,
      'contracts/game/src/views.rs:100:9 assertion `left == right` failed: fee is 2% (panic)',
      'contracts/game/src/views.rs:88:14 Pool not found (panic)',
    ];

    it('the guide’s "cargo test" task: $near-panic and $near-panic-inline put each panic on its line, the words alone', async () => {
      const { page } = wb;
      await nearLensActive(page);
      await runTask(page, 'cargo test');
      await entriesBecome(page, 'panic', ROOT_ENTRIES);
      await wb.shot(`tasks-${host}-1-matchers`);
    });

    it('a crate’s own paths (src/views.rs), read from its folder; each run in the reused terminal has the words', async () => {
      const { page } = wb;
      // Every run after the first is in the terminal the first left ("Terminal will be reused by tasks"): a run's
      // entries replace the last run's, so each run below is seen by its own entries.
      await runTask(page, 'game: cargo test');
      await entriesBecome(page, 'panic', GAME_ENTRIES);
      await runTask(page, 'cargo test');
      await entriesBecome(page, 'panic', ROOT_ENTRIES);
      await runTask(page, 'game: cargo test');
      await entriesBecome(page, 'panic', GAME_ENTRIES);
    });

    it('the old one-line form and near-workspaces’ quoted form, by the matchers: the words, no escape or Debug tail', async () => {
      const { page } = wb;
      await runTask(page, 'game: cargo test before Rust 1.73 (matchers)');
      // The old multi-line assert names its place lines below its start: no matcher reads it (the near-lens task does).
      await entriesBecome(page, 'panic', [`contracts/game/src/lib.rs:29:50 ${UNWRAP} (panic)`, 'contracts/game/src/views.rs:88:14 Pool not found (panic)']);
      await runTask(page, 'game: integration tests (matchers)');
      // The test's own unwrap (tests/pools.rs, not in this workspace) has the failure's Debug text for its words.
      const unwrapped = readFileSync(path.join(FIXTURE_WORKSPACE, '../task-logs/near-workspaces.log'), 'utf8')
        .split('\n')
        .find((l) => l.startsWith('called `Result::unwrap()`'));
      assert.ok(unwrapped);
      // The contract's panic quoted in those words is an entry too when the terminal hands the line over twice (a
      // reused one does); the first match of a line otherwise takes it.
      await entriesBecome(
        page,
        'panic',
        [
          `contracts/game/tests/pools.rs:61:10 ${unwrapped.trim()} (panic)`,
          'contracts/game/src/views.rs:100:9 assertion `left == right` failed: fee is 2% (panic)',
          'contracts/game/src/views.rs:88:14 Pool not found (panic)',
        ],
        [`contracts/game/src/lib.rs:29:50 ${UNWRAP} (panic)`],
      );
    });

    it('the near-lens task: NEAR Lens runs it and puts near-workspaces’ quoted panics on their lines', async () => {
      const { page } = wb;
      await runTask(page, 'game: integration tests');
      await entriesBecome(page, 'NEAR Lens', [
        `contracts/game/src/lib.rs:29:50 ${UNWRAP} (NEAR Lens)`,
        'contracts/game/src/views.rs:100:9 assertion `left == right` failed: fee is 2% (NEAR Lens)',
        'contracts/game/src/views.rs:88:14 Pool not found (NEAR Lens)',
      ]);
      // The fix of an unwrap on None is the entry's related information, a row under it.
      assert.match(plain(await page.locator('.markers-panel').innerText()), /Fix: An unwrap\(\) met None there/);
      await wb.shot(`tasks-${host}-2-near-lens`);
    });
  });
}

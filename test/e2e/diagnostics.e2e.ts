// Browser E2E (#27): NEAR Lens diagnostics as a person meets them — the squiggles under a secret key in a .env and
// under "Alice.near" in a TypeScript file, and their entries in the Problems panel (source NEAR Lens, the public
// key, the rule). Saves .e2e/screenshots/readme-diagnostics.png (the README's picture, docs/images/diagnostics.png).
import assert from 'node:assert/strict';
import { useWorkbench } from './support/session';
import { activeEditor, openFromExplorer, plain, poll } from './support/workbench';

const PUBLIC_KEY = 'ed25519:4GxzbYaqMYRKHoALZMthn6G43pNycaYFjJmad1Suk3Lt';

describe('NEAR Lens diagnostics in the browser (squiggles and the Problems panel)', function () {
  this.timeout(120_000);
  // Tabs stay open (no preview tab replaced by the next file): a closed file's diagnostics are cleared.
  const wb = useWorkbench({ name: 'diagnostics', settings: { 'workbench.editor.enablePreview': false } });

  it('a secret key in deploy.env is squiggled as an error', async () => {
    const { page } = wb;
    await page
      .locator('.activitybar .action-label[aria-label="Explorer"]')
      .first()
      .click()
      .catch(() => undefined);
    await openFromExplorer(page, 'deploy.env');
    await activeEditor(page).locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
  });

  it('"Alice.near" in receivers.ts is squiggled as a warning; the Problems panel lists both with source NEAR Lens', async () => {
    const { page } = wb;
    await openFromExplorer(page, 'receivers.ts');
    await activeEditor(page).locator('.squiggly-warning').first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Control+Shift+M');
    const rows = await poll(
      async () => {
        const texts = await page
          .locator('.markers-panel .monaco-list-row')
          .evaluateAll((rs) => rs.map((r) => (r as HTMLElement).innerText.replace(/\s*\n\s*/g, ' ')));
        const all = texts.map(plain);
        const ok =
          all.some((t) => t.includes('NEAR secret key in this file') && t.includes(PUBLIC_KEY)) &&
          all.some((t) => t.includes('"Alice.near" is not a valid NEAR account id'));
        return ok ? all : undefined;
      },
      'the Problems panel rows',
      60_000,
    );
    assert.ok(
      rows.some((t) => t.includes('NEAR Lens')),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((t) => t.includes('A float cannot hold this amount exactly')),
      rows.join('\n'),
    );
    await wb.shot('04-diagnostics');
    const editor = await page.locator('#workbench\\.parts\\.editor').boundingBox();
    const panel = await page.locator('#workbench\\.parts\\.panel').boundingBox();
    assert.ok(editor && panel);
    const x = Math.round(Math.min(editor.x, panel.x));
    const y = Math.round(editor.y);
    const width = Math.round(Math.min(1100, Math.max(editor.x + editor.width, panel.x + panel.width) - x));
    const height = Math.round(panel.y + Math.min(panel.height, 260) - y);
    await wb.shot('readme-diagnostics', { x, y, width, height });
  });
});

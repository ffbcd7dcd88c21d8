// Packaging: `npm run package` builds the production .vsix without a single vsce warning, and it holds exactly the
// files .vscodeignore allows — checked in vsce's own listing and in what code-server actually installs.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installExtension } from '../../scripts/lib/code-server.mjs';
import { packageVsix, ROOT, vsceLs } from './support/packaging';

/** What the extension needs at run time, and nothing else (README images are links to the repository, not packaged). */
const ALLOWLIST = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  // One bundle per host: the whole extension in each.
  'dist/extension.js',
  'dist/web/extension.js',
  // The webview pages: the balance panel's and Inspect Transaction's.
  'dist/webview/inspect.css',
  'dist/webview/inspect.js',
  'dist/webview/panel.css',
  'dist/webview/panel.js',
  'media/icon.png',
  'media/near-lens.svg',
  'media/walkthrough/block.svg',
  'media/walkthrough/hover.svg',
  'media/walkthrough/key.svg',
  'media/walkthrough/panel.svg',
  'media/walkthrough/transactions.svg',
  'media/walkthrough/watchlist.svg',
  'package.json',
].sort();

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p, base) : [path.relative(base, p).split(path.sep).join('/')];
  });
}

describe('packaging (npm run package → near-lens.vsix)', function () {
  this.timeout(180_000);

  it('builds the production .vsix with no vsce warning', () => {
    const p = packageVsix();
    console.log(`      [e2e] npm run package: ${(p.bytes / 1024).toFixed(1)} KB in ${(p.ms / 1000).toFixed(1)} s`);
    const warnings = p.output.split('\n').filter((l) => /\bWARNING\b/.test(l));
    assert.deepEqual(warnings, [], p.output);
    assert.match(p.output, /\(production\)/, 'the production bundle (with its size gate) was built');
    assert.match(p.output, /DONE\s+Packaged: .*near-lens\.vsix/, p.output);
  });

  it('vsce ls lists exactly the .vscodeignore allowlist', () => {
    packageVsix(); // dist/ is the production build vsce lists from
    const listed = vsceLs();
    console.log(`      [e2e] vsce ls:\n${listed.map((f) => `        ${f}`).join('\n')}`);
    assert.deepEqual([...listed].sort(), ALLOWLIST);
    // Every file the build made for the extension hosts (dist/ and dist/web/: each main bundle and its lazy parts) is shipped: a lazy part
    // left out would fail only when a person first runs its command.
    const built = ['dist', 'dist/web'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `${dir}/${f}`),
    );
    for (const f of built) assert.ok(listed.includes(f), `${f} is built but not packaged`);
  });

  it('installs into code-server with exactly those files, README images pointing at the repository', () => {
    const { vsix } = packageVsix();
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'near-lens-e2e-install-'));
    try {
      const extensionsDir = path.join(runDir, 'extensions');
      installExtension({ vsix, userDataDir: path.join(runDir, 'user-data'), extensionsDir, runDir });
      const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
      const dir = path.join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
      assert.ok(statSync(dir).isDirectory(), `${dir} installed`);
      // vsce stores README.md/CHANGELOG.md as readme.md/changelog.md and LICENSE as LICENSE.txt; the installer adds .vsixmanifest.
      const installed = walk(dir)
        .filter((f) => f !== '.vsixmanifest')
        .map((f) => ({ 'readme.md': 'README.md', 'changelog.md': 'CHANGELOG.md', 'LICENSE.txt': 'LICENSE' })[f] ?? f);
      assert.deepEqual(installed.sort(), ALLOWLIST);
      const readme = readFileSync(path.join(dir, 'readme.md'), 'utf8');
      const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1] ?? '');
      assert.ok(images.length >= 2, `README shows its screenshots (${images.length} images)`);
      for (const src of images) assert.match(src, /^https:\/\/github\.com\/near-lens\/near-lens\/raw\/HEAD\/docs\/images\/[\w-]+\.png$/);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});

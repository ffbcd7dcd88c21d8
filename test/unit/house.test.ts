// The house by feature: what the transactions feature's folder holds, that no transaction file is left in a shared
// folder (but the client's transactions family), and one bundle per host with no module system of its own.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
const rel = (f: string): string => f.split(path.sep).join('/');

describe('the house: one feature, one folder', () => {
  it('the transactions feature is under src/features/transactions/: glue, model, protocol, webview section', () => {
    const held = walk('src/features/transactions').map(rel).sort();
    for (const f of [
      'src/features/transactions/index.ts',
      'src/features/transactions/txCommands.ts',
      'src/features/transactions/accountTxs.ts',
      'src/features/transactions/txTree.ts',
      'src/features/transactions/txNodes.ts',
      'src/features/transactions/panelSection.ts',
      'src/features/transactions/protocol.ts',
      'src/features/transactions/guards.ts',
      'src/features/transactions/model/hashFinder.ts',
      'src/features/transactions/model/txMarkdown.ts',
      'src/features/transactions/model/txPaging.ts',
      'src/features/transactions/model/txRows.ts',
      'src/features/transactions/model/txTableModel.ts',
      'src/features/transactions/model/txTreeNodes.ts',
      'src/features/transactions/webview/txSection.ts',
      'src/features/transactions/webview/txSection.css',
    ])
      assert.ok(held.includes(f), `${f} is not in the transactions folder: ${held.join(', ')}`);
  });

  it('no transaction file remains in a shared folder, but the service client’s transactions family', () => {
    const shared = ['src/base', 'src/near', 'src/client', 'src/ui', 'src/platform', 'media'].flatMap(walk).map(rel);
    // The walkthrough's pictures are one per step of the walkthrough (package.json), not a feature's code.
    const tx = shared.filter(
      (f) =>
        /(^|\/)(tx[A-Z_.]|transaction)/i.test(f.slice(f.indexOf('/') + 1)) && !f.startsWith('src/client/transactions/') && !f.startsWith('media/walkthrough/'),
    );
    assert.deepEqual(tx, []);
  });

  it('each feature registers from its index.ts, and its pure model is in model/', () => {
    const features = readdirSync('src/features');
    const registered = readFileSync('src/extension.ts', 'utf8');
    for (const f of features) {
      const index = `src/features/${f}/index.ts`;
      if (existsSync(index)) assert.ok(registered.includes(`./features/${f}/index'`), `${index} is not what extension.ts registers`);
    }
    for (const f of ['balances', 'contracts', 'diagnostics', 'hover', 'keys', 'lookup', 'panel', 'rpc', 'statusBar', 'transactions', 'units', 'watchlist'])
      assert.ok(existsSync(`src/features/${f}/index.ts`), `${f} has no index.ts`);
  });

  it('one bundle per host: no module system of its own (no parts table, no loader, no eval)', () => {
    for (const gone of ['src/parts.json', 'src/platform/parts.ts', 'src/platform/webParts.ts']) assert.ok(!existsSync(gone), `${gone} is back`);
    const build = readFileSync('esbuild.mjs', 'utf8');
    assert.doesNotMatch(build, /__shared|parts\.json|LAZY|BUDGET/, 'esbuild.mjs builds one file per host');
    for (const file of walk('src').map(rel)) {
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, /\bnew Function\(|\beval\(/, `${file} evaluates code`);
      // The Node/web choice is read by the platform adapters alone: build.ts (where the services build the clients) and
      // processes.ts (the web bundle must not hold the Node-only adapter at all, so its require is folded away there).
      if (!['src/platform/build.ts', 'src/platform/processes.ts'].includes(file))
        assert.ok(!text.includes('NEAR_LENS_WEB'), `${file} reads the bundler's flag`);
    }
  });
});

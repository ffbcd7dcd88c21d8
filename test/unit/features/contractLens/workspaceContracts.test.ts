// The workspace's contracts under a fake editor: listed once however many lenses ask (a workspace of 10,000 files is
// not listed again per lens), manifests without near-sdk / near-sdk-js left out, and a changed manifest read alone.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { loadWithFakeVscode } from '../../../support/fakeVscode';
import { EventEmitter } from '../../../support/fakeVscodeApi';
import type * as ContractsModule from '../../../../src/features/contractLens/workspaceContracts';

interface FakeUri {
  path: string;
  toString(): string;
}
const uri = (p: string): FakeUri => ({ path: p, toString: () => `file://${p}` });

const files = new Map<string, string>();
const reads: string[] = [];
let listings = 0;
const changed = new EventEmitter<FakeUri>();
const folder = { uri: uri('/w'), name: 'w', index: 0 };
const fake = {
  EventEmitter,
  workspace: {
    onDidChangeWorkspaceFolders: new EventEmitter<void>().event,
    getWorkspaceFolder: (u: FakeUri) => (u.path.startsWith('/w/') ? folder : undefined),
    findFiles: async () => {
      listings++;
      return [...files.keys()].map(uri);
    },
    fs: {
      readFile: async (u: FakeUri) => {
        reads.push(u.path);
        const text = files.get(u.path);
        if (text === undefined) throw new Error('no file');
        return new TextEncoder().encode(text);
      },
    },
    createFileSystemWatcher: () => ({
      onDidCreate: new EventEmitter<FakeUri>().event,
      onDidChange: changed.event,
      onDidDelete: new EventEmitter<FakeUri>().event,
      dispose: () => undefined,
    }),
  },
};

describe('contract lens: the workspace’s contracts', () => {
  it('lists once, keeps near-sdk crates and near-sdk-js packages, finds the deepest one holding a file', async () => {
    files.set(
      '/w/contracts/game/Cargo.toml',
      '[package]\nname = "game-contract"\nrepository = "https://github.com/example/lens-games"\n\n[dependencies]\nnear-sdk = "5.5"\n',
    );
    files.set('/w/contracts/js-mint/package.json', JSON.stringify({ name: 'js-mint', dependencies: { 'near-sdk-js': '2.0.0' } }));
    files.set('/w/frontend/package.json', JSON.stringify({ name: 'frontend', dependencies: { 'near-api-js': '5' } }));
    files.set('/w/Cargo.toml', '[workspace]\nmembers = ["contracts/*"]\n');
    const C = loadWithFakeVscode<typeof ContractsModule>(
      fake,
      '\0fake-vscode-contract-lens-ws',
      path.join(__dirname, '../../../../src/features/contractLens/workspaceContracts'),
    );
    const contracts = new C.WorkspaceContracts();
    assert.deepEqual(
      (await contracts.all()).sort((a, b) => a.path.localeCompare(b.path)),
      [
        { path: 'contracts/game', folder: 'file:///w', name: 'game-contract', repository: 'https://github.com/example/lens-games', language: 'rust' },
        { path: 'contracts/js-mint', folder: 'file:///w', name: 'js-mint', language: 'js' },
      ],
    );
    for (let i = 0; i < 1000; i++) assert.equal((await contracts.contractOf(uri('/w/contracts/game/src/lib.rs') as never))?.name, 'game-contract');
    assert.equal(await contracts.contractOf(uri('/w/frontend/wallet.ts') as never), undefined);
    assert.equal(listings, 1);
    assert.equal(contracts.listings, 1);

    // A manifest written: that file alone is read again, and the change is said.
    reads.length = 0;
    let fired = 0;
    contracts.onDidChange(() => fired++);
    files.set('/w/frontend/package.json', JSON.stringify({ name: 'frontend', devDependencies: { 'near-sdk-js': '2' } }));
    changed.fire(uri('/w/frontend/package.json'));
    const frontend = await (async () => {
      for (;;) {
        const hit = (await contracts.all()).find((c) => c.path === 'frontend');
        if (hit && fired > 0) return hit;
        await new Promise((r) => setImmediate(r));
      }
    })();
    assert.equal(frontend.language, 'js');
    assert.deepEqual(reads, ['/w/frontend/package.json']);
    assert.equal(listings, 1);
    contracts.dispose();
  });
});

// Watchlist setting writes and load bounds: Remove finds an id spelled with spaces, two adds at once keep both, and a
// settings change that resets every account reloads them a few at a time.
import { strict as assert } from 'node:assert';
import { createFakeEditor, fakeContext, loadIsolated } from '../../../support/fakeEditor';
import type { FakeEditor } from '../../../support/fakeEditor';
import { EventEmitter } from '../../../support/fakeVscodeApi';
import { normaliseFull } from '../../../../src/near/account';
import type * as ServicesModule from '../../../../src/platform/services';
import type * as RegisterModule from '../../../../src/features/watchlist/index';
import type * as WatchlistModule from '../../../../src/features/watchlist/treeProvider';
import type { Services } from '../../../../src/platform/services';

const realFetch = globalThis.fetch;
/** No test here needs the network: every request fails at once. */
const noNetwork = (async () => {
  throw new TypeError('fetch failed (no network in this test)');
}) as typeof fetch;

function setup(user: Record<string, unknown>, workspace: Record<string, unknown> = {}) {
  const editor = createFakeEditor({ user, workspace });
  const S = loadIsolated<typeof ServicesModule>(editor.vscode, 'platform/services');
  const R = loadIsolated<typeof RegisterModule>(editor.vscode, 'features/watchlist/index');
  const context = fakeContext(editor);
  const services = S.createServices(context as never);
  const api = R.registerWatchlist(context as never, services);
  return { editor, services, api, context };
}

/** Makes the fake's configuration writes land a little later, as VS Code's do (the file is written, then read back). */
function deferWrites(editor: FakeEditor, ms = 20): void {
  const ws = editor.vscode['workspace'] as { getConfiguration(s?: string): Record<string, unknown> };
  const original = ws.getConfiguration.bind(ws);
  ws.getConfiguration = (section?: string) => {
    const c = original(section);
    const update = c['update'] as (...a: unknown[]) => Promise<void>;
    return { ...c, update: (...a: unknown[]) => new Promise<void>((r) => setTimeout(() => void update(...a).then(r), ms)) };
  };
}

describe('watchlist: setting writes', function () {
  this.timeout(15_000);
  beforeEach(() => {
    globalThis.fetch = noNetwork;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('Remove removes an id that the settings file spells with spaces around it (the list shows it trimmed)', async () => {
    // A hand-edited settings.json: the watchlist reads " alice.near " as alice.near (settings.ts trims).
    const { editor, services, context } = setup({ watchlist: [' alice.near ', 'bob.near'] });
    assert.deepEqual(services.settings.watchlist, ['alice.near', 'bob.near']);
    await editor.exec('nearLens.watchlist.remove', { accountId: 'alice.near' }); // the tree item's Remove
    assert.deepEqual(services.settings.watchlist, ['bob.near'], 'alice.near is still watched after Remove');
    for (const d of context.subscriptions) d.dispose();
  });

  it('two adds at once (from code, or a hover and the palette) keep both ids', async () => {
    const { editor, services, context } = setup({ watchlist: ['alice.near'] });
    deferWrites(editor);
    await Promise.all([editor.exec('nearLens.watchlist.add', 'bob.near'), editor.exec('nearLens.watchlist.add', 'carol.near')]);
    assert.deepEqual([...services.settings.watchlist].sort(), ['alice.near', 'bob.near', 'carol.near'], 'an added id was lost');
    for (const d of context.subscriptions) d.dispose();
  });
});

describe('watchlist: loads bounded in concurrency', function () {
  this.timeout(15_000);

  it('a settings change (every account reset) does not reload all 20 accounts at once', async () => {
    const editor = createFakeEditor();
    const W = loadIsolated<typeof WatchlistModule>(editor.vscode, 'features/watchlist/treeProvider');
    const ids = Array.from({ length: 20 }, (_, i) => `acc${i}.near`);
    let inFlight = 0;
    let most = 0;
    const release: Array<() => void> = [];
    let rpcUrl = 'https://rpc.one';
    const client = () => ({
      endpoints: { apiUrl: 'https://api.example', rpcUrl, archivalRpcUrl: 'https://arch.example' },
      accounts: {
        full: (id: string) => {
          inFlight++;
          most = Math.max(most, inFlight);
          return new Promise((resolve) =>
            release.push(() => {
              inFlight--;
              resolve(normaliseFull({ account_id: id, state: { balance: '1', locked: '0', storage_bytes: 1 }, tokens: [], nfts: [], pools: [] }));
            }),
          );
        },
      },
    });
    const changed = new EventEmitter<void>();
    const services = {
      settings: { network: 'mainnet', decimals: 5, liquidStakingProviders: [], watchlist: ids },
      onDidChange: changed.event,
      clientForAccount: () => ({ client: client(), network: 'mainnet', name: 'mainnet' }),
      log: { warn: () => undefined, info: () => undefined, error: () => undefined },
    } as unknown as Services;
    const p = new W.WatchlistProvider(services);
    const show = (): void => void p.getChildren().forEach((n) => p.getTreeItem(n)); // VS Code renders every root item
    // Answers everything asked, also what a bounded load asks only once an earlier answer is in.
    const drain = async (): Promise<void> => {
      for (let i = 0; i < 500; i++) {
        await new Promise((r) => setTimeout(r, 1)); // a bounded load starts a tick after its place frees
        if (release.length === 0 && inFlight === 0) return;
        while (release.length) release.shift()!();
      }
    };
    show();
    await drain();
    await p.whenIdle();
    most = 0;
    rpcUrl = 'https://rpc.two'; // e.g. a custom endpoint edited: every entry is dropped and reloads
    p.reset();
    show();
    const peak = most;
    await drain();
    await p.whenIdle();
    assert.ok(peak <= 6, `${peak} /full requests at once after one settings change`);
  });
});

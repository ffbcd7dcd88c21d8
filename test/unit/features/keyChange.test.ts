// The API key set while a look-up waits to retry (a 503/429 on the public path) closes the old client: the watchlist
// and the panel load again under the new terms instead of keeping "The request was cancelled." as a failure.
import { strict as assert } from 'node:assert';
import { createFakeEditor, FakeWebviewPanel, loadIsolated, realServices } from '../../support/fakeEditor';
import type * as RegisterModule from '../../../src/features/watchlist/index';
import type { HostMessage } from '../../../src/features/panel/protocol';
import type * as PanelModule from '../../../src/features/panel/panelHost';

const realFetch = globalThis.fetch;
const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('the API key set while a look-up waits to retry', function () {
  this.timeout(15_000);
  beforeEach(() => {
    let first = true;
    // First answer: 503 with Retry-After 1 s (the client retries); then the account.
    globalThis.fetch = (async () => {
      if (first) {
        first = false;
        return new Response('{"error":"busy"}', { status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ account_id: 'alice.near', state: { balance: '1000000000000000000000000', locked: '0', storage_bytes: 100 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('watchlist: the account does not stay "Failed: The request was cancelled."', async () => {
    const editor = createFakeEditor({ user: { watchlist: ['alice.near'] } });
    const R = loadIsolated<typeof RegisterModule>(editor.vscode, 'features/watchlist/index');
    const { context, services } = await realServices(editor);
    const api = R.registerWatchlist(context as never, services);
    const root = api.provider.getChildren()[0]!;
    api.provider.getTreeItem(root); // shown: /full loads (503, retry in 1 s)
    await wait(150);
    await services.apiKey.set('nlk_NEWKEY_0123456789abcdef'); // "Set API Key…" to lift the public path's limits
    await api.whenIdle();
    await wait(50);
    await api.whenIdle();
    const e = api.provider.entry('alice.near');
    assert.notEqual(e?.full.status, 'failed', `the account shows: ${e?.full.error}`);
    for (const d of context.subscriptions) d.dispose();
  });

  it('balance panel: no "The request was cancelled." error for the panel that was loading', async () => {
    const editor = createFakeEditor();
    const P = loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/panelHost');
    const { context, services } = await realServices(editor);
    const fake = new FakeWebviewPanel('nearLens.balancePanel', editor.rec);
    let last: HostMessage | undefined;
    const panel = new P.AccountPanel(
      fake as never,
      'alice.near',
      services,
      context.extensionUri as never,
      () => undefined,
      (m) => (last = m),
    );
    fake.webview.send({ type: 'ready' });
    await wait(150);
    await services.apiKey.set('nlk_NEWKEY_0123456789abcdef');
    await panel.current;
    await wait(50);
    await panel.current;
    assert.notEqual(last?.type, 'error', `the panel shows: ${JSON.stringify(last)}`);
    panel.dispose();
    for (const d of context.subscriptions) d.dispose();
  });
});

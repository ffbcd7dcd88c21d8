// After "Clear API Key" (or a change of the custom endpoints), a request already in flight in the old client sends
// nothing more: its retry would carry the old key, or go to the old host (services.rebuild closes old clients).
import { strict as assert } from 'node:assert';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import type * as ServicesModule from '../../../src/platform/services';

const KEY = 'nlk_OLDKEY_0123456789abcdef';

interface Sent {
  url: string;
  auth: string | null;
  at: number;
}

function setup(user: Record<string, unknown>) {
  const editor = createFakeEditor({ secrets: { 'nearLens.apiKey': KEY }, user });
  const S = loadIsolated<typeof ServicesModule>(editor.vscode, 'platform/services');
  const services = S.createServices(fakeContext(editor) as never);
  return { editor, services };
}

describe('services: no old key or old host after the key or the endpoints change', function () {
  this.timeout(15_000);
  const realFetch = globalThis.fetch;
  let sent: Sent[];
  let first = true;
  beforeEach(() => {
    sent = [];
    first = true;
    // First answer: 503 with Retry-After 1 s (retried by the client); then 200.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({ url, auth: new Headers(init?.headers).get('authorization'), at: Date.now() });
      if (first) {
        first = false;
        return new Response('{"error":"busy"}', { status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ account_id: 'alice.near', state: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('no request carries the old key after "Clear API Key" has finished', async () => {
    const { services } = setup({});
    await services.ready;
    assert.equal(services.hasApiKey, true);
    const pending = services
      .clientForAccount('alice.near')
      .client.accounts.full('alice.near')
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100)); // the 503 came back; the retry waits 1 s
    await services.apiKey.clear();
    const clearedAt = Date.now();
    assert.equal(services.hasApiKey, false);
    await pending;
    const after = sent.filter((s) => s.at >= clearedAt);
    assert.deepEqual(
      after.filter((s) => s.auth?.includes(KEY)),
      [],
      `sent with the cleared key after clearing: ${JSON.stringify(after)}`,
    );
    services.dispose();
  });

  it('no request goes to the old custom host after the user switched the custom API URL', async () => {
    const { editor, services } = setup({
      network: 'custom',
      'customNetwork.apiUrl': 'https://old-api.example',
      'customNetwork.rpcUrl': 'https://old-rpc.example',
    });
    await services.ready;
    const pending = services
      .clientForAccount('alice.near')
      .client.accounts.full('alice.near')
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    // The user points the custom network elsewhere (e.g. the old host turned out not to be trustworthy).
    const workspace = (editor.vscode as unknown as { workspace: { getConfiguration(s: string): { update(k: string, v: unknown, t: number): Promise<void> } } })
      .workspace;
    await workspace.getConfiguration('nearLens').update('customNetwork.apiUrl', 'https://new-api.example', 1);
    const changedAt = Date.now();
    assert.equal(services.settings.endpoints.apiUrl, 'https://new-api.example');
    await pending;
    const after = sent.filter((s) => s.at >= changedAt);
    assert.deepEqual(
      after.filter((s) => s.url.startsWith('https://old-api.example') && s.auth?.includes(KEY)),
      [],
      `the key went to the old host after the change: ${JSON.stringify(after)}`,
    );
    services.dispose();
  });
});

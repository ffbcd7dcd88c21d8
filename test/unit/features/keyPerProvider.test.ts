// One key per provider (#26): which stored key reaches which host, for every network × keys stored × transport, through
// the real services (src/platform/services.ts) under the fake editor. Every request is caught at fetch (nothing leaves
// the machine); a custom network points at the loopback stub. The FastNEAR key goes only to the FastNEAR presets'
// hosts, the custom network's own key only to the custom hosts; a key stored before #26 stays the FastNEAR key.
import { strict as assert } from 'node:assert';
import { createFakeEditor, loadIsolated, realServices } from '../../support/fakeEditor';
import { SECRET_KEYS } from '../../../src/manifest';
import { PRESETS } from '../../../src/near/networks';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import type * as KeysModule from '../../../src/features/keys/index';

// Made-up keys (arithmetic sequences), never real ones.
const FASTNEAR = 'fk_0123456789abcdef';
const CUSTOM = 'ck_13579bdf02468ace';
const realFetch = globalThis.fetch;

interface Seen {
  origin: string;
  key: string | undefined; // the key the request carried (Bearer or apiKey=), or undefined
}

describe('one key per provider: which key reaches which host', function () {
  this.timeout(20_000);
  let stub: Stub;
  let seen: Seen[] = [];
  before(async () => {
    stub = await startStub();
  });
  after(async () => stub.close());
  beforeEach(() => {
    seen = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const auth = new Headers(init?.headers).get('authorization');
      seen.push({ origin: url.origin, key: auth?.replace(/^Bearer /, '') ?? url.searchParams.get('apiKey') ?? undefined });
      // The stub's hosts answer for real; a preset host gets a made-up answer here (tests never reach the internet).
      if (url.hostname === '127.0.0.1') return realFetch(input, init);
      const rpc = typeof init?.body === 'string';
      const body = rpc
        ? {
            jsonrpc: '2.0',
            id: 1,
            result: {
              amount: '1',
              locked: '0',
              code_hash: '11111111111111111111111111111111',
              storage_usage: 1,
              storage_paid_at: 0,
              block_height: 1,
              block_hash: 'h',
            },
          }
        : { account_id: 'alice.near', state: { balance: '1', locked: '0', storage_bytes: 1 }, tokens: [], nfts: [], pools: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  type Net = 'mainnet' | 'testnet' | 'custom' | 'custom RPC-only';
  const settingsOf = (net: Net, transport: 'bearer' | 'query'): Record<string, unknown> => ({
    network: net.startsWith('custom') ? 'custom' : net,
    'auth.transport': transport,
    ...(net.startsWith('custom') && { 'customNetwork.rpcUrl': stub.rpcUrl }),
    ...(net === 'custom' && { 'customNetwork.apiUrl': stub.apiUrl }),
  });
  const keySets: Array<[string, Record<string, string>]> = [
    ['no key', {}],
    ['FastNEAR key', { [SECRET_KEYS.fastnear]: FASTNEAR }],
    ['custom key', { [SECRET_KEYS.custom]: CUSTOM }],
    ['both keys', { [SECRET_KEYS.fastnear]: FASTNEAR, [SECRET_KEYS.custom]: CUSTOM }],
  ];
  const nets: Net[] = ['mainnet', 'testnet', 'custom', 'custom RPC-only'];

  for (const transport of ['bearer', 'query'] as const) {
    for (const net of nets) {
      for (const [keys, secrets] of keySets) {
        it(`${net} · ${keys} · ${transport}`, async () => {
          const editor = createFakeEditor({ user: settingsOf(net, transport), secrets });
          const { context, services } = await realServices(editor);
          const id = net === 'testnet' ? 'alice.testnet' : 'alice.near';
          const { client } = services.clientForAccount(id);
          await client.accounts.full(id);
          await client.rpc.viewAccount(id);
          const custom = net.startsWith('custom');
          const want = custom ? secrets[SECRET_KEYS.custom] : secrets[SECRET_KEYS.fastnear];
          const preset = net === 'testnet' ? PRESETS.testnet : PRESETS.mainnet;
          const hosts = (custom ? [stub.rpcUrl, ...(net === 'custom' ? [stub.apiUrl] : [])] : Object.values(preset)).map((u) => new URL(u).origin);
          assert.ok(seen.length >= (net === 'custom RPC-only' ? 1 : 2), `requests: ${JSON.stringify(seen)}`);
          for (const s of seen) {
            assert.equal(s.key, want, `${s.origin} got ${s.key === undefined ? 'no key' : s.key === FASTNEAR ? 'the FastNEAR key' : 'the custom key'}`);
            assert.ok(hosts.includes(s.origin), `${s.origin} is not a host of ${net}`);
          }
          // The status bar's "key set" is the network in use's own key.
          assert.equal(services.hasApiKey, want !== undefined);
          for (const d of context.subscriptions) d.dispose();
        });
      }
    }
  }

  it('a key stored before #26 (nearLens.apiKey) stays the FastNEAR key: mainnet carries it, the custom network not', async () => {
    assert.equal(SECRET_KEYS.fastnear, 'nearLens.apiKey');
    const editor = createFakeEditor({ user: settingsOf('custom', 'bearer'), secrets: { 'nearLens.apiKey': FASTNEAR } });
    const { context, services } = await realServices(editor);
    assert.equal(services.apiKey.get('fastnear'), FASTNEAR);
    assert.equal(services.apiKey.get('custom'), undefined);
    assert.equal(services.hasApiKey, false, 'the custom network in use has no key of its own');
    await services.clientForAccount('alice.near').client.accounts.full('alice.near');
    assert.ok(seen.every((s) => s.key === undefined));
    for (const d of context.subscriptions) d.dispose();
  });

  it('Set API Key… and Clear API Key act on the network in use and say which', async () => {
    const editor = createFakeEditor({ user: settingsOf('custom', 'bearer'), secrets: { [SECRET_KEYS.fastnear]: FASTNEAR } });
    const K = loadIsolated<typeof KeysModule>(editor.vscode, 'features/keys/index');
    const { context, services } = await realServices(editor);
    K.registerKeyCommands(context as never, services);
    assert.equal(await editor.exec('nearLens.setApiKey', CUSTOM), true);
    assert.equal(editor.secrets.get(SECRET_KEYS.custom), CUSTOM);
    assert.equal(editor.secrets.get(SECRET_KEYS.fastnear), FASTNEAR, 'the FastNEAR key untouched');
    assert.match(editor.rec.notifications.at(-1)?.text ?? '', /API key of the custom network \(127\.0\.0\.1:\d+\) kept in VS Code's secret storage\.$/);
    assert.equal(await editor.exec('nearLens.clearApiKey'), true);
    assert.equal(editor.secrets.has(SECRET_KEYS.custom), false);
    assert.equal(editor.secrets.get(SECRET_KEYS.fastnear), FASTNEAR);
    assert.match(editor.rec.notifications.at(-1)?.text ?? '', /API key of the custom network .* removed/);
    const config = (editor.vscode as { workspace: { getConfiguration(s: string): { update(k: string, v: unknown, t: number): Promise<void> } } }).workspace;
    await config.getConfiguration('nearLens').update('network', 'mainnet', 1);
    assert.equal(services.hasApiKey, true, 'mainnet has the FastNEAR key');
    assert.equal(await editor.exec('nearLens.clearApiKey'), true);
    assert.match(editor.rec.notifications.at(-1)?.text ?? '', /FastNEAR API key removed from VS Code's secret storage\./);
    assert.equal(editor.secrets.has(SECRET_KEYS.fastnear), false);
    for (const d of context.subscriptions) d.dispose();
  });
  it("a key held in memory (the web build's default, #28): used, never stored, removed from storage, forgotten by Clear", async () => {
    const editor = createFakeEditor({ user: settingsOf('mainnet', 'bearer'), secrets: { [SECRET_KEYS.fastnear]: FASTNEAR } });
    const { context, services } = await realServices(editor);
    assert.equal(services.apiKey.remembered('fastnear'), true, 'a stored key is remembered');
    await services.apiKey.set(CUSTOM, 'fastnear', false);
    assert.equal(services.apiKey.get('fastnear'), CUSTOM, 'the key in memory is the one in use');
    assert.equal(services.apiKey.remembered('fastnear'), false);
    assert.equal(editor.secrets.has(SECRET_KEYS.fastnear), false, 'nothing left in storage (the browser’s, on the web)');
    await services.apiKey.clear('fastnear');
    assert.equal(services.apiKey.get('fastnear'), undefined);
    await services.apiKey.set(FASTNEAR, 'fastnear');
    assert.equal(editor.secrets.get(SECRET_KEYS.fastnear), FASTNEAR, 'remember (the desktop default) stores it');
    assert.equal(services.apiKey.remembered('fastnear'), true);
    for (const d of context.subscriptions) d.dispose();
  });
});

// Look Up Account {network: 'custom'} while the setting is mainnet: refused with a clear message (the custom URLs are
// read only while the custom network is chosen), never sent to FastNEAR mainnet under the name "custom".
import { strict as assert } from 'node:assert';
import { createFakeEditor, loadIsolated, realServices } from '../../support/fakeEditor';
import type * as LookupRegister from '../../../src/features/lookup/index';

const realFetch = globalThis.fetch;

describe('network override "custom" while the setting is mainnet', () => {
  const urls: string[] = [];
  beforeEach(() => {
    urls.length = 0;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(
        JSON.stringify({ account_id: 'alice.near', state: { balance: '1', locked: '0', storage_bytes: 1 }, tokens: [], nfts: [], pools: [] }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const user = {
    network: 'mainnet',
    'customNetwork.apiUrl': 'https://api.my-node.example',
    'customNetwork.rpcUrl': 'https://rpc.my-node.example',
  };

  it('clientForAccount(id, "custom") is refused with the reason, never the mainnet preset under that name', async () => {
    const editor = createFakeEditor({ user });
    const { services } = await realServices(editor);
    assert.throws(() => services.clientForAccount('alice.near', 'custom'), /custom network is not the chosen one/);
  });

  it('Look Up Account {id, network: "custom", show: false} sends nothing to FastNEAR', async () => {
    const editor = createFakeEditor({ user });
    const L = loadIsolated<typeof LookupRegister>(editor.vscode, 'features/lookup/index');
    const { context, services } = await realServices(editor);
    L.registerLookupCommands(context as never, services);
    await assert.rejects(Promise.resolve(editor.exec('nearLens.lookupAccount', { id: 'alice.near', network: 'custom', show: false })), /not the chosen one/);
    assert.deepEqual(urls, [], 'asked for "custom", the request went to FastNEAR mainnet');
  });
});

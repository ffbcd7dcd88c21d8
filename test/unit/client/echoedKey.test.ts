// A reflecting server that echoes the API key inside a successful answer: masked in RPC results whatever JSON escapes
// spell it (\u…, \/), and in REST answers before they become the model the tree and the panel show.
import { strict as assert } from 'node:assert';
import { NearClient } from '../../../src/client/client';
import { TtlCache } from '../../../src/client/cache';

const EP = { apiUrl: 'https://api.example', rpcUrl: 'https://rpc.example', archivalRpcUrl: 'https://arch.example' };

function clientAnswering(key: string, body: (url: string) => string): NearClient {
  const fetch = (async (input: RequestInfo | URL) =>
    new Response(body(String(input)), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
  return new NearClient({ endpoints: EP, apiKey: key, cache: new TtlCache(), retries: 0, fetch });
}

/** Every character as a JSON \u escape: the same JSON string, none of the key's text spellings. */
const text = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x));

const uEscaped = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('the API key echoed inside a successful answer is masked', () => {
  it('RPC Request: a key echoed with JSON \\u escapes is masked in the result', async () => {
    const key = 'nlk_LEAKCANARY_7f3a9c1e5b2d4f60';
    const c = clientAnswering(key, () => `{"jsonrpc":"2.0","id":1,"result":{"echo":"${uEscaped(key)}"}}`);
    const r = await c.rpc.request('status', []);
    assert.ok(!JSON.stringify(r.result).includes(key), `key in the RPC result: ${JSON.stringify(r.result)}`);
  });

  it('RPC Request: a key with "/" echoed by a server that writes "\\/" (PHP json_encode) is masked', async () => {
    const key = 'abc/DEF/ghi/12345678'; // printable ASCII: apiKeyError accepts it
    const c = clientAnswering(key, () => `{"jsonrpc":"2.0","id":1,"result":{"echo":"${key.replaceAll('/', '\\/')}"}}`);
    const r = await c.rpc.request('status', []);
    assert.ok(!JSON.stringify(r.result).includes(key), `key in the RPC result: ${JSON.stringify(r.result)}`);
  });

  it('REST: a key echoed in an /ft answer never reaches the model (tree and panel show contract ids)', async () => {
    const key = 'nlk_leakcanary_7f3a9c1e5b2d4f60';
    const c = clientAnswering(key, () =>
      JSON.stringify({ account_id: 'alice.near', tokens: [{ contract_id: key, balance: '1', last_update_block_height: 1 }] }),
    );
    const ft = await c.accounts.ft('alice.near');
    assert.ok(!text(ft).includes(key), `key in the /ft model: ${text(ft)}`);
  });
});

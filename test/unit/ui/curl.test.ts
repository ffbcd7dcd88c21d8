// Copy as curl (#26): the key as $FASTNEAR_API_KEY (never its value), Bearer or apiKey= per the transport, quoting
// that a shell cannot break out of, and the document line Copy as curl reads.
import { strict as assert } from 'node:assert';
import { accountRequest, curlCommand, curlOfDocument, KEY_VARIABLES, rpcBody } from '../../../src/ui/curl';
import { resultDocument } from '../../../src/ui/commandModel';

const RPC = 'https://rpc.mainnet.fastnear.com';

describe('Copy as curl', () => {
  it('an RPC request with the key as a Bearer variable', () => {
    assert.equal(
      curlCommand({ url: RPC, body: rpcBody('block', { finality: 'final' }), keyVariable: KEY_VARIABLES.fastnear, transport: 'bearer' }),
      `curl -s 'https://rpc.mainnet.fastnear.com/' -H "Authorization: Bearer $FASTNEAR_API_KEY" -X POST -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":"near-lens","method":"block","params":{"finality":"final"}}'`,
    );
  });
  it('the query transport puts apiKey=$FASTNEAR_API_KEY in the URL', () => {
    assert.equal(
      curlCommand({ url: 'https://api.fastnear.com/v1/account/alice.near/full', keyVariable: 'FASTNEAR_API_KEY', transport: 'query' }),
      `curl -s "https://api.fastnear.com/v1/account/alice.near/full?apiKey=$FASTNEAR_API_KEY"`,
    );
  });
  it('no key set: no key in the command', () => {
    assert.equal(curlCommand({ url: RPC, transport: 'bearer' }), `curl -s 'https://rpc.mainnet.fastnear.com/'`);
  });
  it('an apiKey= value already in a URL is dropped, never shown', () => {
    const c = curlCommand({ url: 'https://rpc.example.com/?apiKey=sk_0123456789&x=1', transport: 'bearer' });
    assert.doesNotMatch(c, /sk_0123456789/);
    assert.match(c, /x=1/);
  });
  it('quotes what the shell must not read: a quote in the params stays inside', () => {
    const c = curlCommand({ url: RPC, body: rpcBody('query', { account_id: "it's" }), transport: 'bearer' });
    assert.ok(c.endsWith(`-d '{"jsonrpc":"2.0","id":"near-lens","method":"query","params":{"account_id":"it'\\''s"}}'`), c);
  });
  it('the result document carries the line, and Copy as curl reads it back', () => {
    const curl = curlCommand({ url: RPC, body: rpcBody('status', []), transport: 'bearer' });
    const doc = resultDocument('status · regular RPC', { chain_id: 'mainnet' }, [], curl);
    assert.equal(curlOfDocument(doc), curl);
    assert.equal(curlOfDocument(resultDocument('x', {})), undefined);
  });
  describe('an account (#26)', () => {
    const REST = { apiUrl: 'https://api.fastnear.com', rpcUrl: RPC };
    it("asks the REST API's /v1/account/{id}/full, the key per the transport", () => {
      assert.deepEqual(accountRequest('alice.near', REST), { url: 'https://api.fastnear.com/v1/account/alice.near/full' });
      assert.equal(
        curlCommand({ ...accountRequest('alice.near', REST), keyVariable: KEY_VARIABLES.fastnear, transport: 'bearer' }),
        `curl -s 'https://api.fastnear.com/v1/account/alice.near/full' -H "Authorization: Bearer $FASTNEAR_API_KEY"`,
      );
      assert.equal(
        curlCommand({ ...accountRequest('alice.near', REST), keyVariable: KEY_VARIABLES.fastnear, transport: 'query' }),
        `curl -s "https://api.fastnear.com/v1/account/alice.near/full?apiKey=$FASTNEAR_API_KEY"`,
      );
    });
    it('keeps the base URL path and its query, as the client sends them (a trailing slash dropped)', () => {
      const r = accountRequest('bob.test', { apiUrl: 'https://indexer.example.org/fastnear/?tenant=7#x', rpcUrl: RPC });
      assert.deepEqual(r, { url: 'https://indexer.example.org/fastnear/v1/account/bob.test/full?tenant=7' });
      assert.equal(
        curlCommand({ ...r, keyVariable: KEY_VARIABLES.custom, transport: 'query' }),
        `curl -s "https://indexer.example.org/fastnear/v1/account/bob.test/full?tenant=7&apiKey=$NEAR_LENS_CUSTOM_API_KEY"`,
      );
    });
    it('on a network without a REST API: view_account over JSON-RPC, no key when none is set', () => {
      const r = accountRequest('alice.test.near', { apiUrl: '', rpcUrl: 'http://127.0.0.1:3030' });
      assert.deepEqual(r, {
        url: 'http://127.0.0.1:3030',
        body: { jsonrpc: '2.0', id: 'near-lens', method: 'query', params: { request_type: 'view_account', account_id: 'alice.test.near', finality: 'final' } },
      });
      assert.equal(
        curlCommand({ ...r, transport: 'bearer' }),
        `curl -s 'http://127.0.0.1:3030/' -X POST -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":"near-lens","method":"query","params":{"request_type":"view_account","account_id":"alice.test.near","finality":"final"}}'`,
      );
    });
  });
});

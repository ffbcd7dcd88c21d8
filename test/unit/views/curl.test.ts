// Copy as curl (#26): the key as $FASTNEAR_API_KEY (never its value), Bearer or apiKey= per the transport, quoting
// that a shell cannot break out of, and the document line Copy as curl reads.
import { strict as assert } from 'node:assert';
import { curlCommand, curlOfDocument, KEY_VARIABLES, rpcBody } from '../../../src/core/views/curl';
import { resultDocument } from '../../../src/core/views/commandModel';

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
});

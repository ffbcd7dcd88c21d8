// Local node…'s words (#32): what a URL that is not a node ended in, said without contradiction — "nothing answers"
// only when nothing did; after an answer, what answered; the network in use kept, in every case.
import { strict as assert } from 'node:assert';
import { NearLensError } from '../../../../src/base/errors';
import { probeFailureText } from '../../../../src/features/lookup/model/localNode';

const HOST = '127.0.0.1:3030';
const KEPT = ' The network in use is unchanged: mainnet.';

describe('Local node… failure words', () => {
  it('a refused connection or a timeout: nothing answers, how to start a node, the network kept', () => {
    const refused = probeFailureText(HOST, new NearLensError('network', 'Could not connect to 127.0.0.1:3030 (connection refused).'), 'mainnet');
    assert.match(refused, /^Nothing answers at 127\.0\.0\.1:3030: Could not connect .* Start one with near-sandbox/);
    assert.ok(refused.endsWith(KEPT), refused);
    assert.match(probeFailureText(HOST, new NearLensError('timeout', 'No answer from 127.0.0.1:3030 within 5 s.'), 'mainnet'), /^Nothing answers at /);
  });

  it('an HTTP status, not JSON, a JSON-RPC error or no node status: it answered, but not as a NEAR node; never "nothing answers"', () => {
    const cases: Array<[unknown, string]> = [
      [new NearLensError('bad-request', 'The RPC host answered unexpectedly (HTTP 405).', { status: 405 }), '(HTTP 405) — is this the REST API?'],
      [new NearLensError('not-found', 'The RPC host has no such resource (HTTP 404).', { status: 404 }), '(HTTP 404) — is this the REST API?'],
      [new NearLensError('server', 'The RPC host had an internal error (HTTP 500).', { status: 500 }), '(HTTP 500).'],
      [new NearLensError('not-json', 'The service answered with an HTML page, not JSON.', { status: 200 }), '(not JSON).'],
      [new NearLensError('rpc', 'The RPC host does not support the method "status".', { status: 200 }), '(a JSON-RPC error to `status`).'],
      [{ notStatus: true }, '(no node status).'],
    ];
    for (const [e, detail] of cases) {
      const text = probeFailureText(HOST, e, 'mainnet');
      assert.equal(text, `${HOST} answered, but not as a NEAR JSON-RPC node ${detail}${KEPT}`);
      assert.doesNotMatch(text, /nothing answers/i);
    }
  });

  it("the browser's CORS refusal: the host is up, said so", () => {
    const e = new NearLensError(
      'network',
      'The browser blocked this request: the service does not allow it from vscode.dev (x sends no CORS permission for a web page).',
    );
    assert.match(probeFailureText(HOST, e, 'custom'), /^127\.0\.0\.1:3030 answered, but the browser blocked this request/);
  });
});

// The web build's rule for a failed fetch (issue #28): in a browser, a CORS refusal and an unreachable host are the
// same TypeError. A no-cors probe of the origin tells them apart: a host that is up but refuses the page (or the
// Authorization header in its preflight) reads "the browser blocked this request …", never "no such account" or a bare
// network error; the `apiKey=` transport is offered only when the key went as a header. The browser is played by a
// fetch that refuses what a browser would refuse against the stub's CORS modes.
import { strict as assert } from 'node:assert';
import type { ClientOptions } from '../../../src/client/client';
import type { NearClient } from '../../../src/client/client';
import { clientFor, useStub } from '../../support/fixture';

const BLOCKED = /^The browser blocked this request: the service does not allow it from vscode\.dev/;

describe('transport in a browser: CORS refusals (web build)', () => {
  const getStub = useStub();
  /** Requests as a browser makes them: a key in a header needs a preflight allowing it; `down` is unreachable. */
  const browserFetch =
    (corsAllowsAuthorization: boolean, down = false, probes: string[] = []): typeof fetch =>
    async (input, init) => {
      if (down) throw new TypeError('Failed to fetch');
      if (init?.mode === 'no-cors') {
        probes.push(String(input));
        return new Response(null, { status: 200 });
      }
      const auth = new Headers(init?.headers).has('authorization');
      if (auth && !corsAllowsAuthorization) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    };
  const make = (f: typeof fetch, o: Partial<ClientOptions> = {}): NearClient => clientFor(getStub(), { fetch: f, browser: true, retries: 0, ...o });

  it('a preflight refusing Authorization: "the browser blocked this request", with the apiKey= transport offered; the probe sends no key', async () => {
    const probes: string[] = [];
    const c = make(browserFetch(false, false, probes), { apiKey: 'sk_test_0123456789', transport: 'bearer' });
    await assert.rejects(c.accounts.full('alice.near'), (e: Error) => {
      assert.match(e.message, BLOCKED);
      assert.match(e.message, /Authorization header/);
      assert.match(e.message, /nearLens\.auth\.transport to "query"/);
      assert.doesNotMatch(e.message, /does not exist|no such account|fetch failed|Failed to fetch/i);
      assert.ok(!e.message.includes('sk_test_0123456789'));
      return true;
    });
    assert.deepEqual(probes, [`${new URL(getStub().apiUrl).origin}/`]);
  });

  it('the same key as apiKey= goes through (no Authorization header, no preflight)', async () => {
    const c = make(browserFetch(false), { apiKey: 'sk_test_0123456789', transport: 'query' });
    const plain = clientFor(getStub(), { retries: 0 });
    assert.deepEqual(await c.accounts.full('alice.near'), await plain.accounts.full('alice.near'));
  });

  it('no CORS at all, without a key: blocked, and no transport offered', async () => {
    const refuseAll: typeof fetch = async (input, init) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    await assert.rejects(make(refuseAll).accounts.full('alice.near'), (e: Error) => {
      assert.match(e.message, BLOCKED);
      assert.doesNotMatch(e.message, /apiKey=|transport/);
      return true;
    });
  });

  it('a host that is down stays a network error (the probe fails too)', async () => {
    await assert.rejects(make(browserFetch(true, true)).accounts.full('alice.near'), (e: Error) => {
      assert.doesNotMatch(e.message, /browser blocked/);
      assert.match(e.message, /Network error talking to 127\.0\.0\.1/);
      return true;
    });
  });

  it('outside a browser (the Node build) a failed fetch is never called a CORS refusal', async () => {
    const c = clientFor(getStub(), { fetch: browserFetch(false), apiKey: 'sk_test_0123456789', retries: 0 });
    await assert.rejects(c.accounts.full('alice.near'), (e: Error) => !/browser blocked/.test(e.message));
  });
});

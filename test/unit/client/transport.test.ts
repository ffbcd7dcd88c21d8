// The HTTP layer on ofetch, against the loopback stub: Retry-After (seconds and dates) honoured and capped, a fresh
// timeout per attempt, cancellation during a retry wait, POST reads retried, the key only for the service origins,
// the body cap, and a wrong REST base URL told apart from an account that does not exist.
import { strict as assert } from 'node:assert';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { TtlCache } from '../../../src/client/cache';
import { NearClient, WRONG_API_URL } from '../../../src/client/client';
import { MAX_COOLDOWN_MS } from '../../../src/client/transport';
import type { ClientOptions } from '../../../src/client/client';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { clientFor, isKind, useStub } from '../../support/fixture';

const KEY = 'sk_test-K3y/with+chars';

describe('transport (ofetch)', function () {
  this.timeout(10_000);
  let stub: Stub;
  /** When each attempt left, through the fetch under ofetch. */
  let sent: number[];
  const counting: typeof fetch = (input, init) => {
    sent.push(Date.now());
    return fetch(input, init);
  };
  const make = (o: Partial<ClientOptions> = {}): NearClient => clientFor(stub, { fetch: counting, ...o });

  const getStub = useStub();
  before(() => {
    stub = getStub();
  });
  beforeEach(() => {
    sent = [];
  });

  describe('Retry-After', () => {
    it('in seconds: the next attempt waits that long, then succeeds', async () => {
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, times: 1 });
      const a = await make().accounts.full('alice.near');
      assert.equal(a.accountId, 'alice.near');
      assert.equal(sent.length, 2);
      assert.ok(sent[1]! - sent[0]! >= 950, `waited ${sent[1]! - sent[0]!} ms`);
    });

    it('as an HTTP date: waited until then', async () => {
      const at = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000); // HTTP dates have whole seconds
      stub.fault({ host: 'rpc', fault: { kind: 'status', status: 503, headers: { 'retry-after': at.toUTCString() } }, times: 1 });
      await make().rpc.block({ finality: 'final' });
      assert.equal(sent.length, 2);
      assert.ok(sent[1]! >= at.getTime() - 50, `sent ${at.getTime() - sent[1]!} ms early`);
    });

    it('beyond the cap: fails at once with the wait, seconds or date form', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': '31' } }, times: 1 });
      await assert.rejects(
        make().accounts.full('alice.near'),
        isKind('rate-limited', (e) => assert.match(e.message, /try again in 31 s\.$/)),
      );
      assert.equal(sent.length, 1);
      sent = [];
      const later = new Date(Date.now() + 5 * 60_000).toUTCString();
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': later } }, times: 1 });
      await assert.rejects(
        make().accounts.full('here.tg'),
        isKind('rate-limited', (e) => assert.match(e.message, /try again in 5 min\.$/)),
      );
      assert.equal(sent.length, 1);
    });

    it('a lower cap of the client applies too', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': '2' } }, times: 1 });
      await assert.rejects(
        make({ maxRetryAfterMs: 1000 }).accounts.full('alice.near'),
        isKind('rate-limited', (e) => assert.equal(e.retryAfterMs, 2000)),
      );
      assert.equal(sent.length, 1);
    });
  });

  describe('the cooldown after a 429 (per origin)', () => {
    const full = '/v1/account/alice.near/full';
    /** A client whose log hook calls `then` once, when the first 429 of `path` has been read (its cooldown is set by then). */
    const onFirst429 = (path: string, then: () => void): NearClient => {
      let done = false;
      return make({
        log: (e) => {
          if (!done && e.status === 429 && e.url.includes(path)) {
            done = true;
            then();
          }
        },
      });
    };

    it('a Retry-After beyond the cap: every request to that origin fails fast with the wait, sending nothing; other origins go on', async () => {
      stub.fault({ host: 'api', match: full, fault: { kind: 'status', status: 429, headers: { 'retry-after': '60' } }, times: 1 });
      const c = make();
      await assert.rejects(
        c.accounts.full('alice.near'),
        isKind('rate-limited', (e) => assert.equal(e.message, 'Rate limited by the service — set an API key or try again in 60 s.')),
      );
      for (const call of [
        () => c.accounts.ft('alice.near'),
        () => c.accounts.full('here.tg'),
        () => c.accounts.status(),
        () => c.accounts.publicKey('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd'),
      ]) {
        await assert.rejects(
          call(),
          isKind('rate-limited', (e) => {
            assert.match(e.message, /^Rate limited by the service — set an API key or try again in (59|60) s\.$/);
            assert.ok(e.retryAfterMs! > 58_000 && e.retryAfterMs! <= 60_000, String(e.retryAfterMs));
          }),
        );
      }
      assert.equal(stub.requests.filter((r) => r.host === 'api').length, 1, 'only the request that met the 429 reached the REST host');
      const b = await c.rpc.block({ finality: 'final' });
      assert.equal(b.host, 'regular', 'the RPC origin has no cooldown');
      // With a key the advice is only the wait; a new client (settings or key changed) starts without the cooldown.
      const keyed = make({ apiKey: KEY });
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() } }, times: 1 });
      await assert.rejects(keyed.accounts.full('alice.near'), isKind('rate-limited'));
      await assert.rejects(
        keyed.accounts.full('here.tg'),
        isKind('rate-limited', (e) => assert.match(e.message, /^Rate limited by the service; try again in (8\d|90) s\.$/)),
      );
    });

    it("a request started during another one's Retry-After wait fails fast; the waiting one then goes and succeeds", async () => {
      stub.fault({ host: 'api', match: full, fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, times: 1 });
      let during: Promise<unknown> | undefined;
      const c = onFirst429(full, () => (during = c.accounts.ft('alice.near').catch((e: unknown) => e)));
      const a = await c.accounts.full('alice.near');
      assert.equal(a.accountId, 'alice.near');
      const e = await during;
      assert.ok(isKind('rate-limited')(e));
      assert.match((e as Error).message, /try again in 1 s\.$/);
      assert.deepEqual(
        stub.requests.map((r) => r.path),
        [full, full],
        'the ft request was never sent; the 429 one was sent again after its wait',
      );
    });

    it('a longer Retry-After met meanwhile holds a waiting retry too (it fails fast instead of going early)', async () => {
      stub.fault({ host: 'api', match: full, fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, times: 1 });
      stub.fault({ host: 'api', match: '/ft', fault: { kind: 'status', status: 429, headers: { 'retry-after': '45' } }, times: 1 });
      // Both in flight at once: whichever 429 is read first, the 1 s retry of /full meets the 45 s cooldown of /ft.
      const c = make();
      const [a, b] = await Promise.allSettled([c.accounts.full('alice.near'), c.accounts.ft('alice.near')]);
      assert.equal(a.status, 'rejected');
      assert.equal(b.status, 'rejected');
      assert.ok(isKind('rate-limited', (e) => assert.match(e.message, /try again in 4\d s\.$/))(a.status === 'rejected' && a.reason));
      assert.ok(isKind('rate-limited', (e) => assert.equal(e.retryAfterMs, 45_000))(b.status === 'rejected' && b.reason));
      assert.deepEqual(stub.requests.map((r) => r.path).sort(), ['/v1/account/alice.near/ft', full], 'no retry was sent before the 45 s had passed');
    });

    it('a retry that meets a cooldown longer than the cap does not sleep its own delay first: it fails at once', async () => {
      stub.fault({ host: 'api', match: full, fault: { kind: 'status', status: 503, headers: { 'retry-after': '2' } }, times: 1 });
      stub.fault({ host: 'api', match: '/ft', fault: { kind: 'status', status: 429, headers: { 'retry-after': '45' } }, times: 1 });
      // /full's 503 is read 100 ms after /ft's 429 has set the 45 s cooldown.
      const c = make({
        fetch: async (input, init) => {
          const r = await fetch(input, init);
          if (String(input).includes('/full')) await new Promise((done) => setTimeout(done, 100));
          return r;
        },
      });
      const t0 = Date.now();
      const [a] = await Promise.allSettled([c.accounts.full('alice.near'), c.accounts.ft('alice.near')]);
      assert.ok(isKind('rate-limited', (e) => assert.match(e.message, /try again in 4\d s\.$/))(a.status === 'rejected' && a.reason));
      assert.ok(Date.now() - t0 < 1500, `failed after ${Date.now() - t0} ms, not after its own 2 s Retry-After`);
      assert.equal(stub.requests.filter((r) => r.path === full).length, 1, 'and sent no retry');
    });

    it('is capped at MAX_COOLDOWN_MS (5 min), whatever the Retry-After says', async () => {
      assert.equal(MAX_COOLDOWN_MS, 5 * 60_000);
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': '86400' } }, times: 1 });
      const c = make();
      await assert.rejects(
        c.accounts.full('alice.near'),
        isKind('rate-limited', (e) => assert.match(e.message, /try again in 1440 min\.$/)),
      );
      await assert.rejects(
        c.accounts.full('here.tg'),
        isKind('rate-limited', (e) => {
          assert.match(e.message, /try again in 5 min\.$/);
          assert.ok(e.retryAfterMs! <= MAX_COOLDOWN_MS);
        }),
      );
    });

    it('a 429 without Retry-After, or a 503 with one (its wait said in the message), sets no cooldown', async () => {
      stub.fault({ host: 'api', match: full, fault: { kind: 'status', status: 429 } });
      const c = make({ retries: 0 });
      await assert.rejects(
        c.accounts.full('alice.near'),
        isKind('rate-limited', (e) => assert.match(e.message, /in a moment\.$/)),
      );
      assert.equal((await c.accounts.ft('alice.near')).length > 0, true);
      stub.clearFaults();
      stub.fault({ host: 'api', match: full, fault: { kind: 'status', status: 503, headers: { 'retry-after': '60' } } });
      await assert.rejects(
        c.accounts.full('alice.near'),
        isKind('server', (e) => assert.match(e.message, /^The service is unavailable right now \(HTTP 503[^)]*\); try again in 60 s\.$/)),
      );
      assert.equal((await c.accounts.ft('alice.near')).length > 0, true);
    });
  });

  describe('attempts', () => {
    it('each attempt has its own timeout: three attempts, each cut after timeoutMs', async () => {
      stub.fault({ host: 'api', fault: { kind: 'hang' } });
      const t0 = Date.now();
      await assert.rejects(
        make({ timeoutMs: 150, retries: 2 }).accounts.full('alice.near'),
        isKind('timeout', (e) => assert.match(e.message, /^No answer from .* within 1 s\.$/)),
      );
      assert.equal(sent.length, 3);
      assert.equal(stub.requests.length, 3);
      assert.ok(Date.now() - t0 >= 3 * 150, 'every attempt ran its full timeout');
      for (let i = 1; i < sent.length; i++) assert.ok(sent[i]! - sent[i - 1]! >= 140, 'a retry is not sent on an already-aborted signal');
    });

    it('JSON-RPC reads are POSTs and are retried (ofetch does not retry POST by default)', async () => {
      stub.fault({ host: 'rpc', fault: { kind: 'status', status: 502 }, times: 2 });
      const r = await make().rpc.block({ finality: 'final' });
      assert.ok(r.result['header']);
      assert.equal(sent.length, 3);
      assert.ok(stub.requests.every((q) => q.method === 'POST'));
    });

    it('a refused connection is not retried', async () => {
      const closed = await startStub();
      const url = closed.apiUrl;
      await closed.close();
      await assert.rejects(
        make({ endpoints: { apiUrl: url, rpcUrl: url, archivalRpcUrl: url } }).accounts.full('alice.near'),
        isKind('network', (e) => assert.match(e.message, /refused/)),
      );
      assert.equal(sent.length, 1);
    });

    it('statuses outside the retry list are answered at once (401, 404, 422)', async () => {
      for (const status of [401, 422]) {
        sent = [];
        stub.fault({ host: 'api', match: '/ft', fault: { kind: 'status', status }, times: 1 });
        await assert.rejects(make().accounts.ft('alice.near'));
        assert.equal(sent.length, 1, `HTTP ${status}`);
      }
    });
  });

  describe('cancellation', () => {
    it('a cancel during the Retry-After wait ends it at once, and nothing is sent after it', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } } });
      const ctrl = new AbortController();
      const t0 = Date.now();
      const p = make().accounts.full('alice.near', { signal: ctrl.signal });
      setTimeout(() => ctrl.abort(), 100);
      await assert.rejects(p, isKind('aborted'));
      assert.ok(Date.now() - t0 < 800, `the cancel took ${Date.now() - t0} ms`);
      await new Promise((r) => setTimeout(r, 1300)); // past the wait ofetch's timer still runs
      assert.equal(sent.length, 1);
      assert.equal(stub.requests.length, 1);
    });

    it('a cancel during a hanging attempt aborts it and schedules no retry', async () => {
      stub.fault({ host: 'rpc', fault: { kind: 'hang' } });
      const ctrl = new AbortController();
      const p = make({ retries: 2 }).rpc.block({ finality: 'final' }, { signal: ctrl.signal });
      setTimeout(() => ctrl.abort(), 100);
      await assert.rejects(p, isKind('aborted'));
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(sent.length, 1);
    });
  });

  describe('the API key', () => {
    it('follows a same-origin redirect (once, in the header) and never a cross-origin one', async () => {
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'redirect', to: 'same' }, times: 1 });
      await make({ apiKey: KEY }).accounts.full('alice.near');
      const api = stub.requests.filter((r) => r.host === 'api');
      assert.equal(api.length, 2);
      assert.ok(api.every((r) => r.headers['authorization'] === `Bearer ${KEY}`));
      stub.clearRequests();
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'redirect', to: 'foreign' } });
      await assert.rejects(make({ apiKey: KEY, transport: 'query' }).accounts.full('here.tg'), isKind('forbidden'));
      assert.equal(stub.requests.filter((r) => r.host === 'foreign').length, 0);
    });

    it('query transport: apiKey= once per attempt, also on retries and same-origin hops', async () => {
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 503 }, times: 1 });
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'redirect', to: 'same' }, times: 1 });
      await make({ apiKey: KEY, transport: 'query' }).accounts.full('alice.near');
      const api = stub.requests.filter((r) => r.host === 'api');
      assert.equal(api.length, 3);
      for (const r of api) {
        assert.equal(r.url.split('apiKey=').length, 2, r.url);
        assert.equal(r.query['apiKey'], KEY);
        assert.equal(r.headers['authorization'], undefined);
      }
    });
  });

  describe('the body cap', () => {
    it('refuses a 10 MB body at the default 5 MB cap without reading it all', async () => {
      stub.fault({ host: 'api', fault: { kind: 'huge', bytes: 10 * 1024 * 1024 }, times: 1 });
      await assert.rejects(
        make({ timeoutMs: 5000 }).accounts.full('alice.near'),
        isKind('too-large', (e) => assert.match(e.message, /larger than 5 MB/)),
      );
      assert.equal(sent.length, 1, 'a refused body is not retried');
    });
  });

  describe('compressed bodies and URLs written otherwise', () => {
    it('counts the unpacked bytes of a gzip body: 2 MB under a 2 KB Content-Length is refused at a 64 KB cap', async () => {
      const json = JSON.stringify({ account_id: 'alice.near', state: null, pad: 'x'.repeat(2 * 1024 * 1024) });
      const gz = gzipSync(json);
      assert.ok(gz.length < 64 * 1024, `gzip ${gz.length} bytes`);
      const server = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) });
        res.end(gz);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const c = new NearClient({ endpoints: { apiUrl: url, rpcUrl: url, archivalRpcUrl: url }, maxBodyBytes: 64 * 1024, retries: 0, cache: new TtlCache() });
        await assert.rejects(c.accounts.full('alice.near'), isKind('too-large'));
        const small = new NearClient({
          endpoints: { apiUrl: url, rpcUrl: url, archivalRpcUrl: url },
          maxBodyBytes: 4 * 1024 * 1024,
          retries: 0,
          cache: new TtlCache(),
        });
        assert.equal((await small.accounts.full('alice.near')).state, null, 'under the cap the unpacked body reads as usual');
      } finally {
        server.close();
      }
    });

    it('sends the key to its origin written with capitals or a default port, and to no other', async () => {
      const port = new URL(stub.apiUrl).port;
      const c = make({ endpoints: { apiUrl: `HTTP://LocalHost:${port}`, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl }, apiKey: KEY });
      await c.accounts.full('alice.near');
      const r = stub.requests.find((q) => q.host === 'api');
      assert.equal(r?.headers['authorization'], `Bearer ${KEY}`);
    });
  });

  describe('a wrong REST base URL', () => {
    it('says the URL is wrong when the root answers 404 and its /status is not FastNEAR either', async () => {
      const c = make({ endpoints: { apiUrl: `${stub.apiUrl}/not-the-root`, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl } });
      await assert.rejects(
        c.accounts.full('alice.near'),
        isKind('not-found', (e) => assert.equal(e.message, WRONG_API_URL)),
      );
      await assert.rejects(
        c.accounts.ft('alice.near'),
        isKind('not-found', (e) => assert.equal(e.message, WRONG_API_URL)),
      );
    });

    it('keeps "no such account" for a JSON body with state null, and for a 404 from a real root', async () => {
      const none = await make().accounts.full('nobody-here.near');
      assert.equal(none.state, null);
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 404, raw: '' }, times: 1 });
      assert.equal((await make().accounts.full('alice.near')).state, null);
    });
  });
});

// Unit tests of src/core/client.ts against the loopback stub: endpoints, auth transports, redirects, faults,
// retries, abort, archival fallback, call_function decoding, cache behaviour and redaction.
import { strict as assert } from 'node:assert';
import { base58 } from '@scure/base';
import { TtlCache } from '../../../src/client/cache';
import { parseBlockRef, parseRetryAfter, isWriteMethod, READ_ONLY_METHODS } from '../../../src/client/client';
import type { ClientOptions, RequestLogEntry, NearClient } from '../../../src/client/client';
import { NearLensError } from '../../../src/base/errors';
import type { ErrorKind } from '../../../src/base/errors';
import { startStub, STUB_HEAD_HEIGHT, STUB_OLD_BLOCK_HASH } from '../../support/stub';
import type { RecordedRequest, Stub } from '../../support/stub';
import { clientFor, isKind, useStub } from '../../support/fixture';

const KEY = 'sk_test-K3y/with+chars';
const ROOT_KEY = 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
const IMPLICIT = 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82';
const SECRET_KEY = `ed25519:${base58.encode(new Uint8Array(64).map((_, i) => (i * 7 + 3) % 256))}`;

describe('NearClient', function () {
  this.timeout(5000);
  let stub: Stub;
  const make = (o: Partial<ClientOptions> = {}): NearClient => clientFor(stub, o);
  const reqs = (host?: RecordedRequest['host']): RecordedRequest[] => stub.requests.filter((r) => !host || r.host === host);

  const getStub = useStub();
  before(() => {
    stub = getStub();
  });

  describe('REST endpoints', () => {
    it('full() returns the normalised account', async () => {
      const a = await make().accounts.full('alice.near');
      assert.equal(a.accountId, 'alice.near');
      assert.ok(a.state);
      assert.equal(a.state.balance, BigInt('1234567800000000000000000000'));
      assert.equal(a.state.storageBytes, 26340);
      assert.equal(a.tokens.length, 4);
      assert.equal(a.nfts.length, 2);
      assert.equal(a.pools.length, 2);
      const [r] = reqs('api');
      assert.equal(r?.method, 'GET');
      assert.equal(r?.path, '/v1/account/alice.near/full');
    });

    it('full() of an unknown account (200 state:null) and of a 404 both give state null', async () => {
      const c = make();
      assert.equal((await c.accounts.full('nobody.near')).state, null);
      assert.equal((await c.accounts.full('not-indexed.near')).state, null);
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 404, raw: '' } });
      const gone = await c.accounts.full('alice.near', { fresh: true });
      assert.equal(gone.state, null);
      assert.deepEqual(gone.tokens, []);
    });

    it('ft(), nft(), staking() and status()', async () => {
      const c = make();
      assert.equal((await c.accounts.ft('alice.near')).length, 4);
      assert.equal((await c.accounts.nft('alice.near')).length, 2);
      const pools = await c.accounts.staking('mob.near');
      assert.equal(pools.length, 5);
      assert.ok(pools.some((p) => p.poolId === 'zavodil.poolv1.near'));
      const s = await c.accounts.status();
      assert.equal(s.syncBlockHeight, 187310138);
      assert.deepEqual(
        reqs('api').map((r) => r.path),
        ['/v1/account/alice.near/ft', '/v1/account/alice.near/nft', '/v1/account/mob.near/staking', '/status'],
      );
    });

    it('publicKey() and publicKeyAll() URL-encode the key in the path', async () => {
      const c = make();
      const one = await c.accounts.publicKey(ROOT_KEY);
      assert.deepEqual(one.accountIds, ['root.near', IMPLICIT]);
      const all = await c.accounts.publicKeyAll(ROOT_KEY);
      assert.ok(all.accountIds.includes('root.near'));
      assert.deepEqual(
        reqs('api').map((r) => r.path),
        [`/v1/public_key/ed25519%3AHLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd`, `/v1/public_key/ed25519%3AHLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd/all`],
      );
    });

    it('invalid ids and keys never leave the machine; secret keys are refused as sensitive', async () => {
      const c = make();
      await assert.rejects(c.accounts.full('Not An Id!'), isKind('invalid-input'));
      await assert.rejects(c.accounts.full(ROOT_KEY), isKind('invalid-input'));
      await assert.rejects(c.accounts.publicKey('alice.near'), isKind('invalid-input'));
      await assert.rejects(
        c.accounts.full(SECRET_KEY),
        isKind('sensitive', (e) => assert.ok(!e.message.includes(SECRET_KEY))),
      );
      await assert.rejects(c.accounts.publicKey(SECRET_KEY), isKind('sensitive'));
      await assert.rejects(c.rpc.callFunction('alice.near', 'bad method!', {}), isKind('invalid-input'));
      await assert.rejects(c.rpc.block({ blockId: 'not a hash' }), isKind('invalid-input'));
      assert.equal(stub.requests.length, 0);
    });
  });

  describe('API key transports', () => {
    it('bearer (default) sends the header and never puts the key in a URL', async () => {
      const c = make({ apiKey: KEY });
      await c.accounts.full('alice.near');
      await c.rpc.block({ finality: 'final' });
      for (const r of stub.requests) {
        assert.equal(r.headers['authorization'], `Bearer ${KEY}`);
        assert.ok(!r.url.includes('apiKey'));
        assert.ok(!r.url.includes(encodeURIComponent(KEY)));
      }
      assert.equal(stub.requests.length, 2);
    });

    it('query appends apiKey=, also after an existing query, and sends no Authorization header', async () => {
      const c = make({
        apiKey: KEY,
        transport: 'query',
        endpoints: { apiUrl: `${stub.apiUrl}/?tenant=t1`, rpcUrl: `${stub.rpcUrl}/?x=1`, archivalRpcUrl: stub.archivalRpcUrl },
      });
      await c.accounts.full('alice.near');
      await c.rpc.block({ finality: 'final' });
      const [api, rpc] = stub.requests;
      assert.equal(api?.path, '/v1/account/alice.near/full');
      assert.deepEqual(api?.query, { tenant: 't1', apiKey: KEY });
      assert.deepEqual(rpc?.query, { x: '1', apiKey: KEY });
      for (const r of stub.requests) assert.equal(r.headers['authorization'], undefined);
    });

    it('an injected fetch is used for every request', async () => {
      let calls = 0;
      const counting: typeof globalThis.fetch = (input, init) => {
        calls++;
        return globalThis.fetch(input, init);
      };
      const c = make({ fetch: counting });
      await c.accounts.full('alice.near');
      await c.rpc.block({ finality: 'final' });
      assert.equal(calls, 2);
    });

    it('no key: neither header nor parameter', async () => {
      await make().accounts.full('alice.near');
      const [r] = stub.requests;
      assert.equal(r?.headers['authorization'], undefined);
      assert.deepEqual(r?.query, {});
    });

    for (const transport of ['bearer', 'query'] as const) {
      it(`a redirect to another origin is refused and the key never reaches it (${transport})`, async () => {
        stub.fault({ host: 'api', fault: { kind: 'redirect', to: 'foreign' } });
        stub.fault({ host: 'rpc', fault: { kind: 'redirect', to: 'foreign' } });
        const c = make({ apiKey: KEY, transport });
        await assert.rejects(
          c.accounts.full('alice.near'),
          isKind('forbidden', (e) => assert.match(e.message, /redirected to another site/)),
        );
        await assert.rejects(c.rpc.block({ finality: 'final' }), isKind('forbidden'));
        assert.equal(reqs('foreign').length, 0);
        assert.ok(!JSON.stringify(stub.requests.filter((r) => r.host === 'foreign')).includes(KEY));
      });
    }

    it('a same-origin redirect is followed with the key', async () => {
      stub.fault({ host: 'api', match: '/full', fault: { kind: 'redirect', to: 'same' }, times: 1 });
      const a = await make({ apiKey: KEY }).accounts.full('alice.near');
      assert.ok(a.state);
      const [first, second] = stub.requests;
      assert.equal(first?.url, '/v1/account/alice.near/full');
      assert.equal(second?.url, '/v1/account/alice.near/full?_r=1');
      assert.equal(second?.headers['authorization'], `Bearer ${KEY}`);
    });
  });

  describe('faults', () => {
    const statusCases: Array<[number, unknown, ErrorKind, RegExp]> = [
      [400, 'Invalid argument', 'bad-request', /Invalid argument/],
      [401, { error: 'unauthorized' }, 'unauthorized', /API key/],
      [402, { error: 'payment required' }, 'payment-required', /quota/],
      [403, { error: 'forbidden' }, 'forbidden', /refused access/],
      [403, { error: 'origin_not_allowed' }, 'origin-not-allowed', /origin/],
      [422, { error: 'nope' }, 'unprocessable', /422/],
    ];
    for (const [status, body, kind, re] of statusCases) {
      it(`HTTP ${status} ${JSON.stringify(body)} → ${kind}, not retried`, async () => {
        stub.fault({ host: 'api', fault: { kind: 'status', status, body } });
        await assert.rejects(
          make({ apiKey: KEY }).accounts.full('alice.near'),
          isKind(kind, (e) => {
            assert.equal(e.status, status);
            assert.match(e.message, re);
          }),
        );
        assert.equal(stub.requests.length, 1);
      });
    }

    it('404 on a narrower endpoint is not-found', async () => {
      stub.fault({ host: 'api', match: '/ft', fault: { kind: 'status', status: 404, raw: '' } });
      await assert.rejects(make().accounts.ft('alice.near'), isKind('not-found'));
    });

    it('5xx is retried with backoff, then succeeds', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 500 }, times: 2 });
      const a = await make().accounts.full('alice.near');
      assert.ok(a.state);
      assert.equal(stub.requests.length, 3);
    });

    it('5xx that persists is a server error after retries (default 2)', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 503 } });
      await assert.rejects(
        make().accounts.full('alice.near'),
        isKind('server', (e) => assert.match(e.message, /503/)),
      );
      assert.equal(stub.requests.length, 3);
    });

    it('429 honours Retry-After (seconds) and then succeeds', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, times: 1 });
      const t0 = Date.now();
      await make().accounts.full('alice.near');
      assert.ok(Date.now() - t0 >= 900, 'waited for Retry-After');
      assert.equal(stub.requests.length, 2);
    });

    it('429 with a Retry-After beyond the cap fails at once, saying how long to wait', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429, headers: { 'retry-after': '120' } } });
      await assert.rejects(
        make().accounts.full('alice.near'),
        isKind('rate-limited', (e) => {
          assert.equal(e.retryAfterMs, 120_000);
          assert.match(e.message, /2 min/);
          assert.match(e.message, /API key/);
        }),
      );
      assert.equal(stub.requests.length, 1);
    });

    it('429 without Retry-After is retried with backoff then reported', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 429 } });
      await assert.rejects(make({ retries: 1 }).accounts.full('alice.near'), isKind('rate-limited'));
      assert.equal(stub.requests.length, 2);
    });

    it('parseRetryAfter reads seconds and HTTP dates', () => {
      assert.equal(parseRetryAfter('7', 0), 7000);
      assert.equal(parseRetryAfter(new Date(61_000).toUTCString(), 1_000), 60_000);
      assert.equal(parseRetryAfter('soon', 0), undefined);
      assert.equal(parseRetryAfter(null), undefined);
    });

    it('a hanging server times out (and the timeout is retried)', async () => {
      stub.fault({ host: 'api', fault: { kind: 'hang' } });
      await assert.rejects(
        make({ timeoutMs: 80, retries: 1 }).accounts.full('alice.near'),
        isKind('timeout', (e) => assert.match(e.message, /No answer/)),
      );
      assert.equal(stub.requests.length, 2);
    });

    it('connection refused is a network error, not retried', async () => {
      const closed = await startStub();
      const url = closed.apiUrl;
      await closed.close();
      const c = make({ endpoints: { apiUrl: url, rpcUrl: url, archivalRpcUrl: url } });
      await assert.rejects(
        c.accounts.full('alice.near'),
        isKind('network', (e) => assert.match(e.message, /refused/)),
      );
    });

    it('a reset connection is a network error and is retried', async () => {
      stub.fault({ host: 'api', fault: { kind: 'reset' }, times: 1 });
      assert.ok((await make().accounts.full('alice.near')).state);
      stub.fault({ host: 'api', fault: { kind: 'reset' } });
      await assert.rejects(
        make({ retries: 0 }).accounts.full('alice.near'),
        isKind('network', (e) => assert.match(e.message, /reset/)),
      );
    });

    it('an HTML page is not-json (or a server error when the status says so)', async () => {
      stub.fault({ host: 'api', fault: { kind: 'html' }, times: 1 });
      await assert.rejects(
        make().accounts.full('alice.near'),
        isKind('not-json', (e) => assert.match(e.message, /HTML page/)),
      );
      stub.fault({ host: 'api', fault: { kind: 'html', status: 502 } });
      await assert.rejects(
        make({ retries: 0 }).accounts.full('alice.near'),
        isKind('server', (e) => assert.match(e.message, /502/)),
      );
    });

    it('truncated JSON is not-json', async () => {
      stub.fault({ host: 'api', fault: { kind: 'truncated' } });
      await assert.rejects(
        make().accounts.full('alice.near'),
        isKind('not-json', (e) => assert.match(e.message, /cut off/)),
      );
      stub.clearFaults();
      stub.fault({ host: 'rpc', fault: { kind: 'truncated' } });
      await assert.rejects(make().rpc.block({ finality: 'final' }), isKind('not-json'));
    });

    it('JSON of the wrong shape is bad-shape', async () => {
      stub.fault({ host: 'api', fault: { kind: 'wrong-shape', body: { account_id: 'alice.near', state: { balance: 12.5 } } } });
      await assert.rejects(make().accounts.full('alice.near'), isKind('bad-shape'));
      stub.clearFaults();
      stub.fault({ host: 'rpc', fault: { kind: 'wrong-shape', body: { jsonrpc: '2.0', id: 1, result: { amount: 'lots' } } } });
      await assert.rejects(make().rpc.viewAccount('alice.near'), isKind('bad-shape'));
    });

    it('an oversized body is capped while streaming (chunked and with Content-Length)', async () => {
      stub.fault({ host: 'api', fault: { kind: 'huge', bytes: 3 * 1024 * 1024 }, times: 1 });
      await assert.rejects(
        make({ maxBodyBytes: 256 * 1024 }).accounts.full('alice.near'),
        isKind('too-large', (e) => assert.match(e.message, /larger than 256 KB/)),
      );
      stub.fault({ host: 'api', fault: { kind: 'huge', bytes: 3 * 1024 * 1024, contentLength: true }, times: 1 });
      await assert.rejects(make({ maxBodyBytes: 256 * 1024 }).accounts.full('alice.near'), isKind('too-large'));
    });

    it("the caller's AbortSignal stops the request; an aborted signal sends nothing", async () => {
      stub.setLatency(1000);
      const ctrl = new AbortController();
      const p = make().accounts.full('alice.near', { signal: ctrl.signal });
      setTimeout(() => ctrl.abort(), 30);
      await assert.rejects(p, isKind('aborted')); // 'aborted', not a 1 s late success
      stub.clearRequests();
      await assert.rejects(make().rpc.block({ finality: 'final' }, { signal: AbortSignal.abort() }), isKind('aborted'));
      await assert.rejects(make().accounts.full('here.tg', { signal: AbortSignal.abort() }), isKind('aborted'));
      assert.equal(stub.requests.length, 0);
    });

    it('never puts the key in a message or a log entry', async () => {
      const log: RequestLogEntry[] = [];
      stub.fault({ host: 'api', fault: { kind: 'status', status: 500, body: { error: `bad key ${KEY} at /x?apiKey=${encodeURIComponent(KEY)}` } }, times: 1 });
      const c = make({ apiKey: KEY, transport: 'query', retries: 0, log: (e) => log.push(e) });
      await assert.rejects(c.accounts.full('alice.near'), (e: unknown) => {
        assert.ok(NearLensError.is(e));
        assert.ok(!e.message.includes(KEY) && !e.message.includes(encodeURIComponent(KEY)), e.message);
        assert.match(e.message, /^The service had an internal error \(HTTP 500: bad key \*\*\* at \/x\?apiKey=\*\*\*\)\.$/);
        return true;
      });
      await c.accounts.full('here.tg');
      assert.equal(log.length, 2);
      for (const entry of log) {
        const text = JSON.stringify(entry);
        assert.ok(!text.includes(KEY) && !text.includes(encodeURIComponent(KEY)), text);
        assert.match(entry.url, /apiKey=\*\*\*/);
      }
      const ok = log[1];
      assert.equal(ok?.method, 'GET');
      assert.equal(ok?.host, 'api');
      assert.equal(ok?.status, 200);
      assert.equal(typeof ok?.ms, 'number');
    });
  });

  describe('JSON-RPC', () => {
    it('posts JSON-RPC 2.0 with integer, incrementing ids and Content-Type application/json', async () => {
      const c = make();
      const r = await c.rpc.block({ finality: 'final' });
      assert.equal(r.host, 'regular');
      assert.equal((r.result['header'] as { height: number }).height, STUB_HEAD_HEIGHT);
      await c.rpc.block({ finality: 'optimistic' });
      const [a, b] = reqs('rpc');
      assert.equal(a?.method, 'POST');
      assert.match(a?.headers['content-type'] ?? '', /^application\/json/);
      const ba = a?.body as { jsonrpc: string; id: number; method: string; params: unknown };
      const bb = b?.body as { id: number };
      assert.equal(ba.jsonrpc, '2.0');
      assert.equal(ba.method, 'block');
      assert.deepEqual(ba.params, { finality: 'final' });
      assert.ok(Number.isInteger(ba.id) && Number.isInteger(bb.id) && bb.id > ba.id);
    });

    it('integers past 2^53 in a result come back as their exact digits; safe integers stay numbers', async () => {
      const { result } = await make().rpc.block({ finality: 'final' });
      const header = result['header'] as Record<string, unknown>;
      assert.equal(header['timestamp'], '1739254177539033760'); // JSON.parse would give 1739254177539033900
      assert.equal(header['timestamp_nanosec'], '1739254177539033760');
      assert.equal(header['height'], STUB_HEAD_HEIGHT);
      const old = (await make().rpc.block({ blockId: STUB_HEAD_HEIGHT - 5 })).result['header'] as Record<string, unknown>;
      assert.equal(old['timestamp'], old['timestamp_nanosec']);
    });

    it('archival fallback: height 1 is garbage collected on regular and served by archival', async () => {
      const r = await make().rpc.block({ blockId: 1 });
      assert.equal(r.host, 'archival');
      assert.equal((r.result['header'] as { height: number }).height, 1);
      assert.deepEqual(
        stub.requests.map((q) => q.host),
        ['rpc', 'archival'],
      );
    });

    it('archival fallback for an old block hash (UNKNOWN_BLOCK on regular) and for an HTTP 422', async () => {
      const r = await make().rpc.block({ blockId: STUB_OLD_BLOCK_HASH });
      assert.equal(r.host, 'archival');
      stub.clearRequests();
      stub.fault({
        host: 'rpc',
        match: 'block',
        fault: {
          kind: 'status',
          status: 422,
          body: {
            jsonrpc: '2.0',
            id: 1,
            error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_BLOCK', info: {} }, code: -32000, message: 'Server error', data: 'DB Not Found Error' },
          },
        },
        times: 1,
      });
      const r2 = await make().rpc.block({ blockId: STUB_HEAD_HEIGHT - 5 });
      assert.equal(r2.host, 'archival');
    });

    it('a height above the head is UNKNOWN_BLOCK on both hosts; fallback:false stays on regular', async () => {
      await assert.rejects(
        make().rpc.block({ blockId: STUB_HEAD_HEIGHT + 1000 }),
        isKind('rpc', (e) => {
          assert.equal(e.rpcCause, 'UNKNOWN_BLOCK');
          assert.equal(e.status, 422);
          assert.match(e.message, /archival/);
        }),
      );
      stub.clearRequests();
      await assert.rejects(
        make().rpc.block({ blockId: 1 }, { fallback: false }),
        isKind('rpc', (e) => assert.equal(e.rpcCause, 'GARBAGE_COLLECTED_BLOCK')),
      );
      assert.deepEqual(
        stub.requests.map((q) => q.host),
        ['rpc'],
      );
    });

    it('viewAccount(): amounts as bigint, code detection, history on archival', async () => {
      const c = make();
      const a = await c.rpc.viewAccount('alice.near');
      assert.equal(a.host, 'regular');
      assert.equal(a.result.amount, BigInt('1234567800000000000000000000'));
      assert.equal(a.result.storageUsage, 26340);
      assert.equal(a.result.hasCode, false);
      assert.equal((await c.rpc.viewAccount('locked.near')).result.hasCode, true);
      const old = await c.rpc.viewAccount('alice.near', { blockId: 1 });
      assert.equal(old.host, 'archival');
      assert.equal(old.result.blockHeight, 1);
      await assert.rejects(
        c.rpc.viewAccount('ghost.near'),
        isKind('rpc', (e) => assert.equal(e.rpcCause, 'UNKNOWN_ACCOUNT')),
      );
    });

    it('viewAccessKeyList(): full-access and function-call keys', async () => {
      const c = make();
      const keys = (await c.rpc.viewAccessKeyList('alice.near')).result;
      assert.equal(keys.length, 2);
      assert.equal(keys[0]?.permission, 'FullAccess');
      const fc = keys[1]?.permission;
      assert.ok(fc && fc !== 'FullAccess');
      assert.equal(fc.receiverId, 'app.alice.near');
      assert.deepEqual(fc.methodNames, ['vote', 'claim']);
      assert.equal(fc.allowance, BigInt('250000000000000000000000'));
      const locked = (await c.rpc.viewAccessKeyList('locked.near')).result;
      assert.ok(locked.every((k) => k.permission !== 'FullAccess'));
      const lockedPerm = locked[0]?.permission;
      assert.ok(lockedPerm && lockedPerm !== 'FullAccess' && lockedPerm.allowance === null);
    });

    it('callFunction(): base64 JSON args (e30= for {}), decoded JSON result', async () => {
      const c = make();
      const r = await c.rpc.callFunction<{ symbol: string }>('usdt.tether-token.near', 'ft_metadata', {});
      assert.equal(r.result.symbol, 'USDt');
      const staked = await c.rpc.callFunction<string>('zavodil.poolv1.near', 'get_account_staked_balance', { account_id: 'alice.near' });
      assert.equal(staked.result, '1000000000000000000000000000');
      const [a, b] = reqs('rpc').map((q) => (q.body as { params: { args_base64: string } }).params.args_base64);
      assert.equal(a, 'e30=');
      assert.deepEqual(JSON.parse(Buffer.from(b ?? '', 'base64').toString('utf8')), { account_id: 'alice.near' });
    });

    it('callFunction(): a missing method (HTTP 200 with result.error) is a contract error', async () => {
      await assert.rejects(
        make().rpc.callFunction('meta-pool.near', 'no_such_view', {}),
        isKind('contract', (e) => assert.match(e.message, /no method "no_such_view"/)),
      );
      await assert.rejects(
        make().rpc.callFunction('alice.near', 'ft_metadata', {}),
        isKind('contract', (e) => assert.equal(e.rpcCause, 'NO_CONTRACT_CODE')),
      );
    });

    it('ftMetadata() is typed and cached for long', async () => {
      const c = make();
      const st = await c.rpc.ftMetadata('meta-pool.near');
      assert.deepEqual(st, { symbol: 'stNEAR', name: 'Staked NEAR', decimals: 24 });
      const usdt = await c.rpc.ftMetadata('usdt.tether-token.near');
      assert.equal(usdt.decimals, 6);
      assert.match(usdt.icon ?? '', /^data:image\/svg/);
      await c.rpc.ftMetadata('meta-pool.near');
      assert.equal(stub.requests.length, 2);
    });

    it('ftMetadata() of a token without metadata fails again without asking, until the account TTL or fresh: true', async () => {
      let now = 1_000_000;
      const c = make({ cache: new TtlCache({ clock: { now: () => now } }) });
      const gone = (e: unknown): boolean => NearLensError.is(e) && e.rpcCause === 'UNKNOWN_ACCOUNT';
      await assert.rejects(c.rpc.ftMetadata('no-such-token.near'), gone);
      await assert.rejects(c.rpc.ftMetadata('no-such-token.near'), gone);
      // A contract without the method is the contract's own answer: kept too.
      await assert.rejects(c.rpc.ftMetadata('alice.near'), isKind('contract'));
      await assert.rejects(c.rpc.ftMetadata('alice.near'), isKind('contract'));
      assert.equal(stub.requests.length, 2);
      await assert.rejects(c.rpc.ftMetadata('no-such-token.near', { fresh: true }), gone);
      assert.equal(stub.requests.length, 3);
      now += 30_000; // the account TTL
      await assert.rejects(c.rpc.ftMetadata('no-such-token.near'), gone);
      assert.equal(stub.requests.length, 4);
    });

    it('ftMetadata() after a failure of the moment (503) asks again, and its answer is cached as usual', async () => {
      const c = make({ retries: 0 });
      stub.fault({ host: 'rpc', match: 'ft_metadata', fault: { kind: 'status', status: 503 }, times: 1 });
      await assert.rejects(c.rpc.ftMetadata('meta-pool.near'), isKind('server'));
      assert.equal((await c.rpc.ftMetadata('meta-pool.near')).symbol, 'stNEAR');
      await c.rpc.ftMetadata('meta-pool.near');
      assert.equal(stub.requests.length, 2);
    });

    it('stakedBalance() / unstakedBalance() return bigint', async () => {
      const c = make();
      assert.equal(await c.rpc.stakedBalance('zavodil.poolv1.near', 'alice.near'), BigInt('1000000000000000000000000000'));
      assert.equal(await c.rpc.unstakedBalance('zavodil.poolv1.near', 'alice.near'), BigInt('2500000000000000000000000'));
      assert.equal(await c.rpc.stakedBalance('epic.poolv1.near', 'alice.near'), 0n);
    });

    it('rpc(): read-only methods pass, write methods are refused before sending, unknown ones get METHOD_NOT_FOUND', async () => {
      const c = make();
      const r = await c.rpc.request('block', { finality: 'final' });
      assert.equal(r.host, 'regular');
      await assert.rejects(c.rpc.request('send_tx', { signed_tx_base64: 'AA==' }), isKind('refused-method'));
      await assert.rejects(c.rpc.request('broadcast_tx_commit', []), isKind('refused-method'));
      assert.equal(stub.requests.length, 1);
      await assert.rejects(
        c.rpc.request('no_such_method', {}),
        isKind('rpc', (e) => {
          assert.equal(e.rpcCause, 'METHOD_NOT_FOUND');
          assert.equal(e.rpcName, 'REQUEST_VALIDATION_ERROR');
        }),
      );
      const old = await c.rpc.request('block', { block_id: 1 });
      assert.equal(old.host, 'archival');
      assert.ok(isWriteMethod('send_tx') && !isWriteMethod('query'));
      assert.ok(READ_ONLY_METHODS.includes('query') && !READ_ONLY_METHODS.some(isWriteMethod));
    });

    it('an old-node error envelope without cause is still a typed rpc error', async () => {
      stub.fault({
        host: 'rpc',
        fault: {
          kind: 'status',
          status: 200,
          body: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Server error', data: 'DB Not Found Error: BLOCK HEIGHT: 5' } },
        },
      });
      await assert.rejects(
        make().rpc.block({ finality: 'final' }),
        isKind('rpc', (e) => {
          assert.equal(e.rpcName, undefined);
          assert.equal(e.rpcCause, 'UNKNOWN_BLOCK');
        }),
      );
    });

    it('RPC 5xx is retried; an edge 401 is unauthorized', async () => {
      stub.fault({ host: 'rpc', fault: { kind: 'status', status: 503 }, times: 1 });
      assert.equal((await make().rpc.block({ finality: 'final' })).host, 'regular');
      stub.fault({ host: 'rpc', fault: { kind: 'status', status: 401, body: { error: 'invalid key' } } });
      await assert.rejects(make({ apiKey: KEY }).rpc.block({ finality: 'final' }), isKind('unauthorized'));
    });

    it('parseBlockRef() reads heights, hashes and finalities', () => {
      assert.deepEqual(parseBlockRef(' 187,310,138 '), { blockId: 187310138 });
      assert.deepEqual(parseBlockRef('final'), { finality: 'final' });
      assert.deepEqual(parseBlockRef(STUB_OLD_BLOCK_HASH), { blockId: STUB_OLD_BLOCK_HASH });
      assert.throws(() => parseBlockRef('yesterday'), isKind('invalid-input'));
    });
  });

  describe('cache', () => {
    it('10 concurrent identical full() calls make 1 request', async () => {
      stub.setLatency(50);
      const c = make();
      const all = await Promise.all(Array.from({ length: 10 }, () => c.accounts.full('alice.near')));
      assert.equal(all.length, 10);
      assert.equal(reqs('api').length, 1);
    });

    it('one aborted caller does not cancel the shared request for the others', async () => {
      stub.setLatency(80);
      const c = make();
      const ctrl = new AbortController();
      const a = c.accounts.full('alice.near', { signal: ctrl.signal });
      const b = c.accounts.full('alice.near');
      ctrl.abort();
      await assert.rejects(a, isKind('aborted'));
      assert.ok((await b).state);
      assert.equal(reqs('api').length, 1);
    });

    it('failures are not cached', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 500 }, times: 1 });
      const c = make({ retries: 0 });
      await assert.rejects(c.accounts.full('alice.near'), isKind('server'));
      assert.ok((await c.accounts.full('alice.near')).state);
      assert.equal(reqs('api').length, 2);
    });

    it('TTL with an injected clock; fresh bypasses but stores; invalidate(accountId)', async () => {
      const clock = { t: 0, now: () => clock.t };
      const c = make({ cache: new TtlCache({ clock }) });
      await c.accounts.full('alice.near');
      await c.accounts.full('alice.near');
      assert.equal(reqs('api').length, 1);
      clock.t += 29_000;
      await c.accounts.full('alice.near');
      assert.equal(reqs('api').length, 1);
      clock.t += 2_000;
      await c.accounts.full('alice.near');
      assert.equal(reqs('api').length, 2);
      await c.accounts.full('alice.near', { fresh: true });
      assert.equal(reqs('api').length, 3);
      await c.accounts.full('alice.near');
      assert.equal(reqs('api').length, 3);
      await c.accounts.full('here.tg');
      c.accounts.invalidate('alice.near');
      await c.accounts.full('here.tg');
      assert.equal(reqs('api').length, 4);
      await c.accounts.full('alice.near');
      assert.equal(reqs('api').length, 5);
      assert.ok(c.accounts.peekFull('alice.near')?.state);
    });

    it('cache keys include the endpoint URL', async () => {
      const cache = new TtlCache();
      await make({ cache }).accounts.full('alice.near');
      await make({ cache, endpoints: { apiUrl: `${stub.apiUrl}/`, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl } }).accounts.full('alice.near');
      assert.equal(reqs('api').length, 2);
    });
  });
});

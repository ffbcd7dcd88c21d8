// Accounts read over RPC (#26): view_account → the same AccountState the REST API gives, on the project's real bodies;
// the RPC-only network (no REST request at all); the REST outage → RPC fallback, which failures fall back and which
// do not, the last good lists kept and marked stale, and the cooldown that keeps a REST outage from a retry storm.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { accountFromView, normaliseFull, NO_INDEXER } from '../../../src/near/account';
import { toViewAccount } from '../../../src/client/rpc';
import { NO_INDEXER_MESSAGE } from '../../../src/client/client';
import { REST_COOLDOWN_MS, restOutage } from '../../../src/client/fallback';
import { NearLensError } from '../../../src/base/errors';
import type { ErrorKind } from '../../../src/base/errors';
import { STUB_RPC_ONLY_ACCOUNT } from '../../support/stub';
import type { Fault, Stub } from '../../support/stub';
import { clientFor as makeClient, isKind, useStub } from '../../support/fixture';

const FIXTURES = path.resolve(__dirname, '../../fixtures');
const BLOCK = { block_height: 187310138, block_hash: 'HDMNyBnbNCrx6D3rJMT4hK2bUhzj6TaC5m4R2o2aCFxJ' };

describe('RPC account model (view_account → AccountState)', () => {
  // Every REST /full body in the fixtures with a state, and the view_account body nearcore sends for the same account.
  const bodies = readdirSync(FIXTURES)
    .filter((f) => f.startsWith('fastnear-v1-account-full-'))
    .map((f) => JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')) as { account_id: string; state: null | Record<string, unknown> })
    .filter((b) => b.state);
  it('has a table of real bodies to check', () => assert.ok(bodies.length >= 6));
  for (const rest of bodies) {
    it(`${rest.account_id}: the same state from view_account as from /full`, () => {
      const st = rest.state as { balance: string; locked: string; storage_bytes: number };
      const view = {
        amount: st.balance,
        locked: st.locked,
        code_hash: '11111111111111111111111111111111',
        storage_usage: st.storage_bytes,
        storage_paid_at: 0,
        ...BLOCK,
      };
      const fromRpc = accountFromView(rest.account_id, toViewAccount(view), { via: 'rpc' });
      assert.deepEqual(fromRpc.state, normaliseFull(rest).state);
      assert.deepEqual([fromRpc.tokens, fromRpc.nfts, fromRpc.pools, fromRpc.latestActivity], [[], [], [], undefined]);
    });
  }
  it('the RPC fixtures (rpc-accounts.json) give exact figures, validator stake in locked included', () => {
    const all = JSON.parse(readFileSync(path.join(FIXTURES, 'rpc-accounts.json'), 'utf8')) as Record<string, { view_account: Record<string, unknown> }>;
    for (const [id, { view_account: va }] of Object.entries(all)) {
      const a = accountFromView(id, toViewAccount({ ...va, ...BLOCK }), { via: 'rpc' });
      assert.ok(a.state);
      assert.equal(a.state.balance, BigInt(String(va['amount'])));
      assert.equal(a.state.locked, BigInt(String(va['locked'])));
      assert.equal(a.state.storageBytes, va['storage_usage']);
      assert.equal(a.state.total, a.state.balance + a.state.locked);
      assert.equal(a.state.pinned, BigInt(Number(va['storage_usage'])) * 10n ** 19n);
      assert.equal(a.state.spendable, a.state.balance - a.state.pinned);
    }
  });
  it('UNKNOWN_ACCOUNT (view null) is "No such account"', () => {
    assert.equal(accountFromView('ghost.test.near', null, { via: 'rpc' }).state, null);
  });
  it('the last good lists are kept with their time', () => {
    const rest = normaliseFull(JSON.parse(readFileSync(path.join(FIXTURES, 'fastnear-v1-account-full-alice.near.json'), 'utf8')));
    const a = accountFromView('alice.near', { amount: 1n, locked: 0n, storageUsage: 0 }, { via: 'rpc', restFailure: 'REST API HTTP 503', listsAt: 5 }, rest);
    assert.equal(a.tokens, rest.tokens);
    assert.equal(a.latestActivity, rest.latestActivity);
    assert.deepEqual(a.source, { via: 'rpc', restFailure: 'REST API HTTP 503', listsAt: 5 });
  });
});

describe('restOutage: which REST failures the RPC stands in for', () => {
  const cases: Array<[ErrorKind, number | undefined, string | undefined]> = [
    ['server', 503, 'REST API HTTP 503'],
    ['server', 500, 'REST API HTTP 500'],
    ['timeout', undefined, 'REST API timed out'],
    ['network', undefined, 'REST API unreachable'],
    ['rate-limited', 429, 'REST API rate limited'],
    ['not-json', 200, 'REST API sent a web page'],
    ['bad-request', 400, undefined], // "Invalid argument": the id's fault, not the service's
    ['unauthorized', 401, undefined],
    ['payment-required', 402, undefined],
    ['forbidden', 403, undefined],
    ['not-found', 404, undefined],
    ['aborted', undefined, undefined],
    ['bad-shape', 200, undefined],
  ];
  for (const [kind, status, want] of cases) {
    it(`${kind}${status ? ` (HTTP ${status})` : ''} → ${want ?? 'no fallback'}`, () => {
      assert.equal(restOutage(new NearLensError(kind, 'x', { status })), want);
    });
  }
  it('a non-NearLens error does not fall back', () => assert.equal(restOutage(new Error('x')), undefined));
});

describe('NearClient over RPC', function () {
  this.timeout(10_000);
  let stub: Stub;
  const getStub = useStub();
  before(() => {
    stub = getStub();
  });
  afterEach(() => stub.setRpcOnly(false));
  const clientFor = (s: Stub, o: Parameters<typeof makeClient>[1] = {}): ReturnType<typeof makeClient> => makeClient(s, { restFallback: true, ...o });
  const hosts = (): string[] =>
    stub.requests.map((r) => `${r.host} ${r.path === '/' ? String((r.body as { params?: { request_type?: string } })?.params?.request_type) : r.path}`);

  describe('an RPC-only network (no apiUrl)', () => {
    const rpcOnly = (): ReturnType<typeof clientFor> => clientFor(stub, { endpoints: { apiUrl: '', rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.rpcUrl } });

    it('reads an account with one view_account and no REST request', async () => {
      stub.setRpcOnly(true);
      const c = rpcOnly();
      assert.equal(c.accounts.hasIndexer, false);
      const a = await c.accounts.full(STUB_RPC_ONLY_ACCOUNT);
      assert.equal(a.state?.balance, 99999998776381849800000000n);
      assert.equal(a.state?.storageBytes, 182);
      assert.deepEqual(a.source, { via: 'rpc' });
      assert.deepEqual(hosts(), ['rpc view_account']);
      // The hover's own view_account (code hash) is the same cached answer.
      await c.rpc.viewAccount(STUB_RPC_ONLY_ACCOUNT);
      assert.equal(stub.requests.length, 1);
    });

    it('an account the node does not know is "No such account", not an error', async () => {
      const a = await rpcOnly().accounts.full('ghost.test.near');
      assert.equal(a.state, null);
      assert.deepEqual(a.source, { via: 'rpc' });
    });

    it('tokens, NFTs, pools, public keys and status say "no indexer" and send nothing', async () => {
      const c = rpcOnly();
      for (const ask of [
        () => c.accounts.ft('alice.near'),
        () => c.accounts.nft('alice.near'),
        () => c.accounts.staking('alice.near'),
        () => c.accounts.publicKey('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd'),
        () => c.accounts.status(),
      ]) {
        await assert.rejects(
          ask(),
          isKind('not-found', (e) => assert.equal(e.message, NO_INDEXER_MESSAGE)),
        );
      }
      assert.ok(NO_INDEXER_MESSAGE.toLowerCase().startsWith(NO_INDEXER));
      assert.equal(stub.requests.length, 0);
    });

    it('a bad id is refused before anything is sent', async () => {
      await assert.rejects(rpcOnly().accounts.full('Not An Id'), isKind('invalid-input'));
      assert.equal(stub.requests.length, 0);
    });
  });

  describe('REST outage → RPC', () => {
    const faults: Array<[string, Fault]> = [
      ['HTTP 503', { kind: 'status', status: 503 }],
      ['HTTP 500', { kind: 'status', status: 500 }],
      ['an HTML page', { kind: 'html' }],
      ['a reset connection', { kind: 'reset' }],
      ['HTTP 429 with a long Retry-After', { kind: 'status', status: 429, headers: { 'retry-after': '600' } }],
    ];
    for (const [what, fault] of faults) {
      it(`${what}: the state from view_account, marked as such`, async () => {
        stub.fault({ host: 'api', fault });
        const a = await clientFor(stub).accounts.full('alice.near');
        assert.equal(a.state?.balance, 1234567800000000000000000000n);
        assert.equal(a.source?.via, 'rpc');
        assert.match(a.source?.restFailure ?? '', /^REST API /);
        assert.deepEqual(a.tokens, []); // nothing cached: no lists to keep
      });
    }

    it('a timeout falls back too', async () => {
      stub.fault({ host: 'api', fault: { kind: 'hang' } });
      const a = await clientFor(stub, { timeoutMs: 200, retries: 0 }).accounts.full('alice.near');
      assert.equal(a.source?.restFailure, 'REST API timed out');
    });

    it('keeps the last good tokens, NFTs and pools, marked stale with their time', async () => {
      const c = clientFor(stub);
      const good = await c.accounts.full('alice.near');
      const at = c.accounts.fullFetchedAt('alice.near');
      assert.ok(at !== undefined && good.source === undefined);
      stub.fault({ host: 'api', fault: { kind: 'status', status: 503 } });
      const a = await c.accounts.full('alice.near', { fresh: true });
      assert.deepEqual(a.source, { via: 'rpc', restFailure: 'REST API HTTP 503', listsAt: at });
      assert.deepEqual(a.tokens, good.tokens);
      assert.deepEqual(a.nfts, good.nfts);
      assert.deepEqual(a.pools, good.pools);
      // A second fallback still dates the lists to the REST answer, not to the first fallback.
      const b = await c.accounts.full('alice.near', { fresh: true });
      assert.equal(b.source?.listsAt, at);
    });

    it('the account only RPC knows: REST says state null, so REST is believed (it answered)', async () => {
      const a = await clientFor(stub).accounts.full(STUB_RPC_ONLY_ACCOUNT);
      assert.equal(a.state, null);
      assert.equal(a.source, undefined);
    });

    it('a 400 "Invalid argument" does not fall back: the REST answer is the error', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 400 } });
      await assert.rejects(clientFor(stub).accounts.full('alice.near'), isKind('bad-request'));
      assert.deepEqual(
        stub.requests.filter((r) => r.host !== 'api'),
        [],
      );
    });

    it('a 401 (key refused) does not fall back', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 401 } });
      await assert.rejects(clientFor(stub, { apiKey: 'k-1-2-3' }).accounts.full('alice.near'), isKind('unauthorized'));
    });

    it('when the RPC host fails too, the REST failure is what the caller sees', async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 503 } });
      stub.fault({ host: 'rpc', fault: { kind: 'status', status: 502 } });
      await assert.rejects(
        clientFor(stub).accounts.full('alice.near'),
        isKind('server', (e) => assert.match(e.message, /^The service .*HTTP 503/)),
      );
    });

    it(`after an outage, look-ups go straight to RPC for ${REST_COOLDOWN_MS / 1000} s: one request each, never a retry storm`, async () => {
      stub.fault({ host: 'api', fault: { kind: 'status', status: 503 } });
      const c = clientFor(stub);
      await c.accounts.full('alice.near');
      const first = stub.requests.length; // the REST attempts (with their retries) and one view_account
      assert.equal(stub.requests.filter((r) => r.host === 'rpc').length, 1);
      stub.clearRequests();
      for (const id of ['root.near', 'locked.near', 'meta-pool.near']) assert.equal((await c.accounts.full(id)).source?.restFailure, 'REST API HTTP 503');
      assert.deepEqual(hosts(), ['rpc view_account', 'rpc view_account', 'rpc view_account']);
      assert.ok(first >= 2);
    });
  });
});

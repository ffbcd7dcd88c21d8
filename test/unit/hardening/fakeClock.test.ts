// The fake clock the storm hour runs on (test/support/fakeClock.ts) and the stub abilities it uses (a fault
// schedule, stalls on the current clock, accounts added at run time): timers run in order only when told, Node's own
// fetch still talks to the loopback stub while the clock is installed, and a stall or a client timeout takes exactly
// its fake milliseconds.
import { strict as assert } from 'node:assert';
import { TtlCache } from '../../../src/client/cache';
import { NearClient } from '../../../src/client/client';
import { FakeClock } from '../../support/fakeClock';
import { isKind, useStub } from '../../support/fixture';
import type { Stub } from '../../support/stub';

const T0 = Date.UTC(2026, 0, 1);

describe('fake clock (storm hour support)', () => {
  let clock: FakeClock;
  const getStub = useStub();
  let stub: Stub;
  before(() => {
    stub = getStub();
  });
  beforeEach(() => {
    clock = new FakeClock(T0).install();
  });
  afterEach(() => clock.uninstall());

  /** Requests in flight through `tracked`, and until when the stub holds stalled ones. */
  let inflight = 0;
  let holds: number[] = [];
  const tracked: typeof fetch = async (input, init) => {
    inflight++;
    try {
      const res = await fetch(input, init);
      const body = await res.arrayBuffer(); // whole, before the clock may move
      return new Response(body, { status: res.status, headers: res.headers });
    } finally {
      inflight--;
    }
  };
  const stall = (ms: number): { kind: 'stall'; ms: number } => {
    holds.push(Date.now() + ms);
    return { kind: 'stall', ms };
  };
  beforeEach(() => {
    inflight = 0;
    holds = [];
  });

  /** Runs timers up to `until`; between two, real turns until every request in flight is answered or held by a stall. */
  async function runUntil(until: number): Promise<void> {
    const busy = (): boolean => inflight > holds.filter((t) => t > Date.now()).length;
    const turns = async (): Promise<void> => {
      for (let calm = 0; calm < 3;) {
        await new Promise<void>((r) => setImmediate(r));
        calm = busy() ? 0 : calm + 1;
      }
    };
    await turns();
    while (clock.runNext(until)) await turns();
  }

  it('runs timeouts and intervals in time order only when told; Date.now follows; clears work', () => {
    const seen: string[] = [];
    assert.equal(Date.now(), T0);
    setTimeout(() => seen.push(`b@${Date.now() - T0}`), 20);
    setTimeout(() => seen.push(`a@${Date.now() - T0}`), 10);
    const gone = setTimeout(() => seen.push('cleared'), 15);
    clearTimeout(gone);
    const every = setInterval(() => seen.push(`i@${Date.now() - T0}`), 8);
    setTimeout((x: string) => seen.push(`${x}@${Date.now() - T0}`), 0, 'zero');
    assert.deepEqual(seen, [], 'nothing runs by itself');
    while (clock.runNext(T0 + 24));
    clearInterval(every);
    assert.deepEqual(seen, ['zero@1', 'i@8', 'a@10', 'i@16', 'b@20', 'i@24']);
    assert.equal(clock.pending(), 0);
    assert.equal(Date.now(), T0 + 24);
  });

  it('AbortSignal.timeout aborts on the fake clock, with a TimeoutError', () => {
    const signal = AbortSignal.timeout(8000);
    clock.runNext(T0 + 7999);
    assert.equal(signal.aborted, false);
    assert.equal(clock.pending('signal'), 1);
    clock.runNext(T0 + 8000);
    assert.equal(signal.aborted, true);
    assert.equal((signal.reason as DOMException).name, 'TimeoutError');
  });

  it('a real request to the stub is answered while installed; a stub stall lasts its fake time', async () => {
    const res = await tracked(`${stub.apiUrl}/status`);
    assert.equal(res.status, 200);
    stub.faultBy((r) => (r.path.endsWith('/full') ? stall(10_000) : undefined));
    let done = false;
    const p = tracked(`${stub.apiUrl}/v1/account/alice.near/full`).then(async (r) => {
      done = true;
      return r.json() as Promise<{ account_id: string }>;
    });
    // Held: no real wait brings the answer; the clock does.
    await runUntil(T0 + 9_999);
    assert.equal(done, false);
    await runUntil(T0 + 10_000);
    assert.equal(done, true);
    assert.equal((await p).account_id, 'alice.near');
  });

  it('the client times out a stalled request on the fake clock, retries it, and a stub account added at run time is served', async () => {
    stub.putAccount('late.near', { account_id: 'late.near', nfts: [], pools: [], state: { balance: '7', locked: '0', storage_bytes: 1 }, tokens: [] });
    let stalls = 1;
    stub.faultBy(() => (stalls-- > 0 ? stall(10_000) : undefined));
    const client = new NearClient({
      endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl },
      cache: new TtlCache(),
      retryBaseMs: 1,
      fetch: tracked,
      restFallback: false, // the REST cooldown itself is under test, not the RPC standing in (#26)
    });
    let settled = false;
    const p = client.accounts.full('late.near').finally(() => (settled = true));
    await runUntil(T0 + 7_999);
    assert.equal(settled, false, 'still within the 8 s timeout');
    await runUntil(T0 + 9_000);
    assert.equal(settled, true);
    const a = await p;
    assert.equal(a.state?.balance, 7n);
    assert.equal(stub.requests.length, 2, 'the timed-out attempt and its retry');
    // A 429's cooldown is on the fake clock too: refused now, sent once it has passed.
    stub.faultBy((r) => (r.path.includes('here.tg') ? { kind: 'status', status: 429, headers: { 'retry-after': '60' } } : undefined));
    let failed: unknown;
    void client.accounts.full('here.tg').catch((e: unknown) => (failed = e));
    await runUntil(Date.now());
    assert.ok(isKind('rate-limited')(failed));
    await assert.rejects(
      client.accounts.full('alice.near'),
      isKind('rate-limited', (e) => assert.match(e.message, /in 60 s\.$/)),
    );
    stub.clearFaults();
    await runUntil(Date.now() + 60_000);
    assert.equal((await client.accounts.full('alice.near')).accountId, 'alice.near');
  });
});

// The contract lens's source (#47) on a fake clock: a first want reads, views never send, at most one read per 5
// minutes while a lens keeps asking, none once it stops, a watchlist refresh reads a wanted account, a failed read keeps
// the counts and says why, a network without a transactions API sends nothing, and accounts are kept per network.
import assert from 'node:assert/strict';
import { ActivitySource, READ_EVERY_MS } from '../../../../src/features/contractLens/activitySource';
import type { ActivitySourceDeps, ActivityTarget } from '../../../../src/features/contractLens/activitySource';
import { NearLensError } from '../../../../src/base/errors';
import { FakeClock } from '../../../support/fakeClock';
import { fakeTxService } from '../../../support/fakeTxService';
import type { FakeTxService } from '../../../support/fakeTxService';
import { C, callTx, T0_MS } from '../../../support/contractCalls';

const MIN = 60_000;

describe('contract lens: the activity source', () => {
  let clock: FakeClock;
  let svc: FakeTxService;
  let network: string;
  let source: ActivitySource;
  let changes: string[];
  const deps = (over: Partial<Record<string, ActivityTarget>> = {}): ActivitySourceDeps => ({
    target: (id, asked) => {
      const n = asked ?? network;
      return over[n] ?? { kind: 'ok', key: `${n}|${id}`, network: n, client: svc };
    },
  });
  /** Lets the read under way finish (its promises), without moving the clock. */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const pages = (): number => svc.calls.filter((c) => c.kind === 'account').length;
  /** Moves the fake clock by `ms`, running the timers due, and lets their reads finish. */
  const advance = async (ms: number): Promise<void> => {
    const until = clock.now() + ms;
    while (clock.runNext(until)) await settle();
    await settle();
  };

  beforeEach(() => {
    clock = new FakeClock(T0_MS + MIN).install();
    svc = fakeTxService([callTx(1, [{ method: 'claim' }]), callTx(2, [{ method: 'claim', fail: 'not yet' }])]);
    network = 'mainnet';
    source = new ActivitySource(deps());
    changes = [];
    source.onDidChange((id) => changes.push(id));
  });
  afterEach(() => {
    source.dispose();
    clock.uninstall();
  });

  it('views send nothing; the first want reads once, and 40 views and wants after it send nothing', async () => {
    for (let i = 0; i < 5; i++) assert.deepEqual(source.view(C), { kind: 'none' });
    assert.equal(svc.calls.length, 0);
    source.want(C);
    source.want(C);
    await settle();
    assert.equal(pages(), 1, 'one read however many wants');
    assert.deepEqual(changes, [C]);
    svc.calls.length = 0;
    for (let i = 0; i < 40; i++) {
      source.want(C);
      const v = source.view(C);
      assert.ok(v.kind === 'counts' && v.activity.methods[0]?.calls === 2 && v.activity.methods[0].failed === 1);
    }
    assert.equal(svc.calls.length, 0);
  });

  it('while a lens keeps asking: one read per 5 minutes; once it stops, none', async () => {
    source.want(C);
    await settle();
    // The lens draws again on each change and asks again, as VS Code resolves a visible lens.
    source.onDidChange(() => source.want(C));
    source.want(C);
    await advance(READ_EVERY_MS - 1);
    assert.equal(pages(), 1, 'not before 5 minutes');
    await advance(1);
    assert.equal(pages(), 2);
    await advance(3 * READ_EVERY_MS);
    assert.equal(pages(), 5, 'one per 5 minutes');
    // The file is hidden: nobody asks any more.
    source.dispose();
    source = new ActivitySource(deps());
    source.want(C);
    await settle();
    const before = pages();
    await advance(60 * MIN);
    assert.equal(pages(), before, 'no lens asked since the last read: no read, no timer');
    assert.equal(clock.pending('timeout'), 0);
  });

  it('a want after 5 minutes reads again; a watchlist refresh reads a wanted account at once, an unwanted one never', async () => {
    source.want(C);
    await settle();
    await advance(2 * MIN);
    source.want(C);
    await settle();
    assert.equal(pages(), 1);
    source.refreshed(C);
    await settle();
    assert.equal(pages(), 2, 'the watchlist refreshed it: read with it');
    source.refreshed('other.near');
    await advance(20 * MIN);
    source.refreshed(C);
    await settle();
    assert.equal(pages(), 2, 'no lens asked for 10 minutes: the refresh reads nothing for the lens');
    svc.append(callTx(3, [{ method: 'settle' }]));
    source.want(C);
    await settle();
    assert.equal(pages(), 3);
    const v = source.view(C);
    assert.ok(v.kind === 'counts');
    assert.deepEqual(
      v.activity.methods.map((m) => [m.method, m.calls]),
      [
        ['claim', 2],
        ['settle', 1],
      ],
    );
  });

  it('a failed read keeps the last counts and says why, without the key', async () => {
    source.want(C);
    await settle();
    svc.append(callTx(3, [{ method: 'claim' }]));
    const real = svc.transactions.accountTransactions;
    svc.transactions.accountTransactions = async () => {
      svc.transactions.accountTransactions = real;
      throw new NearLensError('server', 'The transactions service answered 500 (https://tx.example/v0/account?apiKey=sekret).');
    };
    await advance(READ_EVERY_MS);
    source.want(C);
    await settle();
    const v = source.view(C);
    assert.ok(v.kind === 'counts');
    assert.equal(v.activity.methods[0]?.calls, 2, 'the last counts');
    assert.equal(v.error, 'The transactions service answered 500 (https://tx.example/v0/account?apiKey=***).');
    await advance(READ_EVERY_MS);
    source.want(C);
    await settle();
    const w = source.view(C);
    assert.ok(w.kind === 'counts' && w.error === undefined && w.activity.methods[0]?.calls === 3);
  });

  it('a network without a transactions API: unsupported, and nothing is sent', async () => {
    network = 'custom';
    source = new ActivitySource(deps({ custom: { kind: 'unsupported', key: `custom|${C}`, reason: 'No transactions API on local · 127.0.0.1:3031' } }));
    source.want(C);
    await advance(30 * MIN);
    assert.deepEqual(source.view(C), { kind: 'unsupported', reason: 'No transactions API on local · 127.0.0.1:3031' });
    await assert.rejects(source.activity(C), /No transactions API/);
    assert.equal(svc.calls.length, 0);
  });

  it('counts are kept per network: another network reads its own; back again, the first counts', async () => {
    source.want(C);
    await settle();
    network = 'testnet';
    source.changed();
    assert.deepEqual(source.view(C), { kind: 'none' }, 'nothing read on testnet yet');
    source.want(C);
    await settle();
    assert.equal(pages(), 2);
    network = 'mainnet';
    const v = source.view(C);
    assert.ok(v.kind === 'counts' && v.activity.network === 'mainnet');
  });

  it('from code: waits for the read under way, reads when asked to refresh, and a failed refresh rejects with why', async () => {
    source.want(C);
    const a = await source.activity(C);
    assert.equal(pages(), 1, 'the read under way, not a second one');
    assert.equal(a.methods[0]?.method, 'claim');
    await source.activity(C);
    assert.equal(pages(), 1, 'read already: the counts as they are');
    svc.append(callTx(3, [{ method: 'claim' }]));
    const b = await source.activity(C, { refresh: true });
    assert.equal(pages(), 2);
    assert.equal(b.methods[0]?.calls, 3);
    svc.failNext(1);
    await assert.rejects(source.activity(C, { refresh: true }), /went wrong|failed/);
  });
});

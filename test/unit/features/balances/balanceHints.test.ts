// Balance inlay hints: the hint text (exact, rounded down) and the batcher (one de-duplicated batch at a time, each id
// at most once per interval, bounded concurrency, failures swallowed, nothing after dispose) on a fake timer.
import assert from 'node:assert/strict';
import type { AccountFull } from '../../../../src/near/account';
import { BalanceBatcher, balanceHint } from '../../../../src/features/balances/model/balanceHints';

const full = (balance: bigint | null): AccountFull => ({
  accountId: 'alice.near',
  state: balance === null ? null : { balance, locked: 0n, storageBytes: 0, pinned: 0n, total: balance, spendable: balance },
  tokens: [],
  nfts: [],
  pools: [],
  latestActivity: undefined,
});

/** A manual timer and clock. */
function fakeTime() {
  let now = 0;
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return { cancel: () => void (t.live = false) };
    },
    /** Moves time on and runs the timers due, then lets the loads settle. */
    async advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.live && x.at <= now)) {
        t.live = false;
        t.fn();
      }
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
    get live() {
      return timers.filter((t) => t.live).length;
    },
  };
}

describe('balance inlay hints', () => {
  it('reads the balance rounded down with the exact figure in the tooltip', () => {
    const h = balanceHint(full(12_345_678_900_000_000_000_000_001n), 2);
    assert.equal(h.label, '≈ 12.34 NEAR');
    assert.match(h.tooltip, /12\.345678900000000000000001 NEAR/);
    assert.equal(balanceHint(full(1n), 5).label, '< 0.00001 NEAR');
    assert.equal(balanceHint(full(0n), 5).label, '= 0 NEAR');
    assert.equal(balanceHint(full(1_500_000_000_000_000_000_000_000n), 5).label, '= 1.5 NEAR');
    assert.match(balanceHint(full(1n), 5).tooltip, /0\.000000000000000000000001 NEAR/);
    assert.equal(balanceHint(full(null), 5).label, '· no such account');
  });

  it('fetches what the view asks for in one de-duplicated batch, then asks for the hints again once', async () => {
    const t = fakeTime();
    const loads: string[] = [];
    let changed = 0;
    const b = new BalanceBatcher({ load: async (id) => void loads.push(id), onLoaded: () => changed++, setTimer: t.setTimer, now: t.now });
    b.want(['a.near', 'b.near']);
    b.want(['b.near', 'c.near']);
    assert.deepEqual(loads, [], 'nothing before the batch delay');
    await t.advance(150);
    await b.running;
    assert.deepEqual(loads.sort(), ['a.near', 'b.near', 'c.near']);
    assert.equal(changed, 1);
    // Within the interval, asking again (as the re-asked hints do) sends nothing.
    b.want(['a.near', 'b.near', 'c.near']);
    await t.advance(150);
    assert.equal(loads.length, 3);
    assert.equal(t.live, 0, 'no timer left');
    // After the interval, once more.
    await t.advance(60_000);
    b.want(['a.near']);
    await t.advance(150);
    await b.running;
    assert.equal(loads.length, 4);
  });

  it('runs one batch at a time, a bounded number of loads at once, and swallows failures without retrying them', async () => {
    const t = fakeTime();
    let inFlight = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    let changed = 0;
    const b = new BalanceBatcher({
      load: (id) => {
        inFlight++;
        most = Math.max(most, inFlight);
        return new Promise<void>((resolve, reject) =>
          gates.push(() => {
            inFlight--;
            if (id.startsWith('bad')) reject(new Error('no answer'));
            else resolve();
          }),
        );
      },
      onLoaded: () => changed++,
      concurrency: 2,
      setTimer: t.setTimer,
      now: t.now,
    });
    b.want(['bad1.near', 'bad2.near', 'ok.near']);
    await t.advance(150);
    assert.equal(most, 2);
    b.want(['late.near']); // arrives during the batch: waits for the next one
    await t.advance(150);
    assert.equal(b.requests, 2);
    while (gates.length > 0) {
      gates.shift()?.();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    await b.running;
    assert.equal(changed, 1, 'ok.near loaded');
    await t.advance(150);
    while (gates.length > 0) {
      gates.shift()?.();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    await b.running;
    assert.equal(b.requests, 4);
    b.want(['bad1.near']); // failed a moment ago: not asked again within the interval
    await t.advance(150);
    assert.equal(b.requests, 4);
  });

  it('with more ids than it remembers, never loops: each id at most once per interval, the rest wait', async () => {
    const t = fakeTime();
    const loads: string[] = [];
    const ids = Array.from({ length: 600 }, (_, i) => `a${i}.near`);
    let changed = 0;
    const b = new BalanceBatcher({
      load: async (id) => void loads.push(id),
      // As VS Code does: the hints are asked for again, and they ask for every id in view again.
      onLoaded: () => {
        changed++;
        b.want(ids);
      },
      maxIds: 500,
      setTimer: t.setTimer,
      now: t.now,
    });
    b.want(ids);
    for (let i = 0; i < 40; i++) {
      await t.advance(150);
      await b.running;
    }
    assert.equal(loads.length, 500, 'the first 500, once each');
    assert.equal(new Set(loads).size, 500);
    assert.equal(changed, 1);
    await t.advance(60_000); // an interval later the rest get their turn
    b.want(ids);
    for (let i = 0; i < 5; i++) {
      await t.advance(150);
      await b.running;
    }
    assert.ok(loads.length <= 1000 && loads.length > 500, `${loads.length}`);
  });

  it('sends nothing and leaves no timer after dispose', async () => {
    const t = fakeTime();
    const loads: string[] = [];
    const b = new BalanceBatcher({ load: async (id) => void loads.push(id), onLoaded: () => undefined, setTimer: t.setTimer, now: t.now });
    b.want(['a.near']);
    b.dispose();
    assert.equal(t.live, 0);
    b.want(['b.near']);
    await t.advance(1000);
    assert.deepEqual(loads, []);
  });
});

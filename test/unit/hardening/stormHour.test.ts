// Hardening, the long outage (#19): one simulated hour of NEAR Lens watching 50 accounts with a 30 s auto-refresh,
// hovered every 20 s, with a balance panel refreshed every 2 min, against the loopback stub going through 429 storms
// (Retry-After 1–120 s, in seconds and as HTTP dates), 503s and gateway pages, connection resets, 10 s stalls and HTML
// pages, then recovering. The whole extension runs under the fake editor on a fake clock (test/support/stormHour.ts,
// test/support/fakeClock.ts): the hour takes real seconds, each wait its exact fake milliseconds. The figures are
// printed; each `it` checks one promise of issue #19 against them.
import { strict as assert } from 'node:assert';
import { DEFAULT_TIMEOUT_MS } from '../../../src/client/transport';
import { REST_OUTAGE, runStormHour, STORM_HOUR } from '../../support/stormHour';
import type { StormReport } from '../../support/stormHour';
import { formatTable } from './harness';

const HEAP_AT = [5, 15, 30, 45, 60];
/**
 * Heap growth allowed over the hour: gc noise and warm-up, while a leak of 2 KB per request (~4,700 sent: one kept
 * response body per read) would show. Leak-free hours measured 0.6–3.4 MB alone and up to 4.9 MB inside the full unit
 * run on a loaded 2-core machine (code compiled for the later phases lands in the heap), so 4 MB failed without a leak.
 */
const HEAP_GROWTH_MB = 8;

const s = (ms: number): string => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;

function print(r: StormReport): void {
  const rows = r.phases.map((p) => [
    p.name,
    `${p.fromMin}–${p.toMin}`,
    String(p.sent),
    `${p.minPerMinute}–${p.maxPerMinute}`,
    String(p.bound),
    String(p.answered429),
    `${p.stale} / ${p.fresh} (${p.fromRpc} from RPC) / ${p.refreshing}`,
    `${p.staleSeen} / ${p.fromRpcSeen}`,
  ]);
  const lines = [
    '',
    `Storm hour: ${r.accounts} accounts, auto-refresh every ${r.intervalSeconds} s, ${r.sent} requests sent in the hour (${(r.realMs / 1000).toFixed(1)} s real)`,
    formatTable(
      [
        'phase',
        'minutes',
        'sent',
        'per minute',
        'bound/min',
        '429s',
        'tree at the end: stale / fresh (from RPC) / loading',
        'most in a minute: stale / from RPC',
      ],
      rows,
      44,
    ),
    `Bound per minute: ${r.bounds.faults} (faults), ${r.bounds.rateLimit} (429 storm) = ${r.bounds.why}.`,
    `Per minute: ${r.perMinute.join(' ')}`,
    `429s answered: ${r.rateLimits.answered} (${r.rateLimits.seconds} in seconds, ${r.rateLimits.dates} as HTTP dates, waits ${r.rateLimits.minWaitS}–${r.rateLimits.maxWaitS} s); requests sent before their Retry-After passed: ${r.earlySends.length}`,
    `Hovers: ${r.hovers.total} (${r.hovers.fresh} fresh of which ${r.hovers.fromRpc} from RPC, ${r.hovers.stale} stale: ${Object.entries(r.hovers.staleReasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `Panel refreshes: ${r.panel.refreshes} (${r.panel.fresh} fresh, ${r.panel.stale} stale; its time is up to ${s(r.panel.maxLagMs)} after the /full answer)`,
    `Recovery: healthy and every Retry-After passed at ${s(r.recovery.atMs)}; every account fresh ${r.recovery.lastFreshAfterMs > 0 ? `${s(r.recovery.lastFreshAfterMs)} later` : `by then (${s(-r.recovery.lastFreshAfterMs)} before)`} (interval ${r.intervalSeconds} s)`,
    `After deactivate: ${r.afterDispose.intervals} intervals, ${r.afterDispose.timers} one-shot timers (per-attempt timeouts) gone in ${s(r.afterDispose.drainedInMs)}, ${r.afterDispose.timersLeft} left, ${r.afterDispose.sent} requests`,
    `Heap after gc (MB): ${r.heapMB.map(([m, mb]) => `${m} min ${mb.toFixed(2)}`).join(', ')}`,
    `Unhandled rejections: ${r.unhandled.length}; problems: ${r.problems.length}`,
    '',
  ];
  console.log(lines.join('\n').replace(/^/gm, '      '));
}

describe('hardening: an hour of storms on a fake clock (50 accounts, 30 s auto-refresh, hovers, panel)', function () {
  // Fake time: the hour's waits cost nothing; what remains is the real work of ~5,000 requests and ~120 refresh rounds.
  this.timeout(600_000);
  let r: StormReport;

  before(async () => {
    r = await runStormHour({ phases: STORM_HOUR, heapAtMinutes: HEAP_AT });
    print(r);
  });

  it('stays under the bound of requests per minute in every phase, and sends nothing before a Retry-After has passed', () => {
    for (const p of r.phases) assert.ok(p.maxPerMinute <= p.bound, `${p.name}: ${p.maxPerMinute} requests in a minute, bound ${p.bound}`);
    assert.deepEqual(r.earlySends, [], 'requests sent while a Retry-After had not passed');
    // The storms did what they say: both forms, the whole range, and they held the origin.
    assert.ok(r.rateLimits.seconds > 0 && r.rateLimits.dates > 0, 'Retry-After in both forms');
    assert.ok(r.rateLimits.minWaitS <= 1 && r.rateLimits.maxWaitS === 120, `waits ${r.rateLimits.minWaitS}–${r.rateLimits.maxWaitS} s`);
    for (const p of r.phases.filter((x) => x.kind === 'rate-limit')) assert.ok(p.answered429 > 0, `${p.name}: no 429 was met`);
  });

  it('keeps the last good figures in the tree, hovers and the panel, marked stale with the time and the reason', () => {
    assert.deepEqual(r.problems, []);
    // Staleness was really shown, on every surface: after a 429 storm no account is shown fresh from the REST API, each
    // is stale in the tree — or read over RPC and said so (#26: the REST API's 429 cooldown falls back to the RPC host,
    // which may answer a moment) — or in the middle of a refresh round at that instant (it keeps its stale figures).
    for (const p of r.phases.filter((x) => x.kind === 'rate-limit')) {
      assert.ok(p.stale > 0, `${p.name}: no account stale at its end`);
      assert.equal(p.fresh - p.fromRpc, 0, `${p.name}: fresh from the REST API at its end`);
    }
    // …or, where a failing REST API met a healthy moment of the RPC host, fresh from RPC and said so (#26). Counted each
    // minute: a phase of stalls may end with every retry through (an account is stale there when 3 attempts stall).
    for (const p of r.phases.filter((x) => x.kind === 'faults'))
      assert.ok(p.staleSeen > 0 || p.fromRpcSeen > 0, `${p.name}: no account seen stale or read over RPC in any minute`);
    assert.ok(r.hovers.stale > 0 && r.hovers.staleReasons['rate limited']! > 0, 'hovers showed stale figures with the rate limit');
    assert.ok(r.panel.stale > 0 && r.panel.fresh > 0, 'the panel was seen stale and fresh');
  });

  it('after recovery, every account is fresh again within one refresh interval', () => {
    assert.deepEqual(r.recovery.notFresh, []);
    assert.ok(r.recovery.lastFreshAfterMs <= r.intervalSeconds * 1000, `the last account was fresh ${s(r.recovery.lastFreshAfterMs)} after recovery`);
    const last = r.phases.at(-1)!;
    assert.equal(last.fresh, r.accounts, 'every account fresh at the end');
  });

  it("watched accounts' changes (#34): no alert from a failed or stale read, never one twice, none lost when the service comes back", () => {
    assert.deepEqual(r.watch.alertsBeforeRecovery, [], 'nothing changed before the recovery: no alert');
    assert.ok(r.watch.expected.length > 0);
    assert.deepEqual(r.watch.keyAlerts, r.watch.expected, 'one key alert per account that gained the key');
    assert.deepEqual(r.watch.keyChanges, r.watch.expected, "each one's Changes lists the new key");
  });

  it('leaves no unhandled rejection, no timer after deactivate, and a bounded heap', () => {
    assert.deepEqual(r.unhandled, []);
    assert.equal(r.afterDispose.intervals, 0, 'the auto-refresh interval is cleared on deactivate');
    assert.ok(r.afterDispose.drainedInMs <= DEFAULT_TIMEOUT_MS, `one-shot timers outlived deactivate by ${s(r.afterDispose.drainedInMs)}`);
    assert.equal(r.afterDispose.timersLeft, 0);
    assert.equal(r.afterDispose.sent, 0, 'nothing was sent after deactivate');
    assert.equal(r.heapMB.length, HEAP_AT.length);
    const mb = r.heapMB.map(([, v]) => v);
    const growth = mb.at(-1)! - mb[0]!;
    assert.ok(growth <= HEAP_GROWTH_MB, `heap grew ${growth.toFixed(2)} MB from minute 5 to 60`);
    assert.ok(Math.max(...mb) - mb[0]! <= HEAP_GROWTH_MB, `heap peaked ${(Math.max(...mb) - mb[0]!).toFixed(2)} MB above minute 5`);
  });
});

describe('hardening: the REST API down for ten minutes, the RPC host healthy (#26)', function () {
  this.timeout(600_000);
  let r: StormReport;

  before(async () => {
    r = await runStormHour({ phases: REST_OUTAGE });
    print(r);
  });

  it('hovers, the tree and the panel keep showing fresh native balances throughout, from RPC, said so', () => {
    assert.deepEqual(r.problems, []);
    const down = r.phases[1]!;
    assert.equal(down.stale, 0, 'no account stale at the end of the outage');
    assert.equal(down.fresh, r.accounts);
    assert.equal(down.fromRpc, r.accounts, 'every account read over RPC at the end of the outage');
    assert.equal(r.hovers.stale, 0, 'no hover stale');
    assert.ok(r.hovers.fromRpc > 0, 'hovers said the state came from RPC');
    assert.equal(r.panel.stale, 0);
    assert.ok(r.panel.fromRpc > 0, 'the panel said the state came from RPC');
  });

  it('recovers: REST answers again within one refresh interval of the outage ending', () => {
    assert.equal(r.phases[2]!.fromRpc, 0, 'after the recovery nothing is read over RPC any more');
    assert.equal(r.phases[2]!.fresh, r.accounts);
  });

  it('never a retry storm: the outage costs no more requests per minute than the healthy minutes plus one REST probe per cooldown', () => {
    const [healthy, down] = r.phases;
    const perMin = (p: typeof healthy): number => p!.sent / (p!.toMin - p!.fromMin);
    assert.ok(perMin(down) <= 1.5 * perMin(healthy), `${perMin(down)} requests a minute down vs ${perMin(healthy)} healthy`);
  });
});

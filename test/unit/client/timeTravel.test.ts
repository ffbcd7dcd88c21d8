// Time travel on the client against the stub's model chain (src/client/timeTravel.ts, the time-travel lazy part
// and the History view model): an account at a height, a hash or a date; "did not exist yet"; a future date and an
// unknown hash without a request storm; balance history with bounded concurrency, reused blocks and cached points.
import { strict as assert } from 'node:assert';
import { parseAt } from '../../../src/near/time/parseAt';
import { changeSince } from '../../../src/near/time/balancesAt';
import { TtlCache } from '../../../src/client/cache';
import { balanceHistory, TimeTravelSession } from '../../../src/client/timeTravel';
import { buildHistoryModel } from '../../../src/features/timeTravel/model/historyModel';
import { accountAtText, atFromArgs, historyModel, lookupAt } from '../../../src/features/timeTravel/timeTravel';
import { isHistoryHostMessage, isHistoryViewModel } from '../../../src/features/timeTravel/guards';
import { isHistoryRequest } from '../../../src/features/timeTravel/protocol';
import { accountAt, blockHash, CHAIN_ACCOUNT, CHAIN_ACCOUNT_CREATED, headHeight, timestampAt } from '../../support/chain';
import { clientFor } from '../../support/fixture';
import { startStub, STUB_GC_WINDOW } from '../../support/stub';
import type { Stub } from '../../support/stub';

const NOW = new Date('2026-11-01T00:00:00Z');
const HEAD = headHeight(NOW);
const blockCalls = (stub: Stub): number => stub.requests.filter((r) => (r.body as { method?: string } | undefined)?.method === 'block').length;

describe('time travel on the client (model chain stub)', () => {
  let stub: Stub;
  before(async () => {
    stub = await startStub({ chain: { now: () => NOW } });
  });
  after(async () => {
    await stub.close();
  });
  afterEach(() => stub.clearRequests());

  it('looks an account up at a height: exact amounts, the block and its time; old blocks from archival', async () => {
    const h = CHAIN_ACCOUNT_CREATED + 3_000_000;
    const r = await lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt(String(h), NOW));
    const want = accountAt(CHAIN_ACCOUNT, h)!;
    assert.equal(r.blockHeight, h);
    assert.equal(r.amount, want.amount);
    assert.equal(r.locked, want.locked);
    assert.equal(r.total, (BigInt(want.amount) + BigInt(want.locked)).toString());
    assert.equal(r.storageUsage, want.storage_usage);
    assert.equal(r.blockTimeNs, timestampAt(h).toString());
    assert.equal(r.host, 'archival', 'GC’d on the regular host');
    assert.match(r.asOf, /^as of block #123,000,000 \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    assert.match(
      accountAtText(r, 2),
      /^timetravel\.near as of block #123,000,000 .*: total [\d,.]+ NEAR \(balance .* locked .*\), storage [\d,]+ bytes, 0 access keys\.$/,
    );
    const recent = await lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt(String(HEAD - 10), NOW));
    assert.equal(recent.host, 'regular', 'a recent block from the regular host');
  });

  it('looks an account up by block hash, and at a date: the last block at or before it, ≤ 30 block look-ups', async () => {
    const byHash = await lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt(blockHash(HEAD - 500_000), NOW));
    assert.equal(byHash.blockHeight, HEAD - 500_000);
    stub.clearRequests();
    const date = new Date('2026-06-01T12:00:00Z');
    const r = await lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, atFromArgs({ date: '2026-06-01 12:00 UTC' }, NOW));
    assert.equal(r.blockHeight, headHeight(date));
    assert.ok(BigInt(r.blockTimeNs) <= BigInt(date.getTime()) * 1_000_000n);
    assert.ok(blockCalls(stub) <= 30, `${blockCalls(stub)} block look-ups`);
    assert.equal(r.amount, accountAt(CHAIN_ACCOUNT, r.blockHeight)!.amount);
  });

  it('says the account did not exist yet at that block', async () => {
    await assert.rejects(
      lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt(String(CHAIN_ACCOUNT_CREATED - 1), NOW)),
      /^NearLensError: timetravel\.near did not exist yet at block #119,999,999 \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\.$/,
    );
  });

  it('refuses a future date, an unknown hash and a skipped height with one clear message and at most a look-up or two', async () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    await assert.rejects(lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt('2026-11-02', later)), /is in the future: the latest block is #/);
    assert.ok(stub.requests.length <= 1, `${stub.requests.length} requests`);
    stub.clearRequests();
    const unknown = blockHash(HEAD + 1_000_000);
    await assert.rejects(lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt(unknown, NOW)), /No block has the hash \S+\.$/);
    assert.equal(stub.requests.length, 1);
    await assert.rejects(
      lookupAt(clientFor(stub), 'custom', CHAIN_ACCOUNT, parseAt('100000002', NOW)),
      /There is no block #100,000,002 \(skipped, or after the latest\)\.$/,
    );
    assert.throws(() => atFromArgs({ blockId: 5, date: '2025-01-01' }), /one of them/);
    assert.throws(() => atFromArgs({ date: '187310138' }), /one of them/);
  });

  it('loads a balance history: evenly spaced blocks, bounded concurrency, gaps with a reason; a second open asks nothing', async () => {
    const session = new TimeTravelSession();
    const shared = new TtlCache();
    const client = clientFor(stub, { cache: shared });
    let inFlight = 0;
    let most = 0;
    const progress: string[] = [];
    // Count view_account calls in flight through the client (the stub answers at once; the bound is the loader's).
    const view = client.rpc.viewAccount.bind(client.rpc);
    client.rpc.viewAccount = async (...args) => {
      most = Math.max(most, ++inFlight);
      try {
        return await view(...args);
      } finally {
        inFlight--;
      }
    };
    const { rows, blockRequests } = await balanceHistory(client, session, CHAIN_ACCOUNT, '30d', 0, {
      count: 30,
      concurrency: 4,
      onProgress: (phase, d, t) => progress.push(`${phase} ${d}/${t}`),
    });
    assert.equal(rows.length, 30);
    assert.ok(most <= 4 && most >= 2, `at most 4 at once (${most})`);
    assert.deepEqual(progress, [
      ...Array.from({ length: 30 }, (_, i) => `blocks ${i + 1}/30`),
      ...Array.from({ length: 30 }, (_, i) => `balances ${i + 1}/30`),
    ]);
    assert.ok(blockRequests > 0);
    assert.equal(shared.size, 0, 'the blocks and balances of a History stay in the session, out of the cache hovers share');
    for (const r of rows) {
      assert.ok('value' in r && r.height !== undefined, 'every point loads');
      const want = accountAt(CHAIN_ACCOUNT, r.height)!;
      assert.equal(r.value.total, BigInt(want.amount) + BigInt(want.locked));
    }
    stub.clearRequests();
    const again = await balanceHistory(client, session, CHAIN_ACCOUNT, '30d', 0, { count: 30 });
    assert.equal(stub.requests.length, 0, 'the same range again: blocks reused, points cached');
    assert.deepEqual(
      again.rows.map((r) => r.height),
      rows.map((r) => r.height),
    );
  });

  it('builds the History view model: exact change since each point, gaps with their reason, a valid message', async () => {
    const m = await historyModel(clientFor(stub), 'custom', CHAIN_ACCOUNT, '1y', 5);
    assert.ok(isHistoryViewModel(m));
    assert.ok(isHistoryHostMessage({ type: 'history', data: m }));
    assert.equal(m.rangeLabel, '1 year');
    const loaded = m.points.filter((p) => !p.gap);
    assert.ok(loaded.length >= 12);
    const lastLoaded = loaded.at(-1)!;
    assert.equal(lastLoaded.changeTotal, '0');
    assert.match(m.now, /NEAR$/);
    // Before the account existed (a year back from the model head is after creation, so a range that starts before it):
    const rows = [
      {
        at: new Date(0),
        height: CHAIN_ACCOUNT_CREATED - 5,
        timestampNs: timestampAt(CHAIN_ACCOUNT_CREATED - 5).toString(),
        gap: 'not-yet' as const,
        reason: 'did not exist yet at block #119,999,995 (…)',
      },
      { at: new Date(1), height: 1, timestampNs: '1000000', value: { total: 10n ** 24n + 5n, locked: 0n, storage: 100 } },
      { at: new Date(2), height: 2, timestampNs: '2000000', value: { total: 2n * 10n ** 24n, locked: 10n ** 24n, storage: 90 } },
    ];
    const v = buildHistoryModel('a.near', '7d', rows, 2);
    assert.equal(v.points[0]!.gap, 'did not exist yet at block #119,999,995 (…)');
    assert.equal(v.points[0]!.total, '');
    const c = changeSince(rows[1]!.value!, rows[2]!.value!);
    assert.equal(c.total, '+999999999999999999999995');
    assert.equal(v.points[1]!.changeTotal, '+999999999999999999999995');
    assert.equal(v.points[1]!.changeLocked, '+1000000000000000000000000');
    assert.equal(v.points[1]!.changeStorage, '-10');
    assert.equal(v.points[1]!.y, 0, 'each line on its own scale');
    assert.deepEqual([v.top, v.bottom, v.lockedTop, v.lockedBottom], ['2 NEAR', '1 NEAR', '1 NEAR', '0 NEAR']);
    // Every point a gap: no "now" (so no chart whose scale would read 0 NEAR), a note that says so.
    const none = buildHistoryModel('a.near', '30d', [{ at: new Date(0), gap: 'failed' as const, reason: 'Rate limited.' }], 2);
    assert.equal(none.now, '');
    assert.equal(none.note, 'No point of the last 30 days has figures; try again in a moment.');
    assert.equal(v.points[1]!.yLocked, 0);
    assert.equal(v.points[2]!.y, 1);
    assert.equal(v.note, '1 of 3 points have no figures (hover a gap for its reason).');
  });

  it('reads a regular-host GC window the same as the stub (sanity)', () => {
    assert.equal(STUB_GC_WINDOW, 100_000);
  });
});

describe('time travel: History protocol guards', () => {
  it('accepts exactly a range request from the webview', () => {
    assert.ok(isHistoryRequest({ type: 'history', range: '7d' }));
    for (const bad of [
      { type: 'history' },
      { type: 'history', range: '2d' },
      { type: 'history', range: '7d', extra: 1 },
      Object.create({ type: 'history', range: '7d' }),
    ]) {
      assert.ok(!isHistoryRequest(bad), JSON.stringify(bad));
    }
  });

  it('checks the host messages: progress counts, error text, a model with points in range', () => {
    assert.ok(isHistoryHostMessage({ type: 'historyProgress', range: '1y', phase: 'blocks', done: 3, total: 24 }));
    assert.ok(!isHistoryHostMessage({ type: 'historyProgress', range: '1y', phase: 'later', done: 3, total: 24 }));
    assert.ok(isHistoryHostMessage({ type: 'historyError', range: '30d', message: 'no' }));
    assert.ok(!isHistoryHostMessage({ type: 'historyProgress', range: '1y', phase: 'balances', done: -1, total: 24 }));
    assert.ok(!isHistoryHostMessage({ type: 'historyProgress', range: '1y', phase: 'balances', done: 1.5, total: 24 }));
    assert.ok(!isHistoryHostMessage({ type: 'historyError', range: '30d', message: 5 }));
    const model = buildHistoryModel('a.near', '7d', [{ at: new Date(1), height: 1, timestampNs: '1000000', value: { total: 1n, locked: 0n } }], 5);
    assert.ok(isHistoryHostMessage({ type: 'history', data: model }));
    const bad = { ...model, points: [{ ...model.points[0]!, y: 2 }] };
    assert.ok(!isHistoryHostMessage({ type: 'history', data: bad }));
    assert.ok(!isHistoryHostMessage({ type: 'history', data: { ...model, points: Array(31).fill(model.points[0]) } }));
  });
});

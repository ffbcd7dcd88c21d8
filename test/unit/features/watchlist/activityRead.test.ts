// The watchlist's activity glue, pure parts: one refresh's read of a watched contract against the loopback stub (whose
// history grows between refreshes, with the service's filters and inclusive block range) and against the in-memory
// service; a failed, refused or rate-limited read never "no activity"; more than 20 new counted; the state as the
// Memento keeps it; and, as a property over random arrivals and failures, every call after the first read noticed or
// counted exactly once.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  applyActivity,
  activityStateOf,
  EMPTY_STATE,
  MAX_SAID,
  readActivity,
  seenActivity,
  withSaid,
} from '../../../../src/features/watchlist/model/activityRead';
import type { ActivityState, ActivityStep } from '../../../../src/features/watchlist/model/activityRead';
import { failedCallsId } from '../../../../src/features/watchlist/model/activity';
import type { ActivityGroup } from '../../../../src/features/watchlist/model/activity';
import { DEFAULT_ACTIVITY_SETTINGS } from '../../../../src/platform/settings';
import type { ActivitySettings } from '../../../../src/platform/settings';
import type { TransactionModel } from '../../../../src/client/transactions/model';
import type { AccountTxRow } from '../../../../src/client/transactions/types';
import type { Stub } from '../../../support/stub';
import { eventLog } from '../../../support/stubActivity';
import { clientFor, useStub } from '../../../support/fixture';
import { fakeTxService } from '../../../support/fakeTxService';
import type { FakeTx } from '../../../support/fakeTxService';

const C = 'game.near';
const WATCH: ActivitySettings = { failedCalls: true, methods: { '*': ['upgrade'] }, events: ['nep141:ft_burn'] };
const NOW = Date.now();

/** The state after a step that must change it. */
function applied(state: ActivityState | undefined, step: ActivityStep): ActivityState {
  const next = applyActivity(state, step);
  assert.ok(next, `the ${step.kind} step changes the state`);
  return next;
}

describe('watchlist activity: one refresh’s read, against the stub', function () {
  this.timeout(10_000);
  let stub: Stub;
  const getStub = useStub();
  before(() => {
    stub = getStub();
  });
  const txBodies = (path: string): Array<Record<string, unknown>> =>
    stub.requests.filter((r) => r.host === 'tx' && r.path === path).map((r) => r.body as Record<string, unknown>);

  it('first read records where to start and reports nothing; then a failed call, a watched method and an event, each once', async () => {
    const client = clientFor(stub);
    stub.appendCall({ contract: C, method: 'l2_claim' }); // old history: never reported
    const first = await readActivity(client, C, undefined, WATCH, NOW);
    assert.equal(first.kind, 'cursor');
    let state = applied(undefined, first);
    assert.equal(state.cursor?.kind, 'row');
    assert.deepEqual(state.report.groups, []);
    assert.deepEqual(txBodies('/v0/account'), [{ account_id: C, limit: 20, is_function_call: true }]);
    assert.deepEqual(txBodies('/v0/transactions'), [], 'a first read reads no records');

    stub.clearRequests();
    const failed = stub.appendCall({ contract: C, method: 'l2_claim', panic: 'claim is not ready yet' });
    const upgrade = stub.appendCall({ contract: C, method: 'upgrade', signer: 'mallory.near' });
    const burn = stub.appendCall({
      contract: C,
      method: 'burn',
      logs: [
        eventLog('nep141', 'ft_burn', [
          { owner_id: 'alice.near', amount: '1000000000000000000000001' },
          { owner_id: 'bob.near', amount: '2' },
        ]),
      ],
    });
    stub.appendCall({ contract: 'other.near', method: 'upgrade' }); // another contract's call
    const second = await readActivity(client, C, state.cursor, WATCH, NOW);
    assert.equal(second.kind, 'read');
    const height = state.cursor?.kind === 'row' ? Number(state.cursor.blockHeight) : NaN;
    assert.deepEqual(
      txBodies('/v0/account'),
      [{ account_id: C, limit: 20, is_function_call: true, from_tx_block_height: height }],
      'inclusive from the last row',
    );
    const batches = txBodies('/v0/transactions');
    assert.equal(batches.length, 1, 'one batch');
    assert.deepEqual(new Set(batches[0]?.['tx_hashes'] as string[]), new Set([failed, upgrade, burn]));
    state = applied(state, second);
    const byKind = Object.fromEntries(state.report.groups.map((g) => [g.kind, g]));
    assert.deepEqual(
      [byKind['failed-calls']?.kind === 'failed-calls' && [byKind['failed-calls'].method, byKind['failed-calls'].message, byKind['failed-calls'].errorKind]],
      [['l2_claim', 'claim is not ready yet', 'panic']],
      'the failure model names the kind and the contract’s own words',
    );
    const m = byKind['method-called'];
    assert.deepEqual(m?.kind === 'method-called' && [m.method, m.callers, m.succeeded, m.transactions], ['upgrade', ['mallory.near'], 1, [upgrade]]);
    const e = byKind['event'];
    assert.deepEqual(
      e?.kind === 'event' && [e.standard, e.event, e.count, e.total],
      ['nep141', 'ft_burn', 1, '1000000000000000000000003'],
      'amounts summed exactly',
    );

    // Nothing new: the same cursor, nothing to store, no records read.
    stub.clearRequests();
    const third = await readActivity(client, C, state.cursor, WATCH, NOW);
    assert.equal(third.kind, 'cursor');
    assert.equal(applyActivity(state, third), undefined);
    assert.deepEqual(txBodies('/v0/transactions'), []);
  });

  it('a refused, rate-limited or failed read is never "no activity": the next asks again from the same row, nothing counted twice', async () => {
    const client = clientFor(stub, { retries: 0 });
    const C2 = 'flaky.near';
    stub.appendCall({ contract: C2, method: 'ping' });
    let state = applied(undefined, await readActivity(client, C2, undefined, WATCH, NOW));
    const from = state.cursor;
    stub.appendCall({ contract: C2, method: 'l2_claim', panic: 'boom' });
    stub.fault({ host: 'tx', match: '/v0/account', fault: { kind: 'status', status: 429, body: { error: 'Too Many Requests' } }, times: 1 });
    const limited = await readActivity(client, C2, from, WATCH, NOW);
    assert.equal(limited.kind, 'retry');
    assert.equal(applyActivity(state, limited), undefined);
    stub.fault({ host: 'tx', match: '/v0/transactions', fault: { kind: 'status', status: 503 }, times: 1 });
    const failed = await readActivity(client, C2, from, WATCH, NOW);
    assert.deepEqual(failed.kind === 'retry' && [failed.reason, typeof failed.error], ['failed', 'string']);
    stub.fault({ host: 'tx', match: '/v0/account', fault: { kind: 'html', status: 200 }, times: 1 });
    assert.equal((await readActivity(client, C2, from, WATCH, NOW)).kind, 'retry', 'an HTML page is no answer');
    state = applied(state, await readActivity(client, C2, from, WATCH, NOW));
    assert.deepEqual(
      state.report.groups.map((g) => [g.kind, g.count]),
      [['failed-calls', 1]],
    );
    assert.equal(applyActivity(state, await readActivity(client, C2, state.cursor, WATCH, NOW)), undefined, 'read once');
  });

  it('more than 20 new: the newest 20 read in one batch, the rest counted ("and 57 more")', async () => {
    const client = clientFor(stub);
    const C3 = 'busy.near';
    stub.appendCall({ contract: C3, method: 'ping' });
    const state = applied(undefined, await readActivity(client, C3, undefined, WATCH, NOW));
    for (let i = 0; i < 77; i++) stub.appendCall({ contract: C3, method: 'l2_claim', panic: `no ${i}` });
    stub.clearRequests();
    const step = await readActivity(client, C3, state.cursor, WATCH, NOW);
    assert.equal(step.kind, 'read');
    assert.equal(txBodies('/v0/transactions').length, 1);
    assert.equal((txBodies('/v0/transactions')[0]?.['tx_hashes'] as string[]).length, 20);
    const next = applied(state, step);
    assert.deepEqual(next.unread, { count: 57, atLeast: false });
    assert.equal(next.report.groups.length, 20);
    assert.ok(
      next.report.groups.every((g) => g.kind === 'failed-calls' && /^no (5[7-9]|6\d|7[0-6])$/.test(g.message)),
      'the newest 20',
    );
  });
});

/** A call to C in the in-memory service: failed with its own message, so each is its own group. */
function call(i: number, height: number, txIndex: number): FakeTx {
  const row: AccountTxRow = {
    hash: `call-${i}`,
    blockHeight: String(height),
    timestamp: String(1_771_000_000_000_000_000n + BigInt(i) * 1_000_000_000n),
    txIndex,
    isSigner: false,
    isReceiver: true,
    isFunctionCall: true,
    isSuccess: false,
  };
  const model: TransactionModel = {
    hash: row.hash,
    signerId: 'alice.near',
    receiverId: C,
    publicKey: 'ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd',
    nonce: '1',
    status: 'failure',
    failure: `Smart contract panicked: n${i}`,
    blockHash: 'x',
    blockHeight: row.blockHeight,
    timestamp: row.timestamp,
    gasBurnt: '0',
    tokensBurnt: '0',
    actions: [],
    receipts: [
      {
        id: `r${i}`,
        predecessorId: 'alice.near',
        receiverId: C,
        status: 'failure',
        failure: `Action #0: Smart contract panicked: n${i}`,
        gasBurnt: '0',
        tokensBurnt: '0',
        logs: [],
        events: [],
        actions: [
          { kind: 'FunctionCall', methodName: 'l2_claim', args: '', gas: '0', deposit: '0', summary: 'l2_claim' } as TransactionModel['actions'][number],
        ],
        refund: false,
        timestamp: row.timestamp,
      },
    ],
  };
  return { ...row, model };
}

describe('watchlist activity: one refresh’s read, in memory', () => {
  it('property: over random arrivals and read failures, every call after the first read is noticed or counted once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(fc.record({ arrive: fc.integer({ min: 0, max: 30 }), sameBlock: fc.boolean() }), fc.record({ fail: fc.integer({ min: 0, max: 2 }) })),
          {
            maxLength: 25,
          },
        ),
        async (steps) => {
          const service = fakeTxService([]);
          let n = 0;
          let height = 100;
          let index = 0;
          // A call in the block of the last one comes after it (a row that arrives late below the cursor is the
          // cursor's documented limit, not this property's).
          const arrive = (k: number, same: boolean): void => {
            for (let i = 0; i < k; i++) {
              if (!same || i > 0) [height, index] = [height + 1, 0];
              else index += 1;
              service.append(call(n++, height, index));
            }
          };
          arrive(2, false);
          let state: ActivityState | undefined;
          let before = -1;
          const refresh = async (): Promise<ActivityStep['kind']> => {
            const step = await readActivity(service, C, state?.cursor, DEFAULT_ACTIVITY_SETTINGS, NOW);
            if (state === undefined && step.kind === 'cursor') before = n;
            const next = applyActivity(state, step);
            if (next) state = next;
            return step.kind;
          };
          for (const s of steps) {
            if ('arrive' in s) arrive(s.arrive, s.sameBlock);
            else {
              service.failNext(s.fail);
              await refresh();
            }
          }
          // The refreshes are allowed to finish: the service answers again, until nothing is new.
          service.failNext(0);
          for (let i = 0; i < 100 && ((await refresh()) !== 'cursor' || state === undefined); i++);
          assert.ok(state);
          const r = state.report;
          const noticed = r.groups.reduce((s, g) => s + g.count, 0) + r.dropped['failed-calls'];
          const hashes = r.groups.flatMap((g) => g.transactions);
          assert.equal(new Set(hashes).size, hashes.length, 'no call noticed twice');
          assert.ok(
            hashes.every((h) => Number(h.slice(5)) >= before),
            'none from before the first read',
          );
          assert.equal(noticed + state.unread.count, n - before, 'every later call noticed or counted');
          assert.equal(state.unread.atLeast, false);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('watchlist activity: the state the Memento keeps', () => {
  const group: ActivityGroup = {
    kind: 'failed-calls',
    id: failedCallsId('m', 'x'),
    method: 'm',
    message: 'x',
    errorKind: 'panic',
    count: 2,
    firstAt: '1',
    lastAt: '2',
    transactions: ['h1'],
  };
  const state: ActivityState = {
    cursor: { kind: 'row', blockHeight: '185570074', txIndex: 2, atHeight: 1 },
    report: { groups: [group], dropped: { 'failed-calls': 3, 'method-called': 0, event: 0 } },
    unread: { count: 57, atLeast: false },
  };

  it('reads back what it wrote (through JSON), and drops what this version did not write', () => {
    assert.deepEqual(activityStateOf(JSON.parse(JSON.stringify(state))), state);
    assert.equal(activityStateOf('x'), undefined);
    const junk = activityStateOf({
      cursor: { kind: 'row', blockHeight: 5 },
      report: { groups: [{ ...group, count: -1 }, { kind: 'nope' }, group], dropped: { event: 'x' } },
    });
    assert.deepEqual(junk, { report: { groups: [group], dropped: { 'method-called': 0, event: 0, 'failed-calls': 0 } }, unread: { count: 0, atLeast: false } });
  });

  it('Mark as Seen keeps the cursor and clears the rest; a step from a cursor the state no longer has changes nothing', () => {
    assert.deepEqual(seenActivity(state), { cursor: state.cursor, report: EMPTY_STATE.report, unread: { count: 0, atLeast: false } });
    assert.equal(seenActivity(undefined), undefined);
    const stale: ActivityStep = { kind: 'read', from: { kind: 'empty' }, cursor: { kind: 'empty' }, report: state.report, unread: state.unread };
    assert.equal(applyActivity(state, stale), undefined);
    assert.equal(applyActivity(state, { kind: 'retry', reason: 'failed' }), undefined);
  });

  it('the alerted list keeps every change id and the newest activity ids only', () => {
    const changes = ['["balance","1","2",null,null]'];
    const said = Array.from({ length: MAX_SAID + 10 }, (_, i) => failedCallsId('m', `n${i}`));
    const all = withSaid(changes, said);
    assert.equal(all.length, MAX_SAID + 1);
    assert.equal(all[0], changes[0]);
    assert.equal(all.at(-1), said.at(-1));
    assert.deepEqual(withSaid(['a'], ['a', 'b']), ['a', 'b']);
  });
});

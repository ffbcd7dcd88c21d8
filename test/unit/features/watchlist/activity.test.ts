// What a watched contract's activity says: failed calls grouped by method and message, watched methods with their
// callers and outcomes, watched events with amounts summed exactly; hostile floods cut and capped; at most three
// alerts a refresh, none twice; the merge of refreshes the same as one read (property tests with fast-check).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseJsonExact } from '../../../../src/base/json';
import { fromRecord } from '../../../../src/client/transactions/model';
import type { TxEvent, TxStatus } from '../../../../src/client/transactions/model';
import type { ActionModel } from '../../../../src/client/transactions/actions';
import { activitySettingsOf, DEFAULT_ACTIVITY_SETTINGS } from '../../../../src/platform/settings';
import type { ActivitySettings } from '../../../../src/platform/settings';
import { EMPTY_ACTIVITY, failedCallsId, MAX_GROUPS, mergeActivity, noticeActivity } from '../../../../src/features/watchlist/model/activity';
import { groupLine, pickAlerts } from '../../../../src/features/watchlist/model/activityAlerts';
import type {
  ActivityGroup,
  ActivityReceipt,
  ActivityTransaction,
  EventGroup,
  FailedCallsGroup,
  FailureClassifier,
  MethodCalledGroup,
} from '../../../../src/features/watchlist/model/activity';

const DIR = path.resolve(__dirname, '../../../fixtures/tx');
const fixture = (name: string): ReturnType<typeof fromRecord> => fromRecord(parseJsonExact(readFileSync(path.join(DIR, `${name}.json`), 'utf8')));

const ACC = 'game.hot.tg';
const call = (methodName: string): ActionModel => ({ kind: 'FunctionCall', methodName, args: '', gas: '30000000000000', deposit: '0', summary: methodName });
let receipts = 0;
const receipt = (o: Partial<ActivityReceipt> & { at: string }): ActivityReceipt => ({
  id: `r${receipts++}`,
  predecessorId: 'alice.near',
  receiverId: ACC,
  status: 'success' as TxStatus,
  gasBurnt: '0',
  tokensBurnt: '0',
  logs: [],
  events: [],
  actions: [call('l2_claim')],
  refund: false,
  timestamp: o.at,
  ...o,
});
const failed = (method: string, message: string, at: string, o: Partial<ActivityReceipt> = {}): ActivityReceipt =>
  receipt({ at, status: 'failure', failure: `Action #0: Smart contract panicked: ${message}`, actions: [call(method)], ...o });
const tx = (hash: string, at: string, rs: ActivityReceipt[]): ActivityTransaction => ({ hash, timestamp: at, receipts: rs });
const ev = (standard: string, event: string, data?: unknown): TxEvent => ({ standard, version: '1.0.0', event, ...(data !== undefined && { data }) });
const settings = (o: Partial<ActivitySettings> = {}): ActivitySettings => ({ ...DEFAULT_ACTIVITY_SETTINGS, ...o });
const only = <K extends ActivityGroup['kind']>(gs: readonly ActivityGroup[], kind: K): Array<Extract<ActivityGroup, { kind: K }>> =>
  gs.filter((g): g is Extract<ActivityGroup, { kind: K }> => g.kind === kind);

describe('watchlist activity: what is noticed', () => {
  it('a failed call from a real record: the receipt the contract ran, its method and words, its time exactly', () => {
    const t = fixture('failed-ft-transfer');
    const r = noticeActivity('wrap.near', [t], settings());
    assert.deepEqual(r.groups, [
      {
        kind: 'failed-calls',
        id: failedCallsId('ft_transfer', "Action #0: Smart contract panicked: The account doesn't have enough balance"),
        method: 'ft_transfer',
        message: "Action #0: Smart contract panicked: The account doesn't have enough balance",
        errorKind: 'other',
        count: 1,
        firstAt: '1771105045000123457',
        lastAt: '1771105045000123457',
        transactions: [t.hash],
      },
    ]);
    assert.deepEqual(noticeActivity('bob.near', [t], settings()).groups, [], 'the signer ran only its refund');
    assert.deepEqual(noticeActivity('wrap.near', [t], settings({ failedCalls: false })).groups, [], 'failed calls off');
  });

  it('groups failures by method and message: count, first and latest time, each transaction once', () => {
    const r = noticeActivity(
      ACC,
      [
        tx('B', '300', [failed('l2_claim', 'claim is not ready yet', '301'), failed('l2_claim', 'claim is not ready yet', '302')]),
        tx('A', '100', [failed('l2_claim', 'claim is not ready yet', '101'), failed('l2_claim', 'no such user', '102')]),
        tx('C', '200', [failed('buy', 'claim is not ready yet', '201'), receipt({ at: '202', status: 'failure', failure: 'x', refund: true })]),
      ],
      settings(),
    );
    const g = only(r.groups, 'failed-calls');
    assert.deepEqual(
      g.map((x) => [x.method, x.message.replace('Action #0: Smart contract panicked: ', ''), x.count, x.firstAt, x.lastAt, x.transactions]),
      [
        ['l2_claim', 'claim is not ready yet', 3, '101', '302', ['B', 'A']],
        ['l2_claim', 'no such user', 1, '102', '102', ['A']],
        ['buy', 'claim is not ready yet', 1, '201', '201', ['C']],
      ],
      'oldest first, newest transaction first within a group; a refund never counts',
    );
    const first = g[0];
    assert.ok(first);
    const line = groupLine({ ...first, message: 'claim is not ready yet' }, (ns) => `t${ns}`);
    assert.equal(line, 'l2_claim × 3: claim is not ready yet · first t101, latest t302');
    assert.equal(groupLine({ ...first, count: 1, firstAt: '9', lastAt: '9' }, (ns) => `t${ns}`).endsWith(' · t9'), true);
  });

  it('the failure kind comes from the injected classifier, given the raw failure when the receipt kept it', () => {
    const raw = { ActionError: { index: 1, kind: { FunctionCallError: { ExecutionError: 'Exceeded the prepaid gas.' } } } };
    const seen: unknown[] = [];
    const classify: FailureClassifier = (failure, ctx) => {
      seen.push([failure, ctx.method, ctx.accountId, ctx.transactionHash]);
      return typeof failure === 'string'
        ? { kind: 'panic', message: failure.replace(/^.*panicked: /, '') }
        : { kind: 'gas-exceeded', message: 'Exceeded the prepaid gas.' };
    };
    const r = noticeActivity(
      ACC,
      [
        tx('A', '1', [
          failed('l2_claim', 'claim is not ready yet', '2'),
          // The second action failed: the group is its method's.
          receipt({ at: '3', status: 'failure', failure: 'Action #1: Exceeded the prepaid gas.', failureRaw: raw, actions: [call('ping'), call('migrate')] }),
        ]),
      ],
      settings(),
      classify,
    );
    assert.deepEqual(
      only(r.groups, 'failed-calls').map((g) => [g.method, g.errorKind, g.message]),
      [
        ['l2_claim', 'panic', 'claim is not ready yet'],
        ['migrate', 'gas-exceeded', 'Exceeded the prepaid gas.'],
      ],
    );
    assert.deepEqual(seen, [
      ['Action #0: Smart contract panicked: claim is not ready yet', 'l2_claim', ACC, 'A'],
      [raw, 'migrate', ACC, 'A'],
    ]);
    const broken: FailureClassifier = () => {
      throw new Error('bug');
    };
    const b = only(noticeActivity(ACC, [tx('A', '1', [failed('x', 'boom', '2')])], settings(), broken).groups, 'failed-calls');
    assert.deepEqual(
      b.map((g) => [g.errorKind, g.message]),
      [['other', 'Action #0: Smart contract panicked: boom']],
      'a classifier that throws costs the kind only',
    );
  });

  it('a watched method: for every contract or this one, by whom, succeeded or failed', () => {
    const s = settings({ failedCalls: false, methods: { '*': ['upgrade'], [ACC]: ['claim_all'], 'other.near': ['l2_claim'] } });
    const r = noticeActivity(
      ACC,
      [
        tx('A', '10', [receipt({ at: '11', actions: [call('upgrade')], predecessorId: 'owner.near' })]),
        tx('B', '20', [receipt({ at: '21', actions: [call('claim_all'), call('claim_all')], predecessorId: 'bob.near', status: 'failure', failure: 'x' })]),
        tx('C', '30', [receipt({ at: '31', actions: [call('upgrade')], predecessorId: 'mallory.near', status: 'pending' })]),
        tx('D', '40', [receipt({ at: '41', actions: [call('l2_claim')] }), receipt({ at: '42', actions: [call('upgrade')], receiverId: 'else.near' })]),
      ],
      s,
    );
    const m = only(r.groups, 'method-called');
    assert.deepEqual(
      m.map((g) => [g.method, g.count, g.callers, g.succeeded, g.failed, g.pending, g.transactions]),
      [
        ['upgrade', 2, ['owner.near', 'mallory.near'], 1, 0, 1, ['C', 'A']],
        ['claim_all', 2, ['bob.near'], 0, 2, 0, ['B']],
      ],
      "another contract's list and another receiver's receipt are not this one's",
    );
    const up = m[0];
    assert.ok(up);
    assert.equal(
      groupLine(up, (ns) => ns),
      'upgrade × 2 by owner.near, mallory.near (1 succeeded, 1 pending) · first 11, latest 31',
    );
  });

  it('a watched event the account emitted: counted, amounts summed exactly as u128 digits, no total when one is missing or not a number', () => {
    const big = '340282366920938463463374607431768211455';
    const s = settings({ failedCalls: false, events: ['nep141:ft_transfer', 'nep141:ft_burn', 'nep171:*'] });
    const r = noticeActivity(
      ACC,
      [
        tx('A', '1', [
          receipt({
            at: '2',
            events: [
              ev('nep141', 'ft_transfer', [{ amount: big }, { amount: '1' }]),
              ev('nep141', 'ft_mint', [{ amount: '5' }]),
              ev('nep141', 'ft_burn', [{ amount: '7' }]),
              ev('nep171', 'nft_mint', [{ token_ids: ['1'] }]),
            ],
          }),
          receipt({ at: '3', receiverId: 'else.near', events: [ev('nep141', 'ft_transfer', [{ amount: '1000' }])] }),
        ]),
        tx('B', '4', [receipt({ at: '5', events: [ev('nep141', 'ft_transfer', [{ amount: 12 }]), ev('nep141', 'ft_burn', [{ amount: '1.5' }])] })]),
      ],
      s,
    );
    const e = only(r.groups, 'event');
    assert.deepEqual(
      e.map((g) => [g.standard, g.event, g.count, g.total, g.transactions]),
      [
        ['nep141', 'ft_transfer', 2, String(2n ** 128n + 12n), ['B', 'A']],
        ['nep141', 'ft_burn', 2, undefined, ['B', 'A']],
        ['nep171', 'nft_mint', 1, undefined, ['A']],
      ],
      'ft_mint not watched; another executor’s events not the account’s; "1.5" is no u128: no total, no guess',
    );
    const t = e[0];
    assert.ok(t);
    assert.equal(
      groupLine(t, (ns) => ns),
      `nep141:ft_transfer × 2, total ${2n ** 128n + 12n} · first 2, latest 5`,
    );
    for (const bad of [undefined, [], [{}], [{ amount: '-1' }], [{ amount: '1e3' }], [{ amount: String(2n ** 128n) }], [{ amount: 2 ** 53 }], 'x']) {
      const one = only(noticeActivity(ACC, [tx('X', '1', [receipt({ at: '1', events: [ev('nep141', 'ft_burn', bad)] })])], s).groups, 'event')[0];
      assert.equal(one?.total, undefined, JSON.stringify(bad) ?? 'undefined');
    }
    // A real NEP-141 event from a real record, on the token contract that ran it.
    const real = fixture('fastnear-tx-8atrNKVj');
    const sweat = only(noticeActivity('token.sweat', [real], settings({ events: ['nep141:*'] })).groups, 'event');
    assert.deepEqual(
      sweat.map((g) => [g.event, g.count, g.total]),
      [['ft_transfer', 1, '2148866007102672292']],
    );
  });

  it('hostile input: texts cut at 500, a flood capped at 100 groups per kind with the rest counted, a watched call never pushed out', () => {
    const long = 'x'.repeat(5_000);
    const cut = only(noticeActivity(ACC, [tx('A', '1', [failed(long, long, '2')])], settings()).groups, 'failed-calls')[0];
    assert.ok(cut);
    assert.equal([...cut.method].length, 500);
    assert.ok([...cut.message].length <= 500 && cut.message.endsWith('…'));
    const flood = Array.from({ length: 150 }, (_, i) => failed('l2_claim', `nonce ${i}`, String(10 + i)));
    const r = noticeActivity(
      ACC,
      [tx('F', '1', flood), tx('U', '500', [receipt({ at: '501', actions: [call('upgrade')] })])],
      settings({ methods: { '*': ['upgrade'] } }),
    );
    assert.equal(only(r.groups, 'failed-calls').length, MAX_GROUPS);
    assert.equal(r.dropped['failed-calls'], 50);
    assert.deepEqual(
      only(r.groups, 'method-called').map((g) => g.method),
      ['upgrade'],
    );
    // Invisible and bidi characters cannot split one message into many groups, nor hide in a line.
    const tricks = noticeActivity(
      ACC,
      [tx('A', '1', [failed('a', 'same\u202e', '2'), failed('a', 'same\u200b', '3'), failed('a', 'same\n', '4')])],
      settings(),
    );
    assert.equal(tricks.groups.length, 1);
  });

  it('alerts: at most 3 a refresh, watched methods first, never an id already alerted; the rest in one line', () => {
    const flood = Array.from({ length: 44 }, (_, i) => failed('l2_claim', `nonce ${i}`, String(10 + i)));
    const r = noticeActivity(
      ACC,
      [tx('F', '1', flood), tx('U', '500', [receipt({ at: '501', actions: [call('upgrade')] })])],
      settings({ methods: { '*': ['upgrade'] } }),
    );
    const p = pickAlerts(r, new Set());
    assert.equal(p.alert.length, 3);
    assert.equal(p.alert[0]?.kind, 'method-called');
    assert.equal(p.summary, 'and 42 more failed calls');
    assert.equal(p.said.length, 45, 'the summarised are said too');
    // The same failures read again: the same ids, so nothing is said twice.
    const again = noticeActivity(
      ACC,
      [
        tx(
          'G',
          '900',
          flood.map((x) => ({ ...x, timestamp: '901' })),
        ),
      ],
      settings(),
    );
    assert.deepEqual(pickAlerts(again, new Set(p.said)), { alert: [], rest: [], said: [] });
    // What the caps dropped is counted in the line too.
    const big = noticeActivity(
      ACC,
      [
        tx(
          'F',
          '1',
          Array.from({ length: 120 }, (_, i) => failed('m', `n${i}`, String(10 + i))),
        ),
      ],
      settings(),
    );
    assert.equal(pickAlerts(big, new Set()).summary, 'and 117 more failed calls');
    const one = noticeActivity(ACC, [tx('F', '1', [failed('m', 'a', '2'), failed('m', 'b', '3'), failed('m', 'c', '4'), failed('m', 'd', '5')])], settings());
    assert.equal(pickAlerts(one, new Set()).summary, 'and 1 more failed call');
  });

  it('reads the setting as the user may have written it', () => {
    assert.deepEqual(activitySettingsOf(undefined), DEFAULT_ACTIVITY_SETTINGS);
    assert.deepEqual(
      activitySettingsOf({ failedCalls: 'no', methods: { '*': ['upgrade', 3, 'upgrade'], 'a.near': 'x' }, events: ['nep141:*', 'bad', ':x', 'nep171:'] }),
      {
        failedCalls: true,
        methods: { '*': ['upgrade'] },
        events: ['nep141:*'],
      },
    );
    const proto = activitySettingsOf(JSON.parse('{"methods": {"__proto__": ["x"]}}'));
    assert.deepEqual(Object.getPrototypeOf(proto.methods), Object.prototype, 'a "__proto__" key stays a key');
    assert.deepEqual(noticeActivity('__proto__', [], proto), EMPTY_ACTIVITY);
  });

  it('merging refreshes: counts add, times widen, totals add only when both are known, caps hold across refreshes', () => {
    const s = settings({ methods: { '*': ['upgrade'] }, events: ['nep141:*'] });
    const a = noticeActivity(
      ACC,
      [
        tx('A', '1', [
          failed('m', 'x', '2'),
          receipt({ at: '3', actions: [call('upgrade')], predecessorId: 'a.near', events: [ev('nep141', 'ft_burn', [{ amount: '5' }])] }),
        ]),
      ],
      s,
    );
    const b = noticeActivity(
      ACC,
      [
        tx('B', '9', [
          failed('m', 'x', '10'),
          receipt({ at: '11', actions: [call('upgrade')], predecessorId: 'b.near', events: [ev('nep141', 'ft_burn', [{ amount: '7' }])] }),
        ]),
      ],
      s,
    );
    const m = mergeActivity(a, b);
    assert.deepEqual(
      m.groups.map((g) => [g.kind, g.count, g.firstAt, g.lastAt, g.transactions]),
      [
        ['method-called', 2, '3', '11', ['B', 'A']],
        ['event', 2, '3', '11', ['B', 'A']],
        ['failed-calls', 2, '2', '10', ['B', 'A']],
      ],
    );
    assert.deepEqual((m.groups[0] as MethodCalledGroup).callers, ['a.near', 'b.near']);
    assert.equal((m.groups[1] as EventGroup).total, '12');
    const c = noticeActivity(ACC, [tx('C', '20', [receipt({ at: '21', actions: [], events: [ev('nep141', 'ft_burn')] })])], s);
    assert.equal((mergeActivity(m, c).groups[1] as EventGroup).total, undefined, 'one occurrence without amounts: no total');
    const full = noticeActivity(
      ACC,
      [
        tx(
          'F',
          '1',
          Array.from({ length: 100 }, (_, i) => failed('m', `n${i}`, String(10 + i))),
        ),
      ],
      settings(),
    );
    const more = noticeActivity(ACC, [tx('G', '900', [failed('m', 'n0', '901'), failed('m', 'new', '902'), failed('m', 'new', '903')])], settings());
    const capped = mergeActivity(full, more);
    assert.equal(only(capped.groups, 'failed-calls').length, MAX_GROUPS);
    assert.equal(capped.dropped['failed-calls'], 2);
    assert.equal((capped.groups[0] as FailedCallsGroup).count, 2, 'a listed group keeps growing');
  });

  it('property: two refreshes merged say what one read of both says (counts, times, exact totals)', () => {
    const occurrence = fc.record({
      method: fc.constantFrom('l2_claim', 'buy', 'upgrade'),
      message: fc.constantFrom('not ready', 'no user'),
      fails: fc.boolean(),
      amount: fc.option(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), { nil: undefined, freq: 4 }),
    });
    fc.assert(
      fc.property(fc.array(occurrence, { maxLength: 30 }), fc.nat(30), (occ, cutAt) => {
        const txs = occ.map((o, i) =>
          tx(`T${i}`, String(1000 + 10 * i), [
            receipt({
              at: String(1001 + 10 * i),
              actions: [call(o.method)],
              ...(o.fails && { status: 'failure' as const, failure: o.message }),
              events: [ev('nep141', 'ft_burn', o.amount === undefined ? [{ memo: 'none' }] : [{ amount: String(o.amount) }])],
            }),
          ]),
        );
        const s = settings({ methods: { '*': ['upgrade'] }, events: ['nep141:ft_burn'] });
        const whole = noticeActivity(ACC, txs, s);
        const split = mergeActivity(noticeActivity(ACC, txs.slice(0, cutAt), s), noticeActivity(ACC, txs.slice(cutAt), s));
        const view = (gs: readonly ActivityGroup[]): unknown =>
          gs.map((g) => ({ ...g, ...(g.kind === 'method-called' && { callers: [...g.callers].sort() }) })).sort((x, y) => (x.id < y.id ? -1 : 1));
        assert.deepEqual(view(split.groups), view(whole.groups));
        const burn = only(whole.groups, 'event')[0];
        const all = occ.map((o) => o.amount);
        assert.equal(burn?.total, occ.length > 0 && all.every((x) => x !== undefined) ? String(all.reduce((s2, x) => (s2 ?? 0n) + (x ?? 0n), 0n)) : undefined);
        const fails = occ.filter((o) => o.fails).length;
        assert.equal(
          only(whole.groups, 'failed-calls').reduce((n, g) => n + g.count, 0),
          fails,
        );
      }),
      { numRuns: 300 },
    );
  });
});

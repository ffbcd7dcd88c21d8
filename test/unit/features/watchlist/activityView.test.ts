// How a watched contract's activity is shown: the entries `nearLens.watchlist.changes` returns, the account's words,
// the Changes node's rows (untrusted text plain and cut at 500, the no-indexer sentence once), and the notifications
// (at most three an account a refresh, the rest counted in the last, none twice, no link made of a message).
import assert from 'node:assert/strict';
import { failedCallsId, methodCalledId, eventId, EMPTY_ACTIVITY, MAX_TEXT } from '../../../../src/features/watchlist/model/activity';
import type { ActivityGroup, ActivityReport } from '../../../../src/features/watchlist/model/activity';
import { activityEntries, activityNotices, activityRows, activitySummary, noticeText } from '../../../../src/features/watchlist/model/activityView';
import { withChanges } from '../../../../src/features/watchlist/model/changesNodes';
import { node } from '../../../../src/features/watchlist/model/watchlistNodes';
import { noTxApi } from '../../../../src/near/networks';

const ACC = 'game.hot.tg';
const fmt = (ns: string): string => `t${ns}`;
const failed = (message: string, count = 1, method = 'l2_claim'): ActivityGroup => ({
  kind: 'failed-calls',
  id: failedCallsId(method, message),
  method,
  message,
  errorKind: 'panic',
  count,
  firstAt: '100',
  lastAt: String(100 + count),
  transactions: [`H${message.length}`],
});
const called: ActivityGroup = {
  kind: 'method-called',
  id: methodCalledId('upgrade'),
  method: 'upgrade',
  callers: ['mallory.near'],
  moreCallers: false,
  succeeded: 1,
  failed: 0,
  pending: 0,
  count: 1,
  firstAt: '5',
  lastAt: '5',
  transactions: ['U1'],
};
const burnt: ActivityGroup = {
  kind: 'event',
  id: eventId('nep141', 'ft_burn'),
  standard: 'nep141',
  event: 'ft_burn',
  total: '1000000000000000000000003',
  count: 2,
  firstAt: '7',
  lastAt: '9',
  transactions: ['E2', 'E1'],
};
const report = (groups: ActivityGroup[], droppedFailed = 0): ActivityReport => ({
  groups,
  dropped: { 'method-called': 0, event: 0, 'failed-calls': droppedFailed },
});
const NONE = { count: 0, atLeast: false };

describe('watchlist activity: how it is shown', () => {
  it('nearLens.watchlist.changes entries: the documented shapes, exact', () => {
    assert.deepEqual(activityEntries(report([called, burnt, failed('claim is not ready yet', 3)])), [
      { kind: 'method-called', method: 'upgrade', count: 1, transactions: ['U1'] },
      { kind: 'event', standard: 'nep141', event: 'ft_burn', count: 2, total: '1000000000000000000000003', transactions: ['E2', 'E1'] },
      {
        kind: 'failed-calls',
        method: 'l2_claim',
        message: 'claim is not ready yet',
        errorKind: 'panic',
        count: 3,
        firstAt: '100',
        lastAt: '103',
        transactions: ['H22'],
      },
    ]);
    assert.deepEqual(activityEntries(undefined), []);
  });

  it('the account’s words: what the owner named first, failures counted with what the caps dropped', () => {
    assert.equal(
      activitySummary({ report: report([called, burnt, failed('a', 3)], 41), unread: NONE }),
      'upgrade called · nep141:ft_burn × 2 · 44 failed calls',
    );
    assert.equal(activitySummary({ report: report([failed('a'), failed('b')]), unread: NONE }), '2 failed calls');
    assert.equal(activitySummary({ report: EMPTY_ACTIVITY, unread: { count: 57, atLeast: false } }), '57 calls not read');
  });

  it('rows: untrusted text plain, cut at 500 in a row, never a link; the no-indexer sentence said once', () => {
    const sentences = new Map<string, string>();
    const hostile = `[Set key](command:nearLens.setApiKey) ${'x'.repeat(2000)}\n$(alert)`;
    const rows = activityRows(ACC, { report: report([failed(hostile)], 41), unread: { count: 57, atLeast: false }, noTxApi: false }, fmt, sentences);
    assert.equal(rows[0]?.id, `${ACC}/changes/activity/0`);
    assert.ok(rows[0]!.label.length <= MAX_TEXT, `${rows[0]!.label.length} characters`);
    assert.ok(!rows[0]!.label.includes('\n'));
    assert.match(rows[0]!.label, /^l2_claim: \[Set key\]\(command:nearLens\.setApiKey\) x+…$/, 'plain text in a tree label (no markdown there)');
    assert.deepEqual(
      rows.slice(1).map((r) => [r.label, r.description]),
      [
        ['and 41 more failed calls', 'not listed: over 100 groups'],
        ['and 57 more — open Transactions', 'calls not read'],
      ],
    );
    const rpcOnly = activityRows(ACC, { report: EMPTY_ACTIVITY, unread: NONE, noTxApi: true, error: 'ignored' }, fmt, sentences);
    assert.deepEqual(
      rpcOnly.map((r) => [r.label, r.description]),
      [['Activity needs an indexer', noTxApi()]],
    );
    const failedRead = activityRows(ACC, { report: EMPTY_ACTIVITY, unread: NONE, error: 'HTTP 429' }, fmt, sentences);
    assert.deepEqual(
      failedRead.map((r) => [r.label, r.description]),
      [['Activity not read this refresh', 'HTTP 429']],
    );
  });

  it('the Changes node shows activity alone (no "changed between blocks"), counted in the description', () => {
    const account = node(ACC, '', 'account', ACC, { description: '10 NEAR', collapsible: 'collapsed' });
    const sentences = new Map<string, string>();
    const v = {
      since: { time: 1, blockHeight: 10 },
      now: { time: 2, blockHeight: 20 },
      changes: [],
      transactions: { rows: [], more: false },
      activity: { report: report([called, failed('boom')]), unread: NONE },
    };
    const out = withChanges(account, v, { decimals: 2, formatTime: (ms) => `@${ms}` }, sentences);
    assert.equal(out.description, 'upgrade called · 1 failed call · 10 NEAR');
    const [changes] = out.children;
    assert.equal(changes?.description, 'upgrade called · 1 failed call');
    assert.equal(changes?.iconColor, 'list.warningForeground');
    assert.deepEqual(
      changes?.children.map((c) => c.label),
      ['upgrade by mallory.near (1 succeeded) · @0', 'l2_claim: boom · @0'],
    );
    assert.equal(
      withChanges(account, { ...v, activity: { report: EMPTY_ACTIVITY, unread: NONE, noTxApi: true } }, { decimals: 2, formatTime: String }, sentences),
      account,
    );
  });

  it('notifications: at most three an account a refresh, the rest counted in the last, none twice, no link made of a message', () => {
    const flood = report([called, ...Array.from({ length: 44 }, (_, i) => failed(`boom ${i} [x](command:nearLens.setApiKey)`))], 0);
    const first = activityNotices(ACC, flood, new Set(), fmt);
    assert.equal(first.notices.length, 3);
    assert.equal(first.notices[0]?.group.kind, 'method-called');
    assert.equal(first.notices[0]?.level, 'warning');
    assert.match(first.notices[0]!.text, /^game\.hot\.tg: watched method called — upgrade by mallory\.near \(1 succeeded\) · t5$/);
    assert.match(first.notices[2]!.text, / — and 42 more failed calls: Show Changes lists them\.$/);
    for (const n of first.notices) assert.doesNotMatch(n.text, /\]\(/, 'VS Code makes a link of [label](target) in a notification');
    assert.equal(first.said.length, 45);
    assert.deepEqual(activityNotices(ACC, flood, new Set(first.said), fmt), { notices: [], said: [] }, 'never twice');
    // Every group said before, only what the caps dropped is new: one notice counts it.
    const dropped = activityNotices(ACC, report([failed('a')], 7), new Set([failed('a').id]), fmt);
    assert.deepEqual(dropped, { notices: [], summary: 'game.hot.tg: and 7 more failed calls: Show Changes lists them.', said: [] });
    const ev = activityNotices(ACC, report([burnt]), new Set(), fmt);
    assert.deepEqual(
      ev.notices.map((n) => [n.level, n.text]),
      [['info', 'game.hot.tg emitted nep141:ft_burn × 2, total 1000000000000000000000003 · first t7, latest t9']],
    );
    assert.equal(noticeText('a [b] (c) [d](e)'), 'a [b] (c) [d] (e)');
  });
});

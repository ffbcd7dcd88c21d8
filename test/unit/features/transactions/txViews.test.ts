// How an account's transactions read (txRows, txTreeNodes, txTableModel, txCommandModel): the row text, relative times,
// exact u64 times, escaping, the tree's Transactions node and Load more, the panel's pages and filters, the command's
// argument checks and result.
import { strict as assert } from 'node:assert';
import { isTxHostMessage } from '../../../../src/features/transactions/guards';
import { isTxRequest, TX_SHOWS } from '../../../../src/features/transactions/protocol';
import { accountTxResult, parseAccountTxArgs } from '../../../../src/features/transactions/model/txCommandModel';
import { readPage, readUntil, startHistory } from '../../../../src/features/transactions/model/txPaging';
import { countText, txRowView, utcText } from '../../../../src/features/transactions/model/txRows';
import { relativeTime } from '../../../../src/ui/time';
import { ALL_TXS, filterViewOf, flagsOf, txTableView } from '../../../../src/features/transactions/model/txTableModel';
import { txGroupNode } from '../../../../src/features/transactions/model/txTreeNodes';
import type { ActionNode } from '../../../../src/features/transactions/model/txTreeNodes';
import { fakeTxService, makeHistory, model } from '../../../support/fakeTxService';

const TS = '1771106600329561530'; // a real block_timestamp, past 2^53
const NOW = Number(BigInt(TS) / 1_000_000n) + 2 * 3_600_000 + 5 * 60_000;
const ROW = {
  hash: '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8',
  blockHeight: '185572450',
  timestamp: TS,
  txIndex: 3,
  isSigner: true,
  isReceiver: false,
  isFunctionCall: true,
  isSuccess: true,
};

describe('transaction rows (txRows)', () => {
  it('reads "2 h ago · ✓ relay.tg → game.hot.tg · l2_claim", with the exact time and block in the tooltip', () => {
    const v = txRowView(ROW, model(ROW, 'relay.tg', 'game.hot.tg', 'l2_claim'), NOW);
    assert.equal(v.text, '2 h ago · ✓ relay.tg → game.hot.tg · l2_claim');
    assert.equal(v.utc, '2026-02-14 22:03:20.329561530 UTC', 'every nanosecond digit of the u64');
    assert.equal(v.block, '185,572,450');
    assert.match(v.tooltip, /Transaction 8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8/);
    assert.match(v.tooltip, /This account: sent by it/);
    assert.equal(v.sentence, 'Transaction 8atrNK… succeeded 2 hours ago: relay.tg to game.hot.tg, l2_claim.');
  });

  it('a failed one says ✗ and why; one without a record reads from the row flags', () => {
    const failed = { ...ROW, isSuccess: false };
    const v = txRowView(failed, model(failed), NOW);
    assert.equal(v.mark, '✗');
    assert.equal(v.failure, 'Smart contract panicked: not enough balance');
    assert.match(v.sentence, /failed 2 hours ago.*Why: Smart contract panicked/);
    const bare = txRowView(failed, undefined, NOW);
    assert.equal(bare.text, '2 h ago · ✗ details not found');
  });

  it('untrusted ids and method names are made inert: no newline, no bidi override, bounded', () => {
    const m = model(ROW, 'evil\u202e.near\nline2', 'x'.repeat(500), 'call\u0007me');
    const v = txRowView(ROW, m, NOW);
    assert.ok(![...v.text].some((ch) => ch === '\u202e' || ch === '\n' || ch === '\u0007'), v.text);
    assert.ok(v.receiverId.length <= 80);
  });

  it('relative times: s, min, h, d, mo, y; "just now" for a clock behind the chain', () => {
    const t = 1_000_000_000_000;
    assert.deepEqual(
      [45_000, 12 * 60_000, 5 * 3_600_000, 3 * 86_400_000, 62 * 86_400_000, 800 * 86_400_000, -5000].map((d) => relativeTime(t + d, t)),
      ['45 s ago', '12 min ago', '5 h ago', '3 d ago', '2 mo ago', '2 y ago', 'just now'],
    );
    assert.equal(relativeTime(t + 3_600_000, t, true), '1 hour ago');
    assert.equal(utcText('not a number'), '');
  });

  it('counts: "81,278 transactions", "1 transaction", "no transactions"', () => {
    assert.deepEqual([countText(81278), countText(1), countText(0), countText(undefined)], ['81,278 transactions', '1 transaction', 'no transactions', '']);
  });
});

describe("the watchlist's Transactions node (txTreeNodes)", () => {
  it('20 rows opening Look Up Transaction, Load more with the count, each with a sentence', async () => {
    const service = fakeTxService(makeHistory(81));
    const history = await readPage(service, startHistory('relay.tg'));
    const n = txGroupNode('relay.tg', 'mainnet', { history }, NOW);
    assert.equal(n.description, '81 transactions');
    assert.equal(n.children.length, 21);
    const first = n.children[0] as ActionNode;
    assert.equal(first.kind, 'tx');
    assert.deepEqual(first.command?.args, [{ hash: history.rows[0]!.hash, network: 'mainnet' }]);
    assert.match(first.a11y ?? '', /^Transaction Hashoo… (succeeded|failed) /);
    const more = n.children[20] as ActionNode;
    assert.equal(more.label, 'Load more');
    assert.equal(more.description, '20 of 81 transactions');
    assert.deepEqual(more.command?.args, ['relay.tg']);
    assert.equal(new Set(n.children.map((c) => c.id)).size, n.children.length, 'unique ids');
  });

  it('a row leads with what it did ("✓ l2_claim"), then when and the other party, so a side bar cuts neither', async () => {
    const rows = makeHistory(2);
    rows[1]!.model = model(rows[1]!, 'relay.tg', 'alice.near', 'l2_claim');
    const history = await readPage(fakeTxService(rows), startHistory('alice.near'));
    const [sent, received] = txGroupNode('alice.near', 'mainnet', { history }, NOW).children;
    assert.deepEqual([sent?.label, sent?.description], ['✓ l2_claim', '2 h ago · to game.hot.tg']);
    assert.deepEqual([received?.label, received?.description], ['✓ l2_claim', '2 h ago · from relay.tg']);
    const other = await readPage(fakeTxService(makeHistory(1)), startHistory('bob.near'));
    assert.equal(txGroupNode('bob.near', 'mainnet', { history: other }, NOW).children[0]?.description, '2 h ago · alice.near → game.hot.tg');
  });

  it('loading, a failed first load, a failed Load more keeping the rows, the end of the history', async () => {
    assert.equal(txGroupNode('a.near', 'mainnet', { loading: 'first' }, NOW).children[0]?.label, 'Loading…');
    assert.equal(
      txGroupNode('a.near', 'mainnet', { error: { step: 'first', message: 'the transactions service failed' } }, NOW).children[0]?.label,
      'Failed: the transactions service failed',
    );
    const service = fakeTxService(makeHistory(25));
    const h = await readPage(service, startHistory('a.near'));
    const failedMore = txGroupNode('a.near', 'mainnet', { history: h, error: { step: 'more', message: 'timed out' } }, NOW);
    assert.deepEqual(
      failedMore.children.slice(-2).map((c) => c.label),
      ['Loading more failed: timed out', 'Load more'],
    );
    assert.equal(txGroupNode('a.near', 'mainnet', { history: h, loading: 'more' }, NOW).children.at(-1)?.label, 'Loading more…');
    const all = await readPage(service, h);
    const end = txGroupNode('a.near', 'mainnet', { history: all }, NOW);
    assert.equal(end.children.length, 25, 'no Load more after the last page');
    const none = await readPage(fakeTxService([]), startHistory('new.near'));
    assert.deepEqual(
      txGroupNode('new.near', 'mainnet', { history: none }, NOW).children.map((c) => c.label),
      ['No transactions'],
    );
  });
});

describe("the balance panel's Transactions table (txTableModel, txProtocol)", () => {
  it('pages of 20 with their range, Newer and Older; the view passes the webview guard', async () => {
    const service = fakeTxService(makeHistory(45));
    const h = await readUntil(service, startHistory('relay.tg'), 40);
    const base = { accountId: 'relay.tg', filter: ALL_TXS, history: h, loading: false, error: '', unavailable: '', started: true };
    const p0 = txTableView({ ...base, page: 0 }, NOW);
    assert.deepEqual([p0.rows.length, p0.range, p0.hasNewer, p0.hasOlder, p0.count], [20, '1–20 of 45', false, true, '45 transactions']);
    const p1 = txTableView({ ...base, page: 1 }, NOW);
    assert.deepEqual([p1.rows[0]?.hash, p1.range, p1.hasNewer, p1.hasOlder], [h.rows[20]?.hash, '21–40 of 45', true, true]);
    const all = await readUntil(service, h, 60);
    const p2 = txTableView({ ...base, history: all, page: 2 }, NOW);
    assert.deepEqual([p2.rows.length, p2.range, p2.hasOlder], [5, '41–45 of 45', false]);
    assert.ok(isTxHostMessage({ type: 'txs', data: p2 }));
    assert.ok(!isTxHostMessage({ type: 'txs', data: { ...p2, extra: 1 } }), 'exact fields only');
  });

  it("filters are the service's is_* flags, and back; flags no one choice is are none", () => {
    assert.deepEqual(flagsOf({ show: 'sent', failed: true }), { isSigner: true, isSuccess: false });
    assert.deepEqual(flagsOf({ show: 'received', failed: false }), { isRealReceiver: true });
    assert.deepEqual(flagsOf({ show: 'callsTo', failed: false }), { isFunctionCall: true });
    assert.deepEqual(flagsOf({ show: 'callsMade', failed: false }), { isRealSigner: true });
    assert.deepEqual(flagsOf(ALL_TXS), {});
    for (const show of TX_SHOWS) for (const failed of [false, true]) assert.deepEqual(filterViewOf(flagsOf({ show, failed })), { show, failed });
    assert.deepEqual(filterViewOf({ isReceiver: true, isSuccess: false }), { show: 'received', failed: true }, 'the flag Received sent before');
    assert.equal(filterViewOf({ isSigner: true, isFunctionCall: true }), undefined, 'signed by it and called: not a choice');
    assert.equal(filterViewOf({ isSuccess: true }), undefined);
  });

  it('calls it made are picked from the records (a relayed call counts); failed only leaves pending out; the page says so', async () => {
    const history = makeHistory(6);
    // 0: a call; 1: a transfer; 2: a relayed call; 3: no record; 4: a pending call; 5: a call.
    history[1]!.model = { ...history[1]!.model!, actions: [{ kind: 'Transfer', deposit: '1', summary: 'Transfer 1 yocto' }] };
    history[2]!.model = {
      ...history[2]!.model!,
      actions: [
        {
          kind: 'Delegate',
          senderId: 'alice.near',
          receiverId: 'game.hot.tg',
          actions: history[0]!.model!.actions,
          nonce: '1',
          maxBlockHeight: '1',
          publicKey: 'ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd',
          summary: 'Delegate',
        },
      ],
    };
    delete history[3]!.model;
    history[4]!.model = { ...history[4]!.model!, status: 'pending' };
    const h = await readUntil(fakeTxService(history), startHistory('alice.near'), 20);
    const base = { accountId: 'alice.near', history: h, page: 0, loading: false, error: '', unavailable: '', started: true };
    const made = txTableView({ ...base, filter: { show: 'callsMade', failed: false } }, NOW);
    assert.deepEqual(
      made.rows.map((r) => r.hash),
      [0, 2, 4, 5].map((i) => history[i]!.hash),
    );
    assert.equal(made.range, '1–6 of 6 signed');
    assert.equal(made.count, '6 transactions it signed');
    assert.match(made.note, /^4 of these 6 transactions it signed are calls: .*picked here from each page’s records\. 1 without a record is not shown\.$/);
    const failed = txTableView({ ...base, filter: { show: 'all', failed: true } }, NOW);
    assert.equal(failed.rows.length, 5);
    assert.equal(failed.note, '1 of these 6 is still pending, not failed: not shown.');
    const all = txTableView({ ...base, filter: ALL_TXS }, NOW);
    assert.deepEqual([all.rows.length, all.note, all.range], [6, '', '1–6 of 6']);
    for (const v of [made, failed, all]) assert.ok(isTxHostMessage({ type: 'txs', data: v }));
  });

  it("the webview's requests are checked field by field", () => {
    assert.ok(isTxRequest({ type: 'txs', filter: ALL_TXS, page: 2, reload: false }));
    assert.ok(isTxRequest({ type: 'openTx', hash: ROW.hash }));
    for (const bad of [
      { type: 'txs', filter: ALL_TXS, page: -1, reload: false },
      { type: 'txs', filter: { ...ALL_TXS, show: 'up' }, page: 0, reload: false },
      { type: 'txs', filter: { ...ALL_TXS, calls: true }, page: 0, reload: false },
      { type: 'txs', filter: ALL_TXS, page: 0 },
      { type: 'openTx', hash: 'javascript:alert(1)' },
      { type: 'openTx', hash: ROW.hash, more: 1 },
    ])
      assert.ok(!isTxRequest(bad), JSON.stringify(bad));
  });
});

describe('nearLens.accountTransactions arguments and result (txCommandModel)', () => {
  it('takes an id or { id, limit?, resumeToken?, filter?, show? }', () => {
    assert.deepEqual(parseAccountTxArgs('relay.tg'), { id: 'relay.tg', limit: 20, filter: {}, view: ALL_TXS, named: false, show: true });
    assert.deepEqual(parseAccountTxArgs({ id: 'relay.tg', limit: 5, resumeToken: '797025637990154240', filter: { isSuccess: false }, show: false }), {
      id: 'relay.tg',
      limit: 5,
      resumeToken: '797025637990154240',
      filter: { isSuccess: false },
      view: { show: 'all', failed: true },
      named: false,
      show: false,
    });
  });

  it("takes the table's choice as { which?, failedOnly? }; flags that are no choice are read with show: false only", () => {
    assert.deepEqual(parseAccountTxArgs({ id: 'a.near', which: 'callsMade', failedOnly: true }), {
      id: 'a.near',
      limit: 20,
      filter: { isRealSigner: true, isSuccess: false },
      view: { show: 'callsMade', failed: true },
      named: true,
      show: true,
    });
    assert.deepEqual(parseAccountTxArgs({ id: 'a.near', filter: { isSigner: true, isFunctionCall: true }, show: false }).filter, {
      isSigner: true,
      isFunctionCall: true,
    });
    for (const [arg, why] of [
      [
        { id: 'a.near', filter: { isSigner: true, isFunctionCall: true } },
        /The table shows one of All, Sent by it, Received, Calls to it, Calls it made .*show: false/,
      ],
      [{ id: 'a.near', which: 'calls' }, /which is one of 'all', 'sent', 'received', 'callsTo', 'callsMade'/],
      [{ id: 'a.near', failedOnly: 1 }, /failedOnly is true or false/],
      [{ id: 'a.near', which: 'sent', filter: {} }, /not both/],
    ] as const)
      assert.throws(() => parseAccountTxArgs(arg), why, JSON.stringify(arg));
  });

  it('refuses bad input with the reason, before anything is sent', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ id: 'Alice.near' }, /Not a valid NEAR account id/],
      [{}, /id is missing/],
      [{ id: 'a.near', limit: 0 }, /limit is a whole number from 1 to 200/],
      [{ id: 'a.near', limit: 201 }, /1 to 200/],
      [{ id: 'a.near', resumeToken: 12 }, /resumeToken/],
      [{ id: 'a.near', filter: { isSigner: 'yes' } }, /filter/],
      [{ id: 'a.near', filter: { isMine: true } }, /filter/],
      [{ id: 'a.near', limt: 5 }, /does not take "limt"/],
      [42, /takes an account id/],
    ];
    for (const [arg, why] of cases) assert.throws(() => parseAccountTxArgs(arg), why, JSON.stringify(arg));
  });

  it('returns the rows with their records; the status from the row without one', async () => {
    const history = makeHistory(3);
    delete history[2]!.model;
    const service = fakeTxService(history);
    const page = await service.transactions.accountTransactions({ accountId: 'relay.tg', limit: 2 });
    const r = accountTxResult(page, await service.transactions.byHash(page.rows.map((x) => x.hash)));
    assert.equal(r.count, 3);
    assert.equal(r.resumeToken, page.resumeToken);
    assert.deepEqual(Object.keys(r.transactions[0]!), ['hash', 'blockHeight', 'timestamp', 'status', 'signerId', 'receiverId', 'actions']);
    assert.equal(r.transactions[0]!.timestamp, history[0]!.timestamp, 'exact ns string');
    const last = accountTxResult({ rows: [history[2]!] }, new Map());
    assert.deepEqual(last.transactions[0], {
      hash: history[2]!.hash,
      blockHeight: history[2]!.blockHeight,
      timestamp: history[2]!.timestamp,
      status: 'failure',
    });
  });
});

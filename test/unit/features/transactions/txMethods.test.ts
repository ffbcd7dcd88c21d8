// The balance panel's Method filter (txMethods, txTableModel): the methods the rows read call, one method's calls with
// its failed ones first, the pages, range and note of its table, the messages' guards, and Open Balance Panel's
// `transactions` argument.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isTxHostMessage } from '../../../../src/features/transactions/guards';
import { isTxRequest } from '../../../../src/features/transactions/protocol';
import type { TxPickView } from '../../../../src/features/transactions/protocol';
import { methodsOf, methodsSeen, NO_PICK, pickRows, rowFailed, txPickOfArgument } from '../../../../src/features/transactions/model/txMethods';
import { readUntil, startHistory } from '../../../../src/features/transactions/model/txPaging';
import type { TxHistory } from '../../../../src/features/transactions/model/txPaging';
import { ALL_TXS, txTableView } from '../../../../src/features/transactions/model/txTableModel';
import { fakeTxService, makeHistory, model } from '../../../support/fakeTxService';
import type { FakeTx } from '../../../support/fakeTxService';
import type { TransactionModel } from '../../../../src/client/transactions/model';

const NOW = 1_771_106_600_329 + 3_600_000;
const HOSTILE = '<img src=x onerror=alert(1)>';

/** `n` rows calling `methods[i % methods.length]`; `failed(i)` says which fail. */
function calls(n: number, methods: readonly string[], failed: (i: number) => boolean): FakeTx[] {
  return makeHistory(n).map((r, i) => {
    const row = { ...r, isSuccess: !failed(i) };
    return { ...row, model: model(row, 'alice.near', 'game.lensdev.near', methods[i % methods.length]!) };
  });
}

async function historyOf(rows: FakeTx[], read = rows.length): Promise<TxHistory> {
  return readUntil(fakeTxService(rows), startHistory('game.lensdev.near'), read);
}

const base = (history: TxHistory, pick: TxPickView, page = 0) => ({
  accountId: 'game.lensdev.near',
  filter: { show: 'callsTo', failed: false } as const,
  pick,
  history,
  page,
  loading: false,
  error: '',
  unavailable: '',
  started: true,
});

describe("the balance panel's Method filter (txMethods)", () => {
  it('lists the methods the rows read call, once each, sorted; a relayed call counts, a transfer and a missing record do not', async () => {
    const rows = calls(6, ['settle_all', 'claim', 'claim'], () => false);
    rows[3]!.model = { ...rows[3]!.model!, actions: [{ kind: 'Transfer', deposit: '1', summary: 'Transfer 1 yocto' }] };
    rows[4]!.model = {
      ...rows[4]!.model!,
      actions: [
        {
          kind: 'Delegate',
          senderId: 'alice.near',
          receiverId: 'game.lensdev.near',
          actions: model(rows[4]!, 'a', 'b', 'play').actions,
          nonce: '1',
          maxBlockHeight: '1',
          publicKey: 'ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd',
          summary: 'Delegate',
        },
      ],
    };
    delete rows[5]!.model;
    const h = await historyOf(rows);
    assert.deepEqual(methodsSeen(h.rows, h.details), ['claim', 'play', 'settle_all']);
    assert.deepEqual(methodsOf(undefined), []);
  });

  it('method names are anyone’s: listed as one line without controls or bidi overrides, and matched so', async () => {
    const rows = calls(2, ['evil\u202e\nname', HOSTILE], () => false);
    const h = await historyOf(rows);
    assert.deepEqual(methodsSeen(h.rows, h.details), [HOSTILE, 'evil name']);
    assert.equal(pickRows(h.rows, h.details, { method: 'evil name', failedFirst: false }).length, 1);
  });

  it("one method's calls in the order read; failed first puts its failed calls first, each group in the order read", async () => {
    const rows = calls(12, ['claim', 'settle_all'], (i) => i % 3 === 2);
    const h = await historyOf(rows);
    const claim = pickRows(h.rows, h.details, { method: 'claim', failedFirst: false }).map((r) => rows.indexOf(rows.find((x) => x.hash === r.hash)!));
    assert.deepEqual(claim, [0, 2, 4, 6, 8, 10]);
    const first = pickRows(h.rows, h.details, { method: 'claim', failedFirst: true }).map((r) => rows.findIndex((x) => x.hash === r.hash));
    assert.deepEqual(first, [2, 8, 0, 4, 6, 10]);
    assert.deepEqual(pickRows(h.rows, h.details, NO_PICK), h.rows, 'no method: every row as read');
    assert.deepEqual(pickRows(h.rows, h.details, { method: '', failedFirst: true }), h.rows, 'failed first alone orders nothing');
    assert.deepEqual(pickRows(h.rows, h.details, { method: 'nobody_calls', failedFirst: true }), []);
  });

  it('failed first is a stable partition of the method’s calls (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ m: fc.constantFrom('a', 'b', 'c'), ok: fc.boolean(), record: fc.boolean() }), { maxLength: 60 }), (spec) => {
        const rows = makeHistory(spec.length).map((r, i) => ({ ...r, isSuccess: spec[i]!.ok }));
        const details = new Map<string, TransactionModel>();
        rows.forEach((r, i) => spec[i]!.record && details.set(r.hash, model(r, 'x.near', 'y.near', spec[i]!.m)));
        const picked = pickRows(rows, details, { method: 'a', failedFirst: true });
        const mine = rows.filter((r) => methodsOf(details.get(r.hash)).includes('a'));
        assert.deepEqual(
          [...picked].sort((x, y) => (x.hash < y.hash ? -1 : 1)),
          [...mine].sort((x, y) => (x.hash < y.hash ? -1 : 1)),
          'the same rows',
        );
        const failed = picked.map((r) => rowFailed(r, details.get(r.hash)));
        assert.ok(failed.indexOf(false) === -1 || !failed.slice(failed.indexOf(false)).includes(true), 'no failed call after one that succeeded');
        const order = (xs: typeof rows) => xs.map((r) => rows.indexOf(r));
        for (const f of [true, false]) {
          const group = order(picked.filter((r) => rowFailed(r, details.get(r.hash)) === f));
          assert.deepEqual(
            group,
            [...group].sort((x, y) => x - y),
            'each group in the order read',
          );
        }
      }),
    );
  });
});

describe("the table of one method's calls (txTableModel)", () => {
  it('pages of its calls among the rows read, the range and note say so, failed ones first; the view passes the guard', async () => {
    const rows = calls(50, ['claim', 'settle_all'], (i) => i % 5 === 4);
    const h = await historyOf(rows, 60);
    const p0 = txTableView(base(h, { method: 'claim', failedFirst: true }), NOW);
    assert.equal(p0.rows.length, 20);
    assert.equal(p0.range, '1–20 of 25 calls to claim in the 50 read');
    assert.equal(p0.note, 'The calls to claim among the transactions read so far, failed ones first.');
    assert.deepEqual([p0.hasNewer, p0.hasOlder], [false, true]);
    const statuses = p0.rows.map((r) => r.status);
    assert.deepEqual(statuses.slice(0, 5), Array(5).fill('failure'));
    assert.ok(statuses.slice(5).every((s) => s === 'success'));
    assert.ok(p0.rows.every((r) => r.actions === 'claim'));
    assert.deepEqual(p0.methods, ['claim', 'settle_all']);
    assert.deepEqual(p0.pick, { method: 'claim', failedFirst: true });
    const p1 = txTableView(base(h, { method: 'claim', failedFirst: true }, 1), NOW);
    assert.deepEqual([p1.rows.length, p1.range, p1.hasNewer, p1.hasOlder], [5, '21–25 of 25 calls to claim in the 50 read', true, false]);
    const past = txTableView(base(h, { method: 'claim', failedFirst: false }, 9), NOW);
    assert.equal(past.page, 1, 'a page past its calls shows the last one');
    for (const v of [p0, p1, past]) assert.ok(isTxHostMessage({ type: 'txs', data: v }));
  });

  it('with more to read, Older is offered and the note says so; a method with no calls among them says that', async () => {
    const rows = calls(45, ['claim', 'settle_all'], () => false);
    const h = await historyOf(rows, 20);
    const v = txTableView(base(h, { method: 'claim', failedFirst: false }), NOW);
    assert.deepEqual([v.rows.length, v.range, v.hasOlder], [10, '1–10 of 10 calls to claim in the 20 read', true]);
    assert.equal(v.note, 'The calls to claim among the transactions read so far. Older reads more.');
    const none = txTableView(base(h, { method: HOSTILE, failedFirst: true }), NOW);
    assert.deepEqual([none.rows.length, none.range, none.note], [0, '', `No calls to ${HOSTILE} in the 20 read. Older reads more.`]);
    assert.ok(isTxHostMessage({ type: 'txs', data: none }));
  });

  it('without a method the table is as before, with the methods seen', async () => {
    const h = await historyOf(calls(25, ['claim', 'settle_all'], () => false));
    const v = txTableView({ ...base(h, NO_PICK), filter: ALL_TXS }, NOW);
    assert.deepEqual([v.rows.length, v.range, v.note, v.methods, v.pick], [20, '1–20 of 25', '', ['claim', 'settle_all'], NO_PICK]);
    const before = txTableView({ accountId: 'a.near', filter: ALL_TXS, page: 0, loading: false, error: '', unavailable: '', started: false }, NOW);
    assert.deepEqual([before.methods, before.pick], [[], NO_PICK]);
  });

  it("the webview's requests: a pick is optional, and checked exactly; the host's view needs its pick and methods", async () => {
    const txs = { type: 'txs', filter: ALL_TXS, page: 0, reload: false };
    assert.ok(isTxRequest(txs));
    assert.ok(isTxRequest({ ...txs, pick: { method: 'claim', failedFirst: true } }));
    assert.ok(isTxRequest({ ...txs, pick: { method: HOSTILE, failedFirst: false } }));
    // The longest name the filter lists (256 code points, each two UTF-16 units here) can be picked.
    const long = '😀'.repeat(300);
    const h0 = await historyOf(calls(1, [long], () => false));
    const [listed] = methodsSeen(h0.rows, h0.details);
    assert.ok(listed && [...listed].length === 256, 'cut to 256 code points');
    assert.ok(isTxRequest({ ...txs, pick: { method: listed, failedFirst: false } }));
    assert.equal(pickRows(h0.rows, h0.details, { method: listed, failedFirst: false }).length, 1);
    for (const pick of [
      { method: 'claim' },
      { method: 'claim', failedFirst: 'yes' },
      { method: 7, failedFirst: true },
      { method: 'x'.repeat(513), failedFirst: false },
      { method: 'claim', failedFirst: true, more: 1 },
      null,
    ])
      assert.ok(!isTxRequest({ ...txs, pick }), JSON.stringify(pick));
    const h = await historyOf(calls(3, ['claim'], () => false));
    const { pick: _pick, ...noPick } = txTableView(base(h, NO_PICK), NOW);
    assert.ok(!isTxHostMessage({ type: 'txs', data: noPick }));
    const { methods: _methods, ...noMethods } = txTableView(base(h, NO_PICK), NOW);
    assert.ok(!isTxHostMessage({ type: 'txs', data: noMethods }));
  });
});

describe("Open Balance Panel's transactions argument (txPickOfArgument)", () => {
  it('takes { method, failedFirst? } exactly', () => {
    assert.deepEqual(txPickOfArgument({ method: 'claim', failedFirst: true }), { method: 'claim', failedFirst: true });
    assert.deepEqual(txPickOfArgument({ method: 'settle_all' }), { method: 'settle_all', failedFirst: false });
    assert.deepEqual(txPickOfArgument({ method: HOSTILE, failedFirst: false }), { method: HOSTILE, failedFirst: false }, 'any name a contract may have');
  });

  it('refuses every other shape with the sentence a person reads', () => {
    for (const [bad, why] of [
      ['claim', /transactions is \{ method: string, failedFirst\?: boolean \}/],
      [null, /transactions is/],
      [['claim'], /transactions is/],
      [{}, /the method is a method name/],
      [{ method: '' }, /the method is a method name/],
      [{ method: 42 }, /the method is a method name/],
      [{ method: 'claim', failedFirst: 'true' }, /failedFirst is true or false/],
      [{ method: 'claim', failed: true }, /without "failed"/],
      [{ method: 'a\nb' }, /on one line/],
      [{ method: ' claim' }, /on one line/],
      [{ method: 'x'.repeat(257) }, /at most 256 characters/],
    ] as const)
      assert.throws(() => txPickOfArgument(bad), why, JSON.stringify(bad));
  });
});

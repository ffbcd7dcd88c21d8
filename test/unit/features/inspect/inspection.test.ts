// Inspect Transaction's model from what the node answers: the receipt tree from the outcomes (a receipt named but not
// run yet is pending), a receipt's changes planned from its block (the value before from an earlier write of another
// receipt, else read), its account before → after, the storage it adds and what it pins; the argument of the command;
// the panel's guards; the document's sections and the links to it from the hover and the failure.
import { strict as assert } from 'node:assert';
import type { StateChange } from '../../../../src/client/changes';
import { parseInspectArgs } from '../../../../src/features/inspect/model/inspectArgs';
import { inspectedChange, planAccount, planKeys, receiptState, txSkeleton } from '../../../../src/features/inspect/model/inspection';
import { inspectionLines } from '../../../../src/features/inspect/model/inspectText';
import { headView, receiptView, storageWords } from '../../../../src/features/inspect/model/inspectView';
import { isInspectHostMessage, isInspectState } from '../../../../src/features/inspect/guards';
import { isInspectRequest } from '../../../../src/features/inspect/protocol';
import { txHoverSections, transactionDocument } from '../../../../src/features/transactions/model/txMarkdown';
import { failureHoverLines } from '../../../../src/features/failures/model/failureView';
import { commandIdsIn } from '../../../../src/ui/links';
import { fromRecord } from '../../../../src/client/transactions/model';
import { parseJsonExact } from '../../../../src/base/json';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const H = (c: string): string => c.repeat(44);
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const acct = (storage: number, amount = '1'): { amount: string; locked: string; codeHash: string; storageUsage: string } => ({
  amount,
  locked: '0',
  codeHash: 'C0de',
  storageUsage: String(storage),
});

describe('Inspect Transaction: the model', () => {
  it('the receipt tree from the outcomes; a receipt named but not run is pending; the final status and totals', () => {
    const o = (id: string, ids: string[], status: unknown, gas: number, executor = 'c.near'): unknown => ({
      id,
      block_hash: H('B'),
      outcome: { executor_id: executor, gas_burnt: gas, tokens_burnt: String(gas * 100), receipt_ids: ids, status, metadata: { version: 3, gas_profile: [] } },
    });
    const sk = txSkeleton({
      transaction: { hash: H('T'), signer_id: 'a.near', receiver_id: 'c.near' },
      transaction_outcome: o(H('T'), [H('1')], { SuccessReceiptId: H('1') }, 10, 'a.near'),
      receipts_outcome: [o(H('1'), [H('2'), H('3')], { SuccessReceiptId: H('3') }, 100), o(H('2'), [], { SuccessValue: '' }, 50, 'd.near')],
      receipts: [
        {
          receipt_id: H('1'),
          predecessor_id: 'a.near',
          receiver_id: 'c.near',
          receipt: { Action: { actions: [{ FunctionCall: { method_name: 'go', args: '', gas: 7, deposit: '0' } }] } },
        },
      ],
    });
    assert.deepEqual(
      sk.receipts.map((r) => [r.id[0], r.parentId?.[0], r.status]),
      [
        ['1', undefined, 'success'],
        ['2', '1', 'success'],
        ['3', '1', 'pending'],
      ],
    );
    assert.equal(sk.status, 'pending', 'the receipt the chain names has not run');
    assert.equal(sk.gasBurnt, '160');
    assert.equal(sk.tokensBurnt, '16000');
    assert.equal(sk.receipts[0]?.attached, 7n);
    assert.equal(sk.receipts[0]?.ranCode, true);
    assert.equal(sk.receipts[2]?.ranCode, false);
  });

  it('a receipt’s keys from its block: the value before from another receipt’s earlier write, its last write as after, at most 20', () => {
    const mine = { type: 'receipt_processing', receiptHash: 'R' };
    const other = { type: 'receipt_processing', receiptHash: 'X' };
    const up = (cause: typeof mine, key: string, value: string): StateChange => ({
      cause,
      type: 'data_update',
      accountId: 'c',
      keyBase64: key,
      valueBase64: value,
    });
    const data: StateChange[] = [
      up(other, 'k1', 'x1'),
      up(mine, 'k1', 'm1'),
      up(mine, 'k1', 'm1b'),
      up(mine, 'k2', 'm2'),
      { cause: mine, type: 'data_deletion', accountId: 'c', keyBase64: 'k3' },
      up(other, 'k2', 'later'),
      ...Array.from({ length: 22 }, (_, i) => up(mine, `z${i}`, 'v')),
    ];
    const { keys, more } = planKeys('R', data);
    assert.equal(keys.length, 20);
    assert.equal(more, 5);
    assert.deepEqual(keys[0], { keyBase64: 'k1', earlier: 'x1', after: 'm1b' });
    assert.deepEqual(keys[1], { keyBase64: 'k2', after: 'm2' });
    assert.deepEqual(keys[2], { keyBase64: 'k3', after: null });
    const accounts: StateChange[] = [
      { cause: other, type: 'account_update', accountId: 'c', account: acct(10) },
      { cause: mine, type: 'account_update', accountId: 'c', account: acct(12) },
      { cause: { type: 'action_receipt_gas_reward', receiptHash: 'R' }, type: 'account_update', accountId: 'c', account: acct(12, '5') },
    ];
    assert.deepEqual(planAccount('R', accounts), { after: acct(12, '5'), before: acct(10), beforeInBlock: true });
    assert.deepEqual(planAccount('R', accounts.slice(1)), { after: acct(12, '5'), beforeInBlock: false });
  });

  it('create, update and delete with the bytes nearcore counts; the storage the receipt adds and what it pins', () => {
    const create = inspectedChange(b64('key'), null, b64('value'));
    assert.deepEqual([create.kind, create.bytesDelta], ['create', 3 + 5 + 40]);
    const update = inspectedChange(b64('key'), b64('v'), b64('value'));
    assert.deepEqual([update.kind, update.bytesDelta], ['update', 4]);
    const del = inspectedChange(b64('key'), b64('value'), null);
    assert.deepEqual([del.kind, del.bytesDelta], ['delete', -48]);
    const s = receiptState({ changes: [create, update, del], more: 0, storagePrice: 10n ** 19n });
    assert.equal(s.storageDelta, '4');
    assert.equal(s.storageCost, '40000000000000000000');
    assert.equal(storageWords(s), '+4 bytes of storage, pinning 0.00004 NEAR');
    // The account's own figures win; a key left out, or a value before not known, leaves the delta unsaid.
    assert.equal(receiptState({ changes: [create], more: 0, account: { before: acct(100), after: acct(90) }, storagePrice: 10n ** 19n }).storageDelta, '-10');
    assert.equal(storageWords({ storageDelta: '-10', storageCost: '-100000000000000000000' }), '−10 bytes of storage, freeing 0.0001 NEAR');
    assert.equal(receiptState({ changes: [create], more: 1 }).storageDelta, undefined);
    assert.equal(receiptState({ changes: [inspectedChange(b64('k'), { unknown: 'too large' }, b64('v'))], more: 0 }).storageDelta, undefined);
  });

  it('the argument: a hash, a receipt id or an explorer URL; bad input refused before anything is sent', () => {
    const h = '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8';
    assert.deepEqual(parseInspectArgs(h, false), { hash: h, show: true });
    assert.deepEqual(parseInspectArgs({ hash: `https://testnet.nearblocks.io/txns/${h}`, show: false }, false), { hash: h, network: 'testnet', show: false });
    assert.deepEqual(parseInspectArgs({ hash: `https://nearblocks.io/txns/${h}` }, true), { hash: h, show: true });
    assert.deepEqual(parseInspectArgs({ hash: h, signerId: ' alice.near ' }, false), { hash: h, signerId: 'alice.near', show: true });
    for (const bad of [
      {},
      { hash: 'nope' },
      { hash: h, extra: 1 },
      { hash: h, network: 'devnet' },
      { hash: h, signerId: 'Not An Id' },
      { hash: h, show: 'no' },
      42,
    ])
      assert.throws(
        () => parseInspectArgs(bad, false),
        (e: Error) => e.name === 'NearLensError',
        JSON.stringify(bad),
      );
  });

  it('the page’s requests and the host’s messages pass their exact guards; anything else does not', () => {
    assert.ok(isInspectRequest({ type: 'ready' }));
    assert.ok(isInspectRequest({ type: 'copy', receipt: 0, change: 3, side: 'before' }));
    assert.ok(!isInspectRequest({ type: 'copy', receipt: -1, change: 0, side: 'key' }));
    assert.ok(!isInspectRequest({ type: 'copy', receipt: 0, change: 0, side: 'key', extra: 1 }));
    assert.ok(!isInspectRequest({ type: 'openText', command: 'workbench.action.terminal.new' }));
    assert.ok(!isInspectRequest(Object.create({ type: 'ready' })));
    const receipt = receiptView(
      {
        id: 'r',
        executorId: 'c.near',
        predecessorId: 'a.near',
        methods: ['go'],
        status: 'success',
        refund: false,
        gas: { burnt: '10', groups: [{ name: 'logs', gas: '10', share: 100 }] },
        state: { changes: [] },
      },
      0,
      true,
    );
    const head = headView(
      { hash: H('T'), network: 'custom', signerId: 'a.near', receiverId: 'c.near', status: 'success', gasBurnt: '10', tokensBurnt: '1000', receipts: [] },
      'local · 127.0.0.1:3030',
    );
    assert.ok(isInspectHostMessage({ type: 'inspectStart', head, receipts: [receipt] }));
    assert.ok(isInspectHostMessage({ type: 'inspectReceipt', index: 0, receipt }));
    assert.ok(!isInspectHostMessage({ type: 'inspectReceipt', index: 0, receipt: { ...receipt, html: '<b>' } }));
    assert.ok(isInspectState({ hash: H('T'), network: 'custom' }));
    assert.ok(!isInspectState({ hash: 'x', network: 'custom' }));
  });

  it('the document gains the gas and state sections; the hover and an out-of-gas failure link to Inspect Transaction', () => {
    const record = readFileSync(path.join(__dirname, '../../../fixtures/tx/failed-gas-exceeded.json'), 'utf8');
    const t = fromRecord(parseJsonExact(record));
    const doc = transactionDocument(t, 'testnet');
    assert.match(doc, /^\/\/ Inspect Transaction: where its gas went and what it changed$/m);
    const gas = {
      burnt: '100',
      groups: [
        { name: 'storage writes', gas: '70', share: 70 },
        { name: "the call's own fee (not profiled)", gas: '30', share: 30 },
      ],
    };
    const inspected = transactionDocument(t, 'testnet', undefined, {
      inspection: {
        hash: t.hash,
        network: 'testnet',
        signerId: t.signerId,
        receiverId: t.receiverId,
        status: 'failure',
        gasBurnt: '100',
        tokensBurnt: '1',
        receipts: [
          {
            id: t.receipts[0]!.id,
            executorId: 'game.lensdev.near',
            predecessorId: 'player.lensdev.near',
            methods: ['settle_all'],
            status: 'failure',
            failure: 'Exceeded the prepaid gas.',
            refund: false,
            gas,
            state: { changes: [inspectedChange(b64('STATE'), b64('a'), b64('bb'))], storageDelta: '1', storageCost: '10000000000000000000' },
          },
        ],
      },
    });
    assert.match(inspected, /\/\/ Gas and state \(Inspect Transaction\):/);
    assert.match(inspected, /gas: 0\.0000000001 TGas burnt/);
    assert.match(inspected, /Out of gas: most of it went to storage writes/);
    assert.match(inspected, /STATE: a → bb · update · \+1 bytes/);
    const hover = txHoverSections(t.hash, { kind: 'tx', tx: t, network: 'testnet' }).join('\n');
    assert.ok(commandIdsIn(hover).includes('nearLens.inspectTransaction'), hover);
    const failure = failureHoverLines(t.error!, undefined, { hash: t.hash, network: 'testnet' }).join('\n');
    assert.match(failure, /Where the gas went: \[Inspect Transaction\]\(command:nearLens\.inspectTransaction\?/);
    assert.equal(
      inspectionLines({ hash: t.hash, network: 'testnet', signerId: '', receiverId: '', status: 'success', gasBurnt: '0', tokensBurnt: '0', receipts: [] })
        .length,
      1,
    );
  });
});

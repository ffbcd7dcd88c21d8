// The record → model on a table of records (the real mainnet meta-transaction, and records built in the service's
// exact shape: a plain Transfer, an AddKey with full access, a failed call with a panic): status, failure text,
// actions in words, the fee summed exactly over the transaction and every receipt, u64 times exact.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../../src/base/json';
import { fromRecord, fromRpc, eventsOf } from '../../../src/client/transactions/model';
import { failureText } from '../../../src/near/failure/text';
import { toAction } from '../../../src/client/transactions/actions';
import { hashError } from '../../../src/near/hash';
import { NearLensError } from '../../../src/base/errors';

const DIR = path.resolve(__dirname, '../../fixtures/tx');
const load = (name: string): unknown => parseJsonExact(readFileSync(path.join(DIR, `${name}.json`), 'utf8'));

interface Row {
  file: string;
  status: 'success' | 'failure';
  failure?: string;
  signer: string;
  receiver: string;
  actions: string[];
  tokensBurnt: string;
  gasBurnt: string;
  timestamp: string;
  blockHeight: string;
  receipts: number;
  failedReceipts: number;
}

const TABLE: Row[] = [
  {
    file: 'fastnear-tx-8atrNKVj',
    status: 'success',
    signer: 'sweat-relayer.near',
    receiver: 'dec9ffda1a8c8f58362372ae5f2f97720f05fecb66027b288f6796fd41630b6b',
    actions: ['Delegate: dec9ffda1a8c8f58362372ae5f2f97720f05fecb66027b288f6796fd41630b6b → token.sweat: ft_transfer'],
    // 51440143409500000000 × 2 + 196358891699900000000 + 0
    tokensBurnt: '299239178518900000000',
    gasBurnt: String(514401434095n * 2n + 1963588916999n + 223182562500n),
    timestamp: '1771106600329561530',
    blockHeight: '185572450',
    receipts: 3,
    failedReceipts: 0,
  },
  {
    file: 'transfer-alice-bob',
    status: 'success',
    signer: 'alice.near',
    receiver: 'bob.near',
    actions: ['Transfer 1.5 NEAR'],
    tokensBurnt: String((223182562500n + 1000000n + 223182562500n) * 100000000n),
    gasBurnt: String(223182562500n + 1000000n + 223182562500n),
    timestamp: '1771105000000123457',
    blockHeight: '185570000',
    receipts: 1,
    failedReceipts: 0,
  },
  {
    file: 'addkey-full-alice',
    status: 'success',
    signer: 'alice.near',
    receiver: 'alice.near',
    actions: ['AddKey (full access)'],
    tokensBurnt: String((223182562500n + 1000000n + 101765125000n) * 100000000n),
    gasBurnt: String(223182562500n + 1000000n + 101765125000n),
    timestamp: '1771105022200123457',
    blockHeight: '185570037',
    receipts: 1,
    failedReceipts: 0,
  },
  {
    file: 'failed-ft-transfer',
    status: 'failure',
    failure: "Action #0: Smart contract panicked: The account doesn't have enough balance",
    signer: 'bob.near',
    receiver: 'wrap.near',
    actions: ['ft_transfer'],
    // the refund receipt burns nothing
    tokensBurnt: String((223182562500n + 1000000n + 2437803510187n) * 100000000n),
    gasBurnt: String(223182562500n + 1000000n + 2437803510187n + 223182562500n),
    timestamp: '1771105044400123457',
    blockHeight: '185570074',
    receipts: 2,
    failedReceipts: 1,
  },
];

describe('transaction model', () => {
  for (const row of TABLE) {
    it(`reads ${row.file}: ${row.status}, ${row.actions.join(', ')}`, () => {
      const t = fromRecord(load(row.file));
      assert.equal(t.status, row.status);
      assert.equal(t.failure, row.failure);
      assert.equal(t.signerId, row.signer);
      assert.equal(t.receiverId, row.receiver);
      assert.deepEqual(
        t.actions.map((a) => a.summary),
        row.actions,
      );
      assert.equal(t.tokensBurnt, row.tokensBurnt);
      assert.equal(t.gasBurnt, row.gasBurnt);
      assert.equal(t.timestamp, row.timestamp);
      assert.equal(t.blockHeight, row.blockHeight);
      assert.equal(t.receipts.length, row.receipts);
      assert.equal(t.receipts.filter((r) => r.status === 'failure').length, row.failedReceipts);
    });
  }

  it('the meta-transaction: the relayer, the inner sender, receiver and call with its exact gas and deposit; events decoded; the refund marked', () => {
    const t = fromRecord(load('fastnear-tx-8atrNKVj'));
    const d = t.actions[0];
    assert.ok(d && d.kind === 'Delegate');
    assert.equal(d.senderId, 'dec9ffda1a8c8f58362372ae5f2f97720f05fecb66027b288f6796fd41630b6b');
    assert.equal(d.receiverId, 'token.sweat');
    const call = d.actions[0];
    assert.ok(call && call.kind === 'FunctionCall');
    assert.equal(call.gas, '20000000000000');
    assert.equal(call.deposit, '1');
    const [relay, inner, refund] = t.receipts;
    assert.equal(relay?.predecessorId, 'sweat-relayer.near');
    assert.equal(inner?.receiverId, 'token.sweat');
    assert.deepEqual(
      inner?.events.map((e) => `${e.standard}:${e.event}`),
      ['nep141:ft_transfer'],
    );
    assert.equal(refund?.refund, true);
    assert.equal(refund?.actions[0]?.summary, 'Transfer 0.0018924767962223 NEAR');
    assert.equal(inner?.timestamp, '1771106601406216880');
  });

  it('follows the chain to the final status: a failure past a success, pending when the named receipt is missing', () => {
    const rec = load('transfer-alice-bob') as { receipts: unknown[] };
    const pending = fromRecord({ ...rec, receipts: [] });
    assert.equal(pending.status, 'pending');
    const failed = fromRecord(load('failed-ft-transfer'));
    assert.equal(failed.receipts[0]?.failure, "Action #0: Smart contract panicked: The account doesn't have enough balance");
    assert.equal(failed.receipts[1]?.status, 'success');
  });

  it('an RPC answer reads as the same model with the block given', () => {
    const r = load('transfer-alice-bob') as Record<string, unknown> & { receipts: Array<Record<string, unknown>> };
    const eo = r['execution_outcome'] as Record<string, unknown>;
    const rpc = {
      transaction: r['transaction'],
      transaction_outcome: { id: eo['id'], outcome: eo['outcome'], block_hash: eo['block_hash'] },
      receipts_outcome: r.receipts.map((x) => {
        const o = x['execution_outcome'] as Record<string, unknown>;
        return { id: o['id'], outcome: o['outcome'], block_hash: o['block_hash'] };
      }),
    };
    const t = fromRpc(rpc, { height: '185570000', timestamp: '1771105000000123457' });
    assert.equal(t.status, 'success');
    assert.equal(t.tokensBurnt, fromRecord(r).tokensBurnt);
    assert.equal(t.receipts[0]?.receiverId, 'bob.near');
  });

  it('failures in words: other action errors and invalid transactions', () => {
    assert.equal(
      failureText({ ActionError: { index: 1, kind: { AccountDoesNotExist: { account_id: 'x.near' } } } }),
      'Action #1: Account does not exist (account id x.near)',
    );
    assert.equal(
      failureText({ ActionError: { index: 0, kind: { FunctionCallError: { MethodResolveError: 'MethodNotFound' } } } }),
      'Action #0: Method not found',
    );
    assert.equal(
      failureText({ InvalidTxError: { NotEnoughBalance: { signer_id: 'a.near', balance: '1', cost: '2' } } }),
      'Invalid transaction: not enough balance (signer id a.near, balance 1, cost 2)',
    );
    assert.equal(failureText({ InvalidTxError: 'Expired' }), 'Invalid transaction: expired');
  });

  it('actions: every kind in a word, AddKey with a function-call permission, an unknown one by name', () => {
    assert.equal(toAction('CreateAccount').summary, 'CreateAccount');
    assert.equal(toAction({ Stake: { stake: '30000000000000000000000000000', public_key: 'ed25519:x' } }).summary, 'Stake 30,000 NEAR');
    assert.equal(toAction({ DeleteAccount: { beneficiary_id: 'b.near' } }).summary, 'DeleteAccount (beneficiary b.near)');
    assert.equal(toAction({ DeleteKey: { public_key: 'ed25519:x' } }).summary, 'DeleteKey');
    const fc = toAction({
      AddKey: {
        public_key: 'ed25519:x',
        access_key: { nonce: 0, permission: { FunctionCall: { allowance: null, receiver_id: 'app.near', method_names: [] } } },
      },
    });
    assert.equal(fc.summary, 'AddKey (function call: app.near, any method)');
    const code = toAction({ DeployContract: { code: Buffer.alloc(32, 1).toString('base64') } });
    assert.ok(code.kind === 'DeployContract' && code.codeHash.length >= 43);
    assert.equal(toAction({ DeployGlobalContract: { code: '' } }).kind, 'Other');
    assert.throws(() => toAction({ Transfer: { deposit: '1e24' } }), NearLensError);
    assert.throws(() => toAction({ Transfer: { deposit: 1.5 } }), NearLensError);
  });

  it('events: only EVENT_JSON lines with a standard and an event', () => {
    assert.deepEqual(eventsOf(['hello', 'EVENT_JSON:{"standard":"nep171","version":"1.0.0","event":"nft_mint","data":[]}', 'EVENT_JSON:{bad']), [
      { standard: 'nep171', version: '1.0.0', event: 'nft_mint', data: [] },
    ]);
  });

  it('hash input: base58 of 32 bytes only', () => {
    assert.equal(hashError('8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8'), undefined);
    assert.match(hashError('8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU0') ?? '', /"0" is not in base58/);
    assert.match(hashError('') ?? '', /Enter a transaction hash/);
    assert.match(hashError('abc') ?? '', /bytes, not 32/);
    assert.match(hashError('ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd') ?? '', /key, not a transaction hash/);
  });
});

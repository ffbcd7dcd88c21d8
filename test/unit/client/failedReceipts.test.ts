// Every failed receipt of the stub's failed records (scripts/fixtures/make-tx.mjs: nearcore's exact error shapes) is
// explained where the model is built: its kind, words, explanation, fix and location, from the raw failure and the
// action that failed; the transaction's own `error` is its final failed receipt's, the very same object.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../../src/base/json';
import { fromRecord, fromRpc } from '../../../src/client/transactions/model';
import type { TransactionModel } from '../../../src/client/transactions/model';

const load = (name: string): TransactionModel => fromRecord(parseJsonExact(readFileSync(path.resolve(__dirname, `../../fixtures/tx/${name}.json`), 'utf8')));

describe('failed receipts explained in the model', () => {
  it('a panic with a location: the words alone, the location as written, the unwrap fix; the transaction shares it', () => {
    const t = load('failed-panic-location');
    const failed = t.receipts.filter((r) => r.error);
    assert.equal(failed.length, 1);
    const e = failed[0]!.error!;
    assert.deepEqual(e, {
      kind: 'panic',
      message: 'called `Option::unwrap()` on a `None` value',
      location: { path: 'src/lib.rs', line: 29, column: 50 },
      explanation: 'claim on game.lensdev.near panicked at src/lib.rs:29:50.',
      fix: 'An unwrap() met None there: handle the missing case (expect("why") or require!) so callers get a reason.',
    });
    assert.equal(t.error, e, 'the final failure is its receipt’s own');
    // Beside today's words, not instead of them.
    assert.match(t.failure ?? '', /^Action #0: Smart contract panicked: panicked at src\/lib\.rs:29:50:/);
  });

  it('a message alone (a format string filled in): no location; the deposit it attached is known', () => {
    const e = load('failed-panic-message').error!;
    assert.equal(e.kind, 'panic');
    assert.equal(e.message, 'round 7 is closed to bets');
    assert.equal(e.location, undefined);
    assert.match(e.explanation, /^play on arcade\.lensdev\.near panicked with this message/);
  });

  it('a JS contract (near-sdk-js): its words without the stack, the stack in frames, the own innermost function named', () => {
    const t = load('failed-js-assert');
    const e = t.error!;
    assert.deepEqual(e, {
      kind: 'panic',
      message: 'assertion failed: Amount must be positive',
      location: { path: 'build/contract.js', line: 39, column: 1 },
      stack: [
        { function: 'assert', file: 'build/contract.js', line: 5 },
        { function: 'mint', file: 'build/contract.js', line: 39 },
        { function: 'mint', file: 'build/contract.js', line: 60 },
      ],
      explanation: 'mint on mint.lensdev.near panicked in mint (build/contract.js:39).',
    });
    assert.equal(t.failure, 'Action #0: Smart contract panicked: assertion failed: Amount must be positive');
  });

  it('method not found names the method and the receiver', () => {
    const e = load('failed-method-not-found').error!;
    assert.equal(e.kind, 'method-not-found');
    assert.equal(e.explanation, 'game.lensdev.near has no exported method "clam".');
    assert.match(e.fix ?? '', /pub fn clam inside the #\[near\] impl/);
  });

  it('prepaid gas exceeded: the gas attached to the action and burnt by the receipt, exact TGas', () => {
    const e = load('failed-gas-exceeded').error!;
    assert.equal(e.kind, 'gas-exceeded');
    assert.equal(e.explanation, 'settle_all on game.lensdev.near used all 10 TGas attached to it; the receipt burnt 10.2231825625 TGas in all.');
    assert.match(e.fix ?? '', /up to 300 TGas/);
  });

  it('LackBalanceForState: how much, in exact NEAR', () => {
    const e = load('failed-lack-balance').error!;
    assert.equal(e.kind, 'balance');
    assert.equal(e.explanation, 'player.lensdev.near would not keep enough NEAR for the storage it uses: it needs 1.83295 NEAR more.');
  });

  it('a transaction that did not fail has no error anywhere', () => {
    const t = load('transfer-alice-bob');
    assert.equal(t.error, undefined);
    assert.ok(t.receipts.every((r) => r.error === undefined));
  });

  it('RPC EXPERIMENTAL_tx_status reads the same errors (its receipts carry the actions)', () => {
    const rec = parseJsonExact(readFileSync(path.resolve(__dirname, '../../fixtures/tx/failed-gas-exceeded.json'), 'utf8')) as {
      transaction: unknown;
      execution_outcome: Record<string, unknown>;
      receipts: Array<{ execution_outcome: Record<string, unknown>; receipt: Record<string, unknown> }>;
    };
    const view = (o: Record<string, unknown>): unknown => ({ id: o['id'], outcome: o['outcome'], block_hash: o['block_hash'] });
    const t = fromRpc(
      {
        transaction: rec.transaction,
        transaction_outcome: view(rec.execution_outcome),
        receipts_outcome: rec.receipts.map((r) => view(r.execution_outcome)),
        receipts: rec.receipts.map((r) => r.receipt),
      },
      { height: '1', timestamp: '1' },
    );
    assert.deepEqual(t.error, load('failed-gas-exceeded').error);
  });
});

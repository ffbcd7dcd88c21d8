// The contract lens's reads against the loopback stub (#47): a linked contract's calls as the transactions API serves
// them (successes, failures with two messages, a transaction calling two methods whose second call fails), then more calls, then a burst past
// the 200-row cap; what each read sends.
import assert from 'node:assert/strict';
import { afterRead, readCounts } from '../../../../src/features/contractLens/model/countsRead';
import { contractActivityOf, EMPTY_COUNTS } from '../../../../src/features/contractLens/model/methodCounts';
import type { MethodCounts } from '../../../../src/features/contractLens/model/methodCounts';
import type { NearClient } from '../../../../src/client/client';
import { clientFor, useStub } from '../../../support/fixture';
import { lensCalls } from '../../../support/stubActivity';
import type { Stub } from '../../../support/stub';

const C = 'lens.contract.near';

describe('contract lens: reads against the stub', function () {
  this.timeout(20_000);
  const getStub = useStub();
  let stub: Stub;
  let client: NearClient;
  let counts: MethodCounts;
  const read = async (): Promise<void> => {
    const now = Date.now();
    counts = afterRead(counts, C, await readCounts(client, C, counts.cursor, now), String(BigInt(now) * 1_000_000n)).counts;
  };
  const figures = () =>
    contractActivityOf(C, 'custom', counts)?.methods.map((m) => [m.method, m.calls24h, m.failed24h, m.lastFailure?.message ?? '', m.lastFailure?.kind ?? '']);
  const sent = (path: string) => stub.requests.filter((r) => r.host === 'tx' && r.path === path);

  before(() => {
    stub = getStub();
    client = clientFor(stub);
    counts = EMPTY_COUNTS;
  });

  it('counts a contract’s calls per method, by what the records say', async () => {
    stub.appendCalls(lensCalls(C));
    await read();
    assert.deepEqual(figures(), [
      ['claim', 5, 3, 'round is over', 'panic'],
      ['settle_all', 2, 0, '', ''],
      ['ping', 1, 0, '', ''],
    ]);
    assert.deepEqual(
      sent('/v0/account').map((r) => r.body),
      [{ account_id: C, limit: 200, is_function_call: true }],
    );
    assert.equal(sent('/v0/transactions').length, 1);
  });

  it('nothing new: one request; more calls: counted once each', async () => {
    stub.clearRequests();
    await read();
    assert.equal(stub.requests.length, 1, 'one /v0/account page');
    assert.ok((sent('/v0/account')[0]?.body as { from_tx_block_height?: unknown }).from_tx_block_height !== undefined, 'from the newest row read');
    stub.appendCalls([
      { contract: C, method: 'claim', panic: 'insufficient deposit' },
      { contract: C, method: 'ping' },
    ]);
    await read();
    assert.deepEqual(figures()?.slice(0, 1), [['claim', 6, 4, 'insufficient deposit', 'panic']]);
    assert.equal(contractActivityOf(C, 'custom', counts)?.rows, 9);
  });

  it('250 calls between two reads: the newest 200 read in 10 batches, said as capped', async () => {
    stub.appendCalls(Array.from({ length: 250 }, (_, i) => ({ contract: C, method: i % 5 === 0 ? 'claim' : 'ping' })));
    stub.clearRequests();
    await read();
    assert.equal(sent('/v0/account').length, 1);
    assert.equal(sent('/v0/transactions').length, 10);
    const a = contractActivityOf(C, 'custom', counts);
    assert.equal(a?.rows, 209);
    assert.equal(a?.capped, true);
  });
});

// One list of an account (#26): which watchlist node names which narrow endpoint, and the account with that list
// replaced (the state and the other lists untouched).
import { strict as assert } from 'node:assert';
import type { AccountFull } from '../../../src/near/account';
import { listPartOf, withList } from '../../../src/ui/listPart';

describe('one list of an account', () => {
  it('the Tokens, NFT collections and Staking pools nodes name /ft, /nft and /staking', () => {
    assert.equal(listPartOf({ id: 'alice.near/tokens', accountId: 'alice.near', kind: 'group' }), 'ft');
    assert.equal(listPartOf({ id: 'alice.near/nfts', accountId: 'alice.near' }), 'nft');
    assert.equal(listPartOf({ id: 'alice.near/pools', accountId: 'alice.near' }), 'staking');
    assert.equal(listPartOf({ accountId: 'alice.near', part: 'nft' }), 'nft');
  });
  it('anything else names none (a whole refresh)', () => {
    for (const arg of [
      'alice.near',
      undefined,
      null,
      { id: 'alice.near', accountId: 'alice.near' },
      { id: 'alice.near/pools/past', accountId: 'alice.near' },
      { id: 'alice.near/ft/usdt.tether-token.near', accountId: 'alice.near' },
      { id: 'alice.near/state', accountId: 'alice.near' },
      { id: 'bob.near/tokens', accountId: 'alice.near' },
      { accountId: 'alice.near', part: 'full' },
    ])
      assert.equal(listPartOf(arg), undefined, JSON.stringify(arg));
  });
  it('replaces that list only', () => {
    const full: AccountFull = {
      accountId: 'alice.near',
      state: { balance: 5n, locked: 0n, storageBytes: 100 } as never,
      tokens: [{ contractId: 'a.near', balance: '1', lastUpdate: 1 } as never],
      nfts: [],
      pools: [{ poolId: 'p.poolv1.near', lastUpdate: 2 } as never],
      latestActivity: 2,
    };
    const tokens = [{ contractId: 'b.near', balance: '2', lastUpdate: 3 } as never];
    const next = withList(full, 'ft', tokens);
    assert.deepEqual(next, { ...full, tokens });
    assert.equal(next.state, full.state);
    assert.equal(next.pools, full.pools);
    assert.equal(full.tokens.length, 1); // not changed in place
    assert.deepEqual(withList(full, 'staking', []).pools, []);
  });
});

// The tokens', NFTs' and pools' last update in words: a block, "not tracked" for rows older than the indexer's tracking,
// "none held" for an account without any — never words that read as the account's latest transaction.
import { strict as assert } from 'node:assert';
import { listsUpdatedText } from '../../../src/ui/slots';

const none = { tokens: [], nfts: [], pools: [], latestActivity: undefined };

describe('the lists’ last update in words', () => {
  it('a block, "not tracked", or "none held"', () => {
    assert.equal(listsUpdatedText({ ...none, latestActivity: 132_000_789 }), 'block #132,000,789');
    assert.equal(listsUpdatedText({ ...none, pools: [{ poolId: 'a.poolv1.near', lastUpdate: null }] }), 'not tracked');
    assert.equal(listsUpdatedText(none), 'none held');
  });
});

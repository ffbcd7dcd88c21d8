// A transaction's explorer page comes from the same setting as an account's: a known explorer's account template
// (nearblocks, pikespeak) gives its transaction page on the same host; any other template, or none, gives no link.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../../../src/base/json';
import { fromRecord } from '../../../../src/client/transactions/model';
import { txHoverSections } from '../../../../src/features/transactions/model/txMarkdown';
import { txExplorerUrl } from '../../../../src/near/networks';
import { normaliseSettings, txExplorerUrlFor } from '../../../../src/platform/settings';

const HASH = '8atrNKnDCPGwtsrwh4NA3PqCMo8mCLDRt4e8ZtYWCaYF';

describe('transaction explorer links follow the explorer setting', () => {
  it('derives the transaction page of a known explorer from its account page', () => {
    assert.equal(txExplorerUrl('https://nearblocks.io/address/{accountId}', HASH), `https://nearblocks.io/txns/${HASH}`);
    assert.equal(txExplorerUrl('https://testnet.nearblocks.io/address/{accountId}?tab=tokens', HASH), `https://testnet.nearblocks.io/txns/${HASH}`);
    assert.equal(txExplorerUrl('https://pikespeak.ai/wallet-explorer/{accountId}/transfers', HASH), `https://pikespeak.ai/transaction-viewer/${HASH}`);
  });

  it('guesses no page for another explorer or another path', () => {
    for (const t of [
      'https://explorer.example/{accountId}',
      'https://nearblocks.io/token/{accountId}',
      'https://nearblocks.io/address/x{accountId}',
      'https://nearblocks.io.evil.example/address/{accountId}',
      'ftp://nearblocks.io/address/{accountId}',
      'not a url',
    ])
      assert.equal(txExplorerUrl(t, HASH), undefined, t);
  });

  it('uses the network’s own template: the defaults, a user’s choice, none on a custom network without one', () => {
    const dflt = normaliseSettings({}, { trusted: true });
    assert.equal(txExplorerUrlFor(dflt, HASH, 'mainnet'), `https://nearblocks.io/txns/${HASH}`);
    assert.equal(txExplorerUrlFor(dflt, HASH, 'testnet'), `https://testnet.nearblocks.io/txns/${HASH}`);
    assert.equal(txExplorerUrlFor(dflt, HASH, 'custom'), undefined);
    const mine = normaliseSettings(
      {
        'explorer.mainnetUrl': { globalValue: 'https://pikespeak.ai/wallet-explorer/{accountId}' },
        'explorer.testnetUrl': { globalValue: 'https://explorer.example/{accountId}' },
        'customNetwork.explorerUrl': { globalValue: 'https://testnet.nearblocks.io/address/{accountId}' },
      },
      { trusted: true },
    );
    assert.equal(txExplorerUrlFor(mine, HASH, 'mainnet'), `https://pikespeak.ai/transaction-viewer/${HASH}`);
    assert.equal(txExplorerUrlFor(mine, HASH, 'testnet'), undefined);
    assert.equal(txExplorerUrlFor(mine, HASH, 'custom'), `https://testnet.nearblocks.io/txns/${HASH}`);
  });

  it('the hover links a transaction to the page the settings give, and to none without one', () => {
    const tx = fromRecord(parseJsonExact(readFileSync(path.resolve(__dirname, '../../../fixtures/tx/transfer-alice-bob.json'), 'utf8')));
    const hover = (network: 'mainnet' | 'custom', s = normaliseSettings({}, { trusted: true })): string =>
      txHoverSections(tx.hash, { kind: 'tx', tx, network }, s).join('\n');
    assert.ok(hover('mainnet').includes(`[Open in Explorer](https://nearblocks.io/txns/${encodeURIComponent(tx.hash)})`));
    assert.ok(!hover('custom').includes('Open in Explorer'));
    const other = normaliseSettings({ 'explorer.mainnetUrl': { globalValue: 'https://explorer.example/{accountId}' } }, { trusted: true });
    assert.ok(!hover('mainnet', other).includes('Open in Explorer'));
  });
});

// The transaction hover and document name the network as the user reads it: a local node by its host
// ("local · 127.0.0.1:3031"), never "custom"; command links still carry the network's setting value.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../../../src/base/json';
import { fromRecord } from '../../../../src/client/transactions/model';
import { transactionDocument, txHoverSections } from '../../../../src/features/transactions/model/txMarkdown';

const record = parseJsonExact(readFileSync(path.resolve(__dirname, '../../../fixtures/tx/transfer-alice-bob.json'), 'utf8'));
const plain = (md: string): string => md.replace(/\\(.)/g, '$1');

describe('transaction text names the network as the user reads it', () => {
  const tx = fromRecord(record);
  const name = 'local · 127.0.0.1:3031';

  it('hover: "on local · 127.0.0.1:3031", links with network "custom"', () => {
    const md = plain(txHoverSections(tx.hash, { kind: 'tx', tx, network: 'custom', name }).join('\n'));
    assert.ok(md.includes(`**Transaction** on ${name}:`), md);
    assert.ok(!/on custom\b/.test(md), md);
    assert.ok(md.includes(encodeURIComponent('"network":"custom"')), md);
    for (const kind of ['needs-signer', 'not-found'] as const) {
      const text = plain(txHoverSections(tx.hash, { kind, network: 'custom', name }).join('\n'));
      assert.ok(text.includes(`on ${name}`), text);
    }
  });

  it('without a name, the network value is shown (presets)', () => {
    assert.ok(plain(txHoverSections(tx.hash, { kind: 'tx', tx, network: 'mainnet' }).join('\n')).includes('**Transaction** on mainnet:'));
  });

  it('document: its first line names the node', () => {
    assert.ok(transactionDocument(tx, name).split('\n')[0]?.endsWith(`· ${name}`));
  });
});

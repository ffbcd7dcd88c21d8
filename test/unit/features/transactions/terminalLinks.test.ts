// Terminal lines → links to Look Up Transaction, on the shapes near-cli-rs, near-api-js, near-workspaces-js and -rs
// print (modelled on their sources: near-cli-rs's transaction status and send, near-api-js's receipt logs,
// near-workspaces-js's TXDEBUG summary, near-workspaces-rs's Debug of ExecutionFinalResult). In each line ⟦…⟧ marks a
// link: its range is exactly the hash, and its lookup is the hash or, inside an explorer URL, the URL.
import { strict as assert } from 'node:assert';
import { terminalTxLinks } from '../../../../src/features/transactions/model/terminalLinks';

const TX = 'B9aypWiMuiWR5kqzewL9eC96uZWA3qCMhLe67eBMWacq';
const TX2 = 'Byy8Hg5te6i9LtgCMcg8uVHzHnJmfTKBZJT5Aj7wPnEL';
const RECEIPT = '5GhZcpfKWhrpaZo5Am74QfEUFQnZBz48G7hfoLPVDXcq';
const RECEIPT2 = 'C2GLsZic8Djf3fcpSUbQTaRn7fcKKNnQVs9TZy6JCu6'; // 43 characters
const BLOCK = 'AdgNifPYpoDNS5ckfBZm36Ai6LuL5bTstuKsVdGjKwGp';
const BLOCK2 = '2jTjceFYwriWuAqpvzdVbTof88E7YKt9td9J7iU9hYeP';
const PUBLIC_KEY = 'DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd';

/** A marked line: the text without ⟦⟧, and each marked span with the lookup it expects (`@url` after the span: the URL). */
function unmark(marked: string): { line: string; want: Array<{ start: number; end: number; hash: string; url: boolean }> } {
  const want: Array<{ start: number; end: number; hash: string; url: boolean }> = [];
  let line = '';
  const re = /⟦([^⟧]+)⟧(@url)?/g;
  let from = 0;
  for (let m = re.exec(marked); m; m = re.exec(marked)) {
    line += marked.slice(from, m.index);
    const hash = m[1] ?? '';
    want.push({ start: line.length, end: line.length + hash.length, hash, url: m[2] !== undefined });
    line += hash;
    from = m.index + m[0].length;
  }
  return { line: line + marked.slice(from), want };
}

const TABLE: Array<[tool: string, marked: string, url?: string]> = [
  // near-cli-rs: the transaction's status (indented by its payload bar), a send without waiting, a timeout's hint
  ['near-cli-rs', `│    Transaction ID: ⟦${TX}⟧`],
  ['near-cli-rs', `│    https://explorer.testnet.near.org/transactions/⟦${TX}⟧@url`, `https://explorer.testnet.near.org/transactions/${TX}`],
  ['near-cli-rs', `Transaction ID: ⟦${TX}⟧`],
  ['near-cli-rs', `https://testnet.nearblocks.io/txns/⟦${TX}⟧@url`, `https://testnet.nearblocks.io/txns/${TX}`],
  ['near-cli-rs', `│    Please, check the transaction status later using the transaction ID: ⟦${TX}⟧`],
  // near-api-js: the receipts of an outcome with logs or a failure; the old near CLI's error line
  ['near-api-js', `Receipt: ⟦${RECEIPT2}⟧`],
  ['near-api-js', `Receipts: ⟦${RECEIPT}⟧, ⟦${RECEIPT2}⟧`],
  [
    'near-api-js',
    `Error:  TypedError: Transaction ⟦${TX2}⟧ failed. Smart contract panicked: panicked at 'internal error: entered unreachable code: AHAHA', src/lib.rs:29:9`,
  ],
  // near-workspaces-js with NEAR_WORKSPACES_TXDEBUG: the summary, on the sandbox and on testnet (its explorer URL)
  ['near-workspaces-js', `(412 ms) burned 4174947687500 alice.test.near -> contract.test.near Nonce: 3 Hash: ⟦${TX}⟧ Actions:`],
  [
    'near-workspaces-js',
    `(2203 ms) burned 2428073311104 dev-1700000000000-123.testnet -> dev-1700000000000-123.testnet Nonce: 95 Hash: https://explorer.testnet.near.org/⟦${TX}⟧@url Actions:`,
    `https://explorer.testnet.near.org/${TX}`,
  ],
  // near-workspaces-rs: `{:?}` of an ExecutionFinalResult: the transaction and its receipts, never the block
  [
    'near-workspaces-rs',
    `ExecutionFinalResult { total_gas_burnt: NearGas { inner: 4174947687500 }, transaction: ExecutionOutcome { transaction_hash: ⟦${TX}⟧, block_hash: ${BLOCK}, logs: [], receipt_ids: [⟦${RECEIPT}⟧], gas_burnt: NearGas { inner: 2428073311104 }, tokens_burnt: NearToken { inner: 242807331110400000000 }, executor_id: AccountId("alice.test.near"), status: SuccessReceiptId(⟦${RECEIPT}⟧) }, receipts: [ExecutionOutcome { transaction_hash: ⟦${RECEIPT}⟧, block_hash: ${BLOCK2}, logs: [], receipt_ids: [⟦${RECEIPT2}⟧], gas_burnt: NearGas { inner: 1746874376396 } }] }`,
  ],
  // `{:#?}`: a field a line; a list's item on its own line has no label on its line, so it is no link
  ['near-workspaces-rs', `        transaction_hash: ⟦${TX}⟧,`],
  ['near-workspaces-rs', `        block_hash: ${BLOCK},`],
  ['near-workspaces-rs', `            ${RECEIPT},`],
  // explorer URLs of a transaction, with the sentence's punctuation after them
  ['explorer', `https://pikespeak.ai/transaction-viewer/⟦${TX}⟧@url/detailed`, `https://pikespeak.ai/transaction-viewer/${TX}/detailed`],
  ['explorer', `Done: https://nearblocks.io/txns/⟦${TX}⟧@url.`, `https://nearblocks.io/txns/${TX}`],
  ['explorer', `see https://nearblocks.io/blocks/${BLOCK}`],
  // named as something else, or not named at all
  ['other', `Transaction ⟦${TX}⟧ included in block ${BLOCK}`],
  ['other', `Block hash: ${BLOCK}`],
  ['other', `  "header": { "hash": "${BLOCK}", "prev_hash": "${BLOCK2}" }`],
  ['other', `code_hash: ${BLOCK} (1.2 KB)`],
  ['other', `public key (base58): ${PUBLIC_KEY}`],
  ['other', `Transaction signed with ed25519:${PUBLIC_KEY}`],
  ['other', `INFO ${TX} done`],
  ['other', `INFO tx ⟦${TX}⟧ done`],
];

describe('terminal links: transaction hashes in test and CLI output', () => {
  for (const [tool, marked, url] of TABLE) {
    it(`${tool}: ${marked.slice(0, 90)}`, () => {
      const { line, want } = unmark(marked);
      const got = terminalTxLinks(line);
      assert.deepEqual(
        got.map((l) => ({ start: l.start, end: l.end, hash: l.hash })),
        want.map(({ start, end, hash }) => ({ start, end, hash })),
        line,
      );
      for (const [i, l] of got.entries()) {
        assert.equal(line.slice(l.start, l.end), l.hash);
        assert.equal(l.lookup, want[i]?.url ? url : l.hash, 'the lookup: the explorer URL when the hash is in one');
      }
    });
  }

  it('a line too short or too long for the finder, a word that is not base58, a long base58 run: no link', () => {
    assert.deepEqual(terminalTxLinks('Transaction ID: 42'), []);
    assert.deepEqual(terminalTxLinks(`Transaction ID: ${TX} ${'x'.repeat(10_000)}`), []);
    assert.deepEqual(terminalTxLinks(`Transaction ID: ${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr'}`), []);
    assert.deepEqual(terminalTxLinks(`Transaction ID: ${TX}${TX}`), []);
    assert.deepEqual(terminalTxLinks(`Transaction ID: x${TX}`), []);
  });

  it('stops at 64 links a line', () => {
    assert.equal(terminalTxLinks(`Receipts: ${Array.from({ length: 100 }, () => TX).join(', ')}`).length, 64);
  });
});

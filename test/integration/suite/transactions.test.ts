// In-editor transactions (#33): hovering a hash in a file (success, failure with its reason, unknown, receipt, block),
// Look Up Transaction… from code (its document, Copy as curl), a network without a transactions API (a hash alone, the
// signer only when the node does not find it; a block that cannot be read leaves the time unknown, said once), and the key
// reaching the transactions host only as the other hosts' rules allow.
import assert from 'node:assert/strict';
import vscode = require('vscode');
import {
  activateExtension,
  answerNextInputBox,
  answerNextQuickPick,
  captureMessages,
  clearApiKey,
  hoverText,
  openFixture,
  positionOf,
  setApiKey,
  setUserSetting,
  waitFor,
} from '../support/editor';
import { clearStubFaults, resetStub, stubFault, stubRequests, stubUrls } from '../support/stubClient';

const DELEGATE = '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8';
const FAILED = '8BVgYKBTDFQ8m8VS5Kqr7qw5xeGuKDVB4Bvq8MSNandG';
const RECEIPT = 'HKnyPNuXoGh38xQBRwwQ8dyDfE1qvkbQEMi4yuaUVPy1';
const BLOCK = 'DKNwmVPiE99SgmzaH8yiPt2jnQzhjNv3BRAHnszeiUui';
const UNKNOWN = '9pZ6kXDeDbc3sLk4E2Ytq7ZJ1yK5L2tD8mFh3VnQwRc7';
/** addkey-full-alice, read by no hover here. */
const ADD_KEY = 'AMtzZDPdSyohVEYZogwMEv1rAEiCCoz6S3pPdMn4skzh';
const KEY = 'sk_it-transactions-key';
/** A node's answer for a transaction it does not find (another shard's signer, or pruned). */
const UNKNOWN_TX = {
  jsonrpc: '2.0',
  id: 'x',
  error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_TRANSACTION', info: {} }, code: -32000, message: 'Server error', data: 'unknown' },
};

/** A node's answer for a block it does not have (HTTP 422). */
const UNKNOWN_BLOCK = {
  jsonrpc: '2.0',
  id: 'x',
  error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_BLOCK', info: {} }, code: -32000, message: 'Server error', data: 'DB Not Found Error' },
};

async function hoverAt(text: string): Promise<string> {
  const editor = await openFixture('transactions.md');
  const raw = await hoverText(editor.document.uri, positionOf(editor.document, text, 0, 5));
  return raw.replace(/\\(.)/g, '$1');
}

interface TxResult {
  hash: string;
  signerId: string;
  status: string;
  failure?: string;
  timestamp: string;
  tokensBurnt: string;
  receipts: Array<{ id: string }>;
}

describe('transactions', function () {
  this.timeout(60_000);
  before(async () => {
    await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  after(async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
    await clearApiKey();
    await resetStub();
  });

  it('hovers a transaction hash: the relayed call, signer → receiver, the fee exactly, once a minute', async () => {
    const text = await hoverAt(DELEGATE);
    assert.match(text, /32-byte hash/);
    assert.match(text, /✓ succeeded · sweat-relayer\.near → dec9ffda/, text);
    assert.match(text, /Delegate \(meta-transaction\).*token\.sweat.*ft_transfer.*1 yocto attached, 20 TGas/, text);
    assert.match(text, /Fee 0\.0002992391785189 NEAR/, text);
    assert.match(text, /1 log, 1 event/, text);
    const first = (await stubRequests()).filter((r) => r.host === 'tx').length;
    assert.equal(first, 1, 'one request cold');
    await hoverAt(DELEGATE);
    assert.equal((await stubRequests()).filter((r) => r.host === 'tx').length, 1, 'none warm');
  });

  it('hovers a failed transaction with its reason, a receipt, a block and an unknown hash', async () => {
    const failed = await hoverAt(FAILED);
    assert.match(failed, /✗ failed/, failed);
    assert.match(failed, /Smart contract panicked: The account doesn(&#39;|')t have enough balance/, failed);
    const receipt = await hoverAt(RECEIPT);
    assert.match(receipt, /Receipt.*sweat-relayer\.near → dec9ffda/, receipt);
    assert.match(receipt, new RegExp(`Of transaction.*${DELEGATE}`), receipt);
    const block = await hoverAt(BLOCK);
    assert.match(block, /Block.*#185,572,450/, block);
    const unknown = await hoverAt(UNKNOWN);
    assert.match(unknown, /No transaction, receipt or block with this hash on custom/, unknown);
    assert.doesNotMatch(unknown, /error/i);
  });

  it('does not hover a word that is not base58 nor a prefixed key as a hash', async () => {
    const word = await hoverAt('abcdefghijkmnopqrstuvwxyzabcdefghijkmnopqrst');
    assert.doesNotMatch(word, /32-byte hash/);
    const key = await hoverAt('DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd');
    assert.doesNotMatch(key, /32-byte hash/);
  });

  it('Look Up Transaction from code returns the exact model; the document opens from the palette path with its curl', async () => {
    const t = await vscode.commands.executeCommand<TxResult>('nearLens.lookupTransaction', { hash: FAILED, show: false });
    assert.equal(t.hash, FAILED);
    assert.equal(t.status, 'failure');
    assert.equal(t.signerId, 'bob.near');
    assert.match(t.timestamp, /^\d{19}$/);
    const viaReceipt = await vscode.commands.executeCommand<TxResult>('nearLens.lookupTransaction', {
      hash: `https://nearblocks.io/txns/${RECEIPT}`,
      show: false,
    });
    assert.equal(viaReceipt.hash, DELEGATE, 'a receipt id opens its transaction');
    await vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: DELEGATE });
    const doc = await waitFor(
      () => {
        const d = vscode.window.activeTextEditor?.document;
        return d?.uri.scheme === 'near-lens' ? d : undefined;
      },
      { timeoutMs: 15_000, what: 'the transaction document' },
    );
    const text = doc.getText();
    assert.match(text, /^\/\/ Transaction 8atrNKVj/);
    assert.match(text, /Receipts:/);
    assert.match(text, /event nep141 ft_transfer/);
    const curl = await vscode.commands.executeCommand<string>('nearLens.copyAsCurl');
    assert.match(curl, /\/v0\/transactions' -X POST -H 'Content-Type: application\/json' -d '\{"tx_hashes":\["8atrNKVj/);
  });

  it('refuses bad input before sending, with why', async () => {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: 'not-a-hash', show: false })), /base58/);
    assert.deepEqual(
      (await stubRequests()).filter((r) => r.host === 'tx'),
      [],
    );
  });

  it('the key goes to the transactions host as Bearer, only there', async () => {
    await setApiKey(KEY);
    await vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: FAILED, show: false, network: 'custom' });
    await vscode.commands.executeCommand<TxResult>('nearLens.lookupTransaction', { hash: '4XogxjoB2EDVPb72cztMtvZVcR5jk8EjEAzFLQU7RoVX', show: false });
    const tx = (await stubRequests()).filter((r) => r.host === 'tx');
    assert.ok(tx.length >= 1);
    for (const r of tx) assert.equal(r.headers['authorization'], `Bearer ${KEY}`);
    assert.deepEqual(
      (await stubRequests()).filter((r) => r.host === 'foreign'),
      [],
    );
    await clearApiKey();
  });

  it('without a transactions API: a hash alone is read (a placeholder signer); the hover needs the signer only when the node does not find it', async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    const { services } = await activateExtension();
    await waitFor(() => services.clientForNetwork().client.transactions.hasTransactionsApi === false, { what: 'the RPC-only client' });
    // (A completed transaction is read once per host a session: the hashes the next test reads over RPC are left unread.)
    const text = await hoverAt(DELEGATE);
    assert.match(text, /✓ succeeded · sweat-relayer\.near → dec9ffda/, text);
    await stubFault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN_TX } });
    try {
      const unknown = await hoverAt(UNKNOWN);
      assert.match(unknown, /needs its signer/, unknown);
      assert.match(unknown, /Look Up with Signer/, unknown);
      await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: ADD_KEY, show: false })), /signerId/);
    } finally {
      await clearStubFaults();
    }
    const t = await vscode.commands.executeCommand<TxResult>('nearLens.lookupTransaction', { hash: DELEGATE, signerId: 'sweat-relayer.near', show: false });
    assert.equal(t.hash, DELEGATE);
    assert.equal(t.tokensBurnt, '299239178518900000000');
    const methods = (await stubRequests()).filter((r) => r.host === 'rpc').map((r) => (r.body as { method?: string }).method);
    assert.ok(methods.includes('EXPERIMENTAL_tx_status'), methods.join());
    assert.deepEqual(
      (await stubRequests()).filter((r) => r.host === 'tx'),
      [],
    );
    await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
  });

  it('without a transactions API, when the node does not find the hash alone, Look Up Transaction asks for the signer: the ids near the hash in the file, then the watchlist', async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    await setUserSetting('nearLens.watchlist', ['carol.near', 'bob.near']);
    const { services } = await activateExtension();
    await waitFor(() => services.clientForNetwork().client.transactions.hasTransactionsApi === false && services.settings.watchlist.length === 2, {
      what: 'the RPC-only client and the watchlist',
    });
    const txDocument = async (hash: string): Promise<string> =>
      (
        await waitFor(
          () => {
            const d = vscode.window.activeTextEditor?.document;
            return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${hash}`) ? d : undefined;
          },
          { timeoutMs: 15_000, what: `the document of ${hash}` },
        )
      ).getText();
    // Hashes not read over RPC earlier in the session (a completed transaction is read once per host).
    const TRANSFER = '4XogxjoB2EDVPb72cztMtvZVcR5jk8EjEAzFLQU7RoVX';
    const senders = async (): Promise<unknown[]> =>
      (await stubRequests())
        .filter((r) => r.host === 'rpc')
        .map((r) => r.body as { method?: string; params?: Record<string, unknown> })
        .filter((b) => b.method === 'EXPERIMENTAL_tx_status')
        .map((b) => b.params?.['sender_account_id']);
    try {
      // Chosen from the pick: first a wrong one (said in one short line, with another try), then the one on the hash's line.
      // The placeholder signer and the wrong one find nothing, as on a node that tracks some shards only.
      await stubFault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN_TX }, times: 2 });
      await openFixture('transactions.md');
      const said = captureMessages((_text, buttons) => (buttons.includes('Try Another Signer') ? 'Try Another Signer' : undefined));
      let done: Thenable<unknown>;
      try {
        const shown = answerNextQuickPick((items) => items.find((i) => i.label === 'alice.near'));
        done = vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: FAILED });
        const { items, options } = await shown;
        const again = answerNextQuickPick((items) => items.find((i) => i.label === 'bob.near'));
        assert.match(options?.title ?? '', /signed/);
        // The file's ids nearest the hash first (its own line, then above before below), then the watchlist's (bob.near
        // once), then a way to type another; each says where it was found.
        assert.deepEqual(
          items.map((i) => [i.label, i.description]),
          [
            ['bob.near', 'on the hash’s line'],
            ['sweat-relayer.near', '1 line above'],
            ['alice.near', '1 line below'],
            ['carol.near', 'watched'],
            ['Type the signer…', 'ids above: near the hash in this file, then your watchlist'],
          ],
        );
        const retried = await again;
        assert.deepEqual(
          retried.items.map((i) => i.label),
          ['bob.near', 'sweat-relayer.near', 'carol.near', 'Type the signer…'],
          'the one tried is not offered again',
        );
        await done;
      } finally {
        said.stop();
      }
      assert.deepEqual(
        said.messages.map((m) => [m.level, m.items]),
        [['warning', ['Try Another Signer']]],
      );
      assert.match(
        said.messages[0]!.text,
        new RegExp(`^NEAR Lens: alice\\.near did not sign ${FAILED.slice(0, 8)}… on .+, or the node no longer keeps it\\.$`),
      );
      const text = await txDocument(FAILED);
      assert.match(text, /✗ failed/);
      assert.match(text, /EXPERIMENTAL_tx_status/);
      assert.match(text, /"sender_account_id":"bob\.near"/);
      assert.match(text, /Receipts:/);
      assert.deepEqual(await senders(), ['near', 'alice.near', 'bob.near']);
      // Or typed: "Type the signer…" asks in an input box.
      await resetStub();
      await stubFault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN_TX }, times: 1 });
      await openFixture('transactions.md');
      const typed = answerNextQuickPick((items) => items.find((i) => i.label === 'Type the signer…'));
      const box = answerNextInputBox('alice.near');
      const again = vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: TRANSFER });
      await typed;
      assert.match((await box)?.placeHolder ?? '', /signer/);
      await again;
      assert.match(await txDocument(TRANSFER), /✓ succeeded/);
      assert.deepEqual(await senders(), ['near', 'alice.near']);
      assert.deepEqual(
        (await stubRequests()).filter((r) => r.host === 'tx'),
        [],
      );
    } finally {
      await setUserSetting('nearLens.watchlist', undefined);
      await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
    }
  });

  it('a lookup whose block read fails: without a transactions API, the transaction still shows, its time unknown said once', async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    const { services, hoverProvider } = await activateExtension();
    const failed: string[] = [];
    const showError = vscode.window.showErrorMessage;
    vscode.window.showErrorMessage = (async (text: string) => void failed.push(text)) as typeof showError;
    try {
      await waitFor(() => services.clientForNetwork().client.transactions.hasTransactionsApi === false, { what: 'the RPC-only client' });
      // The node, and its archival host, answer 'no such block' for the transaction's block.
      await stubFault({ match: 'block', fault: { kind: 'status', status: 422, body: UNKNOWN_BLOCK } });
      await vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: ADD_KEY });
      const doc = await waitFor(
        () => {
          const d = vscode.window.activeTextEditor?.document;
          return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${ADD_KEY}`) ? d : undefined;
        },
        { timeoutMs: 15_000, what: 'the transaction document' },
      );
      const comments = doc
        .getText()
        .split('\n')
        .filter((l) => l.startsWith('//'));
      assert.match(comments[0] ?? '', /✓ succeeded/);
      assert.ok(comments.includes('// alice.near → alice.near'), comments.join('\n'));
      assert.equal(comments.filter((l) => /unknown/.test(l)).length, 1, comments.join('\n'));
      assert.match(comments.find((l) => /unknown/.test(l)) ?? '', /^\/\/ Block \S+ · time unknown: The archival RPC host has no such block\.$/);
      assert.deepEqual(failed, [], 'no error message');
      // From code, the model says why; the hover shows it the same way.
      const t = await vscode.commands.executeCommand<TxResult & { blockUnread?: string }>('nearLens.lookupTransaction', { hash: ADD_KEY, show: false });
      assert.equal(t.hash, ADD_KEY);
      assert.equal(t.timestamp, undefined);
      assert.match(t.blockUnread ?? '', /no such block/);
      const hover = ((await hoverProvider.hashSections(ADD_KEY)) ?? []).join('\n').replace(/\\(.)/g, '$1');
      assert.match(hover, /\*\*Transaction\*\* on .+: ✓ succeeded · alice\.near → alice\.near/, hover);
      assert.equal(hover.match(/unknown/g)?.length, 1, hover);
      const blocks = (await stubRequests()).filter((r) => r.host === 'rpc' && (r.body as { method?: string } | undefined)?.method === 'block');
      assert.equal(blocks.length, 3, 'the block asked by each look-up: a transaction whose block was not read is not remembered');
    } finally {
      vscode.window.showErrorMessage = showError;
      await clearStubFaults();
      await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
    }
  });
});

// In-editor terminal links: the provider NEAR Lens registers at activation returns a link for each transaction and
// receipt hash of a near-workspaces output line (none for its block hash), with exact ranges, and a link opens Look Up
// Transaction with that hash: its document, from the stub's answer. Where the node needs the signer, the pick offers
// the terminal's own ids — the link's line first, then the lines the pointer passed — never the open file's (#45).
import assert from 'node:assert/strict';
import vscode = require('vscode');
import { activateExtension, answerNextQuickPick, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubFault, stubUrls } from '../support/stubClient';

const DELEGATE = '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8';
const FAILED = '8BVgYKBTDFQ8m8VS5Kqr7qw5xeGuKDVB4Bvq8MSNandG';
const RECEIPT = 'HKnyPNuXoGh38xQBRwwQ8dyDfE1qvkbQEMi4yuaUVPy1';
const BLOCK = 'DKNwmVPiE99SgmzaH8yiPt2jnQzhjNv3BRAHnszeiUui';

/** near-workspaces-rs: `println!("{:?}", outcome)` of a call. */
const RS_LINE = `ExecutionFinalResult { total_gas_burnt: NearGas { inner: 2428073311104 }, transaction: ExecutionOutcome { transaction_hash: ${DELEGATE}, block_hash: ${BLOCK}, logs: [], receipt_ids: [${RECEIPT}], gas_burnt: NearGas { inner: 308059500000 }, tokens_burnt: NearToken { inner: 30805950000000000000 }, executor_id: AccountId("sweat-relayer.near"), status: SuccessReceiptId(${RECEIPT}) } }`;
/** near-workspaces-js with NEAR_WORKSPACES_TXDEBUG=1: a transaction's summary. */
const JS_LINE = `(412 ms) burned 2428073311104 bob.near -> token.sweat Nonce: 7 Hash: ${FAILED} Actions:`;

/** A node's answer for a transaction it does not find by the placeholder signer (another shard's, or pruned). */
const UNKNOWN_TX = {
  jsonrpc: '2.0',
  id: 'x',
  error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_TRANSACTION', info: {} }, code: -32000, message: 'Server error', data: 'unknown' },
};

/** Where each occurrence of `hash` in `line` starts. */
function startsOf(line: string, hash: string): number[] {
  const at: number[] = [];
  for (let i = line.indexOf(hash); i !== -1; i = line.indexOf(hash, i + 1)) at.push(i);
  return at;
}

describe('terminal links', function () {
  this.timeout(60_000);
  let api: NearLensApi;
  let terminal: vscode.Terminal;
  const written = new vscode.EventEmitter<string>();

  before(async () => {
    api = await activateExtension();
    // A terminal of the extension's own (no shell): it prints the test run's lines, as a task's terminal would.
    terminal = vscode.window.createTerminal({
      name: 'near-workspaces',
      pty: { onDidWrite: written.event, open: () => written.fire(`${RS_LINE}\r\n${JS_LINE}\r\n`), close: () => undefined },
    });
  });
  beforeEach(async () => {
    await resetStub();
  });
  after(async () => {
    terminal.dispose();
    written.dispose();
    await api.forgetTransactions(); // the look-ups above read them: a later suite counts a cold read's requests
  });

  it('a near-workspaces-rs line: a link on the transaction hash and on each receipt id, none on the block hash', async () => {
    const links = api.terminalLinks.provideTerminalLinks({ line: RS_LINE, terminal });
    assert.deepEqual(
      links.map((l) => ({ start: l.startIndex, length: l.length, hash: l.hash })),
      [{ start: RS_LINE.indexOf(DELEGATE), length: 44, hash: DELEGATE }, ...startsOf(RS_LINE, RECEIPT).map((start) => ({ start, length: 44, hash: RECEIPT }))],
    );
    for (const l of links) assert.equal(RS_LINE.slice(l.startIndex, l.startIndex + l.length), l.hash);
    assert.equal(startsOf(RS_LINE, RECEIPT).length, 2);
    assert.ok(!links.some((l) => l.hash === BLOCK), 'the block hash is no link');
  });

  it('a link opens Look Up Transaction with its hash: the document of that transaction', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const [line, hash] of [
      [JS_LINE, FAILED],
      [RS_LINE, DELEGATE],
    ] as const) {
      const link = api.terminalLinks.provideTerminalLinks({ line, terminal }).find((l) => l.hash === hash);
      assert.ok(link, `a link on ${hash}`);
      await api.terminalLinks.handleTerminalLink(link);
      const doc = await waitFor(
        () => {
          const d = vscode.window.activeTextEditor?.document;
          return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${hash}`) ? d : undefined;
        },
        { timeoutMs: 15_000, what: `the document of ${hash}` },
      );
      assert.match(doc.getText(), /Receipts:/);
    }
  });

  it('where the node needs the signer, the pick offers the terminal’s own ids, the link’s line first — not the open file’s', async () => {
    const pty = new vscode.EventEmitter<string>();
    const own = vscode.window.createTerminal({ name: 'near-workspaces-js', pty: { onDidWrite: pty.event, open: () => undefined, close: () => undefined } });
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    await setUserSetting('nearLens.watchlist', ['carol.near']);
    try {
      await waitFor(() => !api.services.clientForNetwork().client.transactions.hasTransactionsApi && api.services.settings.watchlist.length === 1, {
        what: 'an RPC-only network and the watchlist',
      });
      await api.forgetTransactions();
      // The open file names other ids: none of them is offered for a link clicked in the terminal.
      const file = await vscode.workspace.openTextDocument({ content: `alice.near sent ${FAILED} with sweat-relayer.near\n`, language: 'plaintext' });
      await vscode.window.showTextDocument(file);
      // The placeholder signer finds nothing, as on a node that tracks some shards only: the signer is asked.
      await stubFault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN_TX }, times: 1 });
      // The pointer's way to the link, as VS Code hands the provider each line it reaches, then the link's own.
      api.terminalLinks.provideTerminalLinks({ line: 'Deploying to game.lensdev.near', terminal: own });
      api.terminalLinks.provideTerminalLinks({ line: 'dave.near sends the call', terminal: own });
      const link = api.terminalLinks.provideTerminalLinks({ line: JS_LINE, terminal: own }).find((l) => l.hash === FAILED);
      assert.ok(link, 'a link on the hash');
      const shown = answerNextQuickPick((items) => items.find((i) => i.label === 'bob.near'));
      const done = api.terminalLinks.handleTerminalLink(link);
      const { items } = await shown;
      assert.deepEqual(
        items.map((i) => [i.label, i.description]),
        [
          ['bob.near', 'on the link’s line'],
          ['token.sweat', 'on the link’s line'],
          ['dave.near', 'in this terminal'],
          ['game.lensdev.near', 'in this terminal'],
          ['carol.near', 'watched'],
          ['Type the signer…', 'ids above: near the link in this terminal, then your watchlist'],
        ],
      );
      await done;
      await waitFor(
        () => {
          const d = vscode.window.activeTextEditor?.document;
          return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${FAILED}`) ? d : undefined;
        },
        { timeoutMs: 15_000, what: `the document of ${FAILED}` },
      );
    } finally {
      own.dispose();
      pty.dispose();
      await setUserSetting('nearLens.watchlist', undefined);
      await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
    }
  });
});

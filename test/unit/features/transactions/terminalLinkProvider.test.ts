// The terminal link provider as activate() registers it: VS Code's TerminalLinks for a line (start and length of each
// hash), and a click runs Look Up Transaction with the hash, or with the explorer URL the hash is part of.
import { strict as assert } from 'node:assert';
import type * as ExtensionModule from '../../../../src/extension';
import { createFakeEditor, fakeContext, loadIsolated } from '../../../support/fakeEditor';

const TX = '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8';
const RECEIPT = 'HKnyPNuXoGh38xQBRwwQ8dyDfE1qvkbQEMi4yuaUVPy1';
const BLOCK = 'DKNwmVPiE99SgmzaH8yiPt2jnQzhjNv3BRAHnszeiUui';

describe('terminal link provider (activate)', function () {
  // Loading the extension with its own copies of every module takes a few seconds under tsx.
  this.timeout(20_000);
  it('links the transaction and receipt hashes of a line; a click looks the hash (or its explorer URL) up', async () => {
    const editor = createFakeEditor();
    const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
    const context = fakeContext(editor);
    const api = ext.activate(context as never);
    assert.ok(api);
    const line = `transaction: ExecutionOutcome { transaction_hash: ${TX}, block_hash: ${BLOCK}, logs: [], receipt_ids: [${RECEIPT}] }`;
    const links = api.terminalLinks.provideTerminalLinks({ line, terminal: {} as never });
    assert.deepEqual(
      links.map((l) => [l.startIndex, l.length]),
      [
        [line.indexOf(TX), 44],
        [line.indexOf(RECEIPT), 44],
      ],
    );
    const asked: unknown[] = [];
    editor.commands.set('nearLens.lookupTransaction', async (arg: unknown) => void asked.push(arg));
    const [first] = links;
    assert.ok(first);
    await api.terminalLinks.handleTerminalLink(first);
    const url = `https://testnet.nearblocks.io/txns/${TX}`;
    const [viaUrl] = api.terminalLinks.provideTerminalLinks({ line: `open ${url} to see it`, terminal: {} as never });
    assert.ok(viaUrl);
    await api.terminalLinks.handleTerminalLink(viaUrl);
    assert.deepEqual(asked, [{ hash: TX }, { hash: url }]);
    for (const d of context.subscriptions) d.dispose();
  });
});

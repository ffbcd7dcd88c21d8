// The terminal link provider as activate() registers it: VS Code's TerminalLinks for a line (start and length of each
// hash), and a click runs Look Up Transaction with the hash, or with the explorer URL the hash is part of, told the
// account ids of that terminal's lines (the lines VS Code handed it, or what its commands printed), never the editor's.
import { strict as assert } from 'node:assert';
import type * as ExtensionModule from '../../../../src/extension';
import type * as LinksModule from '../../../../src/features/transactions/terminalLinks';
import type { SignerCandidate } from '../../../../src/features/transactions/model/terminalSigners';
import { createFakeEditor, fakeContext, loadIsolated } from '../../../support/fakeEditor';
import { EventEmitter } from '../../../support/fakeVscodeApi';

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
    for (const d of context.subscriptions) d.dispose();
  });

  it('a click looks the hash (or its explorer URL) up with the ids of its terminal’s lines, the nearest first', async () => {
    const editor = createFakeEditor();
    const L = loadIsolated<typeof LinksModule>(editor.vscode, 'features/transactions/terminalLinks');
    const asked: Array<[string, readonly SignerCandidate[]]> = [];
    const provider = new L.TxTerminalLinkProvider(async (lookup, near) => void asked.push([lookup, near]));
    const terminal = {} as never;
    const other = {} as never;
    // The pointer's way to the link: a line naming the signer, one naming another id, then the link's own line.
    provider.provideTerminalLinks({ line: 'alice.near signs a call to game.near', terminal });
    provider.provideTerminalLinks({ line: 'carol.near is in another terminal', terminal: other });
    provider.provideTerminalLinks({ line: '  then bob.near pays', terminal });
    const [link] = provider.provideTerminalLinks({ line: `Transaction ID: ${TX} (relay.near)`, terminal });
    assert.ok(link);
    await provider.handleTerminalLink(link);
    const url = `https://testnet.nearblocks.io/txns/${TX}`;
    const [viaUrl] = provider.provideTerminalLinks({ line: `open ${url} to see it`, terminal: other });
    assert.ok(viaUrl);
    await provider.handleTerminalLink(viaUrl);
    assert.deepEqual(asked, [
      [
        TX,
        [
          { id: 'relay.near', where: 'on the link’s line' },
          { id: 'bob.near', where: 'in this terminal' },
          { id: 'alice.near', where: 'in this terminal' },
          { id: 'game.near', where: 'in this terminal' },
        ],
      ],
      [url, [{ id: 'carol.near', where: 'in this terminal' }]],
    ]);
  });

  it('where the editor has shell integration, what a command printed gives the lines around the link, by place', async () => {
    const editor = createFakeEditor();
    const started = new EventEmitter<{ terminal: unknown; execution: { read(): AsyncIterable<string> } }>();
    (editor.vscode['window'] as Record<string, unknown>)['onDidStartTerminalShellExecution'] = started.event;
    const L = loadIsolated<typeof LinksModule>(editor.vscode, 'features/transactions/terminalLinks');
    const asked: Array<readonly SignerCandidate[]> = [];
    const provider = new L.TxTerminalLinkProvider(async (_lookup, near) => void asked.push(near));
    const following = L.followShellOutput(provider.text);
    assert.ok(following, 'followed where the editor can tell commands apart');
    const terminal = {};
    // A command's output, coloured, in two chunks, with a progress line rewritten over itself.
    async function* output(): AsyncIterable<string> {
      yield '\x1b]633;C\x07\x1b[32mrunning\x1b[0m 3 tests\r\nsigner: alice.near\r\nprogress 10%\rprogress 100%\r\n';
      yield `Transaction ID: ${TX}\r\nreceiver: game.near\r\nnoise: zed.near\r\n`;
    }
    started.fire({ terminal, execution: { read: output } });
    await new Promise((r) => setTimeout(r, 10));
    const [link] = provider.provideTerminalLinks({ line: `Transaction ID: ${TX}`, terminal: terminal as never });
    assert.ok(link);
    await provider.handleTerminalLink(link);
    assert.deepEqual(asked, [
      [
        { id: 'game.near', where: '1 line below' },
        { id: 'alice.near', where: '2 lines above' },
        { id: 'zed.near', where: '2 lines below' },
      ],
    ]);
    assert.deepEqual(provider.text.printed(terminal as never).slice(0, 3), ['running 3 tests', 'signer: alice.near', 'progress 100%']);
    following.dispose();
  });
});

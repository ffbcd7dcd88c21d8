// What docs/API.md promises about the commands called from code (a shown call shows its failure; a bad argument
// rejects and opens no prompt; what Clear API Key returns), and what a lazy part that fails to load says. The whole extension runs under the fake
// editor; nothing here reaches the network (every failing input is refused before a request).
import { strict as assert } from 'node:assert';
import type * as ExtensionModule from '../../../src/extension';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import type { FakeEditor } from '../../support/fakeEditor';

type Api = NonNullable<ReturnType<typeof ExtensionModule.activate>>;

async function activate(editor: FakeEditor): Promise<{ api: Api; context: ReturnType<typeof fakeContext> }> {
  const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
  const context = fakeContext(editor);
  const api = ext.activate(context as never);
  assert.ok(api, `activation failed: ${JSON.stringify(editor.rec.notifications)}`);
  await api.services.ready;
  return { api, context };
}

const errors = (editor: FakeEditor): string[] => editor.rec.notifications.filter((n) => n.level === 'error').map((n) => n.text);

describe('commands from code, as docs/API.md says', function () {
  this.timeout(20_000);
  let editor: FakeEditor;
  let context: ReturnType<typeof fakeContext>;

  beforeEach(async () => {
    editor = createFakeEditor();
    ({ context } = await activate(editor));
  });
  afterEach(() => {
    for (const d of context.subscriptions.splice(0)) d.dispose();
  });

  // docs/API.md: without `show: false`, Query Block and RPC Request show their failure too (a hover's link cannot see a rejection).
  it('Query Block from code without show:false shows its failure (docs/API.md), not only rejects', async () => {
    await assert.rejects(editor.exec('nearLens.queryBlock', { host: 'bogus' }), /host is "regular" or "archival"/);
    assert.ok(
      errors(editor).some((t) => /host is "regular" or "archival"/.test(t)),
      `no error shown: ${JSON.stringify(editor.rec.notifications)}`,
    );
  });

  it('RPC Request from code without show:false shows its failure (docs/API.md), not only rejects', async () => {
    await assert.rejects(editor.exec('nearLens.rpcRequest', { method: 'block', host: 'bogus' }));
    assert.ok(errors(editor).length > 0, `no error shown: ${JSON.stringify(editor.rec.notifications)}`);
  });

  // docs/API.md: "An argument means no prompt." "Bad input rejects, and nothing is sent." (Set API Key returns false.)
  it('Switch Network from code with a bad network rejects, and opens no pick (docs/API.md)', async () => {
    await assert.rejects(editor.exec('nearLens.switchNetwork', 'Testnet'));
    assert.deepEqual(editor.rec.quickPicks, [], 'a pick opened for an argument call');
  });

  it('Set API Key from code with a bad key stores nothing, says why and returns false (docs/API.md: `true` when stored)', async () => {
    assert.equal(await editor.exec('nearLens.setApiKey', 'short'), false);
    assert.ok(errors(editor).some((t) => /8 to 512 printable ASCII characters/.test(t)));
    assert.ok(!editor.secrets.has('nearLens.apiKey'), 'nothing stored');
  });

  it('Convert Units from code with a non-string argument opens no prompt (docs/API.md)', async () => {
    editor.inputs.push('1 NEAR'); // a prompt, if one opens, would read this
    await assert.rejects(editor.exec('nearLens.convertUnits', 1.5));
  });

  // docs/API.md, nearLens.clearApiKey: "whether the key of the network in use was removed"
  it('Clear API Key returns whether a key was removed (docs/API.md)', async () => {
    await editor.exec('nearLens.setApiKey', 'abcd1234efgh');
    assert.equal(await editor.exec('nearLens.clearApiKey'), true);
    assert.equal(await editor.exec('nearLens.clearApiKey'), false);
  });
});

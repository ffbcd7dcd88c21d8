// "Clear API Key" run as the extension starts (a keybinding, another extension's executeCommand: the command is what
// activates NEAR Lens) waits for the stored key to be read: it says a key was removed, and returns true, when it removed one.
import { strict as assert } from 'node:assert';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import type * as ServicesModule from '../../../src/platform/services';
import type * as KeysModule from '../../../src/features/keys/index';

describe('Clear API Key right after activation', () => {
  it('says the key was removed (and returns true) when it removed one', async () => {
    const editor = createFakeEditor({ secrets: { 'nearLens.apiKey': 'nlk_STORED_0123456789abcdef' } });
    const S = loadIsolated<typeof ServicesModule>(editor.vscode, 'platform/services');
    const K = loadIsolated<typeof KeysModule>(editor.vscode, 'features/keys/index');
    const context = fakeContext(editor);
    const services = S.createServices(context as never);
    K.registerKeyCommands(context as never, services); // activation, then at once the command that triggered it
    const removed = await editor.exec('nearLens.clearApiKey');
    assert.equal(editor.secrets.has('nearLens.apiKey'), false, 'the stored key is gone');
    assert.deepEqual(
      editor.rec.notifications.map((n) => n.text),
      ["NEAR Lens: FastNEAR API key removed from VS Code's secret storage. Requests now use the public, rate-limited path."],
    );
    assert.equal(removed, true);
  });
});

// activate() returns its test API only in ExtensionMode.Test: a user's extension host (Production, Development) gets
// no exports, and so no way into the services, the panels or the what-changed engine.
import { strict as assert } from 'node:assert';
import type * as ExtensionModule from '../../../src/extension';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';

describe('the test API', () => {
  for (const [mode, name] of [
    [1, 'Production'],
    [2, 'Development'],
  ] as const) {
    it(`is not returned in ExtensionMode.${name}`, () => {
      const editor = createFakeEditor();
      const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
      const context = { ...fakeContext(editor), extensionMode: mode };
      assert.equal(ext.activate(context as never), undefined);
      assert.ok(context.subscriptions.length > 0, 'the extension still activated');
      assert.deepEqual(editor.rec.notifications, []);
      for (const d of context.subscriptions) d.dispose();
    });
  }

  it('is returned in ExtensionMode.Test, with what only a test needs', () => {
    const editor = createFakeEditor();
    const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
    const context = fakeContext(editor);
    const api = ext.activate(context as never);
    assert.ok(api);
    assert.equal(typeof api.panels.waitForPost, 'function');
    assert.equal(typeof api.recreateWatchEngine, 'function');
    for (const d of context.subscriptions) d.dispose();
  });
});

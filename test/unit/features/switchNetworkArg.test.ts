// Switch Network called from code (a keybinding's args, another command) with a network that is not one: refused
// with a clear message; the picker does not open.
import { strict as assert } from 'node:assert';
import { createFakeEditor, loadIsolated, realServices } from '../../support/fakeEditor';
import type * as LookupRegister from '../../../src/features/lookup/index';

describe('Switch Network with a bad argument', () => {
  it('"moonnet" is refused with a clear message, without opening the picker or writing settings', async () => {
    const editor = createFakeEditor();
    const L = loadIsolated<typeof LookupRegister>(editor.vscode, 'features/lookup/index');
    const { context, services } = await realServices(editor);
    L.registerLookupCommands(context as never, services);
    editor.inputs.push('testnet'); // were a picker shown, the person (or nobody) would pick
    const r = await editor.exec('nearLens.switchNetwork', 'moonnet').catch((e: unknown) => e);
    assert.deepEqual(editor.rec.quickPicks, [], 'no picker for a call with an argument');
    assert.deepEqual(editor.rec.settingsWritten, [], `nothing written; the command returned ${String(r)}`);
    assert.ok(
      r instanceof Error && /mainnet, testnet, custom, 'local', 'restore' or \{ local: <RPC URL> \}/.test(r.message),
      `a clear refusal, got ${String(r)}`,
    );
  });
});

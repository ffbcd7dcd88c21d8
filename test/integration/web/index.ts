// extensionTestsPath entry of the web run: the same in-editor suite inside the browser's Web Worker extension host,
// bundled by scripts/build-tests.mjs into one file whose only `require` is `vscode` (mocha's browser build and an
// assert stand-in inside). No `process` there: the stub's URLs come from out/test/integration/web/stub.json, written
// by runTest.ts beside this bundle and read with vscode.workspace.fs.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../support/editor';
import { captureWebviewSerializers } from '../support/serializers';
import { setStubEnv } from '../support/stubClient';

interface BrowserMocha {
  setup(o: { ui: string; reporter: string; timeout: number; color: boolean }): void;
  grep(re: string): void;
  run(done: (failures: number) => void): void;
}

export async function runWith(loadTests: () => void): Promise<void> {
  // First, before anything awaits (as in suite/index.ts): the serializer is wrapped before NEAR Lens activates.
  if (!captureWebviewSerializers(EXTENSION_ID)) console.warn('[suite] NEAR Lens was active before the suite started: serializer tests will fail');
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionUri;
  if (!root) throw new Error(`${EXTENSION_ID} is not the extension under development`);
  const file = vscode.Uri.joinPath(root, 'out/test/integration/web/stub.json');
  const env = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as Record<string, string>;
  setStubEnv(env);
  // mocha's browser build (an ES module to esbuild, as the package is `type: module`) puts `mocha` on globalThis.
  require('mocha/mocha.js');
  const mocha = (globalThis as { mocha?: BrowserMocha }).mocha;
  if (!mocha) throw new Error("mocha's browser build did not load");
  mocha.setup({ ui: 'bdd', reporter: 'spec', timeout: 20_000, color: false });
  if (env['NEAR_LENS_TEST_GREP']) mocha.grep(env['NEAR_LENS_TEST_GREP']);
  loadTests(); // each test file's describe() runs now, with mocha's globals in place
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} in-editor test(s) failed`)) : resolve()));
  });
}

// extensionTestsPath entry: runs mocha (bdd) inside the extension host over the bundled *.test.js files next to
// this file. NEAR_LENS_TEST_SUITE=untrusted picks *.untrusted.test.js (the trust-on run), anything else the
// rest; NEAR_LENS_TEST_GREP filters by title. Must not depend on the runner process beyond the environment.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { startStub } from '../../support/stub';
import { EXTENSION_ID } from '../support/editor';
import { captureWebviewSerializers } from '../support/serializers';
import { serveStubControl, stubEnv } from '../support/stubControl';

export async function run(): Promise<void> {
  // First, before anything awaits: the extension host runs this before onStartupFinished activates NEAR Lens.
  if (!captureWebviewSerializers(EXTENSION_ID)) console.warn('[suite] NEAR Lens was active before the suite started: serializer tests will fail');
  const stopStub = await ensureStub();
  try {
    await runMocha();
  } finally {
    await stopStub?.();
  }
}

/**
 * Launched by runTest.ts the stub runs in the runner and its URLs are in the environment. Launched directly
 * (F5 "Extension Tests" in a desktop VS Code, with --profile-temp) start one here and point the user settings at it.
 */
async function ensureStub(): Promise<(() => Promise<void>) | undefined> {
  if (process.env['NEAR_LENS_STUB_CONTROL']) return undefined;
  const stub = await startStub({ fixturesDir: path.resolve(__dirname, '../../../../test/fixtures') });
  const control = await serveStubControl(stub);
  Object.assign(process.env, stubEnv(stub, control));
  const cfg = vscode.workspace.getConfiguration('nearLens');
  const global = vscode.ConfigurationTarget.Global;
  await cfg.update('network', 'custom', global);
  await cfg.update('customNetwork.apiUrl', stub.apiUrl, global);
  await cfg.update('customNetwork.rpcUrl', stub.rpcUrl, global);
  await cfg.update('customNetwork.archivalRpcUrl', stub.archivalRpcUrl, global);
  await cfg.update('customNetwork.txApiUrl', stub.txApiUrl, global);
  console.log(`[suite] no runner: started the stub in the extension host (${stub.apiUrl})`);
  return async () => {
    await control.close();
    await stub.close();
  };
}

async function runMocha(): Promise<void> {
  const suite = process.env['NEAR_LENS_TEST_SUITE'] === 'untrusted' ? 'untrusted' : 'main';
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 20_000, color: false });
  const grep = process.env['NEAR_LENS_TEST_GREP'];
  if (grep) mocha.grep(grep);
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .filter((f) => f.endsWith('.untrusted.test.js') === (suite === 'untrusted'))
    .sort();
  if (files.length === 0) throw new Error(`no ${suite} test files in ${__dirname}`);
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} in-editor test(s) failed`)) : resolve()));
  });
}

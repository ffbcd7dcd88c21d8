// In-editor smoke test: the extension loads from this folder, activates, returns its test API, its commands
// match package.json both ways, and the runner's user settings (custom network → stub) reached it.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, activateExtension } from '../support/editor';
import { stubEnvValue, stubUrls } from '../support/stubClient';

interface Manifest {
  contributes?: { commands?: Array<{ command: string }>; views?: Record<string, Array<{ id: string }>> };
}
const VIEW_COMMAND_SUFFIXES = ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'];

describe('activation', () => {
  it('activates in a real VS Code and returns the test API', async () => {
    console.log(
      `      VS Code ${vscode.version} (${vscode.env.appName}, uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`,
    );
    const api = await activateExtension();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    assert.ok(api.services, 'services in the test API');
  });

  it('registers every contributed command, and contributes every registered one', async () => {
    await activateExtension();
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as Manifest;
    const contributed = (pkg.contributes?.commands ?? []).map((c) => c.command).sort();
    // VS Code itself registers <viewId>.focus, .open, .removeView, .resetViewLocation, .toggleVisibility per contributed view.
    const viewIds = Object.values(pkg.contributes?.views ?? {}).flatMap((views) => views.map((v) => v.id));
    const generated = (c: string): boolean => viewIds.some((v) => c.startsWith(`${v}.`) && VIEW_COMMAND_SUFFIXES.includes(c.slice(v.length + 1)));
    const registered = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('nearLens.') && !generated(c)).sort();
    assert.ok(contributed.length > 0, 'package.json contributes commands');
    assert.deepEqual(registered, contributed);
  });

  it('runs in the extension host the run asked for (NEAR_LENS_TEST_HOST: node, or web for the Web Worker one)', () => {
    // A Web Worker has WorkerGlobalScope and no `process`; Node's extension host has `process` and no WorkerGlobalScope.
    const g = globalThis as Record<string, unknown>;
    const here = typeof g['WorkerGlobalScope'] === 'function' && g['process'] === undefined ? 'web' : 'node';
    console.log(`      extension host: ${here === 'web' ? 'Web Worker (the browser build, dist/web/)' : 'Node (dist/)'}`);
    assert.equal(here, stubEnvValue('NEAR_LENS_TEST_HOST'));
  });

  it('sees the stub as its custom network (user settings written by the runner)', () => {
    const cfg = vscode.workspace.getConfiguration('nearLens');
    const urls = stubUrls();
    assert.equal(cfg.get('network'), 'custom');
    assert.equal(cfg.get('customNetwork.apiUrl'), urls.apiUrl);
    assert.equal(cfg.get('customNetwork.rpcUrl'), urls.rpcUrl);
    assert.equal(cfg.get('customNetwork.archivalRpcUrl'), urls.archivalRpcUrl);
  });
});

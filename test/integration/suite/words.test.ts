// In-editor (#32): every word true. Where the API key is (the prompt, the choice, the status bar, Clear API Key) in
// both builds — this file runs in the Node host (main run) and in the Web Worker host (web run) — and the words on a
// local node, on an RPC-only network and after each action.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, answerNextInputBox, answerNextQuickPick, captureMessages, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubUrls } from '../support/stubClient';

const KEY = 'words-key-0123456789';

/** The Web Worker extension host (the web build): WorkerGlobalScope and no `process`. */
const onWeb = (): boolean => {
  const g = globalThis as Record<string, unknown>;
  return typeof g['WorkerGlobalScope'] === 'function' && g['process'] === undefined;
};

describe('every word true (#32)', function () {
  this.timeout(30_000);
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(async () => {
    const urls = stubUrls();
    await setUserSetting('nearLens.network', 'custom');
    await setUserSetting('nearLens.customNetwork.apiUrl', urls.apiUrl);
    await setUserSetting('nearLens.customNetwork.rpcUrl', urls.rpcUrl);
    await setUserSetting('nearLens.customNetwork.archivalRpcUrl', urls.archivalRpcUrl);
    await waitFor(() => api.services.settings.network === 'custom' && api.services.settings.endpoints.apiUrl === urls.apiUrl, {
      what: 'the stub custom network back',
    });
    await vscode.commands.executeCommand('nearLens.clearApiKey');
    await resetStub();
  });

  describe('where the API key is (item 1)', () => {
    it('the prompt, the choice, the status bar and Clear API Key say where the key is, in this build', async () => {
      const said = captureMessages();
      try {
        const asked = answerNextInputBox(KEY);
        const where = onWeb() ? answerNextQuickPick((items) => items[0]) : undefined; // "Keep for this window only"
        assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey'), true);
        const prompt = (await asked)?.prompt ?? '';
        if (where) {
          // The web build: the prompt promises no place before the choice; memory is the choice's first item.
          assert.doesNotMatch(prompt, /secret storage/i, prompt);
          assert.match(prompt, /Next: keep it in memory for this window \(the default\) or in this browser\./);
          const { items } = await where;
          assert.deepEqual(
            items.map((i) => [i.label, i.description]),
            [
              ['Keep for this window only', 'in memory'],
              ['Remember in this browser', undefined], // the custom network's key: FastNEAR's advice is not about it
            ],
          );
          // Each explanation is one short line: a quick pick cuts a long detail ("Nothing is written to this …").
          for (const i of items) assert.ok((i.detail ?? '').length <= 60 && /\.$/.test(i.detail ?? ''), `${i.detail}`);
          assert.match(String(api.statusBar.tooltip), / · API key set \(in memory for this window only\) · /);
          assert.equal(said.messages.at(-1)?.text, 'NEAR Lens: API key of the custom network (' + host() + ') kept in memory for this window only.');
        } else {
          assert.match(prompt, /Kept in VS Code's secret storage\.$/);
          assert.match(String(api.statusBar.tooltip), / · API key set \(in VS Code's secret storage\) · /);
          assert.equal(said.messages.at(-1)?.text, `NEAR Lens: API key of the custom network (${host()}) kept in VS Code's secret storage.`);
        }
        assert.match(api.statusBar.text, /\$\(key\)$/);
        assert.equal(await vscode.commands.executeCommand('nearLens.clearApiKey'), true);
        const removed = onWeb() ? 'memory for this window only' : "VS Code's secret storage";
        assert.equal(said.messages.at(-1)?.text, `NEAR Lens: API key of the custom network (${host()}) removed from ${removed}.`);
        assert.match(String(api.statusBar.tooltip), / · no API key · /);
      } finally {
        said.stop();
      }
    });

    it("FastNEAR's key: its advice against browser storage on the choice; remembered, the status bar and Clear say this browser", async function () {
      if (!onWeb()) {
        // The desktop build asks nothing more: the key goes to secret storage, and no browser is mentioned.
        await setUserSetting('nearLens.network', 'mainnet');
        await waitFor(() => api.services.settings.network === 'mainnet');
        const asked = answerNextInputBox(KEY);
        assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey'), true);
        assert.equal((await asked)?.prompt, "Your FastNEAR API key, sent only to FastNEAR's mainnet and testnet hosts. Kept in VS Code's secret storage.");
        assert.doesNotMatch(String(api.statusBar.tooltip), /browser|memory/);
        return;
      }
      await setUserSetting('nearLens.network', 'mainnet');
      await waitFor(() => api.services.settings.network === 'mainnet');
      const said = captureMessages();
      try {
        const asked = answerNextInputBox(KEY);
        const where = answerNextQuickPick((items) => items[1]); // "Remember in this browser"
        assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey'), true);
        await asked;
        const { items, options } = await where;
        assert.deepEqual(
          items.map((i) => [i.label, i.description]),
          [
            ['Keep for this window only', 'in memory'],
            ['Remember in this browser', 'FastNEAR advises against it'],
          ],
        );
        assert.equal(options?.title, 'NEAR Lens: where to keep the FastNEAR API key');
        assert.equal(said.messages.at(-1)?.text, "NEAR Lens: FastNEAR API key kept in this browser's storage.");
        assert.match(String(api.statusBar.tooltip), / · API key set \(in this browser's storage\) · /);
        // Kept for this window instead: the same key moves, and the status bar follows it.
        const again = answerNextInputBox(KEY);
        const memory = answerNextQuickPick((i) => i[0]);
        assert.equal(await vscode.commands.executeCommand('nearLens.setApiKey'), true);
        await again;
        await memory;
        await waitFor(() => /in memory for this window only/.test(String(api.statusBar.tooltip)), { what: 'the status bar to say memory' });
        assert.equal(await vscode.commands.executeCommand('nearLens.clearApiKey'), true);
        assert.equal(
          said.messages.at(-1)?.text,
          'NEAR Lens: FastNEAR API key removed from memory for this window only. Requests now use the public, rate-limited path.',
        );
      } finally {
        said.stop();
      }
    });
  });

  describe('Local node… (item 2)', () => {
    it("the stub's REST port: it answered, but not as a NEAR node (HTTP 405), the box stays open with the URL; then its RPC port", async () => {
      const { apiUrl, rpcUrl } = stubUrls();
      const rest = new URL(apiUrl).host;
      const node = new URL(rpcUrl).host;
      const boxed = driveNextInputBox();
      const done = vscode.commands.executeCommand<{ chainId: string; height: number } | undefined>('nearLens.switchNetwork', 'local');
      const box = await boxed;
      assert.equal(box.value, 'http://127.0.0.1:3030', 'not a node in use yet: the sandbox default');
      await typeAndAccept(box, apiUrl);
      const said = await waitFor(() => messageOf(box), { what: 'the box to say why', timeoutMs: 15_000 });
      assert.equal(said, `${rest} answered, but not as a NEAR JSON-RPC node (HTTP 405) — is this the REST API? The network in use is unchanged: custom.`);
      assert.doesNotMatch(said, /nothing answers/i);
      assert.equal(box.value, apiUrl, 'the URL kept for another try');
      assert.equal(api.services.settings.endpoints.apiUrl, apiUrl, 'nothing written');
      await typeAndAccept(box, rpcUrl);
      assert.deepEqual(await done, { chainId: 'testnet', height: 187310138 });
      await waitFor(() => api.statusBar.text === `$(globe) NEAR local · ${node}`, { what: `the status bar to name the node (${api.statusBar.text})` });
      assert.match(String(api.statusBar.tooltip), new RegExp(`^NEAR Lens: local · ${node.replace(/\./g, '\\.')} · `));

      // Switch Network… names the node in use, and Local node… offers it again.
      const picked = answerNextQuickPick(() => undefined);
      await vscode.commands.executeCommand('nearLens.switchNetwork');
      const { items } = await picked;
      assert.deepEqual(
        items.map((i) => [i.label, i.description]),
        [
          ['mainnet', 'FastNEAR mainnet; .testnet ids still go to testnet'],
          ['testnet', 'FastNEAR testnet; .near ids still go to mainnet'],
          ['$(check) custom', `in use: local · ${node}, RPC only`],
          ['$(server) Local node…', `a node's JSON-RPC (in use: ${rpcUrl}), RPC only`],
        ],
      );
      const again = driveNextInputBox();
      const closed = vscode.commands.executeCommand('nearLens.switchNetwork', 'local');
      const box2 = await again;
      assert.equal(box2.value, rpcUrl, 'the node in use pre-filled');
      box2.hide();
      assert.equal(await closed, undefined);
    });

    it('from code: a closed port says nothing answers, a non-NEAR server says what answered; both keep the network', async () => {
      const said = captureMessages();
      try {
        assert.equal(await vscode.commands.executeCommand('nearLens.switchNetwork', { local: 'http://127.0.0.1:9' }), undefined);
        assert.match(
          said.messages.at(-1)?.text ?? '',
          /^NEAR Lens: Nothing answers at 127\.0\.0\.1:9: .* Start one with near-sandbox .* The network in use is unchanged: custom\.$/,
        );
        assert.equal(await vscode.commands.executeCommand('nearLens.switchNetwork', { local: stubUrls().apiUrl }), undefined);
        assert.match(
          said.messages.at(-1)?.text ?? '',
          /^NEAR Lens: 127\.0\.0\.1:\d+ answered, but not as a NEAR JSON-RPC node \(HTTP 405\) — is this the REST API\?/,
        );
        assert.equal(api.services.settings.endpoints.apiUrl, stubUrls().apiUrl);
      } finally {
        said.stop();
      }
    });
  });
});

/**
 * Drives the next createInputBox as a person would: each answer is typed into the same box and accepted (Enter);
 * `until` waits for what the box shows after each. Resolves with the box (to read its value and message).
 */
function driveNextInputBox(): Promise<vscode.InputBox> {
  const original = vscode.window.createInputBox;
  return new Promise((resolve) => {
    vscode.window.createInputBox = () => {
      vscode.window.createInputBox = original;
      const box = original();
      const show = box.show.bind(box);
      box.show = () => {
        show();
        resolve(box);
      };
      return box;
    };
  });
}

/** Types `text` into the open input box and presses Enter (the workbench echoes the value back first). */
async function typeAndAccept(box: vscode.InputBox, text: string): Promise<void> {
  if (box.value !== text) {
    const echoed = new Promise<void>((done) => {
      const sub = box.onDidChangeValue(() => {
        sub.dispose();
        done();
      });
    });
    box.value = text;
    await Promise.race([echoed, new Promise((r) => setTimeout(r, 1000))]); // a set value the workbench already shows is not echoed
  }
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

const messageOf = (box: vscode.InputBox): string => {
  const m = box.validationMessage;
  return typeof m === 'string' ? m : (m?.message ?? '');
};

/** The custom network's RPC host, as Set API Key names it. */
function host(): string {
  return new URL(String(vscode.workspace.getConfiguration('nearLens').get('customNetwork.rpcUrl'))).host;
}

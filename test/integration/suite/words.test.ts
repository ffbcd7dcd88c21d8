// In-editor (#32): every word true. Where the API key is (the prompt, the choice, the status bar, Clear API Key) in
// both builds — this file runs in the Node host (main run) and in the Web Worker host (web run) — and the words on a
// local node, on an RPC-only network and after each action.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  activateExtension,
  answerNextInputBox,
  answerNextQuickPick,
  captureMessages,
  fixtureUri,
  hoverText,
  openFixture,
  positionOf,
  setUserSetting,
  waitFor,
} from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, setStubRpcOnly, stubUrls } from '../support/stubClient';

const KEY = 'words-key-0123456789';
// deploy.env's made-up secret key (test/support/madeUpKeys.ts, madeUpEd25519(9, 21)) and its public key.
const PUBLIC_KEY = 'ed25519:4GxzbYaqMYRKHoALZMthn6G43pNycaYFjJmad1Suk3Lt';
const SAME_WORDS = `NEAR secret key in this file: an ed25519 secret key whose public key is ${PUBLIC_KEY}.`;
/** A height the stub's regular host has garbage-collected (its archival host keeps it). */
const OLD_BLOCK = 1;

/** Every message shown (information, warning, error) and every status-bar message, until stop(). */
function captureAll(): { texts: string[]; status: string[]; stop(): void } {
  const w = vscode.window;
  const saved = { info: w.showInformationMessage, warn: w.showWarningMessage, error: w.showErrorMessage, status: w.setStatusBarMessage };
  const texts: string[] = [];
  const status: string[] = [];
  const record = async (text: string): Promise<undefined> => void texts.push(text);
  w.showInformationMessage = record as typeof w.showInformationMessage;
  w.showWarningMessage = record as typeof w.showWarningMessage;
  w.showErrorMessage = record as typeof w.showErrorMessage;
  w.setStatusBarMessage = ((text: string) => {
    status.push(text);
    return { dispose: () => undefined };
  }) as typeof w.setStatusBarMessage;
  return {
    texts,
    status,
    stop: () => {
      w.showInformationMessage = saved.info;
      w.showWarningMessage = saved.warn;
      w.showErrorMessage = saved.error;
      w.setStatusBarMessage = saved.status;
    },
  };
}

/** What a person reads: markdown escapes removed. */
const plain = (md: string): string => md.replace(/\\(.)/g, '$1');

/** The words that contradict themselves: "nothing answers" after an HTTP status, an archival host sent to the archival host. */
function assertNoContradiction(text: string): void {
  assert.ok(!(/nothing answers/i.test(text) && /HTTP \d{3}/.test(text)), `"nothing answers" after an answer: ${text}`);
  assert.doesNotMatch(text, /archival .*the archival host/i, text);
}

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
      // No node in use: the last one used (an earlier suite's Local node…, the stub's RPC), else the sandbox default.
      assert.ok(['http://127.0.0.1:3030', rpcUrl].includes(box.value), box.value);
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

      // Switch Network… names the node in use, offers back by name the custom network it replaced (the stub's REST,
      // archival and transactions API), and Local node… offers the node again.
      const picked = answerNextQuickPick(() => undefined);
      await vscode.commands.executeCommand('nearLens.switchNetwork');
      const { items } = await picked;
      assert.deepEqual(
        items.map((i) => [i.label, i.description]),
        [
          ['mainnet', 'FastNEAR mainnet; .testnet ids still go to testnet'],
          ['testnet', 'FastNEAR testnet; .near ids still go to mainnet'],
          ['$(check) custom', `in use: local · ${node}, RPC only`],
          [`$(history) custom · ${node}`, 'REST, archival, transactions API — the custom network before Local node…'],
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

  describe('RPC-only networks offer only what works (item 3)', () => {
    async function rpcOnlyNode(): Promise<void> {
      await setStubRpcOnly(true);
      await setUserSetting('nearLens.customNetwork.apiUrl', undefined);
      await setUserSetting('nearLens.customNetwork.archivalRpcUrl', undefined);
      await waitFor(() => api.services.settings.endpoints.apiUrl === '' && api.services.settings.endpoints.archivalRpcUrl === stubUrls().rpcUrl, {
        what: 'an RPC-only network without an archival URL',
      });
    }
    afterEach(async () => {
      await setStubRpcOnly(false);
    });

    it('Query Block offers no archival host without an archival URL, and names the node as what it is', async () => {
      await rpcOnlyNode();
      const picked = answerNextQuickPick(() => undefined);
      await vscode.commands.executeCommand('nearLens.queryBlock');
      const { items, options } = await picked;
      assert.equal(options?.title, 'NEAR Lens: which block?', 'the host pick is skipped: the node answers');
      assert.ok(!items.some((i) => /archival/i.test(i.label)), JSON.stringify(items));
      const r = await vscode.commands.executeCommand<{ host: string; summary: string }>('nearLens.queryBlock', { host: 'archival', show: false });
      assert.equal(r?.host, 'regular');
      assert.doesNotMatch(r?.summary ?? '', /archival/);
    });

    it('a secret key on an RPC-only network: no "Show Accounts of This Key"; the diagnostic says why', async () => {
      await rpcOnlyNode();
      const editor = await openFixture('deploy.env');
      const d = await waitFor(
        () => vscode.languages.getDiagnostics(editor.document.uri).find((x) => x.source === 'NEAR Lens' && x.message.includes('needs a REST API')),
        { what: 'the diagnostic saying why', timeoutMs: 15_000 },
      );
      assert.ok(d.message.startsWith(SAME_WORDS), d.message);
      assert.match(d.message, /Which accounts it controls needs a REST API \(an indexer\): this network is RPC only/);
      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, d.range)) ?? [];
      const titles = actions.map((a) => a.title);
      assert.ok(titles.includes('Copy Public Key') && titles.includes('Ignore This Key in This Workspace'), titles.join(' | '));
      assert.ok(!titles.includes('Show Accounts of This Key'), titles.join(' | '));
    });

    it('every message for a closed port, a non-NEAR server and a non-archival node: one per failure, none contradicting itself', async () => {
      const said = captureAll();
      const thrown: string[] = [];
      const run = async (id: string, arg: unknown): Promise<void> => {
        const before = said.texts.length;
        try {
          await vscode.commands.executeCommand(id, arg);
        } catch (e) {
          thrown.push(e instanceof Error ? e.message : String(e));
        }
        assert.ok(said.texts.length - before <= 1, `more than one message for one failure: ${JSON.stringify(said.texts.slice(before))}`);
      };
      try {
        await run('nearLens.switchNetwork', { local: 'http://127.0.0.1:9' }); // a closed port
        await run('nearLens.switchNetwork', { local: stubUrls().apiUrl }); // a server that is not a NEAR node
        await rpcOnlyNode(); // a node without an archival URL
        await run('nearLens.queryBlock', { blockId: OLD_BLOCK });
        await run('nearLens.queryBlock', { host: 'archival', blockId: OLD_BLOCK });
        await run('nearLens.rpcRequest', { method: 'block', params: { block_id: OLD_BLOCK } });
        await run('nearLens.lookupAccount', { id: 'alice.test.near', blockId: OLD_BLOCK });
        await run('nearLens.lookupPublicKey', { key: PUBLIC_KEY, all: true });
      } finally {
        said.stop();
      }
      const all = [...said.texts, ...thrown];
      assert.ok(all.length >= 7, JSON.stringify(all));
      for (const t of all) assertNoContradiction(t);
      assert.ok(
        all.some((t) => /The RPC host no longer keeps that block \(garbage collected\); this network has no archival RPC URL/.test(t)),
        JSON.stringify(all),
      );
      assert.ok(!all.some((t) => /archival RPC host/i.test(t)), 'no archival host is named on a network without one');
    });
  });

  describe('every action answers (item 4) and one voice on a secret key (item 5)', () => {
    it("the hover's Add to Watchlist reveals the account (and says when it was watched already); Copy says Copied", async () => {
      const said = captureAll();
      try {
        await vscode.commands.executeCommand('nearLens.watchlist.add', 'here.tg', { show: true });
        await waitFor(() => api.watchlist.view.selection.some((n) => n.accountId === 'here.tg'), { what: 'here.tg revealed and selected' });
        await vscode.commands.executeCommand('nearLens.watchlist.add', 'here.tg', { show: true });
        assert.equal(said.texts.at(-1), 'here.tg is already in the watchlist.');
        assert.equal(await vscode.commands.executeCommand('nearLens.copyText', 'here.tg'), true);
        assert.equal(await vscode.commands.executeCommand('nearLens.copyPublicKey', PUBLIC_KEY), PUBLIC_KEY);
        assert.deepEqual(said.status, ['$(check) NEAR Lens: copied here.tg', `$(check) NEAR Lens: copied ${PUBLIC_KEY}`]);
      } finally {
        said.stop();
        await vscode.commands.executeCommand('nearLens.watchlist.remove', 'here.tg');
      }
      // The hover's own link carries { show: true }.
      const doc = await vscode.workspace.openTextDocument({ content: 'const a = "alice.near";\n', language: 'typescript' });
      const links = await hoverText(doc.uri, new vscode.Position(0, 13));
      assert.ok(links.includes(`command:nearLens.watchlist.add?${encodeURIComponent('["alice.near",{"show":true}]')}`), links);
    });

    it("a missing account's hover offers Check on the other network and Copy Id only", async () => {
      const editor = await openFixture('README.md');
      const text = await hoverText(editor.document.uri, positionOf(editor.document, 'nobody.near'));
      assert.match(plain(text), /No such account/);
      const labels = [...text.matchAll(/\[([^\]]+)\]\(command:/g)].map((m) => m[1]);
      assert.deepEqual(labels, ['Check on mainnet', 'Copy Id']);
    });

    it('the hover on a confirmed secret key says what the diagnostic says, with the same public key', async () => {
      const editor = await openFixture('deploy.env');
      const d = await waitFor(
        () => vscode.languages.getDiagnostics(fixtureUri('deploy.env')).find((x) => x.source === 'NEAR Lens' && x.message.startsWith('NEAR secret key')),
        { what: 'the secret-key diagnostic', timeoutMs: 15_000 },
      );
      assert.ok(d.message.startsWith(SAME_WORDS), d.message);
      const hover = plain(await hoverText(editor.document.uri, d.range.start.translate(0, 10)));
      assert.ok(hover.includes(SAME_WORDS), hover);
      assert.doesNotMatch(hover, /Possible secret key or signature/);
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

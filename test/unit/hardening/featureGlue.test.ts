// Hardening, the key never leaks through the VS Code glue: the whole extension is activated under a fake editor
// (real services, key store, log channel, settings, every feature), pointed at the loopback stub as a custom
// network. Commands, hovers, the watchlist view and the balance panel run with a recognisable key, with and
// without faults; output-channel lines, notifications, settings written, clipboard, opened URLs and documents,
// webview HTML and messages are all captured and searched for the key.
import { strict as assert } from 'node:assert';
import { base58 } from '@scure/base';
import { HOVER_COMMANDS } from '../../../src/features/hover/model/hoverMarkdown';
import type { Transport } from '../../../src/client/client';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import type * as ExtensionModule from '../../../src/extension';
import type { HostMessage } from '../../../src/features/panel/protocol';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import type { FakeEditor, Hover } from '../../support/fakeEditor';
import { assertInertMarkdown, CANARY, canaryForms, formatTable, settle, trackUnhandledRejections } from './harness';

const ROOT_KEY = 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
const SECRET = `ed25519:${'3'.repeat(87)}`;

type Api = NonNullable<ReturnType<typeof ExtensionModule.activate>>;
type Provider = { getChildren(n?: WatchNode): WatchNode[]; getTreeItem(n: WatchNode): { label: string; description?: string; tooltip?: unknown } };

function token(): unknown {
  return { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
}
function doc(text: string): unknown {
  return { uri: { scheme: 'file' }, lineAt: (line: number) => ({ text: text.split('\n')[line] ?? '' }) };
}

describe('hardening: the whole extension under a fake editor (activate → commands, hover, watchlist, panel)', function () {
  this.timeout(30_000);
  let stub: Stub;
  const rejections = trackUnhandledRejections();
  const realFetch = globalThis.fetch;
  const offBox: string[] = []; // URLs that were not the loopback stub (must stay empty)
  const summary: string[][] = [];

  before(async () => {
    stub = await startStub();
    // Nothing may leave the machine: a request to anything but the stub fails and is recorded.
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith('http://127.0.0.1:')) {
        offBox.push(url);
        return Promise.reject(new TypeError('fetch failed (blocked by the test)'));
      }
      return realFetch(input, init);
    }) as typeof fetch;
  });
  after(async () => {
    globalThis.fetch = realFetch;
    await stub.close();
    rejections.stop();
    console.log(
      `\n      Feature glue key scan\n${formatTable(['transport', 'requests', 'with key as configured', 'foreign', 'output lines', 'notifications', 'settings written', 'texts scanned', 'key found'], summary, 30).replace(/^/gm, '      ')}\n`,
    );
  });

  async function activate(editor: FakeEditor): Promise<{ api: Api; context: ReturnType<typeof fakeContext> }> {
    const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
    const context = fakeContext(editor);
    const api = ext.activate(context as never);
    assert.ok(api, `activation failed: ${JSON.stringify(editor.rec.notifications)}`);
    await api.services.ready;
    return { api, context };
  }

  async function hover(api: Api, text: string, character: number): Promise<string[]> {
    const h = (await api.hoverProvider.provideHover(doc(text) as never, { line: 0, character } as never, token() as never)) as unknown as Hover | undefined;
    if (!h) return [];
    for (const md of h.contents) {
      assert.deepEqual(md.isTrusted, { enabledCommands: [...HOVER_COMMANDS] });
      assert.equal(md.supportHtml, false);
      assertInertMarkdown(md.value);
    }
    return h.contents.map((m) => m.value);
  }

  async function walkTree(api: Api, provider: Provider): Promise<string[]> {
    const out: string[] = [];
    const visit = async (nodes: WatchNode[], depth: number): Promise<void> => {
      for (const n of nodes) {
        out.push(JSON.stringify(provider.getTreeItem(n)));
        if (depth < 3) {
          provider.getChildren(n); // expanding starts the lazy loads
          await api.watchlist.whenIdle();
          await visit(provider.getChildren(n), depth + 1);
        }
      }
    };
    const roots = provider.getChildren();
    roots.forEach((r) => provider.getTreeItem(r));
    await api.watchlist.whenIdle();
    await visit(provider.getChildren(), 0);
    return out;
  }

  for (const transport of ['bearer', 'query'] as Transport[]) {
    it(`${transport}: no key in any output, notification, setting, document, tree item, hover or webview message`, async () => {
      stub.clearRequests();
      stub.clearFaults();
      const editor = createFakeEditor({
        user: {
          network: 'custom',
          'customNetwork.apiUrl': stub.apiUrl,
          'customNetwork.rpcUrl': stub.rpcUrl,
          'customNetwork.archivalRpcUrl': stub.archivalRpcUrl,
          'auth.transport': transport,
          requestTimeoutMs: 1000,
          watchlist: ['alice.near', 'nobody.near', 'Not An Id'],
        },
      });
      const { api, context } = await activate(editor);
      const seen: string[] = [];

      // The key goes in through the command (as when pasted in the prompt), never echoed.
      assert.equal(await editor.exec('nearLens.setApiKey', CANARY), true);
      assert.equal(api.services.hasApiKey, true);
      assert.equal(editor.secrets.get('nearLens.apiKey.customNetwork'), CANARY); // the custom network's own key (#26)

      // Hovers.
      seen.push(...(await hover(api, 'owner = "alice.near"', 10)));
      seen.push(...(await hover(api, `key: ${ROOT_KEY}`, 10)));
      const secretHover = await hover(api, `sk: "${SECRET}"`, 8);
      assert.match(secretHover[0] ?? '', /Possible secret key/);
      seen.push(...secretHover);

      // The watchlist view, every group expanded, then the commands around it.
      const provider = editor.treeProviders.get('nearLens.watchlist') as Provider;
      seen.push(...(await walkTree(api, provider)));
      await api.watchlist.refreshAll();
      await editor.exec('nearLens.watchlist.add', 'here.tg, ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd');
      await editor.exec('nearLens.watchlist.copyId', 'alice.near');
      await editor.exec('nearLens.openInExplorer', 'alice.near');
      seen.push(...(await walkTree(api, provider)));

      // The balance panel, with a refresh and a reload of the webview.
      await editor.exec('nearLens.openAccountPanel', 'alice.near');
      const panel = editor.panels.at(-1);
      assert.ok(panel);
      panel.webview.send({ type: 'ready' });
      const first = (await api.panels.waitForPost('alice.near', 'account')) as HostMessage;
      assert.equal(first.type, 'account');
      panel.webview.send({ type: 'refresh' });
      await api.panels.panels.get('alice.near')?.current;

      // The command-palette tools with arguments.
      await editor.exec('nearLens.queryBlock', { finality: 'final', show: false });
      await editor.exec('nearLens.queryBlock', { blockId: 1, show: false });
      await editor.exec('nearLens.rpcRequest', {
        method: 'query',
        params: { request_type: 'view_account', finality: 'final', account_id: 'alice.near' },
        show: false,
      });
      await editor.exec('nearLens.lookupAccount', { id: 'alice.near', show: false });
      await editor.exec('nearLens.lookupPublicKey', { key: ROOT_KEY, all: true, show: false });
      await assert.rejects(Promise.resolve(editor.exec('nearLens.lookupPublicKey', { key: SECRET, show: false })), /secret key/);
      await assert.rejects(Promise.resolve(editor.exec('nearLens.rpcRequest', { method: 'send_tx', params: {} })), /only reads/);
      await editor.exec('nearLens.copyText', 'alice.near');
      await editor.exec('nearLens.switchNetwork', 'custom');
      await editor.exec('nearLens.showLog');

      // Faults through the glue: prompted commands show their message; the tree and panel keep their data.
      const faultRounds: Array<Parameters<Stub['fault']>[0]> = [
        { host: 'api', fault: { kind: 'status', status: 401, body: { error: `key ${CANARY} rejected` } } },
        { host: 'api', fault: { kind: 'status', status: 500, body: { error: `Bearer ${CANARY}` }, headers: { 'retry-after': '0' } } },
        { fault: { kind: 'redirect', to: 'foreign' } },
        { fault: { kind: 'status', status: 403, body: { error: 'origin_not_allowed' } } },
        { host: 'rpc', fault: { kind: 'wrong-shape', body: { jsonrpc: '2.0', id: 1, result: { error: `echo ${CANARY}`, logs: [] } } } },
      ];
      const fresh = ['root.near', 'poor.near', 'mob.near', 'pool.poolv1.near', 'alice.testnet'];
      for (const [i, rule] of faultRounds.entries()) {
        stub.clearFaults();
        stub.fault(rule);
        seen.push(...(await hover(api, '"alice.near"', 3)));
        await api.watchlist.refreshAll();
        seen.push(...(await walkTree(api, provider)));
        panel.webview.send({ type: 'refresh' });
        await api.panels.panels.get('alice.near')?.current;
        editor.inputs.push(fresh[i]); // not cached yet
        await editor.exec('nearLens.lookupAccount'); // prompted: errors become a notification
        editor.inputs.push(`ed25519:${base58.encode(new Uint8Array(32).fill(i + 1))}`);
        await editor.exec('nearLens.lookupPublicKey');
        await Promise.resolve(editor.exec('nearLens.queryBlock', { finality: 'final', show: false })).catch((e: unknown) => seen.push(String(e)));
      }
      stub.clearFaults();
      assert.ok(
        editor.rec.notifications.some((n) => n.level === 'error' && /did not accept the API key/.test(n.text)),
        'a 401 is reported by name',
      );
      assert.ok(
        editor.rec.notifications.some((n) => /redirected to another site/.test(n.text)),
        'the refused redirect is reported',
      );
      // An echoed Bearer token is masked without swallowing the end of the sentence.
      assert.ok(
        editor.rec.notifications.some((n) => n.text === 'NEAR Lens: Look Up Account failed: The service had an internal error (HTTP 500: Bearer ***).'),
      );

      // Malformed messages from the webview are ignored (and logged without their content).
      const before = panel.webview.posted.length;
      for (const m of [{ type: 'refresh', extra: CANARY }, { type: 'eval', code: 'x' }, 'ready', null, [{ type: 'ready' }]]) panel.webview.send(m);
      assert.equal(panel.webview.posted.length, before, 'nothing answered a malformed message');
      assert.ok(editor.rec.output.some((l) => /ignored an unexpected message/.test(l.text)));

      const sentBeforeClear = stub.requests.length;
      await editor.exec('nearLens.clearApiKey');
      assert.equal(editor.secrets.has('nearLens.apiKey'), false);
      await api.watchlist.whenIdle();
      await settle(50);

      // ---- what the stub saw
      const forms = canaryForms();
      const has = (s: string): boolean => forms.some((k) => s.includes(k));
      let withKey = 0;
      for (const [i, r] of stub.requests.entries()) {
        // After Clear API Key (the open panel loads again under the new terms): never the key.
        if (i >= sentBeforeClear) assert.ok(r.headers['authorization'] === undefined && r.query['apiKey'] === undefined, `the cleared key went out: ${r.url}`);
        assert.notEqual(r.host, 'foreign', `a request reached the foreign origin: ${r.url}`);
        const auth = r.headers['authorization'];
        if (transport === 'bearer') {
          if (auth !== undefined) assert.equal(auth, `Bearer ${CANARY}`);
          assert.equal(r.query['apiKey'], undefined);
          if (auth !== undefined) withKey++;
        } else {
          assert.equal(auth, undefined);
          if (r.query['apiKey'] !== undefined) {
            assert.equal(r.query['apiKey'], CANARY);
            withKey++;
          }
        }
        const rest = JSON.stringify({ path: r.path, body: r.body ?? '', headers: { ...r.headers, authorization: '' }, query: { ...r.query, apiKey: '' } });
        assert.ok(!has(rest), `key outside its place in ${r.host} ${r.url}`);
      }
      assert.equal(withKey, sentBeforeClear, 'every request before Clear API Key went with the key (set before the first request)');
      assert.deepEqual(offBox, [], 'nothing was sent off the machine');

      // ---- everything the editor was given
      const texts = [...editor.allText(), ...seen, ...[...editor.secrets.entries()].filter(([k]) => k !== 'nearLens.apiKey').map(([k, v]) => `${k}=${v}`)];
      const found = texts.filter(has);
      assert.deepEqual(found, [], 'the key appears nowhere');
      assert.ok(!editor.rec.settingsWritten.some((s) => /apiKey|secret/i.test(s.key)), 'the key is never a setting');
      assert.ok(editor.rec.output.length > 20, 'requests were logged');
      if (transport === 'query')
        assert.ok(
          editor.rec.output.some((l) => /apiKey=\*\*\*/.test(l.text)),
          'query URLs are logged masked',
        );
      assert.ok(
        editor.rec.settingsWritten.some((s) => s.key === 'nearLens.watchlist'),
        'the watchlist was written',
      );

      for (const d of context.subscriptions.splice(0)) d.dispose();
      await settle();
      assert.deepEqual(rejections.list, []);
      summary.push([
        transport,
        String(stub.requests.length),
        String(withKey),
        '0',
        String(editor.rec.output.length),
        String(editor.rec.notifications.length),
        String(editor.rec.settingsWritten.length),
        String(texts.length),
        String(found.length),
      ]);
    });
  }
});

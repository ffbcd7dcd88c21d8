// Hardening, webview: the panel host in src/features/panel/panelHost.ts (the pure CSP builder is covered by panelHtml.test.ts).
// Every page it writes has the strict CSP and a fresh nonce, the options are ours (also for a revived panel), and
// inbound messages or revived state of the wrong shape are ignored, logged without their content, and cost no request.
import { strict as assert } from 'node:assert';
import type * as PanelModule from '../../../src/features/panel/index';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { createFakeEditor, FakeWebviewPanel, fakeContext, loadIsolated } from '../../support/fakeEditor';
import type { FakeEditor } from '../../support/fakeEditor';
import { makeServices, settle, trackUnhandledRejections } from './harness';
import type { TestServices } from './harness';

function csp(html: string): Map<string, string[]> {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m?.[1], 'a CSP meta tag');
  const policy = m[1]
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0] as string, d.slice(1)]),
  );
}

describe('hardening: webview host (CSP per render, options, inbound message and state guards)', function () {
  this.timeout(15_000);
  let stub: Stub;
  let editor: FakeEditor;
  let services: TestServices;
  let api: PanelModule.PanelApi;
  const rejections = trackUnhandledRejections();

  before(async () => {
    stub = await startStub();
    editor = createFakeEditor();
    services = makeServices(stub);
    const P = loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/index');
    api = P.registerPanel(fakeContext(editor) as never, services);
  });
  after(async () => {
    await stub.close();
    rejections.stop();
  });

  it('every page (new and revived panels) has default-src none, a fresh nonce on its only script, no unsafe-*', async () => {
    const ids = ['alice.near', 'here.tg', 'mob.near', 'root.near', 'poor.near', 'nobody.near'];
    for (const id of ids) await editor.exec('nearLens.openAccountPanel', id);
    const serializer = editor.serializers.get('nearLens.balancePanel');
    assert.ok(serializer);
    for (const id of ['pool.poolv1.near', 'alice.testnet'])
      await serializer.deserializeWebviewPanel(new FakeWebviewPanel('nearLens.balancePanel', editor.rec), { accountId: id });
    const pages = editor.rec.htmls;
    assert.equal(pages.length, ids.length + 2);
    const nonces = new Set<string>();
    for (const html of pages) {
      const policy = csp(html);
      assert.deepEqual(policy.get('default-src'), ["'none'"]);
      const script = policy.get('script-src') ?? [];
      assert.equal(script.length, 1, `script-src is only the nonce: ${script.join(' ')}`);
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(script[0] ?? '')?.[1];
      assert.ok(nonce && Buffer.from(nonce, 'base64').length >= 16, 'a nonce of at least 16 random bytes');
      nonces.add(nonce);
      for (const [name, sources] of policy) {
        for (const s of sources) assert.ok(!/unsafe-|^\*$|^https?:$|^data:$/.test(s) || (name === 'img-src' && s === 'data:'), `${name} allows ${s}`);
      }
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      assert.equal(scripts.length, 1);
      assert.match(scripts[0]?.[1] ?? '', new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`));
      assert.equal((scripts[0]?.[2] ?? '').trim(), '', 'no inline script code');
      assert.ok(!/\son[a-z]+=/i.test(html), 'no inline event handlers');
      for (const id of [...ids, 'pool.poolv1.near']) assert.ok(!html.includes(id), 'no account data in the HTML');
    }
    assert.equal(nonces.size, pages.length, 'a fresh nonce for every page');
    // Webview options: scripts for our bundle only, no command URIs, resources from our two folders.
    for (const p of editor.panels) {
      const o = p.webview.options as { enableScripts?: boolean; enableCommandUris?: boolean; localResourceRoots?: Array<{ path: string }> };
      assert.equal(o.enableScripts, true);
      assert.equal(o.enableCommandUris, false);
      assert.deepEqual(
        o.localResourceRoots?.map((u) => u.path),
        ['/ext/near-lens/media', '/ext/near-lens/dist/webview'],
      );
    }
    await Promise.all([...api.panels.values()].map((p) => p.current));
    for (const p of editor.panels) p.dispose();
  });

  it('a revived panel whose state is not ours is closed without a request; its options are reset to ours', async () => {
    const serializer = editor.serializers.get('nearLens.balancePanel');
    assert.ok(serializer);
    stub.clearRequests();
    const bad: unknown[] = [
      undefined,
      null,
      'alice.near',
      { accountId: '<img src=x onerror=alert(1)>' },
      { accountId: 'Alice.near' },
      { accountId: 42 },
      { accountId: 'alice.near', data: { total: '∞' } },
      { accountId: 'x'.repeat(20_000) },
      Object.create({ accountId: 'alice.near' }),
    ];
    for (const state of bad) {
      const panel = new FakeWebviewPanel('nearLens.balancePanel', editor.rec);
      panel.webview.options = { enableScripts: true, enableCommandUris: true, localResourceRoots: [{ path: '/' }] };
      await serializer.deserializeWebviewPanel(panel, state);
      assert.equal(panel.disposed, true, `state ${JSON.stringify(state)?.slice(0, 60)} was adopted`);
    }
    const good = new FakeWebviewPanel('nearLens.balancePanel', editor.rec);
    good.webview.options = { enableScripts: true, enableCommandUris: true, localResourceRoots: [{ path: '/' }] };
    await serializer.deserializeWebviewPanel(good, { accountId: 'locked.near' });
    assert.equal(good.disposed, false);
    assert.equal((good.webview.options as { enableCommandUris?: boolean }).enableCommandUris, false, 'options reset on revive');
    await api.panels.get('locked.near')?.current;
    const accounts = stub.requests.filter((r) => r.path.startsWith('/v1/account/')).map((r) => decodeURIComponent(r.path.split('/')[3] ?? ''));
    assert.deepEqual([...new Set(accounts)], ['locked.near'], 'only the valid revived account was fetched');
    good.dispose();
  });

  it('inbound messages of the wrong shape are ignored, logged without their content, and send nothing', async () => {
    await editor.exec('nearLens.openAccountPanel', 'alice.near');
    const panel = editor.panels.at(-1);
    assert.ok(panel);
    const host = api.panels.get('alice.near');
    assert.ok(host);
    await host.current;
    assert.equal(panel.webview.posted.length, 0, 'nothing is posted before the ready handshake');
    panel.webview.send({ type: 'ready' });
    await host.current;
    const postedBefore = panel.webview.posted.length;
    assert.ok(postedBefore > 0);
    stub.clearRequests();
    const linesBefore = services.lines.length;
    const CANARY = 'MSG_CANARY_<script>alert(1)</script>';
    const malformed: unknown[] = [
      null,
      undefined,
      42,
      'refresh',
      [],
      [{ type: 'refresh' }],
      {},
      { type: 'Refresh' },
      { type: 'refresh', accountId: CANARY },
      { type: 'ready', extra: CANARY },
      { type: CANARY },
      { type: 'openExternal', url: `javascript:${CANARY}` },
      { type: 'command', command: 'nearLens.setApiKey', args: [CANARY] },
      Object.create({ type: 'refresh' }),
      { type: ['refresh'] },
      { __proto__: { type: 'ready' } },
      JSON.parse(`{"type":"refresh","__proto__":{"x":"${CANARY}"}}`),
    ];
    for (const m of malformed) panel.webview.send(m);
    await settle(50);
    await host.current;
    assert.equal(panel.webview.posted.length, postedBefore, 'no answer to a malformed message');
    assert.deepEqual(
      stub.requests.map((r) => r.url),
      [],
      'no request for a malformed message',
    );
    const logged = services.lines.slice(linesBefore);
    assert.equal(logged.filter((l) => /ignored an unexpected message/.test(l)).length, malformed.length, 'each one is logged');
    assert.ok(!logged.some((l) => l.includes('MSG_CANARY')), 'the content is never logged');
    // The two real messages still work afterwards.
    panel.webview.send({ type: 'refresh' });
    await host.current;
    assert.ok(stub.requests.length > 0);
    assert.equal(panel.webview.posted.at(-1) && (panel.webview.posted.at(-1) as { type: string }).type, 'account');
    panel.dispose();
    await settle();
    assert.deepEqual(rejections.list, []);
  });
});

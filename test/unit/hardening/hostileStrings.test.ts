// Hardening, hostile strings: markdown, HTML, command:/javascript: URIs, control characters, bidi overrides,
// zero-width characters and 10,000-character strings, put into the documents and into the stub's answers
// (contract ids, symbols, key lists, code hashes, versions, error bodies). They must come out inert: hover markdown
// without any live link but our allowlisted commands, tree items and panel messages as clipped plain text, and
// invalid ids refused before any request is made.
import { strict as assert } from 'node:assert';
import { NearLensError } from '../../../src/base/errors';
import { escapeMarkdown, sanitizeText } from '../../../src/base/text';
import { accountIdError, classify } from '../../../src/near/ids';
import { findAll, findAt } from '../../../src/near/idFinder';
import { buildHoverSections } from '../../../src/features/hover/model/hoverMarkdown';
import type * as ExtensionModule from '../../../src/extension';
import { isHostMessage, isPanelViewModel } from '../../../src/features/panel/protocol';
import { isTxHostMessage } from '../../../src/features/transactions/guards';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import {
  assertInertMarkdown,
  assertPlainText,
  formatTable,
  loadFeatures,
  makeServices,
  PanelSurface,
  settle,
  trackUnhandledRejections,
  TreeSurface,
} from './harness';
import type { Features } from './harness';

const LONG = 'A'.repeat(10_000);
/** The corpus: each entry is hostile on its own; they are also glued to ids and put in every field. */
export const HOSTILE: readonly string[] = [
  '[click me](command:nearLens.setApiKey)',
  '[run](command:workbench.action.terminal.new?%5B%22rm%20-rf%22%5D "title")',
  '![pixel](https://evil.example/p.png)',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="command:workbench.action.openSettings">settings</a>',
  'javascript:alert(document.cookie)',
  'command:nearLens.clearApiKey',
  '[js](javascript:alert(1))',
  'https://evil.example/phish and www.evil.example and evil@example.com',
  '**bold** _it_ `code` ~~strike~~ # heading',
  '$(alert) $(key~spin)',
  '&lt;script&gt; &#x3C;b&#x3E; &#60;',
  '| a | b |\n|---|---|\n| c | d |',
  'line1\nline2\r\n\u2028line3\u2029line4\u0085line5',
  '\u0000\u0007\u001b[31mred\u001b[0m\u007f\u009b',
  'invoice\u202Egnp.exe',
  'safe\u2066hidden\u2069 \u202Dltr\u202C \u200Emark\u200F \u061C',
  'zero\u200Bwidth\u200Cnon\u200Djoin\u2060wj\uFEFFbom\uFFF9ann\uFFFB',
  LONG,
  '[a](command:nearLens.setApiKey)'.repeat(400),
  '\\[escaped\\](command:x) \\<b\\>',
  '<!-- x --> <details open><summary>s</summary></details>',
  '```\ncode block\n```',
  '> quote\n- list\n1. item',
  'lone \ud800 surrogate',
  '🙂'.repeat(3000),
  '[x]: https://evil.example/ref-definition',
  '<https://evil.example/autolink>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
];

const NEAR_ID = (h: string): string => `${h}.near`;

describe('hardening: hostile strings are rendered inert', function () {
  this.timeout(30_000);
  let stub: Stub;
  let f: Features;
  const rejections = trackUnhandledRejections();
  const counts: string[][] = [];

  before(async () => {
    f = loadFeatures();
    stub = await startStub();
  });
  after(async () => {
    await stub.close();
    rejections.stop();
    console.log(`\n      Hostile strings: ${HOSTILE.length} in the corpus\n${formatTable(['where', 'checked'], counts).replace(/^/gm, '      ')}\n`);
  });
  afterEach(() => {
    stub.clearFaults();
    stub.clearRequests();
  });

  it('the finder never throws on them, and what it reports hovers as inert markdown (documents)', () => {
    let hovers = 0;
    const opts = { decimals: 5, liquidStakingProviders: ['meta-pool.near'], hasExplorer: true };
    for (const h of HOSTILE) {
      for (const line of [
        h,
        `${h} alice.near ${h}`,
        `[alice.near](${h})`,
        `<alice.near>${h}`,
        `alice.near${h}`,
        `${h}ed25519:${h}`,
        `ed25519:${h.slice(0, 200)}`,
        `"${NEAR_ID(h)}"`,
      ]) {
        const found = findAll(line);
        for (const pos of [0, Math.floor(line.length / 2), line.length, line.indexOf('alice.near') + 2]) {
          if (pos < 0) continue;
          const at = findAt(line, pos);
          if (at) found.push(at);
        }
        for (const id of found) {
          for (const live of [undefined, { kind: 'error' as const, message: h }]) {
            for (const section of buildHoverSections(id.classified, live, opts)) {
              assertInertMarkdown(section, `hover of ${JSON.stringify(id.text.slice(0, 40))}`);
              assert.ok(section.length < 6000, `hover section of ${section.length} characters`);
              hovers++;
            }
          }
        }
      }
    }
    counts.push(['hover sections built from documents', String(hovers)]);
  });

  it('invalid ids are refused before any request, by the client and by every surface', async () => {
    const services = makeServices(stub, { watchlist: [...HOSTILE, ...HOSTILE.map(NEAR_ID)] });
    const c = services.client;
    let refused = 0;
    for (const bad of [...HOSTILE, ...HOSTILE.map(NEAR_ID)]) {
      const calls: Array<() => Promise<unknown>> = [
        () => c.accounts.full(bad),
        () => c.accounts.ft(bad),
        () => c.accounts.nft(bad),
        () => c.accounts.staking(bad),
        () => c.accounts.publicKey(bad),
        () => c.accounts.publicKeyAll(bad),
        () => c.rpc.viewAccount(bad),
        () => c.rpc.viewAccessKeyList(bad),
        () => c.rpc.callFunction(bad, 'ft_metadata', {}),
        () => c.rpc.callFunction('meta-pool.near', bad, {}),
        () => c.rpc.ftMetadata(bad),
        () => c.rpc.stakedBalance(bad, 'alice.near'),
        () => c.rpc.unstakedBalance('zavodil.poolv1.near', bad),
        () => c.rpc.request(bad, {}),
      ];
      for (const call of calls) {
        await assert.rejects(call(), (e: unknown) => {
          assert.ok(NearLensError.is(e) && (e.kind === 'invalid-input' || e.kind === 'sensitive'), String(e));
          assertPlainText(e.message, 400, 'refusal message');
          return true;
        });
        refused++;
      }
    }
    // The watchlist (hand-edited setting full of junk) shows them as invalid items and fetches nothing.
    const tree = new TreeSurface(f, services);
    await tree.show();
    for (const item of tree.items()) {
      assertPlainText(item.label, 100, 'tree label');
      assertPlainText(item.description, 400, 'tree description');
      assertPlainText(item.tooltip, 1000, 'tree tooltip', { multiline: true });
    }
    assert.ok(tree.items().some((i) => i.description === 'invalid id'));
    // The panel host refuses them too (opened through the command, as a link or the palette would).
    const editor = createFakeEditor({ user: { network: 'custom', 'customNetwork.apiUrl': stub.apiUrl, 'customNetwork.rpcUrl': stub.rpcUrl } });
    const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
    const context = fakeContext(editor);
    ext.activate(context as never);
    for (const bad of HOSTILE) {
      await assert.rejects(Promise.resolve(editor.exec('nearLens.openAccountPanel', bad)), /Not a valid NEAR account id/);
      await assert.rejects(Promise.resolve(editor.exec('nearLens.lookupAccount', { id: bad, show: false })));
      await editor.exec('nearLens.watchlist.add', bad);
      await editor.exec('nearLens.openInExplorer', bad);
    }
    assert.equal(editor.panels.length, 0, 'no panel opened');
    assert.equal(editor.rec.external.length, 0, 'no URL opened');
    // Add splits its argument like the input box ("a.near, b.near c.near"): only the pieces that are valid ids go in.
    for (const w of editor.rec.settingsWritten) {
      assert.equal(w.key, 'nearLens.watchlist');
      for (const id of w.value as string[]) assert.equal(accountIdError(id), undefined, `invalid id written: ${JSON.stringify(id)}`);
    }
    assert.ok(editor.rec.notifications.filter((n) => n.level === 'warning').length >= HOSTILE.length, 'each refusal is explained');
    for (const n of editor.rec.notifications) assertPlainText(n.text, 1000, 'notification');
    for (const d of context.subscriptions.splice(0)) d.dispose();
    assert.equal(stub.requests.length, 0, `requests made: ${stub.requests.map((r) => r.url).join(', ')}`);
    counts.push(['invalid ids refused with 0 requests (client calls)', String(refused)]);
  });

  it('hostile answers (contract ids, symbols, keys, code hash, version, error bodies) stay plain text on every surface', async () => {
    const pick = (i: number): string => HOSTILE[i % HOSTILE.length] as string;
    const hostileIds = HOSTILE.map((h, i) => (i % 2 === 0 ? h : NEAR_ID(h)));
    stub.fault({
      host: 'api',
      match: '/v1/account/alice.near/full',
      fault: {
        kind: 'wrong-shape',
        body: {
          account_id: 'alice.near',
          state: { balance: '1234567800000000000000000000', locked: '0', storage_bytes: 26340 },
          tokens: [
            { contract_id: 'meta-pool.near', balance: '5000000000000000000000000', last_update_block_height: 1 },
            { contract_id: 'usdt.tether-token.near', balance: '10283000', last_update_block_height: 2 },
            ...hostileIds.map((id) => ({ contract_id: id, balance: '1', last_update_block_height: 3 })),
          ],
          nfts: hostileIds.map((id) => ({ contract_id: id, last_update_block_height: null })),
          pools: [
            { pool_id: 'zavodil.poolv1.near', last_update_block_height: 4 },
            ...hostileIds.map((id) => ({ pool_id: id, last_update_block_height: null })),
          ],
        },
      },
    });
    stub.fault({ host: 'api', match: '/v1/public_key/', fault: { kind: 'wrong-shape', body: { public_key: 'ed25519:x', account_ids: [...HOSTILE] } } });
    stub.fault({ host: 'api', match: '/status', fault: { kind: 'wrong-shape', body: { sync_block_height: 5, version: LONG + HOSTILE.join(' ') } } });
    const meta = (i: number): unknown => ({
      jsonrpc: '2.0',
      id: 1,
      result: {
        result: Array.from(Buffer.from(JSON.stringify({ symbol: pick(i), name: pick(i + 1), decimals: 6 }))),
        logs: [],
        block_height: 1,
        block_hash: 'h',
      },
    });
    stub.fault({ host: 'rpc', match: 'ft_metadata', fault: { kind: 'wrong-shape', body: meta(4) } });
    stub.fault({
      host: 'rpc',
      match: 'view_access_key_list',
      fault: {
        kind: 'wrong-shape',
        body: {
          jsonrpc: '2.0',
          id: 1,
          result: {
            keys: HOSTILE.map((h, i) => ({
              public_key: h,
              access_key: {
                nonce: i,
                permission:
                  i % 3 === 0 ? 'FullAccess' : { FunctionCall: { allowance: null, receiver_id: pick(i + 2), method_names: [pick(i + 3), pick(i + 5)] } },
              },
            })),
            block_height: 1,
            block_hash: 'h',
          },
        },
      },
    });
    stub.fault({
      host: 'rpc',
      match: 'view_account',
      fault: {
        kind: 'wrong-shape',
        body: { jsonrpc: '2.0', id: 1, result: { amount: '1', locked: '0', code_hash: HOSTILE.join(''), storage_usage: 1, block_height: 1, block_hash: 'h' } },
      },
    });

    const services = makeServices(stub, { watchlist: ['alice.near'] });
    let checked = 0;

    // Hover: account and public key.
    const hover = new f.hover.NearHoverProvider(services);
    for (const text of ['alice.near', 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd']) {
      const sections = await hover.sections(classify(text));
      assert.ok(sections);
      for (const s of sections) {
        assertInertMarkdown(s, `hover of ${text}`);
        assert.ok(s.length < 12_000, `hover section of ${s.length} characters`);
        checked++;
      }
    }

    // Tree: every group expanded.
    const tree = new TreeSurface(f, services);
    await tree.show();
    await tree.expand('alice.near', 'Fungible', 'NFT', 'Contract', 'Staking');
    for (const g of tree.children(tree.root('alice.near'))) for (const c of tree.children(g)) tree.children(c);
    await tree.provider.whenIdle();
    const items = tree.items();
    assert.ok(items.length > 100, `${items.length} tree items`);
    for (const item of items) {
      assertPlainText(item.label, 130, `tree label ${JSON.stringify(item.label).slice(0, 60)}`);
      assertPlainText(item.description, 400, 'tree description');
      assertPlainText(item.tooltip, 2000, 'tree tooltip', { multiline: true });
      checked++;
    }

    // Panel: the model and every message posted, through the webview's own guard.
    const panel = new PanelSurface(f, services, 'alice.near');
    await panel.ready();
    const model = panel.lastModel();
    assert.ok(model && isPanelViewModel(model));
    for (const m of panel.posted) {
      assert.ok(isHostMessage(m) || isTxHostMessage(m), 'the webview guard accepts what the host posts');
      forEachString(m, (s, where) => {
        assertPlainText(s, 400, `panel ${where}`);
        checked++;
      });
    }
    counts.push(['hover sections / tree items / panel strings from hostile answers', String(checked)]);

    // Error bodies: the message of each surface is clipped plain text (hover: inert markdown).
    let errors = 0;
    for (const h of HOSTILE) {
      for (const [status, body] of [
        [400, h],
        [500, { error: h }],
        [503, { message: h }],
      ] as Array<[number, unknown]>) {
        stub.clearFaults();
        stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status, body } });
        stub.fault({
          host: 'rpc',
          fault: {
            kind: 'wrong-shape',
            body: { jsonrpc: '2.0', id: 1, error: { name: h, cause: { name: h, info: { requested_account_id: h } }, code: -32000, message: h, data: h } },
          },
        });
        services.client.accounts.invalidate();
        const sections = await hover.sections(classify('alice.near'));
        for (const s of sections ?? []) assertInertMarkdown(s, 'hover error');
        await tree.provider.refresh('alice.near');
        for (const item of tree.items()) {
          assertPlainText(item.label, 400, 'tree error label');
          assertPlainText(item.tooltip, 2000, 'tree error tooltip', { multiline: true });
        }
        await panel.refresh();
        for (const m of await panel.repaint()) {
          assert.ok(isHostMessage(m) || isTxHostMessage(m));
          forEachString(m, (s, where) => assertPlainText(s, 400, `panel ${where}`));
        }
        try {
          await services.client.rpc.viewAccount('alice.near', undefined, { fresh: true });
        } catch (e) {
          assertPlainText((e as Error).message, 400, 'RPC error message');
        }
        errors++;
      }
    }
    counts.push(['hostile error bodies through hover, tree, panel', String(errors)]);
    await settle();
    assert.deepEqual(rejections.list, []);
  });

  it('the inertness checker has teeth: live markdown is rejected, its escaped form accepted', () => {
    const live = [
      '[x](javascript:alert(1))',
      '<img src=x>',
      'see https://evil.example',
      '[a](command:workbench.x?1)',
      'www.evil.example',
      'a\u202Eb',
      '`code`',
      '![i](x)',
      '&#60;b',
      'x | y',
      '$(key)',
    ];
    for (const md of live) {
      assert.throws(() => assertInertMarkdown(md), `accepted ${JSON.stringify(md)}`);
      assertInertMarkdown(escapeMarkdown(md));
    }
    assertInertMarkdown('[Copy](command:nearLens.copyText?%5B%22alice.near%22%5D) · **alice\\.near**');
  });

  it('the webview guard drops absurd strings; the view model clips them first', () => {
    const text = (n: number): string => 'x'.repeat(n);
    assert.equal(isHostMessage({ type: 'error', message: text(10_001) }), false);
    assert.equal(isHostMessage({ type: 'error', message: text(10_000) }), true);
    assert.equal(sanitizeText(LONG).length <= 200, true);
    assert.ok(escapeMarkdown(LONG).length <= 200);
    counts.push(['protocol guard: >10,000-character message dropped', 'yes']);
  });
});

function forEachString(v: unknown, fn: (s: string, where: string) => void, where = ''): void {
  if (typeof v === 'string') fn(v, where);
  else if (Array.isArray(v)) v.forEach((x, i) => forEachString(x, fn, `${where}[${i}]`));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) forEachString(x, fn, where ? `${where}.${k}` : k);
}

// In-editor Inspect Transaction, against the stub's version-3 gas profiles, fees and changes: a successful transaction
// (the real testnet set_greeting receipt) and a failed one (out of gas) in their panels and as text, the panel's
// Copy of a whole value, a second inspect that sends nothing, the hover's link, and a local node (RPC only, no
// archival host) where a recent transaction reads whole and an old one says its blocks are no longer kept.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { clearStubRequests, resetStub, setStubRpcOnly, stubRequests, stubUrls } from '../support/stubClient';

const GREETING = '5oaGS5HZmHukM8ukbbd5aNr4CYbthojxgdxXr2aKFWWJ';
const FT = '52WKo6uPr1Y27EzKTDB7pZAGLATWF2ssAhjhDBj1LQ6d';
const OUT_OF_GAS = '5s9pqMMVpz5h5Cg5KwFACHJR4WeGdPAHjqjLYUi3iKTD';

type Posted = ReturnType<NearLensApi['inspect']['posted']>[number];
type Start = Extract<Posted, { type: 'inspectStart' }>;
interface Inspection {
  hash: string;
  status: string;
  receipts: Array<{
    id: string;
    status: string;
    gas: { burnt: string; actionCost?: string; groups: Array<{ name: string; gas: string }> };
    state: { changes: Array<{ key: { text?: string }; after?: { borsh?: { string?: string } } }>; unavailable?: string; storageDelta?: string };
  }>;
}

const inspect = (arg: unknown): Thenable<Inspection | undefined> => vscode.commands.executeCommand<Inspection | undefined>('nearLens.inspectTransaction', arg);

/** The panel's picture so far: the receipts of its start, each replaced by its later message. */
function picture(api: NearLensApi, hash: string): Start {
  const posted = api.inspect.posted(hash);
  const start = [...posted].reverse().find((m): m is Start => m.type === 'inspectStart');
  assert.ok(start, `no start posted for ${hash.slice(0, 8)}`);
  const receipts = [...start.receipts];
  for (const m of posted.slice(posted.lastIndexOf(start) + 1)) if (m.type === 'inspectReceipt') receipts[m.index] = m.receipt;
  return { ...start, receipts };
}

/** The transaction document the panel's Open as Text opens. */
async function openedText(api: NearLensApi, key: string, hash: string): Promise<string> {
  const panel = api.inspect.panels().get(key);
  assert.ok(panel, `no panel ${key}`);
  panel.receive({ type: 'openText' });
  const doc = await waitFor(
    () => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${hash}`) ? d : undefined;
    },
    { what: 'the transaction document', timeoutMs: 10_000 },
  );
  return doc.getText();
}

describe('Inspect Transaction: where the gas went and what it changed', function () {
  this.timeout(60_000);
  let api: NearLensApi;

  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
    api.inspect.forget();
    api.inspect.clearPosts();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a successful transaction: its panel (gas groups to the unit, STATE before → after), Copy, as text, and a second inspect sends nothing', async () => {
    const got = await inspect({ hash: GREETING });
    assert.ok(got);
    const r = got.receipts[0]!;
    assert.equal(r.gas.burnt, '1114749760106');
    assert.equal(r.gas.actionCost, '888186948238');
    assert.equal(
      r.gas.groups.reduce((s, g) => s + BigInt(g.gas), 0n),
      1114749760106n,
    );
    assert.equal(r.state.changes[0]?.key.text, 'STATE');
    assert.equal(r.state.changes[0]?.after?.borsh?.string, 'Hello from NEAR Lens, testnet!');
    // The panel: the page said "ready", then every receipt was posted read.
    await api.inspect.waitForPost(GREETING, 'inspectDone');
    const p = picture(api, GREETING);
    assert.equal(p.head.statusText, '✓ succeeded');
    assert.ok(p.receipts.every((x) => x.loaded));
    const first = p.receipts[0]!;
    assert.equal(first.title, 'set_greeting on hello.sleet.testnet');
    assert.equal(first.gas.burnt, '1.114749760106 TGas burnt');
    assert.equal(first.gas.attached, '3 TGas attached');
    assert.ok(first.gas.attachedAt > 99 && first.gas.attachedAt <= 100);
    assert.deepEqual(
      first.gas.parts.map((x) => x.gas),
      ['108,059,500,000', '780,000,000,000', '127,448,238'],
    );
    assert.equal(first.state.changes[0]?.key.text, 'STATE');
    assert.equal(first.state.changes[0]?.before.text, '"gm" (borsh string)');
    assert.equal(first.state.changes[0]?.after.text, '"Hello from NEAR Lens, testnet!" (borsh string)');
    assert.equal(first.state.storage, '+28 bytes of storage, pinning 0.00028 NEAR');
    assert.deepEqual(
      first.state.account.map((a) => a.label),
      ['Balance', 'Locked', 'Storage', 'Code hash'],
    );

    const panel = api.inspect.panels().get(`custom|${GREETING}`);
    assert.ok(panel);
    panel.receive({ type: 'copy', receipt: 0, change: 0, side: 'after' });
    await waitFor(async () => (await vscode.env.clipboard.readText()) === '"Hello from NEAR Lens, testnet!" (borsh string)', { what: 'the copied value' });

    const text = await openedText(api, `custom|${GREETING}`, GREETING);
    assert.match(text, /\/\/ Gas and state \(Inspect Transaction\):/);
    assert.match(text, /the call's own fee \(not profiled\) 0\.888186948238 TGas/);
    assert.match(text, /own fee = action receipt creation 0\.1080595 TGas \+ function call set_greeting: base 0\.78 TGas/);
    assert.match(text, /STATE: "gm" \(borsh string\) → "Hello from NEAR Lens, testnet!" \(borsh string\) · update · \+28 bytes/);

    await clearStubRequests();
    const again = await inspect({ hash: GREETING, show: false });
    assert.equal(again?.hash, GREETING);
    assert.deepEqual(await stubRequests(), [], 'a finished transaction is read once a session');
  });

  it('a failed transaction: out of gas, most of it storage writes, in the panel and as text; its blocks from the archival host', async () => {
    const got = await inspect({ hash: OUT_OF_GAS });
    assert.equal(got?.status, 'failure');
    await api.inspect.waitForPost(OUT_OF_GAS, 'inspectDone');
    const r = picture(api, OUT_OF_GAS).receipts[0]!;
    assert.equal(r.status, 'failure');
    assert.match(r.gas.outOfGas, /^Out of gas: most of it went to storage writes — /);
    assert.ok(r.state.account.length > 0);
    assert.ok(
      (await stubRequests()).some((q) => q.host === 'archival'),
      'the regular host no longer keeps those blocks',
    );
    const text = await openedText(api, `custom|${OUT_OF_GAS}`, OUT_OF_GAS);
    assert.match(text, /Out of gas: most of it went to storage writes/);
    assert.match(text, /✗ failed/);
  });

  it('a cross-contract call: the receipt tree in the panel, collection keys read', async () => {
    await inspect({ hash: FT });
    await api.inspect.waitForPost(FT, 'inspectDone');
    const p = picture(api, FT);
    assert.deepEqual(
      p.receipts.map((r) => [r.depth, r.title]),
      [
        [0, 'ft_transfer_call on token.lensdev.testnet'],
        [1, 'ft_on_transfer on market.lensdev.testnet'],
        [1, 'ft_resolve_transfer on token.lensdev.testnet'],
        [2, 'refund to alice.lensdev.testnet'],
      ],
    );
    assert.equal(p.receipts[0]?.state.changes[0]?.key.text, 't + "alice.lensdev.testnet" (account id)');
    assert.equal(p.receipts[0]?.state.changes[0]?.before.text, '10000000 (u128)');
    assert.equal(p.receipts[0]?.state.changes[1]?.kind, 'create');
  });

  it('a local node (RPC only, no archival host): a recent transaction reads whole, an old one says its blocks are gone', async () => {
    const urls = stubUrls();
    await setStubRpcOnly(true);
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    await setUserSetting('nearLens.customNetwork.apiUrl', undefined);
    await setUserSetting('nearLens.customNetwork.archivalRpcUrl', undefined);
    try {
      await waitFor(() => !api.services.clientForNetwork().client.rpc.hasArchival && !api.services.clientForNetwork().client.transactions.hasTransactionsApi, {
        what: 'the RPC-only client',
      });
      const recent = await inspect({ hash: GREETING, show: false });
      assert.equal(recent?.receipts[0]?.state.storageDelta, '28');
      const senders = (await stubRequests())
        .map((q) => q.body as { method?: string; params?: Record<string, unknown> })
        .filter((b) => b.method === 'EXPERIMENTAL_tx_status');
      assert.deepEqual(
        senders.map((b) => [b.params?.['sender_account_id'], b.params?.['wait_until']]),
        [['near', 'NONE']],
      );
      const old = await inspect({ hash: OUT_OF_GAS, show: false });
      assert.match(old?.receipts[0]?.state.unavailable ?? '', /no such block|garbage collected/i);
      assert.ok((old?.receipts[0]?.gas.groups.length ?? 0) > 1, 'the gas profile still shows');
      assert.ok(!(await stubRequests()).some((q) => q.host === 'archival' || q.host === 'tx'));
    } finally {
      await setStubRpcOnly(false);
      await setUserSetting('nearLens.customNetwork.apiUrl', urls.apiUrl);
      await setUserSetting('nearLens.customNetwork.archivalRpcUrl', urls.archivalRpcUrl);
      await setUserSetting('nearLens.customNetwork.txApiUrl', urls.txApiUrl);
    }
  });
});

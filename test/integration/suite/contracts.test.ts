// Contracts in the real editor, against the stub's contracts (test/fixtures/rpc-contracts.json): the watchlist's
// contract node lists methods (ABI: views and calls; no ABI: exports, kinds unknown), Call View Method from code (the
// decoded result; MethodNotFound read as such) and from a method node (one input per ABI parameter, the result as a
// read-only near-lens: document), View Contract State from code (decoded, sorted pairs), the interface from code.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import { activateExtension, answerNextInputBox, hoverText, openFixture, positionOf, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub } from '../support/stubClient';

const HEAD = 187310138;

describe('contracts', () => {
  let api: NearLensApi;
  const provider = (): NearLensApi['watchlist']['provider'] => api.watchlist.provider;

  async function expand(node: WatchNode): Promise<WatchNode[]> {
    provider().getChildren(node);
    await api.watchlist.whenIdle();
    return provider().getChildren(node);
  }
  function child(nodes: readonly WatchNode[], label: string | RegExp): WatchNode {
    const hit = nodes.find((n) => (typeof label === 'string' ? n.label === label : label.test(n.label)));
    assert.ok(hit, `no child ${String(label)} among ${nodes.map((n) => n.label).join(' | ')}`);
    return hit;
  }
  /** The Contract group's children of a watched account. */
  async function contractOf(id: string): Promise<WatchNode[]> {
    await vscode.commands.executeCommand('nearLens.watchlist.add', id);
    const node = await waitFor(
      () =>
        provider()
          .getChildren()
          .find((n) => n.kind === 'account' && n.accountId === id),
      { what: `${id} in the tree` },
    );
    provider().getTreeItem(node);
    await api.watchlist.whenIdle();
    return expand(child(await expand(node), 'Contract'));
  }

  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    await setUserSetting('nearLens.watchlist', undefined);
    await waitFor(() => api.services.settings.watchlist.length === 0, { what: 'an empty watchlist' });
    await api.watchlist.whenIdle();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("the tree's contract node lists view and change methods from the ABI, the standards and the source", async () => {
    const contract = await contractOf('here.tg');
    assert.deepEqual(
      contract.slice(0, 5).map((n) => [n.label, n.description]),
      [
        ['Code deployed', contract[0]?.description],
        ['View methods (5)', undefined],
        ['Change methods (5)', undefined],
        ['Standards', 'NEP-141, NEP-148, NEP-330'],
        ['Source', '0.1.0 · https://github.com/example/greeter-ft'],
      ],
    );
    const views = await expand(child(contract, 'View methods (5)'));
    assert.deepEqual(
      views.map((n) => n.label),
      ['contract_source_metadata', 'ft_balance_of', 'ft_metadata', 'get_greeting', 'storage_balance_of'],
    );
    assert.equal(child(views, 'ft_balance_of').contextValue, 'nearLens.method.view');
    const calls = await expand(child(contract, 'Change methods (5)'));
    assert.equal(child(calls, 'set_greeting').contextValue, 'nearLens.method.call');
  });

  it('a contract without an ABI lists its exports, kinds unknown', async () => {
    const contract = await contractOf('mob.near');
    const group = child(contract, 'Exported functions (5)');
    assert.equal(group.description, 'no ABI: kinds unknown');
    assert.deepEqual((await expand(group)).map((n) => n.label).sort(), ['get_owner', 'get_status', 'raw_bytes', 'set_status', 'version']);
  });

  it('Call View Method from code returns the decoded result, logs and block height, without UI', async () => {
    const r = await vscode.commands.executeCommand('nearLens.callViewMethod', {
      contractId: 'here.tg',
      methodName: 'ft_balance_of',
      args: { account_id: 'alice.near' },
    });
    assert.deepEqual(r, { result: '1500000000000000000000', logs: [], blockHeight: HEAD });
    const g = await vscode.commands.executeCommand('nearLens.callViewMethod', { contractId: 'here.tg', methodName: 'get_greeting' });
    assert.deepEqual(g, { result: 'Hello from here.tg', logs: ['greeting read'], blockHeight: HEAD });
    const s = await vscode.commands.executeCommand('nearLens.callViewMethod', { contractId: 'mob.near', methodName: 'get_status' });
    assert.deepEqual(s, { result: { status: 'ok', paused: false }, logs: [], blockHeight: HEAD });
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, 0, 'nothing shown');
  });

  it('MethodNotFound and CodeDoesNotExist read as what they are', async () => {
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.callViewMethod', { contractId: 'here.tg', methodName: 'no_such_view' })),
      (e: Error) => e.message === 'The contract here.tg has no method "no_such_view".',
    );
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.callViewMethod', { contractId: 'gone.near', methodName: 'get_status' })),
      (e: Error) => e.message === 'No contract is deployed on gone.near.',
    );
  });

  it('Call from a method node asks one input per ABI parameter and opens the result document', async () => {
    const views = await expand(child(await contractOf('here.tg'), 'View methods (5)'));
    const asked = answerNextInputBox('alice.near');
    const r = await vscode.commands.executeCommand<{ result: unknown; document: vscode.TextDocument }>(
      'nearLens.callViewMethod',
      child(views, 'ft_balance_of'),
    );
    const box = await asked;
    assert.match(String(box?.prompt), /AccountId/);
    assert.equal(r.result, '1500000000000000000000');
    assert.equal(r.document.uri.scheme, 'near-lens');
    const text = r.document.getText();
    assert.match(text.split('\n')[0] ?? '', /^\/\/ ft_balance_of · here\.tg · block #187,310,138 · regular RPC/);
    assert.match(text, /\n"1500000000000000000000"\n/);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), r.document.uri.toString());
  });

  it('View Contract State from code gives the decoded pairs, sorted by key bytes', async () => {
    const r = await vscode.commands.executeCommand<{ entries: Array<{ key: unknown; value: unknown }>; blockHeight: number }>('nearLens.viewContractState', {
      contractId: 'here.tg',
    });
    assert.equal(r.blockHeight, HEAD);
    assert.deepEqual(r.entries, [
      { key: { base64: 'AAEC', hex: '000102' }, value: 'binary key' },
      { key: 'STATE', value: { base64: 'AAAAAAAAAAAHAAAAZ3JlZXRlcg==', hex: '00000000000000000700000067726565746572' } },
      { key: 'a', value: { base64: 'AAEC/w==', hex: '000102ff' } },
      { key: 'greeting', value: 'Hello from here.tg' },
    ]);
    const prefixed = await vscode.commands.executeCommand<{ entries: unknown[] }>('nearLens.viewContractState', { contractId: 'here.tg', prefix: 'gr' });
    assert.deepEqual(prefixed.entries, [{ key: 'greeting', value: 'Hello from here.tg' }]);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.viewContractState', { contractId: 'mob.near' })), (e: Error) =>
      /too large .* give a key prefix/.test(e.message),
    );
  });

  it('the account hover of a contract adds its line: methods, standards, source', async () => {
    const editor = await openFixture('README.md');
    const hover = async (): Promise<string> => (await hoverText(editor.document.uri, positionOf(editor.document, 'here.tg', 0, 3))).replace(/\\(.)/g, '$1');
    // The line comes within the hover's short wait, or on the next hover (the interface is then cached).
    const text = await waitFor(
      async () => {
        const t = await hover();
        return /Contract ·/.test(t) ? t : undefined;
      },
      { what: 'the contract line' },
    );
    assert.match(text, /Contract · 10 methods · NEP-141, NEP-148, NEP-330 · source/);
  });

  it('the interface from code', async () => {
    const i = await vscode.commands.executeCommand<{
      codeHash: string;
      methods: Array<{ name: string; kind: string; params?: unknown }>;
      abi?: unknown;
      source?: unknown;
    }>('nearLens.contractInterface', 'here.tg');
    assert.match(i.codeHash, /^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    assert.deepEqual(
      i.methods.find((m) => m.name === 'ft_balance_of'),
      { name: 'ft_balance_of', kind: 'view', params: [{ name: 'account_id' }] },
    );
    assert.ok(i.abi && i.source);
  });
});

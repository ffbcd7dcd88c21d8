// In-editor: an account's transactions (#33, item 4) against the stub's transactions host — history.near has 47
// (pages of 20, 20 and 7). The tree's Transactions node and Load more, the balance panel's table with its filters and
// pages, `nearLens.accountTransactions` from code, and what a page costs (2 requests: the page, its records in one batch).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import type { AccountTxResult } from '../../../src/features/transactions/model/txCommandModel';
import type { TxTableView } from '../../../src/features/transactions/protocol';
import { activateExtension, setUserSetting } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubRequests } from '../support/stubClient';

const ID = 'history.near';
const ALL = { direction: 'all', calls: false, failed: false } as const;

/** The transactions host's requests since the last reset, as `path`. */
async function txRequests(): Promise<string[]> {
  return (await stubRequests()).filter((r) => r.host === 'tx').map((r) => r.path);
}

describe('account transactions', () => {
  let api: NearLensApi;
  const provider = (): NearLensApi['watchlist']['provider'] => api.watchlist.provider;
  /** The watched account's Transactions node, once its first load is done. */
  const transactionsNode = async (): Promise<WatchNode | undefined> => {
    const acc = provider()
      .getChildren()
      .find((n) => n.accountId === ID && n.kind === 'account');
    assert.ok(acc, `${ID} in the tree`);
    provider().getTreeItem(acc);
    await api.watchlist.whenIdle();
    return provider()
      .getChildren(acc)
      .find((n) => n.kind === 'transactions');
  };

  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });

  it('nearLens.accountTransactions from code: 20 with their records for 2 requests, the rest by resume token, bad input unsent', async () => {
    const first = await vscode.commands.executeCommand<AccountTxResult>('nearLens.accountTransactions', { id: ID, show: false });
    assert.equal(first.transactions.length, 20);
    assert.equal(first.count, 47);
    assert.match(first.resumeToken ?? '', /^\d+$/);
    assert.deepEqual(await txRequests(), ['/v0/account', '/v0/transactions'], 'a page of 20 costs 2 requests');
    const t = first.transactions[0]!;
    assert.match(t.timestamp, /^\d{19}$/, 'exact ns');
    assert.ok(t.signerId && t.receiverId && Array.isArray(t.actions), JSON.stringify(t).slice(0, 200));
    const second = await vscode.commands.executeCommand<AccountTxResult>('nearLens.accountTransactions', {
      id: ID,
      resumeToken: first.resumeToken,
      show: false,
    });
    const third = await vscode.commands.executeCommand<AccountTxResult>('nearLens.accountTransactions', {
      id: ID,
      resumeToken: second.resumeToken,
      show: false,
    });
    assert.deepEqual([second.transactions.length, second.count, third.transactions.length, third.resumeToken], [20, undefined, 7, undefined]);
    const hashes = [...first.transactions, ...second.transactions, ...third.transactions].map((x) => x.hash);
    assert.equal(new Set(hashes).size, 47, 'no transaction twice');

    const failed = await vscode.commands.executeCommand<AccountTxResult>('nearLens.accountTransactions', { id: ID, filter: { isSuccess: false }, show: false });
    assert.ok(failed.transactions.length > 0 && failed.transactions.every((x) => x.status === 'failure'));

    await resetStub();
    for (const [arg, why] of [
      [{ id: 'History.near', show: false }, /Not a valid NEAR account id/],
      [{ id: ID, limit: 0, show: false }, /limit/],
      [{ id: ID, filter: { isSigner: 'yes' }, show: false }, /filter/],
    ] as const)
      await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.accountTransactions', arg)), why);
    assert.deepEqual(await stubRequests(), [], 'nothing sent for bad input');
  });

  it("the watchlist's Transactions node: the 20 newest opening Look Up Transaction, Load more, the rest", async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    try {
      const txs = await transactionsNode();
      assert.ok(txs, 'a Transactions node');
      await resetStub();
      provider().getChildren(txs);
      await api.watchlist.whenIdle();
      let rows: WatchNode[] = provider().getChildren(txs);
      assert.equal(rows.length, 21, rows.map((r) => r.label).join(' | '));
      // The page, and its records unless the session read them already (the first test did: read once a session).
      assert.deepEqual(
        (await txRequests()).filter((p) => p === '/v0/account'),
        ['/v0/account'],
      );
      assert.equal(provider().getTreeItem(txs).description, '47 transactions');
      const item = provider().getTreeItem(rows[0]!);
      assert.match(String(item.label), /^\d+ (s|min|h|d|mo|y) ago · [✓✗…] \S+ → \S+/);
      assert.equal(item.command?.command, 'nearLens.lookupTransaction');
      assert.match(item.accessibilityInformation?.label ?? '', /^Transaction \w{6}… (succeeded|failed|pending) .* ago/);
      const more = provider().getTreeItem(rows[20]!);
      assert.deepEqual([more.label, more.description, more.command?.command], ['Load more', '20 of 47 transactions', 'nearLens.watchlist.moreTransactions']);

      await vscode.commands.executeCommand(more.command!.command, ...(more.command!.arguments ?? []));
      await api.watchlist.whenIdle();
      rows = provider().getChildren(txs);
      assert.equal(rows.length, 41);
      await vscode.commands.executeCommand('nearLens.watchlist.moreTransactions', ID);
      await api.watchlist.whenIdle();
      rows = provider().getChildren(txs);
      assert.equal(rows.length, 47, 'all 47, no Load more');
      assert.equal(new Set(rows.map((r) => r.id)).size, 47);
    } finally {
      await vscode.commands.executeCommand('nearLens.watchlist.remove', ID);
    }
  });

  it("the balance panel's table: pages of 20, Older and Newer, Failed only", async () => {
    const panel = await api.panels.open(ID);
    assert.ok(panel);
    try {
      await api.panels.waitForPost(ID, 'account', 30_000);
      await resetStub();
      const table = (): TxTableView => {
        const m = api.panels.last(ID);
        assert.equal(m?.type, 'txs');
        return (m as { data: TxTableView }).data;
      };
      panel.receive({ type: 'txs', filter: ALL, page: 0, reload: true });
      await panel.txs.current;
      assert.deepEqual([table().rows.length, table().range, table().hasOlder, table().hasNewer], [20, '1–20 of 47', true, false]);
      // The page, and its records unless the session read them already (a completed transaction is read once).
      const asked = await txRequests();
      assert.equal(asked.filter((p) => p === '/v0/account').length, 1, asked.join(' '));
      assert.ok(asked.filter((p) => p === '/v0/transactions').length <= 1, asked.join(' '));
      panel.receive({ type: 'txs', filter: ALL, page: 1, reload: false });
      await panel.txs.current;
      assert.deepEqual([table().range, table().hasNewer], ['21–40 of 47', true]);
      await resetStub();
      panel.receive({ type: 'txs', filter: ALL, page: 0, reload: false });
      await panel.txs.current;
      assert.equal(table().range, '1–20 of 47');
      assert.deepEqual(await txRequests(), [], 'a page already read costs nothing');
      panel.receive({ type: 'txs', filter: { ...ALL, failed: true }, page: 0, reload: true });
      await panel.txs.current;
      assert.ok(table().rows.length > 0 && table().rows.every((r) => r.status === 'failure'));
      assert.deepEqual(table().filter, { ...ALL, failed: true });
    } finally {
      panel.panel.dispose();
    }
  });

  it('on a network without a transactions API the node says "needs an indexer", and the command refuses unsent', async () => {
    const before = vscode.workspace.getConfiguration('nearLens').inspect<string>('customNetwork.txApiUrl')?.globalValue;
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    try {
      const txs = await transactionsNode();
      assert.ok(txs);
      const item = provider().getTreeItem(txs);
      assert.equal(item.description, 'needs an indexer');
      assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.None, 'said once: no children');
      await resetStub();
      await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.accountTransactions', { id: ID, show: false })), /needs an indexer/);
      assert.deepEqual(await txRequests(), []);
    } finally {
      await vscode.commands.executeCommand('nearLens.watchlist.remove', ID);
      await setUserSetting('nearLens.customNetwork.txApiUrl', before);
    }
  });
});

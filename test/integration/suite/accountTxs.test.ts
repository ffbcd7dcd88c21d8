// In-editor: an account's transactions (#33, item 4) against the stub's transactions host — history.near has 47
// (pages of 20, 20 and 7). The tree's Transactions node and Load more, the balance panel's table with its filters (each
// checked against the records, read from the stub's host) and pages, `nearLens.accountTransactions` from code, and
// what a page costs (2 requests: the page, its records in one batch); Open Balance Panel on one method's calls (#47).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import type { AccountTxResult } from '../../../src/features/transactions/model/txCommandModel';
import { TX_SHOWS } from '../../../src/features/transactions/protocol';
import type { TxFilterView, TxShow, TxTableView } from '../../../src/features/transactions/protocol';
import { activateExtension, setUserSetting } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { appendStubCall, clearStubRequests, resetStub, stubRequests, stubUrls } from '../support/stubClient';

const ID = 'history.near';
const ALL = { show: 'all', failed: false } as const;

/** A record as the transactions host sends it (only what the labels are checked against). */
interface Rec {
  transaction: { hash: string; signer_id: string; actions: unknown[] };
  execution_outcome: { outcome: { status: unknown } };
  receipts: Array<{
    receipt: { predecessor_id: string; receiver_id: string; receipt: { Action?: { actions: unknown[] } } };
    execution_outcome: { id: string; outcome: { status: unknown } };
  }>;
}

/** POST to the stub's transactions host, as the service is asked (the extension is not in the way). */
async function txHost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stubUrls().txApiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** Every record of an account's history, straight from the host. */
async function recordsOf(id: string): Promise<Rec[]> {
  const { account_txs: rows } = await txHost<{ account_txs: Array<{ transaction_hash: string }> }>('/v0/account', { account_id: id, limit: 200 });
  const out: Rec[] = [];
  for (let i = 0; i < rows.length; i += 20) {
    const batch = rows.slice(i, i + 20).map((r) => r.transaction_hash);
    out.push(...(await txHost<{ transactions: Rec[] }>('/v0/transactions', { tx_hashes: batch })).transactions);
  }
  return out;
}

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const isCall = (a: unknown): boolean => obj(a)['FunctionCall'] !== undefined;

/** nearcore's final status: the transaction's outcome, then each SuccessReceiptId it names, to a value or a failure. */
function failed(r: Rec): boolean {
  let status = r.execution_outcome.outcome.status;
  for (let i = 0; i < 50 && typeof obj(status)['SuccessReceiptId'] === 'string'; i++)
    status = r.receipts.find((x) => x.execution_outcome.id === obj(status)['SuccessReceiptId'])?.execution_outcome.outcome.status;
  return obj(status)['Failure'] !== undefined;
}

/** What each label says, read from the record alone. */
const LABEL: Readonly<Record<TxShow, (r: Rec, id: string) => boolean>> = {
  all: () => true,
  sent: (r, id) => r.transaction.signer_id === id,
  received: (r, id) => r.transaction.signer_id !== id && r.receipts.some((x) => x.receipt.receiver_id === id && x.receipt.predecessor_id !== 'system'),
  callsTo: (r, id) => r.receipts.some((x) => x.receipt.receiver_id === id && (x.receipt.receipt.Action?.actions ?? []).some(isCall)),
  callsMade: (r, id) => {
    const delegate = obj(r.transaction.actions.map((a) => obj(a)['Delegate']).find((d) => d !== undefined))['delegate_action'];
    const signer = delegate === undefined ? r.transaction.signer_id : obj(delegate)['sender_id'];
    const actions = delegate === undefined ? r.transaction.actions : (obj(delegate)['actions'] as unknown[]);
    return signer === id && actions.some(isCall);
  },
};

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
      // What it did leads, then when and the other party (a side bar cuts a row's end).
      assert.match(String(item.label), /^[✓✗…] (l2_claim|ft_transfer|Transfer \S+ NEAR)$/);
      assert.match(String(item.description), /^\d+ (s|min|h|d|mo|y) ago · (to|from) \S+$/);
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

  it("every filter the panel offers shows exactly the rows its label is true of, over history.near's 47 (property)", async () => {
    const records = await recordsOf(ID);
    assert.equal(records.length, 47);
    const panel = await api.panels.open(ID);
    assert.ok(panel);
    try {
      await api.panels.waitForPost(ID, 'account', 30_000);
      const table = (): TxTableView => {
        const m = api.panels.last(ID);
        assert.equal(m?.type, 'txs');
        return (m as { data: TxTableView }).data;
      };
      const byHash = new Map(records.map((r) => [r.transaction.hash, r]));
      const sizes: string[] = [];
      for (const show of TX_SHOWS) {
        for (const failedOnly of [false, true]) {
          const filter: TxFilterView = { show, failed: failedOnly };
          const what = JSON.stringify(filter);
          const shown: string[] = [];
          for (let page = 0; ; page++) {
            panel.receive({ type: 'txs', filter, page, reload: page === 0 });
            await panel.txs.current;
            const t = table();
            assert.deepEqual([t.filter, t.page, t.error], [filter, page, ''], what);
            for (const row of t.rows) {
              const r = byHash.get(row.hash);
              assert.ok(r, `${what}: ${row.hash} is in the history`);
              assert.ok(LABEL[show](r, ID), `${what}: ${row.hash} is not what "${show}" says`);
              if (failedOnly) assert.ok(failed(r) && row.status === 'failure', `${what}: ${row.hash} did not fail`);
              shown.push(row.hash);
            }
            // Calls it made are picked from the page: a page of 20 it signed says how many are calls.
            if (show === 'callsMade' && t.rows.length > 0) assert.match(t.note, new RegExp(`^${t.rows.length} of these \\d+ transactions it signed`));
            if (!t.hasOlder) break;
          }
          const expected = records.filter((r) => LABEL[show](r, ID) && (!failedOnly || failed(r))).map((r) => r.transaction.hash);
          assert.deepEqual([...shown].sort(), [...expected].sort(), `${what}: every row its label is true of, each once`);
          sizes.push(`${show}${failedOnly ? '+failed' : ''} ${shown.length}`);
        }
      }
      // The fixture holds each kind, so that no filter passes by showing nothing.
      assert.deepEqual(sizes, [
        'all 47',
        'all+failed 5',
        'sent 31',
        'sent+failed 0',
        'received 16',
        'received+failed 5',
        'callsTo 16',
        'callsTo+failed 5',
        'callsMade 15',
        'callsMade+failed 0',
      ]);
    } finally {
      panel.panel.dispose();
    }
  });

  it("nearLens.openAccountPanel with { accountId, transactions: { method, failedFirst } }: the contract's calls to that method, failed first", async () => {
    const GAME = 'game.lensdev.near';
    // The fixture's claim failed (its panic at line 29); two that succeed come after it, and calls of another method.
    await resetStub();
    for (const method of ['claim', 'settle_all', 'claim']) await appendStubCall({ contract: GAME, method, signer: 'player.lensdev.near' });
    await clearStubRequests();
    const done = await vscode.commands.executeCommand('nearLens.openAccountPanel', { accountId: GAME, transactions: { method: 'claim', failedFirst: true } });
    assert.equal(done, undefined, 'returns what it returned before');
    try {
      // The table the webview draws once its page is ready and the rows are read: calls to it, claim picked.
      const table = await new Promise<TxTableView>((resolve, reject) => {
        const read = (m: unknown): TxTableView | undefined => {
          const t = obj(m)['type'] === 'txs' ? (obj(m)['data'] as TxTableView) : undefined;
          return t?.started && !t.loading && t.pick.method === 'claim' ? t : undefined;
        };
        const timer = setTimeout(() => {
          sub.dispose();
          reject(new Error(`no table of claim's calls for ${GAME}: ${JSON.stringify(api.panels.last(GAME)).slice(0, 300)}`));
        }, 30_000);
        const sub = api.panels.onDidPost(GAME, (m) => {
          const t = read(m);
          if (!t) return;
          clearTimeout(timer);
          sub.dispose();
          resolve(t);
        });
        const now = read(api.panels.last(GAME));
        if (now) {
          clearTimeout(timer);
          sub.dispose();
          resolve(now);
        }
      });
      assert.deepEqual([table.filter, table.pick, table.error], [{ show: 'callsTo', failed: false }, { method: 'claim', failedFirst: true }, '']);
      assert.ok(table.rows.length >= 3 && table.rows.every((r) => r.actions === 'claim'), table.rows.map((r) => r.actions).join(' | '));
      const statuses = table.rows.map((r) => r.status);
      assert.equal(statuses[0], 'failure', statuses.join(' '));
      assert.ok(statuses.lastIndexOf('failure') < statuses.indexOf('success'), `failed first: ${statuses.join(' ')}`);
      assert.match(table.rows[0]!.failure, /panicked at src\/lib\.rs:29:50/);
      assert.ok(
        ['claim', 'settle_all', 'clam'].every((m) => table.methods.includes(m)),
        table.methods.join(' '),
      );
      assert.match(table.range, /^1–\d+ of \d+ calls to claim in the \d+ read$/);
      // Calls to it: the service's own flag, no other.
      const asked = (await stubRequests()).filter((r) => r.host === 'tx' && r.path === '/v0/account');
      assert.ok(asked.length >= 1 && asked.every((r) => obj(r.body)['is_function_call'] === true), JSON.stringify(asked.map((r) => r.body)));
      // A bad shape is refused before anything is sent.
      await resetStub();
      await assert.rejects(
        Promise.resolve(
          vscode.commands.executeCommand('nearLens.openAccountPanel', { accountId: GAME, transactions: { method: 'claim', failedFirst: 'yes' } }),
        ),
        /failedFirst is true or false/,
      );
      assert.deepEqual(await txRequests(), []);
    } finally {
      api.panels.panels.get(GAME)?.panel.dispose();
    }
  });

  it('nearLens.accountTransactions takes the choice: calls it made, picked from a page of what it signed', async () => {
    const r = await vscode.commands.executeCommand<AccountTxResult>('nearLens.accountTransactions', { id: ID, which: 'callsMade', show: false });
    assert.deepEqual([r.count, r.read], [31, 20]);
    assert.ok(r.transactions.length > 0 && r.transactions.length < 20, String(r.transactions.length));
    assert.ok(r.transactions.every((t) => t.signerId === ID && t.actions?.some((a) => a.kind === 'FunctionCall')));
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.accountTransactions', { id: ID, filter: { isSigner: true, isFunctionCall: true } })),
      /The table shows one of All, Sent by it, Received, Calls to it, Calls it made/,
    );
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
      // The panel says so as it opens, before any filter is offered that could never load.
      const panel = await api.panels.open(ID);
      try {
        const posted = (await api.panels.waitForPost(ID, 'txs', 30_000)) as { data: TxTableView };
        assert.deepEqual([posted.data.started, posted.data.rows.length], [false, 0]);
        assert.match(posted.data.unavailable, /^No transactions API on .*: the account’s transactions cannot be listed here\.$/);
      } finally {
        panel?.panel.dispose();
      }
    } finally {
      await vscode.commands.executeCommand('nearLens.watchlist.remove', ID);
      await setUserSetting('nearLens.customNetwork.txApiUrl', before);
    }
  });
});

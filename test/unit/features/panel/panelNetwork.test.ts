// The balance panel after a network change loads the account again on the new network (as the watchlist does)
// instead of re-posting the figures fetched on the old one; its Transactions table and its History read again too,
// never keeping the old network's rows.
import { strict as assert } from 'node:assert';
import { createFakeEditor, FakeWebviewPanel, fakeContext, loadIsolated } from '../../../support/fakeEditor';
import { EventEmitter } from '../../../support/fakeVscodeApi';
import { normaliseFull } from '../../../../src/near/account';
import type * as PanelModule from '../../../../src/features/panel/panelHost';
import type { Services } from '../../../../src/platform/services';
import type { HostMessage, PanelViewModel } from '../../../../src/features/panel/protocol';
import type { TxTableView } from '../../../../src/features/transactions/protocol';
import { fakeTxService, makeHistory } from '../../../support/fakeTxService';
import { flagsOf } from '../../../../src/features/transactions/model/txTableModel';
import { countText } from '../../../../src/features/transactions/model/txRows';

/** What the table's count says of `client`'s transactions sent by the account. */
async function sentCount(client: ReturnType<typeof fakeTxService>): Promise<string> {
  const page = await client.transactions.accountTransactions({ accountId: ID, limit: 1, filter: flagsOf({ show: 'sent', failed: false }) });
  return countText(page.count);
}

// An implicit account: looked up on the network of the setting (no suffix decides).
const ID = 'a'.repeat(64);

describe('balance panel: a network change loads again', () => {
  it('does not show (re-post) the old network’s figures as current once the setting says testnet', async () => {
    const editor = createFakeEditor();
    const P = loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/panelHost');
    const clientOf = (network: string, yocto: string) => ({
      endpoints: { apiUrl: `https://api.${network}`, rpcUrl: `https://rpc.${network}`, archivalRpcUrl: `https://arch.${network}` },
      accounts: {
        full: async () => normaliseFull({ account_id: ID, state: { balance: yocto, locked: '0', storage_bytes: 1 }, tokens: [], nfts: [], pools: [] }),
        status: async () => {
          throw new Error('no status');
        },
      },
    });
    const clients = { mainnet: clientOf('mainnet', '5000000000000000000000000'), testnet: clientOf('testnet', '7000000000000000000000000') };
    const settings = { network: 'mainnet' as 'mainnet' | 'testnet', decimals: 5, liquidStakingProviders: [], watchlist: [] };
    const changed = new EventEmitter<void>();
    const services = {
      get settings() {
        return settings;
      },
      onDidChange: changed.event,
      clientForAccount: () => ({ client: clients[settings.network], network: settings.network, name: settings.network }),
      log: { warn: () => undefined, info: () => undefined, error: () => undefined },
    } as unknown as Services;
    const fake = new FakeWebviewPanel('nearLens.balancePanel', editor.rec);
    let last: HostMessage | undefined;
    const panel = new P.AccountPanel(
      fake as never,
      ID,
      services,
      fakeContext(editor).extensionUri as never,
      () => undefined,
      (m) => (last = m),
    );
    fake.webview.send({ type: 'ready' });
    await panel.current;
    const shown = (): PanelViewModel | undefined => (last?.type === 'account' ? last.data : undefined);
    assert.equal(shown()?.network, 'mainnet');
    settings.network = 'testnet';
    changed.fire();
    await panel.current;
    await new Promise((r) => setTimeout(r, 20));
    await panel.current;
    const now = shown();
    assert.ok(!now || now.network === 'testnet', `after the switch to testnet the panel (re)posted ${now?.network} figures: ${now?.total}`);
    panel.dispose();
  });

  it('the Transactions table shown reads again on the new network, under its filter; History reads its range again', async () => {
    const editor = createFakeEditor();
    const P = loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/panelHost');
    // Two networks with histories of their own: 45 transactions on one, 7 on the other, none on a node.
    const clientOf = (network: string, txs: number | undefined) => ({
      endpoints: { apiUrl: `https://api.${network}`, rpcUrl: `https://rpc.${network}`, archivalRpcUrl: `https://arch.${network}` },
      rpc: { hasArchival: true },
      ...fakeTxService(makeHistory(txs ?? 0), txs !== undefined),
      accounts: {
        full: async () => normaliseFull({ account_id: ID, state: { balance: '1', locked: '0', storage_bytes: 1 }, tokens: [], nfts: [], pools: [] }),
        status: async () => {
          throw new Error('no status');
        },
      },
    });
    const clients = { one: clientOf('one', 45), two: clientOf('two', 7), node: clientOf('node', undefined) };
    const settings = { network: 'one' as keyof typeof clients, decimals: 5, liquidStakingProviders: [], watchlist: [] };
    const changed = new EventEmitter<void>();
    let connection = 0;
    const services = {
      get settings() {
        return settings;
      },
      get connection() {
        return connection;
      },
      onDidChange: changed.event,
      clientForAccount: () => ({ client: clients[settings.network], network: 'custom', name: settings.network }),
      log: { warn: () => undefined, info: () => undefined, error: () => undefined },
    } as unknown as Services;
    const fake = new FakeWebviewPanel('nearLens.balancePanel', editor.rec);
    const posted: HostMessage[] = [];
    const panel = new P.AccountPanel(
      fake as never,
      ID,
      services,
      fakeContext(editor).extensionUri as never,
      () => undefined,
      (m) => posted.push(m),
    );
    fake.webview.send({ type: 'ready' });
    await panel.current;
    const table = (): TxTableView | undefined => posted.filter((m): m is Extract<HostMessage, { type: 'txs' }> => m.type === 'txs').at(-1)?.data;
    const switchTo = async (n: keyof typeof clients): Promise<void> => {
      settings.network = n;
      connection++;
      posted.length = 0;
      changed.fire();
      await panel.current;
      await panel.txs.current;
      await panel.currentHistory;
    };

    fake.webview.send({ type: 'txs', filter: { show: 'sent', failed: false }, page: 0, reload: true });
    await panel.txs.current;
    assert.equal(table()?.count, await sentCount(clients.one));
    fake.webview.send({ type: 'history', range: '30d' });
    await panel.currentHistory;

    await switchTo('two');
    assert.equal(table()?.count, await sentCount(clients.two), 'the other network’s rows, under the same filter');
    assert.notEqual(await sentCount(clients.one), await sentCount(clients.two));
    assert.deepEqual(table()?.filter, { show: 'sent', failed: false });
    assert.ok(
      posted.some((m) => m.type === 'historyProgress' && m.range === '30d'),
      'History reads its range again',
    );
    assert.ok(posted.some((m) => m.type === 'historyKept' && m.ranges.length === 3 && m.note === ''));

    await switchTo('node');
    assert.equal(table()?.rows.length, 0, 'no row of the old network stays');
    assert.match(table()?.unavailable ?? '', /^No transactions API on this network/);
    panel.dispose();
  });
});

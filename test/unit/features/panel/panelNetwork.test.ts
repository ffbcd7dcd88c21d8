// The balance panel after a network change loads the account again on the new network (as the watchlist does)
// instead of re-posting the figures fetched on the old one.
import { strict as assert } from 'node:assert';
import { createFakeEditor, FakeWebviewPanel, fakeContext, loadIsolated } from '../../../support/fakeEditor';
import { EventEmitter } from '../../../support/fakeVscodeApi';
import { normaliseFull } from '../../../../src/near/account';
import type * as PanelModule from '../../../../src/features/panel/panelHost';
import type { Services } from '../../../../src/platform/services';
import type { HostMessage, PanelViewModel } from '../../../../src/features/panel/protocol';

// An implicit account: looked up on the network of the setting (no suffix decides).
const ID = 'a'.repeat(64);

describe('balance panel: a network change loads again', () => {
  it('does not show (re-post) the old network’s figures as current once the setting says testnet', async () => {
    const editor = createFakeEditor();
    const P = loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/panelHost');
    const clientOf = (network: string, yocto: string) => ({
      endpoints: { apiUrl: `https://api.${network}`, rpcUrl: `https://rpc.${network}`, archivalRpcUrl: `https://arch.${network}` },
      full: async () => normaliseFull({ account_id: ID, state: { balance: yocto, locked: '0', storage_bytes: 1 }, tokens: [], nfts: [], pools: [] }),
      status: async () => {
        throw new Error('no status');
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
});

// Local node… keeps the custom network it replaces (#45): the model that decides what is worth keeping and names it,
// and the glue under a fake editor against the loopback stub — a full custom network (REST, archival, transactions
// API, explorer) replaced by a node is said to be kept, Switch Network… offers it back by name, and picking it writes
// every URL again.
import { strict as assert } from 'node:assert';
import { createFakeEditor, loadIsolated, realServices } from '../../../support/fakeEditor';
import { startStub } from '../../../support/stub';
import type { Stub } from '../../../support/stub';
import type * as LookupRegister from '../../../../src/features/lookup/index';
import { keptNetworkName, keptText, networkToKeep, sameNetwork } from '../../../../src/features/lookup/model/localNode';

const FULL = {
  rpcUrl: 'http://127.0.0.1:3031',
  apiUrl: 'http://127.0.0.1:3030',
  archivalRpcUrl: 'http://127.0.0.1:3032',
  txApiUrl: 'http://127.0.0.1:3034',
};

describe('Local node… keeps the custom network it replaces', () => {
  describe('the model', () => {
    it('keeps a network with more than an RPC URL, by name and what it has; a node alone is not kept', () => {
      const kept = networkToKeep({ ...FULL, explorerUrl: undefined, extra: 'x' });
      assert.deepEqual(kept, FULL);
      assert.deepEqual(keptNetworkName(kept!), ['custom · 127.0.0.1:3031', 'REST, archival, transactions API']);
      assert.equal(
        keptText(kept!),
        'The custom network it replaced (custom · 127.0.0.1:3031 — REST, archival, transactions API) is kept: Switch Network… offers it back.',
      );
      assert.deepEqual(keptNetworkName({ rpcUrl: FULL.rpcUrl, explorerUrl: 'https://x.example/{accountId}' })[1], 'explorer');
      assert.equal(networkToKeep({ rpcUrl: 'http://127.0.0.1:3030' }), undefined, 'a node replacing a node erases only its URL');
      assert.equal(networkToKeep({ apiUrl: FULL.apiUrl }), undefined, 'no RPC URL: not a network');
      for (const junk of [undefined, null, 'http://x', [FULL], { rpcUrl: 7, apiUrl: FULL.apiUrl }]) assert.equal(networkToKeep(junk), undefined);
    });

    it('is not offered back while it is the network in the settings', () => {
      assert.ok(sameNetwork(FULL, { ...FULL, explorerUrl: undefined }));
      assert.ok(!sameNetwork(FULL, { rpcUrl: FULL.rpcUrl }));
      assert.ok(!sameNetwork(FULL, { ...FULL, explorerUrl: 'https://x.example/{accountId}' }));
    });
  });

  describe('under a fake editor, against the stub', function () {
    this.timeout(20_000);
    let stub: Stub;
    before(async () => {
      stub = await startStub();
    });
    after(async () => {
      await stub.close();
    });

    it('Local node… says the network is kept; Switch Network… offers "custom · host" back and restores every URL', async () => {
      const explorerUrl = 'https://explorer.example/{accountId}';
      const user = {
        network: 'custom',
        'customNetwork.apiUrl': stub.apiUrl,
        'customNetwork.rpcUrl': stub.rpcUrl,
        'customNetwork.archivalRpcUrl': stub.archivalRpcUrl,
        'customNetwork.txApiUrl': stub.txApiUrl,
        'customNetwork.explorerUrl': explorerUrl,
      };
      const editor = createFakeEditor({ user });
      const L = loadIsolated<typeof LookupRegister>(editor.vscode, 'features/lookup/index');
      const { context, services } = await realServices(editor);
      L.registerLookupCommands(context as never, services);
      const node = 'http://127.0.0.1:' + String(new URL(stub.rpcUrl).port); // the node: the stub's RPC alone
      const host = new URL(stub.rpcUrl).host;

      assert.deepEqual(await editor.exec('nearLens.switchNetwork', { local: node }), { chainId: 'testnet', height: 187310138 });
      assert.deepEqual(Object.fromEntries(editor.user), { network: 'custom', 'customNetwork.rpcUrl': node }, 'the node alone');
      const said = editor.rec.notifications.map((n) => n.text).join('\n');
      assert.ok(
        said.includes(
          `The custom network it replaced (custom · ${host} — REST, archival, transactions API, explorer) is kept: Switch Network… offers it back.`,
        ),
        said,
      );

      // The pick offers it back by name, with what it has; picking it writes every URL again.
      const window = editor.vscode['window'] as { showQuickPick: (items: unknown) => Promise<unknown> };
      const showQuickPick = window.showQuickPick;
      let shown: Array<{ label: string; description?: string }> = [];
      window.showQuickPick = async (items) => showQuickPick((shown = (await items) as typeof shown));
      editor.inputs.push(`$(history) custom · ${host}`);
      assert.equal(await editor.exec('nearLens.switchNetwork'), 'custom');
      assert.equal(
        shown.find((i) => i.label === `$(history) custom · ${host}`)?.description,
        'REST, archival, transactions API, explorer — the custom network before Local node…',
      );
      assert.deepEqual(Object.fromEntries(editor.user), user);
      assert.ok(editor.rec.notifications.some((n) => n.text === `NEAR Lens: custom · ${host} is in use again — REST, archival, transactions API, explorer.`));

      // In use again: not offered; Local node… now offers the node it used last.
      editor.rec.quickPicks.length = 0;
      editor.inputs.push(undefined);
      await editor.exec('nearLens.switchNetwork');
      assert.ok(!editor.rec.quickPicks.some((l) => l.startsWith('$(history)')), editor.rec.quickPicks.join(', '));
      assert.ok(editor.rec.quickPicks.includes('$(server) Local node…'));
      assert.equal(shown.find((i) => i.label === '$(server) Local node…')?.description, `a node's JSON-RPC (last used: ${node}), RPC only`);
    });

    it("'restore' from code with nothing kept rejects and writes nothing", async () => {
      const editor = createFakeEditor({ user: { network: 'mainnet' } });
      const L = loadIsolated<typeof LookupRegister>(editor.vscode, 'features/lookup/index');
      const { context, services } = await realServices(editor);
      L.registerLookupCommands(context as never, services);
      const r = await editor.exec('nearLens.switchNetwork', 'restore').catch((e: unknown) => e);
      assert.ok(r instanceof Error && /No custom network is kept/.test(r.message), String(r));
      assert.deepEqual(editor.rec.settingsWritten, []);
    });
  });
});

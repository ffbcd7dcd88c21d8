// In-editor "what changed" on a watched account (#34): watch, change the stub's account, refresh — the tree's
// description, the Changes node, the view's badge, the alert with its buttons, Mark as Seen, nearLens.watchlist.changes;
// a restart in between (a new engine on the same Memento: a real restart would end the extension host running mocha)
// keeps the snapshot. The demo's rows at the side bar's default 300 px: the news first, so it is what shows.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import { activateExtension, captureMessages, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { demoChange, resetStub, setChangingAccount } from '../support/stubClient';
import { visibleRow } from '../../support/sideBar';
import { formatNear } from '../../../src/near/amounts';

const ID = 'changing.near';
const NEAR = 10n ** 24n;
const K1 = 'ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847';
const K2 = 'ed25519:5BGSaf6YjVm7565VzWQHNxoyEjwr3jUpRJSGjREvU9dB';
const full = (pk: string) => ({ public_key: pk, access_key: { nonce: 1, permission: 'FullAccess' } });

describe('watchlist changes', () => {
  let api: NearLensApi;
  const provider = (): NearLensApi['watchlist']['provider'] => api.watchlist.provider;
  const account = (): WatchNode => {
    const n = provider()
      .getChildren()
      .find((x) => x.accountId === ID);
    assert.ok(n, `${ID} in the tree`);
    return n;
  };
  type Listed = Array<{ accountId: string; since: { blockHeight?: number; time: string }; changes: Array<Record<string, unknown>> }>;
  const listed = async (): Promise<Listed> =>
    (await vscode.commands.executeCommand<Listed>('nearLens.watchlist.changes', { show: false })).filter((c) => c.accountId === ID);

  before(async () => {
    api = await activateExtension();
  });
  after(async () => {
    await setUserSetting('nearLens.watchlist', undefined);
    await api.watchlist.whenIdle();
    await resetStub();
  });

  it('a deposit and a new full-access key: description, Changes node, badge, one alert with its buttons; a restart keeps the snapshot; Mark as Seen', async () => {
    await resetStub();
    await setChangingAccount(ID, { balance: String(10n * NEAR), storageBytes: 500, keys: [full(K1)] });
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    await waitFor(() => api.services.settings.watchlist.includes(ID), { what: 'the account watched' });
    provider().getTreeItem(account()); // shown: its first load takes the snapshot
    await api.watchlist.whenIdle();
    await waitFor(() => api.watchlist.watch.engine, { what: 'the watch engine' });
    await waitFor(async () => (await listed()).length === 1, { what: 'a snapshot of the account' });
    assert.deepEqual((await listed())[0]?.changes, []);

    // As on chain, the key adds bytes to the account's storage: what makes a refresh read the keys again (bench row 35).
    await setChangingAccount(ID, { balance: String(12n * NEAR), storageBytes: 600, keys: [full(K1), full(K2)] });
    const said = captureMessages();
    try {
      await api.watchlist.refresh(ID);
      await api.watchlist.whenIdle();
      const item = provider().getTreeItem(account());
      assert.match(String(item.description), /^\+2 NEAR · new full-access key · storage \+100 bytes · /);
      assert.match(String(item.accessibilityInformation?.label), /changed since .*: \+2 NEAR · new full-access key · storage \+100 bytes\.$/);
      const [changes] = provider().getChildren(account());
      assert.ok(changes);
      assert.match(changes.label, /^Changes since /);
      const lines = provider()
        .getChildren(changes)
        .map((n) => [n.label, n.description]);
      assert.deepEqual(lines[0], ['Balance', '+2 NEAR · 10 → 12 NEAR']);
      assert.equal(lines[1]?.[0], 'Storage');
      // Each row whole in a side bar: the pinning and the whole key are in the tooltips.
      assert.equal(lines[1]?.[1], '+100 bytes');
      assert.deepEqual(lines[2], ['New full-access key', `${K2.slice(8, 12)}…${K2.slice(-4)}`]);
      assert.match(
        String(lines[3]?.[0]),
        /^Changed (at block #[\d,]+|between blocks #[\d,]+ and #[\d,]+)$/,
        'no transactions API on the stub network: the block range',
      );
      const keyItem = provider().getTreeItem(provider().getChildren(changes)[2]!);
      assert.equal(keyItem.accessibilityInformation?.label, `Access key ${K2} added, with full access.`);
      assert.deepEqual(api.watchlist.view.badge, { value: 1, tooltip: '1 watched account changed since you last looked' });
      const alerts = await waitFor(() => {
        const m = said.messages.filter((x) => x.text.includes(K2));
        return m.length > 0 ? m : undefined;
      });
      assert.equal(alerts.length, 1);
      assert.equal(alerts[0]?.level, 'warning');
      assert.match(alerts[0]!.text, /FULL-ACCESS key .* A full-access key can do anything the account can.*If you did not add it/s);
      assert.deepEqual(alerts[0]?.items, ['Show Changes', 'Open Balance Panel', 'Mark as Seen']);

      const [c] = await listed();
      assert.deepEqual(c?.changes, [
        { kind: 'balance', before: String(10n * NEAR), after: String(12n * NEAR), delta: String(2n * NEAR) },
        { kind: 'storage', before: '500', after: '600', delta: '100', pinnedDelta: String(100n * 10n ** 19n) },
        { kind: 'keyAdded', publicKey: K2, permission: 'FullAccess' },
      ]);
      assert.equal(typeof c?.since.blockHeight, 'number');

      // A restart: a new engine on the same Memento keeps the snapshot and the change; refreshing says no alert twice.
      // A real restart ends every load in flight with the window: the old engine is idle before the new one starts.
      await api.watchlist.whenIdle();
      api.recreateWatchEngine();
      provider().reset();
      assert.equal((await listed())[0]?.changes.length, 3);
      await api.watchlist.refresh(ID);
      await api.watchlist.whenIdle();
      assert.equal(said.messages.filter((x) => x.text.includes(K2)).length, 1, 'never an alert twice');
      assert.match(String(provider().getTreeItem(account()).description), /new full-access key/);
    } finally {
      said.stop();
    }

    assert.deepEqual(await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: ID }), [ID]);
    assert.deepEqual((await listed())[0]?.changes, []);
    assert.equal(api.watchlist.view.badge, undefined);
    assert.doesNotMatch(String(provider().getTreeItem(account()).description), /full-access/);
  });

  it("the demo's change (npm run stub -- change) makes a watched account's Changes node appear, with the key's alert", async () => {
    const DEMO = 'history.near';
    await resetStub();
    await vscode.commands.executeCommand('nearLens.watchlist.add', DEMO);
    const node = (): WatchNode | undefined =>
      provider()
        .getChildren()
        .find((x) => x.accountId === DEMO);
    await waitFor(node, { what: `${DEMO} in the tree` });
    provider().getTreeItem(node()!); // shown: its first load takes the snapshot
    await api.watchlist.whenIdle();
    const seen = async (): Promise<Listed> =>
      (await vscode.commands.executeCommand<Listed>('nearLens.watchlist.changes', { show: false })).filter((c) => c.accountId === DEMO);
    await waitFor(async () => (await seen()).length === 1, { what: `a snapshot of ${DEMO}` });
    assert.ok(
      !provider()
        .getChildren(node()!)
        .some((n) => n.label.startsWith('Changes since')),
      'no Changes node before the change',
    );

    const change = await demoChange(DEMO);
    const said = captureMessages();
    try {
      await api.watchlist.refresh(DEMO);
      await api.watchlist.whenIdle();
      const [changes] = provider().getChildren(node()!);
      assert.match(String(changes?.label), /^Changes since /);
      const lines = provider()
        .getChildren(changes!)
        .map((n) => [n.label, n.description]);
      assert.equal(lines[0]?.[0], 'Balance');
      // The README's step 1 at the side bar's default width: the change shows before the figures are cut (the first
      // change on a fresh stub is 12.34567 → 14.34567 NEAR; a stub another run changed already holds more).
      const [before, after] = [change.balance.before, change.balance.after].map((v) => formatNear(BigInt(v), 5));
      assert.equal(lines[0]?.[1], `+2 NEAR · ${before!.replace(/ NEAR$/, '')} → ${after!}`);
      assert.match(visibleRow('Balance', lines[0]?.[1], 3), /^Balance \+2 NEAR · [\d,.]+ → /);
      const item = provider().getTreeItem(node()!);
      const label = typeof item.label === 'string' ? item.label : String(item.label?.label);
      assert.match(String(item.description), /^\+2 NEAR · new full-access key · storage \+82 bytes · [\d,.]+ NEAR$/);
      assert.equal(visibleRow(label, String(item.description), 1), 'history.near +2 NEAR · new full-');
      assert.deepEqual(lines[1], ['Storage', '+82 bytes']);
      assert.deepEqual(lines[2], ['New full-access key', `${change.keyAdded.slice(8, 12)}…${change.keyAdded.slice(-4)}`]);
      // Where in the chain (this run's network has no transactions API): one block said "at block #N".
      assert.match(String(lines[3]?.[0]), /^Changed (at block #[\d,]+|between blocks #[\d,]+ and #[\d,]+)$/);
      const alert = await waitFor(() => said.messages.find((m) => m.text.includes(change.keyAdded)), { what: "the new key's alert" });
      assert.ok(alert.text.endsWith(`With near-cli-rs: near account delete-keys ${DEMO} public-keys ${change.keyAdded}`), alert.text);
    } finally {
      said.stop();
      await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: DEMO });
      await vscode.commands.executeCommand('nearLens.watchlist.remove', DEMO);
      await api.watchlist.whenIdle();
    }
  });

  it('with an auto-refresh interval, a change raises the badge and the alert while the view is closed', async () => {
    const QUIET = 'quiet.near';
    await setChangingAccount(QUIET, { balance: String(5n * NEAR), storageBytes: 500, keys: [full(K1)] });
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => !api.watchlist.view.visible, { what: 'the watchlist view closed' });
    const said = captureMessages();
    try {
      await vscode.commands.executeCommand('nearLens.watchlist.add', QUIET);
      await setUserSetting('nearLens.refreshIntervalSeconds', 1);
      const seen = async (): Promise<Listed> =>
        (await vscode.commands.executeCommand<Listed>('nearLens.watchlist.changes', { show: false })).filter((c) => c.accountId === QUIET);
      await waitFor(async () => (await seen()).length === 1, { what: 'a snapshot taken by the auto-refresh', timeoutMs: 15_000 });
      await setChangingAccount(QUIET, { balance: String(5n * NEAR), storageBytes: 600, keys: [full(K1), full(K2)] });
      await waitFor(() => said.messages.some((m) => m.text.startsWith(`${QUIET}: a new FULL-ACCESS key`)), { what: 'the alert', timeoutMs: 15_000 });
      await waitFor(() => api.watchlist.view.badge?.value === 1, { what: 'the badge', timeoutMs: 15_000 });
      assert.equal(api.watchlist.view.visible, false, 'the view stayed closed');
    } finally {
      said.stop();
      await setUserSetting('nearLens.refreshIntervalSeconds', undefined);
      await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: QUIET });
      await vscode.commands.executeCommand('nearLens.watchlist.remove', QUIET);
      await api.watchlist.whenIdle();
    }
  });

  it("the alert's Mark as Seen button renews the snapshot (code redeployed, storage grown toward the balance)", async () => {
    await setChangingAccount(ID, {
      balance: String(12n * NEAR),
      storageBytes: 1_196_000,
      codeHash: 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG',
      keys: [full(K1), full(K2)],
    });
    const said = captureMessages((text, items) => (text.includes('contract code changed') ? items.find((i) => i === 'Mark as Seen') : undefined));
    try {
      await api.watchlist.refresh(ID);
      await api.watchlist.whenIdle();
      await waitFor(() => said.messages.some((m) => m.text.includes('contract code changed')), { what: 'the code alert' });
      assert.ok(
        said.messages.some((m) => /only 0\.04 NEAR is spendable .*LackBalanceForState/.test(m.text)),
        'the storage alert',
      );
      await waitFor(async () => (await listed())[0]?.changes.length === 0, { what: 'Mark as Seen from the alert' });
    } finally {
      said.stop();
    }
    // The badge follows once the snapshot is written (Mark as Seen resolves after both).
    await waitFor(() => api.watchlist.view.badge === undefined, { what: 'no badge' });
  });
});

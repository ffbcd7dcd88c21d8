// In-editor activity of a watched contract: the stub's contract gets calls between refreshes (a failed call, a watched
// method, an event) and the watchlist's Changes node, description, badge, alerts and nearLens.watchlist.changes say
// each once; an RPC-only network says once that activity needs an indexer; an account without code costs no request.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import type { RecordedRequest } from '../../support/stub';
import { activateExtension, captureMessages, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { appendStubCall, clearStubRequests, resetStub, setChangingAccount, stubRequests, stubUrls } from '../support/stubClient';

const CONTRACT = 'activity.near';
const PLAIN = 'no-code.near';
const CODE = 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG';
const NEAR = 10n ** 24n;
const KEY = { public_key: 'ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847', access_key: { nonce: 1, permission: 'FullAccess' } };

/** A NEP-297 event's log line (stubActivity.ts's own needs node:crypto, which the web run's bundle has not). */
const eventLog = (standard: string, event: string, data: unknown): string => `EVENT_JSON:${JSON.stringify({ standard, version: '1.0.0', event, data })}`;

type Listed = Array<{ accountId: string; changes: Array<Record<string, unknown>> }>;

describe('watchlist activity', () => {
  let api: NearLensApi;
  const provider = (): NearLensApi['watchlist']['provider'] => api.watchlist.provider;
  const account = (id = CONTRACT): WatchNode => {
    const n = provider()
      .getChildren()
      .find((x) => x.accountId === id);
    assert.ok(n, `${id} in the tree`);
    return n;
  };
  const changesOf = async (id = CONTRACT): Promise<Array<Record<string, unknown>>> =>
    (await vscode.commands.executeCommand<Listed>('nearLens.watchlist.changes', { show: false })).find((c) => c.accountId === id)?.changes ?? [];
  const rows = (id = CONTRACT): WatchNode[] => {
    const [changes] = provider().getChildren(account(id));
    return changes?.id === `${id}/changes` ? provider().getChildren(changes) : [];
  };
  const activityRequests = (all: RecordedRequest[], id: string): Array<Record<string, unknown>> =>
    all
      .filter((r) => r.host === 'tx' && r.path === '/v0/account' && (r.body as { account_id?: unknown })?.account_id === id)
      .map((r) => r.body as Record<string, unknown>);
  /** Watches `id` and waits for its first load (its snapshot and, for a contract, where its activity starts). */
  async function watch(id: string): Promise<void> {
    await vscode.commands.executeCommand('nearLens.watchlist.add', id);
    await waitFor(() => api.services.settings.watchlist.includes(id), { what: `${id} watched` });
    provider().getTreeItem(account(id));
    await api.watchlist.whenIdle();
    await waitFor(async () => (await vscode.commands.executeCommand<Listed>('nearLens.watchlist.changes', { show: false })).some((c) => c.accountId === id), {
      what: `a snapshot of ${id}`,
    });
  }
  /** A refresh of `id` and the messages it raised about `text` (waited for when `expect` is set). */
  async function refreshSaying(id: string, text: string, expect: boolean): Promise<Array<{ level: string; text: string; items?: string[] }>> {
    const said = captureMessages();
    try {
      await api.watchlist.refresh(id);
      await api.watchlist.whenIdle();
      if (expect) await waitFor(() => said.messages.some((m) => m.text.includes(text)), { what: `an alert with ${text}` });
      return said.messages.filter((m) => m.text.includes(text));
    } finally {
      said.stop();
    }
  }

  before(async () => {
    api = await activateExtension();
    await resetStub();
    await setUserSetting('nearLens.watchlistActivity', { failedCalls: true, methods: { '*': ['upgrade'] }, events: ['nep141:ft_burn'] });
    await waitFor(() => api.services.settings.watchlistActivity.events.length === 1, { what: 'the activity setting' });
    await setChangingAccount(CONTRACT, { balance: String(10n * NEAR), storageBytes: 500, codeHash: CODE, keys: [KEY] });
    await appendStubCall({ contract: CONTRACT, method: 'ping' }); // history before watching: never reported
    await clearStubRequests();
    await watch(CONTRACT);
  });
  after(async () => {
    await setUserSetting('nearLens.watchlist', undefined);
    await setUserSetting('nearLens.watchlistActivity', undefined);
    await api.watchlist.whenIdle();
    await resetStub();
  });

  it('a failed call appears in Changes, alerts once with its buttons, and Mark as Seen clears it', async () => {
    const first = activityRequests(await stubRequests(), CONTRACT);
    assert.deepEqual(first, [{ account_id: CONTRACT, limit: 20, is_function_call: true }], 'the first load records where to start');
    assert.deepEqual(await changesOf(), [], 'and reports nothing');

    const hash = await appendStubCall({ contract: CONTRACT, method: 'l2_claim', panic: 'claim is not ready yet' });
    await clearStubRequests();
    const alerts = await refreshSaying(CONTRACT, 'claim is not ready yet', true);
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]?.level, 'warning');
    assert.match(alerts[0]!.text, /^activity\.near: failed call — l2_claim: claim is not ready yet · /);
    // Go to Line only when the failures feature finds the panic in the workspace: not this contract's.
    assert.deepEqual(alerts[0]?.items, ['Show Changes', 'Open Transaction', 'Mark as Seen']);

    const sent = await stubRequests();
    const [asked] = activityRequests(sent, CONTRACT);
    assert.equal(asked?.['is_function_call'], true);
    assert.equal(typeof asked?.['from_tx_block_height'], 'number', 'from the last row read');
    assert.deepEqual(
      sent.filter((r) => r.host === 'tx' && r.path === '/v0/transactions').map((r) => r.body),
      [{ tx_hashes: [hash] }],
      'its record in one batch',
    );
    const line = rows().find((n) => n.label.startsWith('l2_claim: claim is not ready yet'));
    assert.ok(line, 'a row in the Changes node');
    assert.equal(line.description, 'failed · panic');
    assert.match(String(provider().getTreeItem(account()).description), /^1 failed call · [\d,.]+ NEAR$/);
    assert.deepEqual(api.watchlist.view.badge, { value: 1, tooltip: '1 watched account changed since you last looked' });
    const [entry] = await changesOf();
    assert.deepEqual(
      { ...entry, firstAt: 'ns', lastAt: 'ns' },
      {
        kind: 'failed-calls',
        method: 'l2_claim',
        message: 'claim is not ready yet',
        errorKind: 'panic',
        count: 1,
        firstAt: 'ns',
        lastAt: 'ns',
        transactions: [hash],
      },
    );
    assert.match(String(entry?.['firstAt']), /^\d{19}$/);

    // Nothing new: no alert twice, no record read again.
    await clearStubRequests();
    assert.deepEqual(await refreshSaying(CONTRACT, 'claim is not ready yet', false), []);
    assert.deepEqual(
      (await stubRequests()).filter((r) => r.host === 'tx' && r.path === '/v0/transactions'),
      [],
    );
    assert.deepEqual(await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: CONTRACT }), [CONTRACT]);
    assert.deepEqual(await changesOf(), []);
    assert.equal(api.watchlist.view.badge, undefined);
  });

  it('a failed call whose panic the workspace holds: Go to Line opens that line, with the failure on it', async () => {
    const panic = 'panicked at src/lib.rs:29:50:\ncalled `Option::unwrap()` on a `None` value';
    const hash = await appendStubCall({ contract: CONTRACT, method: 'claim', panic });
    const said = captureMessages((text, items) => (text.includes('Option::unwrap') && items.includes('Go to Line') ? 'Go to Line' : undefined));
    try {
      await api.watchlist.refresh(CONTRACT);
      await api.watchlist.whenIdle();
      await waitFor(() => said.messages.some((m) => m.text.includes('Option::unwrap')), { what: 'the alert of the failed call' });
    } finally {
      said.stop();
    }
    const alert = said.messages.find((m) => m.text.includes('Option::unwrap'));
    assert.deepEqual(alert?.items, ['Show Changes', 'Open Transaction', 'Go to Line', 'Mark as Seen']);
    // The line: a src/lib.rs of the fixture workspace at line 29, the failure an Error there.
    const editor = await waitFor(
      () => {
        const e = vscode.window.activeTextEditor;
        return e && e.document.uri.path.endsWith('/src/lib.rs') && e.selection.active.line === 28 ? e : undefined;
      },
      { timeoutMs: 15_000, what: 'a src/lib.rs open at line 29' },
    );
    const ours = (): vscode.Diagnostic[] =>
      vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'NEAR Lens' && d.message.includes(hash.slice(0, 8)));
    const [d] = await waitFor(() => (ours().length === 1 ? ours() : undefined), { what: 'the failed call in the Problems panel' });
    assert.equal(d?.range.start.line, 28);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, d!.range);
    const dismiss = actions.find((a) => a.title === 'Dismiss');
    assert.ok(dismiss?.command);
    await vscode.commands.executeCommand(dismiss.command.command, ...(dismiss.command.arguments ?? []));
    await waitFor(() => ours().length === 0, { what: 'the Problem dismissed' });
    assert.deepEqual(await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: CONTRACT }), [CONTRACT]);
  });

  it('a watched method: who called it and whether it succeeded', async () => {
    const hash = await appendStubCall({ contract: CONTRACT, method: 'upgrade', signer: 'mallory.near' });
    const alerts = await refreshSaying(CONTRACT, 'upgrade by mallory.near', true);
    assert.equal(alerts.length, 1);
    assert.match(alerts[0]!.text, /^activity\.near: watched method called — upgrade by mallory\.near \(1 succeeded\) · /);
    assert.deepEqual(await changesOf(), [{ kind: 'method-called', method: 'upgrade', count: 1, transactions: [hash] }]);
    assert.ok(rows().some((n) => n.label.startsWith('upgrade by mallory.near (1 succeeded)')));
    await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: CONTRACT });
  });

  it('an event: counted, its amounts summed exactly', async () => {
    const hash = await appendStubCall({
      contract: CONTRACT,
      method: 'burn',
      logs: [
        eventLog('nep141', 'ft_burn', [
          { owner_id: 'alice.near', amount: '1000000000000000000000001' },
          { owner_id: 'bob.near', amount: '2' },
        ]),
      ],
    });
    const alerts = await refreshSaying(CONTRACT, 'nep141:ft_burn', true);
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]?.level, 'info');
    assert.match(alerts[0]!.text, /^activity\.near emitted nep141:ft_burn, total 1000000000000000000000003 · /);
    assert.deepEqual(await changesOf(), [
      { kind: 'event', standard: 'nep141', event: 'ft_burn', count: 1, total: '1000000000000000000000003', transactions: [hash] },
    ]);
    await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: CONTRACT });
  });

  it('an RPC-only network says once, on the Changes node, that activity needs an indexer, and asks nothing', async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    try {
      await waitFor(() => api.services.settings.endpoints.txApiUrl === undefined, { what: 'no transactions API' });
      await api.watchlist.whenIdle();
      await clearStubRequests();
      await setChangingAccount(CONTRACT, { balance: String(12n * NEAR), storageBytes: 500, codeHash: CODE, keys: [KEY] });
      await api.watchlist.refresh(CONTRACT);
      await api.watchlist.whenIdle();
      await api.watchlist.refresh(CONTRACT);
      await api.watchlist.whenIdle();
      const said = rows().filter((n) => n.label === 'Activity needs an indexer');
      assert.equal(said.length, 1, 'said once');
      assert.match(String(said[0]?.description), /^No transactions API on /);
      assert.deepEqual(
        (await stubRequests()).filter((r) => r.host === 'tx'),
        [],
      );
    } finally {
      await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
      await waitFor(() => api.services.settings.endpoints.txApiUrl !== undefined, { what: 'the transactions API back' });
      await vscode.commands.executeCommand('nearLens.watchlist.markSeen', { accountId: CONTRACT });
    }
  });

  it('an account that is not a contract sends no activity request', async () => {
    await setChangingAccount(PLAIN, { balance: String(3n * NEAR), storageBytes: 182, keys: [KEY] });
    await appendStubCall({ contract: PLAIN, method: 'l2_claim', panic: 'not a contract, not read' });
    await clearStubRequests();
    await watch(PLAIN);
    await appendStubCall({ contract: PLAIN, method: 'l2_claim', panic: 'still not read' });
    await api.watchlist.refresh(PLAIN);
    await api.watchlist.whenIdle();
    assert.deepEqual(activityRequests(await stubRequests(), PLAIN), []);
    assert.deepEqual(await changesOf(PLAIN), []);
  });
});

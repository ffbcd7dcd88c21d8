// In-editor: a contract's calls per method from code (#47's chain side), `nearLens.contractActivity` against the stub:
// the counts per method with a failure's words and kind, then the stub's calls grow and a read asked for
// (`refresh: true`, as the lens's 5-minute read does) counts them; the lens's source sends nothing for its views; an
// RPC-only network and a bad id are refused with no request.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActivityCall } from '../../support/stubActivity';
import { activateExtension, answerNextInputBox, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { appendStubCalls, clearStubRequests, resetStub, stubRequests, stubUrls } from '../support/stubClient';

const CONTRACT = 'lens-game.near';

interface Activity {
  accountId: string;
  network: string;
  since: string;
  asOf: string;
  rows: number;
  capped: boolean;
  methods: Array<{ method: string; calls: number; failed: number; calls24h: number; failed24h: number; lastAt: string; lastFailure?: Record<string, string> }>;
}

const activity = (arg: unknown): Thenable<Activity> => vscode.commands.executeCommand<Activity>('nearLens.contractActivity', arg);
const figures = (a: Activity) => a.methods.map((m) => [m.method, m.calls24h, m.failed24h]);

describe('contract activity', () => {
  let api: NearLensApi;

  before(async () => {
    api = await activateExtension();
    await resetStub();
    // The stub's demo of a contract's life (stubActivity.ts's lensCalls, written out: the web run cannot bundle that file).
    const calls: ActivityCall[] = [
      { contract: CONTRACT, method: 'claim' },
      { contract: CONTRACT, method: 'claim', signer: 'bob.near' },
      { contract: CONTRACT, method: 'claim', panic: 'not your turn' },
      { contract: CONTRACT, method: 'settle_all', signer: 'lensdev.near' },
      { contract: CONTRACT, method: 'settle_all', also: ['claim'], panic: 'round is over' },
      { contract: CONTRACT, method: 'ping' },
    ];
    await appendStubCalls(calls);
    await clearStubRequests();
  });
  after(async () => {
    await resetStub();
  });

  it('counts the calls per method, with the newest failure’s words and kind', async () => {
    const a = await activity({ accountId: CONTRACT });
    assert.equal(a.accountId, CONTRACT);
    assert.equal(a.network, 'custom');
    assert.deepEqual(figures(a), [
      ['claim', 4, 2],
      ['settle_all', 2, 0],
      ['ping', 1, 0],
    ]);
    assert.deepEqual(
      { message: a.methods[0]?.lastFailure?.['message'], kind: a.methods[0]?.lastFailure?.['kind'] },
      { message: 'round is over', kind: 'panic' },
    );
    assert.match(a.asOf, /^\d{19}$/);
    assert.match(a.methods[0]?.lastAt ?? '', /^\d{19}$/);
    assert.equal(a.rows, 6);
    assert.equal(a.capped, false);
    const sent = (await stubRequests()).filter((r) => r.host === 'tx');
    assert.deepEqual(
      sent.map((r) => r.path),
      ['/v0/account', '/v0/transactions'],
    );
  });

  it('the lens’s views and wants send nothing once read; a read asked for counts the new calls', async () => {
    await clearStubRequests();
    for (let i = 0; i < 40; i++) {
      api.contractActivity.want(CONTRACT);
      assert.equal(api.contractActivity.view(CONTRACT).kind, 'counts');
    }
    const again = await activity({ accountId: CONTRACT });
    assert.deepEqual(figures(again)[0], ['claim', 4, 2], 'read already: the counts as they are');
    assert.deepEqual(await stubRequests(), []);

    await appendStubCalls([
      { contract: CONTRACT, method: 'claim', panic: 'insufficient deposit' },
      { contract: CONTRACT, method: 'ping' },
    ]);
    const changed = new Promise<string>((done) => {
      const sub = api.contractActivity.onDidChange((id) => {
        sub.dispose();
        done(id);
      });
    });
    const grown = await activity({ accountId: CONTRACT, refresh: true });
    assert.equal(await changed, CONTRACT, 'the lens is told');
    assert.deepEqual(figures(grown), [
      ['claim', 5, 3],
      ['ping', 2, 0],
      ['settle_all', 2, 0],
    ]);
    assert.equal(grown.methods[0]?.lastFailure?.['message'], 'insufficient deposit');
    assert.equal(grown.rows, 8);
    const v = api.contractActivity.view(CONTRACT);
    assert.ok(v.kind === 'counts' && v.activity.rows === 8);
  });

  it('from the palette: asks the id (checked as typed), reads now and opens the result document', async () => {
    const asked = answerNextInputBox(CONTRACT);
    await vscode.commands.executeCommand('nearLens.contractActivity');
    const options = await asked;
    assert.match(String(await options?.validateInput?.('alice..near')), /empty part between dots/);
    const doc = await waitFor(
      () => {
        const d = vscode.window.activeTextEditor?.document;
        return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// ${CONTRACT} calls · 9 in 24 h · 3 failed`) ? d : undefined;
      },
      { what: 'the result document' },
    );
    assert.match(doc.getText(), /^\/\/ claim · 5 calls in 24 h · 3 failed · 5 since \d{19} · last failure \(panic\): insufficient deposit$/m);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a bad id is refused with why, and nothing is sent', async () => {
    await clearStubRequests();
    await assert.rejects(Promise.resolve(activity({ accountId: 'Not..An..Id' })), /Not a valid NEAR account id/);
    await assert.rejects(Promise.resolve(activity({ accountId: CONTRACT, limit: 5 })), /does not take "limit"/);
    assert.deepEqual(await stubRequests(), []);
  });

  it('an RPC-only network answers that it has no transactions API, and sends nothing', async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    try {
      await waitFor(() => api.services.settings.endpoints.txApiUrl === undefined, { what: 'no transactions API' });
      await clearStubRequests();
      await assert.rejects(Promise.resolve(activity({ accountId: CONTRACT, refresh: true })), /No transactions API on/);
      const v = api.contractActivity.view(CONTRACT);
      assert.ok(v.kind === 'unsupported' && /No transactions API/.test(v.reason), JSON.stringify(v));
      api.contractActivity.want(CONTRACT);
      assert.deepEqual(await stubRequests(), []);
    } finally {
      await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
      await waitFor(() => api.services.settings.endpoints.txApiUrl !== undefined, { what: 'the transactions API back' });
    }
  });
});

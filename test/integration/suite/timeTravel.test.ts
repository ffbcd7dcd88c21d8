// In-editor time travel (issue #18) against the stub's model chain (a stub of its own, started here, the user
// settings pointed at it for this file and put back after): Look Up Account at a height and at a date called from
// code, "did not exist yet", and the balance panel's History message for a range, each figure checked against the
// model to the yocto.
import assert from 'node:assert/strict';
import path from 'node:path';
import * as vscode from 'vscode';
import { formatYoctoExact } from '../../../src/near/amounts';
import type { AccountAtBlock as AccountAt } from '../../../src/client/timeTravel';
import { accountAt, CHAIN_ACCOUNT, CHAIN_ACCOUNT_CREATED, headHeight, timestampAt } from '../../support/chain';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { activateExtension, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';

const ENDPOINTS = ['apiUrl', 'rpcUrl', 'archivalRpcUrl'] as const;

describe('time travel (the model chain)', () => {
  let api: NearLensApi;
  let stub: Stub;
  const before_: Partial<Record<(typeof ENDPOINTS)[number], unknown>> = {};
  const cfg = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('nearLens.customNetwork');

  before(async () => {
    api = await activateExtension();
    stub = await startStub({ chain: {}, fixturesDir: path.resolve(__dirname, '../../../../test/fixtures') });
    for (const k of ENDPOINTS) {
      before_[k] = cfg().inspect(k)?.globalValue;
      await cfg().update(k, stub[k], vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => api.services.settings.endpoints.archivalRpcUrl === stub.archivalRpcUrl, { what: 'the model chain stub in the settings' });
  });
  after(async () => {
    for (const k of ENDPOINTS) await cfg().update(k, before_[k], vscode.ConfigurationTarget.Global);
    await stub.close();
  });

  const lookUp = (arg: object): Thenable<AccountAt> =>
    vscode.commands.executeCommand<AccountAt>('nearLens.lookupAccount', { id: CHAIN_ACCOUNT, show: false, ...arg });
  const assertModel = (r: AccountAt, h: number): void => {
    const want = accountAt(CHAIN_ACCOUNT, h);
    assert.ok(want);
    assert.equal(r.blockHeight, h);
    assert.equal(r.blockTimeNs, timestampAt(h).toString());
    assert.equal(r.blockTime, new Date(Number(timestampAt(h) / 1_000_000n)).toISOString());
    assert.deepEqual(
      [r.amount, r.locked, r.total, r.storageUsage],
      [want.amount, want.locked, (BigInt(want.amount) + BigInt(want.locked)).toString(), want.storage_usage],
    );
  };

  it('Look Up Account at a height, from code: the account as of that block, exact, without UI', async () => {
    const h = CHAIN_ACCOUNT_CREATED + 4_321_000;
    const r = await lookUp({ blockId: h });
    assertModel(r, h);
    assert.match(r.asOf, /^as of block #124,321,000 \(20\d\d-\d\d-\d\d \d\d:\d\d UTC\)$/);
    assert.ok(
      stub.requests.some((q) => q.host === 'archival'),
      'an old block comes from the archival host',
    );
  });

  it('Look Up Account at a date, from code: the last block at or before it', async () => {
    const date = new Date(Date.now() - 40 * 86_400_000);
    stub.clearRequests();
    const r = await lookUp({ date: date.toISOString() });
    assertModel(r, headHeight(date));
    const blocks = stub.requests.filter((q) => (q.body as { method?: string }).method === 'block').length;
    assert.ok(blocks <= 30, `${blocks} block look-ups`);
  });

  it('says the account did not exist yet at a block before it was created', async () => {
    await assert.rejects(
      Promise.resolve(lookUp({ blockId: String(CHAIN_ACCOUNT_CREATED - 1) })),
      /timetravel\.near did not exist yet at block #119,999,999 \(/,
    );
  });

  it('posts the balance panel’s History for a range: every point’s exact total at its block', async () => {
    const panel = await api.panels.open(CHAIN_ACCOUNT);
    assert.ok(panel);
    try {
      await api.panels.waitForPost(CHAIN_ACCOUNT, 'account', 15_000);
      await panel.history('30d');
      const m = api.panels.last(CHAIN_ACCOUNT);
      assert.equal(m?.type, 'history', JSON.stringify(m).slice(0, 300));
      const d = (m as Extract<typeof m, { type: 'history' }>).data;
      assert.equal(d.range, '30d');
      assert.equal(d.points.length, 24);
      for (const p of d.points) {
        assert.equal(p.gap, '', `${p.date}: ${p.gap}`);
        const want = accountAt(CHAIN_ACCOUNT, Number(p.block.replace(/[#,]/g, '')));
        assert.ok(want);
        assert.equal(p.totalExact, `${formatYoctoExact(BigInt(want.amount) + BigInt(want.locked))} NEAR`);
        assert.equal(p.lockedExact, `${formatYoctoExact(BigInt(want.locked))} NEAR`);
      }
      assert.equal(d.points.at(-1)?.changeTotal, '0');
    } finally {
      panel.panel.dispose();
    }
  });

  it('without an archival URL, History offers no range past the blocks the node keeps (its status), says from which block, and asks for no block', async () => {
    await cfg().update('archivalRpcUrl', '', vscode.ConfigurationTarget.Global);
    await waitFor(() => api.services.settings.endpoints.archivalRpcUrl !== stub.archivalRpcUrl, { what: 'no archival URL in the settings' });
    const panel = await api.panels.open(CHAIN_ACCOUNT);
    assert.ok(panel);
    try {
      await api.panels.waitForPost(CHAIN_ACCOUNT, 'account', 15_000);
      // The webview is told which ranges to offer: none (the stub's regular node keeps about a day), and why.
      const seen: unknown[] = [];
      const sub = api.panels.onDidPost(CHAIN_ACCOUNT, (m) => seen.push(m));
      panel.receive({ type: 'ready' }); // as after a reload of the webview: everything is posted again
      const kept = await waitFor(() => seen.find((m) => (m as { type?: string }).type === 'historyKept') as { ranges: string[]; note: string } | undefined, {
        what: 'the History ranges this node keeps',
      });
      sub.dispose();
      assert.deepEqual(kept.ranges, []);
      assert.match(kept.note, /^This node keeps blocks from #[\d,]+ \(about \d+ (hours|days)\): longer ranges need an archival RPC URL/);
      // A range asked anyway (from code, or an old webview) asks for no block and says the same.
      stub.clearRequests();
      await panel.history('7d');
      const m = api.panels.last(CHAIN_ACCOUNT);
      assert.equal(m?.type, 'historyError', JSON.stringify(m).slice(0, 300));
      assert.match(
        (m as Extract<typeof m, { type: 'historyError' }>).message,
        /^This node keeps blocks from #[\d,]+ \(about \d+ (hours|days)\): longer ranges need an archival RPC URL \(nearLens\.customNetwork\.archivalRpcUrl\)\.$/,
      );
      const methods = stub.requests.map((q) => (q.body as { method?: string } | undefined)?.method);
      assert.ok(
        methods.every((x) => x === 'status'),
        `the node is asked what it keeps, and no block: ${methods.join(', ')}`,
      );
      assert.ok(!stub.requests.some((q) => q.host === 'archival'));
      // Look Up Account at a block or date older than the node keeps says so too, before asking for any block.
      stub.clearRequests();
      await assert.rejects(
        Promise.resolve(lookUp({ blockId: CHAIN_ACCOUNT_CREATED + 10 })),
        /Block #120,000,010 is older than this node keeps\. This node keeps blocks from #/,
      );
      await assert.rejects(Promise.resolve(lookUp({ date: '2025-01-01' })), /2025-01-01 is older than this node keeps\./);
      assert.ok(
        stub.requests.every((q) => (q.body as { method?: string } | undefined)?.method === 'status'),
        'no block is asked for',
      );
    } finally {
      panel.panel.dispose();
      await cfg().update('archivalRpcUrl', stub.archivalRpcUrl, vscode.ConfigurationTarget.Global);
    }
  });
});

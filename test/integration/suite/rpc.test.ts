// In-editor RPC commands with argument objects (no prompts): block queries on both hosts, archival fallback,
// and the refusal of transaction-sending methods.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from '../support/editor';
import { resetStub, stubRequests } from '../support/stubClient';

interface RpcCommandResult {
  result: unknown;
  host: 'regular' | 'archival';
  summary: string;
}

function heightOf(r: RpcCommandResult | undefined): number {
  const h = (r?.result as { header?: { height?: unknown } } | undefined)?.header?.height;
  assert.equal(typeof h, 'number', JSON.stringify(r?.result)?.slice(0, 200));
  return h as number;
}

describe('rpc commands', () => {
  before(async () => {
    await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });

  it('queries the final block on the regular host', async () => {
    const r = await vscode.commands.executeCommand<RpcCommandResult>('nearLens.queryBlock', { host: 'regular', finality: 'final', show: false });
    assert.ok(r, 'a result');
    assert.equal(r.host, 'regular');
    assert.ok(heightOf(r) > 0);
    assert.ok((await stubRequests()).some((q) => q.host === 'rpc'));
  });

  it('queries a block by height on the archival host', async () => {
    const head = heightOf(await vscode.commands.executeCommand<RpcCommandResult>('nearLens.queryBlock', { host: 'regular', finality: 'final', show: false }));
    const r = await vscode.commands.executeCommand<RpcCommandResult>('nearLens.queryBlock', { host: 'archival', blockId: head - 5, show: false });
    assert.equal(r?.host, 'archival');
    assert.equal(heightOf(r), head - 5);
  });

  it('falls back to archival for a garbage-collected block', async () => {
    const r = await vscode.commands.executeCommand<RpcCommandResult>('nearLens.queryBlock', { host: 'regular', blockId: 1, show: false });
    assert.equal(r?.host, 'archival');
    assert.equal(heightOf(r), 1);
    const hosts = (await stubRequests()).map((q) => q.host);
    assert.ok(hosts.includes('rpc') && hosts.includes('archival'), hosts.join(','));
  });

  it('refuses send_tx and sends nothing', async () => {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('nearLens.rpcRequest', { method: 'send_tx', params: {}, show: false })));
    assert.deepEqual(
      (await stubRequests()).filter((q) => q.host !== 'api'),
      [],
    );
  });
});

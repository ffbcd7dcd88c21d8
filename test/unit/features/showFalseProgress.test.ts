// From code with { show: false } Query Block and RPC Request return their result with no UI, not even a progress
// notification.
import { strict as assert } from 'node:assert';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import { NearClient } from '../../../src/client/client';
import { TtlCache } from '../../../src/client/cache';
import { normaliseSettings } from '../../../src/platform/settings';
import type * as RpcRegister from '../../../src/features/rpc/index';
import type { Services } from '../../../src/platform/services';

const BODY = '{"jsonrpc":"2.0","id":1,"result":{"header":{"height":5,"hash":"11111111111111111111111111111111","timestamp_nanosec":"1"}}}';

describe('show: false shows no UI', () => {
  it('Query Block {show: false} opens no progress notification', async () => {
    const editor = createFakeEditor();
    const progress: unknown[] = [];
    const win = editor.vscode['window'] as Record<string, unknown>;
    const inner = win['withProgress'] as (o: unknown, t: unknown) => Promise<unknown>;
    win['withProgress'] = (o: { location: number; title?: string }, t: unknown) => {
      if (o.location === 15) progress.push(o.title);
      return inner(o, t);
    };
    const fetch = (async () => new Response(BODY, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
    const EP = { apiUrl: 'https://api.example', rpcUrl: 'https://rpc.example', archivalRpcUrl: 'https://arch.example' };
    const client = new NearClient({ endpoints: EP, cache: new TtlCache(), retries: 0, fetch });
    const services = {
      settings: normaliseSettings({}, { trusted: true }),
      onDidChange: () => ({ dispose: () => undefined }),
      hasApiKey: false,
      ready: Promise.resolve(),
      clientForAccount: () => ({ client, network: 'mainnet', name: 'mainnet' }),
      clientForNetwork: () => ({ client, network: 'mainnet', name: 'mainnet' }),
      explorerUrl: () => undefined,
      log: {} as Services['log'],
      dispose: () => undefined,
    } as Services;
    loadIsolated<typeof RpcRegister>(editor.vscode, 'features/rpc/index').registerRpcCommands(fakeContext(editor) as never, services);
    const r = await editor.exec('nearLens.queryBlock', { finality: 'final', show: false });
    assert.ok(r, 'the result is returned');
    assert.deepEqual(progress, [], 'no notification for a call from code');
  });
});

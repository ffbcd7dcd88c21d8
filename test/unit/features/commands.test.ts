// The command-palette tools called with arguments (as keybindings and in-editor tests do), outside VS Code: a fake
// `vscode` that records registrations and documents, a real NearClient and the loopback stub.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { createFakeEditor } from '../../support/fakeEditor';
import { loadWithFakeVscode } from '../../support/fakeVscode';
import { startStub, STUB_HEAD_HEIGHT } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { NearClient } from '../../../src/client/client';
import { TtlCache } from '../../../src/client/cache';
import { normaliseSettings } from '../../../src/platform/settings';
import type * as RpcModule from '../../../src/features/rpc/rpcCommands';
import type * as RpcRegister from '../../../src/features/rpc/index';
import { RESULT_GONE } from '../../../src/ui/commandModel';
import type * as LookupModule from '../../../src/features/lookup/index';
import type { Services } from '../../../src/platform/services';

// The tests' one fake `vscode`: it records registrations, notifications and opened documents.
const editor = createFakeEditor();
const fakeVscode = editor.vscode;
const handlers = editor.commands;
const documents = editor.rec.opened;
const shown = editor.rec.notifications;
const FAKE_ID = '\0fake-vscode-commands';

function load<T>(relPath: string): T {
  return loadWithFakeVscode<T>(fakeVscode, FAKE_ID, path.join(__dirname, relPath));
}

describe('commands with arguments (fake vscode, stub service)', function () {
  this.timeout(15_000);
  let stub: Stub;
  let client: NearClient;

  before(async () => {
    stub = await startStub();
    const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
    client = new NearClient({ endpoints, cache: new TtlCache(), retries: 0, retryBaseMs: 1, timeoutMs: 2000 });
    const settings = normaliseSettings({}, { trusted: true });
    const services = {
      settings,
      onDidChange: () => ({ dispose: () => undefined }),
      hasApiKey: false,
      ready: Promise.resolve(),
      clientForAccount: () => ({ client, network: 'mainnet', name: 'mainnet' }),
      clientForNetwork: () => ({ client, network: 'mainnet', name: 'mainnet' }),
      explorerUrl: () => undefined,
      log: {} as Services['log'],
      dispose: () => undefined,
    } as Services;
    const context = { subscriptions: [] as unknown[] };
    load<typeof RpcRegister>('../../../src/features/rpc/index').registerRpcCommands(context as never, services);
    load<typeof LookupModule>('../../../src/features/lookup/index').registerLookupCommands(context as never, services);
  });
  after(async () => stub.close());
  beforeEach(() => {
    stub.clearRequests();
    documents.length = 0;
    shown.length = 0;
  });

  function run(id: string, ...args: unknown[]): Promise<unknown> {
    const h = handlers.get(id);
    assert.ok(h, `${id} is registered`);
    return Promise.resolve(h(...args));
  }

  it('Query Block with {host, finality} skips prompts, opens a JSONC document and returns the result', async () => {
    const r = (await run('nearLens.queryBlock', { host: 'regular', finality: 'final', show: false })) as RpcModule.RpcCommandResult;
    const header = (r.result as { header: { height: number } }).header;
    assert.equal(header.height, STUB_HEAD_HEIGHT);
    assert.equal(r.host, 'regular');
    assert.match(r.summary, /^Block 187,310,138 · hash \S+ · 2025-02-11T06:09:37\.539033760Z · regular RPC \(127\.0\.0\.1:\d+\)$/);
    assert.equal(documents.length, 1);
    assert.equal(documents[0]?.language, 'jsonc');
    assert.match(documents[0]?.uri ?? '', /^near-lens:\/\/\/block\/Block 187,310,138\.jsonc\?[0-9a-z]+\.\d+$/);
    // The summary, then the request as curl (Copy as curl, #26: no key set here, so none in it), then the JSON.
    const [summary, curl, open] = (documents[0]?.content ?? '').split('\n');
    assert.equal(summary, `// ${r.summary}`);
    assert.match(
      curl ?? '',
      /^\/\/ curl -s 'http:\/\/127\.0\.0\.1:\d+\/' -X POST -H 'Content-Type: application\/json' -d '\{"jsonrpc":"2\.0","id":"near-lens","method":"block","params":\{"finality":"final"\}\}'$/,
    );
    assert.equal(open, '{');
    const query = (documents[0]?.uri ?? '').split('?')[1];
    assert.equal(await run('nearLens.copyAsCurl', { scheme: 'near-lens', query }), curl?.slice(3), 'Copy as curl copies that line');
  });

  it('Recent Results with {show: false} lists the kept results newest first, no UI', async () => {
    const a = (await run('nearLens.queryBlock', { blockId: 1, show: false })) as RpcModule.RpcCommandResult;
    const b = (await run('nearLens.rpcRequest', { method: 'status', params: [], show: false })) as RpcModule.RpcCommandResult;
    const list = (await run('nearLens.recentResults', { show: false })) as Array<{ kind: string; summary: string; uri: string }>;
    assert.deepEqual(
      list.slice(0, 2).map((x) => [x.kind, x.summary]),
      [
        ['rpc', b.summary],
        ['block', a.summary],
      ],
    );
    assert.match(list[0]?.uri ?? '', /^near-lens:\/\/\/rpc\/status\.jsonc\?[0-9a-z]+\.\d+$/);
    assert.equal(shown.length, 0);
  });

  it('a result document no longer kept (after a reload) says so instead of failing', async () => {
    const open = (fakeVscode['workspace'] as { openTextDocument(u: unknown): Promise<{ getText(): string }> }).openTextDocument;
    const uri = (fakeVscode['Uri'] as { from(c: object): unknown }).from({ scheme: 'near-lens', path: '/block/Block 5.jsonc', query: 'l0st.1' });
    assert.equal((await open(uri)).getText(), RESULT_GONE);
  });

  it('Query Block of a garbage-collected height is answered by the archival host', async () => {
    const r = (await run('nearLens.queryBlock', { blockId: 1, show: false })) as RpcModule.RpcCommandResult;
    assert.equal(r.host, 'archival');
    assert.match(r.summary, /archival RPC/);
  });

  it('Query Block rejects bad arguments with a clear error', async () => {
    await assert.rejects(run('nearLens.queryBlock', { finality: 'final', blockId: 5 }), /either finality or blockId/);
    await assert.rejects(run('nearLens.queryBlock', { host: 'elsewhere' }), /regular" or "archival/);
    assert.equal(stub.requests.length, 0);
  });

  it('RPC Request returns the result and refuses write methods before sending', async () => {
    const r = (await run('nearLens.rpcRequest', { method: 'block', params: { finality: 'final' }, show: false })) as RpcModule.RpcCommandResult;
    assert.equal((r.result as { header: { height: number } }).header.height, STUB_HEAD_HEIGHT);
    for (const m of ['send_tx', 'broadcast_tx_commit', 'broadcast_tx_async']) {
      await assert.rejects(run('nearLens.rpcRequest', { method: m, params: {} }), /NEAR Lens only reads/);
    }
    assert.equal(stub.requests.filter((q) => /send_tx|broadcast/.test(JSON.stringify(q.body))).length, 0);
  });

  it('Look Up Account / Public Key with an argument return the data; secrets are refused unsent', async () => {
    const full = (await run('nearLens.lookupAccount', { id: 'alice.near', show: false })) as { accountId: string };
    assert.equal(full.accountId, 'alice.near');
    const pk = (await run('nearLens.lookupPublicKey', { key: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', all: true, show: false })) as {
      accountIds: string[];
    };
    assert.ok(pk.accountIds.includes('root.near'));
    assert.ok(stub.requests.some((q) => q.path.endsWith('/all')));
    stub.clearRequests();
    await assert.rejects(run('nearLens.lookupPublicKey', { key: 'ed25519:' + '3'.repeat(87), show: false }), /secret key/);
    await assert.rejects(run('nearLens.lookupAccount', 'Not An Id'), /uppercase|not allowed/i);
    assert.equal(stub.requests.length, 0);
  });

  it('Look Up Account of a missing id answers with what fits (no Balance Panel); a bad network is refused unsent', async () => {
    assert.equal(await run('nearLens.lookupAccount', 'nobody.near'), undefined);
    assert.deepEqual(shown, [{ level: 'warning', text: 'NEAR Lens: No account nobody.near on mainnet.', items: ['Search on Explorer', 'Copy Id'] }]);
    stub.clearRequests();
    await assert.rejects(run('nearLens.lookupAccount', { id: 'alice.near', network: 'moonnet', show: false }), /mainnet, testnet or custom/);
    assert.equal(stub.requests.length, 0);
  });

  it('look-ups run as a person runs them (palette, keybinding, hover link) return JSON the window can take back', async () => {
    // VS Code sends a command's result back to the window as JSON; the account's amounts are bigints.
    const results = [
      await run('nearLens.lookupAccount', 'alice.near'),
      await run('nearLens.lookupPublicKey', { key: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', all: true }),
    ];
    assert.equal(results[0], undefined, 'Look Up Account shown to a person returns nothing');
    for (const r of results) assert.doesNotThrow(() => JSON.stringify(r));
    const data = await run('nearLens.lookupAccount', { id: 'alice.near', show: false }); // for code: the typed data
    assert.throws(() => JSON.stringify(data), /BigInt/);
  });

  it("a hover link's look-up that fails says so (VS Code drops a link's rejection); from code with show: false, only the rejection", async () => {
    const key = 'ed25519:US517G5965aydkZ46HS38QLi7UQiSojurfbQfKCELFx'; // made up (32 bytes of 7), asked nowhere else
    stub.fault({ host: 'api', match: '/public_key/', fault: { kind: 'status', status: 500 }, times: 2 });
    await assert.rejects(run('nearLens.lookupPublicKey', { key, all: true }));
    assert.deepEqual(
      shown.map((n) => [n.level, /^NEAR Lens: Look Up Public Key failed: /.test(n.text)]),
      [['error', true]],
    );
    shown.length = 0;
    await assert.rejects(run('nearLens.lookupPublicKey', { key, all: true, show: false }));
    assert.deepEqual(shown, [], 'a call for data shows nothing');
  });

  it('Look Up Account at a past block: "id at <height, hash or date>" shows the account then; from code, exact strings', async () => {
    assert.equal(await run('nearLens.lookupAccount', 'timetravel.near at 187,000,000'), undefined);
    assert.equal(shown.length, 1);
    assert.match(
      shown[0]!.text,
      /^NEAR Lens: timetravel\.near as of block #187,000,000 \(2025-\d\d-\d\d \d\d:\d\d UTC\): total [\d,.]+ NEAR \(balance [\d,.]+ NEAR, locked [\d,.]+ NEAR\), storage [\d,]+ bytes, 0 access keys, a contract\.$/,
    );
    const r = (await run('nearLens.lookupAccount', { id: 'timetravel.near', date: '2025-02-01', show: false })) as { blockHeight: number; blockTime: string };
    assert.ok(r.blockTime <= '2025-02-01T00:00:00.000Z' && r.blockHeight < STUB_HEAD_HEIGHT);
    assert.doesNotThrow(() => JSON.stringify(r), 'exact strings, no bigint');
    await assert.rejects(run('nearLens.lookupAccount', { id: 'timetravel.near', blockId: 100, show: false }), /did not exist yet at block #100 /);
    stub.clearRequests();
    await assert.rejects(
      run('nearLens.lookupAccount', { id: 'timetravel.near', date: 'next tuesday', show: false }),
      /not a block height, a block hash or a date/,
    );
    await assert.rejects(run('nearLens.lookupAccount', 'Bad Id at 2025-01-01'), /uppercase|not allowed/i);
    assert.equal(stub.requests.length, 0, 'bad input sends nothing');
  });
});

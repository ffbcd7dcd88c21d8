// Unit tests of src/client/contracts.ts against the loopback stub's contracts (test/fixtures/rpc-contracts.json):
// here.tg (greeter.wasm with an embedded ABI and NEP-330 metadata), mob.near (plain.wasm: exports only), gone.near
// (CodeDoesNotExist inside the result), and the contract views of src/features/contracts/model/contractModel.ts.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { base58 } from '@scure/base';
import { NearLensError } from '../../../src/base/errors';
import { callView, clearContractCache, contractDetails, viewState } from '../../../src/client/contracts';
import type { NearClient } from '../../../src/client/client';
import {
  callDocument,
  callSummary,
  contractNodes,
  methodOfNodeId,
  nearApiJsCall,
  nearCliCommand,
  stateDocument,
} from '../../../src/features/contracts/model/contractModel';
import { PLAIN_EXPORTS } from '../../../scripts/fixtures/make-wasm.mjs';
import type { RecordedRequest, Stub } from '../../support/stub';
import { STUB_HEAD_HEIGHT } from '../../support/stub';
import { clientFor, useStub } from '../../support/fixture';

const SECRET_KEY = `ed25519:${base58.encode(new Uint8Array(64).map((_, i) => (i * 7 + 3) % 256))}`;

describe('contracts: client calls against the stub', function () {
  this.timeout(5000);
  let stub: Stub;
  let client: NearClient;
  const getStub = useStub();
  const sent = (): Array<{ type: unknown; method: unknown }> =>
    stub.requests
      .filter((r: RecordedRequest) => r.host !== 'api')
      .map((r) => {
        const p = (r.body as { params?: Record<string, unknown> }).params ?? {};
        return { type: p['request_type'], method: p['method_name'] };
      });
  const rejects = (p: Promise<unknown>, re: RegExp): Promise<void> => assert.rejects(p, (e: unknown) => NearLensError.is(e) && re.test(e.message));

  before(() => {
    stub = getStub();
  });
  beforeEach(() => {
    clearContractCache();
    client = clientFor(stub);
  });

  it('the interface from the embedded ABI: views then calls, params, NEP-330 standards and link', async () => {
    const d = await contractDetails(client, 'here.tg');
    assert.equal(d.abi?.schemaVersion, '0.4.0');
    assert.equal(d.abiError, undefined);
    assert.deepEqual(
      d.methods.filter((m) => m.kind === 'view').map((m) => m.name),
      ['contract_source_metadata', 'ft_balance_of', 'ft_metadata', 'get_greeting', 'storage_balance_of'],
    );
    assert.deepEqual(
      d.methods.filter((m) => m.kind === 'call').map((m) => m.name),
      ['ft_transfer', 'new', 'set_greeting', 'set_limits', 'set_raw'],
    );
    assert.deepEqual(
      d.methods.find((m) => m.name === 'ft_balance_of')?.params?.map((p) => p.name),
      ['account_id'],
    );
    assert.equal(d.source?.url, 'https://github.com/example/greeter-ft');
    assert.deepEqual(
      d.source?.standards.map((s) => s.standard),
      ['nep141', 'nep148', 'nep330'],
    );
    assert.match(d.codeHash, /^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    assert.deepEqual(sent(), [
      { type: 'view_account', method: undefined },
      { type: 'view_code', method: undefined },
      { type: 'call_function', method: '__contract_abi' },
      { type: 'call_function', method: 'contract_source_metadata' },
    ]);
  });

  it('caches by code hash: a second look-up with the hash known sends nothing, and concurrent ones share one load', async () => {
    const [a, b] = await Promise.all([contractDetails(client, 'here.tg'), contractDetails(client, 'here.tg')]);
    assert.equal(a, b);
    const before = stub.requests.length;
    const again = await contractDetails(clientFor(stub), 'anything.near', { codeHash: a.codeHash });
    assert.equal(again.methods.length, a.methods.length);
    assert.equal(stub.requests.length, before, 'no request for a known code hash');
  });

  it('a caller that cancels leaves a shared interface load alone: the others still get the interface', async () => {
    const { codeHash } = await contractDetails(client, 'here.tg');
    clearContractCache();
    stub.setLatency(300);
    try {
      const ctrl = new AbortController();
      const a = contractDetails(client, 'here.tg', { codeHash, signal: ctrl.signal }).catch((e: unknown) => e);
      const b = contractDetails(client, 'here.tg', { codeHash }); // nobody cancels this one
      setTimeout(() => ctrl.abort(), 50);
      assert.ok(NearLensError.is(await a) && ((await a) as NearLensError).kind === 'aborted', 'the one who cancelled is told so at once');
      assert.equal((await b).codeHash, codeHash);
      stub.clearRequests();
      assert.equal((await contractDetails(client, 'here.tg', { codeHash })).codeHash, codeHash);
      assert.equal(stub.requests.length, 0, 'and the interface was kept by its code hash');
    } finally {
      stub.setLatency(0);
    }
  });

  it('without an ABI: the exports, kinds unknown, no metadata call', async () => {
    const d = await contractDetails(client, 'mob.near');
    assert.deepEqual(d.methods.map((m) => m.name).sort(), [...PLAIN_EXPORTS].sort());
    assert.ok(d.methods.every((m) => m.kind === 'unknown'));
    assert.equal(d.abi, undefined);
    assert.equal(d.source, undefined);
    assert.deepEqual(
      sent().map((s) => s.type),
      ['view_account', 'view_code'],
    );
  });

  it('no code deployed: says so, before asking for code', async () => {
    await rejects(contractDetails(client, 'alice.near'), /^No contract is deployed on alice\.near\.$/);
    await rejects(contractDetails(client, 'alice.near', { codeHash: '11111111111111111111111111111111' }), /No contract is deployed/);
  });

  it('code that is not wasm, or cut short, is refused with a clear sentence (and not cached)', async () => {
    const fixture = (f: string): string => readFileSync(path.join(__dirname, '../../fixtures/contracts', f)).toString('base64');
    const serve = (file: string): void =>
      stub.fault({
        host: 'rpc',
        match: 'view_code',
        times: 1,
        fault: { kind: 'wrong-shape', body: { jsonrpc: '2.0', id: 1, result: { code_base64: fixture(file), hash: 'x', block_height: 1 } } },
      });
    serve('wrong-magic.wasm');
    await rejects(contractDetails(client, 'mob.near'), /not WebAssembly \(it does not start with the wasm magic bytes/);
    serve('truncated.wasm');
    await rejects(contractDetails(client, 'mob.near'), /truncated or invalid WebAssembly module/);
    assert.equal((await contractDetails(client, 'mob.near')).methods.length, 5, 'a failure is not cached');
  });

  it('an unreadable ABI is a note, the exports stand in', async () => {
    stub.fault({
      host: 'rpc',
      match: '__contract_abi',
      fault: { kind: 'wrong-shape', body: { jsonrpc: '2.0', id: 1, result: { result: [1, 2, 3], logs: [], block_height: 1 } } },
    });
    const d = await contractDetails(client, 'here.tg');
    assert.match(d.abiError ?? '', /not zstd-compressed/);
    assert.ok(d.methods.some((m) => m.name === '__contract_abi' && m.kind === 'unknown'));
    const nodes = contractNodes('here.tg', d);
    assert.ok(nodes.some((n) => /^ABI unreadable: /.test(n.label)));
  });

  it('callView decodes JSON, text and binary results, with logs and the block height', async () => {
    const g = await callView(client, 'here.tg', 'get_greeting');
    assert.deepEqual([g.result, g.logs, g.blockHeight, g.host], ['Hello from here.tg', ['greeting read'], STUB_HEAD_HEIGHT, 'regular']);
    const bal = await callView(client, 'here.tg', 'ft_balance_of', { account_id: 'alice.near' });
    assert.equal(bal.result, '1500000000000000000000');
    const status = await callView(client, 'mob.near', 'get_status');
    assert.deepEqual(status.result, { status: 'ok', paused: false });
    const text = await callView(client, 'mob.near', 'version');
    assert.deepEqual([text.decoded.kind, text.result], ['text', '1.2.0 (not JSON)']);
    const bin = await callView(client, 'mob.near', 'raw_bytes');
    assert.deepEqual(bin.decoded, { kind: 'binary', base64: 'AAEC/w==', hex: '000102ff' });
    const args = (stub.requests.at(-4)?.body as { params: { args_base64: string } }).params.args_base64;
    assert.deepEqual(JSON.parse(Buffer.from(args, 'base64').toString()), { account_id: 'alice.near' });
  });

  it('errors inside result read as what they are, naming the method and contract', async () => {
    await rejects(callView(client, 'here.tg', 'no_such_view'), /^The contract here\.tg has no method "no_such_view"\.$/);
    await rejects(callView(client, 'gone.near', 'get_status'), /^No contract is deployed on gone\.near\.$/);
    await rejects(callView(client, 'alice.near', 'get_status'), /No contract is deployed on alice\.near/);
  });

  it('refuses a secret key in the arguments and bad names before sending', async () => {
    await assert.rejects(callView(client, 'here.tg', 'get_greeting', { key: SECRET_KEY }), (e: unknown) => NearLensError.is(e) && e.kind === 'sensitive');
    await rejects(callView(client, 'here.tg', 'get-greeting'), /letters, digits and underscores/);
    await assert.rejects(callView(client, 'Not An Id', 'get_greeting'));
    assert.equal(stub.requests.length, 0);
  });

  it('a block id asks the archival host', async () => {
    const r = await callView(client, 'here.tg', 'get_greeting', {}, STUB_HEAD_HEIGHT - 5);
    assert.equal(r.host, 'archival');
    assert.equal(r.blockHeight, STUB_HEAD_HEIGHT - 5);
  });

  it('view_state: pairs sorted by key bytes and decoded; a prefix as text or base64', async () => {
    const all = await viewState(client, 'here.tg');
    assert.deepEqual(
      all.entries.map((e) => (e.key.kind === 'text' ? e.key.text : e.key.hex)),
      ['STATE', 'a', 'greeting', '000102'].sort((x, y) => (x === '000102' ? -1 : y === '000102' ? 1 : x < y ? -1 : 1)),
    );
    const greeting = all.entries.find((e) => e.key.kind === 'text' && e.key.text === 'greeting');
    assert.deepEqual(greeting?.value, { kind: 'text', text: 'Hello from here.tg', base64: Buffer.from('Hello from here.tg').toString('base64') });
    const a = all.entries.find((e) => e.key.kind === 'text' && e.key.text === 'a');
    assert.deepEqual(a?.value, { kind: 'binary', base64: 'AAEC/w==', hex: '000102ff' });
    assert.deepEqual(
      (await viewState(client, 'here.tg', 'gr')).entries.map((e) => e.key.base64),
      [Buffer.from('greeting').toString('base64')],
    );
    assert.equal((await viewState(client, 'here.tg', 'base64:AAE=')).entries.length, 1);
    const doc = stateDocument('state · here.tg', all.entries);
    assert.match(doc, /"key": "greeting",\n\s+"value": "Hello from here.tg"/);
    assert.match(doc, /"hex": "000102ff"/);
  });

  it('view_state too large: the message says so and suggests a prefix', async () => {
    await rejects(viewState(client, 'mob.near'), /too large for this RPC node to send: give a key prefix/);
    assert.equal((await viewState(client, 'mob.near', 'STATE')).entries.length, 1);
    await rejects(viewState(client, 'alice.near'), /No contract is deployed on alice\.near/);
  });

  it('view_state refuses a secret key or a non-text prefix, unsent', async () => {
    const before = stub.requests.length;
    const secret = 'ed25519:DyXZZCSiBREJ8YZ5cULd7PVdKpbkhHvHJ7otbJmLJajJtRsyq1irMMqKimYeKvRmZ8Sc2qWLhKjYR4ekM8RSzkV'; // 64 made-up bytes
    await rejects(viewState(client, 'here.tg', secret), /secret key/i);
    await rejects(viewState(client, 'here.tg', 42 as unknown as string), /prefix must be text/);
    assert.equal(stub.requests.length, before);
  });

  it("a failed ABI request is not remembered as the contract's answer (the next look-up asks again)", async () => {
    clearContractCache();
    stub.fault({ host: 'rpc', match: '__contract_abi', fault: { kind: 'status', status: 503 }, times: 3 });
    await rejects(contractDetails(client, 'here.tg'), /./);
    const d = await contractDetails(client, 'here.tg');
    assert.equal(d.abiError, undefined, 'read on the second look-up');
    assert.ok(d.methods.length > 0);
  });

  it('an answer that echoes the API key back (a reflecting node) is withheld, in call results and state', async () => {
    const KEY = 'k-reflected-0123456789abcdef';
    const bytes = [...Buffer.from(`token=${KEY}`)];
    const reflecting = clientFor(stub, {
      apiKey: KEY,
      fetch: async (input, init) => {
        const body = JSON.parse(String(init?.body ?? '{}')) as { id: number; params?: Record<string, unknown> };
        const p = body.params ?? {};
        const result =
          p['request_type'] === 'view_state'
            ? { values: [{ key: Buffer.from('k').toString('base64'), value: Buffer.from(bytes).toString('base64') }], block_height: 5, block_hash: 'h' }
            : { result: bytes, logs: [], block_height: 5, block_hash: 'h' };
        void input;
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), { headers: { 'content-type': 'application/json' } });
      },
    });
    const call = await callView(reflecting, 'here.tg', 'get_greeting');
    assert.equal(call.result, '(withheld: the answer contains your API key)');
    assert.ok(!JSON.stringify(call).includes(KEY));
    const state = await viewState(reflecting, 'here.tg');
    assert.ok(!JSON.stringify(state).includes(KEY));
    assert.ok(!JSON.stringify(state).includes(Buffer.from(bytes).toString('base64')));
  });

  it('the tree nodes, result document and copy forms', async () => {
    const d = await contractDetails(client, 'here.tg');
    const nodes = contractNodes('here.tg', d);
    assert.deepEqual(
      nodes.map((n) => [n.label, n.description]),
      [
        ['View methods (5)', undefined],
        ['Change methods (5)', undefined],
        ['Standards', 'NEP-141, NEP-148, NEP-330'],
        ['Source', '0.1.0 · https://github.com/example/greeter-ft'],
      ],
    );
    const view = nodes[0]?.children.find((n) => n.label === 'ft_balance_of');
    assert.deepEqual([view?.contextValue, view?.description, methodOfNodeId(view?.id ?? '')], ['nearLens.method.view', '(account_id)', 'ft_balance_of']);
    assert.equal(nodes[1]?.children[0]?.contextValue, 'nearLens.method.call');
    const plain = contractNodes('mob.near', await contractDetails(client, 'mob.near'));
    assert.deepEqual(
      plain.map((n) => [n.label, n.description]),
      [['Exported functions (5)', 'no ABI: kinds unknown']],
    );

    const r = await callView(client, 'here.tg', 'get_greeting');
    const summary = callSummary('here.tg', 'get_greeting', r, 'regular RPC (127.0.0.1)');
    assert.equal(summary, 'get_greeting · here.tg · block #187,310,138 · regular RPC (127.0.0.1)');
    assert.equal(callDocument(summary, {}, r), `// ${summary}\n// args: {}\n"Hello from here.tg"\n// logs:\n//   greeting read\n`);
    const bin = await callView(client, 'mob.near', 'raw_bytes');
    assert.match(callDocument('s', {}, bin), /\/\/ binary\n\{\n {2}"base64": "AAEC\/w==",\n {2}"hex": "000102ff"\n\}\n\/\/ logs: none\n$/);
    assert.equal(
      nearCliCommand('here.tg', 'ft_balance_of', { account_id: "o'neil.near" }, 'mainnet'),
      `near contract call-function as-read-only here.tg ft_balance_of json-args '{"account_id":"o'\\''neil.near"}' network-config mainnet now`,
    );
    assert.equal(nearApiJsCall('here.tg', 'get_greeting', {}), 'await provider.callFunction("here.tg", "get_greeting", {});');
  });
});

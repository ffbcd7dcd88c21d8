// Sanity of the loopback stub itself (test/support/stub.ts): real shapes, recording, faults.
import { strict as assert } from 'node:assert';
import { startStub, STUB_GC_WINDOW, STUB_HEAD_HEIGHT } from '../support/stub';
import { accountAt, blockHash, CHAIN_ACCOUNT, CHAIN_ACCOUNT_CREATED, CHAIN_GENESIS_HEIGHT, headHeight, SKIPPED_RUN, timestampAt } from '../support/chain';
import type { Stub } from '../support/stub';
import { useStub } from '../support/fixture';

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function rpc(url: string, method: string, params: unknown): Promise<{ status: number; body: unknown }> {
  return getJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
}

describe('stub service', () => {
  let stub: Stub;
  const getStub = useStub();
  before(() => {
    stub = getStub();
  });

  it('serves fixture accounts and state:null for unknown ids, 400 for unparsable ids', async () => {
    const alice = await getJson(`${stub.apiUrl}/v1/account/alice.near/full`);
    assert.equal(alice.status, 200);
    assert.equal((alice.body as { state: { storage_bytes: number } }).state.storage_bytes, 26340);
    const unknown = await getJson(`${stub.apiUrl}/v1/account/never-seen.near/full`);
    assert.deepEqual(unknown.body, { account_id: 'never-seen.near', nfts: [], pools: [], state: null, tokens: [] });
    const bad = await getJson(`${stub.apiUrl}/v1/account/Bad..id/full`);
    assert.deepEqual(bad, { status: 400, body: 'Invalid argument' });
    const nft = await getJson(`${stub.apiUrl}/v1/account/alice.near/nft`);
    assert.equal((nft.body as { tokens: unknown[] }).tokens.length, 2);
    assert.deepEqual((await getJson(`${stub.apiUrl}/health`)).body, { status: 'ok' });
  });

  it('records method, path, query and headers', async () => {
    await getJson(`${stub.apiUrl}/status?x=1`, { headers: { authorization: 'Bearer k' } });
    const r = stub.requests[0];
    assert.ok(r);
    assert.equal(r.host, 'api');
    assert.equal(r.path, '/status');
    assert.deepEqual(r.query, { x: '1' });
    assert.equal(r.headers['authorization'], 'Bearer k');
  });

  it('answers RPC block by finality, GC on regular / served on archival for height 1, 422 above head', async () => {
    const head = await rpc(stub.rpcUrl, 'block', { finality: 'final' });
    assert.equal((head.body as { result: { header: { height: number } } }).result.header.height, STUB_HEAD_HEIGHT);
    const gc = await rpc(stub.rpcUrl, 'block', { block_id: 1 });
    assert.equal((gc.body as { error: { cause: { name: string } } }).error.cause.name, 'GARBAGE_COLLECTED_BLOCK');
    const old = await rpc(stub.archivalRpcUrl, 'block', { block_id: 1 });
    assert.equal((old.body as { result: { header: { height: number } } }).result.header.height, 1);
    const future = await rpc(stub.archivalRpcUrl, 'block', { block_id: STUB_HEAD_HEIGHT + 10 });
    assert.equal(future.status, 422);
    const unknownMethod = await rpc(stub.rpcUrl, 'no_such_method', {});
    assert.equal((unknownMethod.body as { error: { cause: { name: string } } }).error.cause.name, 'METHOD_NOT_FOUND');
  });

  it('applies a fault a given number of times', async () => {
    stub.fault({ host: 'api', match: '/status', fault: { kind: 'status', status: 503 }, times: 1 });
    assert.equal((await getJson(`${stub.apiUrl}/status`)).status, 503);
    assert.equal((await getJson(`${stub.apiUrl}/status`)).status, 200);
  });
});

describe('stub service: the model chain', () => {
  const NOW = new Date('2026-11-01T00:00:00Z');
  const HEAD = headHeight(NOW);
  let stub: Stub;
  before(async () => {
    stub = await startStub({ chain: { now: () => NOW } });
  });
  after(async () => {
    await stub.close();
  });
  type Body = {
    result?: { header?: { height: number; timestamp_nanosec: string }; amount?: string; block_height?: number };
    error?: { cause: { name: string } };
  };
  const call = async (url: string, method: string, params: unknown): Promise<Body> => (await rpc(url, method, params)).body as Body;

  it('serves every block by height (realistic timestamps, skipped heights) on archival, recent ones on regular', async () => {
    assert.equal((await call(stub.rpcUrl, 'block', { finality: 'final' })).result?.header?.height, HEAD);
    const old = await call(stub.archivalRpcUrl, 'block', { block_id: CHAIN_ACCOUNT_CREATED });
    assert.equal(old.result?.header?.timestamp_nanosec, timestampAt(CHAIN_ACCOUNT_CREATED).toString());
    assert.equal((await call(stub.rpcUrl, 'block', { block_id: CHAIN_ACCOUNT_CREATED })).error?.cause.name, 'GARBAGE_COLLECTED_BLOCK');
    assert.equal((await call(stub.rpcUrl, 'block', { block_id: HEAD - 10 })).result?.header?.height, HEAD - 10);
    assert.equal((await call(stub.archivalRpcUrl, 'block', { block_id: SKIPPED_RUN.from })).error?.cause.name, 'UNKNOWN_BLOCK');
    assert.equal((await call(stub.archivalRpcUrl, 'block', { block_id: HEAD + 1 })).error?.cause.name, 'UNKNOWN_BLOCK');
    assert.equal((await call(stub.archivalRpcUrl, 'block', { block_id: blockHash(HEAD - 5) })).result?.header?.height, HEAD - 5);
  });

  it("says in status which blocks each node keeps, as nearcore's sync_info.earliest_block_* (regular: the GC window; archival: all)", async () => {
    type Status = { result?: { sync_info?: { earliest_block_height?: number; earliest_block_time?: string; latest_block_height?: number } } };
    const regular = ((await call(stub.rpcUrl, 'status', [])) as Status).result?.sync_info;
    const archival = ((await call(stub.archivalRpcUrl, 'status', [])) as Status).result?.sync_info;
    assert.equal(regular?.latest_block_height, HEAD);
    assert.equal(regular?.earliest_block_height, HEAD - STUB_GC_WINDOW);
    assert.equal(archival?.earliest_block_height, CHAIN_GENESIS_HEIGHT);
    const ns = timestampAt(HEAD - STUB_GC_WINDOW);
    assert.equal(
      regular?.earliest_block_time,
      `${new Date(Number(ns / 1_000_000n)).toISOString().slice(0, 19)}.${String(ns % 1_000_000_000n).padStart(9, '0')}Z`,
    );
    assert.equal(
      (await call(stub.rpcUrl, 'block', { block_id: HEAD - STUB_GC_WINDOW })).result?.header?.height,
      HEAD - STUB_GC_WINDOW,
      'the earliest is served',
    );
  });

  it('answers view_account at past heights: the balance changes, UNKNOWN_ACCOUNT before the account existed', async () => {
    const at = (h: number) => call(stub.archivalRpcUrl, 'query', { request_type: 'view_account', account_id: CHAIN_ACCOUNT, block_id: h });
    const early = await at(CHAIN_ACCOUNT_CREATED + 10);
    const late = await at(HEAD - 1000);
    assert.equal(early.result?.amount, accountAt(CHAIN_ACCOUNT, CHAIN_ACCOUNT_CREATED + 10)?.amount);
    assert.notEqual(early.result?.amount, late.result?.amount);
    assert.equal((await at(CHAIN_ACCOUNT_CREATED - 1)).error?.cause.name, 'UNKNOWN_ACCOUNT');
    const fixture = await call(stub.rpcUrl, 'query', { request_type: 'view_account', account_id: 'alice.near', finality: 'final' });
    assert.equal(fixture.result?.block_height, HEAD, 'fixture accounts answer at the model head');
    const full = (await getJson(`${stub.apiUrl}/v1/account/${CHAIN_ACCOUNT}/full`)).body as { state: { balance: string } };
    assert.equal(full.state.balance, accountAt(CHAIN_ACCOUNT, HEAD)?.amount);
  });
});

// Inspect Transaction's reads against the loopback stub: the real testnet receipt's gas to the unit, the state writes
// with their values before (from an earlier write in the same block, or view_state at the block before), the accounts
// before → after, what each inspect sends (within the bound), a garbage-collected block on a node without an archival
// host said on its receipt, the archival host answering when there is one, and the view_state a node refuses.
import { strict as assert } from 'node:assert';
import { NearClient } from '../../../../src/client/client';
import { TtlCache } from '../../../../src/client/cache';
import { readInspection } from '../../../../src/features/inspect/reader';
import type { InspectRead } from '../../../../src/features/inspect/reader';
import { InspectSession } from '../../../../src/features/inspect/session';
import { GROUPS } from '../../../../src/features/inspect/model/gas';
import { startStub } from '../../../support/stub';
import type { RecordedRequest, Stub } from '../../../support/stub';

export const GREETING = '5oaGS5HZmHukM8ukbbd5aNr4CYbthojxgdxXr2aKFWWJ';
export const FT = '52WKo6uPr1Y27EzKTDB7pZAGLATWF2ssAhjhDBj1LQ6d';
export const OUT_OF_GAS = '5s9pqMMVpz5h5Cg5KwFACHJR4WeGdPAHjqjLYUi3iKTD';

const methods = (rs: readonly RecordedRequest[]): string[] =>
  rs.map((r) => {
    const b = r.body as { method?: string; params?: Record<string, unknown> };
    const p = b.params ?? {};
    return [r.host, b.method, p['changes_type'] ?? p['request_type']].filter(Boolean).join(' ');
  });

describe('Inspect Transaction: reading (loopback stub)', () => {
  let stub: Stub;
  before(async () => {
    stub = await startStub();
  });
  after(async () => {
    await stub.close();
  });
  beforeEach(() => {
    stub.clearRequests();
    stub.clearFaults();
    stub.setRpcOnly(false);
  });

  const client = (archival = true): NearClient =>
    new NearClient({
      endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: archival ? stub.archivalRpcUrl : stub.rpcUrl, txApiUrl: stub.txApiUrl },
      cache: new TtlCache(),
      retryBaseMs: 1,
    });
  const read = (c: NearClient, hash: string, signer: string): Promise<InspectRead | undefined> =>
    readInspection(c, 'custom', hash, signer, { host: 'regular' });

  it('the real testnet receipt: 21 profile entries, its own fee itemised to 888,186,948,238, groups adding up to 1,114,749,760,106', async () => {
    const got = await read(client(), GREETING, 'lens-demo.testnet');
    assert.ok(got?.complete);
    const r = got.inspection.receipts[0]!;
    assert.equal(r.executorId, 'hello.sleet.testnet');
    assert.deepEqual(r.methods, ['set_greeting']);
    assert.equal(r.blockHeight, '187300001');
    assert.equal(r.gas.burnt, '1114749760106');
    assert.equal(r.gas.attached, '3000000000000');
    assert.equal(r.gas.profile?.length, 21);
    assert.equal(r.gas.actionCost, '888186948238');
    assert.deepEqual(
      r.gas.actionCostParts?.map((p) => p.gas),
      ['108059500000', '780000000000', String(57n * 2235934n)],
    );
    assert.equal(
      r.gas.groups.reduce((s, x) => s + BigInt(x.gas), 0n),
      1114749760106n,
    );
    assert.equal(r.gas.groups.find((x) => x.name === GROUPS.own)?.gas, '888186948238');
    // STATE: the value before is the other signer's write earlier in the same block ("gm"), not the block before's.
    assert.equal(r.state.changes.length, 1);
    const c = r.state.changes[0]!;
    assert.equal(c.key.text, 'STATE');
    assert.equal(c.before?.borsh?.string, 'gm');
    assert.equal(c.after?.borsh?.string, 'Hello from NEAR Lens, testnet!');
    assert.equal(c.kind, 'update');
    assert.equal(c.bytesDelta, 28);
    assert.equal(r.state.storageDelta, '28');
    assert.equal(r.state.storageCost, '280000000000000000000');
    // The account before is the other receipt's last change in the block: nothing read for it.
    assert.ok(r.state.account?.before);
    assert.equal(BigInt(r.state.account.after.storageUsage) - BigInt(r.state.account.before.storageUsage), 28n);
    // The refund ran no code: nothing read for it.
    const refund = got.inspection.receipts[1]!;
    assert.equal(refund.refund, true);
    assert.deepEqual(refund.gas.groups, []);
    assert.deepEqual(
      methods(stub.requests).sort(),
      [
        'rpc EXPERIMENTAL_tx_status',
        'rpc block',
        'rpc block',
        'rpc EXPERIMENTAL_protocol_config',
        'rpc EXPERIMENTAL_changes data_changes',
        'rpc EXPERIMENTAL_changes account_changes',
      ].sort(),
    );
  });

  it('a cross-contract call: the receipt tree, collection keys, values before at the block before, accounts before from view_account', async () => {
    const got = await read(client(), FT, 'alice.lensdev.testnet');
    assert.ok(got?.complete);
    const [r1, r2, r3, refund] = got.inspection.receipts;
    assert.deepEqual(
      got.inspection.receipts.map((r) => [r.methods.join(','), r.parentId === undefined ? '' : got.inspection.receipts.findIndex((x) => x.id === r.parentId)]),
      [
        ['ft_transfer_call', ''],
        ['ft_on_transfer', 0],
        ['ft_resolve_transfer', 0],
        ['', 2],
      ],
    );
    assert.ok(r1 && r2 && r3 && refund);
    assert.ok(r1.gas.groups.some((g) => g.name === GROUPS.promises));
    const alice = r1.state.changes[0]!;
    assert.equal(alice.key.prefix, 't');
    assert.equal(alice.key.borsh?.accountId, 'alice.lensdev.testnet');
    assert.equal(alice.before?.borsh?.u128, '10000000');
    assert.equal(alice.after?.borsh?.u128, '7500000');
    assert.equal(alice.kind, 'update');
    const market = r1.state.changes[1]!;
    assert.equal(market.kind, 'create');
    assert.equal(market.before, undefined);
    assert.equal(market.bytesDelta, 1 + 4 + 22 + 16 + 40);
    assert.equal(r1.state.storageDelta, String(1 + 4 + 22 + 16 + 40));
    assert.deepEqual(r2.state.changes[0]?.after?.json, { deposit: '2500000', msg: 'deposit' });
    assert.equal(r3.state.changes.length, 0);
    assert.ok(r3.state.account?.before, 'from view_account at the block before');
    const sent = methods(stub.requests);
    assert.equal(sent.filter((m) => m.endsWith('view_state')).length, 3, 'two keys of the token, one of the market');
    assert.equal(sent.filter((m) => m.endsWith('view_account')).length, 3);
    assert.equal(sent.filter((m) => m.includes('EXPERIMENTAL_changes')).length, 6);
    // tx_status + 4 blocks + 3 protocol configs (the refund burnt nothing) + 2 changes × 3 + 3 keys + 3 accounts.
    assert.equal(sent.length, 1 + 4 + 3 + 6 + 3 + 3);
  });

  it('an out-of-gas receipt: its profile says storage writes took most; a GC-d block goes to the archival host', async () => {
    const got = await read(client(), OUT_OF_GAS, 'player.lensdev.near');
    const r = got!.inspection.receipts[0]!;
    assert.equal(r.status, 'failure');
    const top = [...r.gas.groups].sort((a, b) => (BigInt(b.gas) > BigInt(a.gas) ? 1 : -1))[0];
    assert.equal(top?.name, GROUPS.writes);
    assert.ok(r.state.account?.after);
    assert.ok(stub.requests.some((q) => q.host === 'archival'));
  });

  it('a garbage-collected block on a node with no archival host: said on the receipt, its gas still shown', async () => {
    const got = await read(client(false), OUT_OF_GAS, 'player.lensdev.near');
    const r = got!.inspection.receipts[0]!;
    assert.match(r.state.unavailable ?? '', /no such block|garbage collected/i);
    assert.ok(r.gas.groups.length > 1, 'the profile comes from tx_status');
    assert.equal(got!.complete, true, 'a GC-d block is a settled fact for this node');
    assert.ok(!stub.requests.some((q) => q.host === 'archival'));
  });

  it('a contract whose state is too large to view: the value before is not known, in words', async () => {
    stub.fault({
      host: 'rpc',
      match: 'view_state',
      fault: {
        kind: 'status',
        status: 200,
        body: {
          jsonrpc: '2.0',
          id: 1,
          error: {
            name: 'HANDLER_ERROR',
            cause: { name: 'TOO_LARGE_CONTRACT_STATE', info: {} },
            code: -32000,
            message: 'Server error',
            data: 'State of contract token.lensdev.testnet is too large to be viewed',
          },
        },
      },
    });
    const got = await read(client(), FT, 'alice.lensdev.testnet');
    const c = got!.inspection.receipts[0]!.state.changes[0]!;
    assert.match(c.beforeUnknown ?? '', /too large/);
    assert.equal(c.before, undefined);
    assert.equal(c.kind, 'update');
  });

  it('the session: the record names the signer; a finished transaction (by its hash or a receipt id) is read once', async () => {
    const session = new InspectSession();
    const w = { client: client(), network: 'custom' as const, name: 'stub' };
    const first = await session.read(w, { hash: GREETING });
    assert.equal(first?.record?.signerId, 'lens-demo.testnet');
    const sent = stub.requests.length;
    assert.equal(sent, 1 + 6, 'the record, then tx_status, 2 blocks, 1 protocol config, 2 changes');
    stub.clearRequests();
    assert.equal((await session.read(w, { hash: GREETING }))?.inspection, first?.inspection);
    assert.equal(stub.requests.length, 0);
    // A receipt id: the transactions API names its transaction once, then the alias answers.
    const receiptId = first!.inspection.receipts[0]!.id;
    session.forget();
    await session.read(w, { hash: receiptId });
    stub.clearRequests();
    assert.equal((await session.read(w, { hash: receiptId }))?.inspection.hash, GREETING);
    assert.equal(stub.requests.length, 0);
  });

  it('the session on an RPC-only network: the placeholder signer, else the signer asked; without a way to ask, why', async () => {
    const rpcOnly = new NearClient({ endpoints: { apiUrl: '', rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.rpcUrl }, cache: new TtlCache(), retryBaseMs: 1 });
    const w = { client: rpcOnly, network: 'custom' as const, name: 'local' };
    const got = await new InspectSession().read(w, { hash: FT });
    assert.equal(got?.inspection.signerId, 'alice.lensdev.testnet');
    const params = (stub.requests[0]?.body as { params?: Record<string, unknown> }).params;
    assert.deepEqual(params, { tx_hash: FT, sender_account_id: 'near', wait_until: 'NONE' });
    const UNKNOWN = {
      jsonrpc: '2.0',
      id: 1,
      error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_TRANSACTION', info: {} }, code: -32000, message: 'Server error', data: 'x' },
    };
    stub.fault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN }, times: 1 });
    await assert.rejects(new InspectSession().read(w, { hash: FT }), /give signerId/);
    stub.fault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN }, times: 1 });
    const asked: string[] = [];
    const again = await new InspectSession().read(w, { hash: FT }, { askSigner: async (h) => (asked.push(h), 'alice.lensdev.testnet') });
    assert.deepEqual(asked, [FT]);
    assert.equal(again?.inspection.receipts.length, 4);
  });

  it('an unknown transaction: undefined, one request', async () => {
    const got = await read(client(), 'GRYrbSK2ykRV2ozHmdtCUNbYzVmnj6jafxacLyxcwpch', 'near');
    assert.equal(got, undefined);
    assert.equal(stub.requests.length, 1);
  });
});

// A failing receiver's NEP-330 metadata against the stub: view_account for its code hash, then one view call per code
// hash (a second failure of the same code asks nothing more); no such method, no code, no such account: none, not an
// error; a moment's failure is not remembered.
import { strict as assert } from 'node:assert';
import { clearContractSources, contractSourceOf } from '../../../../src/features/failures/metadata';
import type { Stub } from '../../../support/stub';
import { clientFor, useStub } from '../../../support/fixture';

describe("a failing receiver's NEP-330 metadata", () => {
  let stub: Stub;
  const getStub = useStub();
  before(() => {
    stub = getStub();
  });
  beforeEach(() => clearContractSources());
  const calls = (): string[] =>
    stub.requests
      .filter((r) => r.host === 'rpc')
      .map((r) => {
        const p = (r.body as { params?: Record<string, unknown> }).params ?? {};
        return `${String(p['request_type'])}${p['method_name'] ? ` ${String(p['method_name'])}` : ''} ${String(p['account_id'])}`;
      });

  it("cargo-near's build_info: the contract's folder and the deployed revision; once per code hash", async () => {
    const c = clientFor(stub);
    assert.deepEqual(await contractSourceOf(c, 'game.lensdev.near'), {
      version: '0.3.1',
      link: 'https://github.com/example/lens-games',
      standards: [{ standard: 'nep330', version: '1.2.0' }],
      contractPath: 'contracts/game',
      rev: '4f1c2e9d1b0a8c7e6f5d4c3b2a19081726354453',
    });
    assert.deepEqual(calls(), ['view_account game.lensdev.near', 'call_function contract_source_metadata game.lensdev.near']);
    stub.clearRequests();
    // Another client (another window's) of the same host: the code hash is read again, the metadata is not.
    await contractSourceOf(clientFor(stub), 'game.lensdev.near');
    assert.deepEqual(calls(), ['view_account game.lensdev.near']);
  });

  it('none without the method (MethodNotFound), without code, or without the account: never an error', async () => {
    const c = clientFor(stub);
    assert.equal(await contractSourceOf(c, 'arcade.lensdev.near'), undefined);
    assert.equal(await contractSourceOf(c, 'alice.near'), undefined, 'no code');
    assert.equal(await contractSourceOf(c, 'wrap.near'), undefined, 'no such account on this network');
    assert.deepEqual(calls(), [
      'view_account arcade.lensdev.near',
      'call_function contract_source_metadata arcade.lensdev.near',
      'view_account alice.near',
      'view_account wrap.near',
    ]);
    stub.clearRequests();
    assert.equal(await contractSourceOf(clientFor(stub), 'arcade.lensdev.near'), undefined);
    assert.deepEqual(calls(), ['view_account arcade.lensdev.near'], 'MethodNotFound is remembered for its code hash');
  });

  it('a moment’s failure is none now and asked again next time', async () => {
    stub.fault({ host: 'rpc', match: 'contract_source_metadata', fault: { kind: 'status', status: 503 }, times: 3 });
    assert.equal(await contractSourceOf(clientFor(stub, { retries: 0 }), 'game.lensdev.near'), undefined);
    stub.clearFaults();
    assert.equal((await contractSourceOf(clientFor(stub), 'game.lensdev.near'))?.contractPath, 'contracts/game');
  });
});

// Row 13: a contract's interface from a ~1 MB module with an embedded ABI (core time: wasm exports + zstd/JSON ABI +
// the method list, no network), and a second look-up of the same code hash through the client (no request).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAbi } from '../src/near/contract/abi';
import { contractInterface } from '../src/near/contract/contract';
import { wasmExports } from '../src/near/contract/wasm';
import { NearClient } from '../src/client/client';
import { TtlCache } from '../src/client/cache';
import { clearContractCache, contractDetails } from '../src/client/contracts';
import { buildWasm } from '../scripts/fixtures/make-wasm.mjs';
import type { Stub } from '../test/support/stub';
import { ROOT } from './size';
import { fmtSummary, mb, summarize, timeSync } from './stats';
import type { Row } from './stats';

/** Issue #17's target for the core time of one interface. */
export const INTERFACE_TARGET_MS = 50;

export async function contractRow(stub: Stub): Promise<Row> {
  const exports = ['__contract_abi', ...Array.from({ length: 1999 }, (_, i) => `method_${i}`)];
  const code = buildWasm({ exports, bodyOps: 100, data: new Uint8Array(64 * 1024).fill(7) });
  const abiBytes = new Uint8Array(readFileSync(path.join(ROOT, 'test/fixtures/contracts/abi.zst')));
  const once = (): void => {
    const names = wasmExports(code);
    const abi = decodeAbi(abiBytes);
    if (contractInterface({ codeHash: 'x', exports: names, abi }).methods.length !== abi.functions.length) throw new Error('interface');
  };
  once(); // warm: fzstd loaded, code compiled once
  const s = summarize(Array.from({ length: 30 }, () => timeSync(once)));

  clearContractCache();
  const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
  const client = new NearClient({ endpoints, cache: new TtlCache() });
  const first = await contractDetails(client, 'here.tg');
  stub.clearRequests();
  await contractDetails(new NearClient({ endpoints, cache: new TtlCache() }), 'here.tg', { codeHash: first.codeHash });
  const again = stub.requests.length;

  return {
    id: 13,
    figure: `contract interface, ${mb(code.length)} module + embedded ABI`,
    measured: `${fmtSummary(s, 'ms')}; second look-up of the code hash: ${again} requests`,
    baseline: `${INTERFACE_TARGET_MS} ms (issue #17)`,
    ratio: `${(s.median / INTERFACE_TARGET_MS).toFixed(2)}×`,
    target: `≤ ${INTERFACE_TARGET_MS} ms core time, 0 requests`,
    pass: s.median <= INTERFACE_TARGET_MS && again === 0,
    notes: [
      `core time = WebAssembly.Module exports of ${exports.length} functions + fzstd + JSON of test/fixtures/contracts/abi.zst + the method list; the requests are counted at the loopback stub (here.tg: view_account, view_code, __contract_abi, contract_source_metadata the first time).`,
    ],
  };
}

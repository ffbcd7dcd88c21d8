// Rows 16–17: the comparison a user makes — NEAR Lens's JSON-RPC path against near-api-js's JsonRpcProvider, both
// built with the production flags (bench/peers/), asking the same loopback stub the same question in interleaved
// pairs on warm connections; and each bundle's cold start (a fresh Node process: require + first call).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import type { Stub } from '../test/support/stub';
import { buildBundle, ROOT } from './size';
import { fmtSummary, interleavedPairs, summarize } from './stats';
import type { Row, Summary } from './stats';

interface Peer {
  viewAccount(id: string): Promise<unknown>;
  block(): Promise<unknown>;
}
type Make = (rpcUrl: string) => Peer;

const ACCOUNT = 'alice.near';
/**
 * #31: NEAR Lens's path does what near-api-js's does not (a per-attempt timeout, a capped body, exact integers, retry
 * classification); on loopback that fixed cost reads larger on a faster machine, so this bound guards against
 * regressions. What a user feels is row 24.
 */
const PEER_TARGET = 1.25;

/** One cold start in a fresh process: require the bundle, make the peer, first view_account; milliseconds. */
async function coldStart(bundle: string, rpcUrl: string): Promise<number> {
  const script = `const { performance } = require('node:perf_hooks');
const t0 = performance.now();
const m = require(${JSON.stringify(bundle)});
m.make(${JSON.stringify(rpcUrl)}).viewAccount(${JSON.stringify(ACCOUNT)}).then(() => console.log(performance.now() - t0), (e) => { console.error(e); process.exit(1); });`;
  // Not spawnSync: the stub answers from this process's event loop.
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { encoding: 'utf8', cwd: ROOT });
  const ms = Number(stdout.trim());
  if (!Number.isFinite(ms)) throw new Error(`cold start of ${path.basename(bundle)} printed no time`);
  return ms;
}

export async function peerRows(stub: Stub, reps = 1000, warmup = 300, coldRuns = 15): Promise<Row[]> {
  stub.setLatency(0);
  const lensFile = await buildBundle(path.join(ROOT, 'bench/peers/near-lens-rpc.ts'), 'peer-near-lens');
  const napiFile = await buildBundle(path.join(ROOT, 'bench/baselines/near-api-js-rpc.ts'), 'peer-near-api-js');
  const lens = (require(lensFile) as { make: Make }).make(stub.rpcUrl);
  const napi = (require(napiFile) as { make: Make }).make(stub.rpcUrl);

  const rows: Row[] = [];
  const questions: [id: number, what: string, ask: (p: Peer) => () => Promise<unknown>][] = [
    [16, `query view_account ${ACCOUNT}`, (p) => () => p.viewAccount(ACCOUNT)],
    [17, 'block (finality final)', (p) => () => p.block()],
  ];
  const cold: number[][] = [[], []];
  for (let i = 0; i < coldRuns; i++) {
    // Alternate which goes first, as with the warm pairs.
    const order: [number, string][] =
      i % 2 === 0
        ? [
            [0, lensFile],
            [1, napiFile],
          ]
        : [
            [1, napiFile],
            [0, lensFile],
          ];
    for (const [k, file] of order) cold[k]!.push(await coldStart(file, stub.rpcUrl));
  }
  const [coldLens, coldNapi] = cold.map(summarize) as [Summary, Summary];
  for (const [id, what, ask] of questions) {
    stub.clearRequests();
    const r = await interleavedPairs(ask(lens), ask(napi), reps, warmup);
    rows.push({
      id,
      figure: `peer: one ${what} through NEAR Lens's RPC path (cache bypassed, warm connection)`,
      measured: fmtSummary(r.a, 'ms', 3),
      baseline: `near-api-js 7 JsonRpcProvider, same stub: ${fmtSummary(r.b, 'ms', 3)}`,
      ratio: `${r.ratio.median.toFixed(3)} (per-pair p25–p75 ${r.ratio.p25.toFixed(2)}–${r.ratio.p75.toFixed(2)})`,
      target: `≤ ${PEER_TARGET} (median of paired ratios)`,
      pass: r.ratio.median <= PEER_TARGET,
      notes: [
        `${reps} interleaved pairs after ${warmup} warm-up pairs; stub latency 0 on 127.0.0.1; both built with the production flags (bench/peers/near-lens-rpc.ts, bench/baselines/near-api-js-rpc.ts).`,
        ...(id === 16
          ? [
              `Cold start (fresh process: require + first view_account, n=${coldRuns} each, interleaved): NEAR Lens ${fmtSummary(coldLens, 'ms', 1)}, near-api-js ${fmtSummary(coldNapi, 'ms', 1)} (${(coldLens.median / coldNapi.median).toFixed(2)} ×).`,
            ]
          : []),
      ],
    });
  }
  stub.clearRequests();
  return rows;
}

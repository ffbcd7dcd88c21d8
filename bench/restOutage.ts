// Row 19 (#26): what a hover costs while the REST API is down and the RPC host healthy — requests per hover during a
// ten-minute REST-only outage, against the same hovers on a healthy service. The hover's own requests, as
// src/features/hover/hoverProvider.ts makes them without the editor: the account (full()) and, for an account that
// exists, view_account for its contract line. Time is the client's Date.now, moved by hand (a hover every 5 s over 12
// accounts, so the 30 s cache answers some, as in use); every attempt that leaves the client is counted, retries too.
import { TtlCache } from '../src/client/cache';
import { NearClient } from '../src/client/client';
import { REST_COOLDOWN_MS } from '../src/client/fallback';
import { startStub } from '../test/support/stub';
import type { Stub } from '../test/support/stub';
import type { Row } from './stats';

const IDS = ['alice.near', 'root.near', 'mob.near', 'here.tg', 'poor.near', 'pool.poolv1.near', 'nobody.near', 'locked.near'];
const MINUTES = 10;
const EVERY_MS = 5_000;

async function perHover(stub: Stub, outage: boolean): Promise<{ perHover: number; hovers: number; fromRpc: number; failed: number }> {
  const realNow = Date.now;
  const start = realNow();
  let now = start;
  Date.now = () => now;
  let sent = 0;
  const client = new NearClient({
    endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl },
    cache: new TtlCache(),
    retryBaseMs: 1,
    fetch: (input, init) => {
      sent++;
      return globalThis.fetch(input, init);
    },
  });
  stub.faultBy(outage ? (r) => (r.host === 'api' ? { kind: 'status', status: 503, raw: '' } : undefined) : undefined);
  let hovers = 0;
  let fromRpc = 0;
  let failed = 0;
  try {
    for (let t = 0; t < MINUTES * 60_000; t += EVERY_MS, hovers++) {
      now = start + t;
      const id = IDS[hovers % IDS.length]!;
      try {
        const full = await client.accounts.full(id);
        if (full.source) fromRpc++;
        if (full.state) await client.rpc.viewAccount(id).catch(() => undefined);
      } catch {
        failed++;
      }
    }
  } finally {
    Date.now = realNow;
    stub.faultBy(undefined);
    client.close();
  }
  return { perHover: sent / hovers, hovers, fromRpc, failed };
}

export async function restOutageRow(): Promise<Row> {
  const stub = await startStub();
  try {
    const healthy = await perHover(stub, false);
    const down = await perHover(stub, true);
    const ratio = down.perHover / healthy.perHover;
    return {
      id: 19,
      figure: `hover during a ${MINUTES}-min REST-only outage`,
      measured: `${down.perHover.toFixed(2)} requests per hover (${down.hovers} hovers, ${down.fromRpc} from RPC, ${down.failed} failed)`,
      baseline: `${healthy.perHover.toFixed(2)} per hover, healthy`,
      ratio: `${ratio.toFixed(2)} ×`,
      target: '≤ 2 × (one extra request: the REST failure, then RPC), never a retry storm',
      pass: ratio <= 2 && down.failed === 0,
      notes: [
        `A REST failure (503, with the client's 2 retries) makes the RPC host stand in; for ${REST_COOLDOWN_MS / 1000} s after it, look-ups go to the RPC host alone (one view_account, shared with the contract line), so the retries are paid once per cooldown, not per hover.`,
      ],
    };
  } finally {
    await stub.close();
  }
}

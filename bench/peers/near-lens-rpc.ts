// Bench peer (not shipped): NEAR Lens's JSON-RPC path as the extension bundles it — the client with its cache, ofetch
// transport, timeout, body cap and exact JSON reading — for the peer rows against near-api-js (bench/peer.ts).
import { TtlCache } from '../../src/client/cache';
import { NearClient } from '../../src/client/client';
import { FINAL } from '../../src/client/rpc';

export function make(rpcUrl: string): { viewAccount(id: string): Promise<unknown>; block(): Promise<unknown> } {
  const client = new NearClient({ endpoints: { apiUrl: rpcUrl, rpcUrl, archivalRpcUrl: rpcUrl }, cache: new TtlCache(), fetch: globalThis.fetch });
  return {
    viewAccount: (id) => client.rpc.viewAccount(id, FINAL, { fresh: true }),
    block: () => client.rpc.block(FINAL),
  };
}

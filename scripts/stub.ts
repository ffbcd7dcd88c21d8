// `npm run stub`: the loopback stub service on fixed ports 3030–3034 for trying NEAR Lens by hand. Dev only.
import { startStub } from '../test/support/stub';

async function main(): Promise<void> {
  const port = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
  const stub = await startStub({
    ports: {
      api: port('STUB_API_PORT', 3030),
      rpc: port('STUB_RPC_PORT', 3031),
      archival: port('STUB_ARCHIVAL_PORT', 3032),
      foreign: port('STUB_FOREIGN_PORT', 3033),
      tx: port('STUB_TX_PORT', 3034),
    },
    latencyMs: Number(process.env['STUB_LATENCY_MS'] ?? 0),
  });
  console.log('NEAR Lens stub service (Ctrl+C to stop)');
  console.log(`  REST API      ${stub.apiUrl}        (FastNEAR's REST paths: GET only)`);
  console.log(`  RPC           ${stub.rpcUrl}        (NEAR JSON-RPC: POST)`);
  console.log(`  archival RPC  ${stub.archivalRpcUrl}        (NEAR JSON-RPC: POST)`);
  console.log(`  transactions  ${stub.txApiUrl}        (FastNEAR's transactions API: POST /v0/…)`);
  console.log(`  foreign       ${stub.foreignUrl}        (another origin, for the redirect and key tests; not a setting)`);
  console.log('Use it as:');
  console.log(`  Switch Network… → Local node… → ${stub.rpcUrl}   (RPC only, as a sandbox node)`);
  console.log('  or nearLens.network "custom" with nearLens.customNetwork.apiUrl, .rpcUrl, .archivalRpcUrl and .txApiUrl set to the first four URLs.');
  console.log('Try alice.near, here.tg, nobody.near, history.near (transactions) (alice.test.near on a local node).');
  const stop = (): void => {
    void stub.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

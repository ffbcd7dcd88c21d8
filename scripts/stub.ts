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
  console.log(`  REST API      ${stub.apiUrl}`);
  console.log(`  RPC           ${stub.rpcUrl}`);
  console.log(`  archival RPC  ${stub.archivalRpcUrl}`);
  console.log(`  transactions  ${stub.txApiUrl}`);
  console.log(`  foreign       ${stub.foreignUrl}`);
  console.log('Set nearLens.network to "custom" with these four URLs. Try alice.near, here.tg, nobody.near, and history.near (transactions).');
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

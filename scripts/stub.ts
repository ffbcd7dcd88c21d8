// `npm run stub`: the loopback stub service on fixed ports 3030–3034 for trying NEAR Lens by hand. Dev only.
//   npm run stub                                 serve (STUB_API_PORT … STUB_TX_PORT, STUB_LATENCY_MS change it)
//   npm run stub -- change [ACCOUNT] [--url URL]  make an account of the running stub change (default history.near):
//                                                this one, or `npm start -- --stub`'s (found in .e2e/stub.json)
//   npm run stub -- call CONTRACT METHOD [--fail "MESSAGE"] [--event STANDARD:EVENT [--amount N]] [--signer ID] [--url URL]
//                                                append a call to a contract's transactions (a failure, an event)
import path from 'node:path';
import { startStub } from '../test/support/stub';
import { DEMO_ACCOUNT, describeDemoChange } from '../test/support/stubDemo';
import { describeDemoCall } from '../test/support/stubDemo';
import {
  changeText,
  clearStubState,
  findStubUrl,
  listenForKeys,
  parseCallArgs,
  roundText,
  sendCall,
  sendChange,
  serveStubLines,
  stubStateFile,
  writeStubState,
} from './lib/stub-demo';

const STATE_FILE = stubStateFile(path.resolve(__dirname, '..'));
const USAGE =
  'usage: npm run stub [-- change [ACCOUNT] [--url URL]]\n' +
  '       npm run stub -- call CONTRACT METHOD [--fail "MESSAGE"] [--event STANDARD:EVENT [--amount N]] [--signer ID] [--url URL]';

async function serve(): Promise<void> {
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
    control: true,
  });
  writeStubState(STATE_FILE, stub);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    clearStubState(STATE_FILE);
    void stub.close().then(() => process.exit(0));
  };
  const keys = listenForKeys({
    change: () => console.log(changeText(stub.changeAccount(DEMO_ACCOUNT))),
    call: () => roundText((c) => stub.demoCall(c)).forEach((line) => console.log(line)),
    stop,
  });
  for (const line of serveStubLines(stub, keys)) console.log(line);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function change(args: string[]): Promise<void> {
  let url: string | undefined;
  const ids: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--url') url = args[++i];
    else if (a.startsWith('-')) throw new Error(`unknown option ${a} (${USAGE})`);
    else ids.push(a);
  }
  const to = findStubUrl({ url, env: process.env, stateFile: STATE_FILE });
  for (const id of ids.length > 0 ? ids : [DEMO_ACCOUNT]) {
    const c = await sendChange(to.url, id);
    console.log(`changed ${describeDemoChange(c)}`);
  }
  console.log(`(the stub at ${to.url}, from ${to.from}) Refresh the watchlist to see what changed.`);
}

async function call(args: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseCallArgs(args);
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`, { cause: e });
  }
  const to = findStubUrl({ url: parsed.url, env: process.env, stateFile: STATE_FILE });
  const done = await sendCall(to.url, parsed.call);
  console.log(`called ${describeDemoCall(done)}`);
  console.log(`(the stub at ${to.url}, from ${to.from}) Refresh the watchlist to see it on a watched ${parsed.call.contract}.`);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === undefined) return serve();
  if (command === 'change') return change(rest);
  if (command === 'call') return call(rest);
  if (command === '--help' || command === '-h') return void console.log(USAGE);
  throw new Error(`unknown command ${command} (${USAGE})`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

// The demo stub as a person meets it in a terminal (`npm run stub`, `npm start -- --stub`): what each URL is, how to
// make a watched account change and a watched contract act, and how `npm run stub -- change <id>` and
// `npm run stub -- call <contract> <method>` find the running stub (.e2e/stub.json, which the running stub writes;
// `--url` or NEAR_LENS_STUB_URL name another). Node built-ins and the stub's pure demo only.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEMO_ACCOUNT,
  DEMO_ACTIVITY_SETTING,
  DEMO_CONTRACT,
  DEMO_ROUND,
  demoCallProblem,
  describeDemoCall,
  describeDemoChange,
  STUB_CALL_ROUTE,
  STUB_CHANGE_ROUTE,
} from '../../test/support/stubDemo';
import type { DemoCall, DemoCallDone, DemoChange } from '../../test/support/stubDemo';

export { DEMO_ACCOUNT, DEMO_ACTIVITY_SETTING, DEMO_CONTRACT, DEMO_ROUND };

export interface StubUrlSet {
  apiUrl: string;
  rpcUrl: string;
  archivalRpcUrl: string;
  txApiUrl: string;
  /** The tests' second origin (no setting of NEAR Lens). */
  foreignUrl?: string;
}

/** Each URL on a line: what it is, then where it goes in NEAR Lens; the tests' second origin only if asked. Pure. */
export function stubUrlLines(urls: StubUrlSet, o: { foreign?: boolean; indent?: string } = {}): string[] {
  const indent = o.indent ?? '  ';
  const rows: Array<[string, string, string]> = [
    ['REST API', urls.apiUrl, "FastNEAR's REST paths (GET) · nearLens.customNetwork.apiUrl"],
    ['JSON-RPC', urls.rpcUrl, 'NEAR JSON-RPC (POST) · nearLens.customNetwork.rpcUrl · Switch Network… → Local node… → this one'],
    ['archival RPC', urls.archivalRpcUrl, 'JSON-RPC with every old block (History) · nearLens.customNetwork.archivalRpcUrl'],
    ['transactions API', urls.txApiUrl, "FastNEAR's transactions API (an account's transactions) · nearLens.customNetwork.txApiUrl"],
  ];
  if (o.foreign && urls.foreignUrl) rows.push(['second origin', urls.foreignUrl, "for the tests' redirects and key checks · not a setting"]);
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const urlWidth = Math.max(...rows.map(([, url]) => url.length));
  return rows.map(([label, url, what]) => `${indent}${label.padEnd(labelWidth)}  ${url.padEnd(urlWidth)}  ${what}`);
}

/** How to make a watched demo account change; `keyPress` when this terminal reads the c key. Pure. */
export function demoChangeLines(keyPress: boolean, indent = '  '): string[] {
  const command = `\`npm run stub -- change ${DEMO_ACCOUNT}\``;
  return [
    `${indent}watch ${DEMO_ACCOUNT} (NEAR Lens side bar → Add Account…), then ${keyPress ? `press c here or run ${command}` : `run ${command}`}`,
    `${indent}and Refresh the watchlist: +2 NEAR and a new full-access key (with its alert), again at each change`,
  ];
}

/** How to make the demo's contract act; `keyPress` when this terminal reads the g key. Pure. */
export function demoCallLines(keyPress: boolean, indent = '  '): string[] {
  const command = `\`npm run stub -- call ${DEMO_CONTRACT} claim --fail "<message>"\``;
  return [
    `${indent}watch ${DEMO_CONTRACT} (contracts/game of this workspace), then ${keyPress ? `press g here or run ${command}` : `run ${command}`}`,
    `${indent}(--event <standard:event> --amount N for an event) and Refresh: a failed claim at contracts/game/src/lib.rs:29, a`,
    `${indent}watched method and an event in its Changes node, each with its alert`,
  ];
}

const HISTORY = `${DEMO_ACCOUNT} has 47 transactions`;

/** What `npm start -- --stub` prints about its demo service, under the workbench's URL. Pure. */
export function startStubLines(urls: StubUrlSet, keyPress: boolean): string[] {
  const { apiUrl, rpcUrl, archivalRpcUrl, txApiUrl } = urls;
  return [
    '  network: custom: the offline demo service on random free ports, all four in the user settings',
    ...stubUrlLines({ apiUrl, rpcUrl, archivalRpcUrl, txApiUrl }, { indent: '    ' }),
    `  try:     hover alice.near, here.tg or nobody.near in sample.ts, a hash in transactions.md; ${HISTORY}`,
    '  change:  a watched account, from outside the editor:',
    ...demoChangeLines(keyPress, '    '),
    '  act:     a watched contract (the demo settings read its failed calls, settle_all and lens_game events):',
    ...demoCallLines(keyPress, '    '),
  ];
}

/** What `npm run stub` prints: its URLs (the tests' second origin too, since it takes a port), how to use them. Pure. */
export function serveStubLines(urls: StubUrlSet, keyPress: boolean): string[] {
  return [
    `NEAR Lens demo service, offline on this machine (${keyPress ? 'q or ' : ''}Ctrl+C to stop)`,
    ...stubUrlLines(urls, { foreign: true }),
    'Use it in NEAR Lens as',
    `  a local node: Switch Network… → Local node… → ${urls.rpcUrl} (RPC only, as near-sandbox; try alice.test.near), or`,
    '  the custom network: nearLens.network "custom" and the four nearLens.customNetwork.* settings above (user settings).',
    `Try alice.near, here.tg or nobody.near; ${HISTORY}.`,
    'Make a watched account change:',
    ...demoChangeLines(keyPress),
    `Make a watched contract act (with nearLens.watchlistActivity ${JSON.stringify(DEMO_ACTIVITY_SETTING)}):`,
    ...demoCallLines(keyPress),
  ];
}

/** Where the running demo stub says where it is. */
export function stubStateFile(root: string): string {
  return path.join(root, '.e2e', 'stub.json');
}

interface StubState extends StubUrlSet {
  pid: number;
}

export function writeStubState(file: string, urls: StubUrlSet): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const { apiUrl, rpcUrl, archivalRpcUrl, txApiUrl } = urls;
  const state: StubState = { pid: process.pid, apiUrl, rpcUrl, archivalRpcUrl, txApiUrl };
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

/** Removes the state file if this process wrote it (another stub started since keeps its own). */
export function clearStubState(file: string): void {
  if (readStubState(file)?.pid === process.pid) rmSync(file, { force: true });
}

function readStubState(file: string): StubState | undefined {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<StubState>;
    return typeof s.pid === 'number' && typeof s.apiUrl === 'string' ? (s as StubState) : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The stub to send a change to: `--url`, else NEAR_LENS_STUB_URL, else the running stub's state file, else
 * `npm run stub`'s fixed REST port.
 */
export function findStubUrl(o: { url?: string; env: NodeJS.ProcessEnv; stateFile: string }): { url: string; from: string } {
  if (o.url) return { url: o.url, from: '--url' };
  const fromEnv = o.env['NEAR_LENS_STUB_URL'];
  if (fromEnv) return { url: fromEnv, from: 'NEAR_LENS_STUB_URL' };
  const state = readStubState(o.stateFile);
  if (state && alive(state.pid)) return { url: state.apiUrl, from: path.join(path.basename(path.dirname(o.stateFile)), path.basename(o.stateFile)) };
  return { url: `http://127.0.0.1:${o.env['STUB_API_PORT'] ?? 3030}`, from: "`npm run stub`'s port" };
}

/** Asks the running stub to change `accountId`; throws a sentence a person can act on. */
export async function sendChange(url: string, accountId: string): Promise<DemoChange> {
  let res: Response;
  try {
    res = await fetch(`${url.replace(/\/+$/, '')}${STUB_CHANGE_ROUTE}${encodeURIComponent(accountId)}`, { method: 'POST' });
  } catch {
    throw new Error(`no demo stub answers at ${url}: start one with \`npm start -- --stub\` or \`npm run stub\``);
  }
  const body = (await res.json().catch(() => ({}))) as DemoChange & { error?: string };
  if (!res.ok) throw new Error(`the stub at ${url} answered ${res.status}${body.error ? `: ${body.error}` : ''}`);
  return body;
}

/**
 * `npm run stub -- call`'s words: the contract, the method, then --fail "<message>" (a `\n` in it is a line break, as a
 * Rust panic prints one), --event <standard:event>, --amount N, --signer <id>, --url <url>. Throws why they are not a
 * call. Pure.
 */
export function parseCallArgs(args: string[]): { call: DemoCall; url?: string } {
  const words: string[] = [];
  const call: Partial<DemoCall> = {};
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--fail') call.fail = value().replace(/\\n/g, '\n');
    else if (a === '--event') call.event = value();
    else if (a === '--amount') call.amount = value();
    else if (a === '--signer') call.signer = value();
    else if (a === '--url') url = value();
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else words.push(a);
  }
  if (words.length !== 2) throw new Error(`a call names a contract and a method (given: ${words.length === 0 ? 'none' : words.join(' ')})`);
  const [contract, method] = words as [string, string];
  const full = { contract, method, ...call };
  const problem = demoCallProblem(full);
  if (problem) throw new Error(problem);
  return { call: full, ...(url !== undefined && { url }) };
}

/** Asks the running stub to make `call`; throws a sentence a person can act on. */
export async function sendCall(url: string, call: DemoCall): Promise<DemoCallDone> {
  let res: Response;
  try {
    res = await fetch(`${url.replace(/\/+$/, '')}${STUB_CALL_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
  } catch {
    throw new Error(`no demo stub answers at ${url}: start one with \`npm start -- --stub\` or \`npm run stub\``);
  }
  const body = (await res.json().catch(() => ({}))) as DemoCallDone & { error?: string };
  if (!res.ok) throw new Error(`the stub at ${url} answered ${res.status}${body.error ? `: ${body.error}` : ''}`);
  return body;
}

/** The g key's calls, said in the terminal: each call's line, or why the stub refused it. */
export function roundText(make: (call: DemoCall) => DemoCallDone): string[] {
  return DEMO_ROUND.map((call) => {
    try {
      return `called ${describeDemoCall(make(call))}`;
    } catch (e) {
      return `the stub refused ${call.contract} ${call.method}: ${e instanceof Error ? e.message : String(e)}`;
    }
  });
}

/**
 * The terminal's keys while a demo stub runs: c changes the demo account, g makes the demo's contract act, q or
 * Ctrl+C stops. Raw mode takes Ctrl+C from the terminal's signal, so it stops here. Returns false when stdin is not a
 * terminal (no keys).
 */
export function listenForKeys(o: { change: () => void; call?: () => void; stop: () => void }): boolean {
  const stdin = process.stdin;
  if (!stdin.isTTY) return false;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('data', (key: string) => {
    if (key === 'c' || key === 'C') o.change();
    else if (key === 'g' || key === 'G') o.call?.();
    else if (key === 'q' || key === '\u0003') {
      stdin.setRawMode(false);
      stdin.pause();
      o.stop();
    }
  });
  stdin.resume();
  return true;
}

/** The c key's change, said in the terminal. */
export function changeText(change: DemoChange | undefined, accountId = DEMO_ACCOUNT): string {
  return change ? `changed ${describeDemoChange(change)}` : `the stub holds no ${accountId} to change`;
}

// In-editor test side of the stub: its URLs (from the environment the runner passed to the extension host) and
// the control channel (requests seen, faults, latency). Uses the host's global fetch; must not import vscode.
import type { ChangingAccount, CorsMode, FaultRule, RecordedRequest } from '../../support/stub';
import type { ActivityCall } from '../../support/stubActivity';
import type { DemoChange } from '../../support/stubDemo';
import type { WireFaultRule } from './stubControl';

export interface StubUrls {
  apiUrl: string;
  rpcUrl: string;
  archivalRpcUrl: string;
  txApiUrl: string;
  foreignUrl: string;
  controlUrl: string;
}

/** The web run's stand-in for the environment (a Web Worker has no `process`): set from the runner's settings file. */
const given: Record<string, string> = {};
export function setStubEnv(env: Record<string, string>): void {
  Object.assign(given, env);
}

function env(name: string): string {
  const v = given[name] ?? (typeof process === 'undefined' ? undefined : process.env[name]);
  if (!v) throw new Error(`${name} is not set: run the in-editor tests through test/integration/runTest.ts`);
  return v;
}

/** A variable the runner passed (NEAR_LENS_TEST_HOST, NEAR_LENS_TEST_SUITE …). */
export const stubEnvValue = (name: string): string => env(name);

export function stubUrls(): StubUrls {
  return {
    apiUrl: env('NEAR_LENS_STUB_API'),
    rpcUrl: env('NEAR_LENS_STUB_RPC'),
    archivalRpcUrl: env('NEAR_LENS_STUB_ARCHIVAL'),
    txApiUrl: env('NEAR_LENS_STUB_TX'),
    foreignUrl: env('NEAR_LENS_STUB_FOREIGN'),
    controlUrl: env('NEAR_LENS_STUB_CONTROL'),
  };
}

async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stubUrls().controlUrl}${route}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`stub control ${route}: ${data.error ?? res.status}`);
  return data;
}

/** Every request the stub has recorded since the last clear (all four hosts). */
export function stubRequests(): Promise<RecordedRequest[]> {
  return call<RecordedRequest[]>('GET', '/requests');
}

export async function clearStubRequests(): Promise<void> {
  await call('POST', '/clear-requests');
}

/** Adds a fault rule; a RegExp `match` is sent as source + flags. */
export async function stubFault(rule: FaultRule): Promise<void> {
  const { match, ...rest } = rule;
  const wire: WireFaultRule =
    match instanceof RegExp ? { ...rest, match: { regex: match.source, flags: match.flags } } : { ...rest, ...(match === undefined ? {} : { match }) };
  await call('POST', '/fault', wire);
}

export async function clearStubFaults(): Promise<void> {
  await call('POST', '/clear-faults');
}

/** How the stub answers a browser: see Stub.setCors. resetStub() goes back to 'allow'. */
export async function setStubCors(mode: CorsMode): Promise<void> {
  await call('POST', '/cors', { mode });
}

export async function setStubLatency(ms: number): Promise<void> {
  await call('POST', '/latency', { ms });
}

/** Clears requests and faults and sets latency to 0: call it in a beforeEach. */
export async function resetStub(): Promise<void> {
  await call('POST', '/reset');
}

/** RPC-only mode: the stub's REST paths answer 404 (a local node has no REST API). */
export async function setStubRpcOnly(on: boolean): Promise<void> {
  await call('POST', '/rpc-only', { on });
}

/** #34: an account whose state changes between reads (its /full, view_account and access keys answer `state`). */
export async function setChangingAccount(id: string, state: ChangingAccount): Promise<void> {
  await call('POST', '/changing-account', { id, state });
}

/** The demo stub's change of an account (+2 NEAR, a new full-access key and its storage), as `npm run stub -- change` makes it. */
export function demoChange(id: string): Promise<DemoChange> {
  return call<DemoChange>('POST', '/demo-change', { id });
}

/** A call to a contract appended to the stub's transactions history (Stub.appendCall); resolves with its hash. */
export async function appendStubCall(made: ActivityCall): Promise<string> {
  return (await call<{ hash: string }>('POST', '/append-call', made)).hash;
}

/** Many calls appended at once (Stub.appendCalls), each in its own block; resolves with their hashes. */
export async function appendStubCalls(calls: readonly ActivityCall[]): Promise<string[]> {
  return (await call<{ hashes: string[] }>('POST', '/append-calls', { calls })).hashes;
}

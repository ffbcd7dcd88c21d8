// The shared set-up of tests that talk to the loopback stub: one stub per suite (faults, requests and latency reset
// after every test), a client on it, and the error-kind assertion. Plain mocha hooks; no vscode.
import { strict as assert } from 'node:assert';
import { NearLensError } from '../../src/base/errors';
import type { ErrorKind } from '../../src/base/errors';
import { TtlCache } from '../../src/client/cache';
import { NearClient } from '../../src/client/client';
import type { ClientOptions } from '../../src/client/client';
import { startStub } from './stub';
import type { Stub } from './stub';

/** Starts a stub before the suite, resets it after every test and closes it after the suite; returns a getter. */
export function useStub(): () => Stub {
  let stub: Stub | undefined;
  before(async () => {
    stub = await startStub();
  });
  after(async () => {
    await stub?.close();
  });
  afterEach(() => {
    stub?.clearFaults();
    stub?.clearRequests();
    stub?.setLatency(0);
  });
  return () => {
    if (!stub) throw new Error('the stub starts in the suite’s before hook');
    return stub;
  };
}

/**
 * A client on the stub's four hosts with a fresh cache, fast backoff and a 2 s timeout, unless `o` says otherwise.
 * No REST → RPC fallback by default: these suites test how REST failures read (rpcAccount.test.ts tests the fallback).
 */
export function clientFor(stub: Stub, o: Partial<ClientOptions> = {}): NearClient {
  return new NearClient({
    endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl },
    retryBaseMs: 1,
    timeoutMs: 2000,
    cache: new TtlCache(),
    restFallback: false,
    ...o,
  });
}

/** assert.rejects' check: a NearLensError of this kind (then `check`). */
export function isKind(kind: ErrorKind, check?: (e: NearLensError) => void): (e: unknown) => boolean {
  return (e: unknown) => {
    assert.ok(NearLensError.is(e), `expected a NearLensError, got ${String(e)}`);
    assert.equal(e.kind, kind, `kind ${e.kind}: ${e.message}`);
    check?.(e);
    return true;
  };
}

/** assert.throws' check for a synchronous call: a NearLensError whose message matches `re` (and of `kind`). */
export function throwsNl(f: () => unknown, re: RegExp, kind?: string): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(NearLensError.is(e), `not a NearLensError: ${String(e)}`);
    assert.match(e.message, re);
    if (kind) assert.equal(e.kind, kind);
    return true;
  });
}

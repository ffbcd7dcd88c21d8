// A tiny loopback HTTP control channel over a running stub, so in-editor tests (in the extension host, another
// process) can read the requests the stub saw and inject faults. Server side only: node:http + the stub's types; no vscode.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChangingAccount, CorsMode, FaultRule, Stub } from '../../support/stub';
import type { ActivityCall } from '../../support/stubActivity';

/** A FaultRule as it crosses the wire: a RegExp `match` travels as `{ regex, flags }`. */
export type WireFaultRule = Omit<FaultRule, 'match'> & { match?: string | { regex: string; flags?: string } };

export interface StubControl {
  url: string;
  close(): Promise<void>;
}

/** The environment variables the runner hands to the extension host. */
export function stubEnv(stub: Stub, control: StubControl): Record<string, string> {
  return {
    NEAR_LENS_STUB_API: stub.apiUrl,
    NEAR_LENS_STUB_RPC: stub.rpcUrl,
    NEAR_LENS_STUB_ARCHIVAL: stub.archivalRpcUrl,
    NEAR_LENS_STUB_FOREIGN: stub.foreignUrl,
    NEAR_LENS_STUB_TX: stub.txApiUrl,
    NEAR_LENS_STUB_CONTROL: control.url,
  };
}

export function serveStubControl(stub: Stub): Promise<StubControl> {
  const server = http.createServer((req, res) => {
    // The web run's tests call it from the browser's Web Worker extension host: a cross-origin page.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body ?? null));
      };
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        const body: unknown = text ? JSON.parse(text) : undefined;
        const route = `${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]}`;
        switch (route) {
          case 'GET /requests':
            return send(200, stub.requests);
          case 'POST /clear-requests':
            stub.clearRequests();
            return send(200, { ok: true });
          case 'POST /fault':
            stub.fault(fromWire(body as WireFaultRule));
            return send(200, { ok: true });
          case 'POST /clear-faults':
            stub.clearFaults();
            return send(200, { ok: true });
          case 'POST /latency':
            stub.setLatency(Number((body as { ms?: unknown } | undefined)?.ms ?? 0));
            return send(200, { ok: true });
          case 'POST /rpc-only':
            stub.setRpcOnly((body as { on?: unknown } | undefined)?.on === true);
            return send(200, { ok: true });
          case 'POST /changing-account': {
            const b = body as { id: string; state: ChangingAccount };
            stub.putChangingAccount(b.id, b.state);
            return send(200, { ok: true });
          }
          case 'POST /demo-change': {
            // The demo's change (`npm run stub -- change <id>` posts the same to a demo stub's own route).
            const change = stub.changeAccount(String((body as { id?: unknown } | undefined)?.id ?? ''));
            return change ? send(200, change) : send(404, { error: 'the stub holds no such account it can change' });
          }
          case 'POST /append-call':
            return send(200, { hash: stub.appendCall(body as ActivityCall) });
          case 'POST /append-calls':
            return send(200, { hashes: stub.appendCalls((body as { calls: ActivityCall[] }).calls) });
          case 'POST /cors':
            stub.setCors(String((body as { mode?: unknown } | undefined)?.mode ?? 'allow') as CorsMode);
            return send(200, { ok: true });
          case 'POST /reset':
            stub.setRpcOnly(false);
            stub.clearRequests();
            stub.clearFaults();
            stub.resetChain();
            stub.setLatency(0);
            stub.setCors('allow');
            return send(200, { ok: true });
          default:
            return send(404, { error: `no route ${route}` });
        }
      } catch (e) {
        return send(400, { error: e instanceof Error ? e.message : String(e) });
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function fromWire(rule: WireFaultRule): FaultRule {
  const { match, ...rest } = rule;
  if (match === undefined || typeof match === 'string') return { ...rest, ...(match === undefined ? {} : { match }) };
  return { ...rest, match: new RegExp(match.regex, match.flags) };
}

// Hardening, "the key never leaks": a full sequence of operations (every client call, hovers, tree refreshes and
// expansions, panel renders, every fault) with a recognisable key, in both transports. Everything that leaves the
// core is captured — the URLs, headers and bodies the stub saw, the client's log hook, the features' log lines,
// error messages, hover markdown, tree items, panel messages and HTML — and searched for the key.
import { strict as assert } from 'node:assert';
import { TtlCache } from '../../../src/client/cache';
import { NearClient } from '../../../src/client/client';
import type { Transport } from '../../../src/client/client';
import { NearLensError } from '../../../src/base/errors';
import { classify } from '../../../src/near/ids';
import { startStub, STUB_OLD_BLOCK_HASH } from '../../support/stub';
import type { Fault, RecordedRequest, Stub } from '../../support/stub';
import {
  CANARY,
  canaryForms,
  endpointsOf,
  formatTable,
  loadFeatures,
  makeServices,
  PanelSurface,
  settle,
  trackUnhandledRejections,
  TreeSurface,
} from './harness';
import type { Features, TestServices } from './harness';

const ROOT_KEY = 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
const SECRET = `ed25519:${'3'.repeat(87)}`;

/** Faults of the matrix plus bodies that echo the key back (a proxy reflecting the request). */
function faults(stub: Stub): Array<[string, 'api' | 'rpc', Fault]> {
  const echo = `bad key ${CANARY}; Authorization: Bearer ${CANARY}; url ${stub.apiUrl}/v1/account/alice.near/full?apiKey=${encodeURIComponent(CANARY)}`;
  const list: Array<[string, Fault]> = [
    ['400', { kind: 'status', status: 400 }],
    ['401', { kind: 'status', status: 401, body: { error: 'unauthorized' } }],
    ['402', { kind: 'status', status: 402 }],
    ['403', { kind: 'status', status: 403, body: { error: 'origin_not_allowed' } }],
    ['404', { kind: 'status', status: 404, raw: '' }],
    ['422', { kind: 'status', status: 422, body: { error: echo } }],
    ['429+RA', { kind: 'status', status: 429, headers: { 'retry-after': '9' } }],
    ['429', { kind: 'status', status: 429 }],
    ['500 echo', { kind: 'status', status: 500, body: { error: echo } }],
    ['400 echo', { kind: 'status', status: 400, body: echo }],
    ['502', { kind: 'html', status: 502 }],
    ['503 echo', { kind: 'status', status: 503, body: { message: echo } }],
    ['hang', { kind: 'hang' }],
    ['reset', { kind: 'reset' }],
    ['reset mid-body', { kind: 'reset-mid-body' }],
    ['html', { kind: 'html' }],
    ['truncated', { kind: 'truncated' }],
    ['wrong types', { kind: 'wrong-shape', body: { account_id: 'alice.near', state: { balance: 1, locked: '0', storage_bytes: 1 } } }],
    ['huge', { kind: 'huge', bytes: 2 * 1024 * 1024, contentLength: true }],
    ['redirect foreign', { kind: 'redirect', to: 'foreign' }],
    ['redirect foreign 307', { kind: 'redirect', to: 'foreign', status: 307 }],
    ['redirect same', { kind: 'redirect', to: 'same' }],
    [
      'rpc error echo',
      {
        kind: 'wrong-shape',
        body: {
          jsonrpc: '2.0',
          id: 1,
          error: { name: 'HANDLER_ERROR', cause: { name: 'SOMETHING', info: { requested_account_id: CANARY } }, code: -32000, message: echo, data: echo },
        },
      },
    ],
    ['call_function error echo', { kind: 'wrong-shape', body: { jsonrpc: '2.0', id: 1, result: { error: echo, logs: [], block_height: 1, block_hash: 'h' } } }],
  ];
  return list.flatMap(([n, f]) => [[n, 'api', f] as [string, 'api', Fault], [n, 'rpc', f] as [string, 'rpc', Fault]]);
}

interface Capture {
  texts: Array<[string, string]>; // [where, text]
}

describe('hardening: the API key never leaks', function () {
  this.timeout(30_000);
  let stub: Stub;
  let f: Features;
  const rejections = trackUnhandledRejections();
  const summary: string[][] = [];

  before(async () => {
    f = loadFeatures();
    stub = await startStub();
  });
  after(async () => {
    await stub.close();
    rejections.stop();
    console.log(
      `\n      Key-leak scan (key ${CANARY.slice(0, 16)}…)\n${formatTable(['transport', 'requests', 'key in Authorization', 'key in query', 'key elsewhere (stub)', 'foreign requests', 'texts scanned', 'key in texts'], summary, 40).replace(/^/gm, '      ')}\n`,
    );
  });

  async function attempt(cap: Capture, where: string, p: Promise<unknown>): Promise<void> {
    try {
      const v = await p;
      // Amounts are bigint, which JSON.stringify refuses: scan them as their decimal digits.
      cap.texts.push([`${where} → value`, JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x)) ?? '']);
    } catch (e) {
      assert.ok(NearLensError.is(e), `${where}: not a NearLensError: ${String(e)}`);
      cap.texts.push([`${where} → error`, `${e.message} ${JSON.stringify(e)}`]);
    }
  }

  async function everyClientCall(c: NearClient, cap: Capture, tag: string): Promise<void> {
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['full', () => c.accounts.full('alice.near', { fresh: true })],
      ['full unknown', () => c.accounts.full('nobody.near', { fresh: true })],
      ['ft', () => c.accounts.ft('alice.near', { fresh: true })],
      ['nft', () => c.accounts.nft('alice.near', { fresh: true })],
      ['staking', () => c.accounts.staking('mob.near', { fresh: true })],
      ['publicKey', () => c.accounts.publicKey(ROOT_KEY, { fresh: true })],
      ['publicKeyAll', () => c.accounts.publicKeyAll(ROOT_KEY, { fresh: true })],
      ['status', () => c.accounts.status({ fresh: true })],
      ['block final', () => c.rpc.block({ finality: 'final' })],
      ['block 1 (archival fallback)', () => c.rpc.block({ blockId: 1 }, { fresh: true })],
      ['viewAccount', () => c.rpc.viewAccount('alice.near', undefined, { fresh: true })],
      ['viewAccount old hash', () => c.rpc.viewAccount('alice.near', { blockId: STUB_OLD_BLOCK_HASH }, { fresh: true })],
      ['viewAccessKeyList', () => c.rpc.viewAccessKeyList('alice.near', undefined, { fresh: true })],
      ['callFunction', () => c.rpc.callFunction('meta-pool.near', 'ft_balance_of', { account_id: 'alice.near' })],
      ['ftMetadata', () => c.rpc.ftMetadata('usdt.tether-token.near', { fresh: true })],
      ['stakedBalance', () => c.rpc.stakedBalance('zavodil.poolv1.near', 'alice.near', { fresh: true })],
      ['unstakedBalance', () => c.rpc.unstakedBalance('zavodil.poolv1.near', 'alice.near', { fresh: true })],
      ['rpc status', () => c.rpc.request('status', [])],
      ['rpc archival block', () => c.rpc.request('block', { block_id: 1 }, 'archival')],
      ['rpc send_tx (refused)', () => c.rpc.request('send_tx', { signed_tx_base64: 'AA==' })],
      ['full secret (refused)', () => c.accounts.full(SECRET)],
      ['publicKey secret (refused)', () => c.accounts.publicKey(SECRET)],
    ];
    for (const [name, call] of calls) await attempt(cap, `${tag} ${name}`, call());
  }

  async function surfaces(services: TestServices, cap: Capture, tag: string): Promise<void> {
    const hover = new f.hover.NearHoverProvider(services);
    for (const text of ['alice.near', ROOT_KEY, SECRET, 'nobody.near']) {
      services.client.accounts.invalidate();
      const s = await hover.sections(classify(text));
      cap.texts.push([`${tag} hover ${text.slice(0, 12)}`, (s ?? []).join('\n')]);
    }
    const tree = new TreeSurface(f, services);
    await tree.show();
    await tree.expand('alice.near', 'Fungible', 'Contract', 'Staking pools');
    await tree.provider.refresh('alice.near');
    for (const it of tree.items()) cap.texts.push([`${tag} tree`, JSON.stringify(it)]);
    const panel = new PanelSurface(f, services, 'alice.near');
    await panel.ready();
    await panel.refresh();
    await panel.repaint();
    cap.texts.push([`${tag} panel posts`, JSON.stringify(panel.posted)], [`${tag} panel html`, panel.fake.webview.htmls.join('\n')]);
  }

  for (const transport of ['bearer', 'query'] as Transport[]) {
    it(`${transport}: the key travels only ${transport === 'bearer' ? 'in Authorization: Bearer' : 'in the apiKey= query'} to the configured origins, and nowhere else`, async () => {
      stub.clearRequests();
      const cap: Capture = { texts: [] };
      const services = makeServices(stub, {
        watchlist: ['alice.near', 'mob.near', 'nobody.near'],
        client: { apiKey: CANARY, transport, retries: 1, timeoutMs: 150, maxRetryAfterMs: 500 },
        settings: { transport },
      });
      let c = services.client;

      // Everything working.
      await everyClientCall(c, cap, 'ok');
      await surfaces(services, cap, 'ok');

      // Every fault, on the REST host and on the RPC hosts.
      for (const [name, host, fault] of faults(stub)) {
        stub.clearFaults();
        stub.fault({ host, fault });
        if (host === 'rpc') stub.fault({ host: 'archival', fault });
        const tag = `${name}@${host}`;
        await attempt(cap, `${tag} full`, c.accounts.full('alice.near', { fresh: true }));
        await attempt(cap, `${tag} stakedBalance`, c.rpc.stakedBalance('zavodil.poolv1.near', 'alice.near', { fresh: true }));
        if (name === 'hang') continue; // (slow: one call per host is enough)
        await attempt(cap, `${tag} publicKey`, c.accounts.publicKey(ROOT_KEY, { fresh: true }));
        await attempt(cap, `${tag} viewAccount`, c.rpc.viewAccount('alice.near', { blockId: 1 }, { fresh: true }));
        await attempt(cap, `${tag} rpc`, c.rpc.request('block', { finality: 'final' }));
        if (['500 echo', '401', 'redirect foreign', 'rpc error echo'].includes(name)) await surfaces(services, cap, tag);
        // A 429 with Retry-After holds every request to its origin for 9 s (they fail fast, sending nothing): a new
        // client, as after a settings change, lets the faults after it reach the wire.
        if (name === '429+RA' && host === 'rpc') c = services.renewClient();
      }
      stub.clearFaults();
      await settle(50);

      // ---- at the stub
      const configured = new Set(['api', 'rpc', 'archival']);
      let inAuth = 0;
      let inQuery = 0;
      let elsewhere = 0;
      const forms = canaryForms();
      const has = (s: string): boolean => forms.some((k) => s.includes(k));
      for (const r of stub.requests) {
        assert.ok(configured.has(r.host), `a request reached ${r.host}: ${r.method} ${r.url}`);
        const { authorization, ...otherHeaders } = r.headers;
        const queryKey = r.query['apiKey'];
        const { apiKey: _q, ...otherQuery } = r.query;
        if (transport === 'bearer') {
          assert.equal(authorization, `Bearer ${CANARY}`, `${r.host} ${r.url}: Authorization`);
          inAuth++;
          assert.equal(queryKey, undefined, `${r.url}: apiKey= in bearer mode`);
          assert.ok(!has(r.url), `key in URL ${r.url}`);
        } else {
          assert.equal(authorization, undefined, `${r.url}: Authorization in query mode`);
          assert.equal(queryKey, CANARY, `${r.host} ${r.url}: apiKey=`);
          inQuery++;
          assert.ok(!has(r.path), `key in path ${r.path}`);
        }
        for (const [where, text] of [
          ['headers', JSON.stringify(otherHeaders)],
          ['query', JSON.stringify(otherQuery)],
          ['path', r.path],
          ['body', JSON.stringify(r.body ?? '')],
        ] as const) {
          if (has(text)) {
            elsewhere++;
            assert.fail(`key in ${where} of ${r.host} ${r.method} ${r.path}: ${text.slice(0, 200)}`);
          }
        }
      }
      const foreign = stub.requests.filter((r: RecordedRequest) => r.host === 'foreign').length;
      assert.equal(foreign, 0, 'nothing was sent to the foreign origin, even after a redirect');
      assert.ok(stub.requests.length > 200, `a full sequence ran (${stub.requests.length} requests)`);

      // ---- everything that left the core
      cap.texts.push(...services.lines.map((l): [string, string] => ['log', l]));
      cap.texts.push(...services.requestLog.map((e): [string, string] => ['client log hook', JSON.stringify(e)]));
      let leaks = 0;
      for (const [where, text] of cap.texts) {
        if (has(text)) {
          leaks++;
          assert.fail(`key in ${where}: ${text.slice(0, 300)}`);
        }
      }
      // Query mode: the logged URLs show the parameter masked, never dropped silently.
      if (transport === 'query')
        assert.ok(
          services.requestLog.every((e) => /apiKey=\*\*\*/.test(e.url)),
          'query URLs are logged with apiKey=***',
        );
      assert.ok(
        cap.texts.some(([, t]) => t.includes('***')),
        'echoed keys were masked',
      );
      await settle();
      assert.deepEqual(rejections.list, []);
      summary.push([
        transport,
        String(stub.requests.length),
        String(inAuth),
        String(inQuery),
        String(elsewhere),
        String(foreign),
        String(cap.texts.length),
        String(leaks),
      ]);
    });
  }

  it('a key that was never configured is never sent (no key: neither header nor parameter)', async () => {
    stub.clearRequests();
    const c = new NearClient({ endpoints: endpointsOf(stub), cache: new TtlCache(), retries: 0 });
    await c.accounts.full('alice.near');
    await c.rpc.block({ finality: 'final' });
    for (const r of stub.requests) {
      assert.equal(r.headers['authorization'], undefined);
      assert.equal(r.query['apiKey'], undefined);
    }
  });
});

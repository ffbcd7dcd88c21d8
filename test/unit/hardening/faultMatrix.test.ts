// Hardening, fault matrix: every fault the service (or the network) can throw at NEAR Lens, through the client and
// through the three surfaces that show data (hover, watchlist tree, balance panel), each driven by its real
// feature class over the loopback stub. Each case: the specific human message (never a generic one), no unhandled
// rejection, and the last good figures kept beside the error line. The matrix is printed as a table.
import { strict as assert } from 'node:assert';
import { classify } from '../../../src/near/ids';
import { NearClient } from '../../../src/client/client';
import type { ClientOptions } from '../../../src/client/client';
import { TtlCache } from '../../../src/client/cache';
import { NearLensError } from '../../../src/base/errors';
import { startStub } from '../../support/stub';
import type { Fault, Stub } from '../../support/stub';
import {
  CANARY,
  endpointsOf,
  formatTable,
  loadFeatures,
  makeServices,
  PanelSurface,
  settle,
  trackUnhandledRejections,
  TreeSurface,
  unescapeMarkdown,
} from './harness';
import type { Features, TestServices } from './harness';

type Target = 'rest' | 'rpc';

interface Row {
  name: string;
  target: Target;
  fault?: Fault;
  /** Connection refused: requests to the target host go to a closed port (after the good data was loaded). */
  refused?: boolean;
  /** The exact message; {api} {rpc} {foreign} stand for host:port. */
  message: string;
  /** For a 404 on /full: not an error, the account reads as "no such account" (the server answers an unknown account with 200 and state null; a 404 is read the same way). */
  noSuchAccount?: boolean;
  /** Client settings for this case (the 10 MB bodies get time to stream on a busy machine). */
  client?: Partial<ClientOptions>;
}

const GENERIC = [/^Something went wrong/, /^Unexpected error/, /^Network error talking to/, /unknown error/i];
const ORIGIN = 'This API key only works from certain web origins, not from the editor (origin_not_allowed); use an unrestricted key.';
const TEN_MB = 10 * 1024 * 1024;
const HTML_502: Fault = { kind: 'html', status: 502 };
const POOL = 'zavodil.poolv1.near';
const GOOD_TOTAL = '1,234.5678 NEAR';

function rpcEnvelope(result: unknown): unknown {
  return { jsonrpc: '2.0', id: 1, result };
}
const bytes = (text: string): number[] => Array.from(Buffer.from(text, 'utf8'));

const REST_ROWS: Row[] = [
  {
    name: '400 "Invalid argument"',
    target: 'rest',
    fault: { kind: 'status', status: 400 },
    message: 'The service rejected the request as invalid (HTTP 400: Invalid argument).',
  },
  {
    name: '401',
    target: 'rest',
    fault: { kind: 'status', status: 401, body: { error: 'unauthorized' } },
    message: 'The service did not accept the API key (HTTP 401: unauthorized); check or replace it.',
  },
  {
    name: '402',
    target: 'rest',
    fault: { kind: 'status', status: 402, body: { error: 'payment_required' } },
    message: "The service says the API key's plan or quota is used up (HTTP 402: payment_required).",
  },
  { name: '403 origin_not_allowed', target: 'rest', fault: { kind: 'status', status: 403, body: { error: 'origin_not_allowed' } }, message: ORIGIN },
  { name: '404', target: 'rest', fault: { kind: 'status', status: 404, raw: '' }, message: '', noSuchAccount: true },
  {
    name: '422',
    target: 'rest',
    fault: { kind: 'status', status: 422, body: { error: 'UNKNOWN_BLOCK' } },
    message: 'The service could not process the request (HTTP 422: UNKNOWN_BLOCK).',
  },
  {
    name: '429 + Retry-After: 7',
    target: 'rest',
    fault: { kind: 'status', status: 429, headers: { 'retry-after': '7' } },
    message: 'Rate limited by the service; try again in 7 s.',
  },
  { name: '429 without Retry-After', target: 'rest', fault: { kind: 'status', status: 429 }, message: 'Rate limited by the service; try again in a moment.' },
  { name: '500', target: 'rest', fault: { kind: 'status', status: 500 }, message: 'The service had an internal error (HTTP 500: Internal server error).' },
  { name: '502 (gateway HTML page)', target: 'rest', fault: HTML_502, message: 'The service is unavailable right now (HTTP 502).' },
  { name: '503', target: 'rest', fault: { kind: 'status', status: 503, raw: '' }, message: 'The service is unavailable right now (HTTP 503).' },
  { name: 'timeout', target: 'rest', fault: { kind: 'hang' }, client: { timeoutMs: 150 }, message: 'No answer from {api} within 1 s.' },
  { name: 'connection refused', target: 'rest', refused: true, message: 'Could not connect to {api} (connection refused).' },
  { name: 'reset mid-body', target: 'rest', fault: { kind: 'reset-mid-body' }, message: 'The connection to {api} was reset.' },
  { name: 'HTML body (200)', target: 'rest', fault: { kind: 'html' }, message: 'The service answered with an HTML page, not JSON.' },
  { name: 'truncated JSON', target: 'rest', fault: { kind: 'truncated' }, message: 'The answer from the service was cut off or is not valid JSON.' },
  {
    name: 'number where a string is expected',
    target: 'rest',
    fault: { kind: 'wrong-shape', body: { account_id: 'alice.near', state: { balance: 1234, locked: '0', storage_bytes: 100 }, tokens: [] } },
    message: 'The service sent a number for state.balance, where an amount string of digits was expected.',
  },
  {
    name: 'object where a list is expected',
    target: 'rest',
    fault: { kind: 'wrong-shape', body: { account_id: 'alice.near', state: null, tokens: { 'usdt.tether-token.near': '1' } } },
    message: "The service's answer has an unexpected shape: tokens should be a list, not an object.",
  },
  {
    name: '10 MB body',
    target: 'rest',
    fault: { kind: 'huge', bytes: TEN_MB },
    client: { timeoutMs: 5000 },
    message: 'The answer from {api} is larger than 5 MB; NEAR Lens stopped reading it.',
  },
  {
    name: 'redirect to another origin',
    target: 'rest',
    fault: { kind: 'redirect', to: 'foreign' },
    message: '{api} redirected to another site ({foreign}); NEAR Lens did not follow it, so your API key was not sent there.',
  },
];

const RPC_ROWS: Row[] = [
  {
    name: '400 "Invalid argument"',
    target: 'rpc',
    fault: { kind: 'status', status: 400 },
    message: 'The RPC host rejected the request as invalid (HTTP 400: Invalid argument).',
  },
  {
    name: '401',
    target: 'rpc',
    fault: { kind: 'status', status: 401, body: { error: 'unauthorized' } },
    message: 'The RPC host did not accept the API key (HTTP 401: unauthorized); check or replace it.',
  },
  {
    name: '402',
    target: 'rpc',
    fault: { kind: 'status', status: 402, body: { error: 'payment_required' } },
    message: "The RPC host says the API key's plan or quota is used up (HTTP 402: payment_required).",
  },
  { name: '403 origin_not_allowed', target: 'rpc', fault: { kind: 'status', status: 403, body: { error: 'origin_not_allowed' } }, message: ORIGIN },
  { name: '404', target: 'rpc', fault: { kind: 'status', status: 404, raw: '' }, message: 'The RPC host has no such resource (HTTP 404).' },
  {
    name: '422 UNKNOWN_BLOCK',
    target: 'rpc',
    fault: {
      kind: 'status',
      status: 422,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          name: 'HANDLER_ERROR',
          cause: { name: 'UNKNOWN_BLOCK', info: {} },
          code: -32000,
          message: 'Server error',
          data: 'DB Not Found Error: BLOCK HEIGHT: 1 \n Cause: Unknown',
        },
      },
    },
    message: 'The RPC host has no such block.',
  },
  {
    name: '429 + Retry-After: 7',
    target: 'rpc',
    fault: { kind: 'status', status: 429, headers: { 'retry-after': '7' } },
    message: 'Rate limited by the service; try again in 7 s.',
  },
  { name: '429 without Retry-After', target: 'rpc', fault: { kind: 'status', status: 429 }, message: 'Rate limited by the service; try again in a moment.' },
  { name: '500', target: 'rpc', fault: { kind: 'status', status: 500 }, message: 'The RPC host had an internal error (HTTP 500: Internal server error).' },
  { name: '502 (gateway HTML page)', target: 'rpc', fault: HTML_502, message: 'The RPC host is unavailable right now (HTTP 502).' },
  { name: '503', target: 'rpc', fault: { kind: 'status', status: 503, raw: '' }, message: 'The RPC host is unavailable right now (HTTP 503).' },
  { name: 'timeout', target: 'rpc', fault: { kind: 'hang' }, client: { timeoutMs: 150 }, message: 'No answer from {rpc} within 1 s.' },
  { name: 'connection refused', target: 'rpc', refused: true, message: 'Could not connect to {rpc} (connection refused).' },
  { name: 'reset mid-body', target: 'rpc', fault: { kind: 'reset-mid-body' }, message: 'The connection to {rpc} was reset.' },
  { name: 'HTML body (200)', target: 'rpc', fault: { kind: 'html' }, message: 'The service answered with an HTML page, not JSON.' },
  { name: 'truncated JSON', target: 'rpc', fault: { kind: 'truncated' }, message: 'The answer from the service was cut off or is not valid JSON.' },
  {
    name: 'number where a string is expected',
    target: 'rpc',
    fault: {
      kind: 'wrong-shape',
      // view_account with a numeric amount; call_function returning the JSON number 1000.5 instead of "1000…"
      body: rpcEnvelope({
        amount: 1000,
        locked: '0',
        code_hash: '11111111111111111111111111111111',
        storage_usage: 1,
        block_height: 1,
        block_hash: 'h',
        result: bytes('1000.5'),
        logs: [],
      }),
    },
    message: 'The service sent a number for get_account_staked_balance, where an amount string of digits was expected.',
  },
  {
    name: 'object where a list is expected',
    target: 'rpc',
    fault: { kind: 'wrong-shape', body: rpcEnvelope({ result: { 0: 49 }, keys: {}, logs: [], block_height: 1, block_hash: 'h' }) },
    message: 'The RPC answer for call_function has an unexpected shape.',
  },
  {
    name: '10 MB body',
    target: 'rpc',
    fault: { kind: 'huge', bytes: TEN_MB },
    client: { timeoutMs: 5000 },
    message: 'The answer from {rpc} is larger than 5 MB; NEAR Lens stopped reading it.',
  },
  {
    name: 'redirect to another origin',
    target: 'rpc',
    fault: { kind: 'redirect', to: 'foreign' },
    message: '{rpc} redirected to another site ({foreign}); NEAR Lens did not follow it, so your API key was not sent there.',
  },
  {
    name: 'call_function error-in-result',
    target: 'rpc',
    fault: {
      kind: 'wrong-shape',
      body: rpcEnvelope({
        error: 'wasm execution failed with error: FunctionCallError(MethodResolveError(MethodNotFound))',
        logs: [],
        block_height: 1,
        block_hash: 'h',
      }),
    },
    message: `The contract ${POOL} has no method "get_account_staked_balance".`,
  },
];

interface Outcome {
  client: string;
  hover: string;
  tree: string;
  panel: string;
  kept: string;
}

describe('hardening: fault matrix (client × hover × tree × panel)', function () {
  this.timeout(30_000);
  let stub: Stub;
  let dead: string; // a closed port: connection refused
  let f: Features;
  const rejections = trackUnhandledRejections();
  const results: Array<[Row, Outcome]> = [];

  before(async () => {
    f = loadFeatures();
    stub = await startStub();
    const closed = await startStub();
    dead = new URL(closed.apiUrl).host;
    await closed.close();
  });
  after(async () => {
    await stub.close();
    rejections.stop();
    if (results.length > 0) {
      const table = formatTable(
        ['case', 'target', 'client error', 'hover line', 'tree item', 'panel', 'last-good-kept'],
        results.map(([r, o]) => [r.name, r.target === 'rest' ? 'REST /full' : 'RPC', o.client, o.hover, o.tree, o.panel, o.kept]),
        46,
      );
      console.log(
        `\n      Fault matrix: ${results.length} rows × 4 surfaces (client, hover, tree, panel) + last-good check\n${table.replace(/^/gm, '      ')}\n`,
      );
    }
  });
  afterEach(() => {
    stub.clearFaults();
    stub.setLatency(0);
  });

  const hostOf = (url: string): string => new URL(url).host;
  const expected = (r: Row): string =>
    r.message.replace('{api}', hostOf(stub.apiUrl)).replace('{rpc}', hostOf(stub.rpcUrl)).replace('{foreign}', hostOf(stub.foreignUrl));

  /** A client like the extension's (key in a Bearer header), tuned for speed; `refused` sends everything to a closed port. */
  function clientFor(mode: { refused: string }, o: Partial<ClientOptions> = {}): NearClient {
    return new NearClient({
      endpoints: endpointsOf(stub),
      apiKey: CANARY,
      cache: new TtlCache(),
      retries: 1,
      retryBaseMs: 1,
      timeoutMs: 1000, // long enough for a busy 2-core machine; the timeout rows set their own short one
      maxRetryAfterMs: 1000,
      // How each REST failure reads when nothing stands in (the RPC standing in: rpcAccount.test.ts, the storm hour).
      restFallback: false,
      fetch: (input, init) => {
        const url = String(input);
        return globalThis.fetch(mode.refused && url.startsWith(mode.refused) ? `http://${dead}${url.slice(mode.refused.length)}` : url, init);
      },
      ...o,
    });
  }

  function applyFault(r: Row, mode: { refused: string }): void {
    if (r.refused) mode.refused = r.target === 'rest' ? stub.apiUrl : stub.rpcUrl;
    else if (r.fault) stub.fault({ host: r.target === 'rest' ? 'api' : 'rpc', ...(r.target === 'rest' ? { match: '/full' } : {}), fault: r.fault });
  }

  async function clientMessage(c: NearClient, r: Row): Promise<string> {
    try {
      if (r.target === 'rest') {
        const full = await c.accounts.full('alice.near', { fresh: true });
        return full.state === null ? '(no error: state null = no such account)' : '(no error)';
      }
      await c.rpc.stakedBalance(POOL, 'alice.near', { fresh: true });
      return '(no error)';
    } catch (e) {
      assert.ok(NearLensError.is(e), `not a NearLensError: ${String(e)}`);
      return e.message;
    }
  }

  function assertSpecific(message: string, r: Row): void {
    for (const g of GENERIC) assert.ok(!g.test(message), `${r.name}: generic message "${message}"`);
    assert.ok(!message.includes(CANARY), `${r.name}: key in "${message}"`);
  }

  async function hoverSections(services: TestServices): Promise<string[]> {
    const h = new f.hover.NearHoverProvider(services);
    const s = await h.sections(classify('alice.near'));
    assert.ok(s, 'hover cancelled');
    return s;
  }

  for (const r of [...REST_ROWS, ...RPC_ROWS]) {
    it(`${r.target === 'rest' ? 'REST /full' : 'RPC'} · ${r.name}`, async () => {
      const mode = { refused: '' };
      const services = makeServices(stub, { watchlist: ['alice.near'], client: { apiKey: CANARY } });
      services.setClient(clientFor(mode, r.client));
      const want = expected(r);
      const out: Outcome = { client: '', hover: '', tree: '', panel: '', kept: '' };

      // 1. Good data first, on every surface.
      const tree = new TreeSurface(f, services);
      await tree.show();
      await tree.expand('alice.near', 'Contract', 'Staking pools');
      assert.equal(tree.root('alice.near').description, GOOD_TOTAL);
      const goodPool = tree.children(tree.group('alice.near', 'Staking pools'))[0];
      assert.equal(goodPool?.description, '1,000 NEAR staked · 2.5 NEAR unstaked');
      const panel = new PanelSurface(f, services, 'alice.near');
      await panel.ready();
      assert.equal(panel.lastModel()?.total, GOOD_TOTAL);
      assert.equal(panel.lastModel()?.pools[0]?.staked, '1,000 NEAR');
      const goodHover = await hoverSections(services);
      assert.match(goodHover[1] ?? '', /Total owned: \*\*1,234\\\.5678 NEAR\*\*/);

      // 2. The fault.
      applyFault(r, mode);

      // Client.
      const message = await clientMessage(services.client, r);
      out.client = message;
      if (r.noSuchAccount) assert.equal(message, '(no error: state null = no such account)');
      else {
        assert.equal(message, want, `${r.name}: client message`);
        assertSpecific(message, r);
      }

      // Hover: cached data is still shown within its TTL; once expired, the decoded part plus one clear line.
      const cached = await hoverSections(services);
      // (A 404 is an answer, "no such account", and replaces the cached figures.)
      if (!r.noSuchAccount) assert.equal(cached[1], goodHover[1], 'a hover within the TTL shows the cached figures');
      services.setClient(clientFor(mode, r.client)); // the cache has expired (ft_metadata's too)
      const hover = await hoverSections(services);
      const live = unescapeMarkdown(hover[1] ?? '');
      if (r.target === 'rest') {
        if (r.noSuchAccount) assert.match(live, /^\*\*No such account\*\* on mainnet/);
        else assert.equal(live, `Live data unavailable: ${want}`);
        out.hover = live.split('\n')[0] ?? '';
      } else {
        // RPC only feeds the hover's liquid-staking decimals (optional, 800 ms budget): the raw amount is shown instead.
        assert.match(live, /Total owned: \*\*1,234\.5678 NEAR\*\*/);
        // The raw mark and a short reason, never the failure's sentence (that goes to the log).
        assert.match(live, /Liquid staking · \*\*meta-pool\.near\*\*: 5000000000000000000000000 \(raw\) · metadata unavailable\s/);
        assert.ok(!live.includes(want), `${r.name}: the error sentence is not in the hover`);
        out.hover = 'figures + raw LST amount · metadata unavailable';
      }
      assert.match(hover[0] ?? '', /alice\\\.near/);

      // Tree: refresh (as the Refresh button does).
      await tree.provider.refresh('alice.near');
      const root = tree.root('alice.near');
      const item = tree.provider.getTreeItem(root) as unknown as { label: string; description?: string; tooltip?: string };
      let keptTree = false;
      if (r.target === 'rest') {
        if (r.noSuchAccount) {
          assert.equal(item.description, 'no such account');
          out.tree = `${item.label} — ${item.description}`;
        } else {
          assert.equal(item.description, `${GOOD_TOTAL} · refresh failed`);
          const kids = tree.children(root);
          assert.equal(kids[0]?.label, `Refresh failed: ${want}`);
          assert.ok(
            kids.some((k) => k.label === 'State'),
            'old figures still in the tree',
          );
          assert.match(item.tooltip ?? '', new RegExp(`Last refresh failed: ${escapeRe(want)}`));
          out.tree = `${item.description} / ${kids[0]?.label}`;
          keptTree = true;
        }
      } else {
        assert.equal(item.description, GOOD_TOTAL, '/full itself is fine');
        const contract = tree.children(tree.group('alice.near', 'Contract'));
        assert.match(contract[0]?.label ?? '', /^Refresh failed: /, 'contract group keeps its data under an error line');
        assertSpecific(contract[0]?.label ?? '', r);
        assert.ok(
          contract.some((k) => k.label === 'No contract code'),
          'contract data kept',
        );
        const pool = tree.children(tree.group('alice.near', 'Staking pools'))[0];
        assert.equal(pool?.description, '1,000 NEAR staked · 2.5 NEAR unstaked · refresh failed');
        assert.match(pool?.tooltip ?? '', new RegExp(`Last refresh failed: ${escapeRe(want)}`));
        out.tree = `pool: ${pool?.description} / ${(pool?.tooltip ?? '').split('\n').at(-1)}`;
        keptTree = true;
      }

      // Panel: refresh from the webview.
      await panel.refresh();
      let keptPanel = false;
      if (r.target === 'rest') {
        if (r.noSuchAccount) {
          assert.equal(panel.lastModel()?.exists, false);
          out.panel = panel.lastModel()?.barNote ?? '';
        } else {
          assert.equal(panel.lastError(), want);
          // A reloaded webview is sent the old figures with a note, then the error banner again.
          const repaint = await panel.repaint();
          const model = repaint.find((m) => m.type === 'account');
          assert.ok(model?.type === 'account', 'the last good model is re-sent');
          assert.equal(model.data.total, GOOD_TOTAL);
          assert.equal(model.data.pools[0]?.staked, '1,000 NEAR');
          assert.ok(model.data.notes[0]?.startsWith(`Refresh failed: ${want}`), model.data.notes[0]);
          assert.deepEqual(repaint.at(-1), { type: 'error', message: want });
          out.panel = `error banner "${want}" over the old figures`;
          keptPanel = true;
        }
      } else {
        const model = panel.lastModel();
        assert.equal(model?.total, GOOD_TOTAL);
        const row = model?.pools[0];
        assert.equal(row?.staked, '1,000 NEAR', 'the pool keeps its last good amount');
        assert.equal(row?.note, 'refresh failed');
        assert.equal(row?.why, `Refresh failed: ${want}`);
        out.panel = `pool ${row?.staked} · ${row?.note}`;
        keptPanel = true;
      }

      out.kept = r.noSuchAccount ? 'n/a (404 = no such account)' : keptTree && keptPanel ? 'yes (tree, panel; hover from cache)' : 'NO';
      await settle();
      assert.deepEqual(rejections.list, [], 'no unhandled rejection');
      results.push([r, out]);
    });
  }
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

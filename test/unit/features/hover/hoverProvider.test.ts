// The hover provider outside VS Code: a minimal fake `vscode`, a real NearClient and the loopback stub. Checks what
// is sent (nothing for secrets or with look-ups off), the timeout budget, cancellation and the trusted-command list.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { loadWithFakeVscode } from '../../../support/fakeVscode';
import { createFakeEditor } from '../../../support/fakeEditor';
import type { Hover } from '../../../support/fakeVscodeApi';
import { startStub } from '../../../support/stub';
import type { Stub } from '../../../support/stub';
import { NearClient } from '../../../../src/client/client';
import { TtlCache } from '../../../../src/client/cache';
import { HOVER_COMMANDS } from '../../../../src/features/hover/model/hoverMarkdown';
import { normaliseSettings } from '../../../../src/platform/settings';
import type { Settings } from '../../../../src/platform/settings';
import type * as HoverModule from '../../../../src/features/hover/hoverProvider';
import type { Services } from '../../../../src/platform/services';

const fakeVscode = createFakeEditor().vscode;
const FAKE_ID = '\0fake-vscode-hover';

function loadHover(): typeof HoverModule {
  return loadWithFakeVscode<typeof HoverModule>(fakeVscode, FAKE_ID, path.join(__dirname, '../../../../src/features/hover/hoverProvider'));
}

interface FakeToken {
  isCancellationRequested: boolean;
  onCancellationRequested(l: () => void): { dispose(): void };
  cancel(): void;
}
function token(): FakeToken {
  const ls: Array<() => void> = [];
  return {
    isCancellationRequested: false,
    onCancellationRequested: (l) => {
      ls.push(l);
      return { dispose: () => void ls.splice(ls.indexOf(l), 1) };
    },
    cancel() {
      this.isCancellationRequested = true;
      for (const l of [...ls]) l();
    },
  };
}

function doc(text: string): unknown {
  return { uri: { scheme: 'file' }, lineAt: (line: number) => ({ text: text.split('\n')[line] ?? '' }) };
}

describe('hover provider (fake vscode, stub service)', function () {
  this.timeout(15_000);
  let stub: Stub;
  let H: typeof HoverModule;
  let settings: Settings;
  let client: NearClient;
  const errors: string[] = [];

  function services(): Services {
    return {
      get settings() {
        return settings;
      },
      onDidChange: () => ({ dispose: () => undefined }),
      hasApiKey: false,
      clientForAccount: () => ({ client, network: 'mainnet', name: 'mainnet' }),
      clientForNetwork: () => ({ client, network: 'mainnet', name: 'mainnet' }),
      explorerUrl: () => 'https://nearblocks.io/address/x',
      log: { error: (m: string) => errors.push(m) } as unknown as Services['log'],
      dispose: () => undefined,
    } as Services;
  }
  async function hover(text: string, character: number, t = token()): Promise<string[] | undefined> {
    const p = new H.NearHoverProvider(services());
    const h = (await p.provideHover(doc(text) as never, { line: 0, character } as never, t as never)) as unknown as Hover | undefined;
    if (!h) return undefined;
    for (const md of h.contents) {
      assert.deepEqual(md.isTrusted, { enabledCommands: [...HOVER_COMMANDS] });
      assert.equal(md.supportHtml, false);
    }
    return h.contents.map((m) => m.value);
  }

  before(async () => {
    H = loadHover();
    stub = await startStub();
  });
  after(async () => stub.close());
  beforeEach(() => {
    stub.clearRequests();
    stub.clearFaults();
    stub.setLatency(0);
    settings = normaliseSettings({ requestTimeoutMs: { globalValue: 1000 } }, { trusted: true });
    const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
    client = new NearClient({ endpoints, cache: new TtlCache(), retries: 0, retryBaseMs: 1, timeoutMs: 1000 });
  });

  it('shows the decoded identity and the live data for an account', async () => {
    const s = await hover('owner: "alice.near"', 10);
    assert.ok(s);
    assert.equal(s.length, 3);
    assert.match(s[0] ?? '', /alice\\\.near/);
    assert.match(s[1] ?? '', /Total owned/);
    assert.match(s[1] ?? '', /Liquid staking · \*\*meta\\-pool\\\.near\*\*: [\d,.\\]+ /);
    assert.equal(stub.requests.filter((r) => r.host === 'api').length, 1);
  });

  it('a contract account adds one line: methods, standards, source (its interface read once, by code hash)', async () => {
    const s = await hover('here.tg', 2);
    const plain = (s?.[1] ?? '').replace(/\\/g, '');
    assert.match(plain, /Contract · 10 methods · NEP-141, NEP-148, NEP-330 · source/);
    assert.doesNotMatch((await hover('alice.near', 2))?.[1] ?? '', /Contract ·/, 'no line for an account without code');
    stub.clearRequests();
    await hover('here.tg', 2);
    assert.deepEqual(
      stub.requests.map((r) => (r.body as { params?: { request_type?: string } } | undefined)?.params?.request_type ?? r.path),
      [],
      'all cached: no request',
    );
  });

  it('keeps the last good figures, with the reason, when a look-up after the cache time fails', async () => {
    let now = 1_000_000;
    const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
    client = new NearClient({ endpoints, cache: new TtlCache({ clock: { now: () => now } }), retries: 0, retryBaseMs: 1, timeoutMs: 1000 });
    const good = await hover('alice.near', 2);
    const total = /Total owned: \*\*[^*]+\*\*/.exec(good?.[1] ?? '')?.[0];
    assert.ok(total);
    now += 10 * 60_000; // long past the account TTL: the next hover asks again
    stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 503 } });
    stub.fault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503 } }); // nothing stands in
    const s = await hover('alice.near', 2);
    assert.ok(s?.[1]?.includes(total), 'the old figures are still shown');
    assert.match(s?.[1] ?? '', /Live data unavailable: .*503.* Showing the last data received \\?\(from \d{1,2}\\?:\d\d\\?:\d\d[^)]*\\?\)\\\.$/, s?.[1]);
    assert.equal(stub.requests.filter((r) => r.host === 'api').length, 2);
  });

  it('scales liquid-staking amounts of a stale hover with the cached ft_metadata, asking nothing more', async () => {
    let now = 1_000_000;
    const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
    client = new NearClient({ endpoints, cache: new TtlCache({ clock: { now: () => now } }), retries: 0, retryBaseMs: 1, timeoutMs: 1000 });
    const liquid = /Liquid staking · \*\*meta\\-pool\\\.near\*\*: [^\n]*/;
    const good = liquid.exec((await hover('alice.near', 2))?.[1] ?? '')?.[0];
    assert.match(good ?? '', /: 5 stNEAR +$/, `scaled by ft_metadata (24 decimals, stNEAR): ${good}`);
    now += 10 * 60_000;
    stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 503 } });
    stub.fault({ host: 'rpc', match: 'ft_metadata', fault: { kind: 'status', status: 503 } });
    stub.fault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503 } });
    stub.clearRequests();
    const s = (await hover('alice.near', 2))?.[1] ?? '';
    assert.match(s, /Showing the last data received/);
    assert.equal(liquid.exec(s)?.[0], good, 'the same scaled amount, not a raw one');
    assert.ok(!s.includes('(raw'), s);
    assert.deepEqual(
      stub.requests.map((r) => r.host),
      ['api', 'rpc'],
      'only /full was asked again (and view_account, which could have stood in)',
    );
  });

  it('REST 503: the state from RPC, said so, with the last good lists dated (#26)', async () => {
    let now = 1_000_000;
    const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
    client = new NearClient({ endpoints, cache: new TtlCache({ clock: { now: () => now } }), retries: 0, retryBaseMs: 1, timeoutMs: 1000 });
    await hover('alice.near', 2);
    now += 10 * 60_000;
    stub.fault({ host: 'api', fault: { kind: 'status', status: 503 } });
    stub.clearRequests();
    const s = ((await hover('alice.near', 2))?.[1] ?? '').replace(/\\/g, '');
    assert.match(s, /Total owned: \*\*1,234\.5678 NEAR\*\*/);
    assert.match(s, /State from RPC; tokens unavailable: REST API HTTP 503/);
    assert.match(s, /4 fungible tokens · 2 NFT collections · 2 staking pools \(as of /);
    assert.match(s, /_mainnet · 127\.0\.0\.1:\d+ · RPC_$/);
    assert.doesNotMatch(s, /Live data unavailable/);
    assert.deepEqual(
      stub.requests.map((r) => r.host),
      ['api', 'rpc'],
      'one REST failure, one view_account (also the contract line’s)',
    );
  });

  it('an RPC-only network: native figures exact, "no indexer" in a word, no REST request (#26)', async () => {
    client = new NearClient({
      endpoints: { apiUrl: '', rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.rpcUrl },
      cache: new TtlCache(),
      retries: 0,
      timeoutMs: 1000,
    });
    const s = ((await hover('alice.test.near', 2))?.[1] ?? '').replace(/\\/g, '');
    assert.match(s, /Balance: 99\.99999 NEAR/);
    assert.match(s, /Storage: 182 bytes/);
    assert.match(s, /Tokens, NFTs, staking pools: _no indexer on this network_/);
    assert.match(s, /_mainnet · 127\.0\.0\.1:\d+ · RPC_$/);
    assert.doesNotMatch(s, /unavailable|error|failed/i);
    const key = (await hover('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', 2)) ?? [];
    assert.match(key[1] ?? '', /Accounts using this key: _no indexer on this network_/);
    assert.doesNotMatch(key[2] ?? '', /All accounts/, 'no link that cannot work');
    assert.deepEqual(
      stub.requests.filter((r) => r.host === 'api'),
      [],
    );
  });

  it('sends nothing for a secret key', async () => {
    const secret = 'ed25519:' + '3'.repeat(87);
    const s = await hover(`key = "${secret}"`, 12);
    assert.ok(s);
    assert.match(s[0] ?? '', /secret key/);
    assert.ok(!s.join('').includes('3'.repeat(20)));
    assert.equal(stub.requests.length, 0);
  });

  it('sends nothing with look-ups off', async () => {
    settings = { ...settings, hoverLookups: false };
    const s = await hover('alice.near', 2);
    assert.match(s?.[1] ?? '', /look-ups are off/);
    assert.equal(stub.requests.length, 0);
  });

  it('answers with the decoded part and one failure line when the service hangs', async () => {
    stub.fault({ host: 'api', match: '/full', fault: { kind: 'hang' } });
    const s = await hover('alice.near', 2); // returns at all: the timeout ended the hung request
    assert.match(s?.[0] ?? '', /alice/);
    assert.match(s?.[1] ?? '', /^Live data unavailable: /);
  });

  it('says why on an HTTP failure', async () => {
    stub.fault({ host: 'api', match: '/full', fault: { kind: 'status', status: 429 } });
    stub.fault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503 } });
    const s = await hover('alice.near', 2);
    assert.match(s?.[1] ?? '', /^Live data unavailable: .*[Rr]ate/);
  });

  it('gives up when cancelled', async () => {
    stub.setLatency(500);
    const t = token();
    const p = hover('alice.near', 2, t);
    setTimeout(() => t.cancel(), 50);
    assert.equal(await p, undefined);
  });

  it('looks up a public key on the key endpoint', async () => {
    const s = await hover('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', 10);
    assert.match(s?.[1] ?? '', /Full-access key of 2 accounts/);
    assert.equal(stub.requests[0]?.path, `/v1/public_key/${encodeURIComponent('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd')}`);
  });

  it('has no hover on plain words', async () => {
    assert.equal(await hover('console.log(x)', 3), undefined);
  });
});

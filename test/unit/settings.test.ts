// Settings normalisation: defaults, clamping, custom endpoints, the suffix rule, explorer URLs, and that an
// untrusted workspace cannot choose the network, endpoints, transport or explorer pages.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRESETS } from '../../src/near/networks';
import { APPLICATION_SCOPED, RESTRICTED_WHEN_UNTRUSTED, SETTING_KEYS, explorerUrlFor, networkForLookup, normaliseSettings } from '../../src/platform/settings';
import type { RawSettings } from '../../src/platform/settings';
import type { NetworkLabel } from '../../src/near/networks';

const TRUSTED = { trusted: true };
const UNTRUSTED = { trusted: false };

describe('settings normalisation', () => {
  it('gives the documented defaults for an empty configuration', () => {
    const s = normaliseSettings({}, TRUSTED);
    assert.equal(s.network, 'mainnet');
    assert.deepEqual(s.endpoints, PRESETS.mainnet);
    assert.equal(s.configError, undefined);
    assert.equal(s.transport, 'bearer');
    assert.equal(s.hoverEnabled, true);
    assert.equal(s.hoverLookups, true);
    assert.equal(s.decimals, 5);
    assert.deepEqual(s.liquidStakingProviders, ['meta-pool.near', 'linear-protocol.near', 'lst.rhealab.near']);
    assert.equal(s.nftPublisher, undefined);
    assert.equal(s.timeoutMs, 8000);
    assert.deepEqual(s.watchlist, []);
    assert.equal(s.refreshIntervalSeconds, 0);
    assert.equal(s.explorer.mainnet, 'https://nearblocks.io/address/{accountId}');
  });

  it('clamps numbers and ignores wrong types', () => {
    const s = normaliseSettings(
      {
        'display.decimals': { globalValue: 99 },
        requestTimeoutMs: { globalValue: 5 },
        refreshIntervalSeconds: { globalValue: 1e9 },
        'hover.enabled': { globalValue: 'no' },
        network: { globalValue: 'moonnet' },
        'auth.transport': { globalValue: 'carrier-pigeon' },
        liquidStakingProviders: { globalValue: ['Meta-Pool.near', 'meta-pool.near', 'bad id', 7] },
        nftPublisher: { globalValue: '  mintbase1.near ' },
      },
      TRUSTED,
    );
    assert.equal(s.decimals, 24);
    assert.equal(s.timeoutMs, 1000);
    assert.equal(s.refreshIntervalSeconds, 3600);
    assert.equal(s.hoverEnabled, true);
    assert.equal(s.network, 'mainnet');
    assert.equal(s.transport, 'bearer');
    assert.deepEqual(s.liquidStakingProviders, ['meta-pool.near']);
    assert.equal(s.nftPublisher, 'mintbase1.near');
    assert.equal(normaliseSettings({ 'display.decimals': { globalValue: -3 } }, TRUSTED).decimals, 0);
    assert.equal(normaliseSettings({ 'display.decimals': { globalValue: 2.7 } }, TRUSTED).decimals, 2);
  });

  it('uses custom endpoints from user settings, archival defaulting to the RPC URL', () => {
    const s = normaliseSettings(
      {
        network: { globalValue: 'custom' },
        'customNetwork.apiUrl': { globalValue: 'http://127.0.0.1:3030' },
        'customNetwork.rpcUrl': { globalValue: 'http://127.0.0.1:3031' },
      },
      TRUSTED,
    );
    assert.equal(s.network, 'custom');
    assert.equal(s.configError, undefined);
    assert.deepEqual(s.endpoints, { apiUrl: 'http://127.0.0.1:3030', rpcUrl: 'http://127.0.0.1:3031', archivalRpcUrl: 'http://127.0.0.1:3031' });
  });

  it('a custom network needs only an RPC URL: without an API URL it is RPC-only (#26)', () => {
    const s = normaliseSettings({ network: { globalValue: 'custom' }, 'customNetwork.rpcUrl': { globalValue: 'http://127.0.0.1:3030' } }, TRUSTED);
    assert.equal(s.configError, undefined);
    assert.deepEqual(s.endpoints, { apiUrl: '', rpcUrl: 'http://127.0.0.1:3030', archivalRpcUrl: 'http://127.0.0.1:3030' });
    const onlyApi = normaliseSettings({ network: { globalValue: 'custom' }, 'customNetwork.apiUrl': { globalValue: 'http://127.0.0.1:3031' } }, TRUSTED);
    assert.match(onlyApi.configError ?? '', /customNetwork\.rpcUrl/);
  });

  it('reports an unusable custom network instead of sending anywhere', () => {
    const missing = normaliseSettings({ network: { globalValue: 'custom' } }, TRUSTED);
    assert.match(missing.configError ?? '', /customNetwork\.rpcUrl/);
    assert.deepEqual(missing.endpoints, { apiUrl: '', rpcUrl: '', archivalRpcUrl: '' });
    const bad = normaliseSettings(
      { network: { globalValue: 'custom' }, 'customNetwork.apiUrl': { globalValue: 'ftp://x' }, 'customNetwork.rpcUrl': { globalValue: 'http://u:p@h' } },
      TRUSTED,
    );
    assert.match(bad.configError ?? '', /only http and https/);
  });

  it('never takes application-scoped settings (endpoints, transport) from a workspace, even trusted', () => {
    const raw: RawSettings = {
      network: { globalValue: 'custom' },
      'customNetwork.apiUrl': { globalValue: 'https://mine.example', workspaceValue: 'https://evil.example' },
      'customNetwork.rpcUrl': { globalValue: 'https://rpc.mine.example', workspaceFolderValue: 'https://evil.example' },
      'auth.transport': { workspaceValue: 'query' },
    };
    const s = normaliseSettings(raw, TRUSTED);
    assert.equal(s.endpoints.apiUrl, 'https://mine.example');
    assert.equal(s.endpoints.rpcUrl, 'https://rpc.mine.example');
    assert.equal(s.transport, 'bearer');
  });

  it('in an untrusted workspace ignores workspace network and explorer values; trusted honours them', () => {
    const raw: RawSettings = {
      network: { globalValue: 'mainnet', workspaceValue: 'custom' },
      'explorer.mainnetUrl': { workspaceValue: 'https://evil.example/{accountId}' },
      'hover.lookups': { globalValue: true, workspaceValue: false },
    };
    const untrusted = normaliseSettings(raw, UNTRUSTED);
    assert.equal(untrusted.network, 'mainnet');
    assert.deepEqual(untrusted.endpoints, PRESETS.mainnet);
    assert.equal(untrusted.explorer.mainnet, 'https://nearblocks.io/address/{accountId}');
    assert.equal(untrusted.hoverLookups, false, 'unrestricted settings still come from the workspace');
    const trusted = normaliseSettings(raw, TRUSTED);
    assert.equal(trusted.network, 'custom');
    assert.equal(trusted.explorer.mainnet, 'https://evil.example/{accountId}');
  });

  it('lists the restricted settings exactly as package.json declares them', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { scope?: string }> } };
      capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    };
    const declared = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.map((k) => k.replace(/^nearLens\./, '')).sort();
    assert.deepEqual([...RESTRICTED_WHEN_UNTRUSTED].sort(), declared);
    const props = pkg.contributes.configuration.properties;
    for (const k of APPLICATION_SCOPED) assert.equal(props[`nearLens.${k}`]?.scope, 'application', k);
    assert.deepEqual(
      [...SETTING_KEYS].sort(),
      Object.keys(props)
        .map((k) => k.replace(/^nearLens\./, ''))
        .sort(),
    );
  });

  it('balance inlay hints: only when on, with lookups on, and in an untrusted workspace only when the user allows', () => {
    const on = { 'inlayHints.balances': { globalValue: true } };
    assert.equal(normaliseSettings({}, TRUSTED).inlayHintsBalances, false, 'off by default');
    assert.equal(normaliseSettings(on, TRUSTED).inlayHintsBalances, true);
    assert.equal(normaliseSettings({ ...on, 'hover.lookups': { globalValue: false } }, TRUSTED).inlayHintsBalances, false, 'never with lookups off');
    assert.equal(normaliseSettings(on, UNTRUSTED).inlayHintsBalances, false, 'not in an untrusted workspace');
    const allowed = { ...on, 'inlayHints.balancesWhenUntrusted': { globalValue: true } };
    assert.equal(normaliseSettings(allowed, UNTRUSTED).inlayHintsBalances, true, 'unless the user allows');
    const byWorkspace = { ...on, 'inlayHints.balancesWhenUntrusted': { workspaceValue: true } };
    assert.equal(normaliseSettings(byWorkspace, UNTRUSTED).inlayHintsBalances, false, 'a workspace cannot allow itself');
  });

  it('merges user and workspace watchlists without duplicates', () => {
    const s = normaliseSettings({ watchlist: { globalValue: ['a.near', ' b.near '], workspaceValue: ['b.near', 'c.near', 3, ''] } }, UNTRUSTED);
    assert.deepEqual(s.watchlist, ['a.near', 'b.near', 'c.near']);
  });

  it('picks the network by suffix unless custom', () => {
    assert.equal(networkForLookup('mainnet', 'alice.testnet'), 'testnet');
    assert.equal(networkForLookup('testnet', 'alice.near'), 'mainnet');
    assert.equal(networkForLookup('testnet', 'here.tg'), 'testnet');
    assert.equal(networkForLookup('custom', 'alice.near'), 'custom');
  });

  it('builds explorer URLs with the id URI-encoded, and only http(s) templates with {accountId}', () => {
    const s = normaliseSettings({}, TRUSTED);
    assert.equal(explorerUrlFor(s, 'alice.near'), 'https://nearblocks.io/address/alice.near');
    assert.equal(explorerUrlFor(s, 'alice.testnet'), 'https://testnet.nearblocks.io/address/alice.testnet');
    assert.equal(
      explorerUrlFor({ ...s, explorer: { ...s.explorer, mainnet: 'https://x.example/a?id={accountId}' } }, 'a/b?c#d'),
      'https://x.example/a?id=a%2Fb%3Fc%23d',
    );
    const bad = normaliseSettings(
      { 'explorer.mainnetUrl': { globalValue: 'javascript:alert({accountId})' }, 'explorer.testnetUrl': { globalValue: 'https://no-placeholder.example' } },
      TRUSTED,
    );
    assert.equal(bad.explorer.mainnet, 'https://nearblocks.io/address/{accountId}');
    assert.equal(bad.explorer.testnet, 'https://testnet.nearblocks.io/address/{accountId}');
    const custom = { ...s, network: 'custom' as const };
    assert.equal(explorerUrlFor(custom, 'here.tg'), undefined);
    assert.equal(explorerUrlFor(custom, 'alice.near'), undefined, 'custom data is never linked to a mainnet page');
    assert.equal(explorerUrlFor(custom, 'alice.near', 'mainnet'), 'https://nearblocks.io/address/alice.near', 'a look-up checked on mainnet links there');
  });

  it('takes a custom explorer template from user settings only, and only an http(s) one with {accountId}', () => {
    const t = 'https://explorer.example/account/{accountId}';
    const user = normaliseSettings({ network: { globalValue: 'custom' }, 'customNetwork.explorerUrl': { globalValue: t } }, TRUSTED);
    assert.equal(user.explorer.custom, t);
    assert.equal(normaliseSettings({}, TRUSTED).explorer.custom, '');
    assert.equal(normaliseSettings({ 'customNetwork.explorerUrl': { workspaceValue: t } }, TRUSTED).explorer.custom, '', 'application-scoped');
    assert.equal(normaliseSettings({ 'customNetwork.explorerUrl': { globalValue: 'javascript:x({accountId})' } }, TRUSTED).explorer.custom, '');
    assert.equal(normaliseSettings({ 'customNetwork.explorerUrl': { globalValue: 'https://explorer.example/' } }, TRUSTED).explorer.custom, '');
    assert.ok(APPLICATION_SCOPED.includes('customNetwork.explorerUrl') && RESTRICTED_WHEN_UNTRUSTED.includes('customNetwork.explorerUrl'));
  });

  describe('the explorer link is always on the network the data came from', () => {
    const CUSTOM_PAGE = 'https://explorer.example/a/{accountId}';
    const IDS = {
      '.near': 'alice.near',
      '.testnet': 'alice.testnet',
      implicit: 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82',
      'eth-implicit': '0xab12ab12ab12ab12ab12ab12ab12ab12ab12ab12',
    } as const;
    // [setting, id kind] → the network looked up on (and linked to)
    const expected: Record<NetworkLabel, Record<keyof typeof IDS, NetworkLabel>> = {
      mainnet: { '.near': 'mainnet', '.testnet': 'testnet', implicit: 'mainnet', 'eth-implicit': 'mainnet' },
      testnet: { '.near': 'mainnet', '.testnet': 'testnet', implicit: 'testnet', 'eth-implicit': 'testnet' },
      custom: { '.near': 'custom', '.testnet': 'custom', implicit: 'custom', 'eth-implicit': 'custom' },
    };
    const PAGE: Record<NetworkLabel, (id: string) => string | undefined> = {
      mainnet: (id) => `https://nearblocks.io/address/${id}`,
      testnet: (id) => `https://testnet.nearblocks.io/address/${id}`,
      custom: (id) => `https://explorer.example/a/${id}`,
    };
    for (const network of ['mainnet', 'testnet', 'custom'] as const) {
      for (const [kind, id] of Object.entries(IDS) as Array<[keyof typeof IDS, string]>) {
        it(`${network} × ${kind}`, () => {
          const where = expected[network][kind];
          assert.equal(networkForLookup(network, id), where);
          const raw: RawSettings = { network: { globalValue: network } };
          const plain = normaliseSettings(raw, TRUSTED);
          assert.equal(explorerUrlFor(plain, id), where === 'custom' ? undefined : PAGE[where](id), 'no custom template: no link');
          const withPage = normaliseSettings({ ...raw, 'customNetwork.explorerUrl': { globalValue: CUSTOM_PAGE } }, TRUSTED);
          assert.equal(explorerUrlFor(withPage, id), PAGE[where](id));
        });
      }
    }
  });
});

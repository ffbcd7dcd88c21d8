// What NEAR Lens says about networks (src/platform/network.ts) agrees with where look-ups go and where links
// point: the Switch Network choices, the status bar, the no-key notice, and Look Up Account's offer for a missing id.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { explorerUrlFor, networkForLookup, normaliseSettings } from '../../../src/platform/settings';
import type { RawSettings } from '../../../src/platform/settings';
import type { NetworkLabel } from '../../../src/near/networks';
import { isLoopbackHost, keylessPublic, lookupOffer, NETWORK_CHOICES, networkName, statusTooltip } from '../../../src/platform/network';

const IMPLICIT = 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82';
const ETH = '0xab12ab12ab12ab12ab12ab12ab12ab12ab12ab12';
const CUSTOM_PAGE = 'https://explorer.example/a/{accountId}';
const STUB = { 'customNetwork.apiUrl': { globalValue: 'http://127.0.0.1:3030' }, 'customNetwork.rpcUrl': { globalValue: 'http://127.0.0.1:3031' } };

const settings = (network: NetworkLabel, extra: RawSettings = {}) =>
  normaliseSettings({ network: { globalValue: network }, ...(network === 'custom' ? STUB : {}), ...extra }, { trusted: true });
const labels = (o: ReturnType<typeof lookupOffer>): string[] => o.actions.map((a) => a.label);

describe('network texts', () => {
  it('the Switch Network choices say where ids go, as networkForLookup does', () => {
    const say = Object.fromEntries(NETWORK_CHOICES);
    assert.deepEqual(Object.keys(say), ['mainnet', 'testnet', 'custom']);
    assert.equal(networkForLookup('mainnet', 'alice.testnet'), 'testnet');
    assert.match(say['mainnet'] ?? '', /\.testnet ids still go to testnet/);
    assert.equal(networkForLookup('testnet', 'alice.near'), 'mainnet');
    assert.match(say['testnet'] ?? '', /\.near ids still go to mainnet/);
    for (const id of ['alice.near', 'alice.testnet', IMPLICIT, ETH]) assert.equal(networkForLookup('custom', id), 'custom');
    assert.match(say['custom'] ?? '', /every id, whatever its suffix/);
  });

  it('the no-key notice (public, rate-limited path) shows on the FastNEAR presets only', () => {
    assert.equal(keylessPublic('mainnet'), true);
    assert.equal(keylessPublic('testnet'), true);
    assert.equal(keylessPublic('custom'), false);
    for (const n of ['mainnet', 'testnet'] as const) {
      assert.match(statusTooltip(settings(n), undefined), /no API key: public, rate-limited path/);
      assert.doesNotMatch(statusTooltip(settings(n), 'secret-storage'), /rate-limited/);
    }
    const custom = statusTooltip(settings('custom'), undefined);
    assert.doesNotMatch(custom, /public|rate-limited/);
    assert.match(custom, / · no API key · /);
  });

  it('the empty watchlist welcome shows the notice only off a custom network', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as {
      contributes: { viewsWelcome: Array<{ contents: string; when: string }> };
    };
    const notices = pkg.contributes.viewsWelcome.filter((w) => w.contents.includes('rate-limited'));
    assert.equal(notices.length, 1);
    assert.match(notices[0]?.when ?? '', /&& config\.nearLens\.network != custom$/);
  });

  it('the status bar tooltip says what the picker says, and whether a custom network has explorer links', () => {
    assert.equal(
      statusTooltip(settings('mainnet'), 'secret-storage'),
      "NEAR Lens: mainnet · FastNEAR mainnet; .testnet ids still go to testnet · API key set (in VS Code's secret storage) · click to switch network",
    );
    assert.equal(
      statusTooltip(settings('custom'), undefined),
      'NEAR Lens: custom · your endpoints for every id, whatever its suffix (nearLens.customNetwork.*) · no explorer links · no API key · click to switch network',
    );
    assert.doesNotMatch(statusTooltip(settings('custom', { 'customNetwork.explorerUrl': { globalValue: CUSTOM_PAGE } }), undefined), /explorer/);
    const broken = normaliseSettings({ network: { globalValue: 'custom' } }, { trusted: true });
    assert.match(statusTooltip(broken, undefined), /^NEAR Lens: custom · The custom network needs nearLens\.customNetwork\.rpcUrl/);
  });
});

describe('where the key is and which node is in use (#32)', () => {
  it('the tooltip says where the key in use is kept: secret storage, this browser, or memory for this window', () => {
    assert.match(statusTooltip(settings('mainnet'), 'secret-storage'), / · API key set \(in VS Code's secret storage\) · /);
    assert.match(statusTooltip(settings('mainnet'), 'browser'), / · API key set \(in this browser's storage\) · /);
    assert.match(statusTooltip(settings('mainnet'), 'memory'), / · API key set \(in memory for this window only\) · /);
  });

  it('an RPC-only custom network is named by its node: local on this machine, custom elsewhere; REST endpoints stay "custom"', () => {
    const rpcOnly = (rpc: string) => normaliseSettings({ network: { globalValue: 'custom' }, 'customNetwork.rpcUrl': { globalValue: rpc } }, { trusted: true });
    assert.equal(networkName(rpcOnly('http://127.0.0.1:3031')), 'local · 127.0.0.1:3031');
    assert.equal(networkName(rpcOnly('http://localhost:3030/')), 'local · localhost:3030');
    assert.equal(networkName(rpcOnly('https://rpc.example.org')), 'custom · rpc.example.org');
    assert.equal(networkName(settings('custom')), 'custom');
    assert.equal(networkName(settings('mainnet')), 'mainnet');
    assert.match(statusTooltip(rpcOnly('http://127.0.0.1:3031'), undefined), /^NEAR Lens: local · 127\.0\.0\.1:3031 · /);
    assert.equal(isLoopbackHost('127.0.0.1'), true);
    assert.equal(isLoopbackHost('[::1]:3030'), true);
    assert.equal(isLoopbackHost('127.0.0.1.example.org'), false);
  });
});

describe("Look Up Account's offer when the usual actions do not fit", () => {
  it('a missing id: the network it could be on, its explorer page there, Copy Id; never the balance panel', () => {
    const mainnet = settings('mainnet');
    assert.deepEqual(lookupOffer(mainnet, IMPLICIT, 'mainnet'), {
      message: `No account ${IMPLICIT} on mainnet.`,
      actions: [
        { label: 'Check on testnet', network: 'testnet' },
        { label: 'Search on Explorer', url: `https://nearblocks.io/address/${IMPLICIT}` },
        { label: 'Copy Id', copy: IMPLICIT },
      ],
    });
    // A suffix decides on the presets: no other network to check.
    assert.deepEqual(labels(lookupOffer(mainnet, 'nobody.near', 'mainnet')), ['Search on Explorer', 'Copy Id']);
    assert.deepEqual(labels(lookupOffer(settings('testnet'), ETH, 'testnet')), ['Check on mainnet', 'Search on Explorer', 'Copy Id']);
    // Custom: the suffix's preset, or both for an id without one; an explorer link only with the custom template.
    const custom = settings('custom');
    assert.deepEqual(labels(lookupOffer(custom, 'nobody.near', 'custom')), ['Check on mainnet', 'Copy Id']);
    assert.deepEqual(labels(lookupOffer(custom, IMPLICIT, 'custom')), ['Check on mainnet', 'Check on testnet', 'Copy Id']);
    const page = settings('custom', { 'customNetwork.explorerUrl': { globalValue: CUSTOM_PAGE } });
    assert.deepEqual(lookupOffer(page, 'nobody.testnet', 'custom').actions, [
      { label: 'Check on testnet', network: 'testnet' },
      { label: 'Search on Explorer', url: 'https://explorer.example/a/nobody.testnet' },
      { label: 'Copy Id', copy: 'nobody.testnet' },
    ]);
    // Checked on mainnet from a custom network and missing there too: mainnet's explorer, testnet left to check.
    assert.deepEqual(lookupOffer(custom, IMPLICIT, 'mainnet').actions, [
      { label: 'Check on testnet', network: 'testnet' },
      { label: 'Search on Explorer', url: `https://nearblocks.io/address/${IMPLICIT}` },
      { label: 'Copy Id', copy: IMPLICIT },
    ]);
  });

  it('found on a network it is not normally looked up on: its page on that network and Copy Id', () => {
    assert.deepEqual(lookupOffer(settings('mainnet'), 'here.tg', 'testnet', 'Total 1 NEAR'), {
      message: 'here.tg on testnet: Total 1 NEAR',
      actions: [
        { label: 'Open in Explorer', url: 'https://testnet.nearblocks.io/address/here.tg' },
        { label: 'Copy Id', copy: 'here.tg' },
      ],
    });
  });

  it('every link offered is on the network the data came from', () => {
    for (const setting of ['mainnet', 'testnet', 'custom'] as const) {
      const s = settings(setting, { 'customNetwork.explorerUrl': { globalValue: CUSTOM_PAGE } });
      for (const id of ['nobody.near', 'nobody.testnet', IMPLICIT, ETH]) {
        const network = networkForLookup(setting, id);
        const offer = lookupOffer(s, id, network);
        for (const a of offer.actions) {
          if ('url' in a) assert.equal(a.url, explorerUrlFor(s, id, network), `${setting} × ${id}`);
          if ('network' in a) assert.notEqual(a.network, network);
        }
      }
    }
  });
});

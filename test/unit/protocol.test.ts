// Unit tests of the panel message guards (src/features/panel/protocol.ts): only the exact message shapes pass.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIQUID_STAKING_PROVIDERS, normaliseFull } from '../../src/near/account';
import { buildPanelModel } from '../../src/features/panel/model/panelModel';
import { isHostMessage, isPanelState, isPanelViewModel, isWebviewMessage } from '../../src/features/panel/protocol';
import type { PanelViewModel } from '../../src/features/panel/protocol';

function model(): PanelViewModel {
  const f = normaliseFull(JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'fastnear-v1-account-full-alice.near.json'), 'utf8')) as unknown);
  return buildPanelModel({
    accountId: f.accountId,
    network: 'mainnet',
    full: f,
    fetchedAt: 0,
    ftMeta: () => undefined,
    pools: new Map(),
    decimals: 5,
    liquidStakingProviders: DEFAULT_LIQUID_STAKING_PROVIDERS,
  });
}

const NON_OBJECTS: unknown[] = [undefined, null, 0, 1, true, 'ready', '{"type":"ready"}', [], [{ type: 'ready' }], () => 0, Symbol('x')];

describe('panel protocol guards', () => {
  describe('isWebviewMessage (webview → host)', () => {
    it('accepts exactly ready, refresh (of one list too) and copyCurl', () => {
      assert.ok(isWebviewMessage({ type: 'ready' }));
      assert.ok(isWebviewMessage({ type: 'refresh' }));
      for (const part of ['ft', 'nft', 'staking']) assert.ok(isWebviewMessage({ type: 'refresh', part }), part);
      assert.ok(isWebviewMessage({ type: 'copyCurl' }));
    });
    it('a part only on refresh, and only one of the three lists', () => {
      for (const v of [
        { type: 'refresh', part: 'full' },
        { type: 'refresh', part: '/ft' },
        { type: 'refresh', part: ['ft'] },
        { type: 'ready', part: 'ft' },
        { type: 'copyCurl', part: 'ft' },
        { type: 'copyCurl', accountId: 'evil.near' },
        { type: 'copyCurl', url: 'https://evil.example' },
      ])
        assert.equal(isWebviewMessage(v), false, JSON.stringify(v));
    });
    it('rejects non-objects', () => {
      for (const v of NON_OBJECTS) assert.equal(isWebviewMessage(v), false, String(v));
    });
    it('rejects other types, wrong casing and extra fields', () => {
      for (const v of [
        {},
        { type: 'Ready' },
        { type: 'account' },
        { type: 'openExternal', url: 'https://evil.example' },
        { type: 'command', command: 'nearLens.clearApiKey' },
        { type: 'refresh', accountId: 'evil.near' },
        { type: 'ready', apiKey: 'x' },
        { type: ['ready'] },
        { type: 1 },
        { kind: 'ready' },
      ]) {
        assert.equal(isWebviewMessage(v), false, JSON.stringify(v));
      }
    });
    it('ignores prototype tricks', () => {
      const proto = Object.create({ type: 'ready' }) as unknown;
      assert.equal(isWebviewMessage(proto), false);
      assert.equal(isWebviewMessage(JSON.parse('{"type":"ready","__proto__":{"x":1}}')), false);
    });
  });

  describe('isHostMessage (host → webview)', () => {
    it('accepts the three message kinds', () => {
      assert.ok(isHostMessage({ type: 'account', data: model() }));
      assert.ok(isHostMessage({ type: 'loading', accountId: 'alice.near' }));
      assert.ok(isHostMessage({ type: 'error', message: 'Rate limited.' }));
    });
    it('rejects non-objects, unknown types and extra fields', () => {
      for (const v of NON_OBJECTS) assert.equal(isHostMessage(v), false, String(v));
      for (const v of [
        { type: 'html', html: '<b>x</b>' },
        { type: 'error' },
        { type: 'error', message: 1 },
        { type: 'error', message: 'x', html: '<b>' },
        { type: 'loading' },
        { type: 'account' },
        { type: 'account', data: {} },
        { type: 'account', data: model(), extra: 1 },
      ]) {
        assert.equal(isHostMessage(v), false, JSON.stringify(v));
      }
    });
    it('rejects a view model with a wrong field type, a missing field, an extra field or an unknown segment', () => {
      const m = model();
      assert.ok(isPanelViewModel(m));
      const cases: unknown[] = [
        { ...m, total: 5 },
        { ...m, exists: 'yes' },
        { ...m, apiKey: 'secret' },
        { ...m, notes: [1] },
        { ...m, tokens: [{ ...m.tokens[0], amount: { toString: () => 'x' } }] },
        { ...m, tokens: [{ ...m.tokens[0], extra: '' }] },
        { ...m, bar: [{ ...m.bar[0], key: 'hacked' }] },
        { ...m, bar: [{ ...m.bar[0], width: Number.NaN }] },
        { ...m, figures: 'none' },
        { ...m, total: 'x'.repeat(10_001) },
      ];
      const { indexer: _omit, ...missing } = m;
      cases.push(missing);
      for (const c of cases) assert.equal(isPanelViewModel(c), false);
    });
  });

  it('isPanelState: an account id, optionally with data', () => {
    assert.ok(isPanelState({ accountId: 'alice.near' }));
    assert.ok(isPanelState({ accountId: 'alice.near', data: model() }));
    assert.equal(isPanelState({ accountId: 5 }), false);
    assert.equal(isPanelState({ accountId: 'a', data: { total: 1 } }), false);
    assert.equal(isPanelState(null), false);
  });
});

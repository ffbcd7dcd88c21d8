// Unit tests of the missing-account helpers (src/features/diagnostics/model/missingAccounts.ts) and of the diagnostics
// settings (src/platform/settings.ts): each switch, `enabled` over all, missing accounts opt-in and never without lookups
// or (untrusted) the user's leave.
import { strict as assert } from 'node:assert';
import { didYouMean, editDistance, missingAccountProblem, namedIds } from '../../../../src/features/diagnostics/model/missingAccounts';
import { normaliseSettings } from '../../../../src/platform/settings';
import type { RawSettings } from '../../../../src/platform/settings';

const user = (o: Record<string, unknown>): RawSettings => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { globalValue: v }])) as RawSettings;

describe('diagnostics: missing accounts', () => {
  it('edit distance, stopping early past the limit', () => {
    assert.equal(editDistance('alice.near', 'alice.near'), 0);
    assert.equal(editDistance('alicee.near', 'alice.near'), 1);
    assert.equal(editDistance('aliec.near', 'alice.near'), 2);
    assert.equal(editDistance('bob.near', 'alice.near'), 3, 'past the limit: max + 1');
  });
  it('did you mean: known ids within two edits, same top-level account, closest first, at most three', () => {
    const known = ['alice.near', 'alice.testnet', 'alic.near', 'bob.near', 'alicee.near'];
    assert.deepEqual(didYouMean('alicee.near', known), ['alice.near', 'alic.near']);
    assert.deepEqual(didYouMean('zzz.near', known), []);
    const p = missingAccountProblem('alicee.near', 0, 11, 'mainnet', ['alice.near']);
    assert.equal(p.message, 'alicee.near: no such account on mainnet (did you mean alice.near?).');
    assert.deepEqual(p.fixes, [{ title: 'Did you mean alice.near?', newText: 'alice.near', preferred: true }]);
    assert.equal(missingAccountProblem('x.near', 0, 6, 'testnet', []).message, 'x.near: no such account on testnet.');
  });
  it('named ids only (an implicit account exists once funded: not a mistake)', () => {
    const text = `send("alice.near"); to("f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82"); this.near`;
    assert.deepEqual(
      namedIds(text).map((x) => x.id),
      ['alice.near'],
    );
  });
});

describe('diagnostics: settings', () => {
  it('secret keys, account ids and amounts on by default; missing accounts off', () => {
    assert.deepEqual(normaliseSettings({}, { trusted: true }).diagnostics, {
      secretKeys: true,
      accountIds: true,
      inexactAmounts: true,
      missingAccounts: false,
    });
  });
  it('enabled: false turns every one off; each switch alone', () => {
    assert.deepEqual(normaliseSettings(user({ 'diagnostics.enabled': false, 'diagnostics.missingAccounts': true }), { trusted: true }).diagnostics, {
      secretKeys: false,
      accountIds: false,
      inexactAmounts: false,
      missingAccounts: false,
    });
    assert.equal(normaliseSettings(user({ 'diagnostics.accountIds': false }), { trusted: true }).diagnostics.accountIds, false);
    assert.equal(normaliseSettings(user({ 'diagnostics.accountIds': false }), { trusted: true }).diagnostics.secretKeys, true);
  });
  it('missing accounts: never with lookups off; untrusted only with the user-level leave (never from the workspace)', () => {
    const on = { 'diagnostics.missingAccounts': true };
    assert.equal(normaliseSettings(user(on), { trusted: true }).diagnostics.missingAccounts, true);
    assert.equal(normaliseSettings(user({ ...on, 'hover.lookups': false }), { trusted: true }).diagnostics.missingAccounts, false);
    assert.equal(normaliseSettings(user(on), { trusted: false }).diagnostics.missingAccounts, false);
    assert.equal(normaliseSettings(user({ ...on, 'diagnostics.missingAccountsWhenUntrusted': true }), { trusted: false }).diagnostics.missingAccounts, true);
    const fromWorkspace = { ...user(on), 'diagnostics.missingAccountsWhenUntrusted': { workspaceValue: true } } as RawSettings;
    assert.equal(normaliseSettings(fromWorkspace, { trusted: false }).diagnostics.missingAccounts, false);
  });
});

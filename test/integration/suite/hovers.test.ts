// In-editor hovers: vscode.executeHoverProvider on the fixture files (TS, Rust, JSON, Markdown) against the stub.
import assert from 'node:assert/strict';
import { activateExtension, captureLogWarnings, clearApiKey, hoverText, openFixture, positionOf, setApiKey, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubFault, stubRequests } from '../support/stubClient';

const IMPLICIT = 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82';
const ROOT_KEY = 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
const SECRET = 'ed25519:DyXZZCSiBREJ8YZ5cULd7PVdKpbkhHvHJ7otbJmLJajJtRsyq1irMMqKimYeKvRmZ8Sc2qWLhKjYR4ekM8RSzkV';

/** Hover markdown with markdown escapes removed, so figures compare as plain text. */
async function hoverAt(file: string, text: string, nth = 0): Promise<string> {
  const editor = await openFixture(file);
  const raw = await hoverText(editor.document.uri, positionOf(editor.document, text, nth, 3));
  return raw.replace(/\\(.)/g, '$1');
}

describe('hovers', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  after(async () => {
    await resetStub();
  });

  for (const file of ['sample.ts', 'sample.rs', 'sample.json', 'README.md']) {
    it(`shows alice.near's balance from the stub in ${file}`, async () => {
      const text = await hoverAt(file, 'alice.near');
      assert.match(text, /alice\.near/);
      // fixture state.balance 1234567800000000000000000000 yocto = 1,234.5678 NEAR
      assert.ok(text.includes('Balance: 1,234.5678'), text);
    });
  }

  it('looks up the implicit account', async () => {
    const text = await hoverAt('sample.ts', IMPLICIT);
    assert.ok(text.includes(IMPLICIT), text);
    // fixture state.balance 99820000000000000000000 yocto = 0.09982 NEAR
    assert.ok(text.includes('Balance: 0.09982'), text);
  });

  it('lists the accounts of a public key', async () => {
    const text = await hoverAt('sample.rs', ROOT_KEY);
    assert.ok(text.includes('Full-access key of 2 accounts'), text);
    assert.ok(text.includes('root.near'), text);
    assert.ok(text.includes(IMPLICIT), text);
  });

  it('warns about a secret key and sends nothing', async () => {
    await resetStub();
    const text = await hoverAt('sample.json', SECRET);
    assert.ok(text.includes('Possible secret key'), text);
    assert.ok(!text.includes(SECRET), 'the secret is not echoed');
    assert.deepEqual(await stubRequests(), []);
  });

  it('says nobody.near does not exist', async () => {
    const text = await hoverAt('README.md', 'nobody.near');
    assert.ok(text.includes('No such account'), text);
  });

  it('shows a liquid-staking token without metadata as (raw) with a short reason, never the RPC sentence', async () => {
    // here.tg holds game.hot.tg (no such account) and nearrewards.near (no contract code); made "liquid staking" here so
    // the hover lists them. Their ft_metadata fails with the stub's real error envelopes.
    const { warnings, stop } = captureLogWarnings(api);
    await setUserSetting('nearLens.liquidStakingProviders', ['game.hot.tg', 'nearrewards.near']);
    try {
      const text = await hoverAt('README.md', 'here.tg');
      // "metadata unavailable" once the failure is in; "metadata not loaded" if the hover's short wait ended first.
      assert.match(text, /Liquid staking · \*\*game\.hot\.tg\*\*: 9990 \(raw\) · metadata (unavailable|not loaded)\s/, text);
      assert.match(text, /Liquid staking · \*\*nearrewards\.near\*\*: 10000000000000000000 \(raw\) · metadata (unavailable|not loaded)\s/, text);
      assert.equal(text.split('(raw): decimals unknown').length, 2, `the raw mark explained once:\n${text}`);
      assert.doesNotMatch(text, /does not exist|deployed|while viewing/, text);
      // The whole reason goes to the log.
      await waitFor(() => warnings.some((w) => /hover: ft_metadata of game\.hot\.tg failed: .*does not exist/.test(w)), { what: 'the log line' });
      await waitFor(() => warnings.some((w) => /hover: ft_metadata of nearrewards\.near failed: contract: No contract is deployed/.test(w)), {
        what: 'the log line',
      });
    } finally {
      stop();
      await setUserSetting('nearLens.liquidStakingProviders', undefined);
    }
  });

  it('a hover from stale data still scales liquid-staking amounts with the cached ft_metadata', async () => {
    const liquid = (text: string): string | undefined => /Liquid staking · \*\*meta-pool\.near\*\*: [^\n]*/.exec(text)?.[0]?.trim();
    assert.equal(liquid(await hoverAt('sample.ts', 'alice.near')), 'Liquid staking · **meta-pool.near**: 5 stNEAR');
    await api.services.clientForAccount('alice.near').client.rpc.ftMetadata('meta-pool.near'); // in the cache (for a day)
    await stubFault({ host: 'api', match: '/v1/account/alice.near/full', fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } });
    await stubFault({ host: 'rpc', match: 'ft_metadata', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } });
    await stubFault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } }); // nothing stands in (#26)
    // Past the account's cache time (30 s) without waiting: the clock reads 10 minutes later during this one hover.
    const now = Date.now;
    Date.now = () => now() + 10 * 60_000;
    let text: string;
    try {
      text = await hoverAt('sample.ts', 'alice.near');
    } finally {
      Date.now = now;
    }
    assert.ok(text.includes('Rate limited by the service') && text.includes('Showing the last data received'), text);
    assert.equal(liquid(text), 'Liquid staking · **meta-pool.near**: 5 stNEAR', text);
    assert.ok(!text.includes('(raw'), text);
  });

  it('shows the rate-limit message on HTTP 429', async () => {
    await setApiKey('hover-429-key'); // a new key drops the cache, so the next hover asks the stub
    try {
      await stubFault({ host: 'api', match: '/v1/account/here.tg/full', fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } });
      await stubFault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } }); // nothing stands in (#26)
      const text = await hoverAt('sample.ts', 'here.tg');
      assert.ok(text.includes('Rate limited by the service'), text);
    } finally {
      await resetStub();
      await clearApiKey();
    }
  });
});

// In-editor Look Up Account: called from code it returns the data without UI; for a missing id the actions offered
// (built by the pure lookupOffer from the extension's own settings) fit — no Balance Panel — and every explorer link
// is on the network the data came from (the run's user settings select a custom network: the stub).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { classify } from '../../../src/near/ids';
import { lookupOffer } from '../../../src/platform/network';
import { activateExtension, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubRequests } from '../support/stubClient';

const PAGE = 'http://127.0.0.1:9/account/{accountId}';

describe('look up account', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  after(async () => {
    await setUserSetting('nearLens.customNetwork.explorerUrl', undefined);
  });

  const hoverLinks = async (id: string): Promise<string> => ((await api.hoverProvider.sections(classify(id))) ?? []).join('\n');

  it('returns a missing account without UI, and offers what fits: other networks and Copy Id, no panel', async () => {
    const { services } = api;
    assert.equal(services.settings.network, 'custom');
    const full = await vscode.commands.executeCommand<{ accountId: string; state: unknown }>('nearLens.lookupAccount', { id: 'nobody.near', show: false });
    assert.equal(full?.accountId, 'nobody.near');
    assert.ok(!full.state, 'no such account');
    assert.ok((await stubRequests()).some((q) => q.host === 'api' && q.path === '/v1/account/nobody.near/full'));
    const offer = lookupOffer(services.settings, 'nobody.near', 'custom');
    assert.equal(offer.message, 'No account nobody.near on custom.');
    assert.deepEqual(offer.actions, [
      { label: 'Check on mainnet', network: 'mainnet' },
      { label: 'Copy Id', copy: 'nobody.near' },
    ]);
    // The commands the actions run exist.
    const commands = await vscode.commands.getCommands(true);
    for (const c of ['nearLens.lookupAccount', 'nearLens.copyText']) assert.ok(commands.includes(c), c);
    // No explorer page for custom data: not mainnet's, even for a .near id, in the hover either.
    assert.equal(services.explorerUrl('alice.near'), undefined);
    assert.doesNotMatch(await hoverLinks('alice.near'), /Open in Explorer/);
  });

  it('with nearLens.customNetwork.explorerUrl, links and searches go to that explorer', async () => {
    const { services } = api;
    await setUserSetting('nearLens.customNetwork.explorerUrl', PAGE);
    await waitFor(() => services.settings.explorer.custom === PAGE, { what: 'the custom explorer setting' });
    assert.equal(services.explorerUrl('alice.near'), 'http://127.0.0.1:9/account/alice.near');
    assert.equal(services.explorerUrl('alice.near', 'mainnet'), 'https://nearblocks.io/address/alice.near', 'a look-up checked on mainnet links there');
    assert.deepEqual(
      lookupOffer(services.settings, 'nobody.near', 'custom').actions.map((a) => a.label),
      ['Check on mainnet', 'Search on Explorer', 'Copy Id'],
    );
    assert.match(await hoverLinks('alice.near'), /Open in Explorer/);
  });

  it('refuses a network it does not know, sending nothing', async () => {
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.lookupAccount', { id: 'alice.near', network: 'moonnet', show: false })),
      /mainnet, testnet or custom/,
    );
    assert.deepEqual(await stubRequests(), []);
  });
});

// In-editor watchlist: the add/remove commands with arguments change what the tree provider shows.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub } from '../support/stubClient';

function rootIds(api: NearLensApi): string[] {
  return api.watchlist.provider.getChildren().map((n) => n.accountId);
}

describe('watchlist', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
    await resetStub();
  });
  after(async () => {
    for (const id of ['alice.near', 'here.tg']) await vscode.commands.executeCommand('nearLens.watchlist.remove', id);
    await api.watchlist.whenIdle();
    await resetStub();
  });

  it('adds several accounts and removes one', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ['alice.near', 'here.tg']);
    await waitFor(() => rootIds(api).includes('alice.near') && rootIds(api).includes('here.tg'), { what: 'both ids in the tree' });
    assert.deepEqual(rootIds(api).filter((id) => id === 'alice.near' || id === 'here.tg').sort(), ['alice.near', 'here.tg']);

    await vscode.commands.executeCommand('nearLens.watchlist.remove', 'alice.near');
    await waitFor(() => !rootIds(api).includes('alice.near'), { what: 'alice.near gone from the tree' });
    assert.ok(rootIds(api).includes('here.tg'), rootIds(api).join(','));
    await api.watchlist.whenIdle();
  });
});

// In-editor test of the trust-on run: the workspace opens untrusted (Restricted Mode) and the extension still
// activates (untrustedWorkspaces: limited). The workspace's .vscode/settings.json points at the stub's foreign host.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, fixtureUri } from '../support/editor';
import { stubUrls } from '../support/stubClient';

describe('untrusted workspace', () => {
  it('opens the workspace untrusted and still activates', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    await activateExtension();
  });

  it('has the hostile workspace settings on disk, pointing at the foreign host', async () => {
    const raw = Buffer.from(await vscode.workspace.fs.readFile(fixtureUri('.vscode/settings.json'))).toString('utf8');
    const settings = JSON.parse(raw) as Record<string, unknown>;
    assert.equal(settings['nearLens.customNetwork.apiUrl'], stubUrls().foreignUrl);
  });
});

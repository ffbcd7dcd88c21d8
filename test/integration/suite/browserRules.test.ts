// The browser's rules (issue #28), in both runs: the stub's preflight refusing the Authorization header. In the Web
// Worker host (the web build, a cross-origin page) a look-up with the key as a header reads "the browser blocked this
// request …" with the apiKey= transport offered — never "no such account" or a bare fetch failure — and the same
// look-up with transport "query" goes through; in the Node host there is no CORS and it goes through as it is.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, clearApiKey, setApiKey, setUserSetting } from '../support/editor';
import { resetStub, setStubCors, stubEnvValue, stubRequests } from '../support/stubClient';

const BLOCKED = /^The browser blocked this request: the service does not allow it from vscode\.dev/;
// Made up, never a real key (an arithmetic sequence).
const KEY = 'k0123456789abcdef';

describe('browser rules (CORS)', () => {
  const web = (): boolean => stubEnvValue('NEAR_LENS_TEST_HOST') === 'web';
  const lookUp = (id: string): Promise<unknown> => Promise.resolve(vscode.commands.executeCommand('nearLens.lookupAccount', { id, show: false }));

  before(async () => {
    await activateExtension();
  });
  afterEach(async () => {
    await setUserSetting('nearLens.auth.transport', undefined);
    await clearApiKey();
    await resetStub();
  });

  it('a preflight refusing Authorization: in the web build the words say so and offer apiKey=; in Node the look-up goes through', async () => {
    await resetStub();
    await setStubCors('no-authorization');
    await setApiKey(KEY);
    if (web()) {
      await assert.rejects(lookUp('poor.near'), (e: Error) => {
        assert.match(e.message, BLOCKED);
        assert.match(e.message, /nearLens\.auth\.transport to "query"/);
        assert.doesNotMatch(e.message, /does not exist|no such account|fetch failed|Failed to fetch/i);
        assert.ok(!e.message.includes(KEY), 'the key is not in the message');
        return true;
      });
      // The browser stopped it at the preflight: the look-up itself never reached the service.
      assert.deepEqual(
        (await stubRequests()).filter((r) => r.path.includes('poor.near')),
        [],
      );
    } else {
      assert.ok(await lookUp('poor.near'));
      assert.ok((await stubRequests()).some((r) => r.path.includes('poor.near') && r.headers['authorization'] === `Bearer ${KEY}`));
    }
  });

  it('the same refusal with transport "query": the key as apiKey= needs no such permission, and the look-up goes through', async () => {
    await setStubCors('no-authorization');
    await setApiKey(KEY);
    await setUserSetting('nearLens.auth.transport', 'query');
    assert.ok(await lookUp('mob.near'));
    const sent = (await stubRequests()).filter((r) => r.path.includes('mob.near'));
    assert.ok(sent.length > 0 && sent.every((r) => r.query['apiKey'] === KEY && r.headers['authorization'] === undefined));
  });
});

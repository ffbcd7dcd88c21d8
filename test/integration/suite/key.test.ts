// In-editor API key: a stored key travels as a Bearer header (never in the URL); after clearing it, nothing does.
import assert from 'node:assert/strict';
import { activateExtension, clearApiKey, hoverText, openFixture, positionOf, setApiKey, waitFor } from '../support/editor';
import { resetStub, stubRequests } from '../support/stubClient';

const KEY = 'test-key-123';

async function hoverAlice(): Promise<void> {
  const editor = await openFixture('sample.ts');
  await hoverText(editor.document.uri, positionOf(editor.document, 'alice.near', 0, 3));
}

describe('API key', () => {
  before(async () => {
    await activateExtension();
  });
  after(async () => {
    await clearApiKey();
    await resetStub();
  });

  it('sends a stored key as Authorization: Bearer, never in the URL', async () => {
    await setApiKey(KEY); // a new key drops the cache, so the hover asks the stub
    await resetStub();
    await hoverAlice();
    const reqs = await waitFor(async () => {
      const r = (await stubRequests()).filter((q) => q.host === 'api');
      return r.length > 0 ? r : undefined;
    }, { what: 'an API request' });
    for (const r of reqs) {
      assert.equal(r.headers['authorization'], `Bearer ${KEY}`, r.url);
      assert.ok(!r.url.includes(KEY), `key in URL: ${r.url}`);
    }
  });

  it('sends no authorization after clearApiKey', async () => {
    await setApiKey(KEY);
    await clearApiKey(); // changes the key, so the cache is dropped again
    await resetStub();
    await hoverAlice();
    const reqs = await waitFor(async () => {
      const r = (await stubRequests()).filter((q) => q.host === 'api');
      return r.length > 0 ? r : undefined;
    }, { what: 'an API request' });
    for (const r of reqs) {
      assert.equal(r.headers['authorization'], undefined, r.url);
      assert.ok(!r.url.includes(KEY), `key in URL: ${r.url}`);
    }
  });
});

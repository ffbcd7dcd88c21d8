// In-editor API key: a stored key (by argument or typed at the prompt) travels as a Bearer header, never in the
// URL; with nearLens.auth.transport = query it travels as apiKey= and no header; after clearing it, nothing does.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/stub';
import {
  activateExtension,
  answerNextInputBox,
  answerNextQuickPick,
  clearApiKey,
  hoverText,
  openFixture,
  positionOf,
  setApiKey,
  setUserSetting,
  waitFor,
} from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubRequests } from '../support/stubClient';

const KEY = 'test-key-123';
const TYPED = 'typed-key-456';

async function hoverAlice(): Promise<void> {
  const editor = await openFixture('sample.ts');
  await hoverText(editor.document.uri, positionOf(editor.document, 'alice.near', 0, 3));
}

/** Requests the stub saw on `host` (at least one, else it waits). */
async function seen(host: RecordedRequest['host']): Promise<RecordedRequest[]> {
  return waitFor(
    async () => {
      const r = (await stubRequests()).filter((q) => q.host === host);
      return r.length > 0 ? r : undefined;
    },
    { what: `a request on the ${host} host` },
  );
}

/** A hover (REST API) and a block query (RPC) with the current key and transport; returns what the stub saw. */
async function lookUp(): Promise<RecordedRequest[]> {
  await resetStub();
  await hoverAlice();
  await vscode.commands.executeCommand('nearLens.queryBlock', { host: 'regular', finality: 'final', show: false });
  return [...(await seen('api')), ...(await seen('rpc'))];
}

function assertBearer(reqs: RecordedRequest[], key: string): void {
  for (const r of reqs) {
    assert.equal(r.headers['authorization'], `Bearer ${key}`, r.url);
    assert.equal(r.query['apiKey'], undefined, r.url);
    assert.ok(!r.url.includes(key), `key in URL: ${r.url}`);
  }
}

describe('API key', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(async () => {
    await setUserSetting('nearLens.auth.transport', undefined);
    await clearApiKey();
    await resetStub();
  });

  it('sends a stored key as Authorization: Bearer, never in the URL', async () => {
    await setApiKey(KEY); // a new key drops the cache, so the hover asks the stub
    await resetStub();
    await hoverAlice();
    assertBearer(await seen('api'), KEY);
  });

  it('sends no authorization after clearApiKey', async () => {
    await setApiKey(KEY);
    await clearApiKey(); // changes the key, so the cache is dropped again
    await resetStub();
    await hoverAlice();
    const reqs = await seen('api');
    for (const r of reqs) {
      assert.equal(r.headers['authorization'], undefined, r.url);
      assert.ok(!r.url.includes(KEY), `key in URL: ${r.url}`);
    }
  });

  it('stores the key typed at the prompt (a password box) and sends it to both hosts', async () => {
    // In the Web Worker host (the web build) a second question asks where to keep it: memory for this window is first.
    const g = globalThis as Record<string, unknown>;
    const onWeb = typeof g['WorkerGlobalScope'] === 'function' && g['process'] === undefined;
    const asked = answerNextInputBox(`  ${TYPED}  `);
    const where = onWeb ? answerNextQuickPick((items) => items[0]) : undefined;
    const stored = await vscode.commands.executeCommand<boolean>('nearLens.setApiKey');
    assert.equal(stored, true);
    const options = await asked;
    assert.equal(options?.password, true, 'the key is typed into a password box');
    assert.equal(options?.ignoreFocusOut, true);
    assert.equal(api.services.hasApiKey, true);
    assertBearer(await lookUp(), TYPED); // trimmed
    const provider = api.services.apiKey.get('custom') === TYPED ? 'custom' : 'fastnear';
    if (where) {
      const { items } = await where;
      assert.deepEqual(
        items.map((i) => i.label),
        ['Keep for this window only', 'Remember in this browser'],
      );
      assert.equal(api.services.apiKey.remembered(provider), false, 'the web build keeps a typed key in memory by default');
    } else assert.equal(api.services.apiKey.remembered(provider), true, 'the desktop build stores it');
  });

  it('keeps the key when the prompt is dismissed', async () => {
    await setApiKey(KEY);
    const asked = answerNextInputBox(undefined);
    const stored = await vscode.commands.executeCommand<boolean>('nearLens.setApiKey');
    await asked;
    assert.equal(stored, false);
    assert.equal(api.services.hasApiKey, true);
    assertBearer(await lookUp(), KEY);
  });

  it('refuses a key the prompt would refuse, given as an argument', async () => {
    const stored = await vscode.commands.executeCommand<boolean>('nearLens.setApiKey', 'has spaces inside');
    assert.equal(stored, false);
    assert.equal(api.services.hasApiKey, false);
  });

  it('transport "query" sends apiKey= and no Authorization header; back to "bearer" it is a header again', async () => {
    await setApiKey(KEY);
    await setUserSetting('nearLens.auth.transport', 'query');
    await waitFor(() => api.services.settings.transport === 'query', { what: 'the transport setting to apply' });
    const reqs = await lookUp();
    assert.deepEqual([...new Set(reqs.map((r) => r.host))].sort(), ['api', 'rpc']);
    for (const r of reqs) {
      assert.equal(r.query['apiKey'], KEY, r.url);
      assert.equal(r.headers['authorization'], undefined, r.url);
    }

    await setUserSetting('nearLens.auth.transport', 'bearer');
    await waitFor(() => api.services.settings.transport === 'bearer', { what: 'the transport setting to apply' });
    assertBearer(await lookUp(), KEY);
  });

  it('sends no key at all with transport "query" once the key is cleared', async () => {
    await setApiKey(KEY);
    await setUserSetting('nearLens.auth.transport', 'query');
    await waitFor(() => api.services.settings.transport === 'query', { what: 'the transport setting to apply' });
    await clearApiKey();
    for (const r of await lookUp()) {
      assert.equal(r.query['apiKey'], undefined, r.url);
      assert.equal(r.headers['authorization'], undefined, r.url);
      assert.ok(!r.url.includes(KEY), `key in URL: ${r.url}`);
    }
  });
});

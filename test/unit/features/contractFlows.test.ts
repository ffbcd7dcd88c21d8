// Command flows of contracts, RPC Request and the panel (a review's findings): a secret key in a state prefix in any
// form refused unsent; bad arguments from code reject with no prompt and nothing sent; a cancel ends Call View Method;
// refused arguments are not prefilled again; an RPC result says what was asked.
import { strict as assert } from 'node:assert';
import { base58 } from '@scure/base';
import { NearLensError } from '../../../src/base/errors';
import { viewState, clearContractCache } from '../../../src/client/contracts';
import type { NearClient } from '../../../src/client/client';
import { createFakeEditor, fakeContext, loadIsolated } from '../../support/fakeEditor';
import type { Stub } from '../../support/stub';
import { clientFor, useStub } from '../../support/fixture';
import { makeServices } from '../hardening/harness';
import type * as ContractsModule from '../../../src/features/contracts/contractCommands';
import type * as PanelRegister from '../../../src/features/panel/index';
import type * as RpcRegister from '../../../src/features/rpc/index';

/** The shape of a secret key (64 bytes): made up from an arithmetic sequence, never a real one. */
const SECRET = `ed25519:${base58.encode(new Uint8Array(64).map((_, i) => (i * 13 + 7) % 256))}`;

describe('command flows: contracts, RPC Request, the panel', function () {
  this.timeout(15_000);
  const getStub = useStub();
  let stub: Stub;
  let client: NearClient;
  before(() => {
    stub = getStub();
  });
  beforeEach(() => {
    clearContractCache();
    client = clientFor(stub);
  });
  const rpcSent = (): number => stub.requests.filter((r) => r.host !== 'api').length;

  for (const [label, prefix] of [
    ['percent-encoded', SECRET.replace(':', '%3A')],
    ['glued to text', `STATE:${SECRET}`],
    ['in quotes', `"${SECRET}"`],
  ] as const) {
    it(`View Contract State refuses a secret key in the prefix ${label}, unsent (as RPC params and call args do)`, async () => {
      const before = rpcSent();
      await assert.rejects(viewState(client, 'here.tg', prefix), (e: unknown) => NearLensError.is(e) && e.kind === 'sensitive');
      assert.equal(rpcSent(), before, 'nothing sent');
    });
  }

  // ---------------------------------------------------------------- feature level (fake vscode)

  function contracts(editor: ReturnType<typeof createFakeEditor>, services: ReturnType<typeof makeServices>) {
    return loadIsolated<typeof ContractsModule>(editor.vscode, 'features/contracts/contractCommands').contractCommands(services).handlers;
  }

  it('Open Balance Panel from code with an invalid id rejects with the message (docs/API.md: bad input rejects), no panel', async () => {
    const editor = createFakeEditor();
    const services = makeServices(stub);
    loadIsolated<typeof PanelRegister>(editor.vscode, 'features/panel/index').registerPanel(fakeContext(editor) as never, services);
    await assert.rejects(editor.exec('nearLens.openAccountPanel', 'Not..Valid'), /Not a valid NEAR account id/);
    assert.equal(editor.panels.length, 0);
  });

  it('Call View Method: cancelling "reading <contract>" ends the command (no method prompt, nothing sent after)', async () => {
    const editor = createFakeEditor();
    const services = makeServices(stub);
    // The user presses Cancel on the progress notification at once.
    (editor.vscode['window'] as Record<string, unknown>)['withProgress'] = async (_o: unknown, task: (p: unknown, t: unknown) => Promise<unknown>) =>
      task({ report: () => undefined }, { isCancellationRequested: true, onCancellationRequested: (f: () => void) => (f(), { dispose: () => undefined }) });
    const h = contracts(editor, services);
    editor.inputs.push('$(edit) Other method…', 'get_status', '{}');
    const r = await h['nearLens.callViewMethod']?.({ accountId: 'mob.near' });
    assert.equal(r, undefined);
    assert.deepEqual(editor.rec.quickPicks, [], 'no method picker after a cancel');
  });

  it('Call View Method: arguments refused for a secret key are not kept and prefilled into the next JSON box', async () => {
    const editor = createFakeEditor();
    const services = makeServices(stub);
    const win = editor.vscode['window'] as Record<string, (o?: { value?: string }) => Promise<unknown>>;
    const show = win['showInputBox'] as (o?: { value?: string }) => Promise<unknown>;
    const prefilled: string[] = [];
    win['showInputBox'] = (o) => {
      prefilled.push(o?.value ?? '');
      return show(o);
    };
    const h = contracts(editor, services);
    editor.inputs.push('get_status', JSON.stringify({ key: SECRET }));
    const before = rpcSent();
    await h['nearLens.callViewMethod']?.({ accountId: 'mob.near' });
    assert.ok(
      editor.rec.notifications.some((n) => n.level === 'error' && /secret key/i.test(n.text)),
      'refused with a message',
    );
    const sentForCall = stub.requests.filter((r) => JSON.stringify(r.body).includes('call_function') && JSON.stringify(r.body).includes('get_status'));
    assert.equal(sentForCall.length, 0, 'call not sent');
    assert.ok(rpcSent() >= before);
    editor.inputs.push('get_status', undefined); // second time: dismiss the JSON box
    await h['nearLens.callViewMethod']?.({ accountId: 'mob.near' });
    assert.ok(!prefilled.some((v) => v.includes(SECRET.slice(8))), `the secret came back as the box's value: ${prefilled.join(' | ')}`);
  });

  it('RPC Request: the result document (and Recent Results) shows what was asked, the params, not only the method', async () => {
    const editor = createFakeEditor();
    const services = makeServices(stub);
    loadIsolated<typeof RpcRegister>(editor.vscode, 'features/rpc/index').registerRpcCommands(fakeContext(editor) as never, services);
    const ask = (account_id: string) =>
      editor.exec('nearLens.rpcRequest', { method: 'query', params: { request_type: 'view_account', finality: 'final', account_id }, show: false }) as Promise<{
        summary: string;
        document: { getText(): string };
      }>;
    const a = await ask('alice.near');
    const b = await ask('here.tg');
    const head = (t: string): string =>
      t
        .split('\n')
        .filter((l) => l.startsWith('//'))
        .join('\n');
    assert.match(head(a.document.getText()), /alice\.near/, `document head: ${head(a.document.getText())}`);
    assert.notEqual(a.summary, b.summary, 'two different requests read the same in Recent Results');
  });

  it('Call View Method from code with a malformed argument object (methodName not a string) rejects; no prompt, nothing sent', async () => {
    const editor = createFakeEditor();
    const services = makeServices(stub);
    const h = contracts(editor, services);
    const before = rpcSent();
    await assert.rejects(Promise.resolve(h['nearLens.callViewMethod']?.({ contractId: 'here.tg', methodName: 42 })));
    assert.deepEqual(editor.rec.quickPicks, [], 'no picker for a call from code');
    assert.equal(rpcSent(), before, 'nothing sent');
  });
});

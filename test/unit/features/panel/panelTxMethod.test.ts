// Open Balance Panel with `{ accountId, transactions: { method, failedFirst } }` (#47, the contract lens's click) under
// a fake editor against the loopback stub: a bad shape is said and rejects with nothing opened or sent; a good one opens
// the panel on the calls to the account of that method, failed ones first, reading pages until the first one holds
// them; the webview's Method pick keeps the rows read.
import { strict as assert } from 'node:assert';
import type * as PanelModule from '../../../../src/features/panel/index';
import type { TxTableView } from '../../../../src/features/transactions/protocol';
import { createFakeEditor, fakeContext, loadIsolated } from '../../../support/fakeEditor';
import type { FakeEditor } from '../../../support/fakeEditor';
import { useStub } from '../../../support/fixture';
import type { Stub } from '../../../support/stub';
import { endpointsOf, makeServices } from '../../hardening/harness';

const GAME = 'game.lensdev.near';

describe('Open Balance Panel on one method’s calls (panel/index.ts, transactions/panelSection.ts)', function () {
  this.timeout(15_000);
  const getStub = useStub();
  let stub: Stub;
  let editor: FakeEditor;
  let api: PanelModule.PanelApi;

  beforeEach(() => {
    stub = getStub();
    editor = createFakeEditor();
    const services = makeServices(stub, { client: { endpoints: { ...endpointsOf(stub), txApiUrl: stub.txApiUrl } } });
    api = loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/index').registerPanel(fakeContext(editor) as never, services);
  });
  afterEach(() => {
    for (const p of api.panels.values()) p.panel.dispose();
  });

  const tables = (): TxTableView[] =>
    editor.rec.posted.filter((m): m is { type: 'txs'; data: TxTableView } => (m as { type?: string }).type === 'txs').map((m) => m.data);

  for (const [bad, why] of [
    [{ accountId: GAME, transactions: 'claim' }, /transactions is \{ method: string, failedFirst\?: boolean \}/],
    [{ accountId: GAME, transactions: { method: '' } }, /the method is a method name/],
    [{ accountId: GAME, transactions: { method: 'claim', failedFirst: 1 } }, /failedFirst is true or false/],
    [{ accountId: GAME, transactions: { method: 'claim', order: 'failed' } }, /without "order"/],
    [{ accountId: 'Not..Valid', transactions: { method: 'claim' } }, /Not a valid NEAR account id/],
  ] as const) {
    it(`refuses ${JSON.stringify(bad)}: said, rejected, nothing opened or sent`, async () => {
      await assert.rejects(Promise.resolve(editor.exec('nearLens.openAccountPanel', bad)), why);
      assert.equal(editor.panels.length, 0);
      assert.ok(editor.rec.notifications.some((n) => n.level === 'warning' && why.test(n.text)));
      assert.deepEqual(stub.requests, []);
    });
  }

  it('opens Calls to it with the method picked and its failed calls first; returns nothing, as before', async () => {
    // Two successful claims above the fixture's failed ones, and calls of another method between them.
    for (const method of ['claim', 'settle_all', 'claim', 'settle_all']) stub.appendCall({ contract: GAME, method, signer: 'player.lensdev.near' });
    const done = await editor.exec('nearLens.openAccountPanel', { accountId: GAME, transactions: { method: 'claim', failedFirst: true } });
    assert.equal(done, undefined);
    const panel = api.panels.get(GAME);
    assert.ok(panel);
    const fake = editor.panels[0]!;
    fake.webview.send({ type: 'ready' });
    await panel.txs.current;
    const t = tables().at(-1);
    assert.ok(t);
    assert.deepEqual([t.filter, t.pick, t.started, t.error], [{ show: 'callsTo', failed: false }, { method: 'claim', failedFirst: true }, true, '']);
    assert.ok(t.rows.length >= 3, `${t.rows.length} rows`);
    assert.ok(
      t.rows.every((r) => r.actions === 'claim'),
      t.rows.map((r) => r.actions).join(' '),
    );
    const statuses = t.rows.map((r) => r.status);
    assert.equal(statuses[0], 'failure');
    assert.ok(statuses.lastIndexOf('failure') < statuses.indexOf('success'), statuses.join(' '));
    assert.ok(t.methods.includes('claim') && t.methods.includes('settle_all'), t.methods.join(' '));
    // Calls to it: the service's is_function_call flag.
    const asked = stub.requests
      .filter((r) => r.host === 'tx' && r.path === '/v0/account')
      .map((r) => (r.body as { is_function_call?: boolean }).is_function_call);
    assert.ok(asked.length >= 1 && asked.every((f) => f === true), JSON.stringify(asked));

    // The webview picks All methods: the rows read are shown again, nothing is asked.
    stub.clearRequests();
    fake.webview.send({ type: 'txs', filter: { show: 'callsTo', failed: false }, pick: { method: '', failedFirst: false }, page: 0, reload: false });
    await panel.txs.current;
    const all = tables().at(-1)!;
    assert.deepEqual(all.pick, { method: '', failedFirst: false });
    assert.ok(all.rows.some((r) => r.actions === 'settle_all'));
    assert.deepEqual(
      stub.requests.filter((r) => r.host === 'tx'),
      [],
    );
  });

  it('a method nobody calls: every row read (at most 200 more an ask), and the note says none', async () => {
    for (let i = 0; i < 30; i++) stub.appendCall({ contract: GAME, method: 'settle_all' });
    await editor.exec('nearLens.openAccountPanel', { accountId: GAME, transactions: { method: 'nobody_calls_it' } });
    const panel = api.panels.get(GAME)!;
    editor.panels[0]!.webview.send({ type: 'ready' });
    await panel.txs.current;
    const t = tables().at(-1)!;
    assert.deepEqual([t.rows.length, t.pick], [0, { method: 'nobody_calls_it', failedFirst: false }]);
    assert.match(t.note, /^No calls to nobody_calls_it in the \d+ read\.$/);
    assert.ok(stub.requests.filter((r) => r.host === 'tx' && r.path === '/v0/account').length <= 11);
  });
});

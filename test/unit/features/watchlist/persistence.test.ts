// The watchlist's snapshots across a restart (#34), in the fake editor: the first complete load is the snapshot, kept
// in the Memento of the scope that lists the account; a second engine on the same Mementos (a restart) compares with
// it, alerts once, and Mark as Seen renews it. A failed or partial read changes nothing.
import assert from 'node:assert/strict';
import { createFakeEditor, fakeContext, loadIsolated } from '../../../support/fakeEditor';
import type * as EngineModule from '../../../../src/features/watchlist/watchEngine';
import type { AccountEntry } from '../../../../src/features/watchlist/model/watchlistNodes';
import type { AccessKeyInfo, ViewAccount } from '../../../../src/client/client';
import { normaliseFull } from '../../../../src/near/account';
import { IDLE } from '../../../../src/ui/slots';

class Memento {
  readonly map = new Map<string, unknown>();
  get<T>(k: string): T | undefined {
    return structuredClone(this.map.get(k)) as T | undefined;
  }
  async update(k: string, v: unknown): Promise<void> {
    this.map.set(k, structuredClone(v));
  }
  keys(): string[] {
    return [...this.map.keys()];
  }
}

/**
 * VS Code's global state as the extension host holds it: `update` sets the in-memory copy at once and sends it to the
 * window; the window stores it, echoes it back (the Memento takes the echo as its whole value) and replies. The test
 * delivers the window's messages with `pump`, one at a time.
 */
class EchoedMemento {
  value: Record<string, unknown> = {};
  disk: Record<string, unknown> = {};
  readonly wire: Array<() => void> = [];
  get<T>(k: string): T | undefined {
    return structuredClone(this.value[k]) as T | undefined;
  }
  update(k: string, v: unknown): Promise<void> {
    this.value = { ...this.value, [k]: structuredClone(v) };
    const sent = structuredClone(this.value);
    return new Promise((reply) => {
      this.wire.push(() => {
        this.disk = sent;
        this.wire.push(() => (this.value = structuredClone(sent))); // the echo, before the reply
        this.wire.push(reply);
      });
    });
  }
  keys(): string[] {
    return Object.keys(this.value);
  }
  /** Delivers the window's messages (and lets the extension act on each) until none is left. */
  async pump(steps = Infinity): Promise<void> {
    for (let i = 0; i < steps && this.wire.length > 0; i++) {
      this.wire.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  }
}

const NEAR = 10n ** 24n;
const full = (id: string, balance: bigint, bytes = 500) =>
  normaliseFull({ account_id: id, state: { balance: String(balance), locked: '0', storage_bytes: bytes }, tokens: [], nfts: [], pools: [] });
const entry = (id: string, balance: bigint): AccountEntry => ({
  accountId: id,
  network: 'mainnet',
  full: { status: 'ok', data: full(id, balance), updatedAt: 1 },
  contract: IDLE,
  pools: new Map(),
});
const view = {
  amount: 0n,
  locked: 0n,
  codeHash: '11111111111111111111111111111111',
  storageUsage: 500,
  blockHeight: 100,
  blockHash: 'h',
  hasCode: false,
} satisfies ViewAccount;
const key = (n: number, full = true): AccessKeyInfo => ({
  publicKey: `ed25519:${'B'.repeat(43)}${n}`,
  permission: full ? 'FullAccess' : { receiverId: 'app.near', methodNames: [], allowance: null },
});

function start(editor: ReturnType<typeof createFakeEditor>, globalState: Memento, workspaceState: Memento) {
  const E = loadIsolated<typeof EngineModule>(
    {
      ...editor.vscode,
      window: { ...(editor.vscode['window'] as object), registerFileDecorationProvider: () => ({ dispose() {} }) },
      FileDecoration: class {},
    },
    'features/watchlist/watchEngine',
  );
  const view = { badge: undefined as unknown };
  const services = {
    settings: { watchlist: [...((editor.user.get('watchlist') as string[]) ?? []), ...((editor.workspace.get('watchlist') as string[]) ?? [])], decimals: 5 },
    clientForAccount: () => ({ network: 'mainnet' }),
    log: { warn: () => undefined },
  };
  let rerendered = 0;
  const engine = E.createWatchEngine(
    { ...fakeContext(editor), globalState, workspaceState } as never,
    services as never,
    { reset: () => rerendered++, getChildren: () => [] },
    view as never,
  );
  return { engine, view, rerenders: () => rerendered };
}

describe('watchlist changes: snapshots across a restart (fake editor)', () => {
  it('keeps the snapshot in the right Memento, compares after a restart, alerts once, Mark as Seen renews it', async () => {
    const editor = createFakeEditor({ user: { watchlist: ['mine.near'] }, workspace: { watchlist: ['team.near'] } });
    const g = new Memento();
    const w = new Memento();
    const one = start(editor, g, w);
    one.engine.loaded(entry('mine.near', 10n * NEAR), { view, keys: [key(1)] });
    one.engine.loaded(entry('team.near', 5n * NEAR), { view, keys: [key(1)] });
    await Promise.resolve();
    assert.deepEqual(Object.keys(g.get<object>('nearLens.watch.snapshots') ?? {}), ['mainnet|mine.near'], 'user-listed: global state');
    assert.deepEqual(Object.keys(w.get<object>('nearLens.watch.snapshots') ?? {}), ['mainnet|team.near'], 'workspace-listed: workspace state');
    assert.equal(one.view.badge, undefined);

    // A restart: a new engine on the same Mementos. A failed read (no keys) and a stale slot count as nothing.
    const two = start(editor, g, w);
    two.engine.loaded(entry('mine.near', 12n * NEAR), { error: new Error('429') });
    two.engine.loaded(
      { ...entry('mine.near', 12n * NEAR), full: { status: 'failed', data: full('mine.near', 12n * NEAR), error: 'HTTP 429' } },
      { view, keys: [key(1)] },
    );
    assert.deepEqual(
      two.engine.changes().map((c) => c.changes),
      [[], []],
    );
    editor.rec.notifications.length = 0;
    two.engine.loaded(entry('mine.near', 12n * NEAR), { view, keys: [key(1), key(2)] });
    const [mine] = two.engine.changes();
    assert.equal(mine?.accountId, 'mine.near');
    assert.equal(mine?.since.blockHeight, 100);
    assert.deepEqual(mine?.changes, [
      { kind: 'balance', before: String(10n * NEAR), after: String(12n * NEAR), delta: String(2n * NEAR) },
      { kind: 'keyAdded', publicKey: key(2).publicKey, permission: 'FullAccess' },
    ]);
    assert.deepEqual(two.view.badge, { value: 1, tooltip: '1 watched account changed since you last looked' });
    const warned = editor.rec.notifications.filter((n) => /FULL-ACCESS/.test(n.text));
    assert.equal(warned.length, 1, 'the key alert, once');
    assert.equal(warned[0]?.level, 'warning');
    assert.deepEqual(warned[0]?.items, ['Show Changes', 'Open Balance Panel', 'Mark as Seen']);

    // Read again (and after another restart, once the writes are stored): the alert is not said twice.
    await new Promise((r) => setImmediate(r));
    const three = start(editor, g, w);
    three.engine.loaded(entry('mine.near', 12n * NEAR), { view, keys: [key(1), key(2)] });
    assert.equal(editor.rec.notifications.filter((n) => /FULL-ACCESS/.test(n.text)).length, 1);

    assert.deepEqual(await three.engine.markSeen('mine.near'), ['mine.near']);
    assert.deepEqual(
      three.engine.changes().map((c) => c.changes),
      [[], []],
    );
    assert.equal(three.view.badge, undefined);
    assert.equal(three.rerenders(), 1);
  });

  it("says an alert once though the window echoes an older write back (VS Code's global state)", async () => {
    const editor = createFakeEditor({ user: { watchlist: ['mine.near'] } });
    const g = new EchoedMemento();
    const one = start(editor, g as never, new Memento());
    const keyAlerts = (): number => editor.rec.notifications.filter((n) => /FULL-ACCESS/.test(n.text)).length;
    one.engine.loaded(entry('mine.near', 10n * NEAR), { view, keys: [key(1)] }); // the snapshot: written, not yet sent
    one.engine.loaded(entry('mine.near', 12n * NEAR), { view, keys: [key(1), key(2)] });
    assert.equal(keyAlerts(), 1);
    // The snapshot's write reaches the window and its echo comes back while the alert's record waits its turn.
    await g.pump(3);
    one.engine.loaded(entry('mine.near', 12n * NEAR), { view, keys: [key(1), key(2)] });
    assert.equal(keyAlerts(), 1, "not said again while the echo of the older write is the Memento's value");
    await g.pump();
    const stored = (g.disk['nearLens.watch.snapshots'] as Record<string, { alerted: string[]; latest?: unknown }>)['mainnet|mine.near'];
    assert.equal(stored?.alerted.length, 1, 'the alert is on disk as said');
    assert.ok(stored?.latest, 'with the newest read');
    // A restart reads it from the Memento and says nothing again.
    const two = start(editor, g as never, new Memento());
    two.engine.loaded(entry('mine.near', 12n * NEAR), { view, keys: [key(1), key(2)] });
    assert.equal(keyAlerts(), 1);
    assert.deepEqual(
      two.engine.changes().map((c) => c.changes.length),
      [2],
    );
  });

  it('lists the transactions since the snapshot block in the Changes node: one request, on a network with a transactions API', async () => {
    const editor = createFakeEditor({ user: { watchlist: ['mine.near'] } });
    const e = start(editor, new Memento(), new Memento());
    const asked: unknown[] = [];
    const client = {
      rpc: { viewAccount: async () => ({ result: view }), viewAccessKeyList: async () => ({ result: [key(1)] }) },
      transactions: {
        hasTransactionsApi: true,
        accountTransactions: async (req: unknown) => {
          asked.push(req);
          return {
            rows: [
              {
                hash: 'CkK7ntqAKnKNE4eoUrLZCppDTzSjsdWEX1JMtH8BLtGR',
                blockHeight: '150',
                timestamp: '1',
                txIndex: 0,
                isSigner: false,
                isReceiver: true,
                isFunctionCall: false,
                isSuccess: true,
              },
            ],
          };
        },
      },
    };
    e.engine.loaded(entry('mine.near', 10n * NEAR), await e.engine.read('mine.near', 'mainnet', full('mine.near', 10n * NEAR), client as never, true));
    e.engine.loaded(entry('mine.near', 11n * NEAR), await e.engine.read('mine.near', 'mainnet', full('mine.near', 10n * NEAR), client as never, true));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(asked, [{ accountId: 'mine.near', limit: 20, fromBlockHeight: '100' }]);
    assert.equal(e.rerenders(), 1);
    const acc = {
      id: 'mine.near',
      kind: 'account',
      accountId: 'mine.near',
      label: 'mine.near',
      description: '11 NEAR',
      collapsible: 'collapsed',
      contextValue: 'nearLens.account',
      children: [],
    } as const;
    const node = e.engine.augment(entry('mine.near', 11n * NEAR), { ...acc, children: [] });
    const changes = node.children[0]!;
    assert.deepEqual(
      changes.children.map((n) => [n.label, n.description]),
      [
        ['Balance', '+1 NEAR · 10 → 11 NEAR'],
        ['1 transaction', 'since block #100'], // the second read carried its keys (same storage): no upper block
        ['✓ received', 'block #150'],
      ],
    );
  });
});

describe('watchlist changes: code hash and keys re-read only when storage says so (bench row 35)', () => {
  const counting = (keys: () => AccessKeyInfo[]) => {
    const calls = { view: 0, keys: 0 };
    const client = {
      rpc: { viewAccount: async () => (calls.view++, { result: view }), viewAccessKeyList: async () => (calls.keys++, { result: keys() }) },
      transactions: { hasTransactionsApi: false },
    };
    return { calls, client: client as never };
  };
  const load = async (e: ReturnType<typeof start>, client: never, balance: bigint, bytes: number): Promise<void> => {
    const f = full('mine.near', balance, bytes);
    e.engine.loaded(
      { ...entry('mine.near', balance), full: { status: 'ok', data: f, updatedAt: 1 } },
      await e.engine.read('mine.near', 'mainnet', f, client, true),
    );
  };

  it('storage unchanged: no RPC read and no change from the keys (a balance change still counts, the block stays the read one)', async () => {
    const e = start(createFakeEditor({ user: { watchlist: ['mine.near'] } }), new Memento(), new Memento());
    let keys = [key(1)];
    const { calls, client } = counting(() => keys);
    await load(e, client, 10n * NEAR, 500);
    assert.deepEqual(calls, { view: 1, keys: 1 }, 'the first complete read reads both');
    keys = [key(1), key(2)]; // not what the chain does (a key adds bytes): shows the keys are carried, not re-read
    await load(e, client, 10n * NEAR, 500);
    await load(e, client, 11n * NEAR, 500);
    assert.deepEqual(calls, { view: 1, keys: 1 }, 'no RPC read while storage_bytes is unchanged');
    const [mine] = e.engine.changes();
    assert.deepEqual(mine?.changes, [{ kind: 'balance', before: String(10n * NEAR), after: String(11n * NEAR), delta: String(NEAR) }]);
    assert.equal(mine?.since.blockHeight, 100);
  });

  it('storage changed: both RPC reads, and the key added is reported', async () => {
    const editor = createFakeEditor({ user: { watchlist: ['mine.near'] } });
    const e = start(editor, new Memento(), new Memento());
    let keys = [key(1)];
    const { calls, client } = counting(() => keys);
    await load(e, client, 10n * NEAR, 500);
    keys = [key(1), key(2)];
    await load(e, client, 10n * NEAR, 582); // AddKey: the key's bytes
    assert.deepEqual(calls, { view: 2, keys: 2 });
    assert.deepEqual(
      e.engine.changes()[0]?.changes.map((c) => c.kind),
      ['storage', 'keyAdded'],
    );
    assert.equal(editor.rec.notifications.filter((n) => /FULL-ACCESS/.test(n.text)).length, 1);
    // The next refresh compares with that newest read: same storage again, nothing more read.
    await load(e, client, 10n * NEAR, 582);
    assert.deepEqual(calls, { view: 2, keys: 2 });
  });

  it('keys and code read 10 minutes ago or more: read again, even with storage unchanged (a same-length redeploy)', async () => {
    const g = new Memento();
    const old = Date.now() - 10 * 60_000 - 1;
    const seen = { time: old, blockHeight: 100, exists: true, balance: String(10n * NEAR), locked: '0', storageBytes: 500, codeHash: 'A'.repeat(44), keys: [] };
    await g.update('nearLens.watch.snapshots', { 'mainnet|mine.near': { seen, alerted: [] } });
    const e = start(createFakeEditor({ user: { watchlist: ['mine.near'] } }), g, new Memento());
    const { calls, client } = counting(() => []);
    await load(e, client, 10n * NEAR, 500);
    assert.deepEqual(calls, { view: 1, keys: 1 });
    assert.deepEqual(
      e.engine.changes()[0]?.changes.map((c) => c.kind),
      ['code'],
    );
  });

  it('a refresh that carried its keys and changed nothing writes nothing; a change, or keys read again, writes', async () => {
    const g = new Memento();
    let writes = 0;
    const update = g.update.bind(g);
    g.update = (k: string, v: unknown) => (writes++, update(k, v));
    const e = start(createFakeEditor({ user: { watchlist: ['mine.near'] } }), g, new Memento());
    const { client } = counting(() => [key(1)]);
    const settle = () => new Promise((r) => setImmediate(r));
    await load(e, client, 10n * NEAR, 500);
    await settle();
    assert.equal(writes, 1, 'the snapshot');
    await load(e, client, 10n * NEAR, 500);
    await load(e, client, 10n * NEAR, 500);
    await settle();
    assert.equal(writes, 1, 'unchanged: nothing written (with 100 accounts each load wrote the whole record)');
    await load(e, client, 11n * NEAR, 500);
    await settle();
    assert.equal(writes, 2, 'a balance change is the newest read');
    await load(e, client, 11n * NEAR, 500);
    await settle();
    assert.equal(writes, 2, 'the same change again: nothing new');
    assert.deepEqual(
      e.engine.changes()[0]?.changes.map((c) => c.kind),
      ['balance'],
    );
    assert.deepEqual(e.view.badge, { value: 1, tooltip: '1 watched account changed since you last looked' });
    await load(e, client, 11n * NEAR, 582); // storage: the keys are read again
    await settle();
    assert.equal(writes, 3);
  });
});

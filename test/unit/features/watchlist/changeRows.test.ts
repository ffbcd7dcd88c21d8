// The Changes node's rows as a side bar shows them: each row of the demo's change (2 NEAR, a full-access key and its
// storage) whole in about 30 characters after its indent, the rest in its tooltip; a row that carries news (the account,
// its Balance) puts it first, so the side bar's default 300 px shows it whatever the figures; a range of one block said
// "at block #N"; the full-access alert names near-cli-rs's command.
import assert from 'node:assert/strict';
import { alertsFor, changeLine, DEFAULT_ALERTS } from '../../../../src/features/watchlist/model/changeText';
import { withChanges } from '../../../../src/features/watchlist/model/changesNodes';
import type { Change, Snapshot } from '../../../../src/features/watchlist/model/snapshot';
import type { WatchNode } from '../../../../src/features/watchlist/model/watchlistNodes';
import { visibleChars, visibleRow } from '../../../support/sideBar';

const NEAR = 10n ** 24n;
const KEY = 'ed25519:5BGSaf6YjVm7565VzWQHNxoyEjwr3jUpRJSGjREvU9dB';
/** What the demo stub's change gives history.near. */
const DEMO: Change[] = [
  { kind: 'balance', before: String(10n * NEAR), after: String(12n * NEAR), delta: String(2n * NEAR) },
  { kind: 'storage', before: '500', after: '582', delta: '82', pinnedDelta: String(82n * 10n ** 19n) },
  { kind: 'keyAdded', publicKey: KEY, permission: 'FullAccess' },
];
/** Characters a side bar of its default width shows of a row under an account's Changes node (depth 3). */
const ROW = visibleChars(3);
const ACCOUNT: WatchNode = {
  id: 'history.near',
  kind: 'account',
  accountId: 'history.near',
  label: 'history.near',
  description: '12 NEAR',
  collapsible: 'collapsed',
  contextValue: 'nearLens.account',
  children: [],
};
const opts = { decimals: 2, formatTime: (ms: number) => new Date(ms).toISOString() };
const at = Date.parse('2026-02-14T21:00:00Z');

function rows(height: [number, number], transactions?: { rows: []; more: false }): WatchNode[] {
  const node = withChanges(
    ACCOUNT,
    { since: { time: at, blockHeight: height[0] }, now: { time: at + 60_000, blockHeight: height[1] }, changes: DEMO, ...(transactions && { transactions }) },
    opts,
    new Map(),
  );
  return node.children[0]!.children;
}

describe('the Changes rows in a side bar', () => {
  it("the demo's change reads whole in a row, every figure and the whole key in its tooltip", () => {
    const lines = DEMO.map((c) => changeLine(c, 2));
    assert.deepEqual(
      lines.map((l) => [l.label, l.description]),
      [
        ['Balance', '+2 NEAR · 10 → 12 NEAR'],
        ['Storage', '+82 bytes'],
        ['New full-access key', '5BGS…U9dB'],
      ],
    );
    for (const l of lines) assert.ok(`${l.label} ${l.description}`.length <= ROW, `${l.label} ${l.description}`);
    assert.match(lines[1]!.tooltip, /Pinned by storage: \+0\.00082 NEAR/);
    assert.match(lines[2]!.tooltip, new RegExp(`^${KEY}\nAdded: full access$`));
    assert.equal(lines[2]!.sentence, `Access key ${KEY} added, with full access.`);
  });

  it('at 300 px the news leads: the account\'s "+2 NEAR · new full-access key" and its Balance row\'s "+2 NEAR", whatever the figures', () => {
    // The step-1 demo at 5 decimals: history.near from 12.3456789 to 14.3456789 NEAR.
    const [before, after] = [12_345_678_900n * 10n ** 15n, 14_345_678_900n * 10n ** 15n];
    const balance: Change = { kind: 'balance', before: String(before), after: String(after), delta: String(after - before) };
    const account = { ...ACCOUNT, description: '14.34567 NEAR' };
    const node = withChanges(account, { since: { time: at }, now: { time: at + 60_000 }, changes: [balance, DEMO[2]!] }, { ...opts, decimals: 5 }, new Map());
    assert.equal(node.description, '+2 NEAR · new full-access key · 14.34567 NEAR');
    assert.equal(visibleRow(node.label, node.description, 1), 'history.near +2 NEAR · new full-');
    const row = node.children[0]!.children[0]!;
    assert.deepEqual([row.label, row.description], ['Balance', '+2 NEAR · 12.34567 → 14.34567 NEAR']);
    assert.equal(visibleRow(row.label, row.description, 3), 'Balance +2 NEAR · 12.34567 → 1');
  });

  it('a function-call key, a secp256k1 key, code and a list change: the kind leads, the rest after', () => {
    const fc = changeLine({ kind: 'keyAdded', publicKey: KEY, permission: { receiverId: 'app.near', methodNames: ['claim'] } }, 2);
    assert.deepEqual([fc.label, fc.description], ['New function-call key', '5BGS…U9dB for app.near']);
    const gone = changeLine({ kind: 'keyRemoved', publicKey: `secp256k1:${'A'.repeat(80)}`, permission: 'FullAccess' }, 2);
    assert.deepEqual([gone.label, gone.description], ['Full-access key removed', 'secp256k1:AAAA…AAAA']);
    const code = changeLine({ kind: 'code', before: '11111111111111111111111111111111', after: 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG' }, 2);
    assert.deepEqual([code.label, code.description], ['Code redeployed', 'now E8jZ1giW…']);
    assert.equal(code.tooltip, 'code_hash 11111111111111111111111111111111 → E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG');
    const token = changeLine({ kind: 'token', after: 'wrap.near' }, 2);
    assert.deepEqual([token.label, token.description, token.tooltip], ['Token added', 'wrap.near', 'Token contract added: wrap.near']);
  });

  it('a range of one block says "at block #N"; two blocks "blocks #a to #b"', () => {
    const one = rows([187_310_138, 187_310_138], { rows: [], more: false });
    assert.deepEqual([one.at(-1)?.label, one.at(-1)?.description], ['No transactions', 'at block #187,310,138']);
    const two = rows([187_310_130, 187_310_138], { rows: [], more: false });
    assert.deepEqual([two.at(-1)?.label, two.at(-1)?.description], ['No transactions', 'blocks #187,310,130 to #187,310,138']);
    assert.equal(two.at(-1)?.tooltip, 'No transaction involving this account is listed in blocks #187,310,130 to #187,310,138.');
    assert.equal(one.at(-1)?.tooltip, 'No transaction involving this account is listed at block #187,310,138.');
    // Without a transactions API the range is its own row.
    assert.equal(rows([5, 5]).at(-1)?.label, 'Changed at block #5');
    assert.equal(rows([5, 9]).at(-1)?.label, 'Changed between blocks #5 and #9');
  });

  it('the Changes node says since when in a few characters; the full time in its tooltip and sentence', () => {
    const sentences = new Map<string, string>();
    const node = withChanges(ACCOUNT, { since: { time: at }, now: { time: at + 60_000 }, changes: DEMO }, opts, sentences);
    const changes = node.children[0]!;
    assert.match(changes.label, /^Changes since \S+( [AP]M)?$/, 'the time of day, the same day');
    assert.equal(changes.description, '3 changes');
    assert.ok(`${changes.label} ${changes.description}`.length <= ROW + 4, changes.label);
    assert.match(String(changes.tooltip), /2026-02-14T21:00:00\.000Z/);
    assert.match(sentences.get(changes.id) ?? '', /^Changes since 2026-02-14T21:00:00\.000Z: 3 changes, \+2 NEAR · new full-access key/);
  });

  it("the full-access alert names near-cli-rs's command, delete-keys", () => {
    const s: Snapshot = { time: 0, exists: true, balance: '0', locked: '0', storageBytes: 0, codeHash: '1', keys: [], tokens: [], nfts: [], pools: [] };
    const [alert] = alertsFor('history.near', [DEMO[2]!], s, s, { ...DEFAULT_ALERTS, storageNear: 0n });
    assert.ok(alert?.message.endsWith(`With near-cli-rs: near account delete-keys history.near public-keys ${KEY}`), alert?.message);
    assert.doesNotMatch(alert!.message, /delete-key\)/);
  });
});

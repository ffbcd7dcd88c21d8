// The lens provider under a fake editor with a fake activity source: one lens per linked account on each method, the
// click's argument to the balance panel, want() per account and view() only (no request of its own), the block's
// lenses (an unsupported network, the build, an ignored setting entry), and a refresh on the source's change.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { loadWithFakeVscode } from '../../../support/fakeVscode';
import { EventEmitter, Range } from '../../../support/fakeVscodeApi';
import type * as LensModule from '../../../../src/features/contractLens/lensProvider';
import type { ActivityView, ContractActivitySource, WorkspaceContract } from '../../../../src/features/contractLens/model/types';
import { codeHashOf } from '../../../../src/features/contractLens/model/buildMatch';

const ns = (ms: number): string => (BigInt(ms) * 1_000_000n).toString();
const RUST = `#[near]\nimpl Game {\n    pub fn claim(&mut self) {}\n    pub fn score(&self) -> u32 { 1 }\n}\n`;
const GAME: WorkspaceContract = { path: 'contracts/game', folder: 'file:///w', name: 'game-contract', language: 'rust' };
const WASM = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);

class CodeLens {
  constructor(
    readonly range: Range,
    readonly command?: { title: string; command: string; tooltip?: string; arguments?: unknown[] },
  ) {}
}

/** The workspace's nearLens.deployments for the next setup (the module is loaded once, with one fake editor). */
let deployments: unknown;
const fake = {
  EventEmitter,
  Range,
  CodeLens,
  Uri: { parse: (s: string) => ({ toString: () => s, path: s.replace(/^file:\/\//, '') }) },
  workspace: {
    isTrusted: true,
    getConfiguration: () => ({ inspect: () => ({ workspaceValue: deployments }) }),
    onDidGrantWorkspaceTrust: new EventEmitter<void>().event,
  },
};

function setup(value: unknown, views: Record<string, ActivityView>) {
  deployments = value;
  const L = loadWithFakeVscode<typeof LensModule>(
    fake,
    '\0fake-vscode-contract-lens',
    path.join(__dirname, '../../../../src/features/contractLens/lensProvider'),
  );
  const changed = new EventEmitter<string>();
  const wanted: string[] = [];
  const source: ContractActivitySource = {
    view: (id) => views[id] ?? { kind: 'none' },
    want: (id) => void wanted.push(id),
    onDidChange: (l) => changed.event(l),
  };
  const never = new EventEmitter<void>().event;
  const provider = new L.ContractLensProvider({
    services: { settings: { watchlist: [] }, onDidChange: never } as never,
    source,
    contracts: { contractOf: async () => GAME, onDidChange: never } as never,
    facts: {
      get: (id: string) => ({ codeHash: id === 'game.hot.tg' ? codeHashOf(WASM) : 'other', withSource: false, readAt: 0 }),
      onDidChange: never,
    } as never,
    builds: { of: async () => [{ path: 'target/near/game_contract.wasm', mtimeMs: Date.now() - 12 * 60_000, codeHash: codeHashOf(WASM) }] } as never,
  });
  const doc = { languageId: 'rust', version: 1, uri: { toString: () => 'file:///w/contracts/game/src/lib.rs' }, getText: () => RUST };
  const lenses = async () =>
    ((await provider.provideCodeLenses(doc as never, { isCancellationRequested: false } as never)) as unknown as CodeLens[]).map((l) => ({
      line: l.range.startLine,
      title: l.command?.title,
      command: l.command?.command,
      args: l.command?.arguments,
    }));
  return { provider, changed, wanted, lenses };
}

const activity = (accountId: string) => ({
  kind: 'counts' as const,
  activity: {
    accountId,
    network: 'mainnet',
    since: ns(Date.now() - 86_400_000 * 2),
    asOf: ns(Date.now()),
    rows: 9,
    capped: false,
    methods: [{ method: 'claim', calls: 9, failed: 2, calls24h: 4, failed24h: 1, lastAt: ns(Date.now() - 1000) }],
  },
});

describe('contract lens: the provider', () => {
  it('one lens per account on each method, the block’s build lens, and the click to the failed calls first', async () => {
    const { wanted, lenses } = setup({ 'contracts/game': ['game.hot.tg', 'game.testnet'] }, { 'game.hot.tg': activity('game.hot.tg') });
    const got = await lenses();
    assert.deepEqual(
      got.map((l) => `${l.line}: ${l.title}`),
      [
        '0: game.hot.tg · deployed code = target/near/game_contract.wasm',
        '2: game.hot.tg · 4 calls in 24 h · 1 failed',
        '3: game.hot.tg · view · not on chain',
        '0: game.testnet · deployed code differs from your build (built 12 min ago)',
        '2: game.testnet · reading calls…',
        '3: game.testnet · view · not on chain',
      ],
    );
    const click = got.find((l) => l.title?.includes('4 calls'));
    assert.equal(click?.command, 'nearLens.openAccountPanel');
    assert.deepEqual(click?.args, [{ accountId: 'game.hot.tg', transactions: { method: 'claim', failedFirst: true } }]);
    assert.equal(got.find((l) => l.title?.includes('reading'))?.command, '');
    assert.deepEqual(wanted, ['game.hot.tg', 'game.testnet']);
  });

  it('an unsupported network: one lens on the block saying why, none on the methods but the view', async () => {
    const { lenses } = setup({ 'contracts/game': ['game.hot.tg'] }, { 'game.hot.tg': { kind: 'unsupported', reason: 'No transactions API here.' } });
    assert.deepEqual(
      (await lenses()).map((l) => `${l.line}: ${l.title}`),
      [
        '0: game.hot.tg · no call counts: No transactions API here.',
        '0: game.hot.tg · deployed code = target/near/game_contract.wasm',
        '3: game.hot.tg · view · not on chain',
      ],
    );
  });

  it('an ignored entry of the setting says why on the block (cut at 100, no icon), and links nothing', async () => {
    const { lenses } = setup({ 'contracts/game': ['$(zap) nope'] }, {});
    const got = await lenses();
    assert.equal(got.length, 1);
    assert.equal(got[0]?.line, 0);
    assert.ok(got[0]?.title?.startsWith('nearLens.deployments › "contracts/game": "\\$(zap) nope" is not an account id'), got[0]?.title);
    assert.equal([...(got[0]?.title ?? '')].length, 100);
  });

  it('the source’s change refreshes the lenses', async () => {
    const { provider, changed } = setup({}, {});
    let fired = 0;
    provider.onDidChangeCodeLenses(() => fired++);
    changed.fire('game.hot.tg');
    assert.equal(fired, 1);
  });
});

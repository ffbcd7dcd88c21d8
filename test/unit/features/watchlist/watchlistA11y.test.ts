// Unit tests of what a screen reader says for each watchlist node (src/features/watchlist/model/watchlistA11y.ts): one sentence per
// node kind, on trees built from the fixture bodies in every state (loaded, loading, failed, stale, missing, invalid,
// over RPC), and for every node of those trees: a sentence that names what the row shows.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIQUID_STAKING_PROVIDERS, normaliseFull } from '../../../../src/near/account';
import type { AccountFull } from '../../../../src/near/account';
import type { FtMetadata } from '../../../../src/client/client';
import { contractNodes } from '../../../../src/features/contracts/model/contractModel';
import { IDLE, slotFailed, slotLoaded, slotLoading } from '../../../../src/ui/slots';
import type { PoolBalance, Slot } from '../../../../src/ui/slots';
import { accessibilityLabel } from '../../../../src/features/watchlist/model/watchlistA11y';
import { buildAccountNode } from '../../../../src/features/watchlist/model/watchlistModel';
import { node } from '../../../../src/features/watchlist/model/watchlistNodes';
import type { AccountEntry, ContractInfo, ModelOptions, WatchNode } from '../../../../src/features/watchlist/model/watchlistNodes';

const NEAR = 10n ** 24n;
const T0 = 1_700_000_000_000;

function full(name: string): AccountFull {
  return normaliseFull(JSON.parse(readFileSync(path.join(__dirname, '../../..', 'fixtures', `fastnear-v1-account-full-${name}.json`), 'utf8')) as unknown);
}

const META: Record<string, Slot<FtMetadata>> = {
  'meta-pool.near': slotLoaded({ symbol: 'stNEAR', name: 'Staked NEAR', decimals: 24 }, T0),
  'usdt.tether-token.near': slotLoaded({ symbol: 'USDt', name: 'Tether USD', decimals: 6 }, T0),
};
const OPTS: ModelOptions = {
  decimals: 5,
  liquidStakingProviders: DEFAULT_LIQUID_STAKING_PROVIDERS,
  ftMeta: (id) => META[id],
  formatTime: (ms) => `T+${(ms - T0) / 1000}s`,
};

function entry(id: string, f: Slot<AccountFull>, more: Partial<AccountEntry> = {}): AccountEntry {
  return { accountId: id, network: 'mainnet', full: f, contract: IDLE, pools: new Map(), ...more };
}

const CONTRACT: ContractInfo = {
  view: {
    amount: NEAR,
    locked: 0n,
    codeHash: 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG',
    storageUsage: 100,
    blockHeight: 187_000_000,
    blockHash: 'x',
    hasCode: true,
  },
  keys: [
    { publicKey: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', permission: 'FullAccess' },
    {
      publicKey: 'ed25519:2crE8LZqCdHHt2y19SJtPcWWhBgS6HCWyHyqH7rA83jY',
      permission: { receiverId: 'app.alice.near', methodNames: ['vote', 'claim'], allowance: null },
    },
  ],
  methods: contractNodes('alice.near', {
    codeHash: 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG',
    methods: [
      { name: 'ft_balance_of', kind: 'view', params: [{ name: 'account_id' }] },
      { name: 'get_greeting', kind: 'view', params: [] },
      { name: 'set_greeting', kind: 'call' },
    ],
    source: { version: '1.0.0', link: 'https://github.com/near/greeter', standards: [{ standard: 'nep141', version: '1.0.0' }] },
    abiError: 'schema version 9 is not known',
  }),
};

/** alice.near loaded whole: contract and pools too, one pool failed and one slot stale. */
function loadedTree(): WatchNode {
  return buildAccountNode(
    entry('alice.near', slotFailed(slotLoaded(full('alice.near'), T0), 'HTTP 503'), {
      contract: slotLoaded(CONTRACT, T0),
      pools: new Map<string, Slot<PoolBalance>>([
        ['zavodil.poolv1.near', slotLoaded({ staked: (25n * NEAR) / 2n, unstaked: NEAR }, T0)],
        ['epic.poolv1.near', slotFailed<PoolBalance>(undefined, 'timeout')],
      ]),
    }),
    OPTS,
  );
}

function all(n: WatchNode): WatchNode[] {
  return [n, ...n.children.flatMap(all)];
}

function find(n: WatchNode, pred: (x: WatchNode) => boolean): WatchNode {
  const hit = all(n).find(pred);
  assert.ok(hit, `no such node under ${n.id}`);
  return hit;
}
const byId = (tree: WatchNode, id: string): WatchNode => find(tree, (x) => x.id === id);
const say = (tree: WatchNode, id: string): string => accessibilityLabel(byId(tree, id));

describe('watchlist accessibility labels', () => {
  it('an account reads its total owned as a sentence, and why when there is none', () => {
    assert.equal(
      accessibilityLabel(buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0)), OPTS)),
      'alice.near, 1,234.5678 NEAR owned in total.',
    );
    assert.equal(accessibilityLabel(loadedTree()), 'alice.near, 1,234.5678 NEAR owned in total. Refresh failed.');
    assert.equal(accessibilityLabel(buildAccountNode(entry('bob.near', slotLoading<AccountFull>(undefined)), OPTS)), 'bob.near, loading.');
    assert.equal(
      accessibilityLabel(buildAccountNode(entry('bob.near', slotFailed<AccountFull>(undefined, 'HTTP 500')), OPTS)),
      'bob.near, could not be loaded.',
    );
    assert.equal(
      accessibilityLabel(buildAccountNode(entry('Bob..near', IDLE, { invalid: 'an empty part between dots' }), OPTS)),
      'Bob..near, not a valid account id.',
    );
  });

  it('the State group and its fields: "Balance of alice.near: 1,000 NEAR."', () => {
    const t = loadedTree();
    assert.equal(say(t, 'alice.near/state'), 'State of alice.near.');
    assert.match(say(t, 'alice.near/state/balance'), /^Balance of alice\.near: [\d,.]+ NEAR\.$/);
    assert.match(say(t, 'alice.near/state/storage'), /^Storage of alice\.near: 26,340 bytes, [\d.]+ NEAR pinned\.$/);
    assert.match(say(t, 'alice.near/state/total'), /^Total owned of alice\.near: 1,234\.5678 NEAR\.$/);
  });

  it('groups say their count in words, then their description', () => {
    const t = loadedTree();
    assert.equal(say(t, 'alice.near/tokens'), 'Fungible tokens of alice.near: 4. 1 liquid staking.');
    assert.equal(say(t, 'alice.near/nfts'), 'NFT collections of alice.near: 2.');
    assert.match(say(t, 'alice.near/pools'), /^Staking pools of alice\.near: 2\. 1 of 2 did not answer\.$/);
    assert.equal(say(t, 'alice.near/contract'), 'Contract of alice.near. Code deployed.');
    assert.equal(say(t, 'alice.near/contract/full'), 'Full-access keys of alice.near: 1.');
  });

  it('tokens, NFT collections and publishers, pools, keys, methods', () => {
    const t = loadedTree();
    assert.match(say(t, 'alice.near/ft/meta-pool.near'), /^Token meta-pool\.near: [\d,.]+ stNEAR, liquid staking\.$/);
    const nft = find(t, (x) => x.kind === 'nft');
    assert.match(
      accessibilityLabel(nft),
      new RegExp(`^NFT collection ${nft.label.replace(/\./g, '\\.')}, (updated at block #[\\d,]+|last update not tracked)\\.$`),
    );
    assert.match(accessibilityLabel(find(t, (x) => x.kind === 'publisher')), /^NFT publisher \S+: \d+ collections?\.$/);
    assert.match(say(t, 'alice.near/pool/zavodil.poolv1.near'), /^Staking pool zavodil\.poolv1\.near: 12\.5 NEAR staked.*\.$/);
    assert.equal(say(t, 'alice.near/pool/epic.poolv1.near'), 'Staking pool epic.poolv1.near: pool did not answer.');
    assert.equal(
      say(t, 'alice.near/key/ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd'),
      'Full-access key ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd.',
    );
    assert.equal(say(t, 'alice.near/key/ed25519:2crE8LZqCdHHt2y19SJtPcWWhBgS6HCWyHyqH7rA83jY'), 'Function-call key for app.alice.near: vote, claim.');
    assert.equal(say(t, 'alice.near/contract/code'), 'Code deployed: E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG.');
    assert.equal(say(t, 'alice.near/contract/m/ft_balance_of'), 'Method ft_balance_of, arguments account_id.');
    assert.equal(say(t, 'alice.near/contract/m/get_greeting'), 'Method get_greeting.');
    assert.equal(say(t, 'alice.near/contract/view'), 'View methods of alice.near: 2.');
    assert.equal(say(t, 'alice.near/contract/standards'), 'Standards: NEP-141.');
    assert.equal(say(t, 'alice.near/contract/source'), 'Source: 1.0.0, https://github.com/near/greeter.');
  });

  it('errors, warnings, loading, missing and the RPC word', () => {
    const t = loadedTree();
    assert.equal(say(t, 'alice.near/error'), 'Warning for alice.near: Refresh failed: HTTP 503. Showing data from T+0s.');
    assert.equal(say(t, 'alice.near/contract/abi'), 'Warning for alice.near: ABI unreadable: schema version 9 is not known.');
    assert.equal(
      accessibilityLabel(buildAccountNode(entry('bob.near', slotFailed<AccountFull>(undefined, 'HTTP 500')), OPTS).children[0]!),
      'Error for bob.near: Failed: HTTP 500.',
    );
    assert.equal(accessibilityLabel(buildAccountNode(entry('bob.near', slotLoading<AccountFull>(undefined)), OPTS).children[0]!), 'Loading bob.near.');
    const pendingContract = buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0), { contract: slotLoading<ContractInfo>(undefined) }), OPTS);
    assert.equal(say(pendingContract, 'alice.near/contract/loading'), 'Loading the contract of alice.near.');
    const missing = buildAccountNode(entry('nobody.near', slotLoaded<AccountFull>({ ...full('alice.near'), state: null }, T0)), OPTS);
    assert.equal(accessibilityLabel(missing), 'nobody.near, no such account.');
    assert.equal(say(missing, 'nobody.near/missing'), 'No such account on mainnet.');
    const invalid = buildAccountNode(entry('Bob..near', IDLE, { invalid: 'an empty part between dots' }), OPTS);
    assert.equal(accessibilityLabel(invalid.children[0]!), 'Error for Bob..near: Not a valid account id: an empty part between dots.');
  });

  it('a node may carry its own sentence; an unknown kind reads "<label>: <description>."', () => {
    assert.equal(accessibilityLabel(node('alice.near', 'x', 'info', 'Anything', { a11y: 'Said my own way.' })), 'Said my own way.');
    assert.equal(
      accessibilityLabel(node('alice.near', 'x', 'info', 'Transactions', { description: 'last 10 · newest first' })),
      'Transactions: last 10, newest first.',
    );
  });

  it('every node of every tree state reads as a sentence naming its row', () => {
    const trees = [
      loadedTree(),
      buildAccountNode(entry('alice.near', slotLoaded(full('alice.near'), T0), { contract: slotFailed<ContractInfo>(undefined, 'Bad.') }), OPTS),
      buildAccountNode(entry('bob.near', slotLoading<AccountFull>(undefined)), OPTS),
      buildAccountNode(entry('bob.near', slotFailed<AccountFull>(undefined, 'HTTP 500')), OPTS),
      buildAccountNode(entry('Bob..near', IDLE, { invalid: 'an empty part between dots' }), OPTS),
      buildAccountNode(entry('nobody.near', slotLoaded<AccountFull>({ ...full('alice.near'), state: null }, T0)), OPTS),
      buildAccountNode(entry('alice.near', slotLoaded<AccountFull>({ ...full('alice.near'), source: { via: 'rpc', restFailure: 'HTTP 503' } }, T0)), OPTS),
    ];
    const kinds = new Set<string>();
    for (const n of trees.flatMap(all)) {
      const s = accessibilityLabel(n);
      kinds.add(n.kind);
      assert.match(s, /^[A-Z0-9a-z].*[.…]$/s, `${n.id}: "${s}" is a sentence`);
      const row = n.label.replace(/ \(\d+\)$|…$/, '').toLowerCase();
      assert.ok(s.toLowerCase().includes(row), `${n.id}: "${s}" names the row "${n.label}"`);
      assert.doesNotMatch(s, / · |\.\.$|undefined/, `${n.id}: "${s}"`);
      // What the row says beside its label is said too (an account's "failed" in words: see the first test).
      const said = n.description
        ?.split(' · ')[0]!
        .replace(/^\((.*)\)$|…$/, '$1')
        .toLowerCase()
        .replace(/-/g, ' ');
      if (said && n.kind !== 'account') assert.ok(s.toLowerCase().replace(/-/g, ' ').includes(said), `${n.id}: "${s}" says "${n.description}"`);
    }
    assert.deepEqual(
      [...kinds].sort(),
      ['account', 'error', 'field', 'group', 'info', 'key', 'loading', 'missing', 'nft', 'pool', 'publisher', 'token'].sort(),
    );
  });
});

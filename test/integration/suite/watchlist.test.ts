// In-editor watchlist: the add/remove/refresh commands and what the tree provider the extension exposes shows —
// items and their children with alice.near's exact figures from the stub, lazy groups (token metadata, contract
// keys, pool amounts), keep-last-good on a failed refresh, and recovery.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import type { AddResult } from '../../../src/features/watchlist/model/watchAdd';
import {
  activateExtension,
  answerNextInputBox,
  answerNextQuickPick,
  captureLogWarnings,
  captureMessages,
  clearApiKey,
  setApiKey,
  setUserSetting,
  waitFor,
} from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubFault, stubRequests } from '../support/stubClient';

const ID = 'alice.near';

describe('watchlist', () => {
  let api: NearLensApi;

  const provider = (): NearLensApi['watchlist']['provider'] => api.watchlist.provider;
  const rootIds = (): string[] =>
    provider()
      .getChildren()
      .map((n) => n.accountId);

  /** The account item, rendered (getTreeItem starts its /full load, as the view does) and settled. */
  async function account(id: string): Promise<WatchNode> {
    const node = provider()
      .getChildren()
      .find((n) => n.kind === 'account' && n.accountId === id);
    assert.ok(node, `${id} in the tree (${rootIds().join(',')})`);
    provider().getTreeItem(node);
    await api.watchlist.whenIdle();
    return node;
  }

  /** Children of `node` after expanding it (lazy groups load on first expansion) and letting loads settle. */
  async function expand(node: WatchNode): Promise<WatchNode[]> {
    provider().getChildren(node);
    await api.watchlist.whenIdle();
    return provider().getChildren(node);
  }

  function child(nodes: readonly WatchNode[], label: string | RegExp): WatchNode {
    const hit = nodes.find((n) => (typeof label === 'string' ? n.label === label : label.test(n.label)));
    assert.ok(hit, `no child ${String(label)} among ${nodes.map((n) => n.label).join(' | ')}`);
    return hit;
  }

  /** [label, description] of each node as the TreeItem shows it. */
  function shown(nodes: readonly WatchNode[]): Array<[string, string | undefined]> {
    return nodes.map((n) => {
      const item = provider().getTreeItem(n);
      return [String(item.label), typeof item.description === 'string' ? item.description : undefined];
    });
  }

  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    await setUserSetting('nearLens.watchlist', undefined);
    await waitFor(() => api.services.settings.watchlist.length === 0, { what: 'an empty watchlist' });
    await api.watchlist.whenIdle();
    await resetStub();
  });

  it('adds several accounts (argument and prompt) and removes one', async () => {
    const added = await vscode.commands.executeCommand<AddResult>('nearLens.watchlist.add', [ID, 'here.tg']);
    assert.deepEqual(added, { added: [ID, 'here.tg'], alreadyWatched: [], skipped: [] });
    const asked = answerNextInputBox('mob.near, here.tg');
    const said = captureMessages();
    try {
      const r = await vscode.commands.executeCommand<AddResult>('nearLens.watchlist.add');
      assert.deepEqual(r, { added: ['mob.near'], alreadyWatched: ['here.tg'], skipped: [] }, 'only the new id is added');
    } finally {
      said.stop();
    }
    await asked;
    assert.deepEqual(said.messages, [{ level: 'info', text: 'here.tg is already in the watchlist.' }]);
    assert.deepEqual(rootIds(), [ID, 'here.tg', 'mob.near']);
    assert.deepEqual(vscode.workspace.getConfiguration('nearLens').inspect('watchlist')?.globalValue, [ID, 'here.tg', 'mob.near']);

    await vscode.commands.executeCommand('nearLens.watchlist.remove', ID);
    await waitFor(() => !rootIds().includes(ID), { what: `${ID} gone from the tree` });
    assert.deepEqual(rootIds(), ['here.tg', 'mob.near']);
    await api.watchlist.whenIdle();
  });

  it('adds from code every valid id in a text, without a prompt, and says which words were skipped and why', async () => {
    const said = captureMessages();
    let r: AddResult | undefined;
    try {
      r = await vscode.commands.executeCommand<AddResult>(
        'nearLens.watchlist.add',
        `${ID} Bad..Id, "here.tg"; ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd`,
      );
    } finally {
      said.stop();
    }
    assert.deepEqual(r?.added, [ID, 'here.tg']);
    assert.deepEqual(r?.alreadyWatched, []);
    assert.deepEqual(
      r?.skipped.map((s) => s.text),
      ['"Bad..Id"', '"ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd"'],
    );
    assert.match(r?.skipped[0]?.reason ?? '', /uppercase letters and an empty part between dots/);
    assert.deepEqual(rootIds(), [ID, 'here.tg']);
    assert.equal(said.messages.length, 1);
    assert.equal(said.messages[0]?.level, 'warning');
    assert.match(said.messages[0]?.text ?? '', /^Skipped "Bad\.\.Id": uppercase .*; "ed25519:\S+": a public key, not an account/);
  });

  it('asks which of several ids in the prompt to add (all checked); lists inside the pick the id already watched and each word skipped with why; adds only those kept', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', 'mob.near');
    const asked = answerNextInputBox(`${ID} here.tg and mob.near, root.near Nope`);
    // Checking a row under "Not added" adds nothing.
    const picked = answerNextQuickPick((items) => items.filter((i) => i.label === ID || i.label === 'root.near' || i.label === '"and"'));
    const said = captureMessages();
    let r: AddResult | undefined;
    try {
      r = await vscode.commands.executeCommand<AddResult>('nearLens.watchlist.add');
    } finally {
      said.stop();
    }
    await asked;
    const { items, options } = await picked;
    assert.equal(options?.canPickMany, true);
    assert.equal(options?.title, 'NEAR Lens: Add 3 Accounts (1 already watched, 2 words skipped)');
    assert.equal(options?.placeHolder, 'Uncheck the ids not to add; those under "Not added" are not added, checked or not');
    const AND = 'an English word, not taken as an account id (type it alone to add it)';
    assert.deepEqual(
      items.map((i) => [i.label, i.kind === vscode.QuickPickItemKind.Separator ? 'separator' : i.picked, i.description, i.detail]),
      [
        [ID, true, undefined, undefined],
        ['here.tg', true, undefined, undefined],
        ['root.near', true, undefined, undefined],
        ['Not added', 'separator', undefined, undefined],
        ['mob.near', undefined, 'already in the watchlist', undefined],
        ['"and"', undefined, 'skipped', AND],
        ['"Nope"', undefined, 'skipped', 'uppercase letters are not allowed in NEAR account ids'],
      ],
      'the new ids, all checked; "and" is never one of them; mob.near said as watched; each reason whole on its own line',
    );
    assert.deepEqual(r, {
      added: [ID, 'root.near'],
      alreadyWatched: ['mob.near'],
      skipped: [
        { text: '"and"', reason: AND },
        { text: '"Nope"', reason: 'uppercase letters are not allowed in NEAR account ids' },
      ],
    });
    assert.deepEqual(rootIds(), ['mob.near', ID, 'root.near']);
    assert.equal(vscode.workspace.getConfiguration('nearLens').inspect<string[]>('watchlist')?.globalValue?.includes('and'), false);
    // The pick said it all: no toast repeats it.
    assert.deepEqual(said.messages, []);
  });

  it('adding an account already watched adds no duplicate, says so and reveals it in the tree', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', [ID, 'here.tg']);
    const said = captureMessages();
    let r: AddResult | undefined;
    try {
      r = await vscode.commands.executeCommand<AddResult>('nearLens.watchlist.add', 'here.tg');
    } finally {
      said.stop();
    }
    assert.deepEqual(r, { added: [], alreadyWatched: ['here.tg'], skipped: [] });
    assert.deepEqual(vscode.workspace.getConfiguration('nearLens').inspect('watchlist')?.globalValue, [ID, 'here.tg'], 'no duplicate');
    assert.deepEqual(rootIds(), [ID, 'here.tg']);
    assert.deepEqual(said.messages, [{ level: 'info', text: 'here.tg is already in the watchlist.' }]);
    assert.equal(api.watchlist.view.visible, true, 'the view is shown');
    // The selection comes back from the workbench a moment after the reveal.
    await waitFor(() => api.watchlist.view.selection.length > 0, { what: 'a selection in the tree', timeoutMs: 15_000 });
    assert.deepEqual(
      api.watchlist.view.selection.map((n) => n.accountId),
      ['here.tg'],
      'and the account selected',
    );
    await api.watchlist.whenIdle();
  });

  it('shows the account item and its children with the exact figures', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    const alice = await account(ID);
    const item = provider().getTreeItem(alice);
    assert.equal(item.label, ID);
    assert.equal(item.description, '1,234.5678 NEAR'); // balance 1234567800000000000000000000 yocto + 0 locked
    assert.equal(item.contextValue, 'nearLens.account');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match(String(item.tooltip), /Spendable: 1,234\.3044 NEAR/);

    const groups = provider().getChildren(alice);
    assert.deepEqual(shown(groups), [
      ['State', undefined],
      ['Fungible tokens (4)', '1 liquid staking'],
      ['NFT collections (2)', undefined],
      ['Contract', undefined],
      ['Staking pools (2)', 'expand to load amounts'],
      ['Transactions', undefined], // #33: loads on its first expansion
    ]);

    // 26340 bytes × 10^19 yocto = 0.2634 NEAR pinned; spendable = balance − pinned.
    assert.deepEqual(shown(await expand(child(groups, 'State'))), [
      ['Balance', '1,234.5678 NEAR'],
      ['Locked', '0 NEAR'],
      ['Storage', '26,340 bytes · 0.2634 NEAR pinned'],
      ['Total owned', '1,234.5678 NEAR'],
      ['Spendable', '1,234.3044 NEAR'],
      ['Holdings updated', 'block #132,000,789'],
    ]);

    // Decimals and symbols come from ft_metadata over RPC (stNEAR: 24, USDt: 6; the client may have it cached from an
    // earlier suite, for a day); the indexer's null / "" balances are never shown as 0.
    const tokens = await expand(child(groups, /^Fungible tokens/));
    assert.deepEqual(shown(tokens), [
      ['meta-pool.near', '5 stNEAR · liquid staking'],
      ['usdt.tether-token.near', '10.283 USDt'],
      ['wrap.near', 'balance not fetched yet by the indexer'],
      ['v1.omni.hot.tg', 'balance unknown'],
    ]);
    assert.match(String(child(tokens, 'usdt.tether-token.near').tooltip), /Amount: 10\.283 USDt\n/);

    const nfts = await expand(child(groups, /^NFT collections/));
    assert.deepEqual(shown(nfts), [
      ['mintbase1.near', '1 collection'],
      ['hot.tg', '1 collection'],
    ]);
    assert.deepEqual(shown(provider().getChildren(child(nfts, 'mintbase1.near'))), [['nearvoucherstore.mintbase1.near', 'updated at block #118,841,842']]);
    assert.deepEqual(shown(provider().getChildren(child(nfts, 'hot.tg'))), [['nft.hot.tg', 'last update not tracked']]);

    // view_account + view_access_key_list (rpc-accounts.json): no code, one full-access and one function-call key.
    const contract = await expand(child(groups, 'Contract'));
    assert.deepEqual(shown(contract), [
      ['No contract code', undefined],
      ['Full-access keys (1)', undefined],
      ['Function-call keys (1)', undefined],
    ]);
    assert.deepEqual(shown(provider().getChildren(child(contract, 'Full-access keys (1)'))), [
      ['ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', 'full access'],
    ]);
    const fc = provider().getChildren(child(contract, 'Function-call keys (1)'));
    assert.deepEqual(shown(fc), [['app.alice.near', 'vote, claim']]);
    assert.match(String(fc[0]?.tooltip), /allowance 0\.25 NEAR/);

    // get_account_staked_balance / get_account_unstaked_balance (rpc-call-function.json); a pool at zero is "past".
    const pools = await expand(child(groups, /^Staking pools/));
    assert.deepEqual(shown(pools), [
      ['zavodil.poolv1.near', '1,000 NEAR staked · 2.5 NEAR unstaked'],
      ['Past pools (1)', 'nothing delegated now'],
    ]);
    assert.deepEqual(shown(provider().getChildren(child(pools, 'Past pools (1)'))), [['epic.poolv1.near', '0 NEAR staked']]);
    assert.equal(provider().getTreeItem(child(provider().getChildren(alice), /^Staking pools/)).description, undefined, 'amounts loaded');
  });

  it('gives every node an accessibility label that reads as a sentence (#31)', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    const alice = await account(ID);
    // Every group expanded (lazy ones loaded), then every node's TreeItem as the view reads it.
    const said = new Map<string, string>();
    const walk = async (n: WatchNode): Promise<void> => {
      const info = provider().getTreeItem(n).accessibilityInformation;
      assert.ok(info, `${n.id} has accessibilityInformation`);
      assert.equal(info.role, 'treeitem');
      said.set(n.id, info.label);
      for (const c of n.collapsible === 'none' ? [] : await expand(n)) await walk(c);
    };
    await walk(alice);
    assert.ok(said.size >= 25, `${said.size} nodes`);
    for (const [id, label] of said) assert.match(label, /^\S.*[^.][.…]$/, `${id}: "${label}" reads as a sentence`);
    assert.equal(said.get(ID), 'alice.near, 1,234.5678 NEAR owned in total.');
    assert.equal(said.get(`${ID}/state/spendable`), 'Spendable of alice.near: 1,234.3044 NEAR.');
    assert.equal(said.get(`${ID}/tokens`), 'Fungible tokens of alice.near: 4. 1 liquid staking.');
    assert.equal(said.get(`${ID}/ft/meta-pool.near`), 'Token meta-pool.near: 5 stNEAR, liquid staking.');
    assert.equal(said.get(`${ID}/nft/nft.hot.tg`), 'NFT collection nft.hot.tg, last update not tracked.');
    assert.equal(said.get(`${ID}/pool/zavodil.poolv1.near`), 'Staking pool zavodil.poolv1.near: 1,000 NEAR staked, 2.5 NEAR unstaked.');
    assert.equal(
      said.get(`${ID}/key/ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd`),
      'Full-access key ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd.',
    );
    assert.equal(said.get(`${ID}/contract/code`), 'No contract code.');
  });

  it('lists tokens whose contract has no code or does not exist without the RPC sentence: (raw), a short reason, the why in the tooltip and the log', async () => {
    // here.tg holds game.hot.tg (no such account: UNKNOWN_ACCOUNT) and nearrewards.near (an account without code:
    // NO_CONTRACT_CODE); the stub answers their ft_metadata with those real error envelopes.
    const { warnings, stop } = captureLogWarnings(api);
    try {
      await vscode.commands.executeCommand('nearLens.watchlist.add', 'here.tg');
      const here = await account('here.tg');
      const tokens = await expand(child(provider().getChildren(here), /^Fungible tokens/));
      const game = child(tokens, 'game.hot.tg');
      const rewards = child(tokens, 'nearrewards.near');
      assert.deepEqual(shown([game, rewards]), [
        ['game.hot.tg', '9990 (raw) · metadata unavailable'],
        ['nearrewards.near', '10000000000000000000 (raw) · metadata unavailable'],
      ]);
      for (const n of tokens) {
        const description = String(provider().getTreeItem(n).description);
        assert.doesNotMatch(description, /does not exist|deployed|while viewing|\(.*\(/, `${n.label}: "${description}"`);
      }
      assert.match(String(game.tooltip), /^Amount: 9990 \(raw\)$/m);
      assert.match(String(game.tooltip), /decimals unknown/);
      assert.match(String(game.tooltip), /Token metadata unavailable: The account game\.hot\.tg does not exist/);
      assert.match(String(rewards.tooltip), /Token metadata unavailable: No contract is deployed on nearrewards\.near\./);
      assert.ok(
        warnings.some((w) => /ft_metadata of game\.hot\.tg failed: .*does not exist/.test(w)),
        warnings.join('\n'),
      );
      assert.ok(
        warnings.some((w) => /ft_metadata of nearrewards\.near failed: contract: No contract is deployed/.test(w)),
        warnings.join('\n'),
      );
    } finally {
      stop();
    }
  });

  it('the Staking pools description follows the load: expand to load, loading, loaded; did not answer, then recovered', async () => {
    await setApiKey('pools-description-key'); // a new key drops the client's cache: the pools are asked again
    try {
      await poolsDescription();
    } finally {
      await clearApiKey();
    }
  });

  async function poolsDescription(): Promise<void> {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    const alice = await account(ID);
    const pools = (): WatchNode => child(provider().getChildren(alice), /^Staking pools/);
    const description = (): string | undefined => shown([pools()])[0]?.[1];
    assert.equal(description(), 'expand to load amounts');
    await stubFault({ host: 'rpc', match: 'get_account_staked_balance', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } });
    provider().getChildren(pools()); // the expansion starts the loads at once
    assert.equal(description(), 'loading amounts…');
    await api.watchlist.whenIdle();
    assert.equal(description(), '2 of 2 did not answer');
    const rows = provider().getChildren(pools());
    assert.deepEqual(shown(rows), [
      ['zavodil.poolv1.near', 'pool did not answer'],
      ['epic.poolv1.near', 'pool did not answer'],
    ]);
    assert.match(String(rows[0]?.tooltip), /^Amounts unavailable: /m);

    await resetStub();
    await vscode.commands.executeCommand('nearLens.watchlist.refresh', ID);
    assert.equal(description(), undefined, 'amounts loaded');
    assert.deepEqual(shown(provider().getChildren(pools())), [
      ['zavodil.poolv1.near', '1,000 NEAR staked · 2.5 NEAR unstaked'],
      ['Past pools (1)', 'nothing delegated now'],
    ]);
  }

  it('Refresh on a Tokens, NFT collections or Staking pools node asks /ft, /nft or /staking only, never /full (#26)', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    const alice = await account(ID);
    const group = (label: RegExp): WatchNode => child(provider().getChildren(alice), label);
    await expand(group(/^Fungible tokens/));
    await expand(group(/^Staking pools/));
    const before = shown(provider().getChildren(group(/^Fungible tokens/)));
    const restPaths = async (): Promise<string[]> => (await stubRequests()).filter((r) => r.host === 'api').map((r) => r.path);
    for (const [label, path] of [
      [/^Fungible tokens/, 'ft'],
      [/^NFT collections/, 'nft'],
      [/^Staking pools/, 'staking'],
    ] as const) {
      await resetStub();
      const node = group(label);
      assert.equal(node.contextValue, 'nearLens.list', 'the node offers Refresh');
      await vscode.commands.executeCommand('nearLens.watchlist.refresh', node);
      assert.deepEqual(await restPaths(), [`/v1/account/${ID}/${path}`], `${path}: one request to its endpoint`);
    }
    // The opened Staking pools list re-read its pool amounts too; the figures are the same.
    const rpcMethods = (await stubRequests()).filter((r) => r.host === 'rpc').map((r) => (r.body as { params?: { method_name?: string } }).params?.method_name);
    assert.ok(rpcMethods.includes('get_account_staked_balance'), rpcMethods.join(','));
    assert.equal(provider().getTreeItem(alice).description, '1,234.5678 NEAR');
    assert.deepEqual(shown(provider().getChildren(group(/^Fungible tokens/))), before);

    // A failed list refresh keeps the last good figures, says so, and asks nothing else.
    await resetStub();
    await stubFault({ host: 'api', match: `/v1/account/${ID}/ft`, fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } } });
    await vscode.commands.executeCommand('nearLens.watchlist.refresh', group(/^Fungible tokens/));
    assert.ok((await restPaths()).every((p) => p === `/v1/account/${ID}/ft`));
    assert.equal(provider().getTreeItem(alice).description, '1,234.5678 NEAR · refresh failed');
    assert.deepEqual(shown(provider().getChildren(group(/^Fungible tokens/))), before);
  });

  it('keeps the last good figures with a failure line when a refresh fails, then recovers', async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    const alice = await account(ID);
    await expand(child(provider().getChildren(alice), /^Staking pools/));
    await resetStub();

    // Retry-After 0: a longer one would hold the service host (every request fails fast until it has passed), and the
    // recovery below would wait with it.
    await stubFault({ host: 'api', match: `/v1/account/${ID}/full`, fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } } });
    await stubFault({ host: 'rpc', match: 'view_account', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } }); // nothing stands in (#26)
    await vscode.commands.executeCommand('nearLens.watchlist.refresh', ID);
    assert.ok(
      (await stubRequests()).some((r) => r.host === 'api' && r.path === `/v1/account/${ID}/full`),
      'the refresh asked the service, not the cache',
    );
    assert.equal(provider().getTreeItem(alice).description, '1,234.5678 NEAR · refresh failed');
    assert.match(String(provider().getTreeItem(alice).tooltip), /Last refresh failed: Rate limited by the service/);
    let children = provider().getChildren(alice);
    const failure = children[0];
    assert.equal(failure?.kind, 'error');
    assert.match(failure?.label ?? '', /^Refresh failed: Rate limited by the service/);
    assert.match(String(provider().getTreeItem(failure).description), /^showing data from /);
    assert.deepEqual(shown(provider().getChildren(child(children, 'State'))).slice(0, 1), [['Balance', '1,234.5678 NEAR']]);
    assert.deepEqual(shown(provider().getChildren(child(children, /^Staking pools/))).slice(0, 1), [
      ['zavodil.poolv1.near', '1,000 NEAR staked · 2.5 NEAR unstaked'],
    ]);

    await resetStub();
    await vscode.commands.executeCommand('nearLens.watchlist.refresh', ID);
    assert.equal(provider().getTreeItem(alice).description, '1,234.5678 NEAR');
    children = provider().getChildren(alice);
    assert.equal(children.filter((n) => n.kind === 'error').length, 0, children.map((n) => n.label).join(' | '));
    assert.equal(children[0]?.label, 'State');
    // The refresh also re-read the pool amounts it had loaded.
    const rpcMethods = (await stubRequests()).filter((r) => r.host === 'rpc').map((r) => (r.body as { params?: { method_name?: string } }).params?.method_name);
    assert.ok(rpcMethods.includes('get_account_staked_balance'), rpcMethods.join(','));
  });

  it("keeps a pool's last amounts when only its balance call fails", async () => {
    await vscode.commands.executeCommand('nearLens.watchlist.add', ID);
    const alice = await account(ID);
    await expand(child(provider().getChildren(alice), /^Staking pools/));

    await stubFault({ host: 'rpc', match: 'get_account_staked_balance', fault: { kind: 'status', status: 503, headers: { 'retry-after': '3600' } } });
    await vscode.commands.executeCommand('nearLens.watchlist.refresh', ID);
    assert.equal(provider().getTreeItem(alice).description, '1,234.5678 NEAR', 'the account itself refreshed');
    const pools = provider().getChildren(child(provider().getChildren(alice), /^Staking pools/));
    const zavodil = child(pools, 'zavodil.poolv1.near');
    assert.equal(provider().getTreeItem(zavodil).description, '1,000 NEAR staked · 2.5 NEAR unstaked · refresh failed');
    assert.match(String(zavodil.tooltip), /Last refresh failed: /);

    await resetStub();
    await vscode.commands.executeCommand('nearLens.watchlist.refresh', ID);
    assert.equal(
      provider().getTreeItem(child(provider().getChildren(child(provider().getChildren(alice), /^Staking pools/)), 'zavodil.poolv1.near')).description,
      '1,000 NEAR staked · 2.5 NEAR unstaked',
    );
  });
});

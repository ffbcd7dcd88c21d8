// The watchlist view: a TreeDataProvider over src/core/watchlistModel with lazy loads, keep-last-good data and its commands. Talks to the network only through the services' clients.
import vscode = require('vscode');
import type { AccountFull } from '../core/account';
import type { FtMetadata, NearClient } from '../core/client';
import { errorMessage, NearLensError } from '../core/errors';
import { IDLE, needsLoad, slotFailed, slotLoaded, slotLoading } from '../core/holdings';
import type { PoolBalance, Slot } from '../core/holdings';
import { accountIdError } from '../core/ids';
import { createLimiter, settleAll } from '../core/limit';
import { LOOKUP_CONCURRENCY, REFRESH_CONCURRENCY } from '../core/limits';
import { buildAccountNode, parseAccountIds } from '../core/watchlistModel';
import type { AccountEntry, ContractInfo, LazyGroup, WatchNode } from '../core/watchlistModel';
import type { Services } from '../platform/services';

export const VIEW_ID = 'nearLens.watchlist';
const SETTING = 'watchlist';

export interface WatchlistApi {
  readonly provider: WatchlistProvider;
  readonly view: vscode.TreeView<WatchNode>;
  refreshAll(): Promise<void>;
  refresh(accountId: string): Promise<void>;
  add(ids: string | readonly string[]): Promise<string[]>;
  remove(accountId: string): Promise<void>;
  /** Resolves when no load started by the view is still running (for tests). */
  whenIdle(): Promise<void>;
}

interface Entry {
  accountId: string;
  network: string;
  apiUrl: string; // endpoints the data came from: a network/endpoint change drops the data
  invalid?: string;
  full: Slot<AccountFull>;
  contract: Slot<ContractInfo>;
  pools: Map<string, Slot<PoolBalance>>;
  generation: number; // of the latest /full load; older answers are dropped
  tokensOpened: boolean; // the token group was expanded once: refresh its metadata too
}

const STATES = { none: 'None', collapsed: 'Collapsed', expanded: 'Expanded' } as const;

/** Tree elements are the model's nodes, interned by id so that the same object stands for an item across rebuilds. */
export class WatchlistProvider implements vscode.TreeDataProvider<WatchNode>, vscode.Disposable {
  readonly #services: Services;
  readonly #changed = new vscode.EventEmitter<WatchNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  readonly #entries = new Map<string, Entry>();
  readonly #ftMeta = new Map<string, Slot<FtMetadata>>(); // key: rpcUrl|contract
  readonly #nodes = new Map<string, WatchNode>();
  readonly #pending = new Set<Promise<unknown>>();
  readonly #lookups = createLimiter(LOOKUP_CONCURRENCY);
  #roots: WatchNode[] = [];

  constructor(services: Services) {
    this.#services = services;
  }

  dispose(): void {
    this.#changed.dispose();
  }

  /** The ids shown, in order (user list then workspace list, de-duplicated by Settings). */
  ids(): string[] {
    return [...this.#services.settings.watchlist];
  }

  // ------------------------------------------------------------ TreeDataProvider

  getTreeItem(node: WatchNode): vscode.TreeItem {
    const account = node.kind === 'account';
    // First shown → load its /full (lazy: nothing is fetched for accounts never displayed).
    if (account) this.#ensureFull(node.accountId);
    const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState[STATES[node.collapsible]]);
    item.id = node.id;
    item.contextValue = node.contextValue;
    if (node.description !== undefined) item.description = node.description;
    if (node.tooltip !== undefined) item.tooltip = node.tooltip;
    if (node.icon !== undefined) item.iconPath = new vscode.ThemeIcon(node.icon, node.iconColor ? new vscode.ThemeColor(node.iconColor) : undefined);
    if (account) item.accessibilityInformation = { label: `${node.label}, ${node.description ?? ''}`, role: 'treeitem' };
    return item;
  }

  getChildren(node?: WatchNode): WatchNode[] {
    if (node === undefined) {
      this.sync();
      return this.#roots;
    }
    if (node.lazy) this.#ensureLazy(node.accountId, node.lazy);
    return this.#nodes.get(node.id)?.children ?? [];
  }

  // ------------------------------------------------------------ state

  /** Aligns entries with the setting: new ids get an entry, removed ids are forgotten, changed endpoints reset the data. */
  sync(): void {
    const ids = this.ids();
    for (const id of [...this.#entries.keys()]) {
      if (!ids.includes(id)) {
        this.#entries.delete(id);
        this.#prune(id);
      }
    }
    for (const id of ids) {
      const existing = this.#entries.get(id);
      const invalid = accountIdError(id);
      const target = this.#target(id, invalid);
      if (existing && existing.apiUrl === target.apiUrl && existing.network === target.network) continue;
      this.#entries.set(id, {
        accountId: id,
        network: target.network,
        apiUrl: target.apiUrl,
        ...(invalid !== undefined ? { invalid } : {}),
        full: IDLE,
        contract: IDLE,
        pools: new Map(),
        generation: (existing?.generation ?? 0) + 1,
        tokensOpened: false,
      });
    }
    this.#roots = ids.map((id) => this.#rebuild(id)).filter((n): n is WatchNode => n !== undefined);
  }

  /** Settings or key changed: re-align, re-render everything (decimals, providers, publisher filter). */
  reset(): void {
    this.sync();
    this.#changed.fire(undefined);
  }

  entry(id: string): Readonly<AccountEntry> | undefined {
    return this.#entries.get(id);
  }

  /** Network and endpoints an id is looked up on; an invalid id or an unusable custom network has none (the load says why). */
  #target(id: string, invalid = accountIdError(id)): { network: string; apiUrl: string; rpcUrl: string } {
    try {
      if (invalid === undefined) {
        const { client, network } = this.#services.clientForAccount(id);
        return { network, apiUrl: client.endpoints.apiUrl, rpcUrl: client.endpoints.rpcUrl };
      }
    } catch {
      // an unusable custom network
    }
    return { network: this.#services.settings.network, apiUrl: '', rpcUrl: '' };
  }

  /** Rebuilds one account's subtree into the interned nodes; returns the (stable) root object. */
  #rebuild(id: string): WatchNode | undefined {
    const e = this.#entries.get(id);
    if (!e) return undefined;
    const s = this.#services.settings;
    const rpc = this.#target(id).rpcUrl;
    const spec = buildAccountNode(e, {
      decimals: s.decimals,
      liquidStakingProviders: s.liquidStakingProviders,
      nftPublisher: s.nftPublisher,
      ftMeta: (contractId) => this.#ftMeta.get(`${rpc}|${contractId}`),
    });
    const live = new Set<string>();
    const root = this.#intern(spec, live);
    // Drop nodes that disappeared from this account's subtree (a folded pool, a removed token).
    this.#prune(id, live);
    return root;
  }

  #intern(spec: WatchNode, live: Set<string>): WatchNode {
    live.add(spec.id);
    const children = spec.children.map((c) => this.#intern(c, live));
    const existing = this.#nodes.get(spec.id);
    if (!existing) {
      const node = { ...spec, children };
      this.#nodes.set(spec.id, node);
      return node;
    }
    for (const k of Object.keys(existing) as Array<keyof WatchNode>) delete existing[k];
    return Object.assign(existing, spec, { children });
  }

  /** Forgets the interned nodes of an account's subtree, except the `live` ones. */
  #prune(id: string, live?: Set<string>): void {
    for (const key of [...this.#nodes.keys()]) if ((key === id || key.startsWith(`${id}/`)) && !live?.has(key)) this.#nodes.delete(key);
  }

  #update(id: string): void {
    if (this.#entries.has(id)) this.#changed.fire(this.#rebuild(id));
  }

  /** Keeps `work` in the pending set until it settles, then re-renders the account. */
  #track(id: string, work: Promise<unknown>): Promise<void> {
    this.#update(id);
    const p = work.then(() => this.#update(id));
    this.#pending.add(p);
    p.finally(() => this.#pending.delete(p)).catch(() => undefined);
    return p;
  }

  async whenIdle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #client(id: string): NearClient {
    return this.#services.clientForAccount(id).client;
  }

  /**
   * One load into a slot, keep-last-good: the answer (or the failure, with the last good data kept) is stored only
   * while `current()` still holds. Failures are logged: NearLensError messages are redacted already; others by name.
   */
  async #fill<T>(id: string, what: string, slot: () => Slot<T> | undefined, set: (s: Slot<T>) => void, current: () => boolean, work: () => Promise<T>): Promise<void> {
    let next: Slot<T>;
    try {
      next = slotLoaded(await work(), Date.now());
    } catch (e) {
      this.#services.log.warn(`watchlist: ${what} of ${id} failed: ${NearLensError.is(e) ? `${e.kind}: ${e.message}` : String((e as Error)?.name ?? 'error')}`);
      next = slotFailed(slot(), errorMessage(e));
    }
    if (current()) set(next);
  }

  // ------------------------------------------------------------ loads

  #ensureFull(id: string): void {
    const e = this.#entries.get(id);
    if (e && e.invalid === undefined && needsLoad(e.full)) void this.loadFull(id, false);
  }

  loadFull(id: string, fresh: boolean): Promise<void> {
    const e = this.#entries.get(id);
    if (!e || e.invalid !== undefined) return Promise.resolve();
    const gen = ++e.generation;
    e.full = slotLoading(e.full);
    return this.#track(
      id,
      this.#fill(
        id,
        'account',
        () => e.full,
        (s) => {
          e.full = s;
          // Pools that are gone from the list are forgotten; the rest keep their last amounts until reloaded.
          for (const poolId of [...e.pools.keys()]) if (s.data && !s.data.pools.some((p) => p.poolId === poolId)) e.pools.delete(poolId);
        },
        () => this.#entries.get(id) === e && e.generation === gen,
        () => this.#client(id).full(id, { fresh }),
      ),
    );
  }

  #ensureLazy(id: string, group: LazyGroup): void {
    const e = this.#entries.get(id);
    if (!e || e.full.data?.state == null) return;
    if (group === 'contract' && needsLoad(e.contract)) void this.#loadContract(id, e, false);
    if (group === 'tokens') {
      e.tokensOpened = true;
      void this.#loadMetadata(id, false);
    }
    if (group === 'pools' && e.full.data.pools.some((p) => needsLoad(e.pools.get(p.poolId)))) void this.#loadPools(id, e, false);
  }

  #loadContract(id: string, e: Entry, fresh: boolean): Promise<void> {
    e.contract = slotLoading(e.contract);
    return this.#track(
      id,
      this.#fill(
        id,
        'view_account / view_access_key_list',
        () => e.contract,
        (s) => (e.contract = s),
        () => this.#entries.get(id) === e,
        async () => {
          const client = this.#client(id);
          const [view, keys] = await Promise.all([client.viewAccount(id, undefined, { fresh }), client.viewAccessKeyList(id, undefined, { fresh })]);
          return { view: view.result, keys: keys.result };
        },
      ),
    );
  }

  /** ft_metadata of every token held, once per contract and RPC endpoint (the client caches it for a day). */
  #loadMetadata(id: string, retryFailed: boolean): Promise<void> {
    const rpc = this.#target(id).rpcUrl;
    const todo = [...new Set((this.#entries.get(id)?.full.data?.tokens ?? []).map((t) => t.contractId))].filter((c) => {
      const s = this.#ftMeta.get(`${rpc}|${c}`);
      return needsLoad(s) || (retryFailed && s?.status === 'failed');
    });
    if (todo.length === 0) return Promise.resolve();
    const work = todo.map((c) => {
      const key = `${rpc}|${c}`;
      const slot = (): Slot<FtMetadata> | undefined => this.#ftMeta.get(key);
      this.#ftMeta.set(key, slotLoading(slot()));
      return this.#lookups(() => this.#fill(c, 'ft_metadata', slot, (s) => this.#ftMeta.set(key, s), () => true, () => this.#client(id).ftMetadata(c)));
    });
    return this.#track(
      id,
      Promise.all(work).then(() => {
        // Metadata is shared: every other account holding one of these tokens may read better now.
        for (const other of this.#entries.values()) if (other.accountId !== id && other.full.data?.tokens.some((t) => todo.includes(t.contractId))) this.#update(other.accountId);
      }),
    );
  }

  #loadPools(id: string, e: Entry, fresh: boolean): Promise<void> {
    const work = (e.full.data?.pools ?? []).map(({ poolId }) => {
      e.pools.set(poolId, slotLoading(e.pools.get(poolId)));
      return this.#lookups(() =>
        this.#fill(
          id,
          `pool ${poolId}`,
          () => e.pools.get(poolId),
          (s) => e.pools.set(poolId, s),
          () => this.#entries.get(id) === e,
          async () => {
            const client = this.#client(id);
            const [staked, unstaked] = await Promise.all([client.stakedBalance(poolId, id, { fresh }), client.unstakedBalance(poolId, id, { fresh })]);
            return { staked, unstaked };
          },
        ),
      );
    });
    return work.length === 0 ? Promise.resolve() : this.#track(id, Promise.all(work));
  }

  /** Refresh one account: /full from the service (not the cache), then whatever groups were already loaded. */
  async refresh(id: string): Promise<void> {
    this.sync();
    const e = this.#entries.get(id);
    if (!e || e.invalid !== undefined) return;
    await this.loadFull(id, true);
    if (this.#entries.get(id) !== e || e.full.status !== 'ok' || e.full.data?.state == null) return;
    await Promise.all([
      !needsLoad(e.contract) && this.#loadContract(id, e, true),
      e.pools.size > 0 && this.#loadPools(id, e, true),
      e.tokensOpened && this.#loadMetadata(id, true),
    ]);
  }
}

/** Splits a command argument or input into valid ids (string, string[], or text with spaces/commas). */
function idsFromArgument(arg: unknown): { ids: string[]; errors: string[] } | undefined {
  if (Array.isArray(arg) && arg.every((a) => typeof a === 'string')) arg = arg.join(' ');
  return typeof arg === 'string' ? parseAccountIds(arg) : undefined;
}

/** An account id from a command argument: a string id or one of our tree nodes. */
export function accountIdFromArgument(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim();
  const id = (arg as { accountId?: unknown } | null)?.accountId;
  return typeof arg === 'object' && typeof id === 'string' ? id : undefined;
}

export function registerWatchlist(context: vscode.ExtensionContext, services: Services): WatchlistApi {
  const provider = new WatchlistProvider(services);
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  context.subscriptions.push(provider, view);

  const updateChrome = (): void => {
    const empty = services.settings.watchlist.length === 0;
    void vscode.commands.executeCommand('setContext', 'nearLens.watchlistEmpty', empty);
    // The welcome view covers "no key" while the list is empty; with accounts shown, a one-line hint instead.
    view.message = !empty && !services.hasApiKey ? 'No API key set: using the public, rate-limited path. NEAR Lens: Set API Key… raises the limits.' : undefined;
  };
  const changed = (): void => {
    provider.reset();
    updateChrome();
  };

  let refreshing: Promise<void> | undefined;
  const refreshAll = (): Promise<void> => {
    if (refreshing) return refreshing;
    provider.sync();
    const ids = provider.ids();
    refreshing = Promise.resolve(
      vscode.window.withProgress({ location: { viewId: VIEW_ID }, title: 'Refreshing the watchlist' }, async () => {
        await settleAll(ids, REFRESH_CONCURRENCY, (id) => provider.refresh(id));
      }),
    ).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  // Auto-refresh: only while the view is visible, re-armed on setting changes; the timer is always disposed.
  let timer: ReturnType<typeof setInterval> | undefined;
  let timerSeconds = 0;
  const armTimer = (): void => {
    const seconds = services.settings.refreshIntervalSeconds;
    const want = seconds > 0 && view.visible ? seconds : 0;
    if (want === timerSeconds && (want === 0) === (timer === undefined)) return;
    clearInterval(timer);
    timer = undefined;
    timerSeconds = want;
    if (want > 0) timer = setInterval(() => void refreshAll(), want * 1000);
  };
  context.subscriptions.push({ dispose: () => clearInterval(timer) });

  const addIds = async (ids: readonly string[]): Promise<string[]> => {
    const fresh = ids.filter((id) => !services.settings.watchlist.includes(id));
    if (fresh.length === 0) return [];
    const config = vscode.workspace.getConfiguration('nearLens');
    const user = config.inspect<string[]>(SETTING)?.globalValue ?? [];
    const done = waitForSettings(services, () => fresh.every((id) => services.settings.watchlist.includes(id)));
    await config.update(SETTING, [...user, ...fresh], vscode.ConfigurationTarget.Global);
    await done;
    changed();
    return fresh;
  };

  const remove = async (id: string): Promise<void> => {
    const config = vscode.workspace.getConfiguration('nearLens');
    const info = config.inspect<string[]>(SETTING);
    const T = vscode.ConfigurationTarget;
    const scopes: Array<[string[] | undefined, vscode.ConfigurationTarget]> = [
      [info?.globalValue, T.Global],
      [info?.workspaceValue, T.Workspace],
      [info?.workspaceFolderValue, T.WorkspaceFolder],
    ];
    const done = waitForSettings(services, () => !services.settings.watchlist.includes(id));
    for (const [list, target] of scopes) {
      if (list?.includes(id)) await config.update(SETTING, list.filter((x) => x !== id), target);
    }
    await done;
    changed();
  };

  /** A command on one account id (argument: an id or a tree node); `orElse` when there is none. */
  const onAccount = (command: string, run: (id: string) => unknown, orElse?: () => unknown): vscode.Disposable =>
    vscode.commands.registerCommand(command, async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      return id !== undefined ? run(id) : orElse?.();
    });

  context.subscriptions.push(
    vscode.commands.registerCommand('nearLens.watchlist.add', async (arg?: unknown) => {
      const given = idsFromArgument(arg);
      if (given) {
        if (given.errors.length > 0) void vscode.window.showWarningMessage(given.errors.join(' '));
        return addIds(given.ids);
      }
      const text = await vscode.window.showInputBox({
        title: 'Add Accounts to the NEAR Lens Watchlist',
        prompt: 'One or more account ids, separated by spaces or commas',
        placeHolder: 'alice.near, contract.testnet',
        ignoreFocusOut: true,
        validateInput: (value) => {
          const r = parseAccountIds(value);
          return r.errors[0] ?? (r.ids.length === 0 ? 'Type at least one account id.' : undefined);
        },
      });
      return text === undefined ? [] : addIds(parseAccountIds(text).ids);
    }),
    onAccount('nearLens.watchlist.remove', remove),
    onAccount('nearLens.watchlist.refresh', (id) => provider.refresh(id), refreshAll),
    vscode.commands.registerCommand('nearLens.watchlist.refreshAll', refreshAll),
    onAccount('nearLens.watchlist.copyId', (id) => vscode.env.clipboard.writeText(id)),
    vscode.commands.registerCommand('nearLens.openInExplorer', async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      const url = id === undefined || accountIdError(id) !== undefined ? null : services.explorerUrl(id);
      if (!url) {
        void (url === null
          ? vscode.window.showWarningMessage('Open in Explorer needs a valid NEAR account id.')
          : vscode.window.showInformationMessage('No explorer is configured for this network.'));
        return false;
      }
      return vscode.env.openExternal(vscode.Uri.parse(url, true));
    }),
    view.onDidChangeVisibility(armTimer),
    services.onDidChange(() => {
      changed();
      armTimer();
    }),
  );

  updateChrome();
  armTimer();

  return {
    provider,
    view,
    refreshAll,
    refresh: (id) => provider.refresh(id),
    add: (arg) => addIds(idsFromArgument(arg)?.ids ?? []),
    remove,
    whenIdle: () => provider.whenIdle(),
  };
}

/** Resolves once `done()` holds after a settings change, or after a short grace period (the change may already be in). */
function waitForSettings(services: Services, done: () => boolean, ms = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const finish = (): void => {
      clearTimeout(timeout);
      sub.dispose();
      resolve();
    };
    const timeout = setTimeout(finish, ms);
    const sub = services.onDidChange(() => done() && finish());
  });
}

// The watchlist view: a TreeDataProvider over src/core/watchlistModel with lazy loads, keep-last-good data and its commands. Talks to the network only through the services' clients.
import * as vscode from 'vscode';
import type { AccountFull } from '../core/account';
import type { FtMetadata, NearClient } from '../core/client';
import { errorMessage, NearLensError } from '../core/errors';
import { IDLE, needsLoad, slotFailed, slotLoaded, slotLoading } from '../core/holdings';
import type { PoolBalance, Slot } from '../core/holdings';
import { accountIdError } from '../core/ids';
import { createLimiter, settleAll } from '../core/limit';
import type { Limiter } from '../core/limit';
import { buildAccountNode, parseAccountIds } from '../core/watchlistModel';
import type { AccountEntry, ContractInfo, LazyGroup, ModelOptions, WatchNode } from '../core/watchlistModel';
import type { Services } from '../platform/services';

export const VIEW_ID = 'nearLens.watchlist';
const SETTING = 'watchlist';
/** Accounts refreshed at once by Refresh All; RPC look-ups (metadata, pools) share another small budget. */
const REFRESH_CONCURRENCY = 4;
const LOOKUP_CONCURRENCY = 6;

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

/** Tree elements are the model's nodes, interned by id so that the same object stands for an item across rebuilds. */
export class WatchlistProvider implements vscode.TreeDataProvider<WatchNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<WatchNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly entries = new Map<string, Entry>();
  private readonly ftMeta = new Map<string, Slot<FtMetadata>>(); // key: rpcUrl|contract
  private readonly nodes = new Map<string, WatchNode>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly lookups: Limiter = createLimiter(LOOKUP_CONCURRENCY);
  private roots: WatchNode[] = [];

  constructor(private readonly services: Services) {}

  dispose(): void {
    this.changed.dispose();
  }

  /** The ids shown, in order (user list then workspace list, de-duplicated by Settings). */
  ids(): string[] {
    return [...this.services.settings.watchlist];
  }

  // ------------------------------------------------------------ TreeDataProvider

  getTreeItem(node: WatchNode): vscode.TreeItem {
    // First shown → load its /full (lazy: nothing is fetched for accounts never displayed).
    if (node.kind === 'account') this.ensureFull(node.accountId);
    const state =
      node.collapsible === 'none'
        ? vscode.TreeItemCollapsibleState.None
        : node.collapsible === 'expanded'
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(node.label, state);
    item.id = node.id;
    item.contextValue = node.contextValue;
    if (node.description !== undefined) item.description = node.description;
    if (node.tooltip !== undefined) item.tooltip = node.tooltip;
    if (node.icon !== undefined) item.iconPath = new vscode.ThemeIcon(node.icon, node.iconColor ? new vscode.ThemeColor(node.iconColor) : undefined);
    if (node.kind === 'account') {
      item.accessibilityInformation = { label: `${node.label}, ${node.description ?? ''}`, role: 'treeitem' };
    }
    return item;
  }

  getChildren(node?: WatchNode): WatchNode[] {
    if (node === undefined) {
      this.sync();
      return this.roots;
    }
    if (node.lazy) this.ensureLazy(node.accountId, node.lazy);
    return this.nodes.get(node.id)?.children ?? [];
  }

  // ------------------------------------------------------------ state

  /** Aligns entries with the setting: new ids get an entry, removed ids are forgotten, changed endpoints reset the data. */
  sync(): void {
    const ids = this.ids();
    const keep = new Set(ids);
    for (const id of [...this.entries.keys()]) {
      if (!keep.has(id)) {
        this.entries.delete(id);
        this.forgetNodes(id);
      }
    }
    for (const id of ids) {
      const existing = this.entries.get(id);
      const target = this.target(id);
      if (existing && existing.apiUrl === target.apiUrl && existing.network === target.network) continue;
      const invalid = accountIdError(id);
      this.entries.set(id, {
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
    this.roots = ids.map((id) => this.rebuild(id)).filter((n): n is WatchNode => n !== undefined);
  }

  /** Settings or key changed: re-align, re-render everything (decimals, providers, publisher filter). */
  reset(): void {
    this.sync();
    this.changed.fire(undefined);
  }

  entry(id: string): Readonly<AccountEntry> | undefined {
    return this.entries.get(id);
  }

  private target(id: string): { network: string; apiUrl: string } {
    if (accountIdError(id) !== undefined) return { network: this.services.settings.network, apiUrl: '' };
    try {
      const { client, network } = this.services.clientForAccount(id);
      return { network, apiUrl: client.endpoints.apiUrl };
    } catch {
      // An unusable custom network: the load itself fails with the reason as an item.
      return { network: this.services.settings.network, apiUrl: '' };
    }
  }

  private options(e: Entry): ModelOptions {
    const s = this.services.settings;
    const rpc = this.rpcUrl(e.accountId);
    return {
      decimals: s.decimals,
      liquidStakingProviders: s.liquidStakingProviders,
      nftPublisher: s.nftPublisher,
      ftMeta: (contractId) => this.ftMeta.get(`${rpc}|${contractId}`),
    };
  }

  private rpcUrl(id: string): string {
    try {
      return accountIdError(id) === undefined ? this.services.clientForAccount(id).client.endpoints.rpcUrl : '';
    } catch {
      return '';
    }
  }

  /** Rebuilds one account's subtree into the interned nodes; returns the (stable) root object. */
  private rebuild(id: string): WatchNode | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    const spec = buildAccountNode(e, this.options(e));
    const live = new Set<string>();
    const root = this.intern(spec, live);
    // Drop nodes that disappeared from this account's subtree (a folded pool, a removed token).
    for (const key of [...this.nodes.keys()]) if ((key === id || key.startsWith(`${id}/`)) && !live.has(key)) this.nodes.delete(key);
    return root;
  }

  private intern(spec: WatchNode, live: Set<string>): WatchNode {
    live.add(spec.id);
    const children = spec.children.map((c) => this.intern(c, live));
    const existing = this.nodes.get(spec.id);
    if (!existing) {
      const node = { ...spec, children };
      this.nodes.set(spec.id, node);
      return node;
    }
    for (const k of Object.keys(existing) as Array<keyof WatchNode>) delete existing[k];
    Object.assign(existing, spec, { children });
    return existing;
  }

  private forgetNodes(id: string): void {
    for (const key of [...this.nodes.keys()]) if (key === id || key.startsWith(`${id}/`)) this.nodes.delete(key);
  }

  private update(id: string): void {
    if (!this.entries.has(id)) return;
    const root = this.rebuild(id);
    this.changed.fire(root);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private client(id: string): NearClient {
    return this.services.clientForAccount(id).client;
  }

  private fail(id: string, what: string, e: unknown): string {
    const message = errorMessage(e);
    // Messages of NearLensError are already redacted; other errors are logged by kind only.
    this.services.log.warn(`watchlist: ${what} of ${id} failed: ${NearLensError.is(e) ? `${e.kind}: ${e.message}` : String((e as Error)?.name ?? 'error')}`);
    return message;
  }

  // ------------------------------------------------------------ loads

  private ensureFull(id: string): void {
    const e = this.entries.get(id);
    if (e && e.invalid === undefined && needsLoad(e.full)) void this.loadFull(id, false);
  }

  loadFull(id: string, fresh: boolean): Promise<void> {
    const e = this.entries.get(id);
    if (!e || e.invalid !== undefined) return Promise.resolve();
    const gen = ++e.generation;
    e.full = slotLoading(e.full);
    this.update(id);
    return this.track(
      (async () => {
        try {
          const data = await this.client(id).full(id, { fresh });
          if (this.entries.get(id) !== e || e.generation !== gen) return;
          e.full = slotLoaded(data, Date.now());
          // Pools that are gone from the list are forgotten; the rest keep their last amounts until reloaded.
          for (const poolId of [...e.pools.keys()]) if (!data.pools.some((p) => p.poolId === poolId)) e.pools.delete(poolId);
        } catch (err) {
          if (this.entries.get(id) !== e || e.generation !== gen) return;
          e.full = slotFailed(e.full, this.fail(id, 'account', err));
        }
        this.update(id);
      })(),
    );
  }

  private ensureLazy(id: string, group: LazyGroup): void {
    const e = this.entries.get(id);
    if (!e || e.full.data?.state == null) return;
    if (group === 'contract' && needsLoad(e.contract)) void this.loadContract(id, false);
    if (group === 'tokens') {
      e.tokensOpened = true;
      void this.loadMetadata(id, false);
    }
    if (group === 'pools' && e.full.data.pools.some((p) => needsLoad(e.pools.get(p.poolId)))) void this.loadPools(id, false);
  }

  private loadContract(id: string, fresh: boolean): Promise<void> {
    const e = this.entries.get(id);
    if (!e) return Promise.resolve();
    e.contract = slotLoading(e.contract);
    this.update(id);
    return this.track(
      (async () => {
        try {
          const client = this.client(id);
          const [view, keys] = await Promise.all([client.viewAccount(id, undefined, { fresh }), client.viewAccessKeyList(id, undefined, { fresh })]);
          if (this.entries.get(id) !== e) return;
          e.contract = slotLoaded({ view: view.result, keys: keys.result }, Date.now());
        } catch (err) {
          if (this.entries.get(id) !== e) return;
          e.contract = slotFailed(e.contract, this.fail(id, 'view_account / view_access_key_list', err));
        }
        this.update(id);
      })(),
    );
  }

  /** ft_metadata of every token held, once per contract and RPC endpoint (the client caches it for a day). */
  private loadMetadata(id: string, retryFailed: boolean): Promise<void> {
    const e = this.entries.get(id);
    const tokens = e?.full.data?.tokens ?? [];
    const rpc = this.rpcUrl(id);
    const todo = [...new Set(tokens.map((t) => t.contractId))].filter((c) => {
      const s = this.ftMeta.get(`${rpc}|${c}`);
      return needsLoad(s) || (retryFailed && s?.status === 'failed');
    });
    if (todo.length === 0) return Promise.resolve();
    for (const c of todo) this.ftMeta.set(`${rpc}|${c}`, slotLoading(this.ftMeta.get(`${rpc}|${c}`)));
    this.update(id);
    return this.track(
      (async () => {
        await Promise.allSettled(
          todo.map((c) =>
            this.lookups(async () => {
              const key = `${rpc}|${c}`;
              try {
                this.ftMeta.set(key, slotLoaded(await this.client(id).ftMetadata(c), Date.now()));
              } catch (err) {
                this.ftMeta.set(key, slotFailed(this.ftMeta.get(key), this.fail(c, 'ft_metadata', err)));
              }
            }),
          ),
        );
        // Metadata is shared: every account holding one of these tokens may read better now.
        for (const other of this.entries.values()) if (other.full.data?.tokens.some((t) => todo.includes(t.contractId))) this.update(other.accountId);
      })(),
    );
  }

  private loadPools(id: string, fresh: boolean): Promise<void> {
    const e = this.entries.get(id);
    const pools = e?.full.data?.pools ?? [];
    if (!e || pools.length === 0) return Promise.resolve();
    for (const p of pools) e.pools.set(p.poolId, slotLoading(e.pools.get(p.poolId)));
    this.update(id);
    return this.track(
      (async () => {
        await Promise.allSettled(
          pools.map((p) =>
            this.lookups(async () => {
              try {
                const client = this.client(id);
                const [staked, unstaked] = await Promise.all([client.stakedBalance(p.poolId, id, { fresh }), client.unstakedBalance(p.poolId, id, { fresh })]);
                if (this.entries.get(id) === e) e.pools.set(p.poolId, slotLoaded({ staked, unstaked }, Date.now()));
              } catch (err) {
                if (this.entries.get(id) === e) e.pools.set(p.poolId, slotFailed(e.pools.get(p.poolId), this.fail(id, `pool ${p.poolId}`, err)));
              }
            }),
          ),
        );
        this.update(id);
      })(),
    );
  }

  /** Refresh one account: /full from the service (not the cache), then whatever groups were already loaded. */
  async refresh(id: string): Promise<void> {
    this.sync();
    const e = this.entries.get(id);
    if (!e || e.invalid !== undefined) return;
    await this.loadFull(id, true);
    if (this.entries.get(id) !== e || e.full.status !== 'ok' || e.full.data?.state == null) return;
    const more: Promise<void>[] = [];
    if (!needsLoad(e.contract)) more.push(this.loadContract(id, true));
    if (e.pools.size > 0) more.push(this.loadPools(id, true));
    if (e.tokensOpened) more.push(this.loadMetadata(id, true));
    await Promise.all(more);
  }
}

/** Splits a command argument or input into valid ids (string, string[], or text with spaces/commas). */
function idsFromArgument(arg: unknown): { ids: string[]; errors: string[] } | undefined {
  if (typeof arg === 'string') return parseAccountIds(arg);
  if (Array.isArray(arg) && arg.every((a) => typeof a === 'string')) return parseAccountIds(arg.join(' '));
  return undefined;
}

/** An account id from a command argument: a string id or one of our tree nodes. */
export function accountIdFromArgument(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim();
  if (typeof arg === 'object' && arg !== null) {
    const id = (arg as { accountId?: unknown }).accountId;
    if (typeof id === 'string') return id;
  }
  return undefined;
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
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    timerSeconds = want;
    if (want > 0) timer = setInterval(() => void refreshAll(), want * 1000);
  };
  context.subscriptions.push({ dispose: () => timer !== undefined && clearInterval(timer) });

  const add = async (arg: string | readonly string[]): Promise<string[]> => {
    const parsed = idsFromArgument(arg) ?? { ids: [], errors: [] };
    return addIds(parsed.ids);
  };

  const addIds = async (ids: readonly string[]): Promise<string[]> => {
    const current = new Set(services.settings.watchlist);
    const fresh = ids.filter((id) => !current.has(id));
    if (fresh.length === 0) return [];
    const config = vscode.workspace.getConfiguration('nearLens');
    const user = config.inspect<string[]>(SETTING)?.globalValue ?? [];
    const changed = waitForSettings(services, () => fresh.every((id) => services.settings.watchlist.includes(id)));
    await config.update(SETTING, [...user, ...fresh], vscode.ConfigurationTarget.Global);
    await changed;
    provider.reset();
    updateChrome();
    return fresh;
  };

  const remove = async (id: string): Promise<void> => {
    const config = vscode.workspace.getConfiguration('nearLens');
    const info = config.inspect<string[]>(SETTING);
    const scopes: Array<[string[] | undefined, vscode.ConfigurationTarget]> = [
      [info?.globalValue, vscode.ConfigurationTarget.Global],
      [info?.workspaceValue, vscode.ConfigurationTarget.Workspace],
      [info?.workspaceFolderValue, vscode.ConfigurationTarget.WorkspaceFolder],
    ];
    const changed = waitForSettings(services, () => !services.settings.watchlist.includes(id));
    for (const [list, target] of scopes) {
      if (list?.includes(id)) await config.update(SETTING, list.filter((x) => x !== id), target);
    }
    await changed;
    provider.reset();
    updateChrome();
  };

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
          if (r.errors.length > 0) return r.errors[0];
          return r.ids.length === 0 ? 'Type at least one account id.' : undefined;
        },
      });
      if (text === undefined) return [];
      return addIds(parseAccountIds(text).ids);
    }),
    vscode.commands.registerCommand('nearLens.watchlist.remove', async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      if (id !== undefined) await remove(id);
    }),
    vscode.commands.registerCommand('nearLens.watchlist.refresh', async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      if (id !== undefined) await provider.refresh(id);
      else await refreshAll();
    }),
    vscode.commands.registerCommand('nearLens.watchlist.refreshAll', () => refreshAll()),
    vscode.commands.registerCommand('nearLens.watchlist.copyId', async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      if (id !== undefined) await vscode.env.clipboard.writeText(id);
    }),
    vscode.commands.registerCommand('nearLens.openInExplorer', async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      if (id === undefined || accountIdError(id) !== undefined) {
        void vscode.window.showWarningMessage('Open in Explorer needs a valid NEAR account id.');
        return false;
      }
      const url = services.explorerUrl(id);
      if (url === undefined) {
        void vscode.window.showInformationMessage('No explorer is configured for this network.');
        return false;
      }
      return vscode.env.openExternal(vscode.Uri.parse(url, true));
    }),
    view.onDidChangeVisibility(() => armTimer()),
    services.onDidChange(() => {
      provider.reset();
      updateChrome();
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
    add,
    remove,
    whenIdle: () => provider.whenIdle(),
  };
}

/** Resolves once `done()` holds after a settings change, or after a short grace period (the change may already be in). */
function waitForSettings(services: Services, done: () => boolean, ms = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (done()) {
      resolve();
      return;
    }
    const timeout = setTimeout(finish, ms);
    const sub = services.onDidChange(() => {
      if (done()) finish();
    });
    function finish(): void {
      clearTimeout(timeout);
      sub.dispose();
      resolve();
    }
  });
}

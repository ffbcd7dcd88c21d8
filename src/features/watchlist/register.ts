// The watchlist view: builds the tree provider, the view, its auto-refresh timer and its commands, and keeps the
// empty-list and no-key hints in step with the settings and the key.
import vscode = require('vscode');
import { COMMANDS, CONTEXT_KEYS, WATCHLIST_VIEW } from '../../core/manifest';
import { REFRESH_CONCURRENCY, settleAll } from '../../core/service/limit';
import type { WatchNode } from '../../core/views/watchlistNodes';
import { keylessPublic } from '../../core/views/networkModel';
import type { Services } from '../../platform/services';
import type { ListPart } from '../../core/views/listPart';
import { lazyPart, registerLazyCommands } from '../lazy';
import { RefreshTimer } from './refreshTimer';
import { WatchlistProvider } from './treeProvider';
import { WatchedSetting } from './watchedSetting';
import { LazyWatchHooks } from './watchHooks';

export interface WatchlistApi {
  readonly provider: WatchlistProvider;
  readonly view: vscode.TreeView<WatchNode>;
  refreshAll(): Promise<void>;
  refresh(accountId: string): Promise<void>;
  remove(accountId: string): Promise<void>;
  /** Resolves when no load started by the view is still running (for tests). */
  whenIdle(): Promise<void>;
  /** What changed (#34): the engine once the first account load started it. */
  readonly watch: LazyWatchHooks;
}

export function registerWatchlist(context: vscode.ExtensionContext, services: Services): WatchlistApi {
  const provider = new WatchlistProvider(services);
  const view = vscode.window.createTreeView(WATCHLIST_VIEW, { treeDataProvider: provider, showCollapseAll: true });
  const setting = new WatchedSetting(services);
  // #34: what changed since the user last looked; its engine is a lazy part, started by the first account load.
  const watch = new LazyWatchHooks((part) => part.createWatchEngine(context, services, provider, view));
  provider.watch = watch;

  let refreshing: Promise<void> | undefined;
  const refreshAll = (): Promise<void> =>
    (refreshing ??= Promise.resolve(
      vscode.window.withProgress({ location: { viewId: WATCHLIST_VIEW }, title: 'Refreshing the watchlist' }, async () => {
        await settleAll(setting.ids, REFRESH_CONCURRENCY, (id) => provider.refresh(id));
      }),
    ).finally(() => (refreshing = undefined)));
  const refresh = (id: string): Promise<void> => provider.refresh(id);
  const timer = new RefreshTimer(refreshAll, () => (view.visible ? services.settings.refreshIntervalSeconds : 0));

  /** Settings, key or list changed: re-render, the empty-list welcome, the no-key hint, the timer. */
  const changed = (): void => {
    provider.reset();
    watch.engine?.updateBadge();
    const empty = setting.ids.length === 0;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.watchlistEmpty, empty);
    // The welcome view covers "no key" while the list is empty; with accounts shown, a one-line hint instead.
    view.message =
      empty || services.hasApiKey || !keylessPublic(services.settings.network)
        ? undefined
        : 'No API key set: using the public, rate-limited path. NEAR Lens: Set API Key… raises the limits.';
    timer.arm();
  };
  const add = async (ids: readonly string[]): Promise<string[]> => {
    const fresh = await setting.add(ids);
    if (fresh.length > 0) changed();
    return fresh;
  };
  const remove = async (id: string): Promise<void> => {
    await setting.remove(id);
    changed();
  };
  /** Shows a watched account's item, selected (the view opens if it was closed). */
  const reveal = async (id: string): Promise<void> => {
    const item = provider.getChildren().find((n) => n.accountId === id);
    if (item) await view.reveal(item, { select: true, focus: true });
  };

  context.subscriptions.push(
    provider,
    view,
    timer,
    view.onDidChangeVisibility(() => timer.arm()),
    services.onDidChange(changed),
  );
  // The commands' handlers are a lazy part (dist/watchlist.js), loaded on the first call.
  const act = { refresh, refreshAll, add, remove, reveal, refreshList: (id: string, part: ListPart) => provider.refreshList(id, part) };
  const c = COMMANDS;
  registerLazyCommands(
    context,
    [c.watchlistAdd, c.watchlistRemove, c.watchlistRefresh, c.watchlistRefreshAll, c.watchlistCopyId, c.openInExplorer],
    () => lazyPart('watchlist').watchlistHandlers(services, act),
    'watchlist',
  );
  registerLazyCommands(
    context,
    [c.watchlistChanges, c.watchlistMarkSeen, c.watchlistMarkAllSeen, c.watchlistShowChanges],
    () => watch.now().handlers(),
    'watch',
  );
  changed();

  return {
    provider,
    view,
    refreshAll,
    refresh,
    remove,
    whenIdle: () => provider.whenIdle(),
    watch,
  };
}

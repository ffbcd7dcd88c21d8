// The watchlist view: builds the tree provider, the view, its auto-refresh timer and its commands, and keeps the
// empty-list and no-key hints in step with the settings and the key.
import vscode = require('vscode');
import { COMMANDS, CONTEXT_KEYS, WATCHLIST_VIEW } from '../../manifest';
import { REFRESH_CONCURRENCY, settleAll } from '../../client/limit';
import type { WatchNode } from './model/watchlistNodes';
import { keylessPublic } from '../../platform/network';
import type { Services } from '../../platform/services';
import type { ListPart } from '../../ui/listPart';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { watchlistHandlers } from './commands';
import { createWatchEngine } from './watchEngine';
import { RefreshTimer } from './refreshTimer';
import { WatchlistProvider } from './treeProvider';
import { WatchedSetting } from './watchedSetting';
import { WatchEngineHandle } from './watchHooks';
import type { WatchlistActions } from './commands';

export interface WatchlistApi {
  readonly provider: WatchlistProvider;
  readonly view: vscode.TreeView<WatchNode>;
  refreshAll(): Promise<void>;
  refresh(accountId: string): Promise<void>;
  remove(accountId: string): Promise<void>;
  /** Resolves when no load started by the view is still running (for tests). */
  whenIdle(): Promise<void>;
  /** What changed since the user last looked: its engine, once the first account load started it. */
  readonly watch: WatchEngineHandle;
}

/**
 * The watchlist at run time. A class, not closures in registerWatchlist: V8 compiles a method on its first call, so
 * activation parses only the constructor.
 */
class Watchlist implements WatchlistApi, WatchlistActions {
  readonly provider: WatchlistProvider;
  readonly view: vscode.TreeView<WatchNode>;
  readonly watch: WatchEngineHandle;
  readonly #services: Services;
  /** The writer is made on the first write; the timer when an interval is set (nothing is sent before its first tick). */
  #writer: WatchedSetting | undefined;
  #refresher: RefreshTimer | undefined;
  #refreshing: Promise<void> | undefined;

  constructor(context: vscode.ExtensionContext, services: Services) {
    this.#services = services;
    const provider = (this.provider = new WatchlistProvider(services));
    const view = (this.view = vscode.window.createTreeView(WATCHLIST_VIEW, { treeDataProvider: provider, showCollapseAll: true }));
    // What changed since the user last looked: its engine is made by the first account load (or command).
    const watch = (this.watch = provider.watch = new WatchEngineHandle(() => createWatchEngine(context, services, provider, view)));
    context.subscriptions.push(
      provider,
      view,
      this,
      services.onDidChange(() => this.changed()),
    );
    // The commands' handlers are made on the first call; those of "what changed" with its engine.
    const c = COMMANDS;
    registerCommandsOnFirstCall(
      context,
      [c.watchlistAdd, c.watchlistRemove, c.watchlistRefresh, c.watchlistRefreshAll, c.watchlistCopyId, c.openInExplorer],
      () => watchlistHandlers(services, this),
    );
    registerCommandsOnFirstCall(context, [c.watchlistChanges, c.watchlistMarkSeen, c.watchlistMarkAllSeen, c.watchlistShowChanges], () =>
      watch.now().handlers(),
    );
    // Not a full `changed()`: the tree is built when the view first asks for its roots (getChildren syncs).
    this.#hints();
    this.#arm();
  }

  get #setting(): WatchedSetting {
    return (this.#writer ??= new WatchedSetting(this.#services));
  }

  /**
   * The auto-refresh: runs while the interval setting is above zero, whether or not the view is visible, as a change
   * on a watched account raises the view's badge (on the activity bar) and its alert either way.
   */
  get #timer(): RefreshTimer {
    return (this.#refresher ??= new RefreshTimer(
      () => this.refreshAll(),
      () => this.#services.settings.refreshIntervalSeconds,
    ));
  }

  refreshAll(): Promise<void> {
    return (this.#refreshing ??= Promise.resolve(
      vscode.window.withProgress({ location: { viewId: WATCHLIST_VIEW }, title: 'Refreshing the watchlist' }, async () => {
        await settleAll(this.#services.settings.watchlist, REFRESH_CONCURRENCY, (id) => this.provider.refresh(id));
      }),
    ).finally(() => (this.#refreshing = undefined)));
  }

  refresh(id: string): Promise<void> {
    return this.provider.refresh(id);
  }

  refreshList(id: string, part: ListPart): Promise<void> {
    return this.provider.refreshList(id, part);
  }

  async add(ids: readonly string[]): Promise<string[]> {
    const fresh = await this.#setting.add(ids);
    if (fresh.length > 0) this.changed();
    return fresh;
  }

  async remove(id: string): Promise<void> {
    await this.#setting.remove(id);
    this.changed();
  }

  /** Shows a watched account's item, selected (the view opens if it was closed). */
  async reveal(id: string): Promise<void> {
    const item = this.provider.getChildren().find((n) => n.accountId === id);
    if (!item) return;
    // A closed view is opened first: VS Code 1.90 drops the selection of a reveal that has to open the view itself.
    if (!this.view.visible) await vscode.commands.executeCommand(`${WATCHLIST_VIEW}.focus`);
    await this.view.reveal(item, { select: true, focus: true });
  }

  whenIdle(): Promise<void> {
    return this.provider.whenIdle();
  }

  /** Settings, key or list changed: re-render, the empty-list welcome, the no-key hint, the timer. */
  changed(): void {
    this.provider.reset();
    this.watch.engine?.updateBadge();
    this.#hints();
    this.#arm();
  }

  /** Matches the auto-refresh to the setting; no timer is made while it is 0 (the default: nothing is read unasked). */
  #arm(): void {
    if (this.#refresher || this.#services.settings.refreshIntervalSeconds > 0) this.#timer.arm();
  }

  dispose(): void {
    this.#refresher?.dispose();
  }

  /** The empty-list welcome (a context key) and, with accounts shown but no key, a one-line hint. */
  #hints(): void {
    const services = this.#services;
    const empty = services.settings.watchlist.length === 0;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.watchlistEmpty, empty);
    // The welcome view covers "no key" while the list is empty; with accounts shown, a one-line hint instead.
    this.view.message =
      empty || services.hasApiKey || !keylessPublic(services.settings.network)
        ? undefined
        : 'No API key set: using the public, rate-limited path. NEAR Lens: Set API Key… raises the limits.';
  }
}

export function registerWatchlist(context: vscode.ExtensionContext, services: Services): WatchlistApi {
  return new Watchlist(context, services);
}

// What the in-editor tests reach beyond commands: activate() returns it only in ExtensionMode.Test (VS Code's mode
// when it runs an extension's tests), so a user's extension host gets no exports. It adds what only a test needs —
// the messages a panel posts, a restart of the what-changed engine — on top of the features' own objects.
import type * as vscode from 'vscode';
import type { PanelApi } from './features/panel/index';
import type { AccountPanel } from './features/panel/panelHost';
import type { HostMessage } from './features/panel/protocol';
import type { WatchlistApi } from './features/watchlist/index';
import type { KeyedServices } from './platform/services';

type Listener = (m: HostMessage) => void;

/** Every message each panel posted: the last one, listeners, and a wait for a message of a type. */
export class PanelPosts {
  /** Per panel, not per account: a panel opened again after its tab closed starts with nothing posted. */
  readonly #last = new WeakMap<AccountPanel, HostMessage>();
  readonly #listeners = new Map<string, Set<Listener>>();
  #panels: ReadonlyMap<string, AccountPanel> = new Map();

  /** Given to registerPanel: told every message a panel posts. */
  readonly observe = (panel: AccountPanel, m: HostMessage): void => {
    this.#last.set(panel, m);
    for (const l of [...(this.#listeners.get(panel.accountId) ?? [])]) l(m);
  };

  /** The panels registerPanel keeps (their account's open panel is the one `last` reads). */
  watch(panels: ReadonlyMap<string, AccountPanel>): void {
    this.#panels = panels;
  }

  last(accountId: string): HostMessage | undefined {
    const panel = this.#panels.get(accountId);
    return panel && this.#last.get(panel);
  }

  onDidPost(accountId: string, listener: Listener): vscode.Disposable {
    const set = this.#listeners.get(accountId) ?? new Set<Listener>();
    this.#listeners.set(accountId, set.add(listener));
    return { dispose: () => void set.delete(listener) };
  }

  /** Resolves with the first message of `type` posted to the account's panel (the last one if it is of that type). */
  waitForPost(accountId: string, type: HostMessage['type'], timeoutMs = 10_000): Promise<HostMessage> {
    return new Promise<HostMessage>((resolve, reject) => {
      const last = this.last(accountId);
      if (last?.type === type) return resolve(last);
      const timer = setTimeout(() => {
        sub.dispose();
        reject(new Error(`no "${type}" message for ${accountId} within ${timeoutMs} ms`));
      }, timeoutMs);
      const sub = this.onDidPost(accountId, (m) => {
        if (m.type !== type) return;
        clearTimeout(timer);
        sub.dispose();
        resolve(m);
      });
    });
  }
}

export function testApi<T extends { services: KeyedServices; panels: PanelApi; watchlist: WatchlistApi }>(features: T, posts: PanelPosts) {
  const { services, panels, watchlist } = features;
  posts.watch(panels.panels);
  return {
    ...features,
    panels: {
      open: (id: string) => panels.open(id),
      panels: panels.panels,
      last: (id: string) => posts.last(id),
      onDidPost: (id: string, listener: Listener) => posts.onDidPost(id, listener),
      waitForPost: (id: string, type: HostMessage['type'], timeoutMs?: number) => posts.waitForPost(id, type, timeoutMs),
    },
    /** A new what-changed engine on the same Mementos, as after a restart of VS Code. */
    recreateWatchEngine: () => {
      watchlist.watch.engine?.dispose();
      watchlist.watch.engine = undefined;
      return watchlist.watch.now();
    },
    /** Forgets the transactions read this session, so a suite after one that read them starts cold. */
    forgetTransactions: (): void => services.forgetTransactions(),
  };
}

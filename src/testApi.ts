// What the in-editor tests reach beyond commands: activate() returns it only in ExtensionMode.Test (VS Code's mode
// when it runs an extension's tests), so a user's extension host gets no exports. It adds what only a test needs —
// the messages a panel posts, a restart of the what-changed engine — on top of the features' own objects.
import type * as vscode from 'vscode';
import type { PanelApi } from './features/panel/index';
import type { AccountPanel } from './features/panel/panelHost';
import type { HostMessage } from './features/panel/protocol';
import type { WatchlistApi } from './features/watchlist/index';
import type { KeyedServices } from './platform/services';
import type { InspectFeature } from './features/inspect/inspectCommands';
import type { InspectPanel } from './features/inspect/inspectPanel';
import type { InspectHostMessage } from './features/inspect/protocol';

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

/** Every message each Inspect Transaction panel posted, by transaction hash (its page had said "ready"). */
export class InspectPosts {
  readonly #posted = new Map<string, InspectHostMessage[]>();
  readonly #waiters = new Set<() => void>();

  readonly observe = (panel: InspectPanel, m: InspectHostMessage): void => {
    const list = this.#posted.get(panel.hash) ?? [];
    list.push(m);
    this.#posted.set(panel.hash, list);
    for (const w of [...this.#waiters]) w();
  };

  posted(hash: string): readonly InspectHostMessage[] {
    return this.#posted.get(hash) ?? [];
  }

  clear(): void {
    this.#posted.clear();
  }

  /** Resolves with the first message of `type` posted to the transaction's panel (one already posted counts). */
  waitForPost(hash: string, type: InspectHostMessage['type'], timeoutMs = 20_000): Promise<InspectHostMessage> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const m = this.posted(hash).find((x) => x.type === type);
        if (!m) return false;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(m);
        return true;
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no "${type}" message for ${hash.slice(0, 8)}… within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.add(check);
      check();
    });
  }
}

export function testApi<T extends { services: KeyedServices; panels: PanelApi; watchlist: WatchlistApi }>(
  features: T,
  posts: PanelPosts,
  inspect: { feature: () => InspectFeature; posts: InspectPosts },
) {
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
    /** Inspect Transaction's panels (by `network|hash`) and what they posted. */
    inspect: {
      panels: () => inspect.feature().panels,
      posted: (hash: string) => inspect.posts.posted(hash),
      clearPosts: () => inspect.posts.clear(),
      forget: () => inspect.feature().forget(),
      waitForPost: (hash: string, type: InspectHostMessage['type'], timeoutMs?: number) => inspect.posts.waitForPost(hash, type, timeoutMs),
    },
    /** Forgets the transactions read this session, so a suite after one that read them starts cold. */
    forgetTransactions: (): void => services.forgetTransactions(),
  };
}

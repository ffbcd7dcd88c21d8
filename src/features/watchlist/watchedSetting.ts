// Writes to the `nearLens.watchlist` setting: add to the user list, remove from every scope that lists the id, then
// wait until the services have seen the change (or a short grace period) so the view re-renders with it.
import vscode = require('vscode');
import { SECTION } from '../../manifest';
import type { Services } from '../../platform/services';

const SETTING = 'watchlist';

export class WatchedSetting {
  /** Writes one after another: each reads the list after the last one landed (two adds at once kept only one). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly services: Services) {}

  get ids(): readonly string[] {
    return this.services.settings.watchlist;
  }

  /** Adds the ids not watched yet to the user list; resolves with those added. */
  add(ids: readonly string[]): Promise<string[]> {
    return this.#queued(() => this.#add(ids));
  }

  async #add(ids: readonly string[]): Promise<string[]> {
    const fresh = ids.filter((id) => !this.ids.includes(id));
    if (fresh.length > 0) {
      await this.#write(
        () => fresh.every((id) => this.ids.includes(id)),
        (config) => config.update(SETTING, [...(config.inspect<string[]>(SETTING)?.globalValue ?? []), ...fresh], vscode.ConfigurationTarget.Global),
      );
    }
    return fresh;
  }

  /** Removes the id from the user, workspace and folder lists that have it (spelled with spaces around it too). */
  remove(id: string): Promise<void> {
    return this.#queued(() => this.#remove(id));
  }

  #remove(id: string): Promise<void> {
    const same = (x: unknown): boolean => typeof x === 'string' && x.trim() === id;
    return this.#write(
      () => !this.ids.includes(id),
      async (config) => {
        const info = config.inspect<string[]>(SETTING);
        const T = vscode.ConfigurationTarget;
        for (const [list, target] of [
          [info?.globalValue, T.Global],
          [info?.workspaceValue, T.Workspace],
          [info?.workspaceFolderValue, T.WorkspaceFolder],
        ] as const) {
          if (list?.some(same))
            await config.update(
              SETTING,
              list.filter((x) => !same(x)),
              target,
            );
        }
      },
    );
  }

  #queued<T>(write: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(write, write);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #write(done: () => boolean, update: (config: vscode.WorkspaceConfiguration) => Thenable<unknown>): Promise<void> {
    const seen = new Promise<void>((resolve) => {
      if (done()) return resolve();
      const finish = (): void => {
        clearTimeout(timeout);
        sub.dispose();
        resolve();
      };
      const timeout = setTimeout(finish, 2000);
      const sub = this.services.onDidChange(() => done() && finish());
    });
    await update(vscode.workspace.getConfiguration(SECTION));
    await seen;
  }
}

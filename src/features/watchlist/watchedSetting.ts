// Writes to the `nearLens.watchlist` setting: add to the user list, remove from every scope that lists the id, then
// wait until the services have seen the change (or a short grace period) so the view re-renders with it.
import vscode = require('vscode');
import { SECTION } from '../../core/manifest';
import type { Services } from '../../platform/services';

const SETTING = 'watchlist';

export class WatchedSetting {
  constructor(private readonly services: Services) {}

  get ids(): readonly string[] {
    return this.services.settings.watchlist;
  }

  /** Adds the ids not watched yet to the user list; resolves with those added. */
  async add(ids: readonly string[]): Promise<string[]> {
    const fresh = ids.filter((id) => !this.ids.includes(id));
    if (fresh.length > 0) {
      await this.#write(
        () => fresh.every((id) => this.ids.includes(id)),
        (config) => config.update(SETTING, [...(config.inspect<string[]>(SETTING)?.globalValue ?? []), ...fresh], vscode.ConfigurationTarget.Global),
      );
    }
    return fresh;
  }

  /** Removes the id from the user, workspace and folder lists that have it. */
  remove(id: string): Promise<void> {
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
          if (list?.includes(id))
            await config.update(
              SETTING,
              list.filter((x) => x !== id),
              target,
            );
        }
      },
    );
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

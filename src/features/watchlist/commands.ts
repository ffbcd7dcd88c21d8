// The watchlist's commands: Add Account… (argument or input box), Remove, Refresh, Refresh All, Copy Account Id and
// Open in Explorer. Each takes its account as an argument (an id or a tree node) and returns its result to code.
import vscode = require('vscode');
import { COMMANDS } from '../../core/manifest';
import { accountIdError } from '../../core/near/ids';
import { parseAccountIds } from '../../core/views/watchlistModel';
import { accountIdFromArgument, idsFromArgument } from '../../platform/args';
import { registerCommands } from '../../platform/commands';
import type { Services } from '../../platform/services';

export interface WatchlistActions {
  refresh(accountId: string): Promise<void>;
  refreshAll(): Promise<void>;
  add(ids: readonly string[]): Promise<string[]>;
  remove(accountId: string): Promise<void>;
}

export function registerWatchlistCommands(context: vscode.ExtensionContext, services: Services, act: WatchlistActions): void {
  /** A command handler on one account id (argument: an id or a tree node); `orElse` when there is none. */
  const onAccount =
    (run: (id: string) => unknown, orElse?: () => unknown) =>
    async (arg?: unknown): Promise<unknown> => {
      const id = accountIdFromArgument(arg);
      return id !== undefined ? run(id) : orElse?.();
    };

  registerCommands(context, {
    [COMMANDS.watchlistAdd]: async (arg?: unknown) => {
      const given = idsFromArgument(arg);
      if (given) {
        if (given.errors.length > 0) void vscode.window.showWarningMessage(given.errors.join(' '));
        return act.add(given.ids);
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
      return text === undefined ? [] : act.add(parseAccountIds(text).ids);
    },
    [COMMANDS.watchlistRemove]: onAccount((id) => act.remove(id)),
    [COMMANDS.watchlistRefresh]: onAccount(
      (id) => act.refresh(id),
      () => act.refreshAll(),
    ),
    [COMMANDS.watchlistRefreshAll]: () => act.refreshAll(),
    [COMMANDS.watchlistCopyId]: onAccount((id) => vscode.env.clipboard.writeText(id)),
    [COMMANDS.openInExplorer]: async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      const url = id === undefined || accountIdError(id) !== undefined ? null : services.explorerUrl(id);
      if (url) return vscode.env.openExternal(vscode.Uri.parse(url, true));
      void vscode.window.showWarningMessage(url === null ? 'Open in Explorer needs a valid NEAR account id.' : 'No explorer is configured for this network.');
      return false;
    },
  });
}

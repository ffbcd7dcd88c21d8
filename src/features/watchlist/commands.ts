// The watchlist's commands: Add Account… (argument, or input box and pick), Remove, Refresh, Refresh All, Copy Account Id and
// Open in Explorer. Each takes its account as an argument (an id or a tree node) and returns its result to code.
// index.ts registers the ids at activation and makes these handlers on the first call.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import { accountIdError } from '../../near/ids';
import { addMessage, addPick, skippedLine } from './model/watchAdd';
import type { AddResult } from './model/watchAdd';
import { accountIdFromArgument, idsFromArgument, parseAccountIds } from '../../ui/accountArgs';
import type { Services } from '../../platform/services';
import { listPartOf } from '../../ui/listPart';
import type { ListPart } from '../../ui/listPart';

export interface WatchlistActions {
  refresh(accountId: string): Promise<void>;
  refreshAll(): Promise<void>;
  add(ids: readonly string[]): Promise<string[]>;
  remove(accountId: string): Promise<void>;
  reveal(accountId: string): Promise<void>;
  /** Refresh one list of an account (its Tokens, NFT collections or Staking pools node): its narrow endpoint only. */
  refreshList(accountId: string, part: ListPart): Promise<void>;
}

/** The active editor's selection when it holds account ids, as one line (to fill the Add prompt). */
function selectedIds(): string | undefined {
  const e = vscode.window.activeTextEditor;
  const text = e && !e.selection.isEmpty ? e.document.getText(e.selection).slice(0, 4000).replace(/\s+/g, ' ').trim() : '';
  return parseAccountIds(text).ids.length > 0 ? text : undefined;
}

export function watchlistHandlers(services: Services, act: WatchlistActions): Record<string, (arg?: unknown) => unknown> {
  /** A command handler on one account id (argument: an id or a tree node); `orElse` when there is none. */
  const onAccount =
    (run: (id: string, arg?: unknown) => unknown, orElse?: () => unknown) =>
    async (arg?: unknown): Promise<unknown> => {
      const id = accountIdFromArgument(arg);
      return id !== undefined ? run(id, arg) : orElse?.();
    };

  return {
    // `opts.show` (the hover's link, a look-up's pick): an argument call that answers as the prompt does — the account
    // revealed in the view, "already in the watchlist" said.
    [COMMANDS.watchlistAdd]: async (arg?: unknown, opts?: unknown): Promise<AddResult | undefined> => {
      const answer = (opts as { show?: unknown } | undefined)?.show === true;
      // From code (an argument): every valid id, no prompt. Else a prompt (filled with the editor's selection when it
      // holds ids), then, for several new ids, a pick of them all checked, with the ids already watched and the words
      // skipped (each with why) listed under "Not added".
      const say = (r: AddResult): void => {
        const m = addMessage(r);
        if (m) void (m.warn ? vscode.window.showWarningMessage : vscode.window.showInformationMessage)(m.text);
      };
      let read = idsFromArgument(arg);
      let told = false; // the skipped words were said already, inside the pick
      if (!read) {
        const text = await vscode.window.showInputBox({
          title: 'Add Accounts to the NEAR Lens Watchlist',
          prompt: 'One or more account ids, separated by spaces or commas',
          placeHolder: 'alice.near, contract.testnet',
          value: selectedIds(),
          ignoreFocusOut: true,
          validateInput: (value) => {
            const r = parseAccountIds(value);
            const why = r.skipped.map(skippedLine).join('; ');
            if (r.ids.length === 0) return why || 'Type at least one account id.';
            return why ? { message: `Skipped ${why}`, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
          },
        });
        if (text === undefined) return undefined;
        read = parseAccountIds(text);
        const watched = services.settings.watchlist;
        const fresh = read.ids.filter((id) => !watched.includes(id));
        if (fresh.length > 1) {
          told = true;
          const { rows, ...words } = addPick(
            fresh,
            read.ids.filter((id) => watched.includes(id)),
            read.skipped,
          );
          const kept = await vscode.window.showQuickPick(
            rows.map(({ separator, ...row }) => (separator ? { ...row, kind: vscode.QuickPickItemKind.Separator } : row)),
            { ...words, canPickMany: true, ignoreFocusOut: true },
          );
          if (!kept) return undefined;
          // Only a new id's row adds it: a row under "Not added" names no new id, checked or not.
          read.ids = read.ids.filter((id) => !fresh.includes(id) || kept.some((k) => k.label === id));
        }
      }
      const added = await act.add(read.ids);
      const r: AddResult = { added, alreadyWatched: read.ids.filter((id) => !added.includes(id)), skipped: read.skipped };
      // The pick already listed the ids watched and the words skipped, with why: no toast repeats them.
      if (!told) say(r);
      const shown = answer ? (added[0] ?? r.alreadyWatched[0]) : added.length === 0 ? r.alreadyWatched[0] : undefined;
      if (shown !== undefined) await act.reveal(shown);
      return r;
    },
    [COMMANDS.watchlistRemove]: onAccount((id) => act.remove(id)),
    // A Tokens / NFT collections / Staking pools node refreshes that list alone (/ft, /nft or /staking, never /full).
    [COMMANDS.watchlistRefresh]: onAccount(
      (id, arg) => {
        const part = listPartOf(arg);
        return part ? act.refreshList(id, part) : act.refresh(id);
      },
      () => act.refreshAll(),
    ),
    [COMMANDS.watchlistRefreshAll]: () => act.refreshAll(),
    [COMMANDS.watchlistCopyId]: onAccount(async (id) => {
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(`$(check) NEAR Lens: copied ${id}`, 3000);
    }),
    [COMMANDS.openInExplorer]: async (arg?: unknown) => {
      const id = accountIdFromArgument(arg);
      const url = id === undefined || accountIdError(id) !== undefined ? null : services.explorerUrl(id);
      if (url) return vscode.env.openExternal(vscode.Uri.parse(url, true));
      void vscode.window.showWarningMessage(url === null ? 'Open in Explorer needs a valid NEAR account id.' : 'No explorer is configured for this network.');
      return false;
    },
  };
}

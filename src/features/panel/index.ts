// Registers the balance panel's command and serializer at activation; the panel itself is panelHost.ts.
import vscode = require('vscode');
import { accountIdProblem } from '../../near/ids';
import { invalidInput } from '../../base/errors';
import type { HostMessage } from './protocol';
import { isPanelState } from './protocol';
import { registerCommands } from '../../platform/commands';
import type { Services } from '../../platform/services';
import { accountIdFromArgument } from '../../ui/accountArgs';
import { COMMANDS, PANEL_VIEW_TYPE } from '../../manifest';
import { AccountPanel } from './panelHost';
import { txPickOfArgument } from '../transactions/model/txMethods';
import type { TxPickView } from '../transactions/protocol';
import { fieldOf } from '../../ui/guard';

export interface PanelApi {
  open(accountId: string): Promise<AccountPanel | undefined>;
  readonly panels: ReadonlyMap<string, AccountPanel>;
}

/** `{ accountId, transactions: { method, failedFirst? } }`'s pick, when the argument has one; throws the reason of a bad one. */
function pickOfArgument(arg: unknown): TxPickView | undefined {
  const t = fieldOf(arg, 'transactions');
  return t === undefined ? undefined : txPickOfArgument(t);
}

/**
 * Open Balance Panel's handler. Module-level: V8 compiles it on its first call, not at activation (a closure inside
 * registerPanel is parsed with it). With `transactions`, the panel's Transactions show the calls to the account of
 * that method (its failed ones first when asked), read from the newest.
 */
async function openFromCommand(arg: unknown, open: (id: string) => Promise<AccountPanel | undefined>): Promise<void> {
  // An id given (code, a hover's link, the tree) that is not one, or transactions that are not a method's: said, and
  // the call rejects; nothing opens and nothing is read.
  const given = accountIdFromArgument(arg);
  let pick: TxPickView | undefined;
  let why = given === undefined ? (arg === undefined ? undefined : 'Open Balance Panel takes an account id.') : accountIdProblem(given);
  try {
    pick = why ? undefined : pickOfArgument(arg);
  } catch (e) {
    why = e instanceof Error ? e.message : 'Open Balance Panel: transactions is { method, failedFirst? }.';
  }
  if (why) {
    void vscode.window.showWarningMessage(why);
    throw invalidInput(why);
  }
  const id =
    given ??
    (
      await vscode.window.showInputBox({
        title: 'Open Balance Panel',
        prompt: 'NEAR account id',
        placeHolder: 'alice.near',
        ignoreFocusOut: true,
        validateInput: (v) => accountIdProblem(v.trim()),
      })
    )?.trim();
  if (id === undefined) return;
  const panel = await open(id);
  // The calls to it of one method: the table's first page read anew (the lens that asked counted the newest calls).
  if (panel && pick) panel.txs.current = panel.txs.show({ show: 'callsTo', failed: false }, 0, true, pick);
}

/** `observe` is told every message a panel posts: the in-editor tests' test API only (activate() passes it in ExtensionMode.Test). */
export function registerPanel(context: vscode.ExtensionContext, services: Services, observe?: (panel: AccountPanel, m: HostMessage) => void): PanelApi {
  const panels = new Map<string, AccountPanel>();

  /**
   * Our panel for `panel`; if its page cannot be built, the tab is closed (never left empty) and the reason logged.
   * Synchronous from the caller's check that no panel exists to `panels.set`.
   */
  const adopt = (panel: vscode.WebviewPanel, id: string): AccountPanel | undefined => {
    try {
      const p = new AccountPanel(
        panel,
        id,
        services,
        context.extensionUri,
        () => {
          if (panels.get(id) === p) panels.delete(id);
        },
        observe && ((m) => observe(p, m)),
      );
      panels.set(id, p);
      return p;
    } catch (e) {
      panel.dispose();
      const why = `NEAR Lens could not open the balance panel of ${id}: ${e instanceof Error ? e.message : 'unexpected error'}`;
      services.log.error(why);
      void vscode.window.showErrorMessage(why);
      return undefined;
    }
  };

  const open = async (id: string): Promise<AccountPanel | undefined> => {
    const why = accountIdProblem(id);
    if (why) {
      void vscode.window.showWarningMessage(why);
      return undefined;
    }
    const existing = panels.get(id);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    // No retainContextWhenHidden: the webview restores from setState and the host re-posts on "ready".
    // Its options are set by AccountPanel, as for a revived panel.
    return adopt(vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, `NEAR: ${id}`, vscode.ViewColumn.Active), id);
  };

  registerCommands(context, { [COMMANDS.openAccountPanel]: (arg?: unknown) => openFromCommand(arg, open) });
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        // The state comes from the webview: check it like any other input.
        const id = isPanelState(state) ? state.accountId : undefined;
        if (id === undefined || accountIdProblem(id) || panels.has(id)) panel.dispose();
        else adopt(panel, id);
      },
    }),
    { dispose: () => [...panels.values()].forEach((p) => p.panel.dispose()) },
  );

  return { open, panels };
}

// "Look Up Public Key…", "Look Up Account…", "Switch Network…", "Show Log" and the hover's Copy link. Input is
// validated with the core rules before anything is sent; results open the panel or go to the watchlist.
import * as vscode from 'vscode';
import type { AccountFull, PublicKeyAccounts } from '../core/account';
import { accountSummaryText, lookupInputError } from '../core/commandModel';
import { errorMessage, NearLensError } from '../core/errors';
import { sanitizeText } from '../core/markdown';
import type { NetworkLabel } from '../core/settings';
import type { Services } from '../platform/services';
import { SECTION } from '../platform/settings';

export interface LookupPublicKeyArgs {
  key: string;
  all?: boolean;
  /** false: return the data without showing the pick (tests). */
  show?: boolean;
}
export interface LookupAccountArgs {
  id: string;
  show?: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type Action = 'panel' | 'watch' | 'copy' | 'explorer';
interface ActionItem extends vscode.QuickPickItem {
  action: Action;
}

/** Actions on one account; runs the chosen one through the cross-feature commands. */
async function accountActions(services: Services, id: string, detail: string): Promise<void> {
  const items: ActionItem[] = [
    { label: '$(graph) Open in Balance Panel', detail, action: 'panel' },
    { label: '$(add) Add to Watchlist', action: 'watch' },
    { label: '$(copy) Copy Account Id', action: 'copy' },
  ];
  if (services.explorerUrl(id) !== undefined) items.push({ label: '$(link-external) Open in Explorer', action: 'explorer' });
  const pick = await vscode.window.showQuickPick(items, { title: `NEAR Lens: ${sanitizeText(id, 80)}` });
  await runAction(pick?.action, id);
}

async function runAction(action: Action | undefined, id: string): Promise<void> {
  switch (action) {
    case 'panel':
      await vscode.commands.executeCommand('nearLens.openAccountPanel', id);
      break;
    case 'watch':
      await vscode.commands.executeCommand('nearLens.watchlist.add', id);
      break;
    case 'copy':
      await vscode.commands.executeCommand('nearLens.copyText', id);
      break;
    case 'explorer':
      await vscode.commands.executeCommand('nearLens.openInExplorer', id);
      break;
    default:
  }
}

async function showKeyAccounts(services: Services, r: PublicKeyAccounts, network: NetworkLabel, all: boolean): Promise<void> {
  if (r.accountIds.length === 0) {
    void vscode.window.showInformationMessage(
      `NEAR Lens: no account on ${network} lists this key${all ? '' : ' as a full-access key'}.`,
    );
    return;
  }
  type Item = vscode.QuickPickItem & { id?: string; addAll?: boolean };
  const items: Item[] = r.accountIds.map((id) => ({ label: sanitizeText(id, 80), description: 'open actions', id }));
  if (r.accountIds.length > 1) items.push({ label: '$(add) Add all to Watchlist', addAll: true });
  const pick = await vscode.window.showQuickPick(items, {
    title: `NEAR Lens: ${r.accountIds.length} account(s) on ${network} with this ${all ? '' : 'full-access '}key`,
  });
  if (!pick) return;
  if (pick.addAll) await vscode.commands.executeCommand('nearLens.watchlist.add', r.accountIds);
  else if (pick.id) await accountActions(services, pick.id, '');
}

function validated(text: string, want: 'account' | 'public-key'): string {
  const why = lookupInputError(text, want);
  if (why) throw new NearLensError(/secret key/.test(why) ? 'sensitive' : 'invalid-input', why);
  return text.trim();
}

function fail(e: unknown, prompted: boolean, what: string): undefined {
  if (NearLensError.is(e) && e.kind === 'aborted') return undefined;
  if (!prompted) throw NearLensError.is(e) ? e : new NearLensError('invalid-input', errorMessage(e));
  void vscode.window.showErrorMessage(`NEAR Lens: ${what} failed: ${errorMessage(e)}`);
  return undefined;
}

export function registerLookupCommands(context: vscode.ExtensionContext, services: Services): void {
  const lookupPublicKey = async (arg?: unknown): Promise<PublicKeyAccounts | undefined> => {
    // The hover's link passes {key, all}; a string is a key; nothing prompts.
    const a: LookupPublicKeyArgs | undefined = typeof arg === 'string' ? { key: arg } : isRecord(arg) ? (arg as unknown as LookupPublicKeyArgs) : undefined;
    const prompted = a === undefined;
    try {
      let key: string;
      if (a) key = validated(typeof a.key === 'string' ? a.key : '', 'public-key');
      else {
        const text = await vscode.window.showInputBox({
          title: 'NEAR Lens: Look Up Public Key',
          placeHolder: 'ed25519:… or secp256k1:…',
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() ? lookupInputError(v, 'public-key') : undefined),
        });
        if (!text?.trim()) return undefined;
        key = validated(text, 'public-key');
      }
      const all = a?.all === true;
      await services.ready; // the first request after start-up goes with the stored key
      const { client, network } = services.clientForNetwork();
      const r = await (all ? client.publicKeyAll(key) : client.publicKey(key));
      if (a?.show !== false) void showKeyAccounts(services, r, network, all);
      return r;
    } catch (e) {
      return fail(e, prompted, 'Look Up Public Key');
    }
  };

  const lookupAccount = async (arg?: unknown): Promise<AccountFull | undefined> => {
    const a: LookupAccountArgs | undefined = typeof arg === 'string' ? { id: arg } : isRecord(arg) ? (arg as unknown as LookupAccountArgs) : undefined;
    const prompted = a === undefined;
    try {
      let id: string;
      if (a) id = validated(typeof a.id === 'string' ? a.id : '', 'account');
      else {
        const text = await vscode.window.showInputBox({
          title: 'NEAR Lens: Look Up Account',
          placeHolder: 'alice.near, an implicit account (64 hex), 0x…',
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() ? lookupInputError(v, 'account') : undefined),
        });
        if (!text?.trim()) return undefined;
        id = validated(text, 'account');
      }
      await services.ready;
      const { client, network } = services.clientForAccount(id);
      const full = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: `NEAR Lens: looking up ${sanitizeText(id, 80)}` },
        () => client.full(id),
      );
      if (a?.show !== false) void accountActions(services, id, `${network}: ${accountSummaryText(full, services.settings.decimals)}`);
      return full;
    } catch (e) {
      return fail(e, prompted, 'Look Up Account');
    }
  };

  const switchNetwork = async (arg?: unknown): Promise<NetworkLabel | undefined> => {
    let network: NetworkLabel | undefined;
    if (arg === 'mainnet' || arg === 'testnet' || arg === 'custom') network = arg;
    else {
      const current = services.settings.network;
      const choices: Array<vscode.QuickPickItem & { network: NetworkLabel }> = [
        { label: 'mainnet', description: 'FastNEAR mainnet', network: 'mainnet' },
        { label: 'testnet', description: 'FastNEAR testnet', network: 'testnet' },
        { label: 'custom', description: 'your endpoints (nearLens.customNetwork.*)', network: 'custom' },
      ];
      const items = choices.map((i) => (i.network === current ? { ...i, label: `$(check) ${i.label}` } : i));
      network = (await vscode.window.showQuickPick(items, { title: 'NEAR Lens: network for ids without a .near/.testnet suffix, keys and RPC' }))?.network;
    }
    if (!network) return undefined;
    const config = vscode.workspace.getConfiguration(SECTION);
    await config.update('network', network, vscode.ConfigurationTarget.Global);
    const i = config.inspect('network');
    if (vscode.workspace.isTrusted && (i?.workspaceValue !== undefined || i?.workspaceFolderValue !== undefined)) {
      void vscode.window.showWarningMessage('NEAR Lens: this workspace sets nearLens.network, which overrides your user setting here.');
    }
    if (network === 'custom' && services.settings.configError) {
      void vscode.window.showWarningMessage(`NEAR Lens: ${services.settings.configError}`);
    }
    return network;
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('nearLens.lookupPublicKey', lookupPublicKey),
    vscode.commands.registerCommand('nearLens.lookupAccount', lookupAccount),
    vscode.commands.registerCommand('nearLens.switchNetwork', switchNetwork),
    vscode.commands.registerCommand('nearLens.showLog', () => services.log.show()),
    // The hover's Copy link: ids and public keys only (a secret never gets a link).
    vscode.commands.registerCommand('nearLens.copyText', async (text?: unknown): Promise<boolean> => {
      if (typeof text !== 'string' || !text) return false;
      await vscode.env.clipboard.writeText(text);
      vscode.window.setStatusBarMessage('NEAR Lens: copied', 2000);
      return true;
    }),
  );
}

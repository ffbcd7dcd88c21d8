// "Look Up Public Key…", "Look Up Account…", "Switch Network…", "Show Log" and the hover's Copy link. Input is
// validated with the core rules before anything is sent; results open the panel or go to the watchlist.
import vscode = require('vscode');
import type { AccountFull, PublicKeyAccounts } from '../core/account';
import { accountSummaryText, lookupInputError } from '../core/commandModel';
import { isRecord, NearLensError, SECRET_REFUSED } from '../core/errors';
import { sanitizeText } from '../core/markdown';
import type { NetworkLabel } from '../core/settings';
import type { Services } from '../platform/services';
import { SECTION } from '../platform/settings';
import { fail } from './failure';

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

type Item = vscode.QuickPickItem & { command?: string; arg?: unknown };

/** Actions on one account, run through the cross-feature commands. */
async function accountActions(services: Services, id: string, detail: string): Promise<void> {
  const items: Item[] = [
    { label: '$(graph) Open in Balance Panel', detail, command: 'nearLens.openAccountPanel' },
    { label: '$(add) Add to Watchlist', command: 'nearLens.watchlist.add' },
    { label: '$(copy) Copy Account Id', command: 'nearLens.copyText' },
  ];
  if (services.explorerUrl(id) !== undefined) items.push({ label: '$(link-external) Open in Explorer', command: 'nearLens.openInExplorer' });
  const pick = await vscode.window.showQuickPick(items, { title: `NEAR Lens: ${sanitizeText(id, 80)}` });
  if (pick?.command) await vscode.commands.executeCommand(pick.command, id);
}

async function showKeyAccounts(services: Services, ids: string[], network: NetworkLabel, all: boolean): Promise<void> {
  const kind = all ? '' : 'full-access ';
  if (ids.length === 0) {
    void vscode.window.showInformationMessage(`NEAR Lens: no account on ${network} lists this key${all ? '' : ' as a full-access key'}.`);
    return;
  }
  const items: Item[] = ids.map((id) => ({ label: sanitizeText(id, 80), description: 'open actions', arg: id }));
  if (ids.length > 1) items.push({ label: '$(add) Add all to Watchlist', command: 'nearLens.watchlist.add', arg: ids });
  const pick = await vscode.window.showQuickPick(items, { title: `NEAR Lens: ${ids.length} account(s) on ${network} with this ${kind}key` });
  if (pick?.command) await vscode.commands.executeCommand(pick.command, pick.arg);
  else if (typeof pick?.arg === 'string') await accountActions(services, pick.arg, '');
}

/** The argument object of a look-up command, or undefined when it should prompt. */
function args<T>(arg: unknown, key: string): Partial<T> & { show?: boolean } | undefined {
  return (typeof arg === 'string' ? { [key]: arg } : isRecord(arg) ? arg : undefined) as (Partial<T> & { show?: boolean }) | undefined;
}

/** Text checked with the core rules for `want` (from an argument or a prompt), or undefined when the prompt was dismissed. */
async function input(given: unknown, prompted: boolean, want: 'account' | 'public-key', title: string, placeHolder: string): Promise<string | undefined> {
  const text = prompted
    ? await vscode.window.showInputBox({ title, placeHolder, ignoreFocusOut: true, validateInput: (v) => (v.trim() ? lookupInputError(v, want) : undefined) })
    : typeof given === 'string'
      ? given
      : '';
  if (prompted && !text?.trim()) return undefined;
  const why = lookupInputError(text ?? '', want);
  if (why) throw new NearLensError(why === SECRET_REFUSED ? 'sensitive' : 'invalid-input', why);
  return (text ?? '').trim();
}

export function registerLookupCommands(context: vscode.ExtensionContext, services: Services): void {
  const lookupPublicKey = async (arg?: unknown): Promise<PublicKeyAccounts | undefined> => {
    // The hover's link passes {key, all}; a string is a key; nothing prompts.
    const a = args<LookupPublicKeyArgs>(arg, 'key');
    try {
      const key = await input(a?.key, !a, 'public-key', 'NEAR Lens: Look Up Public Key', 'ed25519:… or secp256k1:…');
      if (key === undefined) return undefined;
      const all = a?.all === true;
      await services.ready; // the first request after start-up goes with the stored key
      const { client, network } = services.clientForNetwork();
      const r = await (all ? client.publicKeyAll(key) : client.publicKey(key));
      if (a?.show !== false) void showKeyAccounts(services, r.accountIds, network, all);
      return r;
    } catch (e) {
      return fail(e, !a, 'Look Up Public Key');
    }
  };

  const lookupAccount = async (arg?: unknown): Promise<AccountFull | undefined> => {
    const a = args<LookupAccountArgs>(arg, 'id');
    try {
      const id = await input(a?.id, !a, 'account', 'NEAR Lens: Look Up Account', 'alice.near, an implicit account (64 hex), 0x…');
      if (id === undefined) return undefined;
      await services.ready;
      const { client, network } = services.clientForAccount(id);
      const full = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `NEAR Lens: looking up ${sanitizeText(id, 80)}` }, () => client.full(id));
      if (a?.show !== false) void accountActions(services, id, `${network}: ${accountSummaryText(full, services.settings.decimals)}`);
      return full;
    } catch (e) {
      return fail(e, !a, 'Look Up Account');
    }
  };

  const switchNetwork = async (arg?: unknown): Promise<NetworkLabel | undefined> => {
    let network: NetworkLabel | undefined;
    if (arg === 'mainnet' || arg === 'testnet' || arg === 'custom') network = arg;
    else {
      const current = services.settings.network;
      const items = (
        [
          ['mainnet', 'FastNEAR mainnet'],
          ['testnet', 'FastNEAR testnet'],
          ['custom', 'your endpoints (nearLens.customNetwork.*)'],
        ] as const
      ).map(([n, description]) => ({ label: n === current ? `$(check) ${n}` : n, description, network: n }));
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

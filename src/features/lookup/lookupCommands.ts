// "Look Up Public Key…", "Look Up Account…", "Switch Network…", "Show Log" and the hover's Copy link. Input is
// validated with the chain rules (src/near) before anything is sent; results open the panel or go to the watchlist.
import vscode = require('vscode');
import type { AccountFull, FtHolding, NftCollection, PoolEntry, PublicKeyAccounts } from '../../near/account';
import type { NodeStatus } from './model/localNode';
import { keptNetwork, localNode, localNodeDefault, restoreKept } from './localNode';
import { keptNetworkName } from './model/localNode';
import { accountSummaryText, lookupInputError } from '../../ui/commandModel';
import { invalidInput, NearLensError, SECRET_REFUSED } from '../../base/errors';
import { isRecord } from '../../base/json';
import { accountActions } from '../hover/model/hoverMarkdown';
import { sanitizeText } from '../../base/text';
import { networkForLookup } from '../../platform/settings';
import type { NetworkLabel } from '../../near/networks';
import { NETWORK_CHOICES, lookupOffer, networkName } from '../../platform/network';
import type { LookupAction } from '../../platform/network';
import type { Services } from '../../platform/services';
import { SECTION } from '../../manifest';
import { fail } from '../../platform/failure';
import { pick } from '../../platform/prompts';
import { COMMANDS } from '../../manifest';
import { accountAtText, atFromArgs, lookupAt, parseAtText } from '../timeTravel/timeTravel';
import type { AccountAtBlock } from '../timeTravel/timeTravel';

export interface LookupPublicKeyArgs {
  key: string;
  all?: boolean;
  /** false: return the data without showing the pick (tests). */
  show?: boolean;
}
export interface LookupAccountArgs {
  id: string;
  /** Look up here instead of where the id goes by the setting and its suffix. */
  network?: NetworkLabel;
  /** As of a past block: its height or hash (time travel)… */
  blockId?: number | string;
  /** …or the last block at or before a date ("2025-06-01", "2025-06-01 12:00 UTC", "30 days ago"). */
  date?: string;
  /** One asset family only, from its narrow endpoint (/ft, /nft, /staking): one request, the list returned. */
  part?: 'ft' | 'nft' | 'staking';
  show?: boolean;
}
/** Switch Network's "Local node…" from code: the node's RPC URL, no prompt; `show: false` says nothing. */
export interface LocalNodeArgs {
  local: string;
  show?: boolean;
}

/** Said by Look Up Public Key on a network without a REST API (nothing sent). */
export const KEY_LOOKUP_NEEDS_REST =
  'Look Up Public Key needs a REST API (an indexer): which accounts use a key is not something a node can answer. This custom network is RPC only; set nearLens.customNetwork.apiUrl, or switch to mainnet or testnet.';

/** "alice.near at 2025-06-01" or "alice.near @ 187310138": the id, and what follows "at" (ids have no spaces or @). */
function splitAt(text: string): [id: string, at: string | undefined] {
  const m = /^(\S+?)\s*(?:@|\s+at\s)\s*(\S.*)$/i.exec(text.trim());
  return m ? [m[1]!, m[2]!] : [text.trim(), undefined];
}

/** Actions on one account (those of the hover), run through the cross-feature commands. */
async function pickAccountAction(services: Services, id: string, detail?: string): Promise<void> {
  const actions = accountActions(services.explorerUrl(id) !== undefined);
  const command = await pick(
    sanitizeText(id, 80),
    actions.map(([label, value, icon], i) => ({ label: `$(${icon}) ${label}`, detail: i === 0 ? detail : undefined, value })),
  );
  // Add to Watchlist answers as from the hover: the account revealed, "already in the watchlist" said.
  if (command)
    await (command === COMMANDS.watchlistAdd ? vscode.commands.executeCommand(command, id, { show: true }) : vscode.commands.executeCommand(command, id));
}

/** A notification with `actions` as buttons; the chosen one runs (copy, open a page, look up on another network). */
async function offer(message: string, id: string, actions: LookupAction[], warn: boolean): Promise<void> {
  const text = `NEAR Lens: ${message}`;
  const labels = actions.map((x) => x.label);
  const chosen = await (warn ? vscode.window.showWarningMessage(text, ...labels) : vscode.window.showInformationMessage(text, ...labels));
  const act = actions.find((x) => x.label === chosen);
  if (!act) return;
  if ('copy' in act) await vscode.commands.executeCommand(COMMANDS.copyText, act.copy);
  else if ('url' in act) await vscode.env.openExternal(vscode.Uri.parse(act.url, true));
  else await vscode.commands.executeCommand(COMMANDS.lookupAccount, { id, network: act.network });
}

async function showKeyAccounts(services: Services, ids: string[], network: string, all: boolean): Promise<void> {
  const key = all ? 'key' : 'full-access key';
  if (ids.length === 0) return void vscode.window.showInformationMessage(`NEAR Lens: no account on ${network} has this ${key}.`);
  const picked = await pick<string | string[]>(`${ids.length} account(s) on ${network} with this ${key}`, [
    ...ids.map((id) => ({ label: sanitizeText(id, 80), description: 'open actions', value: id })),
    ...(ids.length > 1 ? [{ label: '$(add) Add all to Watchlist', value: ids }] : []),
  ]);
  if (Array.isArray(picked)) await vscode.commands.executeCommand(COMMANDS.watchlistAdd, picked);
  else if (picked) await pickAccountAction(services, picked);
}

type Get<T, A> = (services: Services, text: string, a: A | undefined) => Promise<T>;

/**
 * Both look-ups: the text from the argument (a string, or the object's `field`) or a prompt, checked with the chain
 * rules (src/near) before anything is sent (secrets refused unsent), then `get` once the stored key is read.
 */
async function lookup<T, A extends { show?: boolean }>(
  services: Services,
  what: string,
  field: keyof A & string,
  want: 'account' | 'public-key',
  placeHolder: string,
  get: Get<T, A>,
  arg?: unknown,
): Promise<T | undefined> {
  // The hover's link passes {key, all}; a string is the id or key; nothing prompts.
  const a = (typeof arg === 'string' ? { [field]: arg } : isRecord(arg) ? arg : undefined) as A | undefined;
  try {
    const given = a
      ? a[field]
      : await vscode.window.showInputBox({
          title: `NEAR Lens: ${what}`,
          placeHolder,
          ignoreFocusOut: true,
          // Look Up Account… also takes "alice.near at 2025-06-01": the id is what comes before "at".
          validateInput: (v) => (v.trim() ? lookupInputError(want === 'account' ? splitAt(v)[0] : v, want) : undefined),
        });
    const text = typeof given === 'string' ? given.trim() : '';
    if (!a && !text) return undefined; // the prompt was dismissed or left empty
    const why = lookupInputError(want === 'account' ? splitAt(text)[0] : text, want);
    if (why) throw new NearLensError(why === SECRET_REFUSED ? 'sensitive' : 'invalid-input', why);
    await services.ready; // the first request after start-up goes with the stored key
    return await get(services, text, a);
  } catch (e) {
    return fail(e, !a, what, a !== undefined && a.show !== false);
  }
}

/** Look Up Public Key: the accounts of a key (full-access ones, or all with `all`), shown to pick one. */
const publicKeyAccounts: Get<PublicKeyAccounts, LookupPublicKeyArgs> = async (services, key, a) => {
  const all = a?.all === true;
  const { client, name } = services.clientForNetwork();
  if (!client.accounts.hasIndexer) throw invalidInput(KEY_LOOKUP_NEEDS_REST);
  const r = await (all ? client.accounts.publicKeyAll(key) : client.accounts.publicKey(key));
  if (a?.show !== false) void showKeyAccounts(services, r.accountIds, name, all);
  return r;
};

type AccountAnswer = AccountFull | AccountAtBlock | FtHolding[] | NftCollection[] | PoolEntry[] | undefined;

/** One asset family's narrow endpoint: one request (the service's own rule), the exact list returned. */
async function accountPart(services: Services, id: string, part: unknown, a: LookupAccountArgs, atText: string | undefined): Promise<AccountAnswer> {
  if (part !== 'ft' && part !== 'nft' && part !== 'staking') throw invalidInput("The part is 'ft', 'nft' or 'staking'.");
  if (atText !== undefined || a.blockId !== undefined || a.date !== undefined) throw invalidInput('A part is read as of now only.');
  const { client } = services.clientForAccount(id, a.network);
  const list = await client.accounts[part](id);
  if (a.show === false) return list;
  const what = part === 'ft' ? 'fungible token(s)' : part === 'nft' ? 'NFT collection(s)' : 'staking pool(s)';
  void vscode.window.showInformationMessage(`NEAR Lens: ${sanitizeText(id, 80)}: ${list.length} ${what}.`);
  return undefined;
}

/** Time travel: the account as of a past block (the panel's History reads the same past). */
async function accountInThePast(services: Services, id: string, a: LookupAccountArgs | undefined, atText: string | undefined): Promise<AccountAnswer> {
  if (atText !== undefined && (a?.blockId !== undefined || a?.date !== undefined)) throw invalidInput('Give the block or date once.');
  const at = atText !== undefined ? parseAtText(atText) : atFromArgs(a!);
  const { client, network } = services.clientForAccount(id, a?.network);
  const r = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `NEAR Lens: looking up ${sanitizeText(id, 80)} in the past` },
    () => lookupAt(client, network, id, at),
  );
  if (a?.show === false) return r;
  void vscode.window.showInformationMessage(`NEAR Lens: ${accountAtText(r, services.settings.decimals)}`);
  return undefined;
}

/** The account now; shown to a person, the actions that fit (or where else it could be when it is missing). */
async function accountNow(services: Services, id: string, a: LookupAccountArgs | undefined): Promise<AccountAnswer> {
  const { client, network, name } = services.clientForAccount(id, a?.network);
  const full = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `NEAR Lens: looking up ${sanitizeText(id, 80)}` }, () =>
    client.accounts.full(id),
  );
  if (a?.show === false) return full;
  // Shown to a person: nothing is returned, because a command's result goes back to the window as JSON when it was
  // run from the palette or a keybinding, and the amounts in `full` are bigints, which JSON cannot carry.
  const summary = full.state ? accountSummaryText(full, services.settings.decimals) : undefined;
  if (summary && network === networkForLookup(services.settings.network, id)) {
    void pickAccountAction(services, id, `${name}: ${summary}`);
  } else {
    // Missing, or found on a network it is not normally looked up on: the usual actions would not fit.
    const m = lookupOffer(services.settings, id, network, summary);
    void offer(m.message, id, m.actions, !summary);
  }
  return undefined;
}

/** Look Up Account: now, one part, or in the past ("alice.near at 2025-06-01", blockId, date). */
function accountLookup(): Get<AccountAnswer, LookupAccountArgs> {
  return async (services, text, a) => {
    const [id, atText] = splitAt(text);
    const asked = a?.network;
    if (asked !== undefined && !NETWORK_CHOICES.some(([n]) => n === asked)) throw invalidInput('The network is mainnet, testnet or custom.');
    if (a?.part !== undefined) return accountPart(services, id, a.part, a, atText);
    if (atText !== undefined || a?.blockId !== undefined || a?.date !== undefined) return accountInThePast(services, id, a, atText);
    return accountNow(services, id, a);
  };
}

/**
 * The Switch Network pick: each network, the one in use checked; the custom network a node replaced, by name and what
 * it has ("custom · 127.0.0.1:3031", "REST, archival, transactions API"); and Local node… with the node it would use.
 */
async function pickNetwork(services: Services, memory: vscode.Memento): Promise<NetworkLabel | 'local' | 'restore' | undefined> {
  const current = services.settings.network;
  const inUse = networkName(services.settings); // "local · 127.0.0.1:3031" when the custom network is a node
  const node = localNodeDefault(services, memory);
  const kept = keptNetwork(memory);
  const [keptName, keptHas] = kept ? keptNetworkName(kept) : [];
  return pick<NetworkLabel | 'local' | 'restore'>('network for look-ups, keys and RPC', [
    ...NETWORK_CHOICES.map(([n, description]) => ({
      label: n === current ? `$(check) ${n}` : n,
      description: n === current && inUse !== n ? `in use: ${inUse}, RPC only` : description,
      value: n,
    })),
    ...(kept ? [{ label: `$(history) ${keptName}`, description: `${keptHas} — the custom network before Local node…`, value: 'restore' as const }] : []),
    {
      label: '$(server) Local node…',
      description: `a node's JSON-RPC (${node.why}${node.why === 'default' ? '' : ':'} ${node.url}), RPC only`,
      value: 'local' as const,
    },
  ]);
}

/**
 * Switch Network: a network from the argument ('local' or `{ local: <RPC URL> }` for a node, 'restore' for the custom
 * network a node replaced) or the pick.
 */
async function switchNetwork(services: Services, memory: vscode.Memento, arg?: unknown): Promise<NetworkLabel | NodeStatus | undefined> {
  if (arg === 'local') return localNode(services, memory);
  if (isRecord(arg) && typeof arg['local'] === 'string') return localNode(services, memory, arg['local'], arg['show'] !== false);
  if (arg === 'restore') return restoreKept(memory, false).catch((e: unknown) => fail(e, false, 'Switch Network', true));
  let network: NetworkLabel | 'local' | 'restore' | undefined = NETWORK_CHOICES.find(([n]) => n === arg)?.[0];
  // An argument that names no network: said and rejected (a keybinding's typo must not open the pick).
  if (arg !== undefined && !network)
    return fail(invalidInput("Switch Network takes mainnet, testnet, custom, 'local', 'restore' or { local: <RPC URL> }."), false, 'Switch Network', true);
  network ??= await pickNetwork(services, memory);
  if (network === 'local') return localNode(services, memory);
  if (network === 'restore') return restoreKept(memory, true);
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
}

/** The hover's Copy link: ids and public keys only (a secret never gets a link). */
async function copyText(text?: unknown): Promise<boolean> {
  if (typeof text !== 'string' || !text) return false;
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) NEAR Lens: copied ${sanitizeText(text, 80)}`, 3000);
  return true;
}

/** The commands' handlers. */
export function lookupCommands(services: Services, memory: vscode.Memento): Record<string, (...args: never[]) => unknown> {
  const account = accountLookup();
  return {
    [COMMANDS.lookupPublicKey]: (arg?: unknown) =>
      lookup<PublicKeyAccounts, LookupPublicKeyArgs>(services, 'Look Up Public Key', 'key', 'public-key', 'ed25519:… or secp256k1:…', publicKeyAccounts, arg),
    [COMMANDS.lookupAccount]: (arg?: unknown) =>
      lookup<AccountAnswer, LookupAccountArgs>(
        services,
        'Look Up Account',
        'id',
        'account',
        'alice.near, or alice.near at 2025-06-01 (a block height, hash or date)',
        account,
        arg,
      ),
    [COMMANDS.switchNetwork]: (arg?: unknown) => switchNetwork(services, memory, arg),
    [COMMANDS.showLog]: () => services.log.show(),
    [COMMANDS.copyText]: copyText,
  };
}

// The contract lens's chain side at activation: the source of each account's calls (activitySource.ts), told of
// network and watchlist changes, and `nearLens.contractActivity`. Activation makes the source (a few empty maps) and
// registers; nothing is read until a lens or the command asks.
import vscode = require('vscode');
import { errorMessage, invalidInput } from '../../base/errors';
import { COMMANDS } from '../../manifest';
import { lookupInputError } from '../../ui/commandModel';
import { noTxApi } from '../../near/networks';
import type { NetworkLabel } from '../../near/networks';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { fail } from '../../platform/failure';
import { ask } from '../../platform/prompts';
import type { Services } from '../../platform/services';
import { showResult } from '../rpc/rpcCommands';
import { ActivitySource } from './activitySource';
import type { ActivityTarget } from './activitySource';
import { activityDocument, activitySummary, parseActivityArgs } from './model/activityDocument';
import type { ContractActivity } from './model/types';

/** The watchlist's loads, when it is there to tell (features/watchlist/watchHooks.ts). */
export interface WatchLoads {
  onDidLoad(listener: (accountId: string) => void): { dispose(): void };
}

/** Where `accountId` is read now: its network's client, keyed by that network and its endpoints. */
function targetOf(services: Services, accountId: string, network?: string): ActivityTarget {
  try {
    const c = services.clientForAccount(accountId, network as NetworkLabel | undefined);
    const where = c.network === 'custom' ? JSON.stringify(['custom', services.settings.endpoints]) : c.network;
    const key = `${where}|${accountId}`;
    if (!c.client.transactions.hasTransactionsApi)
      return { kind: 'unsupported', key, reason: `${noTxApi(c.name)}: a contract's calls are read from a transactions API.` };
    return { kind: 'ok', key, network: c.network, client: c.client };
  } catch (e) {
    // An unusable custom network: say why, as for any other id on it.
    return { kind: 'unsupported', key: `?|${accountId}`, reason: errorMessage(e) };
  }
}

/**
 * Makes the source the contract lens reads and registers `nearLens.contractActivity`; returns the source (disposed
 * with the extension). `watch`: the watchlist's loads, so that a watched account's refresh reads its calls too.
 */
export function registerContractActivity(context: vscode.ExtensionContext, services: Services, watch?: WatchLoads): ActivitySource {
  const source = new ActivitySource({
    target: (id, network) => targetOf(services, id, network),
    log: (line) => services.log.warn(line),
  });
  context.subscriptions.push(
    { dispose: () => source.dispose() },
    // Another network or key: the lenses draw again (an account may now be on a network without a transactions API).
    services.onDidChange(() => source.changed()),
    ...(watch ? [watch.onDidLoad((id) => source.refreshed(id))] : []),
  );
  registerCommandsOnFirstCall(context, [COMMANDS.contractActivity], () => ({
    [COMMANDS.contractActivity]: (arg?: unknown) => contractActivity(services, source, arg),
  }));
  return source;
}

/** From code: the counts, no UI. From the palette: asks the id, reads now, shows the result's document. */
async function contractActivity(services: Services, source: ActivitySource, arg?: unknown): Promise<ContractActivity | undefined> {
  const prompted = arg === undefined;
  try {
    if (!prompted) {
      const a = parseActivityArgs(arg);
      await services.ready;
      return await source.activity(a.accountId, { ...(a.network !== undefined && { network: a.network }), refresh: a.refresh });
    }
    const id = await ask('Contract Activity', { prompt: 'A contract account: its calls per method', placeHolder: 'game.hot.tg' }, (text) => {
      const why = lookupInputError(text.trim(), 'account');
      if (why !== undefined) throw invalidInput(why);
      return text.trim();
    });
    if (id === undefined) return undefined;
    await services.ready;
    const a = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `NEAR Lens: reading the calls of ${id}` }, () =>
      source.activity(id, { refresh: true }),
    );
    await showResult('activity', activitySummary(a), activityDocument(a), true, JSON.stringify(['activity', a.network, id]));
    return a;
  } catch (e) {
    return fail(e, prompted, 'Contract Activity');
  }
}

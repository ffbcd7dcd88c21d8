// Owns the NearClients (one per network, rebuilt when settings or the key change, one shared TtlCache), the settings
// snapshot, the key store and the log. Synchronous to create: no network, no file I/O (the key is read in the background).
import vscode = require('vscode');
import { TtlCache } from '../client/cache';
import { BoundedMap } from '../base/lru';
import { COMPLETED_TRANSACTIONS } from '../client/context';
import type { TransactionModel } from '../client/transactions/model';
import { NearClient } from '../client/client';
import { invalidInput } from '../base/errors';
import { CACHE_ENTRIES } from '../client/cache';
import { keyProviderFor, PRESETS } from '../near/networks';
import { explorerUrlFor, networkForLookup } from './settings';
import type { Settings } from './settings';
import type { NetworkLabel } from '../near/networks';
import type { KeyPlace } from './network';
import { networkName } from './network';
import { createApiKeyStore } from './apiKey';
import type { ApiKeyStore } from './apiKey';
import { createLog } from './outputLog';
import type { RedactingLog } from './outputLog';
import { CONTEXT_KEYS, SECTION } from '../manifest';
import { readSettings } from './configuration';
import { WEB_BUILD } from './build';

export type { Settings } from './settings';

export interface ClientFor {
  client: NearClient;
  network: NetworkLabel;
  /** The network as the user reads it: the preset, or the custom network as the status bar names it ("local · 127.0.0.1:3031"). */
  name: string;
}

export interface Services extends vscode.Disposable {
  /** Current snapshot; replaced on every change. */
  readonly settings: Settings;
  /** Settings or key changed (clients already rebuilt). */
  readonly onDidChange: vscode.Event<void>;
  readonly hasApiKey: boolean;
  /** Where the key of the network in use is kept; undefined when it has none. */
  readonly keyPlace?: KeyPlace | undefined;
  /** Settles once the stored key was read (await it before a first request so it goes with the key). */
  readonly ready?: Promise<void>;
  /**
   * Suffix rule: `.near` → mainnet, `.testnet` → testnet, unless the network is custom; `network` overrides it (a
   * look-up checked on another network). Throws NearLensError('invalid-input') when the custom network is not
   * configured (call it inside your try).
   */
  clientForAccount(id: string, network?: NetworkLabel): ClientFor;
  /** The setting's network (keys, blocks, RPC). Throws like clientForAccount. */
  clientForNetwork(): ClientFor;
  /** Explorer page of an account on the network it is looked up on (or `network`); undefined when that has none. */
  explorerUrl(accountId: string, network?: NetworkLabel): string | undefined;
  /** Redacting wrapper around the "NEAR Lens" LogOutputChannel. */
  readonly log: RedactingLog;
  /**
   * Grows whenever requests go out under other terms (network, endpoints, transport, timeout or the key): data
   * loaded under an older value was fetched elsewhere or with another key, and a load it had in flight was stopped.
   */
  readonly connection?: number;
}

/** What createServices returns: the shared Services plus the key store (for the key commands only). */
export interface KeyedServices extends Services {
  readonly ready: Promise<void>;
  readonly apiKey: ApiKeyStore;
  /** Forgets the transactions read this session (the in-editor tests' test API: a suite starts cold). */
  forgetTransactions(): void;
}

/**
 * A client for `network` under the settings and keys of now. Module-level (not a closure of createServices): V8
 * compiles it on the first look-up, not at activation.
 */
function newClient(network: NetworkLabel, settings: Settings, apiKey: ApiKeyStore, shared: Shared, log: RedactingLog): NearClient {
  return new NearClient({
    // custom: the user's URLs; the suffix rule may pick the other preset than the setting's
    endpoints: network === 'custom' ? settings.endpoints : PRESETS[network],
    // One key per provider: the FastNEAR key never reaches a custom endpoint, nor the custom key FastNEAR.
    apiKey: apiKey.get(keyProviderFor(network)),
    transport: settings.transport,
    timeoutMs: settings.timeoutMs,
    cache: shared.cache,
    completedTransactions: shared.completedTransactions,
    log: (e) => log.request(e), // read at each request, so a wrapped log (tests) sees clients made before it
    browser: WEB_BUILD,
  });
}

/** What every client of the session shares: the answers' cache and the completed transactions. */
interface Shared {
  cache: TtlCache;
  completedTransactions: BoundedMap<string, TransactionModel>;
}

const newShared = (): Shared => ({
  cache: new TtlCache({ maxEntries: CACHE_ENTRIES }),
  completedTransactions: new BoundedMap(COMPLETED_TRANSACTIONS),
});

export function createServices(context: vscode.ExtensionContext): KeyedServices {
  const apiKey = createApiKeyStore(context.secrets);
  const log = createLog(() => [apiKey.get('fastnear'), apiKey.get('custom')].filter((k): k is string => k !== undefined));
  const clients = new Map<NetworkLabel, NearClient>();
  /** Made with the first client (a look-up), not at activation: until then there is nothing to cache or drop. */
  let shared: Shared | undefined;
  const emitter = new vscode.EventEmitter<void>();
  let settings = readSettings();
  /** Where requests go and with what: a change drops every cached answer (they were fetched under other terms). */
  const connection = (): string =>
    JSON.stringify([settings.network, settings.endpoints, settings.transport, settings.timeoutMs, apiKey.get('fastnear') ?? '', apiKey.get('custom') ?? '']);
  /** Whether the network in use has a key (its provider's), for the status bar and the `when` clauses. */
  const keyInUse = (): boolean => apiKey.get(keyProviderFor(settings.network)) !== undefined;
  const setKeyContext = (): void => void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasApiKey, keyInUse());
  let lastConnection = connection();
  let connectionCount = 0;

  const rebuild = (why: string): void => {
    settings = readSettings();
    const old = [...clients.values()];
    clients.clear(); // clients are immutable: the next request builds one from the new snapshot
    const now = connection();
    if (now !== lastConnection) {
      lastConnection = now;
      connectionCount++;
      shared?.cache.invalidate();
      // Other terms (a key cleared or changed, other hosts): no retry of an old client goes out with the old ones.
      for (const c of old) c.close();
    }
    log.info(`Configuration reloaded (${why}).`);
    setKeyContext();
    emitter.fire();
  };

  const clientFor = (network: NetworkLabel): ClientFor => {
    if (network === 'custom' && settings.configError) throw invalidInput(settings.configError);
    // The custom URLs are read only while the custom network is chosen: asked for it otherwise, say so (never the preset's
    // hosts under the name "custom").
    if (network === 'custom' && settings.network !== 'custom')
      throw invalidInput('The custom network is not the chosen one: switch to it first (nearLens.network).');
    let client = clients.get(network);
    if (!client) clients.set(network, (client = newClient(network, settings, apiKey, (shared ??= newShared()), log)));
    return { client, network, name: network === 'custom' ? networkName(settings) : network };
  };

  const disposables: vscode.Disposable[] = [
    apiKey,
    log,
    emitter,
    apiKey.onDidChange(() => rebuild('key')),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION)) rebuild('settings');
    }),
    // Trust changes which scopes may set the endpoints.
    vscode.workspace.onDidGrantWorkspaceTrust(() => rebuild('trust')),
  ];

  const services: KeyedServices = {
    get settings() {
      return settings;
    },
    get connection() {
      return connectionCount;
    },
    get hasApiKey() {
      return keyInUse();
    },
    get keyPlace(): KeyPlace | undefined {
      const provider = keyProviderFor(settings.network);
      if (!keyInUse()) return undefined;
      return !WEB_BUILD ? 'secret-storage' : apiKey.remembered(provider) ? 'browser' : 'memory';
    },
    onDidChange: emitter.event,
    ready: apiKey.ready.then(setKeyContext),
    apiKey,
    log,
    clientForAccount: (id, network) => clientFor(network ?? networkForLookup(settings.network, id)),
    clientForNetwork: () => clientFor(settings.network),
    explorerUrl: (id, network) => explorerUrlFor(settings, id, network),
    forgetTransactions: () => shared?.completedTransactions.clear(),
    dispose: () => {
      for (const c of clients.values()) c.close(); // no retry goes out after deactivation
      clients.clear();
      shared?.cache.invalidate();
      for (const d of disposables.splice(0)) d.dispose();
    },
  };
  context.subscriptions.push(services);
  return services;
}

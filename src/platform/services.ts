// Owns the NearClients (one per network, rebuilt when settings or the key change, one shared TtlCache), the settings
// snapshot, the key store and the log. Synchronous to create: no network, no file I/O (the key is read in the background).
import vscode = require('vscode');
import { TtlCache } from '../core/cache';
import { NearClient } from '../core/client';
import { invalidInput } from '../core/errors';
import { CACHE_ENTRIES } from '../core/limits';
import { explorerUrlFor, networkForLookup } from '../core/settings';
import type { NetworkLabel, Settings } from '../core/settings';
import { ApiKeyStore } from './apiKey';
import { createLog } from './log';
import type { RedactingLog } from './log';
import { endpointsFor, readSettings, SECTION } from './settings';

export type { NetworkLabel, Settings } from '../core/settings';

export interface ClientFor {
  client: NearClient;
  network: NetworkLabel;
}

export interface Services extends vscode.Disposable {
  /** Current snapshot; replaced on every change. */
  readonly settings: Settings;
  /** Settings or key changed (clients already rebuilt). */
  readonly onDidChange: vscode.Event<void>;
  readonly hasApiKey: boolean;
  /** Settles once the stored key was read (await it before a first request so it goes with the key). */
  readonly ready?: Promise<void>;
  /**
   * Suffix rule: `.near` → mainnet, `.testnet` → testnet, unless the network is custom. Throws
   * NearLensError('invalid-input') when the custom network is not configured (call it inside your try).
   */
  clientForAccount(id: string): ClientFor;
  /** The setting's network (keys, blocks, RPC). Throws like clientForAccount. */
  clientForNetwork(): ClientFor;
  /** Explorer page of an account per network, from settings; undefined when none applies. */
  explorerUrl(accountId: string): string | undefined;
  /** Redacting wrapper around the "NEAR Lens" LogOutputChannel. */
  readonly log: RedactingLog;
}

/** What createServices returns: the shared Services plus the key store (for the key commands only). */
export interface KeyedServices extends Services {
  readonly ready: Promise<void>;
  readonly apiKey: ApiKeyStore;
}

class ServicesImpl implements KeyedServices {
  #current: Settings;
  readonly #clients = new Map<NetworkLabel, NearClient>();
  readonly #cache = new TtlCache({ maxEntries: CACHE_ENTRIES });
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly #disposables: vscode.Disposable[] = [];
  #fingerprint: string;
  readonly onDidChange = this.#emitter.event;
  readonly apiKey: ApiKeyStore;
  readonly log: RedactingLog;
  readonly ready: Promise<void>;

  constructor(context: vscode.ExtensionContext) {
    this.apiKey = new ApiKeyStore(context.secrets);
    this.log = createLog(() => (this.apiKey.current ? [this.apiKey.current] : []));
    this.#current = readSettings();
    this.#fingerprint = this.#connectionFingerprint();
    this.ready = this.apiKey.ready;
    this.#disposables.push(
      this.apiKey,
      this.log,
      this.#emitter,
      this.apiKey.onDidChange(() => this.#rebuild('key')),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SECTION)) this.#rebuild('settings');
      }),
      // Trust changes which scopes may set the endpoints.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.#rebuild('trust')),
    );
  }

  get settings(): Settings {
    return this.#current;
  }

  get hasApiKey(): boolean {
    return this.apiKey.current !== undefined;
  }

  clientForAccount(id: string): ClientFor {
    return this.#clientFor(networkForLookup(this.#current.network, id));
  }

  clientForNetwork(): ClientFor {
    return this.#clientFor(this.#current.network);
  }

  explorerUrl(accountId: string): string | undefined {
    return explorerUrlFor(this.#current, accountId);
  }

  #clientFor(network: NetworkLabel): ClientFor {
    if (network === 'custom' && this.#current.configError) {
      throw invalidInput(this.#current.configError);
    }
    let client = this.#clients.get(network);
    if (!client) {
      client = new NearClient({
        endpoints: endpointsFor(network, this.#current),
        apiKey: this.apiKey.current,
        transport: this.#current.transport,
        timeoutMs: this.#current.timeoutMs,
        cache: this.#cache,
        log: (e) => this.log.request(e),
      });
      this.#clients.set(network, client);
    }
    return { client, network };
  }

  /** Where requests go and with what: a change drops every cached answer (they were fetched under other terms). */
  #connectionFingerprint(): string {
    const s = this.#current;
    return JSON.stringify([s.network, s.endpoints, s.transport, s.timeoutMs, this.apiKey.current ?? '']);
  }

  #rebuild(why: string): void {
    this.#current = readSettings();
    this.#clients.clear(); // clients are immutable: the next request builds one from the new snapshot
    const fp = this.#connectionFingerprint();
    if (fp !== this.#fingerprint) {
      this.#fingerprint = fp;
      this.#cache.invalidate();
    }
    this.log.info(`Configuration reloaded (${why}).`);
    this.#emitter.fire();
  }

  dispose(): void {
    this.#clients.clear();
    this.#cache.invalidate();
    for (const d of this.#disposables.splice(0)) d.dispose();
  }
}

export function createServices(context: vscode.ExtensionContext): KeyedServices {
  const services = new ServicesImpl(context);
  context.subscriptions.push(services);
  return services;
}

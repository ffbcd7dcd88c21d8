// The API keys in VS Code SecretStorage (never settings, globalState or logs): one per provider, so a key goes only to
// the hosts it was set for — the FastNEAR key (under the SecretStorage name every version has used, so a key stored by
// any version stays the FastNEAR key) to the FastNEAR presets, the custom network's own key to the custom network.
// Must not log, show or hand a key to anything but the services that build clients. No Node APIs. In the web build
// SecretStorage lives in the browser's storage, where the service asks that keys not be kept: a key is held in memory
// for the window's life unless the person chose "Remember in this browser".
import vscode = require('vscode');
import { SECRET_KEYS } from '../manifest';
import type { KeyProvider } from '../near/networks';

export type { KeyProvider } from '../near/networks';

export interface ApiKeyStore extends vscode.Disposable {
  /** The stored key of a provider ('' counts as none). */
  get(provider: KeyProvider): string | undefined;
  /** Fires when a key changed here or in another window. */
  readonly onDidChange: vscode.Event<void>;
  /** Settles once the stored keys have been read the first time. */
  readonly ready: Promise<void>;
  /** Stores a provider's key; with `remember` false it is held in memory for this window only (any stored one removed). */
  set(key: string, provider?: KeyProvider, remember?: boolean): Promise<void>;
  clear(provider?: KeyProvider): Promise<void>;
  /** Whether a provider's key in use is kept in SecretStorage rather than in memory only. */
  remembered(provider: KeyProvider): boolean;
}

const PROVIDERS: readonly KeyProvider[] = ['fastnear', 'custom'];

export function createApiKeyStore(secrets: vscode.SecretStorage): ApiKeyStore {
  const values = new Map<KeyProvider, string>();
  /** Keys held for this window only: they win over a stored one (a change in storage does not replace them). */
  const memory = new Map<KeyProvider, string>();
  const emitter = new vscode.EventEmitter<void>();
  /** `moved`: the same key now kept elsewhere (memory ↔ storage): the status bar's words change. */
  const update = (provider: KeyProvider, key: string | undefined, moved = false): void => {
    const next = key || undefined;
    if (next === values.get(provider) && !moved) return;
    if (next === undefined) values.delete(provider);
    else values.set(provider, next);
    emitter.fire();
  };
  const reload = async (provider: KeyProvider): Promise<void> => {
    let key: string | undefined;
    try {
      key = await secrets.get(SECRET_KEYS[provider]);
    } catch {
      // a broken keyring must not break activation; the public path still works
    }
    update(provider, memory.get(provider) ?? key);
  };
  const subscription = secrets.onDidChange((e) => {
    for (const p of PROVIDERS) if (e.key === SECRET_KEYS[p]) void reload(p);
  });
  return {
    get: (provider) => values.get(provider),
    onDidChange: emitter.event,
    ready: Promise.all(PROVIDERS.map(reload)).then(() => undefined),
    set: async (key, provider = 'fastnear', remember = true) => {
      const moved = memory.has(provider) === remember;
      if (remember) {
        memory.delete(provider);
        await secrets.store(SECRET_KEYS[provider], key);
      } else {
        memory.set(provider, key);
        await secrets.delete(SECRET_KEYS[provider]); // a key remembered before is not left behind in the browser
      }
      update(provider, key, moved);
    },
    clear: async (provider = 'fastnear') => {
      memory.delete(provider);
      await secrets.delete(SECRET_KEYS[provider]);
      update(provider, undefined);
    },
    remembered: (provider) => values.has(provider) && !memory.has(provider),
    dispose: () => {
      subscription.dispose();
      emitter.dispose();
    },
  };
}

// The API keys in VS Code SecretStorage (never settings, globalState or logs): one per provider, so a key goes only to
// the hosts it was set for — the FastNEAR key (stored as it always was: a key stored before #26 stays the FastNEAR
// key) to the FastNEAR presets, the custom network's own key to the custom network. Must not log, show or hand a key
// to anything but the services that build clients. No Node APIs (the web build holds keys its own way, #28).
import vscode = require('vscode');
import { SECRET_KEYS } from '../core/manifest';
import type { KeyProvider } from '../core/near/networks';

export type { KeyProvider } from '../core/near/networks';

export interface ApiKeyStore extends vscode.Disposable {
  /** The stored key of a provider ('' counts as none). */
  get(provider: KeyProvider): string | undefined;
  /** Fires when a key changed here or in another window. */
  readonly onDidChange: vscode.Event<void>;
  /** Settles once the stored keys have been read the first time. */
  readonly ready: Promise<void>;
  set(key: string, provider?: KeyProvider): Promise<void>;
  clear(provider?: KeyProvider): Promise<void>;
}

const PROVIDERS: readonly KeyProvider[] = ['fastnear', 'custom'];

export function createApiKeyStore(secrets: vscode.SecretStorage): ApiKeyStore {
  const values = new Map<KeyProvider, string>();
  const emitter = new vscode.EventEmitter<void>();
  const update = (provider: KeyProvider, key: string | undefined): void => {
    const next = key || undefined;
    if (next === values.get(provider)) return;
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
    update(provider, key);
  };
  const subscription = secrets.onDidChange((e) => {
    for (const p of PROVIDERS) if (e.key === SECRET_KEYS[p]) void reload(p);
  });
  return {
    get: (provider) => values.get(provider),
    onDidChange: emitter.event,
    ready: Promise.all(PROVIDERS.map(reload)).then(() => undefined),
    set: async (key, provider = 'fastnear') => {
      await secrets.store(SECRET_KEYS[provider], key);
      update(provider, key);
    },
    clear: async (provider = 'fastnear') => {
      await secrets.delete(SECRET_KEYS[provider]);
      update(provider, undefined);
    },
    dispose: () => {
      subscription.dispose();
      emitter.dispose();
    },
  };
}

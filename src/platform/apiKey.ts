// The API key in VS Code SecretStorage (never settings, globalState or logs) and the `nearLens.hasApiKey` context key.
// Must not log, show or hand the key to anything but the services that build clients.
import vscode = require('vscode');
import { CONTEXT_KEYS, SECRET_KEY } from '../core/manifest';

export interface ApiKeyStore extends vscode.Disposable {
  /** The stored key ('' counts as none). */
  readonly current: string | undefined;
  /** Fires when the key changed here or in another window. */
  readonly onDidChange: vscode.Event<void>;
  /** Settles once the stored key has been read the first time. */
  readonly ready: Promise<void>;
  set(key: string): Promise<void>;
  clear(): Promise<void>;
}

export function createApiKeyStore(secrets: vscode.SecretStorage): ApiKeyStore {
  let value: string | undefined;
  const emitter = new vscode.EventEmitter<void>();
  const update = (key: string | undefined): void => {
    const next = key || undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasApiKey, next !== undefined);
    if (next === value) return;
    value = next;
    emitter.fire();
  };
  const reload = async (): Promise<void> => {
    let key: string | undefined;
    try {
      key = await secrets.get(SECRET_KEY);
    } catch {
      // a broken keyring must not break activation; the public path still works
    }
    update(key);
  };
  const subscription = secrets.onDidChange((e) => {
    if (e.key === SECRET_KEY) void reload();
  });
  return {
    get current() {
      return value;
    },
    onDidChange: emitter.event,
    ready: reload(),
    set: async (key) => {
      await secrets.store(SECRET_KEY, key);
      update(key);
    },
    clear: async () => {
      await secrets.delete(SECRET_KEY);
      update(undefined);
    },
    dispose: () => {
      subscription.dispose();
      emitter.dispose();
    },
  };
}

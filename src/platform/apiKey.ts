// The API key in VS Code SecretStorage (never settings, globalState or logs) and the `nearLens.hasApiKey` context key.
// Must not log, show or hand the key to anything but the services that build clients.
import vscode = require('vscode');

export const SECRET_KEY = 'nearLens.apiKey';
export const HAS_API_KEY_CONTEXT = 'nearLens.hasApiKey';

export class ApiKeyStore implements vscode.Disposable {
  #value: string | undefined;
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly #subscription: vscode.Disposable;
  /** Fires when the key changed here or in another window. */
  readonly onDidChange = this.#emitter.event;
  /** Settles once the stored key has been read the first time. */
  readonly ready: Promise<void>;

  readonly #secrets: vscode.SecretStorage;

  constructor(secrets: vscode.SecretStorage) {
    this.#secrets = secrets;
    this.#subscription = secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) void this.#reload();
    });
    this.ready = this.#reload();
  }

  get current(): string | undefined {
    return this.#value;
  }

  async set(key: string): Promise<void> {
    await this.#secrets.store(SECRET_KEY, key);
    this.#update(key);
  }

  async clear(): Promise<void> {
    await this.#secrets.delete(SECRET_KEY);
    this.#update(undefined);
  }

  async #reload(): Promise<void> {
    let key: string | undefined;
    try {
      key = await this.#secrets.get(SECRET_KEY);
    } catch {
      key = undefined; // a broken keyring must not break activation; the public path still works
    }
    this.#update(key);
  }

  #update(key: string | undefined): void {
    const next = key ? key : undefined;
    void vscode.commands.executeCommand('setContext', HAS_API_KEY_CONTEXT, next !== undefined);
    if (next === this.#value) return;
    this.#value = next;
    this.#emitter.fire();
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#emitter.dispose();
  }
}

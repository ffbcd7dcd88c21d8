// What the watchlist's tree provider asks of "what changed": the extra reads of a load (code hash, access keys),
// a complete load, the account's node with its changes, and the tree item's decoration. The engine behind them
// (watchEngine.ts) is made with the first account load, so activation makes none of it.
import type * as vscode from 'vscode';
import type { AccountFull } from '../../near/account';
import type { NearClient } from '../../client/client';
import type { AccountEntry, WatchNode } from './model/watchlistNodes';
import type { WatchEngine } from './watchEngine';

export interface WatchHooks {
  /** Runs beside a load's /full, in its slot of the refresh limiter (a watched contract's activity); never rejects. */
  beside(accountId: string, network: string, client: NearClient): Promise<void>;
  /** Runs beside a load's /full, in its slot of the refresh limiter; never rejects (a failure is its answer). */
  read(accountId: string, network: string, full: AccountFull, client: NearClient, fresh: boolean): Promise<unknown>;
  /** A load ended with fresh data in `e.full` (status ok); `read` is what `read` answered. */
  loaded(e: AccountEntry, read: unknown): void;
  /** The account's node with its changes (description, the Changes node); the node itself when it has none. */
  augment(e: AccountEntry, node: WatchNode): WatchNode;
  /** Decorates a tree item of a changed account or of its Changes node (resource URI, accessibility label). */
  item(node: WatchNode, item: vscode.TreeItem): void;
}

/**
 * The hooks, forwarding to the engine, made by the first account load or command that needs it (activation makes
 * none); until then they change nothing. The handle is what activate() composes: the tree and the commands share it.
 */
export class WatchEngineHandle implements WatchHooks {
  engine: WatchEngine | undefined;
  readonly #loads = new Set<(accountId: string) => void>();

  constructor(private readonly make: () => WatchEngine) {}

  /** The engine, made on the first call. */
  now(): WatchEngine {
    return (this.engine ??= this.make());
  }

  beside(accountId: string, network: string, client: NearClient): Promise<void> {
    for (const l of this.#loads) {
      try {
        l(accountId);
      } catch {
        // a listener's bug costs it, never the load
      }
    }
    return this.now().beside(accountId, network, client);
  }

  /** Calls `listener` with each watched account a load (a refresh, or the first) reads; the contract lens reads its calls then. */
  onDidLoad(listener: (accountId: string) => void): { dispose(): void } {
    this.#loads.add(listener);
    return { dispose: () => this.#loads.delete(listener) };
  }

  async read(accountId: string, network: string, full: AccountFull, client: NearClient, fresh: boolean): Promise<unknown> {
    try {
      return await this.now().read(accountId, network, full, client, fresh);
    } catch (e) {
      return { error: e };
    }
  }

  loaded(e: AccountEntry, read: unknown): void {
    this.engine?.loaded(e, read);
  }

  augment(e: AccountEntry, node: WatchNode): WatchNode {
    return this.engine ? this.engine.augment(e, node) : node;
  }

  item(node: WatchNode, item: vscode.TreeItem): void {
    this.engine?.item(node, item);
  }
}

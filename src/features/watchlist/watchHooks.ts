// What the watchlist's tree provider asks of "what changed": the extra reads of a load (code hash, access keys),
// a complete load, the account's node with its changes, and the tree item's decoration. The engine behind them is a
// lazy part (dist/watch.js), loaded with the first account load, so activation reads none of it.
import type * as vscode from 'vscode';
import type { AccountFull } from '../../near/account';
import type { NearClient } from '../../client/client';
import type { AccountEntry, WatchNode } from './model/watchlistNodes';
import type { WatchEngine } from './watchEngine';
import type * as Engine from './watchEngine';
import { loadPart, partNow } from '../../platform/parts';

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

/** The hooks, forwarding to the engine once `start` has loaded it; until then they read nothing and change nothing. */
export class LazyWatchHooks implements WatchHooks {
  engine: WatchEngine | undefined;
  #starting: Promise<WatchEngine> | undefined;

  constructor(private readonly make: (part: typeof Engine) => WatchEngine) {}

  /** The engine now (a command's first call: the part is loaded already in either build). */
  now(): WatchEngine {
    if (!this.engine) {
      this.engine = this.make(partNow<typeof Engine>('changes'));
      this.#starting = Promise.resolve(this.engine);
    }
    return this.engine;
  }

  start(): Promise<WatchEngine> {
    return (this.#starting ??= loadPart<typeof Engine>('changes').then((part) => (this.engine = this.make(part))));
  }

  async beside(accountId: string, network: string, client: NearClient): Promise<void> {
    try {
      await (await this.start()).beside(accountId, network, client);
    } catch {
      // the part could not load: no activity this time
    }
  }

  async read(accountId: string, network: string, full: AccountFull, client: NearClient, fresh: boolean): Promise<unknown> {
    try {
      return await (await this.start()).read(accountId, network, full, client, fresh);
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

// The watchlist's TreeDataProvider over the watchlist model (model/watchlistModel.ts): lazy loads and keep-last-good
// data. Talks to the network only through the services' clients; its commands and timer are in index.ts and
// refreshTimer.ts.
import vscode = require('vscode');
import { treeItemOf } from './treeItem';
import type { FtMetadata, NearClient } from '../../client/client';
import type { AccountFull } from '../../near/account';
import { IDLE, loadSlot, needsLoad, poolBalance, slotLoading } from '../../ui/slots';
import type { PoolBalance, Slot } from '../../ui/slots';
import { accountIdError } from '../../near/ids';
import { createLimiter } from '../../client/limit';
import type { Limiter } from '../../client/limit';
import { LOOKUP_CONCURRENCY, REFRESH_CONCURRENCY } from '../../client/limit';
import { buildAccountNode } from './model/watchlistModel';
import { accessibilityLabel } from './model/watchlistA11y';
import { withList } from '../../ui/listPart';
import type { ListPart } from '../../ui/listPart';
import type { AccountEntry, LazyGroup, WatchNode } from './model/watchlistNodes';
import type { Services } from '../../platform/services';
import { contractTreeNodes } from '../contracts/contractCommands';
import { TxNodes } from '../transactions/txNodes';
import type { WatchHooks } from './watchHooks';

interface Entry extends AccountEntry {
  where: string; // network, endpoints and connection terms the data came from: a change drops the data
  rpcUrl: string; // token metadata is kept per RPC endpoint
  pools: Map<string, Slot<PoolBalance>>;
  opened: Set<LazyGroup>; // groups expanded once (their loads started): a refresh reloads them
}

/** Tree elements are the model's nodes, interned by id so that the same object stands for an item across rebuilds. */
export class WatchlistProvider implements vscode.TreeDataProvider<WatchNode>, vscode.Disposable {
  readonly #services: Services;
  readonly #changed = new vscode.EventEmitter<WatchNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  readonly #entries = new Map<string, Entry>();
  readonly #ftMeta = new Map<string, Slot<FtMetadata>>(); // key: rpcUrl|contract
  readonly #nodes = new Map<string, WatchNode>();
  readonly #pending = new Set<Promise<unknown>>();
  #lookupLimiter: Limiter | undefined; // made on the first load, not at activation (as the two below)
  /** Account loads: bounded too, as a settings change resets every account and the view then shows them all at once. */
  #fullLoadLimiter: Limiter | undefined;
  #roots: WatchNode[] = [];
  #transactions: TxNodes | undefined;
  /** What changed since the user last looked: set by index.ts. */
  watch: WatchHooks | undefined;

  constructor(services: Services) {
    this.#services = services;
  }

  /** Each account's Transactions node: its own file (transactions/txNodes.ts). */
  get transactions(): TxNodes {
    return (this.#transactions ??= new TxNodes(
      this.#services,
      (id) => this.#entries.get(id),
      (id, work) => this.#track(id, work),
    ));
  }

  get #lookups(): Limiter {
    return (this.#lookupLimiter ??= createLimiter(LOOKUP_CONCURRENCY));
  }

  get #fullLoads(): Limiter {
    return (this.#fullLoadLimiter ??= createLimiter(REFRESH_CONCURRENCY));
  }

  dispose(): void {
    this.#changed.dispose();
  }

  // ------------------------------------------------------------ TreeDataProvider

  getTreeItem(node: WatchNode): vscode.TreeItem {
    const tx = this.transactions.item(node);
    if (tx) return tx;
    const account = node.kind === 'account';
    const e = account && this.#entries.get(node.accountId);
    // First shown → load its /full (lazy: nothing is fetched for accounts never displayed).
    if (e && e.invalid === undefined && needsLoad(e.full)) void this.#loadFull(e, false);
    const item = treeItemOf(node, accessibilityLabel(node));
    this.watch?.item(node, item);
    return item;
  }

  getChildren(node?: WatchNode): WatchNode[] {
    if (node === undefined) {
      this.sync();
      return this.#roots;
    }
    if (node.lazy) this.#ensureLazy(node.accountId, node.lazy);
    if (node.kind === 'transactions') void this.transactions.run(node.accountId, 'open');
    return this.#nodes.get(node.id)?.children ?? [];
  }

  /** The node whose children hold `node` (view.reveal needs it); an account item has none. */
  getParent(node: WatchNode): WatchNode | undefined {
    for (const n of this.#nodes.values()) if (n.children.includes(node)) return n;
    return undefined;
  }

  // ------------------------------------------------------------ state

  /**
   * Aligns entries with the setting: new ids get an entry, removed ids are forgotten, changed endpoints reset the data.
   * `all`: rebuild every subtree (settings changed, or the view asks for its roots); otherwise only new or reset
   * entries are built — a refresh of one account must not rebuild all the others (50 accounts: 2,500 rebuilds a round).
   */
  sync(all = true): void {
    const ids = this.#services.settings.watchlist;
    for (const id of this.#entries.keys()) {
      if (!ids.includes(id)) {
        this.#entries.delete(id);
        this.#prune(id);
      }
    }
    this.#roots = ids.map((id) => {
      // Network and endpoints the id is looked up on; an invalid id or an unusable custom network has none (the load says why).
      const invalid = accountIdError(id);
      let target = { network: this.#services.settings.network as string, name: this.#services.settings.network as string, apiUrl: '', rpcUrl: '' };
      try {
        if (invalid === undefined) {
          const { client, network, name } = this.#services.clientForAccount(id);
          target = { network, name, ...client.endpoints };
        }
      } catch {
        // an unusable custom network
      }
      const where = `${target.network} ${target.apiUrl} ${target.rpcUrl} ${this.#services.connection ?? 0}`;
      let e = this.#entries.get(id);
      if (e?.where !== where) {
        e = {
          accountId: id,
          network: target.network,
          networkName: target.name,
          where,
          rpcUrl: target.rpcUrl,
          invalid,
          full: IDLE,
          contract: IDLE,
          pools: new Map(),
          opened: new Set(),
        };
        this.#entries.set(id, e);
      } else if (!all) {
        const root = this.#nodes.get(id); // an account's root node has its id
        if (root) return root;
      }
      return this.#rebuild(e);
    });
  }

  /** Settings or key changed: re-align, re-render everything (decimals, providers, publisher filter). */
  reset(): void {
    this.sync();
    this.#changed.fire(undefined);
  }

  entry(id: string): Readonly<AccountEntry> | undefined {
    return this.#entries.get(id);
  }

  /** Rebuilds one account's subtree into the interned nodes; returns the (stable) root object. */
  #rebuild(e: Entry): WatchNode {
    const built = buildAccountNode(e, { ...this.#services.settings, ftMeta: (contractId) => this.#ftMeta.get(`${e.rpcUrl}|${contractId}`) });
    this.transactions.attach(built, e);
    const spec = this.watch ? this.watch.augment(e, built) : built;
    const live = new Set<string>();
    const root = this.#intern(spec, live);
    // Drop nodes that disappeared from this account's subtree (a folded pool, a removed token).
    this.#prune(e.accountId, live);
    return root;
  }

  #intern(spec: WatchNode, live: Set<string>): WatchNode {
    live.add(spec.id);
    const children = spec.children.map((c) => this.#intern(c, live));
    const node = this.#nodes.get(spec.id);
    if (node) for (const k of Object.keys(node) as Array<keyof WatchNode>) delete node[k];
    const next = Object.assign(node ?? {}, spec, { children });
    this.#nodes.set(spec.id, next);
    return next;
  }

  /** Forgets the interned nodes of an account's subtree, except the `live` ones. */
  #prune(id: string, live?: Set<string>): void {
    for (const key of this.#nodes.keys()) if ((key === id || key.startsWith(`${id}/`)) && !live?.has(key)) this.#nodes.delete(key);
  }

  #update(id: string): void {
    const e = this.#entries.get(id);
    if (e) this.#changed.fire(this.#rebuild(e));
  }

  /** Keeps `work` in the pending set until it settles, then re-renders the account. */
  #track(id: string, work: Promise<unknown>): Promise<void> {
    this.#update(id);
    const p = work.then(() => this.#update(id));
    this.#pending.add(p);
    p.finally(() => this.#pending.delete(p)).catch(() => undefined);
    return p;
  }

  async whenIdle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /**
   * One load into a slot, keep-last-good: marks it loading now, runs `work` through `run` (at once, or the look-up
   * limiter) and stores the answer (or the logged failure, with the last good data kept) only while `current()` still
   * holds and no newer load of the slot has started.
   */
  #fill<T>(
    id: string,
    what: string,
    get: () => Slot<T> | undefined,
    set: (s: Slot<T>) => unknown,
    current: () => boolean,
    work: () => Promise<T>,
    run: Limiter = (task) => task(),
  ): Promise<void> {
    const mark = slotLoading(get());
    set(mark);
    return run(async () => {
      const next = await loadSlot(work, get, (line) => this.#services.log.warn(`watchlist: ${line}`), `${what} of ${id}`);
      // Only the newest load of a slot answers: a later one (a Refresh) has put its own mark there, and an older
      // answer, arriving last, must not replace newer figures or mark them failed.
      if (current() && get() === mark) set(next);
    });
  }

  // ------------------------------------------------------------ loads

  #current(e: Entry): boolean {
    return this.#entries.get(e.accountId) === e;
  }

  #client(e: Entry): NearClient {
    return this.#services.clientForAccount(e.accountId).client;
  }

  #loadFull(e: Entry, fresh: boolean): Promise<void> {
    const id = e.accountId;
    const watch = this.watch;
    let mine: Slot<AccountFull> | undefined; // the last slot this load put there
    return this.#track(
      id,
      this.#fill(
        id,
        'account',
        () => e.full,
        (s) => (e.full = mine = s),
        () => this.#current(e), // a newer load of the account has its own mark in the slot (#fill)
        async () => {
          const client = this.#client(e);
          // Beside /full in its slot: a watched contract's activity (the what-changed engine decides whether it has any).
          const beside = watch?.beside(id, e.network, client);
          try {
            return await client.accounts.full(id, { fresh });
          } finally {
            await beside;
          }
        },
        this.#fullLoads,
      ).then(async () => {
        // What changed: once this load's own /full answered (a failed or superseded one costs nothing more), the watched
        // account's code hash and keys, through the same limiter; then the comparison with its snapshot.
        // Not during a REST outage (/full came from the RPC fallback): no extra load on a service in trouble.
        const full = mine?.status === 'ok' ? mine.data : undefined;
        if (!watch || !this.#current(e) || e.full !== mine || !full || full.source?.restFailure !== undefined) return;
        const read = await this.#fullLoads(() => watch.read(id, e.network, full, this.#client(e), fresh));
        if (this.#current(e) && e.full === mine) watch.loaded(e, read);
      }),
    );
  }

  /** A group loads on its first expansion, once the account has state to expand. */
  #ensureLazy(id: string, group: LazyGroup): void {
    const e = this.#entries.get(id);
    if (e?.full.data?.state && !e.opened.has(group)) {
      e.opened.add(group);
      void this.#loadGroup(e, group, false);
    }
  }

  /** The loads behind a lazy group; `fresh` skips the cache (and asks failed token metadata again). */
  #loadGroup(e: Entry, group: LazyGroup, fresh: boolean): Promise<void> {
    if (group === 'tokens') return this.#loadMetadata(e, fresh);
    const id = e.accountId;
    const current = (): boolean => this.#current(e);
    const o = { fresh };
    return this.#track(
      id,
      Promise.all(
        group === 'contract'
          ? [
              this.#fill(
                id,
                'contract',
                () => e.contract,
                (s) => (e.contract = s),
                current,
                async () => {
                  const client = this.#client(e);
                  const [view, keys] = await Promise.all([client.rpc.viewAccount(id, undefined, o), client.rpc.viewAccessKeyList(id, undefined, o)]);
                  const { hasCode, codeHash } = view.result;
                  const methods = hasCode ? await contractTreeNodes(client, id, codeHash) : undefined;
                  return { view: view.result, keys: keys.result, methods };
                },
              ),
            ]
          : (e.full.data?.pools ?? []).map(({ poolId }) =>
              this.#fill(
                id,
                `pool ${poolId}`,
                () => e.pools.get(poolId),
                (s) => e.pools.set(poolId, s),
                current,
                () => poolBalance(this.#client(e), poolId, id, o),
                this.#lookups,
              ),
            ),
      ),
    );
  }

  /** ft_metadata of every token held, once per contract and RPC endpoint (the client caches it for a day). */
  #loadMetadata(e: Entry, retryFailed: boolean): Promise<void> {
    const key = (contractId: string): string => `${e.rpcUrl}|${contractId}`;
    const todo = [...new Set(e.full.data?.tokens.map((t) => t.contractId))].filter((c) => {
      const s = this.#ftMeta.get(key(c));
      return needsLoad(s) || (retryFailed && s?.status === 'failed');
    });
    // Nothing to load: no re-render.
    if (todo.length === 0) return Promise.resolve();
    const work = todo.map((c) =>
      this.#fill(
        c,
        'ft_metadata',
        () => this.#ftMeta.get(key(c)),
        (s) => this.#ftMeta.set(key(c), s),
        () => true,
        () => this.#client(e).rpc.ftMetadata(c),
        this.#lookups,
      ),
    );
    return this.#track(
      e.accountId,
      Promise.all(work).then(() => {
        // Metadata is shared: every other account holding one of these tokens may read better now.
        for (const other of this.#entries.values())
          if (other !== e && other.full.data?.tokens.some((t) => todo.includes(t.contractId))) this.#update(other.accountId);
      }),
    );
  }

  /** Refresh one account: /full from the service (not the cache), then whatever groups were already loaded. */
  async refresh(id: string): Promise<void> {
    this.sync(false);
    const e = this.#entries.get(id);
    if (!e || e.invalid !== undefined) return;
    await this.#loadFull(e, true);
    if (!this.#current(e) || e.full.status !== 'ok' || !e.full.data?.state) return;
    await Promise.all([...[...e.opened].map((group) => this.#loadGroup(e, group, true)), this.transactions.run(id, 'refresh')]);
  }

  /**
   * Refresh one list (its Tokens, NFT collections or Staking pools node): one request to /ft, /nft or /staking, never
   * /full; then that list's own loads if it was open (metadata, pool balances). Keep-last-good like a full refresh. An
   * account with no state yet, or a network with no indexer, refreshes whole.
   */
  async refreshList(id: string, part: ListPart): Promise<void> {
    this.sync(false);
    const e = this.#entries.get(id);
    if (!e || e.invalid !== undefined) return;
    if (!e.full.data?.state || !this.#client(e).accounts.hasIndexer) return this.refresh(id);
    await this.#track(
      id,
      this.#fill(
        id,
        part,
        () => e.full,
        (s) => (e.full = s),
        () => this.#current(e),
        async () => {
          const list = await this.#client(e).accounts[part](id, { fresh: true });
          return withList(e.full.data!, part, list as never);
        },
      ),
    );
    const group = part === 'ft' ? 'tokens' : part === 'staking' ? 'pools' : undefined;
    if (group && this.#current(e) && e.full.status === 'ok' && e.opened.has(group)) await this.#loadGroup(e, group, true);
  }
}

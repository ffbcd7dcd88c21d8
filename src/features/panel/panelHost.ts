// The balance panel with its History (time travel): one webview per account, strict CSP, typed guarded messages, ready
// handshake, revived by a serializer (index.ts). The webview gets pre-formatted data only, never the key.
import vscode = require('vscode');
import { loadSlot, noteFailure, poolBalance } from '../../ui/slots';
import type { Slot } from '../../ui/slots';
import { createLimiter } from '../../client/limit';
import { LOOKUP_CONCURRENCY } from '../../client/limit';
import { buildPanelModel } from './model/panelModel';
import type { PanelInput } from './model/panelModel';
import { panelHtml } from './model/panelHtml';
import { isWebviewMessage } from './protocol';
import type { HostMessage } from './protocol';
import type { Services } from '../../platform/services';
import { COMMANDS } from '../../manifest';
import { setWebviewPage } from '../../platform/webviewPage';
import { withList } from '../../ui/listPart';
import type { ListPart } from '../../ui/listPart';
import { HISTORY_RANGES, isHistoryRequest } from '../timeTravel/protocol';
import type { HistoryHostMessage, HistoryRange } from '../timeTravel/protocol';
import { historyKept, historyModel } from '../timeTravel/timeTravel';
import { isTxRequest } from '../transactions/protocol';
import { PanelTransactions } from '../transactions/panelSection';

/** The data behind the view model (and the RPC endpoint of its pool amounts and metadata), kept so that a settings change re-renders without refetching. */
type Loaded = Omit<PanelInput, 'decimals' | 'liquidStakingProviders' | 'nftPublisher' | 'staleError' | 'formatTime'> & { rpcUrl: string };

export class AccountPanel implements vscode.Disposable {
  #ready = false;
  #loading = false;
  #error: string | undefined;
  #loaded: Loaded | undefined;
  #generation = 0;
  /** The terms (connection, network, endpoints) the data shown was loaded under: a change loads again. */
  #connection: string | undefined;
  #historyGeneration = 0;
  #historyAbort: AbortController | undefined;
  #disposed = false;
  /** The History section's last message (loaded, failed or in progress), posted again after a webview reload. */
  #historyLast: HistoryHostMessage | undefined;
  readonly #services: Services;
  readonly #disposables: vscode.Disposable[];
  /** Told every message posted to the webview: the in-editor tests' test API, never set in a user's session. */
  readonly #observe: ((m: HostMessage) => void) | undefined;
  current: Promise<void>;
  /** The History section's load in progress (or the last one). */
  currentHistory: Promise<void> = Promise.resolve();
  /** The Transactions table (transactions/panelSection.ts). */
  readonly txs: PanelTransactions;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly accountId: string,
    services: Services,
    extensionUri: vscode.Uri,
    onDispose: () => void,
    observe?: (m: HostMessage) => void,
  ) {
    this.#services = services;
    this.#observe = observe;
    this.txs = new PanelTransactions(services, accountId, (m) => this.#post(m));
    const webview = panel.webview;
    setWebviewPage(panel, extensionUri, 'panel', panelHtml);
    panel.title = `NEAR: ${accountId}`;
    this.#disposables = [
      webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
      // Other terms (network, endpoints, key): every section shown was read under the old ones, and a load in flight was
      // stopped: each reads again (the account, its Transactions table, its History). Otherwise (decimals, providers)
      // the same data is drawn anew.
      services.onDidChange(() => (this.#terms() !== this.#connection ? this.#readAgain() : this.#render())),
    ];
    this.current = this.load(false);
  }

  /** After a change of terms: the account, the Transactions table and the History shown, each read on the new network. */
  #readAgain(): void {
    this.current = this.load(false);
    this.txs.networkChanged();
    const last = this.#historyLast;
    const range = last === undefined ? undefined : last.type === 'history' ? last.data.range : 'range' in last ? last.range : undefined;
    // Which ranges the new network's node keeps (every one, when it has an archival host), then the range shown again.
    void this.#postKept(true);
    if (range) this.currentHistory = this.history(range);
  }

  dispose(): void {
    this.#disposed = true;
    this.#generation++;
    this.#historyGeneration++;
    this.#historyAbort?.abort(); // a History load in progress sends nothing more
    this.txs.dispose();
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  /** A message from the webview (public for the in-editor tests, which post what its buttons post). */
  receive(m: unknown): void {
    if (isHistoryRequest(m)) {
      this.currentHistory = this.history(m.range);
    } else if (isTxRequest(m)) {
      this.txs.receive(m);
    } else if (!isWebviewMessage(m)) {
      // Not ours or malformed: ignored. The content is not logged (it came from a page, could be anything).
      this.#services.log.warn(`balance panel: ignored an unexpected message from the webview of ${this.accountId}`);
    } else if (m.type === 'ready') {
      // Also after every reload of the webview (hidden and shown again): post the current picture.
      this.#ready = true;
      // The Transactions table first (on a network without a transactions API, why there is none), then the account.
      this.txs.repost();
      this.#render();
      if (this.#loading) this.#post({ type: 'loading', accountId: this.accountId });
      else if (this.#error !== undefined) this.#post({ type: 'error', message: this.#error });
      if (this.#historyLast) this.#post(this.#historyLast);
      void this.#postKept();
    } else if (m.type === 'copyCurl') {
      // Copy as curl: this account's look-up as a shell command, the key as its variable.
      void vscode.commands.executeCommand(COMMANDS.copyAsCurl, { accountId: this.accountId });
    } else {
      this.current = this.load(true, m.part);
    }
  }

  #post(m: HostMessage): void {
    if (this.#disposed) return; // the webview is gone (its getter would throw)
    if (m.type.startsWith('history') && m.type !== 'historyKept') this.#historyLast = m as HistoryHostMessage;
    if (!this.#ready) return;
    void this.panel.webview.postMessage(m);
    this.#observe?.(m);
  }

  /** Posts the model of the loaded data with the current settings (and the last error as a stale note). */
  #render(): void {
    if (!this.#loaded) return;
    const s = this.#services.settings;
    this.#post({
      type: 'account',
      data: buildPanelModel({
        ...this.#loaded,
        decimals: s.decimals,
        liquidStakingProviders: s.liquidStakingProviders,
        nftPublisher: s.nftPublisher,
        staleError: this.#error,
      }),
    });
  }

  /**
   * On a node without an archival URL, which History ranges it keeps the blocks of (its `status`); a failure says
   * nothing. `again` (another network): with an archival host every range is offered again (no note).
   */
  async #postKept(again = false): Promise<void> {
    try {
      const kept = await historyKept(this.#services.clientForAccount(this.accountId).client);
      if (kept) this.#post({ type: 'historyKept', ...kept });
      else if (again) this.#post({ type: 'historyKept', ranges: [...HISTORY_RANGES], note: '' });
    } catch {
      // Not known: every range stays offered, and a range past the node's blocks says why when picked.
    }
  }

  /**
   * The History section at `range` (time travel): progress as points load, then the chart's model, or why
   * it failed. A newer request (another range) supersedes this one.
   */
  async history(range: HistoryRange): Promise<void> {
    const gen = ++this.#historyGeneration;
    const id = this.accountId;
    const mine = (): boolean => gen === this.#historyGeneration;
    // One load at a time: a new range (or closing the panel) aborts the one before, so picks never pile up requests.
    this.#historyAbort?.abort();
    const abort = (this.#historyAbort = new AbortController());
    this.#post({ type: 'historyProgress', range, phase: 'blocks', done: 0, total: 0 });
    try {
      const { client, network } = this.#services.clientForAccount(id);
      const data = await historyModel(client, network, id, range, this.#services.settings.decimals, {
        signal: abort.signal,
        onProgress: (phase, done, total) => mine() && this.#post({ type: 'historyProgress', range, phase, done, total }),
      });
      if (mine()) this.#post({ type: 'history', data });
    } catch (e) {
      if (mine())
        this.#post({ type: 'historyError', range, message: noteFailure((l) => this.#services.log.warn(`balance panel: ${l}`), `history of ${id}`, e) });
    }
  }

  /** /full, then token metadata, pool balances and indexer status side by side; each of those may fail alone. */
  /** Where and how this account is looked up now: the services' connection terms, its network and endpoints. */
  #terms(): string {
    try {
      const { client, network } = this.#services.clientForAccount(this.accountId);
      return `${this.#services.connection ?? 0} ${network} ${client.endpoints.apiUrl} ${client.endpoints.rpcUrl}`;
    } catch {
      return `${this.#services.connection ?? 0} unusable`; // a custom network without its URLs: the load says why
    }
  }

  /**
   * `part`: one table's Refresh: only its narrow endpoint (/ft, /nft or /staking) is asked, the rest stays as
   * shown — when the rest was loaded under the same terms and the network has an indexer; otherwise a whole load.
   */
  async load(fresh: boolean, part?: ListPart): Promise<void> {
    const gen = ++this.#generation;
    const terms = this.#terms();
    const shown = part && this.#connection === terms && this.#loaded?.full.state ? this.#loaded : undefined;
    this.#connection = terms;
    const id = this.accountId;
    const warn = (line: string): void => this.#services.log.warn(`balance panel: ${line}`);
    this.#loading = true;
    this.#post({ type: 'loading', accountId: id });
    try {
      const { client, name: network } = this.#services.clientForAccount(id);
      const rpcUrl = client.endpoints.rpcUrl;
      const one = part && shown && client.accounts.hasIndexer ? part : undefined;
      const full =
        one && shown ? withList(shown.full, one, (await client.accounts[one](id, { fresh: true })) as never) : await client.accounts.full(id, { fresh });
      // When the account arrived, not when its tokens and pools did (one table's refresh leaves the state's time).
      const fetchedAt = one && shown ? shown.fetchedAt : Date.now();
      // A pool or token whose refresh fails keeps its last good figures (same endpoint only), like the tree.
      const prev = this.#loaded?.rpcUrl === rpcUrl ? this.#loaded : undefined;
      const run = createLimiter(LOOKUP_CONCURRENCY);
      /** The slots of one look-up for each key, LOOKUP_CONCURRENCY at a time. */
      const slots = async <T>(keys: readonly string[], what: string, work: (k: string) => Promise<T>, last: (k: string) => Slot<T> | undefined) =>
        new Map(
          await Promise.all(
            keys.map((k) =>
              run(
                async () =>
                  [
                    k,
                    await loadSlot(
                      () => work(k),
                      () => last(k),
                      warn,
                      `${what} ${k} of ${id}`,
                    ),
                  ] as const,
              ),
            ),
          ),
        );
      const [meta, pools, status] = await Promise.all([
        slots(
          [...new Set(full.tokens.map((t) => t.contractId))],
          'ft_metadata of',
          (c) => client.rpc.ftMetadata(c),
          (c) => prev?.ftMeta(c),
        ),
        slots(
          full.state === null ? [] : full.pools.map((p) => p.poolId),
          'pool',
          (poolId) => poolBalance(client, poolId, id, { fresh: fresh && (!one || one === 'staking') }),
          (poolId) => prev?.pools.get(poolId),
        ),
        // No indexer on an RPC-only network: its status is not asked (the model says so in a word).
        one
          ? shown?.status
          : client.accounts.hasIndexer
            ? loadSlot(
                () => client.accounts.status({ fresh }),
                () => undefined,
                warn,
                `indexer status of ${id}`,
              )
            : undefined,
      ]);
      if (gen !== this.#generation) return;
      this.#loaded = { accountId: id, network, full, fetchedAt, ftMeta: (c) => meta.get(c), pools, status, rpcUrl };
      this.#loading = false;
      this.#error = undefined;
      this.#render();
    } catch (e) {
      if (gen !== this.#generation) return;
      this.#loading = false;
      // The last good figures stay: the webview keeps showing them under the error banner (and the model gets a stale note).
      this.#error = noteFailure(warn, `account of ${id}`, e);
      this.#post({ type: 'error', message: this.#error });
    }
  }
}

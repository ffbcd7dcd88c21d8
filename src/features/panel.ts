// The balance panel: one webview per account, strict CSP, typed guarded messages, ready handshake, revived by a serializer. The webview gets pre-formatted data only, never the key.
import { randomBytes } from 'node:crypto';
import vscode = require('vscode');
import type { IndexerStatus } from '../core/account';
import type { FtMetadata } from '../core/client';
import { errorMessage, NearLensError } from '../core/errors';
import { slotFailed, slotLoaded } from '../core/holdings';
import type { PoolBalance, Slot } from '../core/holdings';
import { accountIdError } from '../core/ids';
import { createLimiter } from '../core/limit';
import { LOOKUP_CONCURRENCY } from '../core/limits';
import { buildPanelModel } from '../core/panelModel';
import type { PanelInput } from '../core/panelModel';
import { panelHtml } from '../core/panelHtml';
import { isPanelState, isWebviewMessage } from '../shared/protocol';
import type { HostMessage, PanelViewModel } from '../shared/protocol';
import type { Services } from '../platform/services';
import { accountIdFromArgument } from './watchlist';

export const PANEL_VIEW_TYPE = 'nearLens.balancePanel';

export interface PanelApi {
  open(accountId: string): Promise<AccountPanel | undefined>;
  readonly panels: ReadonlyMap<string, AccountPanel>;
  /** The last message posted to the account's webview (undefined before the ready handshake). */
  lastPosted(accountId: string): HostMessage | undefined;
  /** Resolves with the first message of `type` posted to the account's webview, or rejects after `timeoutMs`. */
  waitForPost(accountId: string, type: HostMessage['type'], timeoutMs?: number): Promise<HostMessage>;
}

/** The data behind one view model, kept so that a settings change re-renders without refetching. */
type Loaded = Omit<PanelInput, 'decimals' | 'liquidStakingProviders' | 'nftPublisher' | 'staleError' | 'formatTime'>;

export class AccountPanel implements vscode.Disposable {
  #ready = false;
  #loading = false;
  #error: string | undefined;
  #loaded: Loaded | undefined;
  #loadedFrom: string | undefined; // RPC endpoint of #loaded's pool amounts and metadata
  #model: PanelViewModel | undefined;
  #generation = 0;
  readonly #services: Services;
  readonly #disposables: vscode.Disposable[];
  readonly #posted = new vscode.EventEmitter<HostMessage>();
  readonly onDidPost = this.#posted.event;
  last: HostMessage | undefined;
  current: Promise<void>;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly accountId: string,
    services: Services,
    extensionUri: vscode.Uri,
    onDispose: () => void,
  ) {
    this.#services = services;
    configureWebview(panel, extensionUri);
    panel.title = `NEAR: ${accountId}`;
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'near-lens.svg');
    this.#disposables = [
      panel.webview.onDidReceiveMessage((m: unknown) => this.#receive(m)),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
      services.onDidChange(() => this.#render()),
      this.#posted,
    ];
    this.current = this.load(false);
  }

  dispose(): void {
    this.#generation++;
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  #receive(m: unknown): void {
    if (!isWebviewMessage(m)) {
      // Not ours or malformed: ignored. The content is not logged (it came from a page, could be anything).
      this.#services.log.warn(`balance panel: ignored an unexpected message from the webview of ${this.accountId}`);
    } else if (m.type === 'ready') {
      // Also after every reload of the webview (hidden and shown again): post the current picture.
      this.#ready = true;
      if (this.#model) this.#post({ type: 'account', data: this.#model });
      if (this.#loading) this.#post({ type: 'loading', accountId: this.accountId });
      else if (this.#error !== undefined) this.#post({ type: 'error', message: this.#error });
    } else {
      this.current = this.load(true);
    }
  }

  #post(m: HostMessage): void {
    if (!this.#ready) return;
    this.last = m;
    void this.panel.webview.postMessage(m);
    this.#posted.fire(m);
  }

  /** Rebuilds the model from the loaded data with the current settings (and the last error as a stale note). */
  #render(post = true): void {
    if (!this.#loaded) return;
    const s = this.#services.settings;
    this.#model = buildPanelModel({
      ...this.#loaded,
      decimals: s.decimals,
      liquidStakingProviders: s.liquidStakingProviders,
      nftPublisher: s.nftPublisher,
      staleError: this.#error,
    });
    if (post) this.#post({ type: 'account', data: this.#model });
  }

  /** /full, then token metadata, pool balances and indexer status side by side; each of those may fail alone. */
  async load(fresh: boolean): Promise<void> {
    const gen = ++this.#generation;
    const id = this.accountId;
    this.#loading = true;
    this.#post({ type: 'loading', accountId: id });
    try {
      const { client, network } = this.#services.clientForAccount(id);
      const full = await client.full(id, { fresh });
      // A pool or token whose refresh fails keeps its last good figures (same endpoint only), like the tree.
      const prev = this.#loadedFrom === client.endpoints.rpcUrl ? this.#loaded : undefined;
      const run = createLimiter(LOOKUP_CONCURRENCY);
      const meta = new Map<string, Slot<FtMetadata>>();
      const pools = new Map<string, Slot<PoolBalance>>();
      let status: Slot<IndexerStatus> | undefined;
      /** One side look-up: its answer or its (logged) failure goes into a slot. */
      const side = async <T>(what: string, set: (s: Slot<T>) => void, work: () => Promise<T>, last?: Slot<T>): Promise<void> => {
        try {
          set(slotLoaded(await work(), Date.now()));
        } catch (e) {
          set(slotFailed(last, this.#note(what, e)));
        }
      };
      await Promise.all([
        ...[...new Set(full.tokens.map((t) => t.contractId))].map((c) =>
          run(() => side(`ft_metadata of ${c}`, (s) => meta.set(c, s), () => client.ftMetadata(c), prev?.ftMeta(c))),
        ),
        ...(full.state === null ? [] : full.pools).map(({ poolId }) =>
          run(() =>
            side(
              `pool ${poolId}`,
              (s) => pools.set(poolId, s),
              async () => {
                const [staked, unstaked] = await Promise.all([client.stakedBalance(poolId, id, { fresh }), client.unstakedBalance(poolId, id, { fresh })]);
                return { staked, unstaked };
              },
              prev?.pools.get(poolId),
            ),
          ),
        ),
        side('indexer status', (s: Slot<IndexerStatus>) => (status = s), () => client.status({ fresh })),
      ]);
      if (gen !== this.#generation) return;
      this.#loaded = { accountId: id, network, full, fetchedAt: Date.now(), ftMeta: (c) => meta.get(c), pools, status };
      this.#loadedFrom = client.endpoints.rpcUrl;
      this.#loading = false;
      this.#error = undefined;
      this.#render();
    } catch (e) {
      if (gen !== this.#generation) return;
      this.#loading = false;
      this.#error = this.#note('account', e);
      // Keep the last good figures: the webview keeps showing them under the error banner.
      this.#render(false);
      this.#post({ type: 'error', message: this.#error });
    }
  }

  #note(what: string, e: unknown): string {
    this.#services.log.warn(`balance panel: ${what} of ${this.accountId} failed: ${NearLensError.is(e) ? `${e.kind}: ${e.message}` : 'unexpected error'}`);
    return errorMessage(e);
  }
}

/** Options and HTML of a new or revived panel (a revived panel's options are reset to ours, never trusted from before). */
function configureWebview(panel: vscode.WebviewPanel, extensionUri: vscode.Uri): void {
  const webview = panel.webview;
  webview.options = webviewOptions(extensionUri);
  const uri = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', file)).toString();
  webview.html = panelHtml({ cspSource: webview.cspSource, nonce: randomBytes(16).toString('base64'), scriptUri: uri('panel.js'), styleUri: uri('panel.css') });
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'webview')],
  };
}

export function registerPanel(context: vscode.ExtensionContext, services: Services): PanelApi {
  const panels = new Map<string, AccountPanel>();

  /** Our panel for `panel`; if its page cannot be built, the tab is closed (never left empty) and the reason logged. */
  const adopt = (panel: vscode.WebviewPanel, id: string): AccountPanel | undefined => {
    try {
      const p = new AccountPanel(panel, id, services, context.extensionUri, () => {
        if (panels.get(id) === p) panels.delete(id);
      });
      panels.set(id, p);
      return p;
    } catch (e) {
      panel.dispose();
      const why = e instanceof Error ? e.message : 'unexpected error';
      services.log.error(`balance panel: could not show ${id}: ${why}`);
      void vscode.window.showErrorMessage(`NEAR Lens could not open the balance panel: ${why}`);
      return undefined;
    }
  };

  const open = async (id: string): Promise<AccountPanel | undefined> => {
    const reason = accountIdError(id);
    if (reason !== undefined) {
      void vscode.window.showWarningMessage(`Not a valid NEAR account id: ${reason}.`);
      return undefined;
    }
    const existing = panels.get(id);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    // No retainContextWhenHidden: the webview restores from setState and the host re-posts on "ready".
    return adopt(vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, `NEAR: ${id}`, vscode.ViewColumn.Active, webviewOptions(context.extensionUri)), id);
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('nearLens.openAccountPanel', async (arg?: unknown) => {
      const id =
        accountIdFromArgument(arg) ??
        (
          await vscode.window.showInputBox({
            title: 'Open Balance Panel',
            prompt: 'NEAR account id',
            placeHolder: 'alice.near',
            ignoreFocusOut: true,
            validateInput: (v) => {
              const r = accountIdError(v.trim());
              return r === undefined ? undefined : `Not a valid account id: ${r}.`;
            },
          })
        )?.trim();
      if (id !== undefined) await open(id);
      return undefined;
    }),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        // The state comes from the webview: check it like any other input.
        const id = isPanelState(state) ? state.accountId : undefined;
        if (id === undefined || accountIdError(id) !== undefined || panels.has(id)) panel.dispose();
        else adopt(panel, id);
      },
    }),
    { dispose: () => [...panels.values()].forEach((p) => p.panel.dispose()) },
  );

  return {
    open,
    panels,
    lastPosted: (id) => panels.get(id)?.last,
    waitForPost: (id, type, timeoutMs = 10_000) =>
      new Promise<HostMessage>((resolve, reject) => {
        const p = panels.get(id);
        if (!p) return reject(new Error(`no panel for ${id}`));
        if (p.last?.type === type) return resolve(p.last);
        const timer = setTimeout(() => {
          sub.dispose();
          reject(new Error(`no "${type}" message for ${id} within ${timeoutMs} ms`));
        }, timeoutMs);
        const sub = p.onDidPost((m) => {
          if (m.type !== type) return;
          clearTimeout(timer);
          sub.dispose();
          resolve(m);
        });
      }),
  };
}

// The balance panel: one webview per account, strict CSP, typed guarded messages, ready handshake, revived by a serializer. The webview gets pre-formatted data only, never the key.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { AccountFull, IndexerStatus } from '../core/account';
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
  private ready = false;
  private loading = false;
  private error: string | undefined;
  private loaded: Loaded | undefined;
  private model: PanelViewModel | undefined;
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly posted = new vscode.EventEmitter<HostMessage>();
  readonly onDidPost = this.posted.event;
  last: HostMessage | undefined;
  current: Promise<void> = Promise.resolve();

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly accountId: string,
    private readonly services: Services,
    extensionUri: vscode.Uri,
    onDispose: () => void,
  ) {
    configureWebview(panel, extensionUri);
    panel.title = `NEAR: ${accountId}`;
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'near-lens.svg');
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
      services.onDidChange(() => this.rerender()),
      this.posted,
    );
    this.current = this.load(false);
  }

  dispose(): void {
    this.generation++;
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private receive(m: unknown): void {
    if (!isWebviewMessage(m)) {
      // Not ours or malformed: ignored. The content is not logged (it came from a page, could be anything).
      this.services.log.warn(`balance panel: ignored an unexpected message from the webview of ${this.accountId}`);
      return;
    }
    if (m.type === 'ready') {
      // Also after every reload of the webview (hidden and shown again): post the current picture.
      this.ready = true;
      if (this.model) this.post({ type: 'account', data: this.model });
      if (this.loading) this.post({ type: 'loading', accountId: this.accountId });
      else if (this.error !== undefined) this.post({ type: 'error', message: this.error });
    } else {
      this.current = this.load(true);
    }
  }

  private post(m: HostMessage): void {
    if (!this.ready) return;
    this.last = m;
    void this.panel.webview.postMessage(m);
    this.posted.fire(m);
  }

  private settings(): Pick<PanelInput, 'decimals' | 'liquidStakingProviders' | 'nftPublisher'> {
    const s = this.services.settings;
    return { decimals: s.decimals, liquidStakingProviders: s.liquidStakingProviders, nftPublisher: s.nftPublisher };
  }

  private rerender(): void {
    if (!this.loaded) return;
    this.model = buildPanelModel({ ...this.loaded, ...this.settings(), staleError: this.error });
    this.post({ type: 'account', data: this.model });
  }

  /** /full, then token metadata, pool balances and indexer status side by side; each of those may fail alone. */
  async load(fresh: boolean): Promise<void> {
    const gen = ++this.generation;
    this.loading = true;
    this.post({ type: 'loading', accountId: this.accountId });
    try {
      const { client, network } = this.services.clientForAccount(this.accountId);
      const full: AccountFull = await client.full(this.accountId, { fresh });
      const run = createLimiter(LOOKUP_CONCURRENCY);
      const meta = new Map<string, Slot<FtMetadata>>();
      const pools = new Map<string, Slot<PoolBalance>>();
      let status: Slot<IndexerStatus> | undefined;
      const now = (): number => Date.now();
      await Promise.allSettled([
        ...[...new Set(full.tokens.map((t) => t.contractId))].map((c) =>
          run(async () => {
            try {
              meta.set(c, slotLoaded(await client.ftMetadata(c), now()));
            } catch (e) {
              meta.set(c, slotFailed(undefined, this.note(`ft_metadata of ${c}`, e)));
            }
          }),
        ),
        ...(full.state === null ? [] : full.pools).map((p) =>
          run(async () => {
            try {
              const [staked, unstaked] = await Promise.all([
                client.stakedBalance(p.poolId, this.accountId, { fresh }),
                client.unstakedBalance(p.poolId, this.accountId, { fresh }),
              ]);
              pools.set(p.poolId, slotLoaded({ staked, unstaked }, now()));
            } catch (e) {
              pools.set(p.poolId, slotFailed(undefined, this.note(`pool ${p.poolId}`, e)));
            }
          }),
        ),
        (async () => {
          try {
            status = slotLoaded(await client.status({ fresh }), now());
          } catch (e) {
            status = slotFailed(undefined, this.note('indexer status', e));
          }
        })(),
      ]);
      if (gen !== this.generation) return;
      this.loaded = { accountId: this.accountId, network, full, fetchedAt: now(), ftMeta: (c) => meta.get(c), pools, status };
      this.loading = false;
      this.error = undefined;
      this.model = buildPanelModel({ ...this.loaded, ...this.settings() });
      this.post({ type: 'account', data: this.model });
    } catch (e) {
      if (gen !== this.generation) return;
      this.loading = false;
      this.error = this.note('account', e);
      // Keep the last good figures: the webview keeps showing them under the error banner.
      if (this.loaded) this.model = buildPanelModel({ ...this.loaded, ...this.settings(), staleError: this.error });
      this.post({ type: 'error', message: this.error });
    }
  }

  private note(what: string, e: unknown): string {
    this.services.log.warn(`balance panel: ${what} of ${this.accountId} failed: ${NearLensError.is(e) ? `${e.kind}: ${e.message}` : 'unexpected error'}`);
    return errorMessage(e);
  }
}

/** Options and HTML of a new or revived panel (a revived panel's options are reset to ours, never trusted from before). */
function configureWebview(panel: vscode.WebviewPanel, extensionUri: vscode.Uri): void {
  panel.webview.options = webviewOptions(extensionUri);
  const dist = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  panel.webview.html = panelHtml({
    cspSource: panel.webview.cspSource,
    nonce: randomBytes(16).toString('base64'),
    scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.js')).toString(),
    styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.css')).toString(),
  });
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

  const adopt = (panel: vscode.WebviewPanel, id: string): AccountPanel => {
    const p = new AccountPanel(panel, id, services, context.extensionUri, () => {
      if (panels.get(id) === p) panels.delete(id);
    });
    panels.set(id, p);
    return p;
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
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, `NEAR: ${id}`, vscode.ViewColumn.Active, webviewOptions(context.extensionUri));
    return adopt(panel, id);
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('nearLens.openAccountPanel', async (arg?: unknown) => {
      let id = accountIdFromArgument(arg);
      if (id === undefined) {
        id = await vscode.window.showInputBox({
          title: 'Open Balance Panel',
          prompt: 'NEAR account id',
          placeHolder: 'alice.near',
          ignoreFocusOut: true,
          validateInput: (v) => {
            const r = accountIdError(v.trim());
            return r === undefined ? undefined : `Not a valid account id: ${r}.`;
          },
        });
        if (id === undefined) return undefined;
        id = id.trim();
      }
      await open(id);
      return undefined;
    }),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        // The state comes from the webview: check it like any other input.
        const id = isPanelState(state) ? state.accountId : undefined;
        if (id === undefined || accountIdError(id) !== undefined || panels.has(id)) {
          panel.dispose();
          return;
        }
        adopt(panel, id);
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
        if (!p) {
          reject(new Error(`no panel for ${id}`));
          return;
        }
        if (p.last?.type === type) {
          resolve(p.last);
          return;
        }
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

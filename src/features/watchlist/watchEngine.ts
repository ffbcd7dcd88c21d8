// What changed on watched accounts: a snapshot per account kept in the Memento of the scope that lists it
// (workspace state for workspace-listed accounts, global state for the user's), compared on each complete, fresh
// load, and a watched contract's activity (failed calls, watched methods, events) read beside each /full; the tree's
// description, decoration and Changes node; the view's badge; alerts said once per change or group; Mark as Seen.
// Made with the first account load (watchHooks.ts).
import vscode = require('vscode');
import { COMMANDS, SECTION, WATCH_SNAPSHOTS_KEY } from '../../manifest';
import { accountIdError } from '../../near/ids';
import { scaleUp } from '../../near/units';
import { invalidInput } from '../../base/errors';
import type { AccountFull } from '../../near/account';
import type { AccessKeyInfo, NearClient, ViewAccount } from '../../client/client';
import { withChanges } from './model/changesNodes';
import type { ChangesView } from './model/changesNodes';
import type { AccountEntry, WatchNode } from './model/watchlistNodes';
import { alertsFor, DEFAULT_ALERTS } from './model/changeText';
import type { Alert, AlertSettings } from './model/changeText';
import { carriedSnapshotOf, changeId, diffSnapshots, holdsContract, keysReadNeeded, snapshotOf } from './model/snapshot';
import type { Change, Snapshot } from './model/snapshot';
import { changesOf, unchangedSince, watchedRecord } from './model/store';
import type { Watched } from './model/store';
import { accountIdFromArgument } from '../../ui/accountArgs';
import { readInTurn, writeInTurn } from '../../platform/mementoInTurn';
import type { Services } from '../../platform/services';
import { activityRequest, planActivity } from './model/activityCursor';
import type { ActivityCursor } from './model/activityCursor';
import { EMPTY_ACTIVITY } from './model/activity';
import { applyActivity, EMPTY_STATE, hasActivity, readActivity, seenActivity, withSaid } from './model/activityRead';
import type { ActivityState } from './model/activityRead';
import { activityEntries, activityNotices, nsTime } from './model/activityView';
import type { ActivityEntry, ActivityNotice } from './model/activityView';

/** The failures feature's command: where in the workspace a failed receipt's panic comes from (`show: false`: no UI). */
const SHOW_FAILURE_IN_CODE = COMMANDS.showFailureInCode;
const formatNs = nsTime((ms) => new Date(ms).toLocaleString());

/** The Memento key (both scopes) of the snapshots: `{ "<network>|<id>": Watched }`. */
export const SNAPSHOTS_KEY = WATCH_SNAPSHOTS_KEY;
/** Files of the decoration's URIs: one per changed account. */
export const DECORATION_SCHEME = 'near-lens-watch';

interface Read {
  view: ViewAccount;
  keys: AccessKeyInfo[];
  /** A contract's first activity cursor, read here when the stored snapshot did not know it holds one. */
  activity?: ActivityCursor;
}

export interface WatchedChanges {
  accountId: string;
  network: string;
  since: { blockHeight?: number; time: string };
  /** Changes of state, then what a watched contract's incoming calls showed (docs/API.md). */
  changes: Array<Change | ActivityEntry>;
}

export interface EngineHost {
  context: vscode.ExtensionContext;
  services: Services;
  view: vscode.TreeView<WatchNode>;
  /** Re-renders every account (after Mark as Seen). */
  rerender(): void;
  /** Reveals an account's Changes node, expanded. */
  showChanges(accountId: string): Promise<void>;
}

/** Where the `watchlist` setting has values (its inspect). */
type Listed = { globalValue?: unknown[]; workspaceValue?: unknown[]; workspaceFolderValue?: unknown[] } | undefined;

const isRead = (r: unknown): r is Read => typeof r === 'object' && r !== null && 'view' in r && 'keys' in r;
/** What `read` answers when the last snapshot's code hash and keys still hold (storage unchanged, read recently). */
const CARRY = { carry: true } as const;

export class WatchEngine implements vscode.Disposable, vscode.FileDecorationProvider {
  readonly #host: EngineHost;
  readonly #subs: vscode.Disposable[] = [];
  readonly #decorations = new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.#decorations.event;
  /** Screen-reader sentences of the nodes built last, by node id. */
  readonly #sentences = new Map<string, string>();
  /** The transactions since each changed account's snapshot, by `<network>|<id>` (a network with a transactions API). */
  readonly #txs = new Map<string, { from: number | undefined; what: string; got: ChangesView['transactions'] }>();
  /** The client each account was last read with. */
  readonly #clients = new Map<string, NearClient>();
  /** The accounts' network names as last loaded (the key of their snapshots). */
  readonly #networks = new Map<string, string>();
  /** Activity reads in flight, by `<network>|<id>`: one at a time, so that no row is read twice. */
  readonly #reading = new Map<string, Promise<void>>();
  /** Why each account's last activity read failed (cleared by the next that succeeds). */
  readonly #activityErrors = new Map<string, string>();

  constructor(host: EngineHost) {
    this.#host = host;
    this.#subs.push(this.#decorations, vscode.window.registerFileDecorationProvider(this));
    this.updateBadge();
  }

  dispose(): void {
    for (const d of this.#subs) d.dispose();
  }

  // ------------------------------------------------------------ storage

  /** Workspace state for an account listed only by the workspace, else global state (the user's list). */
  #memento(accountId: string, info = this.#listedIn()): vscode.Memento {
    const has = (l: unknown[] | undefined): boolean => Array.isArray(l) && l.some((x) => typeof x === 'string' && x.trim() === accountId);
    const workspaceOnly = !has(info?.globalValue) && (has(info?.workspaceValue) || has(info?.workspaceFolderValue));
    return workspaceOnly ? this.#host.context.workspaceState : this.#host.context.globalState;
  }

  /** Where the watchlist setting lists accounts: read once for many accounts (see changes()). */
  #listedIn(): Listed {
    return vscode.workspace.getConfiguration(SECTION).inspect<unknown[]>('watchlist');
  }

  /** Parsed once per stored value (watchedRecord): the badge and decorations read every account after each load. */
  #all(m: vscode.Memento): Readonly<Record<string, Watched>> {
    return watchedRecord(readInTurn<unknown>(m, SNAPSHOTS_KEY));
  }

  #get(network: string, accountId: string, info = this.#listedIn()): Watched | undefined {
    return this.#all(this.#memento(accountId, info))[`${network}|${accountId}`];
  }

  /**
   * Stored in turn (see mementoInTurn.ts): read back at once, never replaced by the echo of an older write. `w` must
   * be read in the same turn as this call (nothing awaited in between), so that it holds every field written before.
   */
  #put(network: string, accountId: string, w: Watched): Promise<void> {
    const m = this.#memento(accountId);
    return writeInTurn(m, SNAPSHOTS_KEY, { ...this.#all(m), [`${network}|${accountId}`]: w });
  }

  /** A write nobody waits for: its failure goes to the log. */
  #keep(write: Promise<void>): void {
    write.catch((e: unknown) => this.#host.services.log.warn(`watchlist: the snapshot could not be stored: ${e instanceof Error ? e.message : String(e)}`));
  }

  #networkOf(accountId: string): string | undefined {
    const known = this.#networks.get(accountId);
    if (known !== undefined) return known;
    try {
      return this.#host.services.clientForAccount(accountId).network;
    } catch {
      return undefined; // an unusable custom network
    }
  }

  // ------------------------------------------------------------ reads

  /**
   * The code hash and keys beside /full: two RPC reads (cached as the client caches them unless `fresh`), only when
   * keysReadNeeded says so — else the last snapshot's are carried over (CARRY) and the refresh costs /full alone.
   */
  async read(accountId: string, network: string, full: AccountFull, client: NearClient, fresh: boolean): Promise<unknown> {
    this.#clients.set(accountId, client);
    const w = this.#get(network, accountId);
    if (!keysReadNeeded(w?.latest ?? w?.seen, full, Date.now())) return CARRY;
    try {
      const [view, keys] = await Promise.all([
        client.rpc.viewAccount(accountId, undefined, { fresh }),
        client.rpc.viewAccessKeyList(accountId, undefined, { fresh }),
      ]);
      const known = w !== undefined && (w.activity?.cursor !== undefined || holdsContract(w.latest ?? w.seen));
      const activity = view.result.hasCode && !known ? await this.#firstCursor(accountId, client) : undefined;
      return { view: view.result, keys: keys.result, ...(activity && { activity }) } satisfies Read;
    } catch (e) {
      return { error: e };
    }
  }

  /**
   * A contract's first activity read, once view_account shows code the stored snapshot did not know of (the first
   * load, a first deploy): where reading starts, nothing reported. Later reads go beside /full (beside()).
   */
  async #firstCursor(accountId: string, client: NearClient): Promise<ActivityCursor | undefined> {
    if (!client.transactions.hasTransactionsApi) return undefined;
    try {
      const plan = planActivity(undefined, await client.transactions.accountTransactions(activityRequest(accountId, undefined), { fresh: true }));
      return plan.kind === 'first-load' ? plan.cursor : undefined;
    } catch (e) {
      this.#host.services.log.warn(`watchlist: the activity of ${accountId} could not be read: ${e instanceof Error ? e.message : String(e)}`);
      return undefined; // the next refresh reads it beside /full
    }
  }

  /**
   * Beside a load's /full, in its slot of the refresh limiter: a watched contract's calls since the last one read (a
   * contract the stored snapshot knows, on a network with a transactions API; anything else costs nothing). Side by
   * side with /full rather than after it, so that a refresh with nothing new takes the time of one without activity.
   * Never rejects.
   */
  async beside(accountId: string, network: string, client: NearClient): Promise<void> {
    try {
      this.#clients.set(accountId, client);
      const w = this.#get(network, accountId);
      if (!w || !holdsContract(w.latest ?? w.seen) || !client.transactions.hasTransactionsApi) return;
      await this.#activity(network, accountId, client);
    } catch (e) {
      this.#host.services.log.warn(`watchlist: the activity of ${accountId}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** One activity read of an account at a time: a second caller waits for the one in flight. */
  #activity(network: string, id: string, client: NearClient): Promise<void> {
    const key = `${network}|${id}`;
    const running = this.#reading.get(key);
    if (running) return running;
    const p = this.#readActivity(network, id, client).finally(() => this.#reading.delete(key));
    this.#reading.set(key, p);
    return p;
  }

  async #readActivity(network: string, id: string, client: NearClient): Promise<void> {
    const key = `${network}|${id}`;
    const step = await readActivity(client, id, this.#get(network, id)?.activity?.cursor, this.#host.services.settings.watchlistActivity, Date.now());
    if (step.kind === 'retry') {
      // Never "no activity": the cursor stays and the next refresh asks again from the same row.
      if (step.error !== undefined) this.#activityErrors.set(key, step.error);
      this.#host.services.log.warn(`watchlist: the activity of ${id} is read again next refresh (${step.error ?? `a record ${step.reason}`})`);
      return;
    }
    this.#activityErrors.delete(key);
    // Read, applied and written in one turn: nothing written meanwhile is lost.
    const w = this.#get(network, id);
    const next = w && applyActivity(w.activity, step);
    if (!w || !next) return;
    const said = step.kind === 'read' ? activityNotices(id, step.report, new Set(w.alerted), formatNs) : undefined;
    // Recorded before it is said: a group is never said twice, even if the window closes now.
    this.#keep(this.#put(network, id, { ...w, activity: next, alerted: said ? withSaid(w.alerted, said.said) : w.alerted }));
    if (step.kind !== 'read') return;
    this.updateBadge();
    this.#decorations.fire(decorationUri(id));
    for (const n of said?.notices ?? []) void this.#sayActivity(network, id, n);
    if (said?.summary !== undefined) void this.#sayActivity(network, id, said.summary);
  }

  /** A complete, fresh load: the first one is the snapshot; later ones are compared with it. */
  loaded(e: AccountEntry, read: unknown): void {
    const full = e.full.data;
    if (!full || e.full.status !== 'ok') return;
    const id = e.accountId;
    this.#networks.set(id, e.network);
    // A missing account has no code or keys to read; otherwise both RPC reads must have answered (no partial read).
    // A carried read (CARRY) takes the last snapshot's code hash and keys: only while its storage is still /full's.
    const w = this.#get(e.network, id);
    const last = w?.latest ?? w?.seen;
    let snap: Snapshot;
    if (full.state === null) snap = snapshotOf(full, null, [], Date.now());
    else if (isRead(read)) snap = snapshotOf(full, read.view, read.keys, Date.now());
    else if (read === CARRY && last && !keysReadNeeded(last, full, Date.now(), Infinity)) snap = carriedSnapshotOf(full, last, Date.now());
    else return;
    // A first activity cursor (read()) is stored with the snapshot; one stored already is never replaced.
    const cursor = isRead(read) ? read.activity : undefined;
    const activity: ActivityState | undefined = cursor && w?.activity?.cursor === undefined ? { ...(w?.activity ?? EMPTY_STATE), cursor } : w?.activity;
    if (!w) {
      this.#keep(this.#put(e.network, id, { seen: snap, alerted: [], ...(activity && { activity }) }));
      return;
    }
    const changes = diffSnapshots(w.seen, snap);
    const alerts = alertsFor(id, changes, w.seen, snap, this.#alertSettings()).filter((a) => !w.alerted.includes(a.id));
    // Nothing new since the last stored read: nothing to write, the badge and decoration as they are (unchangedSince).
    if (alerts.length > 0 || !unchangedSince(last, snap, read === CARRY) || activity !== w.activity) {
      // Recorded before it is said: an alert is never said twice, even if the window closes now.
      this.#keep(this.#put(e.network, id, { ...w, latest: snap, alerted: [...w.alerted, ...alerts.map((a) => a.id)], ...(activity && { activity }) }));
      this.updateBadge();
      this.#decorations.fire(decorationUri(id));
    }
    for (const a of alerts) void this.#say(id, a);
    if (changes.length > 0) void this.#transactions(e.network, id, w.seen.blockHeight, changes.map(changeId).join('\n'));
  }

  /**
   * The account's transactions since the snapshot's block, the likely causes of its changes: one request to the
   * transactions API (on a network that has one), once per snapshot block and set of changes (a read that carried its
   * keys over has the same block: a new change, or a failed request, asks again); the Changes node shows them when they come.
   */
  async #transactions(network: string, id: string, from: number | undefined, what: string): Promise<void> {
    const client = this.#clients.get(id);
    const key = `${network}|${id}`;
    const had = this.#txs.get(key);
    const failed = had?.got !== undefined && 'error' in had.got;
    if (!client?.transactions.hasTransactionsApi || from === undefined || (had && had.from === from && had.what === what && !failed)) return;
    this.#txs.set(key, { from, what, got: undefined });
    let got: ChangesView['transactions'];
    try {
      const page = await client.transactions.accountTransactions({ accountId: id, limit: 20, fromBlockHeight: String(from) });
      got = {
        rows: page.rows.map((r) => ({
          hash: r.hash,
          blockHeight: r.blockHeight,
          line: `${r.isSuccess ? '✓' : '✗'} ${r.isSigner ? 'sent by it' : 'received'}${r.isFunctionCall ? ' · function call' : ''}`,
        })),
        more: page.resumeToken !== undefined,
      };
    } catch (e) {
      got = { error: e instanceof Error ? e.message : String(e) };
    }
    if (this.#txs.get(key)?.from !== from) return;
    this.#txs.set(key, { from, what, got });
    this.#host.rerender();
  }

  #alertSettings(): AlertSettings {
    const c = vscode.workspace.getConfiguration(`${SECTION}.watchlist`);
    const on = c.get<Record<string, unknown>>('alerts') ?? {};
    const flag = (k: keyof typeof DEFAULT_ALERTS): boolean => (typeof on[k] === 'boolean' ? (on[k] as boolean) : DEFAULT_ALERTS[k]);
    let storageNear = 5n * 10n ** 23n;
    const near = c.get<unknown>('storageAlertNear');
    if (typeof near === 'number' && Number.isFinite(near) && near >= 0) {
      try {
        storageNear = scaleUp(String(near), 24); // exact, with big.js
      } catch {
        // more than 24 decimal places: keep the default
      }
    }
    return { keys: flag('keys'), code: flag('code'), storage: flag('storage'), balance: flag('balance'), storageNear };
  }

  async #say(accountId: string, a: Alert): Promise<void> {
    const show = a.kind === 'keys' || a.kind === 'code' || a.kind === 'storage' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const pick = await show(a.message, 'Show Changes', 'Open Balance Panel', 'Mark as Seen');
    if (pick === 'Show Changes') await this.#host.showChanges(accountId);
    else if (pick === 'Open Balance Panel') await vscode.commands.executeCommand(COMMANDS.openAccountPanel, accountId);
    else if (pick === 'Mark as Seen') await this.markSeen(accountId);
  }

  /**
   * One activity notification (or the line counting what the caps dropped): Open Transaction with the group's newest
   * transaction, Go to Line when the failures feature finds its panic in the workspace (asked without UI first; when
   * it cannot say, there is no button and the alert is said all the same).
   */
  async #sayActivity(network: string, accountId: string, n: ActivityNotice | string): Promise<void> {
    const group = typeof n === 'string' ? undefined : n.group;
    const hash = group?.transactions[0];
    let source = false;
    if (group?.kind === 'failed-calls' && hash !== undefined) {
      try {
        source = (await vscode.commands.executeCommand<unknown>(SHOW_FAILURE_IN_CODE, { hash, network, show: false })) != null;
      } catch {
        source = false;
      }
    }
    const text = typeof n === 'string' ? n : n.text;
    const show = typeof n !== 'string' && n.level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const buttons = ['Show Changes', ...(hash === undefined ? [] : ['Open Transaction']), ...(source ? ['Go to Line'] : []), 'Mark as Seen'];
    const pick = await show(text, ...buttons);
    if (pick === 'Show Changes') await this.#host.showChanges(accountId);
    else if (pick === 'Open Transaction') await vscode.commands.executeCommand(COMMANDS.lookupTransaction, { hash, network });
    else if (pick === 'Go to Line') await vscode.commands.executeCommand(SHOW_FAILURE_IN_CODE, { hash, network, show: true });
    else if (pick === 'Mark as Seen') await this.markSeen(accountId);
  }

  // ------------------------------------------------------------ what is shown

  /** Every watched account with a snapshot, and its changes since (none: `changes: []`). */
  changes(): WatchedChanges[] {
    const out: WatchedChanges[] = [];
    const info = this.#listedIn();
    for (const id of this.#host.services.settings.watchlist) {
      const network = this.#networkOf(id);
      const w = network === undefined ? undefined : this.#get(network, id, info);
      if (!w || network === undefined) continue;
      const since = { ...(w.seen.blockHeight === undefined ? {} : { blockHeight: w.seen.blockHeight }), time: new Date(w.seen.time).toISOString() };
      out.push({ accountId: id, network, since, changes: [...changesOf(w), ...activityEntries(w.activity?.report)] });
    }
    return out;
  }

  /** Whether the account's network has a transactions API (as its client is now: settings may have changed). */
  #hasTxApi(accountId: string): boolean {
    try {
      return this.#host.services.clientForAccount(accountId).client.transactions.hasTransactionsApi;
    } catch {
      return false; // an unusable custom network
    }
  }

  #view(e: AccountEntry): ChangesView | undefined {
    const w = this.#get(e.network, e.accountId);
    if (!w || (!w.latest && !hasActivity(w.activity))) return undefined;
    const latest = w.latest ?? w.seen;
    const key = `${e.network}|${e.accountId}`;
    const error = this.#activityErrors.get(key);
    const activity = holdsContract(latest)
      ? {
          report: w.activity?.report ?? EMPTY_ACTIVITY,
          unread: w.activity?.unread ?? EMPTY_STATE.unread,
          ...(this.#hasTxApi(e.accountId) ? error !== undefined && { error } : { noTxApi: true }),
        }
      : undefined;
    return {
      since: { time: w.seen.time, ...(w.seen.blockHeight === undefined ? {} : { blockHeight: w.seen.blockHeight }) },
      // A carried read's block is its keys' read, before its state: no upper bound of "changed between blocks" then.
      now: { time: latest.time, ...(latest.blockHeight === undefined || latest.keysTime !== undefined ? {} : { blockHeight: latest.blockHeight }) },
      changes: changesOf(w),
      ...(activity && { activity }),
      ...(this.#txs.get(`${e.network}|${e.accountId}`)?.got ? { transactions: this.#txs.get(`${e.network}|${e.accountId}`)!.got } : {}),
    };
  }

  augment(e: AccountEntry, node: WatchNode): WatchNode {
    if (e.invalid !== undefined) return node;
    this.#networks.set(e.accountId, e.network);
    const v = this.#view(e);
    if (!v) return node;
    const decimals = this.#host.services.settings.decimals;
    return withChanges(node, v, { decimals, formatTime: (ms) => new Date(ms).toLocaleString() }, this.#sentences);
  }

  item(node: WatchNode, item: vscode.TreeItem): void {
    const sentence = this.#sentences.get(node.id);
    if (node.kind === 'account' && node.contextValue.endsWith('.changed')) item.resourceUri = decorationUri(node.accountId);
    if (sentence !== undefined && (node.id.startsWith(`${node.accountId}/changes`) || (node.kind === 'account' && node.contextValue.endsWith('.changed'))))
      item.accessibilityInformation = { label: sentence, role: 'treeitem' };
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== DECORATION_SCHEME) return undefined;
    const id = decodeURIComponent(uri.path.slice(1));
    const c = this.changes().find((x) => x.accountId === id);
    if (!c || c.changes.length === 0) return undefined;
    const serious = c.changes.some(
      (x) =>
        (x.kind === 'keyAdded' && 'permission' in x && x.permission === 'FullAccess') ||
        x.kind === 'code' ||
        x.kind === 'failed-calls' ||
        x.kind === 'method-called',
    );
    // No tooltip: VS Code appends a decoration's tooltip to the item's own, which already says since when it changed.
    return new vscode.FileDecoration('Δ', undefined, new vscode.ThemeColor(serious ? 'list.warningForeground' : 'list.highlightForeground'));
  }

  /** The view's badge: how many watched accounts have changes the user has not marked seen. */
  updateBadge(): void {
    const n = this.changes().filter((c) => c.changes.length > 0).length;
    this.#host.view.badge = n > 0 ? { value: n, tooltip: `${n} watched account${n === 1 ? '' : 's'} changed since you last looked` } : undefined;
  }

  /** Mark as Seen: the newest read becomes the snapshot (one account, or all); resolves with the ids renewed. */
  async markSeen(accountId?: string): Promise<string[]> {
    const ids = accountId === undefined ? this.#host.services.settings.watchlist : [accountId];
    const done: string[] = [];
    for (const id of ids) {
      const network = this.#networkOf(id);
      const w = network === undefined ? undefined : this.#get(network, id);
      if (!w || network === undefined || (!w.latest && !hasActivity(w.activity))) continue;
      const latest = w.latest ?? w.seen;
      // Lists a partial read could not know stay as they were seen.
      const seen: Snapshot = {
        ...latest,
        tokens: latest.tokens ?? w.seen.tokens,
        nfts: latest.nfts ?? w.seen.nfts,
        pools: latest.pools ?? w.seen.pools,
      };
      // The activity's cursor stays (what was read is not read again); what it noticed is cleared with the rest.
      const activity = seenActivity(w.activity);
      await this.#put(network, id, { seen, alerted: [], ...(activity && { activity }) });
      this.#txs.delete(`${network}|${id}`);
      done.push(id);
      this.#decorations.fire(decorationUri(id));
    }
    this.updateBadge();
    this.#host.rerender();
    return done;
  }

  /** The commands' handlers: `nearLens.watchlist.changes` and `nearLens.watchlist.markSeen`. */
  handlers(): Record<string, (arg?: unknown) => unknown> {
    return {
      [COMMANDS.watchlistChanges]: async (arg?: unknown) => {
        const a = arg as { show?: unknown } | undefined;
        if (a !== undefined && (typeof a !== 'object' || a === null || (a.show !== undefined && typeof a.show !== 'boolean')))
          throw invalidInput('nearLens.watchlist.changes takes { show?: boolean }.');
        const list = this.changes();
        const first = list.find((c) => c.changes.length > 0);
        if (a?.show !== false) {
          if (first) await this.#host.showChanges(first.accountId);
          else void vscode.window.showInformationMessage('No watched account changed since you last looked.');
        }
        return list;
      },
      [COMMANDS.watchlistMarkSeen]: (arg?: unknown) => {
        if (arg === undefined || (typeof arg === 'object' && arg !== null && (arg as { accountId?: unknown }).accountId === undefined)) return this.markSeen();
        const id = accountIdFromArgument(arg);
        const why = id === undefined ? 'nearLens.watchlist.markSeen takes { accountId?: string }.' : accountIdError(id);
        if (why !== undefined || id === undefined) throw invalidInput(why ?? 'nearLens.watchlist.markSeen takes { accountId?: string }.');
        return this.markSeen(id);
      },
      [COMMANDS.watchlistMarkAllSeen]: () => this.markSeen(),
      [COMMANDS.watchlistShowChanges]: (arg?: unknown) => this.#host.showChanges(accountIdFromArgument(arg) ?? ''),
    };
  }
}

export const decorationUri = (accountId: string): vscode.Uri => vscode.Uri.from({ scheme: DECORATION_SCHEME, path: `/${encodeURIComponent(accountId)}` });

/** The engine of the watchlist's provider and view, disposed with the extension. */
export function createWatchEngine(
  context: vscode.ExtensionContext,
  services: Services,
  provider: { reset(): void; getChildren(n?: WatchNode): WatchNode[] },
  view: vscode.TreeView<WatchNode>,
): WatchEngine {
  const showChanges = async (id: string): Promise<void> => {
    const account = provider.getChildren().find((n) => n.accountId === id);
    const changes = account && provider.getChildren(account).find((n) => n.id === `${id}/changes`);
    if (changes) await view.reveal(changes, { select: true, focus: true, expand: true });
    else if (account) await view.reveal(account, { select: true, focus: true });
  };
  const engine = new WatchEngine({ context, services, view, rerender: () => provider.reset(), showChanges });
  context.subscriptions.push(engine);
  return engine;
}

// The pieces every watchlist node is made of: the node types, the node and group builders, and the keep-last-good
// lines (loading, failed, refreshing, stale). Pure: no `vscode`, no I/O.
import { ITEM_CONTEXT } from '../../../manifest';
import type { AccountFull } from '../../../near/account';
import type { AccessKeyInfo, FtMetadata, ViewAccount } from '../../../client/client';
import { sanitizeText } from '../../../base/text';
import { formatHeight } from '../../../ui/slots';
import type { PoolBalance, Slot } from '../../../ui/slots';

/** The kinds of node of the tree; 'transactions' and 'tx' are the transactions feature's (its Transactions node and rows). */
export type NodeKind =
  'account' | 'group' | 'field' | 'token' | 'publisher' | 'nft' | 'pool' | 'key' | 'loading' | 'error' | 'missing' | 'info' | 'transactions' | 'tx';

/** Which lazy load expanding a group starts (metadata, RPC view_account + keys, pool balances). */
export type LazyGroup = 'tokens' | 'contract' | 'pools';

/** One tree node. `id` is unique in the whole tree and stable across rebuilds (VS Code keeps expansion by id). */
export interface WatchNode {
  id: string;
  kind: NodeKind;
  accountId: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon?: string; // codicon id
  iconColor?: string; // theme colour id
  collapsible: 'none' | 'collapsed';
  contextValue: string; // `nearLens.<kind>`; menus match /^nearLens\.account/ for account items only
  lazy?: LazyGroup;
  /** What a screen reader says for it, when watchlistA11y.ts's sentence for its kind does not fit. */
  a11y?: string;
  children: WatchNode[];
}

export interface ContractInfo {
  view: ViewAccount;
  keys: AccessKeyInfo[];
  /** The contract's methods, standards and source (built by the contracts feature). */
  methods?: WatchNode[];
}

/** Everything known about one watched account. */
export interface AccountEntry {
  accountId: string;
  network: string; // 'mainnet' | 'testnet' | 'custom' (a key, not shown)
  /** The network as the user reads it ("local · 127.0.0.1:3031"); `network` when absent. */
  networkName?: string;
  invalid?: string; // why the id cannot be looked up (hand-edited setting); nothing is fetched
  full: Slot<AccountFull>;
  contract: Slot<ContractInfo>;
  pools: ReadonlyMap<string, Slot<PoolBalance>>;
}

export interface ModelOptions {
  decimals: number;
  liquidStakingProviders: readonly string[];
  nftPublisher?: string | undefined;
  ftMeta: (contractId: string) => Slot<FtMetadata> | undefined;
  /** Local time of a data timestamp; injectable for tests. */
  formatTime?: (ms: number) => string;
}

export const CONTEXT_ACCOUNT = ITEM_CONTEXT.account;

export type Extra = Partial<Omit<WatchNode, 'id' | 'kind' | 'accountId' | 'label'>>;

export const ERROR: Extra = { icon: 'error', iconColor: 'errorForeground' };
export const WARNING: Extra = { icon: 'warning', iconColor: 'list.warningForeground' };

/**
 * A node of `acc` at `${acc}/${path}` (the account item itself for path ''): a leaf with context value
 * `nearLens.<kind>` unless `x` says otherwise.
 */
export function node(acc: string, path: string, kind: NodeKind, label: string, x?: Extra): WatchNode {
  return { id: path ? `${acc}/${path}` : acc, kind, accountId: acc, label, collapsible: 'none', contextValue: `nearLens.${kind}`, children: [], ...x };
}

/** A group: collapsed when it has children or loads lazily. */
export function group(acc: string, path: string, label: string, icon: string, children: WatchNode[], x?: Extra): WatchNode {
  return node(acc, path, 'group', label, { icon, children, collapsible: children.length > 0 || x?.lazy ? 'collapsed' : 'none', ...x });
}

/** Non-empty lines of a tooltip. */
export const lines = (...parts: Array<string | false | undefined>): string => parts.filter(Boolean).join('\n');

export const errorNode = (acc: string, path: string, message: string, x: Extra = ERROR): WatchNode => {
  const text = sanitizeText(message, 300);
  return node(acc, path, 'error', text, { tooltip: text, ...x });
};

// Keep-last-good, shared by the account, its contract and its pools.
export const failure = (s: Slot<unknown>): string => s.error || 'unknown error';

/** What a slot without data shows: its failure, or Loading…, at `${prefix}error` / `${prefix}loading`. */
export const pending = (acc: string, prefix: string, s: Slot<unknown>): WatchNode =>
  s.status === 'failed'
    ? errorNode(acc, `${prefix}error`, `Failed: ${failure(s)}`)
    : node(acc, `${prefix}loading`, 'loading', 'Loading…', { icon: 'loading~spin' });

/** The description suffix of data being reloaded or kept after a failed reload. */
export const note = (s: Slot<unknown> | undefined): string => (s?.status === 'loading' ? ' · refreshing…' : s?.status === 'failed' ? ' · refresh failed' : '');

export const when = (o: ModelOptions, ms: number): string => (o.formatTime ?? ((t) => new Date(t).toLocaleTimeString()))(ms);

/** The "old figures plus an error line" of keep-last-good: only when a refresh failed and old data is shown. */
export function staleLine(acc: string, path: string, s: Slot<unknown>, o: ModelOptions): WatchNode[] {
  if (s.status !== 'failed' || s.data === undefined) return [];
  return [
    errorNode(acc, path, `Refresh failed: ${failure(s)}`, {
      ...WARNING,
      description: s.updatedAt === undefined ? undefined : `showing data from ${when(o, s.updatedAt)}`,
    }),
  ];
}

export const updated = (height: number | null | undefined): string => `Last update: block ${formatHeight(height)}`;

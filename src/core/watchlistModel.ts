// The watchlist's node tree built from normalised account data and load slots (keep-last-good). Pure: no `vscode`, no I/O; the feature maps nodes to TreeItems.
import { formatNear, formatYoctoExact } from './amounts';
import { filterByPublisher, publisherOf, splitLiquidStaking, VALIDATOR_LOCKED_CAVEAT } from './account';
import type { AccountFull, AccountState, FtHolding, NftCollection } from './account';
import type { AccessKeyInfo, FtMetadata, ViewAccount } from './client';
import { SECRET_REFUSED } from './errors';
import { describePool, describeToken, formatHeight, isZeroPool } from './holdings';
import { classify } from './ids';
import type { PoolBalance, Slot } from './holdings';
import { sanitizeText } from './markdown';

export type NodeKind =
  | 'account'
  | 'group'
  | 'field'
  | 'token'
  | 'publisher'
  | 'nft'
  | 'pool'
  | 'key'
  | 'loading'
  | 'error'
  | 'missing'
  | 'info';

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
  collapsible: 'none' | 'collapsed' | 'expanded';
  contextValue: string; // `nearLens.<kind>`; menus match /^nearLens\.account/ for account items only
  lazy?: LazyGroup;
  copy?: string; // exact text worth copying (amounts, hashes, keys)
  children: WatchNode[];
}

export interface ContractInfo {
  view: ViewAccount;
  keys: AccessKeyInfo[];
}

/** Everything known about one watched account. */
export interface AccountEntry {
  accountId: string;
  network: string; // 'mainnet' | 'testnet' | 'custom' (shown, not interpreted)
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

export const CONTEXT_ACCOUNT = 'nearLens.account';
export const PAST_POOLS_LABEL = 'Past pools';

type Extra = Partial<Omit<WatchNode, 'id' | 'kind' | 'accountId' | 'label'>>;

const ERROR: Extra = { icon: 'error', iconColor: 'errorForeground' };
const WARNING: Extra = { icon: 'warning', iconColor: 'list.warningForeground' };

/** A node of `acc` at `${acc}/${path}`: a leaf with context value `nearLens.<kind>` unless `x` says otherwise. */
function node(acc: string, path: string, kind: NodeKind, label: string, x?: Extra): WatchNode {
  return { id: `${acc}/${path}`, kind, accountId: acc, label, collapsible: 'none', contextValue: `nearLens.${kind}`, children: [], ...x };
}

/** A group: collapsed when it has children or loads lazily. */
function group(acc: string, path: string, label: string, icon: string, children: WatchNode[], x?: Extra): WatchNode {
  return node(acc, path, 'group', label, { icon, children, collapsible: children.length > 0 || x?.lazy ? 'collapsed' : 'none', ...x });
}

const errorNode = (acc: string, path: string, message: string, x: Extra = ERROR): WatchNode => {
  const text = sanitizeText(message, 300);
  return node(acc, path, 'error', text, { tooltip: text, ...x });
};

const loadingNode = (acc: string, path: string): WatchNode => node(acc, path, 'loading', 'Loading…', { icon: 'loading~spin' });

const when = (o: ModelOptions, ms: number): string => (o.formatTime ?? ((t) => new Date(t).toLocaleTimeString()))(ms);

/** The "old figures plus an error line" of keep-last-good: only when a refresh failed and old data is shown. */
function staleLine(acc: string, path: string, s: Slot<unknown>, o: ModelOptions): WatchNode[] {
  if (s.status !== 'failed' || s.data === undefined) return [];
  return [errorNode(acc, path, `Refresh failed: ${s.error ?? 'unknown error'}`, { ...WARNING, description: s.updatedAt === undefined ? undefined : `showing data from ${when(o, s.updatedAt)}` })];
}

/**
 * "alice.near, bob.near carol.testnet" → ids (order kept, duplicates dropped) and one message per rejected piece.
 * A secret key is never echoed back: the message says what it is without repeating it.
 */
export function parseAccountIds(text: string): { ids: string[]; errors: string[] } {
  const ids: string[] = [];
  const errors: string[] = [];
  for (const piece of String(text).split(/[\s,;]+/)) {
    if (piece === '') continue;
    const c = classify(piece);
    const shown = `"${sanitizeText(piece, 60)}"`;
    if (c.kind === 'account') {
      if (!ids.includes(c.id)) ids.push(c.id);
    } else {
      errors.push(
        c.kind === 'sensitive'
          ? `${SECRET_REFUSED} It was not added (${c.reason}).`
          : c.kind === 'public-key'
            ? `${shown} is a public key, not an account: use NEAR Lens: Look Up Public Key….`
            : `${shown}: ${c.reason}.`,
      );
    }
  }
  return { ids, errors };
}

/** The account item with its whole subtree (cheap: a few dozen nodes). */
export function buildAccountNode(e: AccountEntry, o: ModelOptions): WatchNode {
  const acc = e.accountId;
  const label = sanitizeText(acc, 80);
  const account = (x: Extra): WatchNode => ({ id: acc, kind: 'account', accountId: acc, label, contextValue: CONTEXT_ACCOUNT, copy: acc, collapsible: 'collapsed', children: [], ...x });
  if (e.invalid !== undefined) {
    return account({ ...ERROR, description: 'invalid id', tooltip: `${label}: ${e.invalid}`, children: [errorNode(acc, 'invalid', `Not a valid account id: ${e.invalid}`)] });
  }
  const { data, status } = e.full;
  if (data === undefined) {
    const msg = e.full.error ?? 'unknown error';
    return status === 'failed'
      ? account({ ...ERROR, description: 'failed', tooltip: `${label}\nFailed: ${msg}`, children: [errorNode(acc, 'error', `Failed: ${msg}`)] })
      : account({ description: 'loading…', tooltip: `${label}\nLoading…`, icon: 'account', children: [loadingNode(acc, 'loading')] });
  }
  const stale = staleLine(acc, 'error', e.full, o);
  const note = status === 'loading' ? ' · refreshing…' : status === 'failed' ? ' · refresh failed' : '';
  const st = data.state;
  if (st === null) {
    const missing = `No such account on ${e.network}`;
    return account({
      description: `no such account${note}`,
      tooltip: `${label}\n${missing}.`,
      icon: 'question',
      children: [...stale, node(acc, 'missing', 'missing', missing, { icon: 'question' })],
    });
  }
  return account({
    description: formatNear(st.total, o.decimals) + note,
    tooltip: accountTooltip(e, data, st, o),
    icon: 'account',
    children: [
      ...stale,
      stateGroup(acc, data, st, o),
      tokensGroup(acc, data.tokens, o),
      nftGroup(acc, data.nfts, o),
      contractGroup(acc, e.contract, o),
      poolsGroup(acc, data, e.pools, o),
    ],
  });
}

const activity = (data: AccountFull): string => (data.latestActivity === undefined ? 'none recorded' : `block ${formatHeight(data.latestActivity)}`);
const bytes = (st: AccountState): string => `${st.storageBytes.toLocaleString('en-US')} bytes`;

/** The hover-like plain-text summary shown as the account item's tooltip. */
export function accountTooltip(e: AccountEntry, data: AccountFull, st: AccountState, o: ModelOptions): string {
  const n = (v: typeof st.total): string => formatNear(v, o.decimals);
  const lines = [
    `${sanitizeText(e.accountId, 80)} — ${e.network}`,
    `Total owned: ${n(st.total)}`,
    `Spendable: ${n(st.spendable)}${st.spendable.lt(0) ? ' (storage pins more than the balance)' : ''}`,
    `Locked: ${n(st.locked)}`,
    `Storage: ${bytes(st)} (${n(st.pinned)} pinned)`,
    `Tokens: ${data.tokens.length} · NFT collections: ${data.nfts.length} · Pools: ${data.pools.length}`,
    `Latest activity: ${activity(data)}`,
  ];
  if (e.full.updatedAt !== undefined) lines.push(`Data from ${when(o, e.full.updatedAt)}`);
  if (e.full.status === 'failed') lines.push(`Last refresh failed: ${e.full.error ?? 'unknown error'}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------- groups

function stateGroup(acc: string, data: AccountFull, st: AccountState, o: ModelOptions): WatchNode {
  const exact = (v: typeof st.balance): string => `${formatYoctoExact(v)} NEAR`;
  const negative = st.spendable.lt(0);
  // [path, label, description, tooltip, copy, extra]
  const rows: Array<[string, string, string, string, string | undefined, Extra?]> = [
    ['balance', 'Balance', formatNear(st.balance, o.decimals), exact(st.balance), exact(st.balance)],
    ['locked', 'Locked', formatNear(st.locked, o.decimals), st.locked.gt(0) ? `${exact(st.locked)}\n${VALIDATOR_LOCKED_CAVEAT}` : exact(st.locked), exact(st.locked)],
    ['storage', 'Storage', `${bytes(st)} · ${formatNear(st.pinned, o.decimals)} pinned`, `${st.storageBytes} bytes × 10^19 yocto = ${exact(st.pinned)} pinned by storage`, String(st.storageBytes)],
    ['total', 'Total owned', formatNear(st.total, o.decimals), `${exact(st.total)} (balance + locked)`, exact(st.total)],
    [
      'spendable',
      'Spendable',
      formatNear(st.spendable, o.decimals),
      negative
        ? `${exact(st.spendable)}\nStorage pins more NEAR than the balance holds: the account cannot add storage until it receives NEAR.`
        : `${exact(st.spendable)} (balance − storage pinned)`,
      exact(st.spendable),
      negative ? WARNING : undefined,
    ],
    ['activity', 'Latest activity', activity(data), 'Highest last-update block over tokens, NFTs and pools.', data.latestActivity === undefined ? undefined : String(data.latestActivity)],
  ];
  return group(
    acc,
    'state',
    'State',
    'pulse',
    rows.map(([path, label, description, tooltip, copy, x]) => node(acc, `state/${path}`, 'field', label, { description, tooltip, copy, ...x })),
  );
}

function tokensGroup(acc: string, tokens: readonly FtHolding[], o: ModelOptions): WatchNode {
  const { liquid, other } = splitLiquidStaking(tokens, o.liquidStakingProviders);
  return group(acc, 'tokens', `Fungible tokens (${tokens.length})`, 'symbol-numeric', [...liquid.map((t) => tokenNode(acc, t, true, o)), ...other.map((t) => tokenNode(acc, t, false, o))], {
    lazy: tokens.length > 0 ? 'tokens' : undefined,
    description: liquid.length > 0 ? `${liquid.length} liquid staking` : undefined,
  });
}

function tokenNode(acc: string, t: FtHolding, liquid: boolean, o: ModelOptions): WatchNode {
  const v = describeToken(t, o.ftMeta(t.contractId), o.decimals);
  const tip = [
    v.contractId + (v.symbol ? ` (${v.symbol})` : ''),
    v.known ? `Amount: ${v.exact}${v.scaled ? '' : ' (smallest unit)'}` : `Amount: ${v.amount}`,
    v.note && v.note !== v.amount ? `Note: ${v.note}` : '',
    liquid ? 'Liquid-staking token: NEAR staked through this provider.' : '',
    `Last update: block ${formatHeight(t.lastUpdate)}`,
  ];
  return node(acc, `ft/${t.contractId}`, 'token', v.contractId, {
    description: (v.known && !v.scaled && v.note ? `${v.amount} · ${v.note}` : v.amount) + (liquid ? ' · liquid staking' : ''),
    tooltip: tip.filter(Boolean).join('\n'),
    icon: liquid ? 'zap' : v.known ? 'circle-outline' : 'question',
    contextValue: liquid ? 'nearLens.token.liquid' : 'nearLens.token',
    copy: v.exact || undefined,
  });
}

function nftGroup(acc: string, nfts: readonly NftCollection[], o: ModelOptions): WatchNode {
  const publisher = o.nftPublisher?.trim() || undefined;
  const shown = filterByPublisher(nfts, publisher);
  const byPublisher = new Map<string, WatchNode[]>();
  const loose: WatchNode[] = [];
  for (const n of shown) {
    const pub = publisherOf(n.contractId);
    const label = sanitizeText(n.contractId, 100);
    const leaf = node(acc, `nft/${n.contractId}`, 'nft', label, {
      description: n.lastUpdate === null ? 'last update not tracked' : `updated at block ${formatHeight(n.lastUpdate)}`,
      tooltip: `${label}\nLast update: block ${formatHeight(n.lastUpdate)}`,
      icon: 'file-media',
      copy: n.contractId,
    });
    if (pub === undefined) loose.push(leaf);
    else byPublisher.set(pub, [...(byPublisher.get(pub) ?? []), leaf]);
  }
  const children = [...byPublisher].map(([pub, list]) =>
    node(acc, `nfts/publisher/${pub}`, 'publisher', sanitizeText(pub, 80), {
      description: `${list.length} collection${list.length === 1 ? '' : 's'}`,
      icon: 'organization',
      collapsible: 'collapsed',
      copy: pub,
      children: list,
    }),
  );
  return group(acc, 'nfts', `NFT collections (${shown.length})`, 'file-media', [...children, ...loose], {
    description:
      publisher === undefined ? undefined : `publisher ${sanitizeText(publisher, 60)}${shown.length < nfts.length ? ` · ${shown.length} of ${nfts.length}` : ''}`,
  });
}

function contractGroup(acc: string, s: Slot<ContractInfo>, o: ModelOptions): WatchNode {
  const info = s.data;
  const lazy: Extra = { lazy: 'contract' };
  if (info === undefined) {
    return group(acc, 'contract', 'Contract', 'file-code', [
      s.status === 'failed' ? errorNode(acc, 'contract/error', `Failed: ${s.error ?? 'unknown error'}`) : loadingNode(acc, 'contract/loading'),
    ], lazy);
  }
  const full = info.keys.filter((k) => k.permission === 'FullAccess');
  const fc = info.keys.filter((k) => k.permission !== 'FullAccess');
  const code = info.view.hasCode;
  const hash = sanitizeText(info.view.codeHash, 64);
  const children = [
    ...staleLine(acc, 'contract/error', s, o),
    node(acc, 'contract/code', 'field', code ? 'Code deployed' : 'No contract code', {
      description: code ? hash : undefined,
      tooltip: code ? `code_hash ${hash} (block ${formatHeight(info.view.blockHeight)})` : 'code_hash is all ones: nothing is deployed.',
      icon: code ? 'file-code' : 'circle-slash',
      copy: code ? info.view.codeHash : undefined,
    }),
  ];
  if (full.length === 0) {
    children.push(
      node(acc, 'contract/locked', 'info', code ? 'Locked contract' : 'Locked account', {
        description: 'no full-access key',
        tooltip: `No full-access key remains: nobody can ${code ? 'change this contract but its own code' : 'sign for this account with full access'}.`,
        icon: 'lock',
      }),
    );
  }
  children.push(
    group(acc, 'contract/full', `Full-access keys (${full.length})`, 'key', full.map((k) => keyNode(acc, k, o))),
    group(acc, 'contract/fc', `Function-call keys (${fc.length})`, 'key', fc.map((k) => keyNode(acc, k, o))),
  );
  return group(acc, 'contract', 'Contract', 'file-code', children, { ...lazy, description: code ? 'code deployed' : 'no code' });
}

function keyNode(acc: string, k: AccessKeyInfo, o: ModelOptions): WatchNode {
  const pk = sanitizeText(k.publicKey, 120);
  const perm = k.permission;
  const x: Extra = { icon: 'key', copy: k.publicKey };
  if (perm === 'FullAccess') return node(acc, `key/${k.publicKey}`, 'key', pk, { ...x, description: 'full access', tooltip: `${pk}\nFull access` });
  const receiver = sanitizeText(perm.receiverId, 80);
  const methods = perm.methodNames.length === 0 ? 'any method' : perm.methodNames.map((m) => sanitizeText(m, 60)).join(', ');
  const allowance = perm.allowance === null ? 'unlimited allowance' : `allowance ${formatNear(perm.allowance, o.decimals)}`;
  return node(acc, `key/${k.publicKey}`, 'key', receiver, {
    ...x,
    description: sanitizeText(methods, 120),
    tooltip: `${pk}\nMay call ${receiver}: ${sanitizeText(methods, 400)}\n${allowance}`,
  });
}

function poolsGroup(acc: string, data: AccountFull, pools: ReadonlyMap<string, Slot<PoolBalance>>, o: ModelOptions): WatchNode {
  const active: WatchNode[] = [];
  const past: WatchNode[] = [];
  let loaded = 0;
  for (const e of data.pools) {
    const s = pools.get(e.poolId);
    if (s?.data !== undefined) loaded++;
    (s?.data !== undefined && isZeroPool(s.data) ? past : active).push(poolNode(acc, e.poolId, e.lastUpdate, s, o));
  }
  if (past.length > 0) {
    active.push(
      group(acc, 'pools/past', `${PAST_POOLS_LABEL} (${past.length})`, 'history', past, {
        description: 'nothing delegated now',
        tooltip: 'Pools this account delegated to once; staked and unstaked balances are both zero now.',
      }),
    );
  }
  const n = data.pools.length;
  return group(acc, 'pools', `Staking pools (${n})`, 'server-process', active, {
    lazy: n > 0 ? 'pools' : undefined,
    description: n > 0 && loaded === 0 ? 'expand to load amounts' : undefined,
  });
}

function poolNode(acc: string, poolId: string, lastUpdate: number | null, s: Slot<PoolBalance> | undefined, o: ModelOptions): WatchNode {
  const label = sanitizeText(poolId, 100);
  const updated = `Last update: block ${formatHeight(lastUpdate)}`;
  const failed = s?.status === 'failed';
  const msg = s?.error ?? (s?.data ? '' : 'unknown error');
  let x: Extra;
  if (s?.data !== undefined) {
    const v = describePool(s.data, o.decimals);
    x = {
      description: v.summary + (failed ? ' · refresh failed' : s.status === 'loading' ? ' · refreshing…' : ''),
      tooltip: [label, `Staked: ${v.stakedExact}`, v.unstakedExact && `Unstaked: ${v.unstakedExact}`, updated, failed && `Last refresh failed: ${msg}`].filter(Boolean).join('\n'),
      copy: v.stakedExact,
    };
  } else if (failed) {
    x = { ...WARNING, description: `amount unavailable: ${msg}`, tooltip: `${label}\nThe pool's balance call failed: ${msg}\n${updated}` };
  } else {
    x = { description: s?.status === 'loading' ? 'loading…' : 'amount not loaded', tooltip: `${label}\n${updated}` };
  }
  return node(acc, `pool/${poolId}`, 'pool', label, { icon: 'server-process', ...x });
}

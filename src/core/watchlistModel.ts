// The watchlist's node tree built from normalised account data and load slots (keep-last-good). Pure: no `vscode`, no I/O; the feature maps nodes to TreeItems.
import { formatNear, formatYoctoExact } from './amounts';
import { filterByPublisher, publisherOf, splitLiquidStaking, VALIDATOR_LOCKED_CAVEAT } from './account';
import type { AccountFull, AccountState, FtHolding, NftCollection } from './account';
import type { AccessKeyInfo, FtMetadata, ViewAccount } from './client';
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
  contextValue: string; // menus match /^nearLens\.account/ for account items only
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

const defaultTime = (ms: number): string => new Date(ms).toLocaleTimeString();

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
    if (c.kind === 'account') {
      if (!ids.includes(c.id)) ids.push(c.id);
    } else if (c.kind === 'sensitive') {
      errors.push(`That looks like a secret key or signature (${c.reason}): it was not added. Never paste secrets here.`);
    } else if (c.kind === 'public-key') {
      errors.push(`"${sanitizeText(piece, 60)}" is a public key, not an account: use NEAR Lens: Look Up Public Key….`);
    } else {
      errors.push(`"${sanitizeText(piece, 60)}": ${c.reason}.`);
    }
  }
  return { ids, errors };
}

/** The account item with its whole subtree (cheap: a few dozen nodes). */
export function buildAccountNode(e: AccountEntry, o: ModelOptions): WatchNode {
  const acc = e.accountId;
  const label = sanitizeText(acc, 80);
  const base = { id: acc, kind: 'account' as const, accountId: acc, label, contextValue: CONTEXT_ACCOUNT, copy: acc, collapsible: 'collapsed' as const };
  if (e.invalid !== undefined) {
    return {
      ...base,
      description: 'invalid id',
      tooltip: `${label}: ${e.invalid}`,
      icon: 'error',
      iconColor: 'errorForeground',
      children: [errorNode(acc, `${acc}/invalid`, `Not a valid account id: ${e.invalid}`)],
    };
  }
  const data = e.full.data;
  if (data === undefined) {
    if (e.full.status === 'failed') {
      const msg = e.full.error ?? 'unknown error';
      return { ...base, description: 'failed', tooltip: `${label}\nFailed: ${msg}`, icon: 'error', iconColor: 'errorForeground', children: [errorNode(acc, `${acc}/error`, `Failed: ${msg}`)] };
    }
    return { ...base, description: 'loading…', tooltip: `${label}\nLoading…`, icon: 'account', children: [loadingNode(acc, `${acc}/loading`)] };
  }
  const stale = staleLine(acc, `${acc}/error`, e.full, o);
  const refreshing = e.full.status === 'loading' ? ' · refreshing…' : '';
  const failedNote = e.full.status === 'failed' ? ' · refresh failed' : '';
  if (data.state === null) {
    return {
      ...base,
      description: `no such account${refreshing}${failedNote}`,
      tooltip: `${label}\nNo such account on ${e.network}.`,
      icon: 'question',
      children: [
        ...stale,
        { id: `${acc}/missing`, kind: 'missing', accountId: acc, label: `No such account on ${e.network}`, icon: 'question', collapsible: 'none', contextValue: 'nearLens.missing', children: [] },
      ],
    };
  }
  const st = data.state;
  return {
    ...base,
    description: `${formatNear(st.total, o.decimals)}${refreshing}${failedNote}`,
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
  };
}

/** The hover-like plain-text summary shown as the account item's tooltip. */
export function accountTooltip(e: AccountEntry, data: AccountFull, st: AccountState, o: ModelOptions): string {
  const d = o.decimals;
  const lines = [
    `${sanitizeText(e.accountId, 80)} — ${e.network}`,
    `Total owned: ${formatNear(st.total, d)}`,
    `Spendable: ${formatNear(st.spendable, d)}${st.spendable.lt(0) ? ' (storage pins more than the balance)' : ''}`,
    `Locked: ${formatNear(st.locked, d)}`,
    `Storage: ${st.storageBytes.toLocaleString('en-US')} bytes (${formatNear(st.pinned, d)} pinned)`,
    `Tokens: ${data.tokens.length} · NFT collections: ${data.nfts.length} · Pools: ${data.pools.length}`,
    `Latest activity: ${data.latestActivity === undefined ? 'none recorded' : `block ${formatHeight(data.latestActivity)}`}`,
  ];
  if (e.full.updatedAt !== undefined) lines.push(`Data from ${(o.formatTime ?? defaultTime)(e.full.updatedAt)}`);
  if (e.full.status === 'failed') lines.push(`Last refresh failed: ${e.full.error ?? 'unknown error'}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------- groups

function stateGroup(acc: string, data: AccountFull, st: AccountState, o: ModelOptions): WatchNode {
  const d = o.decimals;
  const p = `${acc}/state`;
  const exact = (v: typeof st.balance): string => `${formatYoctoExact(v)} NEAR`;
  const lockedTip = st.locked.gt(0) ? `${exact(st.locked)}\n${VALIDATOR_LOCKED_CAVEAT}` : exact(st.locked);
  const negative = st.spendable.lt(0);
  const fields: WatchNode[] = [
    field(acc, `${p}/balance`, 'Balance', formatNear(st.balance, d), exact(st.balance), exact(st.balance)),
    field(acc, `${p}/locked`, 'Locked', formatNear(st.locked, d), lockedTip, exact(st.locked)),
    field(
      acc,
      `${p}/storage`,
      'Storage',
      `${st.storageBytes.toLocaleString('en-US')} bytes · ${formatNear(st.pinned, d)} pinned`,
      `${st.storageBytes} bytes × 10^19 yocto = ${exact(st.pinned)} pinned by storage`,
      String(st.storageBytes),
    ),
    field(acc, `${p}/total`, 'Total owned', formatNear(st.total, d), `${exact(st.total)} (balance + locked)`, exact(st.total)),
    {
      ...field(
        acc,
        `${p}/spendable`,
        'Spendable',
        formatNear(st.spendable, d),
        negative
          ? `${exact(st.spendable)}\nStorage pins more NEAR than the balance holds: the account cannot add storage until it receives NEAR.`
          : `${exact(st.spendable)} (balance − storage pinned)`,
        exact(st.spendable),
      ),
      ...(negative ? { icon: 'warning', iconColor: 'list.warningForeground' } : {}),
    },
    field(
      acc,
      `${p}/activity`,
      'Latest activity',
      data.latestActivity === undefined ? 'none recorded' : `block ${formatHeight(data.latestActivity)}`,
      'Highest last-update block over tokens, NFTs and pools.',
      data.latestActivity === undefined ? undefined : String(data.latestActivity),
    ),
  ];
  return group(acc, p, 'State', 'pulse', fields, { collapsible: 'collapsed' });
}

function tokensGroup(acc: string, tokens: readonly FtHolding[], o: ModelOptions): WatchNode {
  const p = `${acc}/tokens`;
  const { liquid, other } = splitLiquidStaking(tokens, o.liquidStakingProviders);
  const children = [...liquid.map((t) => tokenNode(acc, t, true, o)), ...other.map((t) => tokenNode(acc, t, false, o))];
  return group(acc, p, `Fungible tokens (${tokens.length})`, 'symbol-numeric', children, {
    lazy: tokens.length > 0 ? 'tokens' : undefined,
    description: liquid.length > 0 ? `${liquid.length} liquid staking` : undefined,
  });
}

function tokenNode(acc: string, t: FtHolding, liquid: boolean, o: ModelOptions): WatchNode {
  const meta = o.ftMeta(t.contractId);
  const v = describeToken(t, meta, o.decimals);
  const tip = [
    v.contractId + (v.symbol ? ` (${v.symbol})` : ''),
    v.known ? `Amount: ${v.exact}${v.scaled ? '' : ' (smallest unit)'}` : `Amount: ${v.amount}`,
    v.note && v.note !== v.amount ? `Note: ${v.note}` : '',
    liquid ? 'Liquid-staking token: NEAR staked through this provider.' : '',
    `Last update: block ${formatHeight(t.lastUpdate)}`,
  ].filter((l) => l !== '');
  const desc = (v.known && !v.scaled && v.note ? `${v.amount} · ${v.note}` : v.amount) + (liquid ? ' · liquid staking' : '');
  return {
    id: `${acc}/ft/${t.contractId}`,
    kind: 'token',
    accountId: acc,
    label: v.contractId,
    description: desc,
    tooltip: tip.join('\n'),
    icon: liquid ? 'zap' : v.known ? 'circle-outline' : 'question',
    collapsible: 'none',
    contextValue: liquid ? 'nearLens.token.liquid' : 'nearLens.token',
    ...(v.exact ? { copy: v.exact } : {}),
    children: [],
  };
}

function nftGroup(acc: string, nfts: readonly NftCollection[], o: ModelOptions): WatchNode {
  const p = `${acc}/nfts`;
  const publisher = o.nftPublisher?.trim() || undefined;
  const shown = filterByPublisher(nfts, publisher);
  const byPublisher = new Map<string, NftCollection[]>();
  const loose: NftCollection[] = [];
  for (const n of shown) {
    const pub = publisherOf(n.contractId);
    if (pub === undefined) loose.push(n);
    else byPublisher.set(pub, [...(byPublisher.get(pub) ?? []), n]);
  }
  const children: WatchNode[] = [];
  for (const [pub, list] of byPublisher) {
    const pubId = `${p}/publisher/${pub}`;
    children.push({
      id: pubId,
      kind: 'publisher',
      accountId: acc,
      label: sanitizeText(pub, 80),
      description: `${list.length} collection${list.length === 1 ? '' : 's'}`,
      icon: 'organization',
      collapsible: 'collapsed',
      contextValue: 'nearLens.publisher',
      copy: pub,
      children: list.map((n) => nftNode(acc, n)),
    });
  }
  children.push(...loose.map((n) => nftNode(acc, n)));
  let description: string | undefined;
  if (publisher !== undefined) description = `publisher ${sanitizeText(publisher, 60)}${shown.length < nfts.length ? ` · ${shown.length} of ${nfts.length}` : ''}`;
  return group(acc, p, `NFT collections (${shown.length})`, 'file-media', children, { description });
}

function nftNode(acc: string, n: NftCollection): WatchNode {
  const label = sanitizeText(n.contractId, 100);
  return {
    id: `${acc}/nft/${n.contractId}`,
    kind: 'nft',
    accountId: acc,
    label,
    description: n.lastUpdate === null ? 'last update not tracked' : `updated at block ${formatHeight(n.lastUpdate)}`,
    tooltip: `${label}\nLast update: block ${formatHeight(n.lastUpdate)}`,
    icon: 'file-media',
    collapsible: 'none',
    contextValue: 'nearLens.nft',
    copy: n.contractId,
    children: [],
  };
}

function contractGroup(acc: string, s: Slot<ContractInfo>, o: ModelOptions): WatchNode {
  const p = `${acc}/contract`;
  const info = s.data;
  if (info === undefined) {
    const child = s.status === 'failed' ? errorNode(acc, `${p}/error`, `Failed: ${s.error ?? 'unknown error'}`) : loadingNode(acc, `${p}/loading`);
    return group(acc, p, 'Contract', 'file-code', [child], { lazy: 'contract' });
  }
  const full = info.keys.filter((k) => k.permission === 'FullAccess');
  const fc = info.keys.filter((k) => k.permission !== 'FullAccess');
  const hasCode = info.view.hasCode;
  const children: WatchNode[] = [...staleLine(acc, `${p}/error`, s, o)];
  children.push({
    id: `${p}/code`,
    kind: 'field',
    accountId: acc,
    label: hasCode ? 'Code deployed' : 'No contract code',
    description: hasCode ? sanitizeText(info.view.codeHash, 64) : undefined,
    tooltip: hasCode ? `code_hash ${sanitizeText(info.view.codeHash, 64)} (block ${formatHeight(info.view.blockHeight)})` : 'code_hash is all ones: nothing is deployed.',
    icon: hasCode ? 'file-code' : 'circle-slash',
    collapsible: 'none',
    contextValue: 'nearLens.field',
    ...(hasCode ? { copy: info.view.codeHash } : {}),
    children: [],
  });
  if (full.length === 0) {
    children.push({
      id: `${p}/locked`,
      kind: 'info',
      accountId: acc,
      label: hasCode ? 'Locked contract' : 'Locked account',
      description: 'no full-access key',
      tooltip: hasCode
        ? 'No full-access key remains: nobody can change this contract but its own code.'
        : 'No full-access key remains: nobody can sign for this account with full access.',
      icon: 'lock',
      collapsible: 'none',
      contextValue: 'nearLens.info',
      children: [],
    });
  }
  children.push(
    group(acc, `${p}/full`, `Full-access keys (${full.length})`, 'key', full.map((k) => keyNode(acc, k, o)), {}),
    group(acc, `${p}/fc`, `Function-call keys (${fc.length})`, 'key', fc.map((k) => keyNode(acc, k, o)), {}),
  );
  return group(acc, p, 'Contract', 'file-code', children, { lazy: 'contract', description: hasCode ? 'code deployed' : 'no code' });
}

function keyNode(acc: string, k: AccessKeyInfo, o: ModelOptions): WatchNode {
  const pk = sanitizeText(k.publicKey, 120);
  const base = { id: `${acc}/key/${k.publicKey}`, kind: 'key' as const, accountId: acc, icon: 'key', collapsible: 'none' as const, contextValue: 'nearLens.key', copy: k.publicKey, children: [] };
  if (k.permission === 'FullAccess') return { ...base, label: pk, description: 'full access', tooltip: `${pk}\nFull access` };
  const perm = k.permission;
  const receiver = sanitizeText(perm.receiverId, 80);
  const methods = perm.methodNames.length === 0 ? 'any method' : perm.methodNames.map((m) => sanitizeText(m, 60)).join(', ');
  const allowance = perm.allowance === null ? 'unlimited allowance' : `allowance ${formatNear(perm.allowance, o.decimals)}`;
  return {
    ...base,
    label: receiver,
    description: sanitizeText(methods, 120),
    tooltip: `${pk}\nMay call ${receiver}: ${sanitizeText(methods, 400)}\n${allowance}`,
  };
}

function poolsGroup(acc: string, data: AccountFull, pools: ReadonlyMap<string, Slot<PoolBalance>>, o: ModelOptions): WatchNode {
  const p = `${acc}/pools`;
  const active: WatchNode[] = [];
  const past: WatchNode[] = [];
  let loaded = 0;
  for (const e of data.pools) {
    const s = pools.get(e.poolId);
    const zero = s?.data !== undefined && isZeroPool(s.data);
    if (s?.data !== undefined) loaded++;
    (zero ? past : active).push(poolNode(acc, e.poolId, e.lastUpdate, s, o));
  }
  const children = [...active];
  if (past.length > 0) {
    children.push({
      id: `${p}/past`,
      kind: 'group',
      accountId: acc,
      label: `${PAST_POOLS_LABEL} (${past.length})`,
      description: 'nothing delegated now',
      tooltip: 'Pools this account delegated to once; staked and unstaked balances are both zero now.',
      icon: 'history',
      collapsible: 'collapsed',
      contextValue: 'nearLens.group',
      children: past,
    });
  }
  return group(acc, p, `Staking pools (${data.pools.length})`, 'server-process', children, {
    lazy: data.pools.length > 0 ? 'pools' : undefined,
    description: data.pools.length > 0 && loaded === 0 ? 'expand to load amounts' : undefined,
  });
}

function poolNode(acc: string, poolId: string, lastUpdate: number | null, s: Slot<PoolBalance> | undefined, o: ModelOptions): WatchNode {
  const label = sanitizeText(poolId, 100);
  const base = { id: `${acc}/pool/${poolId}`, kind: 'pool' as const, accountId: acc, label, collapsible: 'none' as const, contextValue: 'nearLens.pool', children: [] };
  const updated = `Last update: block ${formatHeight(lastUpdate)}`;
  if (s?.data !== undefined) {
    const v = describePool(s.data, o.decimals);
    const suffix = s.status === 'failed' ? ' · refresh failed' : s.status === 'loading' ? ' · refreshing…' : '';
    const tip = [label, `Staked: ${v.stakedExact}`, v.unstakedExact ? `Unstaked: ${v.unstakedExact}` : '', updated, s.status === 'failed' ? `Last refresh failed: ${s.error ?? ''}` : '']
      .filter((l) => l !== '')
      .join('\n');
    return { ...base, description: v.summary + suffix, tooltip: tip, icon: 'server-process', copy: v.stakedExact };
  }
  if (s?.status === 'failed') {
    const msg = s.error ?? 'unknown error';
    return { ...base, description: `amount unavailable: ${msg}`, tooltip: `${label}\nThe pool's balance call failed: ${msg}\n${updated}`, icon: 'warning', iconColor: 'list.warningForeground' };
  }
  return { ...base, description: s?.status === 'loading' ? 'loading…' : 'amount not loaded', tooltip: `${label}\n${updated}`, icon: 'server-process' };
}

// ---------------------------------------------------------------- small builders

function group(
  acc: string,
  id: string,
  label: string,
  icon: string,
  children: WatchNode[],
  opts: { lazy?: LazyGroup | undefined; description?: string | undefined; collapsible?: WatchNode['collapsible'] },
): WatchNode {
  const node: WatchNode = {
    id,
    kind: 'group',
    accountId: acc,
    label,
    icon,
    collapsible: opts.collapsible ?? (children.length > 0 || opts.lazy ? 'collapsed' : 'none'),
    contextValue: 'nearLens.group',
    children,
  };
  if (opts.lazy) node.lazy = opts.lazy;
  if (opts.description !== undefined) node.description = opts.description;
  return node;
}

function field(acc: string, id: string, label: string, description: string, tooltip: string, copy: string | undefined): WatchNode {
  return { id, kind: 'field', accountId: acc, label, description, tooltip, collapsible: 'none', contextValue: 'nearLens.field', ...(copy ? { copy } : {}), children: [] };
}

function loadingNode(acc: string, id: string): WatchNode {
  return { id, kind: 'loading', accountId: acc, label: 'Loading…', icon: 'loading~spin', collapsible: 'none', contextValue: 'nearLens.loading', children: [] };
}

function errorNode(acc: string, id: string, message: string): WatchNode {
  const text = sanitizeText(message, 300);
  return { id, kind: 'error', accountId: acc, label: text, tooltip: text, icon: 'error', iconColor: 'errorForeground', collapsible: 'none', contextValue: 'nearLens.error', children: [] };
}

/** The "old figures plus an error line" of keep-last-good: only when a refresh failed and old data is shown. */
function staleLine(acc: string, id: string, s: Slot<unknown>, o: ModelOptions): WatchNode[] {
  if (s.status !== 'failed' || s.data === undefined) return [];
  const when = s.updatedAt === undefined ? '' : `showing data from ${(o.formatTime ?? defaultTime)(s.updatedAt)}`;
  const text = sanitizeText(`Refresh failed: ${s.error ?? 'unknown error'}`, 300);
  return [{ id, kind: 'error', accountId: acc, label: text, ...(when ? { description: when } : {}), tooltip: text, icon: 'warning', iconColor: 'list.warningForeground', collapsible: 'none', contextValue: 'nearLens.error', children: [] }];
}

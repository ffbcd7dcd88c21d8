// The watchlist's node tree built from normalised account data and load slots (keep-last-good); its building blocks
// are in watchlistNodes.ts. Pure: no `vscode`, no I/O; the feature maps nodes to TreeItems.
import { formatNear } from '../../../near/amounts';
import { filterByPublisher, NO_INDEXER, publisherOf, splitLiquidStaking, VALIDATOR_LOCKED_CAVEAT } from '../../../near/account';
import type { AccountFull, AccountState, FtHolding, NftCollection } from '../../../near/account';
import type { AccessKeyInfo } from '../../../client/client';
import { describePool, describeToken, exactNear, formatHeight, IDLE, isZeroPool, listsUpdatedText } from '../../../ui/slots';
import type { PoolBalance, Slot } from '../../../ui/slots';
import { sanitizeText } from '../../../base/text';
import { ITEM_CONTEXT } from '../../../manifest';
import { ERROR, WARNING, node, group, lines, errorNode, failure, pending, note, when, staleLine, updated } from './watchlistNodes';
import type { WatchNode, ContractInfo, AccountEntry, ModelOptions, Extra } from './watchlistNodes';

/** The account item with its whole subtree (cheap: a few dozen nodes). */
export function buildAccountNode(e: AccountEntry, o: ModelOptions): WatchNode {
  const acc = e.accountId;
  const label = sanitizeText(acc, 80);
  const s = e.full;
  // The tooltip is the label over the first child's text unless given.
  const account = (description: string, children: WatchNode[], x?: Extra, tooltip = lines(label, children[0]?.label)): WatchNode =>
    node(acc, '', 'account', label, { description, tooltip, icon: 'account', collapsible: 'collapsed', children, ...x });
  if (e.invalid !== undefined) {
    // The reason may name several rules: the row keeps to one short line, the tooltip has it all.
    const why = `Not a valid account id: ${e.invalid}`;
    return account('invalid id', [errorNode(acc, 'invalid', sanitizeText(why, 100), { ...ERROR, tooltip: sanitizeText(why, 300) })], ERROR);
  }
  const data = s.data;
  if (data === undefined) {
    const failed = s.status === 'failed';
    return account(failed ? 'failed' : 'loading…', [pending(acc, '', s)], failed ? ERROR : undefined);
  }
  const stale = staleLine(acc, 'error', s, o);
  const st = data.state;
  if (st === null) {
    const missing = `No such account on ${sanitizeText(e.networkName ?? e.network, 60)}`;
    return account(
      `no such account${note(s)}`,
      [...stale, node(acc, 'missing', 'missing', missing, { icon: 'question' })],
      { icon: 'question' },
      lines(label, missing),
    );
  }
  const state = stateGroup(acc, data, st, o);
  const src = data.source;
  // Read over RPC: without an indexer the lists are unknowable (one line, in a word, never an error); during a REST
  // outage the state is RPC's and the lists the last good ones (marked with their time), or none.
  const lists = src === undefined || src.listsAt !== undefined;
  const word = src && (src.restFailure === undefined ? NO_INDEXER : `tokens unavailable: ${sanitizeText(src.restFailure, 80)}`);
  const source = word
    ? [
        node(acc, 'source', 'info', src?.restFailure === undefined ? 'Tokens, NFTs, pools' : 'State from RPC', {
          description: word,
          tooltip: src?.listsAt === undefined ? word : `${word}; the lists below are from ${when(o, src.listsAt)}`,
          icon: 'info',
        }),
      ]
    : [];
  return account(
    formatNear(st.total, o.decimals) + note(s),
    [
      ...stale,
      ...source,
      state,
      ...(lists ? [tokensGroup(acc, data.tokens, o), nftGroup(acc, data.nfts, o)] : []),
      contractGroup(acc, e.contract, o),
      ...(lists ? [poolsGroup(acc, data, e.pools, o)] : []),
    ],
    undefined,
    // A summary of the State group, every figure exact (a tooltip is where the rounded rows' digits are), with the age of the data.
    lines(
      `${label} — ${sanitizeText(e.networkName ?? e.network, 60)}`,
      ...state.children.map((f) => `${f.label}: ${EXACT_IN_SUMMARY.has(f.id.slice(acc.length + 1)) ? f.tooltip?.split('\n')[0] : f.description}`),
      s.updatedAt !== undefined && `Data from ${when(o, s.updatedAt)}`,
      s.status === 'failed' && `Last refresh failed: ${failure(s)}`,
    ),
  );
}

// ---------------------------------------------------------------- groups

/** The State rows whose tooltip starts with the exact figure, said in the account's tooltip in its stead. */
const EXACT_IN_SUMMARY = new Set(['state/balance', 'state/locked', 'state/total', 'state/spendable']);

function stateGroup(acc: string, data: AccountFull, st: AccountState, o: ModelOptions): WatchNode {
  const near = (v: bigint): string => formatNear(v, o.decimals);
  const field = (path: string, label: string, description: string, tooltip: string, x?: Extra): WatchNode =>
    node(acc, `state/${path}`, 'field', label, { description, tooltip, ...x });
  const amount = (path: string, label: string, v: bigint, more = '', x?: Extra): WatchNode => field(path, label, near(v), exactNear(v) + more, x);
  const negative = st.spendable < 0n;
  return group(acc, 'state', 'State', 'pulse', [
    amount('balance', 'Balance', st.balance),
    amount('locked', 'Locked', st.locked, st.locked > 0n ? `\n${VALIDATOR_LOCKED_CAVEAT}` : ''),
    field(
      'storage',
      'Storage',
      `${st.storageBytes.toLocaleString('en-US')} bytes · ${near(st.pinned)} pinned`,
      `${st.storageBytes.toLocaleString('en-US')} bytes × 10^19 yocto = ${exactNear(st.pinned)} pinned by storage`,
    ),
    amount('total', 'Total owned', st.total, ' (balance + locked)'),
    amount(
      'spendable',
      'Spendable',
      st.spendable,
      negative ? '\nStorage pins more NEAR than the balance holds: no new storage until the account receives NEAR.' : ' (balance − storage pinned)',
      negative ? WARNING : undefined,
    ),
    ...(data.source && data.source.listsAt === undefined
      ? []
      : [
          field(
            'activity',
            'Holdings updated',
            listsUpdatedText(data),
            'The last block at which one of its tokens, NFTs or staking pools changed (not its latest transaction).',
          ),
        ]),
  ]);
}

function tokensGroup(acc: string, tokens: readonly FtHolding[], o: ModelOptions): WatchNode {
  const { liquid, other } = splitLiquidStaking(tokens, o.liquidStakingProviders);
  return group(
    acc,
    'tokens',
    `Fungible tokens (${tokens.length})`,
    'symbol-numeric',
    [...liquid, ...other].map((t) => tokenNode(acc, t, liquid.includes(t), o)),
    {
      contextValue: ITEM_CONTEXT.list,
      lazy: tokens.length > 0 ? 'tokens' : undefined,
      description: liquid.length > 0 ? `${liquid.length} liquid staking` : undefined,
    },
  );
}

function tokenNode(acc: string, t: FtHolding, liquid: boolean, o: ModelOptions): WatchNode {
  const v = describeToken(t, o.ftMeta(t.contractId), o.decimals);
  // A raw amount is marked "(raw)" with a short reason ("10283000 (raw) · metadata unavailable"); the why is in the tooltip.
  return node(acc, `ft/${t.contractId}`, 'token', v.contractId, {
    description: [v.amount, v.reason, liquid && 'liquid staking'].filter(Boolean).join(' · '),
    tooltip: lines(
      v.contractId + (v.symbol ? ` (${v.symbol})` : ''),
      `Amount: ${v.scaled ? v.exact : v.amount}`,
      v.detail,
      liquid && 'Liquid-staking token: NEAR staked through this provider.',
      updated(t.lastUpdate),
    ),
    icon: liquid ? 'zap' : v.known ? 'circle-outline' : 'question',
    contextValue: liquid ? ITEM_CONTEXT.liquidToken : ITEM_CONTEXT.token,
  });
}

function nftGroup(acc: string, nfts: readonly NftCollection[], o: ModelOptions): WatchNode {
  const publisher = o.nftPublisher?.trim() || undefined;
  const shown = filterByPublisher(nfts, publisher);
  const publishers = new Map<string, WatchNode>();
  const loose: WatchNode[] = [];
  for (const n of shown) {
    const label = sanitizeText(n.contractId, 100);
    const leaf = node(acc, `nft/${n.contractId}`, 'nft', label, {
      description: n.lastUpdate === null ? 'last update not tracked' : `updated at block ${formatHeight(n.lastUpdate)}`,
      tooltip: label,
      icon: 'file-media',
    });
    const pub = publisherOf(n.contractId);
    if (pub === undefined) {
      loose.push(leaf);
      continue;
    }
    let parent = publishers.get(pub);
    if (!parent)
      publishers.set(
        pub,
        (parent = node(acc, `nfts/publisher/${pub}`, 'publisher', sanitizeText(pub, 80), { icon: 'organization', collapsible: 'collapsed' })),
      );
    parent.children.push(leaf);
    parent.description = `${parent.children.length} collection${parent.children.length === 1 ? '' : 's'}`;
  }
  return group(acc, 'nfts', `NFT collections (${shown.length})`, 'file-media', [...publishers.values(), ...loose], {
    contextValue: ITEM_CONTEXT.list,
    description:
      publisher === undefined
        ? undefined
        : `publisher ${sanitizeText(publisher, 60)}${shown.length < nfts.length ? ` · ${shown.length} of ${nfts.length}` : ''}`,
  });
}

function contractGroup(acc: string, s: Slot<ContractInfo>, o: ModelOptions): WatchNode {
  const info = s.data;
  const lazy: Extra = { lazy: 'contract' };
  if (info === undefined) return group(acc, 'contract', 'Contract', 'file-code', [pending(acc, 'contract/', s)], lazy);
  const code = info.view.hasCode;
  const hash = sanitizeText(info.view.codeHash, 64);
  const full = info.keys.filter((k) => k.permission === 'FullAccess');
  const keys = (path: string, label: string, list: AccessKeyInfo[]): WatchNode =>
    group(
      acc,
      `contract/${path}`,
      `${label} keys (${list.length})`,
      'key',
      list.map((k) => keyNode(acc, k)),
    );
  return group(
    acc,
    'contract',
    'Contract',
    'file-code',
    [
      ...staleLine(acc, 'contract/error', s, o),
      node(
        acc,
        'contract/code',
        'field',
        code ? 'Code deployed' : 'No contract code',
        code
          ? { description: hash, tooltip: `code_hash ${hash} (block ${formatHeight(info.view.blockHeight)})`, icon: 'file-code' }
          : { tooltip: 'code_hash is all ones: nothing is deployed.', icon: 'circle-slash' },
      ),
      ...(info.methods ?? []),
      ...(full.length > 0
        ? []
        : [
            node(acc, 'contract/locked', 'info', code ? 'Locked contract' : 'Locked account', {
              description: 'no full-access key',
              tooltip: `No full-access key remains: ${code ? "only the contract's own code can change it" : 'nobody can sign with full access'}.`,
              icon: 'lock',
            }),
          ]),
      keys('full', 'Full-access', full),
      keys(
        'fc',
        'Function-call',
        info.keys.filter((k) => !full.includes(k)),
      ),
    ],
    { ...lazy, description: (code ? 'code deployed' : 'no code') + note(s) },
  );
}

function keyNode(acc: string, k: AccessKeyInfo): WatchNode {
  const pk = sanitizeText(k.publicKey, 120);
  const perm = k.permission;
  const key = (label: string, description: string, ...tip: string[]): WatchNode =>
    node(acc, `key/${k.publicKey}`, 'key', label, { description, tooltip: lines(pk, ...tip), icon: 'key' });
  if (perm === 'FullAccess') return key(pk, 'full access', 'Full access');
  const receiver = sanitizeText(perm.receiverId, 80);
  const methods = perm.methodNames.map((m) => sanitizeText(m, 60)).join(', ') || 'any method';
  return key(
    receiver,
    sanitizeText(methods, 120),
    `May call ${receiver}: ${sanitizeText(methods, 400)}`,
    perm.allowance === null ? 'unlimited allowance' : `allowance ${exactNear(perm.allowance)}`,
  );
}

function poolsGroup(acc: string, data: AccountFull, pools: ReadonlyMap<string, Slot<PoolBalance>>, o: ModelOptions): WatchNode {
  const active: WatchNode[] = [];
  const past: WatchNode[] = [];
  for (const { poolId, lastUpdate } of data.pools) {
    const s = pools.get(poolId);
    (s?.data && isZeroPool(s.data) ? past : active).push(poolNode(acc, poolId, lastUpdate, s, o));
  }
  if (past.length > 0) {
    active.push(
      group(acc, 'pools/past', `Past pools (${past.length})`, 'history', past, {
        description: 'nothing delegated now',
        tooltip: 'Pools delegated to once, with nothing staked or unstaked now.',
      }),
    );
  }
  const n = data.pools.length;
  return group(acc, 'pools', `Staking pools (${n})`, 'server-process', active, {
    contextValue: ITEM_CONTEXT.list,
    lazy: n > 0 ? 'pools' : undefined,
    description: n > 0 ? poolsState(data.pools.map((p) => pools.get(p.poolId))) : undefined,
  });
}

/** The Staking pools group's description: where its amounts are (never "expand to load" once they were asked for). */
function poolsState(slots: ReadonlyArray<Slot<PoolBalance> | undefined>): string | undefined {
  // Slots in `status`; with `data` false, only those without data (`undefined !== bool` counts them all).
  const n = (status: Slot<unknown>['status'], data?: boolean): number => slots.filter((s = IDLE) => s.status === status && data !== !s.data).length;
  const silent = n('failed', false);
  return n('idle') === slots.length
    ? 'expand to load amounts'
    : n('loading')
      ? n('loading', false)
        ? 'loading amounts…'
        : 'refreshing…'
      : silent
        ? `${silent} of ${slots.length} did not answer`
        : n('failed')
          ? 'refresh failed'
          : undefined;
}

function poolNode(acc: string, poolId: string, lastUpdate: number | null, s: Slot<PoolBalance> | undefined, o: ModelOptions): WatchNode {
  const label = sanitizeText(poolId, 100);
  const v = s?.data && describePool(s.data, o.decimals);
  const failed = s?.status === 'failed' && failure(s);
  return node(acc, `pool/${poolId}`, 'pool', label, {
    icon: 'server-process',
    description: v ? v.summary + note(s) : failed ? 'pool did not answer' : s?.status === 'loading' ? 'loading…' : 'amount not loaded',
    tooltip: lines(
      label,
      v && `Staked: ${v.stakedExact}`,
      v && v.unstakedExact && `Unstaked: ${v.unstakedExact}`,
      updated(lastUpdate),
      failed && `${v ? 'Last refresh failed' : 'Amounts unavailable'}: ${failed}`,
    ),
    ...(failed && !v ? WARNING : {}),
  });
}

// Builds the balance panel's PanelViewModel (pre-formatted strings only) from normalised account data. Pure: no `vscode`, no I/O; money with big.js.
import Big from 'big.js';
import { formatNear, formatYoctoExact } from './amounts';
import { filterByPublisher, publisherOf, splitLiquidStaking, VALIDATOR_LOCKED_CAVEAT } from './account';
import type { AccountFull, AccountState, FtHolding, IndexerStatus } from './account';
import type { FtMetadata } from './client';
import { describePool, describeToken, formatHeight, isZeroPool } from './holdings';
import type { PoolBalance, Slot } from './holdings';
import { classify } from './ids';
import { sanitizeText } from './markdown';
import type { BarSegment, Figure, NftRow, PanelViewModel, PoolRow, SegmentKey, TokenRow } from '../shared/protocol';

export interface PanelInput {
  accountId: string;
  network: string;
  full: AccountFull;
  fetchedAt: number; // ms since epoch of `full`
  ftMeta: (contractId: string) => Slot<FtMetadata> | undefined;
  pools: ReadonlyMap<string, Slot<PoolBalance>>;
  status?: Slot<IndexerStatus> | undefined;
  decimals: number;
  liquidStakingProviders: readonly string[];
  nftPublisher?: string | undefined;
  /** Set when the latest refresh failed and these are the last good figures. */
  staleError?: string | undefined;
  formatTime?: (ms: number) => string;
}

const defaultTime = (ms: number): string => new Date(ms).toLocaleString();

export function buildPanelModel(i: PanelInput): PanelViewModel {
  const d = i.decimals;
  const st = i.full.state;
  const fmtTime = i.formatTime ?? defaultTime;
  const notes: string[] = [];
  if (i.staleError !== undefined) notes.push(sanitizeText(`Refresh failed: ${i.staleError} Showing the data from ${fmtTime(i.fetchedAt)}.`, 400));
  const { liquid, other } = splitLiquidStaking(i.full.tokens, i.liquidStakingProviders);
  const publisher = i.nftPublisher?.trim() || undefined;
  const nfts = filterByPublisher(i.full.nfts, publisher);
  const bar = st ? balanceBar(st, d) : { segments: [], note: '' };
  return {
    accountId: sanitizeText(i.accountId, 80),
    accountKind: accountKindText(i.accountId),
    network: sanitizeText(i.network, 20),
    exists: st !== null,
    total: st ? formatNear(st.total, d) : '',
    totalExact: st ? `${formatYoctoExact(st.total)} NEAR` : '',
    bar: bar.segments,
    barNote: st ? bar.note : `No such account on ${sanitizeText(i.network, 20)}: the indexer has no state for it.`,
    figures: st ? figures(st, d) : [],
    caveat: st && st.locked.gt(0) ? VALIDATOR_LOCKED_CAVEAT : '',
    liquid: liquid.map((t) => tokenRow(t, true, i)),
    tokens: other.map((t) => tokenRow(t, false, i)),
    nfts: nfts.map(
      (n): NftRow => ({ contractId: sanitizeText(n.contractId, 100), publisher: sanitizeText(publisherOf(n.contractId) ?? '', 100), lastUpdate: formatHeight(n.lastUpdate) }),
    ),
    nftFilter: publisher ? `Only collections published under ${sanitizeText(publisher, 80)} (${nfts.length} of ${i.full.nfts.length}).` : '',
    pools: poolRows(i),
    latestActivity: i.full.latestActivity === undefined ? 'none recorded' : `block ${formatHeight(i.full.latestActivity)}`,
    indexer: indexerText(i.status),
    updatedAt: fmtTime(i.fetchedAt),
    updatedAtIso: new Date(i.fetchedAt).toISOString(),
    notes,
  };
}

const KIND_TEXT: Readonly<Record<string, string>> = {
  implicit: 'implicit account (an ed25519 public key)',
  'eth-implicit': 'ETH-implicit account',
  deterministic: 'deterministic account',
};

/** "named account under near" / "implicit account (an ed25519 public key)" … */
export function accountKindText(id: string): string {
  const c = classify(id);
  if (c.kind !== 'account') return 'not a valid account id';
  return KIND_TEXT[c.accountKind] ?? (c.topLevel ? 'top-level named account' : `named account under ${sanitizeText(c.parent ?? '', 80)}`);
}

// ---------------------------------------------------------------- the bar

interface Part {
  key: SegmentKey;
  label: string;
  amount: Big;
}

/**
 * Total owned = spendable + pinned + locked. When the balance cannot cover storage (spendable < 0) the bar instead
 * spans pinned + locked, split into the pinned part the balance covers, the part beyond it, and locked: it never
 * draws a negative width, and the note says why.
 */
export function balanceBar(st: AccountState, decimals: number): { segments: BarSegment[]; note: string } {
  let parts: Part[];
  let note = '';
  if (st.spendable.gte(0)) {
    parts = [
      { key: 'spendable', label: 'Spendable', amount: st.spendable },
      { key: 'pinned', label: 'Pinned by storage', amount: st.pinned },
      { key: 'locked', label: 'Locked (staked)', amount: st.locked },
    ];
  } else {
    const beyond = st.pinned.minus(st.balance);
    parts = [
      { key: 'pinned', label: 'Pinned by storage, covered by the balance', amount: st.balance },
      { key: 'shortfall', label: 'Pinned by storage beyond the balance', amount: beyond },
      { key: 'locked', label: 'Locked (staked)', amount: st.locked },
    ];
    note =
      `Storage pins ${formatNear(st.pinned, decimals)}, more than the balance of ${formatNear(st.balance, decimals)}: ` +
      `spendable is ${formatNear(st.spendable, decimals)}. The bar shows pinned storage exceeding the balance; ` +
      'the account cannot add storage until it receives NEAR.';
  }
  const scale = parts.reduce((s, p) => s.plus(p.amount), new Big(0));
  if (scale.eq(0)) return { segments: [], note: 'The account holds 0 NEAR and uses no storage.' };
  const pct = percentages(
    parts.map((p) => p.amount),
    scale,
  );
  const segments = parts.map(
    (p, idx): BarSegment => ({
      key: p.key,
      label: p.label,
      amount: formatNear(p.amount, decimals),
      exact: `${formatYoctoExact(p.amount)} NEAR`,
      width: pct.widths[idx] ?? 0,
      percent: pct.display[idx] ?? '',
      exactPercent: pct.exact[idx] ?? '',
    }),
  );
  return { segments, note };
}

/**
 * Exact shares (big.js, 6 decimals shown) and display shares to one decimal whose sum is exactly 100.0 (largest
 * remainder). A non-zero share that rounds to nothing reads "<0.1%" rather than a misleading "0%".
 */
export function percentages(parts: readonly Big[], scale: Big): { exact: string[]; display: string[]; widths: number[] } {
  const exact = parts.map((p) => p.times(100).div(scale));
  const tenths = exact.map((e) => e.times(10).round(0, Big.roundDown));
  let missing = 1000 - tenths.reduce((s, t) => s + Number(t.toFixed(0)), 0);
  const order = exact
    .map((e, idx) => ({ idx, rem: e.times(10).minus(tenths[idx] ?? 0) }))
    .sort((a, b) => b.rem.cmp(a.rem) || a.idx - b.idx);
  const shown = tenths.map((t) => Number(t.toFixed(0)));
  for (const o of order) {
    if (missing <= 0) break;
    if (o.rem.gt(0)) {
      shown[o.idx] = (shown[o.idx] ?? 0) + 1;
      missing--;
    }
  }
  return {
    exact: exact.map((e) => `${trimZeros(e.toFixed(6))}%`),
    display: shown.map((t, idx) => (t === 0 && (parts[idx]?.gt(0) ?? false) ? '<0.1%' : `${(t / 10).toFixed(1)}%`)),
    widths: exact.map((e) => Number(e.toFixed(4))),
  };
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

function figures(st: AccountState, d: number): Figure[] {
  const fig = (label: string, v: Big, note = '', warn = false): Figure => ({ label, value: formatNear(v, d), exact: `${formatYoctoExact(v)} NEAR`, note, warn });
  const negative = st.spendable.lt(0);
  return [
    fig('Balance', st.balance),
    fig('Locked', st.locked, st.locked.gt(0) ? VALIDATOR_LOCKED_CAVEAT : ''),
    { label: 'Storage used', value: `${st.storageBytes.toLocaleString('en-US')} bytes`, exact: `${st.storageBytes} bytes`, note: '', warn: false },
    fig('Pinned by storage', st.pinned, '10^19 yoctoNEAR per byte'),
    fig('Total owned', st.total, 'balance + locked'),
    fig('Spendable', st.spendable, negative ? 'Negative: storage pins more than the balance.' : 'balance − pinned by storage', negative),
  ];
}

// ---------------------------------------------------------------- tables

function tokenRow(t: FtHolding, liquid: boolean, i: PanelInput): TokenRow {
  const v = describeToken(t, i.ftMeta(t.contractId), i.decimals);
  return {
    contractId: v.contractId,
    symbol: v.symbol,
    amount: v.amount,
    exact: v.exact,
    lastUpdate: formatHeight(t.lastUpdate),
    liquid,
    note: v.note === v.amount ? '' : v.note,
  };
}

function poolRows(i: PanelInput): PoolRow[] {
  const rows = i.full.pools.map((p): PoolRow => {
    const s = i.pools.get(p.poolId);
    const base = { poolId: sanitizeText(p.poolId, 100), lastUpdate: formatHeight(p.lastUpdate) };
    if (s?.data !== undefined) {
      const v = describePool(s.data, i.decimals);
      const note = s.status === 'failed' ? sanitizeText(`Refresh failed: ${s.error ?? ''}`, 300) : '';
      return { ...base, staked: v.staked, stakedExact: v.stakedExact, unstaked: v.unstaked, past: isZeroPool(s.data), note };
    }
    const note = s?.status === 'failed' ? sanitizeText(`Amount unavailable: ${s.error ?? ''}`, 300) : s?.status === 'loading' ? 'loading…' : 'not loaded';
    return { ...base, staked: '', stakedExact: '', unstaked: '', past: false, note };
  });
  // Current delegations first; pools delegated to once and now empty after them.
  return [...rows.filter((r) => !r.past), ...rows.filter((r) => r.past)];
}

function indexerText(s: Slot<IndexerStatus> | undefined): string {
  const st = s?.data;
  if (st === undefined) {
    if (s?.status === 'failed') return sanitizeText(`Indexer status unavailable: ${s.error ?? ''}`, 300);
    return 'Indexer status not loaded.';
  }
  const parts = [`Indexer at block ${formatHeight(st.syncBlockHeight)}`];
  if (st.syncBalanceBlockHeight !== undefined) parts.push(`balances at ${formatHeight(st.syncBalanceBlockHeight)}`);
  if (st.syncLatencySec !== undefined) parts.push(`${st.syncLatencySec.toFixed(1)} s behind the chain`);
  const when = blockTime(st.syncBlockTimestampNanosec);
  if (when) parts.push(`block time ${when}`);
  if (st.version) parts.push(`version ${sanitizeText(st.version, 30)}`);
  return `${parts.join(', ')}.`;
}

/** Nanoseconds (u64 string, beyond 2^53) → "2025-02-11 06:09:37 UTC". */
function blockTime(ns: string | undefined): string {
  if (ns === undefined || !/^[0-9]{1,25}$/.test(ns)) return '';
  const ms = Number(new Big(ns).div(1e6).round(0, Big.roundDown).toFixed(0));
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

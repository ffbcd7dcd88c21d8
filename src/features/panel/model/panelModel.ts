// Builds the balance panel's PanelViewModel (pre-formatted strings only) from normalised account data. Pure: no `vscode`,
// no I/O; money as bigint, and what a person reads (amounts, shares) through big.js.
import Big from 'big.js';
import { formatNear } from '../../../near/amounts';
import { filterByPublisher, NO_INDEXER, publisherOf, splitLiquidStaking, VALIDATOR_LOCKED_CAVEAT } from '../../../near/account';
import type { AccountFull, AccountState, FtHolding, IndexerStatus } from '../../../near/account';
import type { FtMetadata } from '../../../client/client';
import { describePool, describeToken, exactNear, formatHeight, isZeroPool, listsUpdatedText } from '../../../ui/slots';
import type { PoolBalance, Slot } from '../../../ui/slots';
import { classify } from '../../../near/ids';
import { sanitizeText } from '../../../base/text';
import { utcOfNs } from '../../../near/time/chainTime';
import type { BarSegment, Figure, NftRow, PanelViewModel, PoolRow, SegmentKey, TokenRow } from '../protocol';

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
  const network = sanitizeText(i.network, 60);
  const { liquid, other } = splitLiquidStaking(i.full.tokens, i.liquidStakingProviders);
  const publisher = i.nftPublisher?.trim() || undefined;
  const nfts = filterByPublisher(i.full.nfts, publisher);
  const caveat = st && st.locked > 0n ? VALIDATOR_LOCKED_CAVEAT : '';
  const src = i.full.source;
  const bar = st
    ? balanceBar(st, d)
    : { segments: [], note: `No such account on ${network}: ${src ? 'the RPC node does not know it' : 'the indexer has no state for it'}.` };
  // Read over RPC: no tables without an indexer (one word where they would be); during a REST outage, the last good
  // lists with their time, or a word saying why there are none.
  const lists =
    !src || src.listsAt !== undefined ? '' : src.restFailure === undefined ? NO_INDEXER : `tokens unavailable: ${sanitizeText(src.restFailure, 100)}`;
  const rpcNote =
    src?.restFailure === undefined
      ? []
      : [
          sanitizeText(
            `State from RPC; tokens unavailable: ${src.restFailure}.${src.listsAt === undefined ? '' : ` Tokens, NFTs and pools as of ${fmtTime(src.listsAt)}.`}`,
            400,
          ),
        ];
  const tokenRows = (list: readonly FtHolding[], isLiquid: boolean): TokenRow[] =>
    list.map((t) => {
      const { contractId, symbol, amount, exact, scaled, reason, detail } = describeToken(t, i.ftMeta(t.contractId), d);
      // A raw amount's digits once ("10283000 (raw)"), not again as its exact value; the why in the note's title.
      return { contractId, symbol, amount, exact: scaled ? exact : '', lastUpdate: formatHeight(t.lastUpdate), liquid: isLiquid, note: reason, why: detail };
    });
  return {
    accountId: sanitizeText(i.accountId, 80),
    accountKind: accountKindText(i.accountId),
    network,
    exists: st !== null,
    total: st ? formatNear(st.total, d) : '',
    totalExact: st ? exactNear(st.total) : '',
    bar: bar.segments,
    barNote: bar.note,
    figures: st ? figures(st, d, caveat) : [],
    caveat,
    liquid: tokenRows(liquid, true),
    tokens: tokenRows(other, false),
    nfts: nfts.map((n): NftRow => ({
      contractId: sanitizeText(n.contractId, 100),
      publisher: sanitizeText(publisherOf(n.contractId) ?? '', 100),
      lastUpdate: formatHeight(n.lastUpdate),
    })),
    nftFilter: publisher ? `Only collections published under ${sanitizeText(publisher, 80)} (${nfts.length} of ${i.full.nfts.length}).` : '',
    pools: poolRows(i),
    lists,
    latestActivity: lists ? '—' : listsUpdatedText(i.full),
    indexer: src && src.restFailure === undefined ? 'State read over RPC (view_account).' : indexerText(i.status),
    updatedAt: fmtTime(i.fetchedAt),
    updatedAtIso: new Date(i.fetchedAt).toISOString(),
    notes: [
      ...rpcNote,
      ...(i.staleError === undefined ? [] : [sanitizeText(`Refresh failed: ${i.staleError} Showing the data from ${fmtTime(i.fetchedAt)}.`, 400)]),
    ],
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

/**
 * Total owned = spendable + pinned + locked. When the balance cannot cover storage (spendable < 0) the bar instead
 * spans pinned + locked, split into the pinned part the balance covers, the part beyond it, and locked: it never
 * draws a negative width, and the note says why (in words: the figures are in the table below).
 */
export function balanceBar(st: AccountState, decimals: number): { segments: BarSegment[]; note: string } {
  const short = st.spendable < 0n;
  const parts: Array<[SegmentKey, string, bigint]> = short
    ? [
        ['pinned', 'Pinned by storage, covered by the balance', st.balance],
        ['shortfall', 'Pinned by storage beyond the balance', st.pinned - st.balance],
      ]
    : [
        ['spendable', 'Spendable', st.spendable],
        ['pinned', 'Pinned by storage', st.pinned],
      ];
  parts.push(['locked', 'Locked (staked)', st.locked]);
  const scale = parts.reduce((s, p) => s + p[2], 0n);
  if (scale === 0n) return { segments: [], note: 'The account holds 0 NEAR and uses no storage.' };
  const shares = percentages(
    parts.map((p) => p[2]),
    scale,
  );
  return {
    segments: parts.map(([key, label, amount], idx) => ({
      key,
      label,
      amount: formatNear(amount, decimals),
      exact: exactNear(amount),
      ...(shares[idx] as Share),
    })),
    note: short ? 'Storage pins more than the balance holds, so spendable is negative: the account cannot add storage until it receives NEAR.' : '',
  };
}

/** One part's share of the bar: `percent` for display, `exactPercent` (6 decimals) and `width` (0–100). */
export type Share = Pick<BarSegment, 'percent' | 'exactPercent' | 'width'>;

/** Places of the exact share: the percentage to 20 decimals, rounded half up (big.js division). */
const Pct = Big();
Pct.DP = 20;
Pct.RM = Big.roundHalfUp;

/**
 * Exact shares (6 decimals shown) and display shares to one decimal whose sum is exactly 100.0 (largest
 * remainder). A non-zero share that rounds to nothing reads "<0.1%" rather than a misleading "0%". The shares are
 * big.js decimals; only `tenths` (0–1000) and `width` (a display ratio, not money) become Numbers.
 */
export function percentages(parts: readonly bigint[], scale: bigint): Share[] {
  const whole = new Pct(String(scale));
  const rows = parts.map((amount) => {
    // amount × 100 / scale to 20 decimal places (half up); every shown figure is rounded from it.
    const exact = new Pct(String(amount)).times(100).div(whole);
    const tenths = exact.times(10).round(0, Big.roundDown); // whole tenths, toward zero
    return { amount, exact, tenths: Number(tenths), rem: exact.minus(tenths.div(10)) };
  });
  // The tenths lost to rounding down (never negative: the floors add up to at most 1000) go to the largest
  // remainders; the sort is stable, so equal remainders favour the earlier part.
  const missing = 1000 - rows.reduce((s, r) => s + r.tenths, 0);
  rows
    .filter((r) => r.rem.gt(0))
    .sort((a, b) => b.rem.cmp(a.rem))
    .slice(0, missing)
    .forEach((r) => r.tenths++);
  return rows.map((r) => ({
    percent: r.tenths === 0 && r.amount > 0n ? '<0.1%' : `${(r.tenths / 10).toFixed(1)}%`,
    exactPercent: `${decimalText(r.exact, 6)}%`,
    width: Number(decimalText(r.exact, 4)),
  }));
}

/** A share as decimal text rounded half up to `places`, trailing zeros dropped: "33.333333", "100", "0". */
const decimalText = (exact: Big, places: number): string =>
  exact
    .round(places, Big.roundHalfUp)
    .toFixed(places)
    .replace(/\.0+$|(\.\d*?)0+$/, '$1');

/** "26,340 bytes (25.7 KiB)": bytes grouped, with KiB or MiB beside them from 1 KiB up (one decimal, rounded down). */
export function bytesText(n: number): string {
  const [div, unit] = n >= 1 << 20 ? [1 << 20, 'MiB'] : [1024, 'KiB'];
  const size = n >= 1024 ? ` (${(Math.floor((n / div) * 10) / 10).toFixed(1)} ${unit})` : '';
  return `${n.toLocaleString('en-US')} bytes${size}`;
}

/** The table under the bar. Total owned is the headline above it, so it is not repeated here. */
function figures(st: AccountState, d: number, caveat: string): Figure[] {
  const fig = (label: string, v: bigint, note = '', warn = false): Figure => ({ label, value: formatNear(v, d), exact: exactNear(v), note, warn });
  const negative = st.spendable < 0n;
  return [
    fig('Balance', st.balance),
    fig('Locked', st.locked, caveat),
    { label: 'Storage used', value: bytesText(st.storageBytes), exact: '', note: '', warn: false },
    fig('Pinned by storage', st.pinned, '10^19 yoctoNEAR per byte'),
    fig('Spendable', st.spendable, 'balance − pinned by storage', negative),
  ];
}

// ---------------------------------------------------------------- tables

/** Current delegations first, then pools delegated to once and now empty; a pool whose refresh failed keeps its last amounts. */
function poolRows(i: PanelInput): PoolRow[] {
  const rows = i.full.pools.map((p): PoolRow => {
    const s = i.pools.get(p.poolId);
    const v = s?.data && describePool(s.data, i.decimals);
    const failed = s?.status === 'failed' ? sanitizeText(`${v ? 'Refresh failed' : 'Amounts unavailable'}: ${s.error ?? ''}`, 300) : '';
    return {
      poolId: sanitizeText(p.poolId, 100),
      staked: v?.staked ?? '',
      stakedExact: v?.stakedExact ?? '',
      unstaked: v?.unstaked ?? '',
      lastUpdate: formatHeight(p.lastUpdate),
      past: !!s?.data && isZeroPool(s.data),
      note: failed ? (v ? 'refresh failed' : 'pool did not answer') : v ? '' : s?.status === 'loading' ? 'loading…' : 'not loaded',
      why: failed,
    };
  });
  return rows.sort((a, b) => Number(a.past) - Number(b.past));
}

function indexerText(s: Slot<IndexerStatus> | undefined): string {
  const st = s?.data;
  // A failure in a word, never the service's sentence (that went to the log when the load failed).
  if (st === undefined) return s?.status === 'failed' ? 'Indexer status unavailable (the reason is in the NEAR Lens log).' : 'Indexer status not loaded.';
  const when = utcOfNs(st.syncBlockTimestampNanosec, 'second');
  const parts = [
    `Indexer at block ${formatHeight(st.syncBlockHeight)}`,
    st.syncBalanceBlockHeight !== undefined && `balances at ${formatHeight(st.syncBalanceBlockHeight)}`,
    st.syncLatencySec !== undefined && `${st.syncLatencySec.toFixed(1)} s behind the chain`,
    when && `block time ${when}`,
    st.version && `version ${sanitizeText(st.version, 30)}`,
  ];
  return `${parts.filter(Boolean).join(', ')}.`;
}

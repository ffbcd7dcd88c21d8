// The balance panel's message protocol, shared by the extension host and the webview, with guards for every inbound message. Pure: no `vscode`, no DOM, no Node.
import type { HistoryHostMessage } from '../timeTravel/protocol';
import type { TxHostMessage } from '../transactions/protocol';
import { exactly, fieldOf, isStr, list, oneOf, spec } from '../../ui/guard';

/** Bar segments of the balance picture. 'shortfall' appears only when storage pins more than the balance. */
export type SegmentKey = 'spendable' | 'pinned' | 'locked' | 'shortfall';

export interface BarSegment {
  key: SegmentKey;
  label: string;
  amount: string; // "1,234.56 NEAR" (display decimals)
  exact: string; // "1,234.5675366 NEAR" (every digit)
  width: number; // 0–100, share of the bar (display only)
  percent: string; // "12.3%" — rounded so that the shown values add up to 100
  exactPercent: string; // up to 6 decimals, from exact integer arithmetic
}

export interface Figure {
  label: string;
  value: string;
  exact: string;
  note: string; // '' when none
  warn: boolean;
}

export interface TokenRow {
  contractId: string;
  symbol: string;
  amount: string;
  exact: string;
  lastUpdate: string;
  liquid: boolean;
  note: string; // a short reason ("metadata unavailable"); '' when all is well
  why: string; // the whole reason, shown as the note's title
}

export interface NftRow {
  contractId: string;
  publisher: string;
  lastUpdate: string;
}

export interface PoolRow {
  poolId: string;
  staked: string;
  stakedExact: string;
  unstaked: string;
  lastUpdate: string;
  past: boolean; // both balances zero
  note: string; // a short state ("pool did not answer", "loading…")
  why: string; // the whole reason, shown as the note's title
}

/** Everything the webview shows. Only strings, numbers and booleans (amounts pre-formatted by the host); never the key. */
export interface PanelViewModel {
  accountId: string;
  accountKind: string;
  network: string;
  exists: boolean;
  total: string;
  totalExact: string;
  bar: BarSegment[];
  barNote: string;
  figures: Figure[];
  caveat: string;
  liquid: TokenRow[];
  tokens: TokenRow[];
  nfts: NftRow[];
  nftFilter: string;
  pools: PoolRow[];
  /** '' when the tables are shown; else the word in their place ("no indexer on this network", "tokens unavailable: …"). */
  lists: string;
  latestActivity: string;
  indexer: string;
  updatedAt: string; // local time of the data
  updatedAtIso: string;
  notes: string[];
}

export type HostMessage =
  | { type: 'account'; data: PanelViewModel }
  | { type: 'loading'; accountId: string }
  | { type: 'error'; message: string }
  // The History section's messages: guarded by isHistoryHostMessage (timeTravel/guards.ts), not isHostMessage.
  | HistoryHostMessage
  // The Transactions section's: guarded by isTxHostMessage (transactions/guards.ts).
  | TxHostMessage;

/** `refresh` with a `part`: one table's Refresh (its narrow endpoint only); `copyCurl`: Copy as curl of the account. */
export type WebviewMessage = { type: 'ready' } | { type: 'refresh'; part?: 'ft' | 'nft' | 'staking' } | { type: 'copyCurl' };

/** Messages from the webview: exactly `{type:'ready'}`, `{type:'copyCurl'}` or `{type:'refresh'}` (a `part` allowed), nothing more. */
const WEBVIEW_MESSAGES = [
  exactly({ type: oneOf('ready') }),
  exactly({ type: oneOf('copyCurl') }),
  exactly({ type: oneOf('refresh'), part: oneOf(undefined, 'ft', 'nft', 'staking') }),
];

export function isWebviewMessage(v: unknown): v is WebviewMessage {
  return WEBVIEW_MESSAGES.some((check) => check(v));
}

const TOKEN = spec('contractId symbol amount exact lastUpdate note why', '', 'liquid');
const MODEL = spec(
  'accountId accountKind network total totalExact barNote caveat nftFilter lists latestActivity indexer updatedAt updatedAtIso',
  '',
  'exists',
  {
    bar: list(spec('label amount exact percent exactPercent', 'width', '', { key: oneOf('spendable', 'pinned', 'locked', 'shortfall') }), 4),
    figures: list(spec('label value exact note', '', 'warn'), 50),
    liquid: list(TOKEN),
    tokens: list(TOKEN),
    nfts: list(spec('contractId publisher lastUpdate')),
    pools: list(spec('poolId staked stakedExact unstaked lastUpdate note why', '', 'past')),
    notes: list(isStr, 50),
  },
);

/** A complete, well-typed view model (the webview checks what it renders; the host builds it with panelModel). */
export function isPanelViewModel(v: unknown): v is PanelViewModel {
  return MODEL(v);
}

/** Messages from the extension host, checked in the webview before anything is rendered (built here, not at load: the host never needs them). */
export function isHostMessage(v: unknown): v is HostMessage {
  return [
    exactly({ type: oneOf('account'), data: MODEL }),
    exactly({ type: oneOf('loading'), accountId: isStr }),
    exactly({ type: oneOf('error'), message: isStr }),
  ].some((check) => check(v));
}

/** What the webview keeps with setState: enough for the serializer to revive the panel and to paint at once. */
export interface PanelState {
  accountId: string;
  data?: PanelViewModel;
}

export function isPanelState(v: unknown): v is PanelState {
  // Not exact: a state saved by another version of the webview may hold more, and still names its account.
  const data = fieldOf(v, 'data');
  return isStr(fieldOf(v, 'accountId')) && (data === undefined || isPanelViewModel(data));
}

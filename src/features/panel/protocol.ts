// The balance panel's message protocol, shared by the extension host and the webview, with guards for every inbound message. Pure: no `vscode`, no DOM, no Node.
import type { HistoryHostMessage } from '../timeTravel/protocol';
import type { TxHostMessage } from '../transactions/protocol';

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

type Rec = Record<string, unknown>;
type Check = (v: unknown) => boolean;

function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An own property only: an inherited `type` (Object.create({type:'ready'})) is not a message field. */
function own(v: Rec, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
}

/** An object with exactly these own fields (no others), each passing its check. */
export function fields(checks: Readonly<Record<string, Check>>): Check {
  const keys = Object.keys(checks);
  return (v) => isRec(v) && Object.keys(v).every((k) => keys.includes(k)) && Object.entries(checks).every(([k, check]) => check(own(v, k)));
}

const MAX_TEXT = 10_000;

export function isStr(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

/** Fields from space-separated names: strings, then numbers and booleans (also space-separated), then any other checks. */
export function spec(strings: string, numbers = '', booleans = '', more: Readonly<Record<string, Check>> = {}): Check {
  const out: Record<string, Check> = {};
  const add = (names: string, check: Check): void => names.split(' ').forEach((n) => n && (out[n] = check));
  add(strings, isStr);
  add(numbers, (v) => typeof v === 'number' && Number.isFinite(v));
  add(booleans, (v) => typeof v === 'boolean');
  return fields({ ...out, ...more });
}

export const list =
  (item: Check, max = 5000): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every(item);

/** Messages from the webview: exactly `{type:'ready'}`, `{type:'refresh'}` (a `part` allowed) or `{type:'copyCurl'}`, nothing more. */
const WEBVIEW_MESSAGE = fields({
  type: (t) => t === 'ready' || t === 'refresh' || t === 'copyCurl',
  part: (p) => p === undefined || p === 'ft' || p === 'nft' || p === 'staking',
});

export function isWebviewMessage(v: unknown): v is WebviewMessage {
  return WEBVIEW_MESSAGE(v) && ((v as Rec)['part'] === undefined || (v as Rec)['type'] === 'refresh');
}

const SEGMENT_KEYS: readonly unknown[] = ['spendable', 'pinned', 'locked', 'shortfall'];
const TOKEN = spec('contractId symbol amount exact lastUpdate note why', '', 'liquid');
const MODEL = spec(
  'accountId accountKind network total totalExact barNote caveat nftFilter lists latestActivity indexer updatedAt updatedAtIso',
  '',
  'exists',
  {
    bar: list(spec('label amount exact percent exactPercent', 'width', '', { key: (k) => SEGMENT_KEYS.includes(k) }), 4),
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
    fields({ type: (t) => t === 'account', data: MODEL }),
    fields({ type: (t) => t === 'loading', accountId: isStr }),
    fields({ type: (t) => t === 'error', message: isStr }),
  ].some((check) => check(v));
}

/** What the webview keeps with setState: enough for the serializer to revive the panel and to paint at once. */
export interface PanelState {
  accountId: string;
  data?: PanelViewModel;
}

export function isPanelState(v: unknown): v is PanelState {
  return isRec(v) && isStr(own(v, 'accountId')) && (own(v, 'data') === undefined || isPanelViewModel(own(v, 'data')));
}

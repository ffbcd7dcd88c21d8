// The balance panel's message protocol, shared by the extension host and the webview, with guards for every inbound message. Pure: no `vscode`, no DOM, no Node.

/** Bar segments of the balance picture. 'shortfall' appears only when storage pins more than the balance. */
export type SegmentKey = 'spendable' | 'pinned' | 'locked' | 'shortfall';

export interface BarSegment {
  key: SegmentKey;
  label: string;
  amount: string; // "1,234.56 NEAR" (display decimals)
  exact: string; // "1,234.5675366 NEAR" (every digit)
  width: number; // 0–100, share of the bar (display only)
  percent: string; // "12.3%" — rounded so that the shown values add up to 100
  exactPercent: string; // up to 6 decimals, from big.js
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
  note: string;
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
  note: string;
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
  latestActivity: string;
  indexer: string;
  updatedAt: string; // local time of the data
  updatedAtIso: string;
  notes: string[];
}

export type HostMessage =
  | { type: 'account'; data: PanelViewModel }
  | { type: 'loading'; accountId: string }
  | { type: 'error'; message: string };

export type WebviewMessage = { type: 'ready' } | { type: 'refresh' };

type Rec = Record<string, unknown>;

function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function onlyKeys(v: Rec, keys: readonly string[]): boolean {
  return Object.keys(v).every((k) => keys.includes(k));
}

/** An own property only: an inherited `type` (Object.create({type:'ready'})) is not a message field. */
function own(v: Rec, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
}

/** Messages from the webview: exactly `{type:'ready'}` or `{type:'refresh'}`, nothing more. */
export function isWebviewMessage(v: unknown): v is WebviewMessage {
  return isRec(v) && (own(v, 'type') === 'ready' || own(v, 'type') === 'refresh') && onlyKeys(v, ['type']);
}

const MAX_TEXT = 10_000;

function isStr(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

type FieldType = 'string' | 'number' | 'boolean';

function hasFields(v: unknown, spec: Readonly<Record<string, FieldType>>): boolean {
  if (!isRec(v) || !onlyKeys(v, Object.keys(spec))) return false;
  for (const [k, t] of Object.entries(spec)) {
    const x = own(v, k);
    if (t === 'string' ? !isStr(x) : t === 'number' ? typeof x !== 'number' || !Number.isFinite(x) : typeof x !== 'boolean') return false;
  }
  return true;
}

function isList(v: unknown, spec: Readonly<Record<string, FieldType>>, max = 5000): boolean {
  return Array.isArray(v) && v.length <= max && v.every((e) => hasFields(e, spec));
}

/** A field spec from space-separated names: strings, then `numbers` and `booleans` (also space-separated). */
function spec(strings: string, numbers = '', booleans = ''): Readonly<Record<string, FieldType>> {
  const out: Record<string, FieldType> = {};
  const add = (names: string, t: FieldType): void => names.split(' ').forEach((n) => n && (out[n] = t));
  add(strings, 'string');
  add(numbers, 'number');
  add(booleans, 'boolean');
  return out;
}

const SEGMENT = spec('key label amount exact percent exactPercent', 'width');
const FIGURE = spec('label value exact note', '', 'warn');
const TOKEN = spec('contractId symbol amount exact lastUpdate note', '', 'liquid');
const NFT = spec('contractId publisher lastUpdate');
const POOL = spec('poolId staked stakedExact unstaked lastUpdate note', '', 'past');
const SEGMENT_KEYS: readonly string[] = ['spendable', 'pinned', 'locked', 'shortfall'];
const SCALARS = spec('accountId accountKind network total totalExact barNote caveat nftFilter latestActivity indexer updatedAt updatedAtIso', '', 'exists');
const LISTS: readonly string[] = ['bar', 'figures', 'liquid', 'tokens', 'nfts', 'pools', 'notes'];

/** A complete, well-typed view model (the webview checks what it renders; the host builds it with panelModel). */
export function isPanelViewModel(v: unknown): v is PanelViewModel {
  if (!isRec(v) || !onlyKeys(v, [...Object.keys(SCALARS), ...LISTS])) return false;
  const scalars = Object.fromEntries(Object.entries(v).filter(([k]) => !LISTS.includes(k)));
  const [bar, figures, liquid, tokens, nfts, pools, notes] = LISTS.map((k) => own(v, k));
  return (
    hasFields(scalars, SCALARS) &&
    isList(bar, SEGMENT, 4) &&
    (bar as Rec[]).every((s) => SEGMENT_KEYS.includes(s['key'] as string)) &&
    isList(figures, FIGURE, 50) &&
    isList(liquid, TOKEN) &&
    isList(tokens, TOKEN) &&
    isList(nfts, NFT) &&
    isList(pools, POOL) &&
    Array.isArray(notes) &&
    notes.length <= 50 &&
    notes.every(isStr)
  );
}

/** Messages from the extension host, checked in the webview before anything is rendered. */
export function isHostMessage(v: unknown): v is HostMessage {
  if (!isRec(v)) return false;
  switch (own(v, 'type')) {
    case 'account':
      return onlyKeys(v, ['type', 'data']) && isPanelViewModel(own(v, 'data'));
    case 'loading':
      return onlyKeys(v, ['type', 'accountId']) && isStr(own(v, 'accountId'));
    case 'error':
      return onlyKeys(v, ['type', 'message']) && isStr(own(v, 'message'));
    default:
      return false;
  }
}

/** What the webview keeps with setState: enough for the serializer to revive the panel and to paint at once. */
export interface PanelState {
  accountId: string;
  data?: PanelViewModel;
}

export function isPanelState(v: unknown): v is PanelState {
  return isRec(v) && isStr(own(v, 'accountId')) && (own(v, 'data') === undefined || isPanelViewModel(own(v, 'data')));
}

// The Inspect Transaction panel's messages, shared by its host and its page, and the guard of the page's requests (the
// host's). The page's guard of the host's messages is in guards.ts, so that the host bundles none of it. Only text,
// numbers and booleans cross: every figure pre-formatted by the host, every string from the chain cut and sanitised.
// Pure: no `vscode`, no DOM, no Node.
import { count, exactly, oneOf } from '../../ui/guard';

/** One group of a receipt's gas: a segment of its bar and a row of the table behind it. */
export interface GasSegmentView {
  name: string;
  /** "0.226562811868 TGas" (exact). */
  tgas: string;
  /** "226,562,811,868" */
  gas: string;
  /** "20.3%" */
  percent: string;
  /** Share of the bar's scale (the larger of burnt and attached), 0–100; display only. */
  width: number;
  /** Which colour (0–9): the group's place in the fixed list, so a group keeps its colour in every receipt. */
  hue: number;
}

export interface GasView {
  /** "1.114749760106 TGas burnt" */
  burnt: string;
  /** The table's total row: the gas burnt, "1.114749760106 TGas" and "1,114,749,760,106". */
  total: { tgas: string; gas: string };
  /** "3 TGas attached" ('' when the receipt ran no call). */
  attached: string;
  /** Where the attached gas ends on the bar, 0–100 of its scale; -1: not drawn. */
  attachedAt: number;
  segments: GasSegmentView[];
  /** The receipt's own fee, itemised: "function call: 57 bytes … × 2,235,934" and its gas. */
  parts: Array<{ what: string; tgas: string; gas: string }>;
  /** Why there is no profile ('' when there is one). */
  unavailable: string;
  /** "Out of gas: most of it went to storage writes …" ('' otherwise). */
  outOfGas: string;
  /** A note on the profile (an older metadata version), '' when none. */
  note: string;
}

/** A key or value as shown: its reading cut at 1 KB (Copy gives the whole), its size. */
export interface BytesView {
  text: string;
  cut: boolean;
  /** "34 bytes" ('' for an absent value). */
  size: string;
}

export interface ChangeView {
  key: BytesView;
  before: BytesView;
  after: BytesView;
  kind: 'create' | 'update' | 'delete';
  /** "+74 bytes", "−9 bytes", "not known" */
  bytes: string;
  /** Why the value before is not known ('' when it is). */
  beforeNote: string;
}

export interface StateView {
  changes: ChangeView[];
  /** "+25 bytes, pinning 0.00025 NEAR" ('' when not known). */
  storage: string;
  /** The account's figures before → after: balance, locked, storage, code hash. */
  account: Array<{ label: string; before: string; after: string }>;
  /** "3 more keys changed (not read)" ('' when none). */
  more: string;
  /** Why the changes are not shown ('' when they are). */
  unavailable: string;
}

export interface ReceiptView {
  id: string;
  /** Its depth in the receipt tree (0: made by the transaction). */
  depth: number;
  /** "set_greeting on hello.sleet.testnet", "refund to alice.near", "Transfer to bob.near" */
  title: string;
  predecessorId: string;
  executorId: string;
  status: 'success' | 'failure' | 'pending';
  /** "✓ succeeded", "✗ failed", "… pending" */
  statusText: string;
  failure: string;
  /** "block #187,300,001" ('' when not known). */
  block: string;
  /** Its block's reads are done (false: shown from tx_status while they load). */
  loaded: boolean;
  gas: GasView;
  state: StateView;
}

export interface InspectHeadView {
  hash: string;
  /** The network as the user reads it ("testnet", "local · 127.0.0.1:3031"). */
  network: string;
  networkLabel: 'mainnet' | 'testnet' | 'custom';
  status: 'success' | 'failure' | 'pending';
  statusText: string;
  signerId: string;
  receiverId: string;
  /** "1.425527231861 TGas" */
  gasBurnt: string;
  /** "0.000142552723186100 NEAR" */
  tokensBurnt: string;
  receiptCount: number;
}

export type InspectHostMessage =
  | { type: 'inspectStart'; head: InspectHeadView; receipts: ReceiptView[] }
  | { type: 'inspectReceipt'; index: number; receipt: ReceiptView }
  | { type: 'inspectDone'; note: string }
  | { type: 'inspectError'; message: string };

/** Copy a key or a value whole; Open as Text (the transaction document with the gas and state sections). */
export type InspectRequest = { type: 'ready' } | { type: 'copy'; receipt: number; change: number; side: 'key' | 'before' | 'after' } | { type: 'openText' };

const MAX_INDEX = 100_000;
const REQUESTS = [
  exactly({ type: oneOf('ready') }),
  exactly({ type: oneOf('openText') }),
  exactly({ type: oneOf('copy'), receipt: count(MAX_INDEX), change: count(MAX_INDEX), side: oneOf('key', 'before', 'after') }),
];

/** A request from the page: exactly one of InspectRequest, nothing more. */
export function isInspectRequest(v: unknown): v is InspectRequest {
  return REQUESTS.some((check) => check(v));
}

/** What the page keeps with setState, for the serializer to open the same inspection after a restart. */
export interface InspectState {
  hash: string;
  network: 'mainnet' | 'testnet' | 'custom';
}

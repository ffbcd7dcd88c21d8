// What Inspect Transaction answers: a transaction's receipts as a tree, each with where its gas went (gas.ts) and what
// it changed in its account's storage and balance — from RPC `EXPERIMENTAL_tx_status` (the outcomes, their profiles,
// the receipts' actions) and each block's `EXPERIMENTAL_changes`, with the values before from the block before. Pure:
// no `vscode`, no I/O; every gas and yocto figure an exact decimal string.
import { isRecord } from '../../../base/json';
import type { AccountState, FeeConfig, StateChange } from '../../../client/changes';
import { failureText } from '../../../near/failure/text';
import type { NetworkLabel } from '../../../near/networks';
import { readBytes } from './bytes';
import type { Bytes } from './bytes';
import { feeAction, receiptGas } from './gas';
import type { FeeAction, ReceiptGas } from './gas';

export type InspectStatus = 'success' | 'failure' | 'pending';

export interface InspectedChange {
  key: Bytes;
  before?: Bytes;
  after?: Bytes;
  kind: 'create' | 'update' | 'delete';
  /** Storage bytes this change adds (negative: frees), as nearcore counts them (a new record: key + value + 40). */
  bytesDelta: number;
  /** Why the value before is not known, in words (then a write reads as an update and `bytesDelta` is 0: not known). */
  beforeUnknown?: string;
}

export interface ReceiptState {
  changes: InspectedChange[];
  account?: { before?: AccountState; after: AccountState };
  /** Storage bytes the receipt added (negative: freed), signed digits. */
  storageDelta?: string;
  /** What they pin: storageDelta × the storage price, yocto, signed digits. */
  storageCost?: string;
  /** Changed keys past the first MAX_KEYS, not read. */
  more?: number;
  /** Why the changes are not known, in words ("pending", a garbage-collected block, …). */
  unavailable?: string;
}

export interface InspectedReceipt {
  id: string;
  executorId: string;
  predecessorId: string;
  methods: string[];
  blockHash?: string;
  blockHeight?: string;
  status: InspectStatus;
  /** The receipt's failure in words. */
  failure?: string;
  /** The receipt whose outcome created this one; none for the transaction's own. */
  parentId?: string;
  /** A gas refund (from `system`). */
  refund: boolean;
  gas: ReceiptGas;
  state: ReceiptState;
}

export interface Inspection {
  hash: string;
  network: NetworkLabel;
  signerId: string;
  receiverId: string;
  status: InspectStatus;
  /** Over the transaction and every receipt. */
  gasBurnt: string;
  tokensBurnt: string;
  receipts: InspectedReceipt[];
}

/** Storage keys read per receipt (each costs a `view_state`); the rest are counted in `more`. */
export const MAX_KEYS = 20;
/** nearcore's storage for one record beyond its key and value (`storage_num_extra_bytes_record`). */
export const RECORD_EXTRA_BYTES = 40;
export const PENDING = 'pending: this receipt has not executed yet.';

/** A receipt as tx_status gives it, before its block's reads. */
export interface ReceiptSkeleton {
  id: string;
  executorId: string;
  predecessorId: string;
  methods: string[];
  blockHash?: string;
  status: InspectStatus;
  failure?: string;
  parentId?: string;
  refund: boolean;
  burnt: bigint;
  attached?: bigint;
  metadata: unknown;
  actions?: FeeAction[];
  /** It ran a function call: its storage and balance may have changed. */
  ranCode: boolean;
}

export interface TxSkeleton {
  hash: string;
  signerId: string;
  receiverId: string;
  status: InspectStatus;
  gasBurnt: string;
  tokensBurnt: string;
  /** The block of the transaction's own outcome. */
  blockHash?: string;
  receipts: ReceiptSkeleton[];
}

const U = /^\d{1,40}$/;
const num = (v: unknown): bigint =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : typeof v === 'string' && U.test(v) ? BigInt(v) : 0n;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function ownStatus(s: unknown): { status: InspectStatus; next?: string; failure?: string } {
  if (isRecord(s)) {
    if (typeof s['SuccessValue'] === 'string') return { status: 'success' };
    if (typeof s['SuccessReceiptId'] === 'string') return { status: 'success', next: s['SuccessReceiptId'] };
    if ('Failure' in s) return { status: 'failure', failure: failureText(s['Failure']) };
  }
  return { status: 'pending' };
}

/**
 * The receipts of an `EXPERIMENTAL_tx_status` answer as a tree in order (each after the receipt that made it), with
 * their gas inputs and actions; a receipt an outcome names but that has no outcome yet is pending.
 */
export function txSkeleton(result: unknown): TxSkeleton {
  const r = isRecord(result) ? result : {};
  const tx = isRecord(r['transaction']) ? r['transaction'] : {};
  const txOutcome = isRecord(r['transaction_outcome']) ? r['transaction_outcome'] : {};
  const outcomes = new Map<string, Record<string, unknown>>();
  for (const o of Array.isArray(r['receipts_outcome']) ? r['receipts_outcome'] : []) if (isRecord(o) && typeof o['id'] === 'string') outcomes.set(o['id'], o);
  const views = new Map<string, Record<string, unknown>>();
  for (const v of Array.isArray(r['receipts']) ? r['receipts'] : []) if (isRecord(v) && typeof v['receipt_id'] === 'string') views.set(v['receipt_id'], v);
  const inner = (o: Record<string, unknown> | undefined): Record<string, unknown> => (o && isRecord(o['outcome']) ? o['outcome'] : {});
  const childrenOf = (o: Record<string, unknown> | undefined): string[] => {
    const ids = inner(o)['receipt_ids'];
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
  };

  const receipts: ReceiptSkeleton[] = [];
  const seen = new Set<string>();
  const visit = (id: string, parentId: string | undefined): void => {
    if (seen.has(id) || receipts.length >= 10_000) return;
    seen.add(id);
    const o = outcomes.get(id);
    const out = inner(o);
    const view = views.get(id);
    const body = view && isRecord(view['receipt']) ? view['receipt'] : {};
    const action = isRecord(body['Action']) ? body['Action'] : undefined;
    const rawActions: unknown[] | undefined = action && Array.isArray(action['actions']) ? action['actions'] : undefined;
    const actions = rawActions?.map(feeAction);
    const own = o ? ownStatus(out['status']) : { status: 'pending' as const };
    const predecessorId = str(view?.['predecessor_id']);
    const methods = (actions ?? []).flatMap((a) => (a.kind === 'FunctionCall' ? [a.methodName] : []));
    const attached = rawActions?.reduce<bigint>((s, a) => s + (isRecord(a) && isRecord(a['FunctionCall']) ? num(a['FunctionCall']['gas']) : 0n), 0n);
    const s: ReceiptSkeleton = {
      id,
      executorId: str(out['executor_id']) || str(view?.['receiver_id']),
      predecessorId,
      methods,
      status: own.status,
      refund: predecessorId === 'system',
      burnt: num(out['gas_burnt']),
      metadata: out['metadata'],
      ranCode: own.status !== 'pending' && methods.length > 0,
    };
    if (own.failure !== undefined) s.failure = own.failure;
    if (o && typeof o['block_hash'] === 'string') s.blockHash = o['block_hash'];
    if (parentId !== undefined) s.parentId = parentId;
    if (actions) s.actions = actions;
    if (attached !== undefined && methods.length > 0) s.attached = attached;
    receipts.push(s);
    for (const child of childrenOf(o)) visit(child, id);
  };
  for (const id of childrenOf(txOutcome)) visit(id, undefined);
  // Outcomes no other outcome names (a node's partial answer): after the tree.
  for (const id of outcomes.keys()) visit(id, undefined);

  // The final status: the transaction's outcome, then each SuccessReceiptId's receipt, until one settles.
  let final = isRecord(txOutcome['outcome']) ? ownStatus(txOutcome['outcome']['status']) : { status: 'pending' as InspectStatus };
  for (let hops = 0; final.next !== undefined && hops < 1000; hops++) {
    const o = outcomes.get(final.next);
    final = o ? ownStatus(inner(o)['status']) : { status: 'pending' };
  }
  let gas = num(inner(txOutcome)['gas_burnt']);
  let tokens = num(inner(txOutcome)['tokens_burnt']);
  for (const o of outcomes.values()) {
    gas += num(inner(o)['gas_burnt']);
    tokens += num(inner(o)['tokens_burnt']);
  }
  return {
    hash: str(tx['hash']),
    signerId: str(tx['signer_id']),
    receiverId: str(tx['receiver_id']),
    status: final.status,
    gasBurnt: String(gas),
    tokensBurnt: String(tokens),
    ...(typeof txOutcome['block_hash'] === 'string' && { blockHash: txOutcome['block_hash'] }),
    receipts,
  };
}

/** A receipt's gas (its groups adding up to what it burnt), with the fees of its block when they were read. */
export const gasOfReceipt = (s: ReceiptSkeleton, fees?: FeeConfig): ReceiptGas =>
  receiptGas({
    burnt: s.burnt,
    ...(s.attached !== undefined && { attached: s.attached }),
    metadata: s.metadata,
    ...(s.actions && { actions: s.actions }),
    receiverId: s.executorId,
    ...(fees && { fees }),
  });

// ---------------------------------------------------------------- state

const mine = (c: StateChange, receiptId: string): boolean => c.cause.receiptHash === receiptId;
const keyOf = (c: StateChange): string | undefined => (c.type === 'data_update' || c.type === 'data_deletion' ? c.keyBase64 : undefined);

/** What a key's value was before the receipt changed it, when the block says it: a write earlier in the same block. */
interface KeyPlan {
  keyBase64: string;
  /** The block's own earlier write (its value, null for a deletion); undefined: read it at the block before. */
  earlier?: string | null;
  /** The receipt's last change of the key: its value, null for a deletion. */
  after: string | null;
}

/**
 * The receipt's changed keys in the order the block lists them (the first MAX_KEYS; `more` counts the rest), each with
 * its value after and, when an earlier change of the same key in the block gives it, its value before.
 */
export function planKeys(receiptId: string, data: readonly StateChange[]): { keys: KeyPlan[]; more: number } {
  const byKey = new Map<string, KeyPlan>();
  const lastOther = new Map<string, string | null>();
  for (const c of data) {
    const k = keyOf(c);
    if (k === undefined) continue;
    const value = c.type === 'data_update' ? c.valueBase64 : null;
    if (!mine(c, receiptId)) {
      if (!byKey.has(k)) lastOther.set(k, value);
      continue;
    }
    const plan = byKey.get(k);
    if (plan) plan.after = value;
    else byKey.set(k, { keyBase64: k, ...(lastOther.has(k) && { earlier: lastOther.get(k)! }), after: value });
  }
  const all = [...byKey.values()];
  return { keys: all.slice(0, MAX_KEYS), more: Math.max(0, all.length - MAX_KEYS) };
}

/** The receipt's account after it ran and, when the block says it, before: the account's change just before its own. */
export function planAccount(receiptId: string, accounts: readonly StateChange[]): { after?: AccountState; before?: AccountState; beforeInBlock: boolean } {
  let before: AccountState | undefined;
  let after: AccountState | undefined;
  let beforeInBlock = false;
  for (const c of accounts) {
    if (c.type !== 'account_update') continue;
    if (mine(c, receiptId)) {
      after = c.account;
    } else if (after === undefined) {
      before = c.account;
      beforeInBlock = true;
    }
  }
  return { ...(after && { after }), ...(before && { before }), beforeInBlock };
}

/** A value before: its base64, null (the key had no value), or why it is not known. */
export type Before = string | null | { unknown: string };

/** One change as shown: both sides read, its kind, the storage bytes it adds as nearcore counts them. */
export function inspectedChange(keyBase64: string, before: Before, after: string | null): InspectedChange {
  const key = readBytes(keyBase64, true);
  const unknown = before !== null && typeof before === 'object' ? before.unknown : undefined;
  const b = typeof before === 'string' ? readBytes(before, false) : undefined;
  const a = after === null ? undefined : readBytes(after, false);
  const kind = a === undefined ? 'delete' : b === undefined && unknown === undefined ? 'create' : 'update';
  const record = (v: Bytes): number => key.size + v.size + RECORD_EXTRA_BYTES;
  const bytesDelta = unknown !== undefined ? 0 : a && b ? a.size - b.size : a ? record(a) : b ? -record(b) : 0;
  return {
    key,
    ...(b && { before: b }),
    ...(a && { after: a }),
    kind,
    bytesDelta,
    ...(unknown !== undefined && { beforeUnknown: unknown }),
  };
}

/**
 * A receipt's state: its changes, its account before → after, and the storage it added with its cost. The storage
 * delta is the account's own (storage_usage after − before) when both are known, else the changes' sum when every
 * value before is known and no key was left out; otherwise it is not given.
 */
export function receiptState(input: {
  changes: InspectedChange[];
  more: number;
  account?: { before?: AccountState; after: AccountState };
  storagePrice?: bigint;
}): ReceiptState {
  const { changes, more, account } = input;
  const out: ReceiptState = { changes };
  if (account) out.account = account;
  if (more > 0) out.more = more;
  let delta: bigint | undefined;
  if (account?.before) delta = BigInt(account.after.storageUsage) - BigInt(account.before.storageUsage);
  else if (more === 0 && changes.every((c) => c.beforeUnknown === undefined)) delta = changes.reduce((s, c) => s + BigInt(c.bytesDelta), 0n);
  if (delta !== undefined) {
    out.storageDelta = String(delta);
    if (input.storagePrice !== undefined) out.storageCost = String(delta * input.storagePrice);
  }
  return out;
}

/** The state of a receipt that changed nothing readable (a refund, a transfer): nothing to read. */
export const noState = (unavailable?: string): ReceiptState => ({ changes: [], ...(unavailable !== undefined && { unavailable }) });

/** A receipt for the answer, from its skeleton and what its block's reads gave. */
export function inspectedReceipt(s: ReceiptSkeleton, blockHeight: string | undefined, gas: ReceiptGas, state: ReceiptState): InspectedReceipt {
  return {
    id: s.id,
    executorId: s.executorId,
    predecessorId: s.predecessorId,
    methods: s.methods,
    ...(s.blockHash !== undefined && { blockHash: s.blockHash }),
    ...(blockHeight !== undefined && { blockHeight }),
    status: s.status,
    ...(s.failure !== undefined && { failure: s.failure }),
    ...(s.parentId !== undefined && { parentId: s.parentId }),
    refund: s.refund,
    gas,
    state,
  };
}

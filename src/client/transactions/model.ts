// A transaction as NEAR Lens shows it: from a FastNEAR transactions-API record or an RPC `tx` /
// `EXPERIMENTAL_tx_status` answer, the final status by nearcore's rule (follow SuccessReceiptId to a SuccessValue or a
// Failure), every receipt with its own status, the fee summed exactly, logs and NEP-297 events. Every u64/u128 is an
// exact decimal string; a failed receipt (and a failed transaction) explained from its raw error and the action that
// failed. Pure: no `vscode`, no I/O.
import { badShape } from '../../base/errors';
import { isRecord, parseJsonExact } from '../../base/json';
import { base64Bytes, decodeCallResult } from '../../near/contract/values';
import type { CallResult } from '../../near/contract/values';
import { dec, str, toActions } from './actions';
import type { ActionModel } from './actions';
import { failureText } from '../../near/failure/text';
import { explainFailure } from '../../near/failure/explain';
import type { FailureContext, FailureExplained } from '../../near/failure/explain';

export type TxStatus = 'success' | 'failure' | 'pending';

/** A NEP-297 event from an `EVENT_JSON:` log line. */
export interface TxEvent {
  standard: string;
  version: string;
  event: string;
  data?: unknown;
}

export interface ReceiptModel {
  id: string;
  predecessorId: string;
  receiverId: string;
  status: TxStatus;
  failure?: string;
  /** The failure explained: its kind, the contract's or the chain's words, what they mean, a fix, the panic's location. */
  error?: FailureExplained;
  gasBurnt: string;
  tokensBurnt: string;
  logs: string[];
  events: TxEvent[];
  /** What the receipt returned (SuccessValue), decoded: JSON, else text, else binary. */
  returned?: CallResult;
  actions: ActionModel[];
  /** A refund (from `system`). */
  refund: boolean;
  blockHash?: string;
  blockHeight?: string;
  timestamp?: string;
}

export interface TransactionModel {
  hash: string;
  signerId: string;
  receiverId: string;
  publicKey: string;
  nonce: string;
  status: TxStatus;
  /** The final failure in words (a contract's panic verbatim). */
  failure?: string;
  /** The final failure explained (the failed receipt's own, or the transaction outcome's). */
  error?: FailureExplained;
  blockHash: string;
  /** Absent only when the block could not be read (`blockUnread` says why). */
  blockHeight?: string;
  /** ns since the epoch, exact; absent only when the block could not be read. */
  timestamp?: string;
  /**
   * Why the transaction's block, its height and time, could not be read (RPC `block` after the transaction was read):
   * the transaction is shown all the same, its time unknown.
   */
  blockUnread?: string;
  /** Over the transaction and every receipt. */
  gasBurnt: string;
  tokensBurnt: string;
  actions: ActionModel[];
  /** The final SuccessValue, decoded. */
  returned?: CallResult;
  receipts: ReceiptModel[];
}

interface Outcome {
  id: string;
  status: unknown;
  /** Exact digits. */
  gasBurnt: string;
  tokensBurnt: string;
  logs: string[];
  blockHash?: string;
  blockHeight?: string;
  timestamp?: string;
}

/** An execution outcome with its id (`{id, outcome, block_hash…}`). */
function toOutcome(v: unknown): Outcome {
  if (!isRecord(v) || !isRecord(v['outcome'])) throw badShape('The transaction record has an outcome of an unexpected shape.');
  const o = v['outcome'];
  const logs = Array.isArray(o['logs']) ? o['logs'].filter((l): l is string => typeof l === 'string') : [];
  const out: Outcome = {
    id: str(v['id'], 'outcome id'),
    status: o['status'],
    gasBurnt: dec(o['gas_burnt'], 'gas burnt'),
    tokensBurnt: dec(o['tokens_burnt'], 'tokens burnt'),
    logs,
  };
  if (typeof v['block_hash'] === 'string') out.blockHash = v['block_hash'];
  if (v['block_height'] !== undefined) out.blockHeight = dec(v['block_height'], 'block height');
  if (v['block_timestamp'] !== undefined) out.timestamp = dec(v['block_timestamp'], 'block timestamp');
  return out;
}

/** NEP-297 events of the `EVENT_JSON:` lines (others, or broken JSON, are not events). */
export function eventsOf(logs: readonly string[]): TxEvent[] {
  const out: TxEvent[] = [];
  for (const line of logs) {
    if (!line.startsWith('EVENT_JSON:')) continue;
    let v: unknown;
    try {
      v = parseJsonExact(line.slice(11));
    } catch {
      continue;
    }
    if (isRecord(v) && typeof v['standard'] === 'string' && typeof v['event'] === 'string') {
      out.push({
        standard: v['standard'],
        version: typeof v['version'] === 'string' ? v['version'] : '',
        event: v['event'],
        ...('data' in v && { data: v['data'] }),
      });
    }
  }
  return out;
}

/** One outcome's own status: settled, or pointing on to a receipt. */
function ownStatus(status: unknown): { status: TxStatus; failure?: string; raw?: unknown; next?: string; returned?: CallResult } {
  if (isRecord(status)) {
    if (typeof status['SuccessValue'] === 'string') {
      // Most receipts return nothing: no bytes to decode.
      if (status['SuccessValue'] === '') return { status: 'success' };
      const bytes = base64Bytes(status['SuccessValue']) ?? new Uint8Array();
      return { status: 'success', ...(bytes.length > 0 && { returned: decodeCallResult(bytes) }) };
    }
    if (typeof status['SuccessReceiptId'] === 'string') return { status: 'success', next: status['SuccessReceiptId'] };
    if ('Failure' in status) return { status: 'failure', failure: failureText(status['Failure']), raw: status['Failure'] };
  }
  return { status: 'pending' };
}

/**
 * What explainFailure needs of the failing call: the receiver, the action the error names (ActionError's index) when
 * it is a FunctionCall, and the gas the outcome burnt.
 */
function failureContext(raw: unknown, receiverId: string, actions: readonly ActionModel[], gasBurnt: string): FailureContext {
  const action = isRecord(raw) && isRecord(raw['ActionError']) ? raw['ActionError'] : undefined;
  const index = typeof action?.['index'] === 'number' ? action['index'] : actions.length === 1 ? 0 : undefined;
  const a = index === undefined ? undefined : actions[index];
  return {
    receiverId,
    ...(a?.kind === 'FunctionCall' && { action: { methodName: a.methodName, gas: a.gas, deposit: a.deposit } }),
    gasBurnt,
  };
}

/** The transaction's block as RPC `block` gave it, or why it could not be read. */
export type BlockAt = { height: string; timestamp: string } | { unread: string };

interface RawReceipt {
  id: string;
  predecessorId: string;
  receiverId: string;
  actions: ActionModel[];
}

/** The model from the transaction, its outcome, the receipts' outcomes and (when known) the receipts themselves. */
function build(tx: Record<string, unknown>, txOutcome: Outcome, outcomes: Outcome[], receipts: Map<string, RawReceipt>, at?: BlockAt): TransactionModel {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  // The final status: the transaction's outcome, then each SuccessReceiptId's receipt, until one settles.
  let final = ownStatus(txOutcome.status);
  let finalId: string | undefined;
  for (let hops = 0; final.next !== undefined && hops < 1000; hops++) {
    finalId = final.next;
    const o = byId.get(final.next);
    final = o ? ownStatus(o.status) : { status: 'pending' };
  }
  let gas = BigInt(txOutcome.gasBurnt);
  let tokens = BigInt(txOutcome.tokensBurnt);
  const models: ReceiptModel[] = outcomes.map((o) => {
    gas += BigInt(o.gasBurnt);
    tokens += BigInt(o.tokensBurnt);
    const own = ownStatus(o.status);
    const r = receipts.get(o.id);
    const m: ReceiptModel = {
      id: o.id,
      predecessorId: r?.predecessorId ?? '',
      receiverId: r?.receiverId ?? '',
      status: own.status,
      gasBurnt: o.gasBurnt,
      tokensBurnt: o.tokensBurnt,
      logs: o.logs,
      events: eventsOf(o.logs),
      actions: r?.actions ?? [],
      refund: r?.predecessorId === 'system',
    };
    if (own.failure !== undefined) {
      m.failure = own.failure;
      m.error = explainFailure(own.raw, failureContext(own.raw, m.receiverId, m.actions, o.gasBurnt));
    }
    if (own.returned) m.returned = own.returned;
    if (o.blockHash !== undefined) m.blockHash = o.blockHash;
    if (o.blockHeight !== undefined) m.blockHeight = o.blockHeight;
    if (o.timestamp !== undefined) m.timestamp = o.timestamp;
    return m;
  });
  // RPC gives the block apart (or why it could not be read); a record carries it in its outcome.
  const { blockHeight: height, timestamp } = txOutcome;
  const block = at ?? (height !== undefined && timestamp !== undefined ? { height, timestamp } : undefined);
  if (!block) throw badShape('The transaction record has no block height or time.');
  const actions = toActions(tx['actions']);
  const receiverId = str(tx['receiver_id'], 'receiver');
  // The final failure is a receipt's (explained there) or, when the transaction itself failed, its outcome's.
  const error =
    final.failure === undefined
      ? undefined
      : finalId === undefined
        ? explainFailure(final.raw, failureContext(final.raw, receiverId, actions, txOutcome.gasBurnt))
        : models.find((m) => m.id === finalId)?.error;
  return {
    hash: str(tx['hash'], 'hash'),
    signerId: str(tx['signer_id'], 'signer'),
    receiverId,
    publicKey: typeof tx['public_key'] === 'string' ? tx['public_key'] : '',
    nonce: tx['nonce'] === undefined ? '' : dec(tx['nonce'], 'nonce'),
    status: final.status,
    ...(final.failure !== undefined && { failure: final.failure }),
    ...(error && { error }),
    blockHash: txOutcome.blockHash ?? '',
    ...('unread' in block ? { blockUnread: block.unread } : { blockHeight: block.height, timestamp: block.timestamp }),
    gasBurnt: String(gas),
    tokensBurnt: String(tokens),
    actions,
    ...(final.returned && { returned: final.returned }),
    receipts: models,
  };
}

/** A receipt view (`{predecessor_id, receiver_id, receipt_id, receipt: {Action: {actions}} | {Data: …}}`). */
function toRawReceipt(v: unknown): RawReceipt | undefined {
  if (!isRecord(v) || typeof v['receipt_id'] !== 'string') return undefined;
  const body = isRecord(v['receipt']) ? v['receipt'] : {};
  const action = isRecord(body['Action']) ? body['Action'] : undefined;
  return {
    id: v['receipt_id'],
    predecessorId: typeof v['predecessor_id'] === 'string' ? v['predecessor_id'] : '',
    receiverId: typeof v['receiver_id'] === 'string' ? v['receiver_id'] : '',
    actions: action ? toActions(action['actions']) : [],
  };
}

/** A record of FastNEAR's transactions API (`{transaction, execution_outcome, receipts: [{receipt, execution_outcome}]}`). */
export function fromRecord(record: unknown): TransactionModel {
  if (!isRecord(record) || !isRecord(record['transaction'])) throw badShape('The transactions service sent a record of an unexpected shape.');
  const outcomes: Outcome[] = [];
  const receipts = new Map<string, RawReceipt>();
  for (const r of Array.isArray(record['receipts']) ? record['receipts'] : []) {
    if (!isRecord(r)) continue;
    const raw = toRawReceipt(r['receipt']);
    if (raw) receipts.set(raw.id, raw);
    if (r['execution_outcome'] !== undefined && r['execution_outcome'] !== null) outcomes.push(toOutcome(r['execution_outcome']));
  }
  return build(record['transaction'], toOutcome(record['execution_outcome']), outcomes, receipts);
}

/**
 * An RPC `tx` / `EXPERIMENTAL_tx_status` result (`{transaction, transaction_outcome, receipts_outcome, receipts?}`);
 * its outcomes carry no height or time: `at` is the transaction's block, read separately, or why it could not be.
 */
export function fromRpc(result: unknown, at: BlockAt): TransactionModel {
  if (!isRecord(result) || !isRecord(result['transaction'])) throw badShape('The RPC sent a transaction of an unexpected shape.');
  const receipts = new Map<string, RawReceipt>();
  for (const r of Array.isArray(result['receipts']) ? result['receipts'] : []) {
    const raw = toRawReceipt(r);
    if (raw) receipts.set(raw.id, raw);
  }
  const list: unknown[] = Array.isArray(result['receipts_outcome']) ? result['receipts_outcome'] : [];
  const outcomes = list.map(toOutcome);
  // Without `receipts` (plain `tx`), who ran each receipt is its executor.
  for (const o of list) {
    const id = isRecord(o) ? o['id'] : undefined;
    const executor = isRecord(o) && isRecord(o['outcome']) ? o['outcome']['executor_id'] : undefined;
    if (typeof id === 'string' && typeof executor === 'string' && !receipts.has(id))
      receipts.set(id, { id, predecessorId: '', receiverId: executor, actions: [] });
  }
  return build(result['transaction'], toOutcome(result['transaction_outcome']), outcomes, receipts, at);
}

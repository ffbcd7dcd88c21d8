// The transactions family's reading: records by hash in batches of TX_BATCH,
// keyed by hash, each completed transaction read once a session; an account's history page; a receipt and its parent;
// RPC `EXPERIMENTAL_tx_status` with the signer, its block's time a secondary read (base/secondary.ts). The API's 400
// reads as its message, its 500 string as a failure, an empty answer as nothing found. Pure: no `vscode`.
import { badShape, invalidInput, NearLensError } from '../../base/errors';
import { isRecord, tryJsonExact } from '../../base/json';
import { chunks } from '../../base/chunks';
import { secondary } from '../../base/secondary';
import { hashError } from '../../near/hash';
import { noTxApi } from '../../near/networks';
import { fromRecord, fromRpc } from './model';
import type { ReceiptModel, TransactionModel } from './model';
import { dec } from './actions';
import { httpError } from '../messages';
import { need } from '../rpc';
import type { CallOptions } from '../options';
import { TX_BATCH } from './types';
import type { AccountTxFilter, AccountTxPage, AccountTxRequest, AccountTxRow, TxHost } from './types';
export const NO_TX_API_MESSAGE = `${noTxApi()}: a transaction is read over RPC with its signer.`;

const FILTERS: ReadonlyArray<[keyof AccountTxFilter, string]> = [
  ['isSigner', 'is_signer'],
  ['isRealSigner', 'is_real_signer'],
  ['isReceiver', 'is_receiver'],
  ['isRealReceiver', 'is_real_receiver'],
  ['isFunctionCall', 'is_function_call'],
  ['isSuccess', 'is_success'],
];

const bool = (v: unknown): boolean => v === true;

/**
 * Transactions by hash, in requests of at most TX_BATCH, keyed by hash (the service gives no order); a hash it does not
 * know is absent. A completed transaction is read once a session. Bad hashes are refused before anything is sent.
 */
export async function transactions(host: TxHost, hashes: readonly string[], o?: CallOptions): Promise<Map<string, TransactionModel>> {
  if (!Array.isArray(hashes)) throw invalidInput('Expected a list of transaction hashes.');
  const wanted = [...new Set(hashes.map((h) => checkHash(h)))];
  if (!host.endpoints.txApiUrl) throw new NearLensError('not-found', NO_TX_API_MESSAGE);
  const found = new Map<string, TransactionModel>();
  const missing: string[] = [];
  const joined: Array<[string, Promise<TransactionModel | undefined>]> = [];
  for (const h of wanted) {
    const hit = o?.fresh ? undefined : host.done.get(doneKey(host, h));
    const flight = host.flights.get(h);
    if (hit) found.set(h, hit);
    else if (flight) joined.push([h, flight]);
    else missing.push(h);
  }
  const mine: Array<[string, Promise<TransactionModel | undefined>]> = [];
  for (const chunk of chunks(missing, TX_BATCH)) {
    const batch = readBatch(host, chunk, o?.signal);
    for (const h of chunk) {
      const one = batch.then((m) => m.get(h));
      one.then(
        () => host.flights.delete(h),
        () => host.flights.delete(h),
      );
      host.flights.set(h, one);
      mine.push([h, one]);
    }
  }
  for (const [h, p] of mine) {
    const t = await p;
    if (t) found.set(h, t);
  }
  for (const [h, p] of joined) {
    let t: TransactionModel | undefined;
    try {
      t = await p;
    } catch (e) {
      // Another caller's cancel ended that read: this caller reads it itself.
      if (!(NearLensError.is(e) && e.kind === 'aborted') || o?.signal?.aborted) throw e;
      t = (await readBatch(host, [h], o?.signal)).get(h);
    }
    if (t) found.set(h, t);
  }
  return found;
}

/** An account's transactions, newest first, one page (limit 1–200, default 20). */
export async function accountTransactions(host: TxHost, req: AccountTxRequest, o?: CallOptions): Promise<AccountTxPage> {
  const body = accountBody(req);
  if (!host.endpoints.txApiUrl) throw new NearLensError('not-found', NO_TX_API_MESSAGE);
  const raw = await post(host, '/v0/account', body, o?.signal);
  if (raw === undefined) return { rows: [] };
  if (!isRecord(raw) || !Array.isArray(raw['account_txs'])) throw badShape('The transactions service sent a history page of an unexpected shape.');
  const rows = raw['account_txs'].map(toRow);
  const token = raw['resume_token'];
  const count = raw['txs_count'];
  return {
    rows,
    ...(token !== undefined && token !== null && { resumeToken: dec(token, 'resume token') }),
    ...(typeof count === 'number' && { count }),
  };
}

/** A receipt and its parent transaction (undefined: the service knows no such receipt). */
export async function receipt(
  host: TxHost,
  receiptId: string,
  o?: CallOptions,
): Promise<{ receipt: ReceiptModel; transaction?: TransactionModel } | undefined> {
  const id = checkHash(receiptId, 'receipt id');
  if (!host.endpoints.txApiUrl) throw new NearLensError('not-found', NO_TX_API_MESSAGE);
  const raw = await post(host, '/v0/receipt', { receipt_id: id }, o?.signal);
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) throw badShape('The transactions service sent a receipt of an unexpected shape.');
  if (!isRecord(raw['receipt'])) return undefined;
  const transaction = isRecord(raw['transaction']) ? remember(host, fromRecord(raw['transaction'])) : undefined;
  const found = transaction?.receipts.find((r) => r.id === id) ?? {
    id,
    predecessorId: '',
    receiverId: '',
    status: 'pending' as const,
    gasBurnt: '0',
    tokensBurnt: '0',
    logs: [],
    events: [],
    actions: [],
    refund: false,
  };
  return { receipt: found, ...(transaction && { transaction }) };
}

/** A transaction over RPC (`EXPERIMENTAL_tx_status`, else `tx`) with its signer; undefined when the node does not know it. */
export async function transactionViaRpc(host: TxHost, hash: string, signerId: string, o?: CallOptions): Promise<TransactionModel | undefined> {
  const h = checkHash(hash);
  const signer = need(String(signerId ?? ''), 'account');
  const key = `${host.endpoints.rpcUrl}|${h}`;
  const hit = o?.fresh ? undefined : host.done.get(key);
  if (hit) return hit;
  const params = { tx_hash: h, sender_account_id: signer };
  let result: unknown;
  try {
    result = (await host.rpc('EXPERIMENTAL_tx_status', params, o?.signal)).result;
  } catch (e) {
    const cause = (e as Partial<NearLensError>).rpcCause;
    if (cause === 'UNKNOWN_TRANSACTION') return undefined;
    if (cause !== 'METHOD_NOT_FOUND') throw e;
    result = (await host.rpc('tx', params, o?.signal)).result;
  }
  const blockHash = isRecord(result) && isRecord(result['transaction_outcome']) ? result['transaction_outcome']['block_hash'] : undefined;
  if (typeof blockHash !== 'string') return undefined; // not executed yet: nothing to show
  // The block is a secondary read: the transaction was read, and is shown without its time when the block is not.
  const block = await secondary(() => blockAt(host, blockHash, o?.signal), o?.signal);
  const model = fromRpc(result, block.ok ? block.value : { unread: block.why });
  // One whose block could not be read is not remembered: the next look-up asks for the block again.
  if (model.status !== 'pending' && block.ok) host.done.set(key, model);
  return model;
}

/** A block's height and time by its hash; the archival host is asked once when the node no longer has the block. */
async function blockAt(host: TxHost, blockHash: string, signal: AbortSignal | undefined): Promise<{ height: string; timestamp: string }> {
  const block = (await host.rpc('block', { block_id: blockHash }, signal, { archival: true })).result;
  const header = isRecord(block) ? block['header'] : undefined;
  if (!isRecord(header)) throw badShape('The RPC sent a block without a header.');
  return { height: dec(header['height'], 'block height'), timestamp: dec(header['timestamp'], 'block timestamp') };
}

const doneKey = (host: TxHost, hash: string): string => `${host.endpoints.txApiUrl ?? ''}|${hash}`;

function remember(host: TxHost, t: TransactionModel): TransactionModel {
  if (t.status !== 'pending') host.done.set(doneKey(host, t.hash), t);
  return t;
}

async function readBatch(host: TxHost, hashes: string[], signal: AbortSignal | undefined): Promise<Map<string, TransactionModel>> {
  const raw = await post(host, '/v0/transactions', { tx_hashes: hashes }, signal);
  if (raw === undefined) return new Map();
  if (!isRecord(raw) || !Array.isArray(raw['transactions'])) throw badShape('The transactions service sent an answer of an unexpected shape.');
  const asked = new Set(hashes);
  const out = new Map<string, TransactionModel>();
  for (const rec of raw['transactions']) {
    const t = fromRecord(rec);
    // Keyed by the record's own hash: the service gives no order, and a hash it was not asked for is ignored.
    if (asked.has(t.hash)) out.set(t.hash, remember(host, t));
  }
  return out;
}

/** A POST to the transactions API; its 400 `{error, message}` reads as its message, its 500 string as a failure. */
async function post(host: TxHost, path: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
  const ex = await host.post(path, body, signal);
  const parsed = tryJsonExact(ex.text);
  if (ex.status === 400 && isRecord(parsed) && typeof parsed['message'] === 'string') {
    throw new NearLensError('bad-request', `The transactions service refused the request: ${host.clean(parsed['message'])}`, { status: 400 });
  }
  if (ex.status >= 500 && typeof parsed === 'string') {
    throw new NearLensError('server', `The transactions service failed (HTTP ${ex.status}); try again later.`, { status: ex.status });
  }
  if (ex.status < 200 || ex.status >= 300) throw httpError(ex, 'tx', host.hasKey, host.clean);
  // An empty answer (a proxy's 200 with no body) means nothing was found.
  if (ex.text.trim() === '') return undefined;
  if (parsed === undefined) throw new NearLensError('not-json', 'The transactions service sent something that is not JSON.', { status: ex.status });
  return host.scrub(ex, parsed);
}

/** A 32-byte base58 hash, trimmed; refused (nothing sent) with why. */
function checkHash(text: unknown, what = 'transaction hash'): string {
  const t = typeof text === 'string' ? text.trim() : '';
  const why = hashError(t);
  if (why === undefined) return t;
  if (why.startsWith('That looks like a secret')) throw new NearLensError('sensitive', why);
  throw invalidInput(what === 'transaction hash' ? why : why.replace('transaction hash', what));
}

function accountBody(req: AccountTxRequest): Record<string, unknown> {
  if (!isRecord(req)) throw invalidInput('Expected { accountId, limit?, resumeToken?, filter? }.');
  const body: Record<string, unknown> = { account_id: need(String(req.accountId ?? ''), 'account') };
  const limit = req.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw invalidInput('The page size (limit) must be a whole number from 1 to 200.');
  body['limit'] = limit;
  if (req.resumeToken !== undefined) {
    if (typeof req.resumeToken !== 'string' || !/^\d{1,20}$/.test(req.resumeToken))
      throw invalidInput('The resume token must be the decimal string a page gave.');
    body['resume_token'] = req.resumeToken;
  }
  for (const [k, wire] of FILTERS) {
    const v = req.filter?.[k];
    if (v !== undefined) body[wire] = v === true;
  }
  for (const [k, wire] of [
    ['fromBlockHeight', 'from_tx_block_height'],
    ['toBlockHeight', 'to_tx_block_height'],
  ] as const) {
    const v = req[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !/^\d{1,15}$/.test(v)) throw invalidInput(`${k} must be a block height (digits).`);
    body[wire] = Number(v);
  }
  return body;
}

function toRow(v: unknown): AccountTxRow {
  if (!isRecord(v) || typeof v['transaction_hash'] !== 'string') throw badShape('The transactions service sent a history row of an unexpected shape.');
  return {
    hash: v['transaction_hash'],
    blockHeight: dec(v['tx_block_height'], 'block height'),
    timestamp: dec(v['tx_block_timestamp'], 'block timestamp'),
    txIndex: typeof v['tx_index'] === 'number' ? v['tx_index'] : 0,
    isSigner: bool(v['is_signer']),
    isRealSigner: bool(v['is_real_signer']),
    isReceiver: bool(v['is_receiver']),
    isRealReceiver: bool(v['is_real_receiver']),
    isFunctionCall: bool(v['is_function_call']),
    isSuccess: bool(v['is_success']),
  };
}

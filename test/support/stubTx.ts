// The stub's transactions host (FastNEAR's explorer-api: POST /v0/transactions, /v0/account, /v0/receipt) and RPC
// `tx` / `EXPERIMENTAL_tx_status` for the records of test/fixtures/tx, answered as the server does (src/api.rs):
// records unordered, unknown hashes absent, 400 JSON over 20 hashes, `txs_count` only on a first page,
// `resume_token` only on a full page, a 500 JSON string for `limit: 0`, actix's plain-text 400 for a body that is not
// JSON. Plain Node: must not depend on mocha or vscode.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../src/base/json';

export interface TxReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Rec {
  hash: string;
  text: string; // the record's own JSON text (bare u64s as they are)
  signer: string;
  height: number;
  timestamp: string; // exact
  index: number;
  blockHash: string;
  success: boolean;
  value: Record<string, unknown>; // parsed exactly (big integers as digit strings)
}

export interface TxRow {
  account_id: string;
  transaction_hash: string;
  tx_block_height: number;
  tx_block_timestamp: string;
  tx_index: number;
  is_signer: boolean;
  is_delegated_signer: boolean;
  is_real_signer: boolean;
  is_any_signer: boolean;
  is_predecessor: boolean;
  is_explicit_refund_to: boolean;
  is_receiver: boolean;
  is_real_receiver: boolean;
  is_function_call: boolean;
  is_action_arg: boolean;
  is_event_log: boolean;
  is_success: boolean;
}

/** The account with a long paged history (47 transactions: pages of 20, 20 and 7). */
export const STUB_HISTORY_ACCOUNT = 'history.near';
/** Hashes of the named fixture records. */
export const STUB_TX = {
  /** The real mainnet record: a relayed meta-transaction (Delegate) by sweat-relayer.near with an ft_transfer inside. */
  delegate: '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8',
  /** Its first receipt and its block. */
  delegateReceipt: 'HKnyPNuXoGh38xQBRwwQ8dyDfE1qvkbQEMi4yuaUVPy1',
  delegateBlock: 'DKNwmVPiE99SgmzaH8yiPt2jnQzhjNv3BRAHnszeiUui',
  /** Failed records of each kind (scripts/fixtures/make-tx.mjs), signed by player.lensdev.near. */
  failedFtTransfer: '8BVgYKBTDFQ8m8VS5Kqr7qw5xeGuKDVB4Bvq8MSNandG',
  /** claim on game.lensdev.near: `panicked at src/lib.rs:29:50:` unwrap on None. */
  panicLocation: '5MRvKYvRk2no6E8T42tk6nLCg6i3eATjfm4W49FRNfJm',
  /** play on arcade.lensdev.near: "round 7 is closed to bets", no location (a format string in the workspace). */
  panicMessage: 'EaYsyzf5Po66sNSUeidLK4nRracbSXnSCV7C9cj44DUB',
  /** clam on game.lensdev.near: MethodNotFound. */
  methodNotFound: 'DtF2h9w1NjpoJuzKN8QkYUDDX9BUzHMzm1ZaMhPKGGeg',
  /** settle_all on game.lensdev.near with 10 TGas: Exceeded the prepaid gas. */
  gasExceeded: '5s9pqMMVpz5h5Cg5KwFACHJR4WeGdPAHjqjLYUi3iKTD',
  /** A DeployContract on player.lensdev.near: LackBalanceForState. */
  lackBalance: 'GQ8oqHwDG58KeK8oNUs3ZCz3p73N3qCaLZ35cG5L2WeE',
  /** mint on mint.lensdev.near, a near-sdk-js contract: "assertion failed: Amount must be positive" and QuickJS's stack. */
  jsAssert: 'Bj4ByH4RTsLn9doZTjB9yjpnAHPT3jsAiF4Eo3iUxCXv',
} as const;

const JSON_TYPE = 'application/json';
const rec = (o: unknown): Record<string, unknown> => (typeof o === 'object' && o !== null && !Array.isArray(o) ? (o as Record<string, unknown>) : {});
const arr = (o: unknown): unknown[] => (Array.isArray(o) ? o : []);
const BASE58_32 = /^[1-9A-HJ-NP-Za-km-z]{43,44}$/;

export class TxData {
  readonly byHash = new Map<string, Rec>();
  readonly receiptTx = new Map<string, string>(); // receipt id → transaction hash
  readonly blocks = new Map<string, { height: number; timestamp: string }>(); // block hash → height and time
  readonly rows = new Map<string, TxRow[]>(); // account → rows, newest first
  /** Named records by file name (without .json). */
  readonly named = new Map<string, string>();

  /** The fixture records, by file: what `reset()` puts back. */
  readonly #fixtures: Array<{ file: string; line: string }> = [];

  constructor(dir: string) {
    const txDir = path.join(dir, 'tx');
    let files: string[];
    try {
      files = readdirSync(txDir).sort();
    } catch {
      return; // no transaction fixtures: the host answers as for unknown hashes
    }
    for (const f of files) {
      const text = readFileSync(path.join(txDir, f), 'utf8');
      const lines = f.endsWith('.jsonl') ? text.split('\n').filter((l) => l.trim()) : f.endsWith('.json') ? [text.trim()] : [];
      for (const line of lines) this.#fixtures.push({ file: f, line });
    }
    this.reset();
  }

  /** The fixture records only: every appended call forgotten (a suite's reset: the next suite, or run, starts from the same history). */
  reset(): void {
    for (const m of [this.byHash, this.receiptTx, this.blocks, this.rows, this.named]) m.clear();
    for (const { file, line } of this.#fixtures) {
      const r = this.#add(line);
      if (file.endsWith('.json')) this.named.set(file.slice(0, -5), r.hash);
    }
    this.#sortRows();
  }

  #sortRows(): void {
    for (const list of this.rows.values()) list.sort((a, b) => b.tx_block_height - a.tx_block_height || b.tx_index - a.tx_index);
  }

  /** A record's JSON text added as if it had just happened: its hash and rows answer from now on. */
  append(text: string): string {
    const r = this.#add(text);
    this.#sortRows();
    return r.hash;
  }

  /** The highest transaction block the history holds (0 for none). */
  get topHeight(): number {
    let top = 0;
    for (const r of this.byHash.values()) top = Math.max(top, r.height);
    return top;
  }

  #add(text: string): Rec {
    const value = rec(parseJsonExact(text));
    const tx = rec(value['transaction']);
    const eo = rec(value['execution_outcome']);
    const outcomes = new Map<string, unknown>();
    for (const r of arr(value['receipts'])) {
      const ro = rec(rec(r)['execution_outcome']);
      outcomes.set(String(ro['id']), rec(ro['outcome'])['status']);
      this.receiptTx.set(String(ro['id']), String(tx['hash']));
      this.blocks.set(String(ro['block_hash']), { height: Number(ro['block_height']), timestamp: String(ro['block_timestamp']) });
    }
    // nearcore's final status: follow SuccessReceiptId to a SuccessValue or a Failure.
    let status = rec(eo['outcome'])['status'];
    for (let i = 0; i < 100 && typeof rec(status)['SuccessReceiptId'] === 'string'; i++) status = outcomes.get(String(rec(status)['SuccessReceiptId']));
    const r: Rec = {
      hash: String(tx['hash']),
      text,
      signer: String(tx['signer_id']),
      height: Number(eo['block_height']),
      timestamp: String(eo['block_timestamp']),
      index: Number(eo['index'] ?? 0),
      blockHash: String(eo['block_hash']),
      success: typeof rec(status)['SuccessValue'] === 'string',
      value,
    };
    this.byHash.set(r.hash, r);
    this.blocks.set(r.blockHash, { height: r.height, timestamp: r.timestamp });
    this.#index(r, tx);
    return r;
  }

  /** An explorer-api row for every account the transaction touches. */
  #index(r: Rec, tx: Record<string, unknown>): void {
    const flags = new Map<string, Partial<TxRow>>();
    const set = (id: unknown, f: Partial<TxRow>): void => {
      if (typeof id !== 'string' || id === 'system') return;
      flags.set(id, { ...flags.get(id), ...f });
    };
    set(tx['signer_id'], { is_signer: true, is_any_signer: true });
    const delegate = arr(tx['actions'])
      .map((a) => rec(rec(rec(a)['Delegate'])['delegate_action']))
      .find((d) => typeof d['sender_id'] === 'string');
    if (delegate) set(delegate['sender_id'], { is_delegated_signer: true, is_real_signer: true, is_any_signer: true });
    else set(tx['signer_id'], { is_real_signer: true });
    for (const x of arr(r.value['receipts'])) {
      const receipt = rec(rec(x)['receipt']);
      const refund = receipt['predecessor_id'] === 'system';
      const actions = arr(rec(rec(receipt['receipt'])['Action'])['actions']);
      set(receipt['predecessor_id'], { is_predecessor: true });
      set(receipt['receiver_id'], {
        is_receiver: true,
        ...(!refund && receipt['receiver_id'] !== tx['signer_id'] && { is_real_receiver: true }),
        ...(actions.some((a) => rec(a)['FunctionCall'] !== undefined) && { is_function_call: true }),
      });
      const logs = arr(rec(rec(rec(x)['execution_outcome'])['outcome'])['logs']);
      for (const l of logs)
        if (typeof l === 'string' && l.startsWith('EVENT_JSON:')) for (const id of flags.keys()) if (l.includes(`"${id}"`)) set(id, { is_event_log: true });
    }
    for (const [account, f] of flags) {
      const row: TxRow = {
        account_id: account,
        transaction_hash: r.hash,
        tx_block_height: r.height,
        tx_block_timestamp: r.timestamp,
        tx_index: r.index,
        is_signer: false,
        is_delegated_signer: false,
        is_real_signer: false,
        is_any_signer: false,
        is_predecessor: false,
        is_explicit_refund_to: false,
        is_receiver: false,
        is_real_receiver: false,
        is_function_call: false,
        is_action_arg: false,
        is_event_log: false,
        is_success: r.success,
        ...f,
      };
      const list = this.rows.get(account) ?? [];
      list.push(row);
      this.rows.set(account, list);
    }
  }
}

const reply = (status: number, body: string, type = JSON_TYPE): TxReply => ({ status, headers: { 'content-type': type }, body });
const badRequest = (message: string): TxReply => reply(400, JSON.stringify({ error: 'Bad request', message }));
/** actix's own answer to a body its Json extractor cannot read: plain text. */
const jsonError = (why: string): TxReply => reply(400, `Json deserialize error: ${why}`, 'text/plain; charset=utf-8');

const FLAG_KEYS = [
  'is_signer',
  'is_delegated_signer',
  'is_real_signer',
  'is_any_signer',
  'is_predecessor',
  'is_explicit_refund_to',
  'is_receiver',
  'is_real_receiver',
  'is_function_call',
  'is_action_arg',
  'is_event_log',
  'is_success',
] as const;

/** POST /v0/… on the transactions host. */
export function txReply(data: TxData, method: string, rawPath: string, contentType: string | undefined, text: string): TxReply {
  if (method !== 'POST') return { status: 404, headers: {}, body: '' };
  if (!/^application\/json/i.test(contentType ?? '')) return reply(400, 'Content type error', 'text/plain; charset=utf-8');
  let body: Record<string, unknown>;
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return jsonError('invalid type: expected struct');
    body = v as Record<string, unknown>;
  } catch {
    return jsonError('expected value at line 1 column 1');
  }
  switch (rawPath) {
    case '/v0/transactions': {
      const hashes = body['tx_hashes'];
      if (!Array.isArray(hashes)) return jsonError('missing field `tx_hashes`');
      if (hashes.some((h) => typeof h !== 'string' || !BASE58_32.test(h))) return jsonError('invalid hash');
      if (hashes.length > 20) return badRequest('Too many transactions requested. Limit is 20');
      // No order is promised: the stub answers newest block first, whatever order was asked.
      const found = [...new Set(hashes as string[])]
        .map((h) => data.byHash.get(h))
        .filter((r): r is Rec => r !== undefined)
        .sort((a, b) => b.height - a.height);
      return reply(200, `{"transactions":[${found.map((r) => r.text).join(',')}]}`);
    }
    case '/v0/account':
      return accountReply(data, body);
    case '/v0/receipt': {
      const id = body['receipt_id'];
      if (typeof id !== 'string' || !BASE58_32.test(id)) return jsonError('missing field `receipt_id`');
      const hash = data.receiptTx.get(id);
      const r = hash === undefined ? undefined : data.byHash.get(hash);
      if (!r) return reply(200, '{"receipt":null,"transaction":null}');
      // ReceiptTxRow: its tx_block_timestamp is a bare u64 (no DisplayFromStr on this struct).
      const row = `{"receipt_id":${JSON.stringify(id)},"transaction_hash":${JSON.stringify(r.hash)},"signer_id":${JSON.stringify(r.signer)},"tx_block_height":${r.height},"tx_block_timestamp":${r.timestamp}}`;
      return reply(200, `{"receipt":${row},"transaction":${r.text}}`);
    }
    default:
      return { status: 404, headers: {}, body: '' };
  }
}

function accountReply(data: TxData, body: Record<string, unknown>): TxReply {
  const account = body['account_id'];
  if (typeof account !== 'string' || !/^[a-z\d._-]{2,64}$/.test(account)) return jsonError('missing field `account_id`');
  const limitRaw = body['limit'];
  if (limitRaw !== undefined && (typeof limitRaw !== 'number' || !Number.isInteger(limitRaw) || limitRaw < 0)) return jsonError('invalid type: limit');
  const limit = Math.min(limitRaw ?? 200, 200);
  // The server builds `LIMIT 0` into its query and ClickHouse refuses it: a 500 with a bare JSON string.
  if (limit === 0) return reply(500, JSON.stringify('Internal server error (Clickhouse)'));
  const token = body['resume_token'];
  if (token !== undefined && token !== null && (typeof token !== 'string' || !/^\d+$/.test(token)))
    return jsonError('invalid type: resume_token, expected a string');
  const desc = body['desc'] !== false;
  const from = typeof body['from_tx_block_height'] === 'number' ? body['from_tx_block_height'] : undefined;
  const to = typeof body['to_tx_block_height'] === 'number' ? body['to_tx_block_height'] : undefined;
  const filters = FLAG_KEYS.filter((k) => typeof body[k] === 'boolean').map((k) => [k, body[k] as boolean] as const);
  let rows = (data.rows.get(account) ?? []).filter(
    (r) => filters.every(([k, v]) => r[k] === v) && (from === undefined || r.tx_block_height >= from) && (to === undefined || r.tx_block_height <= to),
  );
  const count = rows.length;
  if (!desc) rows = [...rows].reverse();
  if (typeof token === 'string') {
    const t = BigInt(token);
    const h = Number(t >> 32n);
    const i = Number(t & 0xffffffffn);
    rows = rows.filter((r) =>
      desc ? r.tx_block_height < h || (r.tx_block_height === h && r.tx_index < i) : r.tx_block_height > h || (r.tx_block_height === h && r.tx_index > i),
    );
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const out: Record<string, unknown> = { account_txs: page };
  if (page.length === limit && last) out['resume_token'] = String((BigInt(last.tx_block_height) << 32n) | BigInt(last.tx_index));
  if (token === undefined || token === null) out['txs_count'] = count;
  return reply(200, JSON.stringify(out));
}

/**
 * RPC `tx` / `EXPERIMENTAL_tx_status` ({tx_hash, sender_account_id}): the record as nearcore's FinalExecutionOutcome
 * view, whatever sender is given (the sender only picks the shard, and the stub is a node that tracks every shard, as
 * a sandbox or a localnet is); UNKNOWN_TRANSACTION when the hash is not known. And `block` by a hash of a record's
 * block. Undefined: not a request for this module.
 */
export function txRpcResult(data: TxData, method: unknown, params: Record<string, unknown>): { result: unknown } | { error: unknown } | undefined {
  if (method === 'block') {
    const b = typeof params['block_id'] === 'string' ? data.blocks.get(params['block_id']) : undefined;
    if (!b) return undefined;
    return {
      result: {
        author: 'node0.near',
        header: {
          height: b.height,
          hash: params['block_id'],
          prev_hash: params['block_id'],
          timestamp: BigInt(b.timestamp),
          timestamp_nanosec: b.timestamp,
          chunks_included: 1,
        },
        chunks: [],
      },
    };
  }
  if (method !== 'tx' && method !== 'EXPERIMENTAL_tx_status') return undefined;
  const hash = params['tx_hash'];
  const r = typeof hash === 'string' && typeof params['sender_account_id'] === 'string' ? data.byHash.get(hash) : undefined;
  if (!r) {
    return {
      error: {
        name: 'HANDLER_ERROR',
        cause: { name: 'UNKNOWN_TRANSACTION', info: { requested_transaction_hash: hash } },
        code: -32000,
        message: 'Server error',
        data: `Transaction ${String(hash)} doesn't exist`,
      },
    };
  }
  const v = r.value;
  const outcomeView = (eo: unknown): unknown => {
    const o = rec(eo);
    return { block_hash: o['block_hash'], id: o['id'], outcome: o['outcome'], proof: [] };
  };
  const receipts = arr(v['receipts']).map((x) => rec(x));
  let status = rec(rec(v['execution_outcome'])['outcome'])['status'];
  const byId = new Map(receipts.map((x) => [rec(x['execution_outcome'])['id'], rec(rec(x['execution_outcome'])['outcome'])['status']]));
  for (let i = 0; i < 100 && typeof rec(status)['SuccessReceiptId'] === 'string'; i++) status = byId.get(rec(status)['SuccessReceiptId']);
  const result: Record<string, unknown> = {
    final_execution_status: 'FINAL',
    status: status ?? { Unknown: null },
    transaction: v['transaction'],
    transaction_outcome: outcomeView(v['execution_outcome']),
    receipts_outcome: receipts.map((x) => outcomeView(x['execution_outcome'])),
  };
  if (method === 'EXPERIMENTAL_tx_status') {
    result['receipts'] = receipts.map((x) => {
      const { block_hash: _h, block_height: _n, block_timestamp: _t, ...view } = rec(x['receipt']);
      return view;
    });
  }
  return { result };
}

// NearClient's reads behind Inspect Transaction, all JSON-RPC through the RPC family (its archival fallback): a
// transaction's outcomes with their gas profiles (`EXPERIMENTAL_tx_status`, wait_until NONE), the execution fees and
// storage price of a block's protocol (`EXPERIMENTAL_protocol_config`), one account's state and data changes in one
// block (`EXPERIMENTAL_changes`, else `changes`), and one storage key's value at a block (`view_state` under the key as
// its prefix). Answers at a fixed block never change: they are cached for the history lifetime. Each answer is checked
// and decoded here; big integers stay digit strings or bigints. Pure: no `vscode`.
import { badShape } from '../base/errors';
import type { NearLensError } from '../base/errors';
import { isRecord } from '../base/json';
import type { ClientContext } from './context';
import type { RpcCallOptions, RpcResult } from './options';
import { blockParams, need } from './rpc';
import type { RpcFamily } from './rpcFamily';

/** The execution fees (gas) of `runtime_config.transaction_costs` and the storage price (yocto a byte). */
export interface FeeConfig {
  receiptCreation: bigint;
  functionCall: bigint;
  functionCallPerByte: bigint;
  transfer: bigint;
  createAccount: bigint;
  deployContract: bigint;
  deployContractPerByte: bigint;
  addFullAccessKey: bigint;
  addFunctionCallKey: bigint;
  addFunctionCallKeyPerByte: bigint;
  deleteKey: bigint;
  deleteAccount: bigint;
  stake: bigint;
  delegate: bigint;
  storageAmountPerByte: bigint;
}

/** Why a change happened, as the node names it (`receipt_processing`, `action_receipt_gas_reward`, …). */
export interface ChangeCause {
  type: string;
  receiptHash?: string;
  txHash?: string;
}

/** An account's state after a change (`account_update`). */
export interface AccountState {
  amount: string;
  locked: string;
  codeHash: string;
  storageUsage: string;
}

/** One change of one block, in the order the node applied it. */
export type StateChange =
  | { cause: ChangeCause; type: 'data_update'; accountId: string; keyBase64: string; valueBase64: string }
  | { cause: ChangeCause; type: 'data_deletion'; accountId: string; keyBase64: string }
  | { cause: ChangeCause; type: 'account_update'; accountId: string; account: AccountState }
  | { cause: ChangeCause; type: 'account_deletion'; accountId: string }
  | { cause: ChangeCause; type: 'other'; accountId: string };

export type ChangesKind = 'data_changes' | 'account_changes';

const U = /^\d{1,40}$/;
const shape = (what: string): NearLensError => badShape(`The RPC answer for ${what} has an unexpected shape.`);

/** A gas or yocto figure: a safe JSON number or a digit string (parseJsonExact gives those for big ones). */
function big(v: unknown, what: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && U.test(v)) return BigInt(v);
  throw shape(what);
}

const digits = (v: unknown, what: string): string => String(big(v, what));

/** `EXPERIMENTAL_protocol_config`'s fees: each `{send_sir, send_not_sir, execution}`, the execution part read. */
export function toFeeConfig(r: unknown): FeeConfig {
  const what = 'EXPERIMENTAL_protocol_config';
  const rc = isRecord(r) && isRecord(r['runtime_config']) ? r['runtime_config'] : undefined;
  const tc = rc && isRecord(rc['transaction_costs']) ? rc['transaction_costs'] : undefined;
  const ac = tc && isRecord(tc['action_creation_config']) ? tc['action_creation_config'] : undefined;
  if (!rc || !tc || !ac) throw shape(what);
  const exec = (v: unknown): bigint => big(isRecord(v) ? v['execution'] : undefined, what);
  const key = isRecord(ac['add_key_cost']) ? ac['add_key_cost'] : {};
  return {
    receiptCreation: exec(tc['action_receipt_creation_config']),
    functionCall: exec(ac['function_call_cost']),
    functionCallPerByte: exec(ac['function_call_cost_per_byte']),
    transfer: exec(ac['transfer_cost']),
    createAccount: exec(ac['create_account_cost']),
    deployContract: exec(ac['deploy_contract_cost']),
    deployContractPerByte: exec(ac['deploy_contract_cost_per_byte']),
    addFullAccessKey: exec(key['full_access_cost']),
    addFunctionCallKey: exec(key['function_call_cost']),
    addFunctionCallKeyPerByte: exec(key['function_call_cost_per_byte']),
    deleteKey: exec(ac['delete_key_cost']),
    deleteAccount: exec(ac['delete_account_cost']),
    stake: exec(ac['stake_cost']),
    // Older protocols have no meta-transactions: no delegate fee.
    delegate: ac['delegate_cost'] === undefined ? 0n : exec(ac['delegate_cost']),
    storageAmountPerByte: big(rc['storage_amount_per_byte'], what),
  };
}

function toCause(v: unknown): ChangeCause {
  if (!isRecord(v) || typeof v['type'] !== 'string') return { type: 'unknown' };
  const out: ChangeCause = { type: v['type'].slice(0, 64) };
  if (typeof v['receipt_hash'] === 'string') out.receiptHash = v['receipt_hash'];
  if (typeof v['tx_hash'] === 'string') out.txHash = v['tx_hash'];
  return out;
}

/** `EXPERIMENTAL_changes`' `{block_hash, changes: [{cause, type, change}]}` as typed changes, in the node's order. */
export function toStateChanges(r: unknown): StateChange[] {
  const what = 'EXPERIMENTAL_changes';
  if (!isRecord(r) || !Array.isArray(r['changes'])) throw shape(what);
  return r['changes'].map((x: unknown): StateChange => {
    if (!isRecord(x) || typeof x['type'] !== 'string' || !isRecord(x['change'])) throw shape(what);
    const c = x['change'];
    const cause = toCause(x['cause']);
    const accountId = typeof c['account_id'] === 'string' ? c['account_id'] : '';
    switch (x['type']) {
      case 'data_update':
        if (typeof c['key_base64'] !== 'string' || typeof c['value_base64'] !== 'string') throw shape(what);
        return { cause, type: 'data_update', accountId, keyBase64: c['key_base64'], valueBase64: c['value_base64'] };
      case 'data_deletion':
        if (typeof c['key_base64'] !== 'string') throw shape(what);
        return { cause, type: 'data_deletion', accountId, keyBase64: c['key_base64'] };
      case 'account_update':
        return {
          cause,
          type: 'account_update',
          accountId,
          account: {
            amount: digits(c['amount'], what),
            locked: digits(c['locked'], what),
            codeHash: typeof c['code_hash'] === 'string' ? c['code_hash'] : '',
            storageUsage: digits(c['storage_usage'], what),
          },
        };
      case 'account_deletion':
        return { cause, type: 'account_deletion', accountId };
      default:
        return { cause, type: 'other', accountId };
    }
  });
}

/** `view_state`'s values under a key as its prefix: the value of exactly that key (base64), or null when it has none. */
export function valueOfKey(r: unknown, keyBase64: string): string | null {
  if (!isRecord(r) || !Array.isArray(r['values'])) throw shape('view_state');
  for (const v of r['values']) if (isRecord(v) && v['key'] === keyBase64 && typeof v['value'] === 'string') return v['value'];
  return null;
}

export class ChangesFamily {
  readonly #ctx: ClientContext;
  readonly #rpc: RpcFamily;

  constructor(ctx: ClientContext, rpc: RpcFamily) {
    this.#ctx = ctx;
    this.#rpc = rpc;
  }

  /**
   * `EXPERIMENTAL_tx_status` with wait_until NONE as the node answers it (every receipt outcome with its metadata, and
   * the receipts), or undefined when the node does not know the transaction (UNKNOWN_TRANSACTION). Not cached: the
   * caller keeps a finished transaction's reading.
   */
  txStatus(hash: string, signerId: string, o?: RpcCallOptions): Promise<RpcResult<unknown> | undefined> {
    return this.#ctx.guard(async () => {
      const params = { tx_hash: hash, sender_account_id: need(signerId, 'account'), wait_until: 'NONE' };
      try {
        return await this.#rpc.rpcSend('EXPERIMENTAL_tx_status', params, { ...o, fallback: false }, o?.signal);
      } catch (e) {
        if ((e as Partial<NearLensError>).rpcCause === 'UNKNOWN_TRANSACTION') return undefined;
        throw e;
      }
    });
  }

  /** The fees and storage price in force at a block (height or hash). */
  protocolConfig(blockId: number | string, o?: RpcCallOptions): Promise<FeeConfig> {
    return this.#ctx.guard(() => this.#atBlock('EXPERIMENTAL_protocol_config', blockParams({ blockId }), o, (r) => toFeeConfig(r)));
  }

  /** One account's data or account changes in one block (by hash), each with its cause, in the order applied. */
  changes(kind: ChangesKind, accountId: string, blockHash: string, o?: RpcCallOptions): Promise<StateChange[]> {
    return this.#ctx.guard(() => {
      const id = need(accountId, 'account');
      const params = {
        changes_type: kind,
        account_ids: [id],
        ...(kind === 'data_changes' && { key_prefix_base64: '' }),
        ...blockParams({ blockId: blockHash }),
      };
      return this.#atBlock('EXPERIMENTAL_changes', params, o, toStateChanges, 'changes');
    });
  }

  /** The value of one storage key of an account at a block (base64), or null when the key has no value there. */
  valueAt(accountId: string, keyBase64: string, blockId: number | string, o?: RpcCallOptions): Promise<string | null> {
    return this.#ctx.guard(() => {
      const params = { request_type: 'view_state', account_id: need(accountId, 'account'), prefix_base64: keyBase64, ...blockParams({ blockId }) };
      return this.#atBlock('query', params, o, (r) => valueOfKey(r, keyBase64));
    });
  }

  /**
   * A read at a fixed block, cached for the history lifetime under the host asked and the params; `plain` is the
   * method's name on nodes that do not know the EXPERIMENTAL_ one.
   */
  #atBlock<T>(method: string, params: Record<string, unknown>, o: RpcCallOptions | undefined, convert: (r: unknown) => T, plain?: string): Promise<T> {
    const key = `atblock|${this.#ctx.rpcUrl(o?.host)}|${method}|${JSON.stringify(params)}`;
    return this.#ctx.cache.get(
      key,
      this.#ctx.ttl.history,
      async (signal) => {
        try {
          return convert((await this.#rpc.rpcSend(method, params, o, signal)).result);
        } catch (e) {
          if (plain === undefined || (e as Partial<NearLensError>).rpcCause !== 'METHOD_NOT_FOUND') throw e;
          return convert((await this.#rpc.rpcSend(plain, params, o, signal)).result);
        }
      },
      o,
    );
  }
}

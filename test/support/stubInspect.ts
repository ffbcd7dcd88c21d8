// The stub's RPC for Inspect Transaction (test/fixtures/inspect/chain.json, written by scripts/fixtures/make-inspect.mjs):
// `EXPERIMENTAL_tx_status` with each receipt's version-3 gas profile, `block` for its blocks (with the block before),
// `EXPERIMENTAL_protocol_config` with nearcore's fee values, `EXPERIMENTAL_changes` / `changes` (data and account, with
// their causes, filtered by account and kind), and `query` `view_state` / `view_account` at those blocks. The regular
// host keeps the state of only the last STUB_GC_WINDOW blocks below the head (GARBAGE_COLLECTED_BLOCK, UNKNOWN_BLOCK
// for a hash, as nearcore answers; the blocks themselves it answers, as for every record); the archival host keeps all. Plain Node: must not depend on mocha or vscode.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { txRpcResult } from './stubTx';
import type { TxData } from './stubTx';

interface Chain {
  protocolConfig: unknown;
  blocks: Record<string, { height: number; prev_hash: string; timestamp: string }>;
  profiles: Record<string, unknown>;
  changes: Record<string, Array<{ cause: unknown; type: string; change: Record<string, unknown> }>>;
  state: Record<string, Record<string, Array<[string, string]>>>;
  accounts: Record<string, Record<string, Record<string, unknown>>>;
}

/** An RPC answer: a result, or an error envelope with the HTTP status nearcore sends it with. */
export type InspectAnswer = { result: unknown } | { error: unknown; status: number };

const rec = (o: unknown): Record<string, unknown> => (typeof o === 'object' && o !== null && !Array.isArray(o) ? (o as Record<string, unknown>) : {});
const err = (cause: string, info: Record<string, unknown>, data: string, status = 200): InspectAnswer => ({
  error: { name: 'HANDLER_ERROR', cause: { name: cause, info }, code: -32000, message: 'Server error', data },
  status,
});

export class InspectChain {
  readonly chain: Chain | undefined;
  readonly #byHeight = new Map<number, string>();

  constructor(fixturesDir: string) {
    const file = path.join(fixturesDir, 'inspect', 'chain.json');
    this.chain = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Chain) : undefined;
    for (const [hash, b] of Object.entries(this.chain?.blocks ?? {})) this.#byHeight.set(b.height, hash);
  }

  /** The block a `block_id` names, if it is one of the chain's: its hash and height. */
  #block(id: unknown): { hash: string; height: number } | undefined {
    const c = this.chain;
    if (!c) return undefined;
    if (typeof id === 'string' && c.blocks[id]) return { hash: id, height: c.blocks[id].height };
    const h = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
    const hash = h === undefined ? undefined : this.#byHeight.get(h);
    return hash === undefined || h === undefined ? undefined : { hash, height: h };
  }

  /**
   * The answer to an Inspect Transaction read, or undefined when the request is not about the chain's transactions and
   * blocks (the rest of the stub answers it). `oldestRegular`: the regular host's oldest block height.
   */
  answer(host: 'rpc' | 'archival', txData: TxData, method: unknown, params: Record<string, unknown>, oldestRegular: number): InspectAnswer | undefined {
    const c = this.chain;
    if (!c) return undefined;
    if (method === 'EXPERIMENTAL_tx_status' || method === 'tx') {
      const hash = params['tx_hash'];
      const r = typeof hash === 'string' ? txData.byHash.get(hash) : undefined;
      const outcomes = r ? (r.value['receipts'] as unknown[]).map((x) => rec(rec(x)['execution_outcome'])['id']) : [];
      if (!outcomes.some((id) => typeof id === 'string' && c.profiles[id] !== undefined)) return undefined;
      const a = txRpcResult(txData, method, params);
      if (!a || !('result' in a)) return a && { error: a.error, status: 200 };
      const result = rec(a.result);
      // The node's view: each receipt outcome's metadata with its profile (the transactions API's records carry null).
      result['receipts_outcome'] = (result['receipts_outcome'] as unknown[]).map((o) => {
        const v = rec(o);
        const profile = c.profiles[String(v['id'])];
        return profile === undefined ? v : { ...v, outcome: { ...rec(v['outcome']), metadata: profile } };
      });
      result['transaction_outcome'] = {
        ...rec(result['transaction_outcome']),
        outcome: { ...rec(rec(result['transaction_outcome'])['outcome']), metadata: { version: 1, gas_profile: null } },
      };
      return { result };
    }
    const ref = params['block_id'];
    const b = this.#block(ref);
    if (method === 'EXPERIMENTAL_protocol_config' && ref !== undefined && !b) return { result: c.protocolConfig };
    if (!b) return undefined;
    // `block` of a transaction's blocks answers on both hosts, as stubTx.ts answers the records' blocks.
    if (host === 'rpc' && b.height < oldestRegular && method !== 'block') {
      return typeof ref === 'string' && !/^\d+$/.test(ref)
        ? err('UNKNOWN_BLOCK', {}, `DB Not Found Error: BLOCK: ${ref} \n Cause: Unknown`, 422)
        : err(
            'GARBAGE_COLLECTED_BLOCK',
            { block_height: b.height, block_hash: '' },
            `The data for block #${b.height} is garbage collected on this node, use an archival node to fetch historical data`,
          );
    }
    const at = { block_height: b.height, block_hash: b.hash };
    switch (method) {
      case 'block': {
        const info = c.blocks[b.hash]!;
        return {
          result: {
            author: 'node0.testnet',
            header: {
              height: b.height,
              hash: b.hash,
              prev_hash: info.prev_hash,
              timestamp: BigInt(info.timestamp),
              timestamp_nanosec: info.timestamp,
              chunks_included: 1,
            },
            chunks: [],
          },
        };
      }
      case 'EXPERIMENTAL_protocol_config':
        return { result: c.protocolConfig };
      case 'EXPERIMENTAL_changes':
      case 'changes': {
        const ids = Array.isArray(params['account_ids']) ? params['account_ids'] : [];
        const kind = params['changes_type'];
        const types = kind === 'data_changes' ? ['data_update', 'data_deletion'] : kind === 'account_changes' ? ['account_update', 'account_deletion'] : [];
        const changes = (c.changes[b.hash] ?? []).filter((x) => types.includes(x.type) && ids.includes(x.change['account_id']));
        return { result: { block_hash: b.hash, changes } };
      }
      case 'query': {
        const account = String(params['account_id'] ?? '');
        if (params['request_type'] === 'view_account') {
          const va = c.accounts[b.hash]?.[account];
          return va
            ? { result: { ...va, ...at } }
            : err('UNKNOWN_ACCOUNT', { requested_account_id: account, ...at }, `account ${account} does not exist while viewing`);
        }
        if (params['request_type'] === 'view_state') {
          const entries = c.state[b.hash]?.[account];
          if (!entries) return undefined;
          const prefix = Buffer.from(String(params['prefix_base64'] ?? ''), 'base64');
          const values = entries.filter(([k]) => Buffer.from(k, 'base64').subarray(0, prefix.length).equals(prefix)).map(([key, value]) => ({ key, value }));
          return { result: { values, ...at } };
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }
}

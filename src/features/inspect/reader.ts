// Reads what Inspect Transaction shows, through the client only: one `EXPERIMENTAL_tx_status`, then per block of its
// receipts the block (its height and the block before), its protocol config (the fees and storage price), and per
// receipt that ran code its account's data and account changes in that block, the account at the block before when
// the block does not say it, and one `view_state` per changed key (at most MAX_KEYS) for the value before. Receipts
// are read a few at a time and handed over one by one as they are done. No `vscode`: runs in the unit tests and the
// bench as it runs in the editor.
import { errorMessage, NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import type { AccountState, FeeConfig, NearClient, RpcHost } from '../../client/client';
import { createLimiter } from '../../client/limit';
import type { NetworkLabel } from '../../near/networks';
import { gasOfReceipt, inspectedChange, inspectedReceipt, noState, PENDING, planAccount, planKeys, receiptState, txSkeleton } from './model/inspection';
import type { Before, InspectedReceipt, Inspection, ReceiptSkeleton, ReceiptState } from './model/inspection';

/** Receipts read at once (each reads its block's changes and its keys' values before). */
export const RECEIPT_CONCURRENCY = 4;
/** Values before read at once for one receipt. */
const KEY_CONCURRENCY = 4;

export interface InspectReadOptions {
  /** Where every read goes first: the archival host on mainnet and testnet, the node itself on a custom network. */
  host: RpcHost;
  signal?: AbortSignal;
  /** The receipts as tx_status gives them, their blocks' reads to come. */
  onStart?(inspection: Inspection): void;
  /** One receipt fully read (its index in `receipts`). */
  onReceipt?(index: number, receipt: InspectedReceipt): void;
}

export interface InspectRead {
  inspection: Inspection;
  /** Every read succeeded or failed for a reason that will not change (a garbage-collected block, a state too large). */
  complete: boolean;
}

/** Causes that a later try will not change: the answer is kept as it is. */
const SETTLED = /^(GARBAGE_COLLECTED_BLOCK|UNKNOWN_BLOCK|UNKNOWN_ACCOUNT|TOO_LARGE_CONTRACT_STATE|NO_CONTRACT_CODE|METHOD_NOT_FOUND)$/;
const settled = (e: unknown): boolean => NearLensError.is(e) && (SETTLED.test(e.rpcCause ?? '') || e.kind === 'bad-shape' || /too large/i.test(e.message));

const GC_WORDS = (e: unknown): string => `Not known: ${errorMessage(e).replace(/\.$/, '')}.`;

interface BlockInfo {
  height: string;
  prevHash: string;
}

/** The account as account_update gives it, from view_account at a block. */
const accountOfView = (v: { amount: bigint; locked: bigint; codeHash: string; storageUsage: number }): AccountState => ({
  amount: String(v.amount),
  locked: String(v.locked),
  codeHash: v.codeHash,
  storageUsage: String(v.storageUsage),
});

/**
 * The inspection of a transaction, or undefined when the node does not know it (by that signer). Throws only for what
 * stops everything (the tx_status read itself); a receipt whose reads fail says why on that receipt.
 */
export async function readInspection(
  client: NearClient,
  network: NetworkLabel,
  hash: string,
  signerId: string,
  o: InspectReadOptions,
): Promise<InspectRead | undefined> {
  const at = { host: o.host, ...(o.signal && { signal: o.signal }) };
  const status = await client.changes.txStatus(hash, signerId, at);
  if (!status) return undefined;
  const sk = txSkeleton(status.result);
  let complete = sk.status !== 'pending';
  const transient = (e: unknown): void => {
    if (NearLensError.is(e) && e.kind === 'aborted') throw e;
    if (!settled(e)) complete = false;
  };

  const receipts = sk.receipts.map((s) => inspectedReceipt(s, undefined, gasOfReceipt(s), s.status === 'pending' ? noState(PENDING) : noState()));
  const inspection: Inspection = {
    hash: sk.hash || hash,
    network,
    signerId: sk.signerId,
    receiverId: sk.receiverId,
    status: sk.status,
    gasBurnt: sk.gasBurnt,
    tokensBurnt: sk.tokensBurnt,
    receipts,
  };
  o.onStart?.(inspection);

  const blocks = new Map<string, Promise<BlockInfo | { error: unknown }>>();
  const blockOf = (blockHash: string): Promise<BlockInfo | { error: unknown }> => {
    let b = blocks.get(blockHash);
    if (!b) {
      b = client.rpc.block({ blockId: blockHash }, at).then(
        ({ result }) => {
          const h = isRecord(result['header']) ? result['header'] : {};
          const height = h['height'];
          const prev = h['prev_hash'];
          if ((typeof height !== 'number' && typeof height !== 'string') || typeof prev !== 'string')
            return { error: new NearLensError('bad-shape', 'The RPC sent a block without its height or the block before.') };
          return { height: String(height), prevHash: prev };
        },
        (error: unknown) => ({ error }),
      );
      blocks.set(blockHash, b);
    }
    return b;
  };
  const fees = new Map<string, Promise<FeeConfig | undefined>>();
  const feesAt = (height: string): Promise<FeeConfig | undefined> => {
    let f = fees.get(height);
    if (!f) {
      f = client.changes.protocolConfig(Number(height), at).catch((e: unknown) => {
        transient(e);
        return undefined;
      });
      fees.set(height, f);
    }
    return f;
  };

  const readOne = async (s: ReceiptSkeleton): Promise<InspectedReceipt> => {
    if (s.status === 'pending' || s.blockHash === undefined) return inspectedReceipt(s, undefined, gasOfReceipt(s), noState(PENDING));
    const block = await blockOf(s.blockHash);
    if ('error' in block) {
      transient(block.error);
      return inspectedReceipt(s, undefined, gasOfReceipt(s), noState(GC_WORDS(block.error)));
    }
    const fee = s.burnt > 0n ? await feesAt(block.height) : undefined;
    const gas = gasOfReceipt(s, fee);
    const state = s.ranCode ? await stateOf(client, s, s.blockHash, block.prevHash, fee, at, transient) : noState();
    return inspectedReceipt(s, block.height, gas, state);
  };

  const run = createLimiter(RECEIPT_CONCURRENCY);
  await Promise.all(
    sk.receipts.map((s, i) =>
      run(async () => {
        const r = await readOne(s);
        receipts[i] = r;
        o.onReceipt?.(i, r);
      }),
    ),
  );
  return { inspection, complete };
}

/**
 * A receipt's changes in its block: its own data changes (values before from the block, else at the block before),
 * its account before → after, the storage it added and what that pins.
 */
async function stateOf(
  client: NearClient,
  s: ReceiptSkeleton,
  blockHash: string,
  prevHash: string,
  fees: FeeConfig | undefined,
  at: { host: RpcHost; signal?: AbortSignal },
  transient: (e: unknown) => void,
): Promise<ReceiptState> {
  let data;
  let accounts;
  try {
    [data, accounts] = await Promise.all([
      client.changes.changes('data_changes', s.executorId, blockHash, at),
      client.changes.changes('account_changes', s.executorId, blockHash, at),
    ]);
  } catch (e) {
    transient(e);
    return noState(GC_WORDS(e));
  }
  const { keys, more } = planKeys(s.id, data);
  const run = createLimiter(KEY_CONCURRENCY);
  const changes = await Promise.all(
    keys.map((k) =>
      run(async () => {
        let before: Before;
        if (k.earlier !== undefined) before = k.earlier;
        else {
          try {
            before = await client.changes.valueAt(s.executorId, k.keyBase64, prevHash, at);
          } catch (e) {
            transient(e);
            before = {
              unknown: /too large/i.test(errorMessage(e)) ? 'the node refuses to read this contract’s state (too large to be viewed)' : errorMessage(e),
            };
          }
        }
        return inspectedChange(k.keyBase64, before, k.after);
      }),
    ),
  );
  const plan = planAccount(s.id, accounts);
  let account: { before?: AccountState; after: AccountState } | undefined;
  if (plan.after) {
    account = { after: plan.after };
    if (plan.before) account.before = plan.before;
    else if (!plan.beforeInBlock) {
      try {
        account.before = accountOfView((await client.rpc.viewAccount(s.executorId, { blockId: prevHash }, at)).result);
      } catch (e) {
        // An account this receipt created had no state before it: no before.
        if (!(NearLensError.is(e) && e.rpcCause === 'UNKNOWN_ACCOUNT')) transient(e);
      }
    }
  }
  return receiptState({ changes, more, ...(account && { account }), ...(fees && { storagePrice: fees.storageAmountPerByte }) });
}

// A call to a watched contract as the transactions API records it (the shape of test/fixtures/tx/*.json): one
// FunctionCall signed by the caller, the contract's receipt with its outcome — success, or its panic — and its logs
// (NEP-297 `EVENT_JSON:` lines for events). The stub appends such records to a contract's history between refreshes.
// Plain Node: must not depend on mocha or vscode.
import { createHash } from 'node:crypto';
import { base58, base64 } from '@scure/base';

export interface ActivityCall {
  /** The contract called (the receipt's receiver). */
  contract: string;
  method: string;
  /** More FunctionCall actions to the contract in the same transaction, after `method` (a panic fails the last). */
  also?: string[];
  /** The caller (signer and predecessor); default alice.near. */
  signer?: string;
  args?: unknown;
  /** The contract panicked with these words: the call failed. */
  panic?: string;
  /** The contract's log lines (`EVENT_JSON:{…}` for a NEP-297 event). */
  logs?: string[];
  /** The transaction's block (default: above every block the stub's history holds) and index in it. */
  height?: number;
  index?: number;
  /** ns since the epoch (default: now). */
  timestamp?: string;
}

/** A NEP-297 event's log line. */
export const eventLog = (standard: string, event: string, data: unknown, version = '1.0.0'): string =>
  `EVENT_JSON:${JSON.stringify({ standard, version, event, data })}`;

const hash32 = (seed: string): string => base58.encode(createHash('sha256').update(seed).digest());
const PUBLIC_KEY = 'ed25519:CUMXs5DLCGNVdWuvg7LgFVLtCrXLXtXPDJFieJVMkVrz';
const META = { gas_profile: null, version: 3 };
let made = 0;

/** The record's JSON text, its u64 block times bare numbers as the service sends them; and its hash. */
export function activityRecord(call: ActivityCall & { height: number }): { hash: string; text: string } {
  const seed = `near-lens-stub-call-${call.contract}-${call.height}-${call.index ?? 0}-${call.method}-${made++}`;
  const hash = hash32(seed);
  const receiptId = hash32(`${seed}-receipt`);
  const signer = call.signer ?? 'alice.near';
  const t = BigInt(call.timestamp ?? String(BigInt(Date.now()) * 1_000_000n));
  const blockHash = hash32(`${seed}-block-${call.height}`);
  const nextBlock = hash32(`${seed}-block-${call.height + 1}`);
  const actions = [call.method, ...(call.also ?? [])].map((method) => ({
    FunctionCall: {
      args: base64.encode(new TextEncoder().encode(JSON.stringify(call.args ?? {}))),
      deposit: '0',
      gas: 30_000_000_000_000,
      method_name: method,
    },
  }));
  const failing = actions.length - 1;
  const status =
    call.panic === undefined
      ? { SuccessValue: '' }
      : { Failure: { ActionError: { index: failing, kind: { FunctionCallError: { ExecutionError: `Smart contract panicked: ${call.panic}` } } } } };
  const record = {
    data_receipts: [],
    execution_outcome: {
      block_hash: blockHash,
      block_height: call.height,
      block_timestamp: t,
      id: hash,
      index: call.index ?? 0,
      outcome: {
        executor_id: signer,
        gas_burnt: 223_182_562_500,
        logs: [],
        metadata: META,
        receipt_ids: [receiptId],
        status: { SuccessReceiptId: receiptId },
        tokens_burnt: '22318256250000000000',
      },
    },
    receipts: [
      {
        execution_outcome: {
          block_hash: nextBlock,
          block_height: call.height + 1,
          block_timestamp: t + 1_000_000_000n,
          id: receiptId,
          index: 0,
          outcome: {
            executor_id: call.contract,
            gas_burnt: 2_437_803_510_187,
            logs: call.logs ?? [],
            metadata: META,
            receipt_ids: [],
            status,
            tokens_burnt: '243780351018700000000',
          },
        },
        receipt: {
          block_hash: nextBlock,
          block_height: call.height + 1,
          block_timestamp: t + 1_000_000_000n,
          predecessor_id: signer,
          priority: 0,
          receipt: {
            Action: {
              actions,
              gas_price: '100000000',
              input_data_ids: [],
              is_promise_yield: false,
              output_data_receivers: [],
              signer_id: signer,
              signer_public_key: PUBLIC_KEY,
            },
          },
          receipt_id: receiptId,
          receipt_index: 0,
          receiver_id: call.contract,
        },
      },
    ],
    transaction: {
      actions,
      hash,
      nonce: 135_198_626_766_002,
      priority_fee: 0,
      public_key: PUBLIC_KEY,
      receiver_id: call.contract,
      signature: `ed25519:${base58.encode(createHash('sha512').update(seed).digest())}`,
      signer_id: signer,
    },
  };
  const text = JSON.stringify(record, (_k, v: unknown) => (typeof v === 'bigint' ? `#big:${v}` : v)).replace(/"#big:(\d+)"/g, '$1');
  return { hash, text };
}

/** The contract lens's demo of a contract's life (#47): successes, failures with two messages, several methods, a
 * transaction calling two of them (its second call fails), and a method called once. */
export function lensCalls(contract: string): ActivityCall[] {
  return [
    { contract, method: 'claim' },
    { contract, method: 'claim', signer: 'bob.near' },
    { contract, method: 'claim', panic: 'not your turn' },
    { contract, method: 'settle_all', signer: 'lensdev.near' },
    { contract, method: 'claim', panic: 'not your turn' },
    { contract, method: 'settle_all', also: ['claim'], panic: 'round is over' },
    { contract, method: 'ping' },
  ];
}

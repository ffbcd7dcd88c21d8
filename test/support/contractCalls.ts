// Calls to a contract as the transactions API's rows and records give them, for the contract lens's unit tests and
// bench rows (#47): one receipt to the contract per transaction with its FunctionCall actions (the failing one named
// by the failure's "Action #N"), and the refund to the caller. Plain Node: must not depend on mocha or vscode.
import type { TransactionModel } from '../../src/client/transactions/model';
import type { AccountTxRow } from '../../src/client/transactions/types';
import type { FakeTx } from './fakeTxService';

export const C = 'game.hot.tg';
export const SEC = 1_000_000_000n;
/** A time past 2^53 ns, so a Number anywhere would show. */
export const T0 = 1_771_106_600_329_561_537n;
export const T0_MS = Number(T0 / 1_000_000n);

export interface Call {
  method: string;
  /** The receipt fails at this call (its panic names it). */
  fail?: string;
}

/** A transaction to C: one receipt with `calls` as FunctionCall actions (the failing one named by ActionError's index). */
export function callTx(i: number, calls: readonly Call[], at = T0 + BigInt(i) * SEC, height = 1000 + i, contract = C): FakeTx {
  const hash = `H${String(i).padStart(6, '0')}${'x'.repeat(37)}`;
  const failing = calls.findIndex((c) => c.fail !== undefined);
  const row: AccountTxRow = {
    hash,
    blockHeight: String(height),
    timestamp: String(at),
    txIndex: 0,
    isSigner: false,
    isRealSigner: false,
    isReceiver: true,
    isRealReceiver: true,
    isFunctionCall: true,
    isSuccess: failing < 0,
  };
  const actions = calls.map((c) => ({ kind: 'FunctionCall', summary: c.method, methodName: c.method }) as TransactionModel['actions'][number]);
  const failure = failing < 0 ? undefined : `Action #${failing}: Smart contract panicked: ${calls[failing]?.fail}`;
  const receipt: TransactionModel['receipts'][number] = {
    id: `R${hash.slice(1)}`,
    predecessorId: 'alice.near',
    receiverId: contract,
    status: failing < 0 ? 'success' : 'failure',
    ...(failure !== undefined && { failure }),
    gasBurnt: '0',
    tokensBurnt: '0',
    logs: [],
    events: [],
    actions,
    refund: false,
  };
  const refund = {
    ...receipt,
    id: `F${hash.slice(1)}`,
    predecessorId: 'system',
    receiverId: 'alice.near',
    status: 'success' as const,
    actions: [],
    refund: true,
  };
  const model: TransactionModel = {
    hash,
    signerId: 'alice.near',
    receiverId: contract,
    publicKey: 'ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd',
    nonce: '1',
    blockHash: 'DKNwmVPiE99SgmzaH8yiPt2jnQzhjNv3BRAHnszeiUui',
    status: receipt.status,
    ...(failure !== undefined && { failure }),
    blockHeight: row.blockHeight,
    timestamp: row.timestamp,
    gasBurnt: '0',
    tokensBurnt: '0',
    actions,
    receipts: [receipt, refund],
  };
  return { ...row, model };
}

// TEMPORARY (until branch w33-tx lands): the transactions client's interface as agreed, so that the history views
// compile before the client exists. Replaced by imports of src/core/service/transactions.ts and
// src/core/near/transactions/ once merged. Pure: no `vscode`.
import type { CallOptions } from '../service/options';

export interface AccountTxFilter {
  isSigner?: boolean;
  isReceiver?: boolean;
  isFunctionCall?: boolean;
  isSuccess?: boolean;
}
export interface AccountTxRequest {
  accountId: string;
  limit?: number;
  resumeToken?: string;
  filter?: AccountTxFilter;
  fromBlockHeight?: string;
  toBlockHeight?: string;
}
export interface AccountTxRow {
  hash: string;
  blockHeight: string;
  timestamp: string;
  txIndex: number;
  isSigner: boolean;
  isReceiver: boolean;
  isFunctionCall: boolean;
  isSuccess: boolean;
}
export interface AccountTxPage {
  rows: AccountTxRow[];
  resumeToken?: string;
  count?: number;
}
export interface ActionModel {
  kind: string;
  summary: string;
}
export interface TransactionModel {
  hash: string;
  signerId: string;
  receiverId: string;
  status: 'success' | 'failure' | 'pending';
  failure?: unknown;
  blockHeight: unknown;
  timestamp: unknown;
  gasBurnt: unknown;
  tokensBurnt: unknown;
  actions: ActionModel[];
  receipts: unknown[];
}
export interface TxClient {
  readonly hasTransactionsApi: boolean;
  transactions(hashes: readonly string[], o?: CallOptions): Promise<Map<string, TransactionModel>>;
  accountTransactions(req: AccountTxRequest, o?: CallOptions): Promise<AccountTxPage>;
}

/** TEMPORARY: NearClient as the transactions client, until NearClient itself has these members. */
export const asTxClient = (c: object): TxClient => c as TxClient;

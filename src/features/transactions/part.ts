// The lazy part `transactions`: Look Up Transaction… and the hover of a hash (txCommands.ts), an account's history in
// the tree and its commands (accountTxs.ts, txTree.ts), and the client's readers of the transactions API (records
// into the model, batches, the read-once cache). Loaded on the first use of any of them.
export { txFeature } from './txCommands';
export { accountTxsHandlers, NEEDS_INDEXER } from './accountTxs';
export { txGroupNode } from './model/txTreeNodes';
export { txTreeItem, txTreeRun } from './txTree';
export { accountTransactions, clearTransactionCache, receipt, transactionViaRpc, transactions } from '../../client/transactions/reads';

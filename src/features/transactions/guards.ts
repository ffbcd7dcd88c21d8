// The guard of the Transactions message the webview receives (protocol.ts has its types). Only the webview imports
// this file. Pure: no `vscode`, no DOM, no Node.
import { fields, list, spec } from '../panel/protocol';
import { isTxFilterView } from './protocol';
import type { TxHostMessage } from './protocol';

const ROW = spec('hash when utc block mark statusWord signerId receiverId actions failure role sentence', '', '', {
  status: (v) => v === 'success' || v === 'failure' || v === 'pending',
});
const TABLE = spec('accountId count range error unavailable', '', 'hasNewer hasOlder loading started', {
  filter: isTxFilterView,
  page: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  rows: list(ROW, 200),
});

/** The host's Transactions message, checked in the webview before anything is drawn. */
export function isTxHostMessage(v: unknown): v is TxHostMessage {
  return fields({ type: (t) => t === 'txs', data: TABLE })(v);
}

// The guard of the Transactions message the webview receives (protocol.ts has its types). Only the webview imports
// this file. Pure: no `vscode`, no DOM, no Node.
import { count, exactly, isStr, list, oneOf, spec } from '../../ui/guard';
import { isTxFilterView, isTxPickView, TX_METHODS_MAX } from './protocol';
import type { TxHostMessage } from './protocol';

const ROW = spec('hash when utc block mark statusWord signerId receiverId actions failure role sentence', '', '', {
  status: oneOf('success', 'failure', 'pending'),
});
const TABLE = spec('accountId count range note error unavailable', '', 'hasNewer hasOlder loading started', {
  filter: isTxFilterView,
  pick: isTxPickView,
  methods: list(isStr, TX_METHODS_MAX),
  page: count(Number.MAX_SAFE_INTEGER),
  rows: list(ROW, 200),
});

/** The host's Transactions message, checked in the webview before anything is drawn. */
export function isTxHostMessage(v: unknown): v is TxHostMessage {
  return exactly({ type: oneOf('txs'), data: TABLE })(v);
}

// The guards of what the Inspect Transaction page receives (protocol.ts has its types) and of the state it keeps. Only
// the page and the serializer import this file. Pure: no `vscode`, no DOM, no Node.
import { count, exactly, fieldOf, isStr, list, oneOf, spec } from '../../ui/guard';
import type { Check } from '../../ui/guard';
import type { InspectHostMessage, InspectState } from './protocol';

const STATUS = oneOf('success', 'failure', 'pending');
const BYTES = spec('text size', '', 'cut');
const GAS = spec('burnt attached unavailable outOfGas note', 'attachedAt', '', {
  total: spec('tgas gas'),
  segments: list(spec('name tgas gas percent', 'width hue'), 20),
  parts: list(spec('what tgas gas'), 300),
});
const STATE = spec('storage more unavailable', '', '', {
  changes: list(spec('bytes beforeNote', '', '', { key: BYTES, before: BYTES, after: BYTES, kind: oneOf('create', 'update', 'delete') }), 20),
  account: list(spec('label before after'), 10),
});
const RECEIPT: Check = spec('id title predecessorId executorId statusText failure block', '', 'loaded', {
  depth: count(10_000),
  status: STATUS,
  gas: GAS,
  state: STATE,
});
const HEAD = spec('hash network statusText signerId receiverId gasBurnt tokensBurnt', '', '', {
  status: STATUS,
  networkLabel: oneOf('mainnet', 'testnet', 'custom'),
  receiptCount: count(100_000),
});

const MESSAGES = [
  exactly({ type: oneOf('inspectStart'), head: HEAD, receipts: list(RECEIPT, 10_000) }),
  exactly({ type: oneOf('inspectReceipt'), index: count(100_000), receipt: RECEIPT }),
  exactly({ type: oneOf('inspectDone'), note: isStr }),
  exactly({ type: oneOf('inspectError'), message: isStr }),
];

/** A message from the panel's host, checked before anything is drawn. */
export function isInspectHostMessage(v: unknown): v is InspectHostMessage {
  return MESSAGES.some((check) => check(v));
}

/** The page's saved state: a transaction hash and the network it was inspected on (the serializer's input). */
export function isInspectState(v: unknown): v is InspectState {
  const hash = fieldOf(v, 'hash');
  return isStr(hash) && /^[1-9A-HJ-NP-Za-km-z]{43,44}$/.test(hash) && oneOf('mainnet', 'testnet', 'custom')(fieldOf(v, 'network'));
}

// `nearLens.inspectTransaction`'s argument, checked before anything is sent: a hash, a receipt id or an explorer URL
// (as Look Up Transaction reads them), the network, the signer for a network without a transactions API, and whether
// to show the panel. Pure: no `vscode`, no I/O.
import { invalidInput } from '../../../base/errors';
import { isRecord } from '../../../base/json';
import { accountIdProblem } from '../../../near/ids';
import type { NetworkLabel } from '../../../near/networks';
import { parseTxInput } from '../../transactions/model/hashFinder';

export interface InspectArgs {
  hash: string;
  network?: NetworkLabel;
  signerId?: string;
  show: boolean;
}

const KEYS = ['hash', 'network', 'signerId', 'show'];

/**
 * `{ hash, network?, signerId?, show? }` or a hash alone. The network an explorer URL names is used unless the
 * argument names one, or the custom network is in use (`custom`: the chosen network is custom).
 */
export function parseInspectArgs(arg: unknown, custom: boolean): InspectArgs {
  const a = typeof arg === 'string' ? { hash: arg } : arg;
  if (!isRecord(a)) throw invalidInput('Inspect Transaction takes a transaction hash, or { hash, network?, signerId?, show? }.');
  const unknown = Object.keys(a).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) throw invalidInput(`Inspect Transaction does not take ${unknown.map((k) => `"${k.slice(0, 40)}"`).join(', ')}.`);
  if (typeof a['hash'] !== 'string') throw invalidInput('Give the transaction hash (hash), a receipt id or an explorer URL of a transaction.');
  const parsed = parseTxInput(a['hash']);
  if ('error' in parsed) throw invalidInput(parsed.error);
  const network = a['network'];
  if (network !== undefined && network !== 'mainnet' && network !== 'testnet' && network !== 'custom')
    throw invalidInput('network is "mainnet", "testnet" or "custom".');
  const signer = a['signerId'];
  if (signer !== undefined) {
    const why = typeof signer === 'string' ? accountIdProblem(signer.trim()) : 'signerId is an account id.';
    if (why) throw invalidInput(why);
  }
  if (a['show'] !== undefined && typeof a['show'] !== 'boolean') throw invalidInput('show is true or false.');
  const net = (network as NetworkLabel | undefined) ?? (custom ? undefined : parsed.network);
  return {
    hash: parsed.hash,
    ...(net && { network: net }),
    ...(typeof signer === 'string' && { signerId: signer.trim() }),
    show: a['show'] !== false,
  };
}

/** What the prompt says it takes. */
export const INSPECT_PLACEHOLDER = 'a transaction hash, a receipt id, or an explorer URL of a transaction';

/** The prompt's check as you type: the text as it is, or why it is not a hash, a receipt id or an explorer URL. */
export function checkedTxText(text: string): string {
  const parsed = parseTxInput(text);
  if ('error' in parsed) throw invalidInput(parsed.error);
  return text;
}

// The arguments of Show Failure in Code, of a source line's link and of the Dismiss quick fix, checked before anything
// is read or opened; each refusal says why. Pure: no `vscode`.
import { invalidInput } from '../../../base/errors';
import { isRecord } from '../../../base/json';
import { hashError } from '../../../near/hash';
import type { ShowFailureArgs, SourceLineArgs } from './failureView';

const isNetwork = (n: unknown): n is ShowFailureArgs['network'] => n === 'mainnet' || n === 'testnet' || n === 'custom';

function onlyKeys(a: Record<string, unknown>, keys: readonly string[], what: string): void {
  const extra = Object.keys(a).filter((k) => !keys.includes(k));
  if (extra.length > 0) throw invalidInput(`${what} does not take ${extra.map((k) => `"${k.slice(0, 40)}"`).join(', ')}.`);
}

/** `{ hash, network?, show? }` (or the hash alone); `show` defaults to true. */
export function parseShowFailureArgs(arg: unknown): Required<Pick<ShowFailureArgs, 'hash' | 'show'>> & Pick<ShowFailureArgs, 'network'> {
  const a = typeof arg === 'string' ? { hash: arg } : arg;
  if (!isRecord(a)) throw invalidInput('Show Failure in Code takes { hash, network?, show? }.');
  onlyKeys(a, ['hash', 'network', 'show'], 'Show Failure in Code');
  const hash = typeof a['hash'] === 'string' ? a['hash'].trim() : '';
  const why = hashError(hash);
  if (why !== undefined) throw invalidInput(why);
  if (a['network'] !== undefined && !isNetwork(a['network'])) throw invalidInput('network is "mainnet", "testnet" or "custom".');
  if (a['show'] !== undefined && typeof a['show'] !== 'boolean') throw invalidInput('show is true or false.');
  return { hash, ...(a['network'] !== undefined && { network: a['network'] }), show: a['show'] !== false };
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/** `{ uri, line, column, rev? }`: a 1-based place, and a commit id when it is to be read at that revision. */
export function parseSourceLineArgs(arg: unknown): SourceLineArgs {
  if (!isRecord(arg)) throw invalidInput('Open Failure Source takes { uri, line, column, rev? }.');
  onlyKeys(arg, ['uri', 'line', 'column', 'rev'], 'Open Failure Source');
  const { uri, line, column, rev } = arg;
  if (typeof uri !== 'string' || uri.length > 4096 || !/^[a-z][\w+.-]*:/i.test(uri)) throw invalidInput('uri is a file of the workspace, as a URI.');
  if (!positive(line) || !positive(column)) throw invalidInput('line and column are whole numbers from 1.');
  if (rev !== undefined && (typeof rev !== 'string' || !/^[0-9a-f]{7,64}$/i.test(rev))) throw invalidInput('rev is a commit id (7 to 64 hex digits).');
  return { uri, line, column, ...(rev !== undefined && { rev: rev.toLowerCase() }) };
}

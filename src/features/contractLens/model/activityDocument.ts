// `nearLens.contractActivity`'s argument read before anything is sent, and its result as the read-only document the
// palette shows (a line per method over the JSON). Pure: no `vscode`, no I/O.
import { invalidInput } from '../../../base/errors';
import { isRecord } from '../../../base/json';
import { sanitizeText } from '../../../base/text';
import { accountIdProblem } from '../../../near/ids';
import type { NetworkLabel } from '../../../near/networks';
import { nanosToIso } from '../../../near/time/chainTime';
import type { ContractActivity } from './types';

export interface ActivityArgs {
  readonly accountId: string;
  readonly network?: NetworkLabel;
  /** Read now, whenever the last read was (from code). */
  readonly refresh: boolean;
}

const USAGE = 'Contract Activity takes an account id, or { accountId, network?, refresh? }.';
const KEYS = ['accountId', 'network', 'refresh'];

/** The command's argument (an id, or `{ accountId, network?, refresh? }`); throws the reason a person reads. */
export function parseActivityArgs(arg: unknown): ActivityArgs {
  const a = typeof arg === 'string' ? { accountId: arg } : arg;
  if (!isRecord(a)) throw invalidInput(USAGE);
  const unknown = Object.keys(a).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) throw invalidInput(`Contract Activity does not take ${unknown.map((k) => `"${sanitizeText(k, 40)}"`).join(', ')}.`);
  const id = typeof a['accountId'] === 'string' ? a['accountId'].trim() : '';
  const why = typeof a['accountId'] === 'string' ? accountIdProblem(id) : 'Not a valid NEAR account id: the id is missing.';
  if (why) throw invalidInput(why);
  const network = a['network'];
  if (network !== undefined && network !== 'mainnet' && network !== 'testnet' && network !== 'custom')
    throw invalidInput('The network is mainnet, testnet or custom.');
  if (a['refresh'] !== undefined && typeof a['refresh'] !== 'boolean') throw invalidInput('refresh is true or false.');
  return { accountId: id, ...(network !== undefined && { network }), refresh: a['refresh'] === true };
}

/** Methods listed above the JSON (the JSON holds them all). */
const LISTED = 50;

/** "game.hot.tg calls · 214 in 24 h · 3 failed · as of 2026-…Z" */
export function activitySummary(a: ContractActivity): string {
  const calls = a.methods.reduce((n, m) => n + m.calls24h, 0);
  const failed = a.methods.reduce((n, m) => n + m.failed24h, 0);
  return [
    `${a.accountId} calls`,
    `${calls}${a.capped ? '+' : ''} in 24 h`,
    `${failed} failed`,
    `as of ${nanosToIso(a.asOf) ?? a.asOf}`,
    `${a.rows} rows read since ${nanosToIso(a.since) ?? a.since}`,
  ].join(' · ');
}

/** The document: the summary, a line per method (busiest of the day first), then the result as JSON. */
export function activityDocument(a: ContractActivity): string {
  const lines = a.methods.slice(0, LISTED).map((m) => {
    const f = m.lastFailure ? ` · last failure (${m.lastFailure.kind}): ${m.lastFailure.message}` : '';
    return `// ${sanitizeText(`${m.method} · ${m.calls24h} calls in 24 h · ${m.failed24h} failed · ${m.calls} since ${a.since}${f}`, 300)}\n`;
  });
  const more = a.methods.length > LISTED ? `// … and ${a.methods.length - LISTED} more methods below\n` : '';
  const capped = a.capped ? '// More calls came between two reads than one read takes (200): the day’s figures are at least these.\n' : '';
  return `// ${sanitizeText(activitySummary(a), 300)}\n${capped}${lines.join('')}${more}${JSON.stringify(a, null, 2)}\n`;
}

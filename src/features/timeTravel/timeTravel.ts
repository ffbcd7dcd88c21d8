// Time travel, for the panel's History and Look Up Account… at a past block: an account at a past block or date, and
// balance histories. One session per archival endpoint keeps
// every block time and past balance seen (past blocks never change). No `vscode`: the callers own the UI.
import { parseAt } from '../../near/time/parseAt';
import type { At } from '../../near/time/parseAt';
import { invalidInput } from '../../base/errors';
import { formatNear, groupDigits } from '../../near/amounts';
import type { NearClient } from '../../client/client';
import { accountAtBlock, archivalBlocks, balanceHistory, blockOf, firstHeightOf, TimeTravelSession } from '../../client/timeTravel';
import type { AccountAtBlock, HistoryOptions } from '../../client/timeTravel';
import { buildHistoryModel } from './model/historyModel';
import { beforeKept, nodeKeepsOf, nodeKeepsText, rangesKept } from '../../near/time/nodeKeeps';
import { HISTORY_RANGES } from './protocol';
import type { HistoryRange, HistoryViewModel } from './protocol';

export type { AccountAtBlock } from '../../client/timeTravel';

const sessions = new Map<string, TimeTravelSession>();

function sessionOf(client: NearClient): TimeTravelSession {
  const url = client.endpoints.archivalRpcUrl;
  let s = sessions.get(url);
  if (!s) sessions.set(url, (s = new TimeTravelSession()));
  return s;
}

/** "At" from an argument: exactly one of `blockId` (a height, or a height or hash as text) and `date` (a date text). */
export function atFromArgs(a: { blockId?: unknown; date?: unknown }, now = new Date()): At {
  const text = a.blockId ?? a.date;
  const at = typeof text === 'number' || typeof text === 'string' ? parseAt(String(text), now) : undefined;
  if (!at || (a.blockId !== undefined && a.date !== undefined) || (at.kind === 'date') !== (a.date !== undefined)) {
    throw invalidInput('Give blockId (a block height or hash) or date (such as 2025-06-01 or 30 days ago), one of them.');
  }
  return at;
}

/** What a person typed for "at" (a height, a hash or a date). */
export const parseAtText = (text: string): At => parseAt(text, new Date());

/** One line for a person: "alice.near as of block #N (date): total …, locked …, storage … bytes, K access keys." */
export function accountAtText(r: AccountAtBlock, decimals: number): string {
  const near = (s: string): string => formatNear(BigInt(s), decimals);
  const keys = r.accessKeys.length;
  return `${r.accountId} ${r.asOf}: total ${near(r.total)} (balance ${near(r.amount)}, locked ${near(r.locked)}), storage ${groupDigits(String(r.storageUsage))} bytes, ${keys} access key${keys === 1 ? '' : 's'}${r.hasCode ? ', a contract' : ''}.`;
}

/** `id` as of the block `at` names (a date resolved on the archival host). */
export async function lookupAt(client: NearClient, network: string, id: string, at: At, signal?: AbortSignal): Promise<AccountAtBlock> {
  // Without an archival URL, a block older than the node keeps is said so before any block is asked for.
  if (!client.rpc.hasArchival && at.kind !== 'hash') {
    const kept = nodeKeepsOf((await client.rpc.request('status', [], 'regular', { signal })).result);
    const why = kept && beforeKept(at, kept);
    if (why) throw invalidInput(why);
  }
  const session = sessionOf(client);
  const deps = { ...archivalBlocks(client, session, firstHeightOf(network), signal), cache: session.blocks };
  return accountAtBlock(client, id, await blockOf(at, deps, client, signal), signal);
}

/** Without an archival URL: the History ranges within the blocks the node keeps and why the others are not offered. */
export async function historyKept(client: NearClient): Promise<{ ranges: HistoryRange[]; note: string } | undefined> {
  if (client.rpc.hasArchival) return undefined;
  const kept = nodeKeepsOf((await client.rpc.request('status', [], 'regular')).result);
  return kept && { ranges: rangesKept(HISTORY_RANGES, kept), note: nodeKeepsText(kept) };
}

/** The History section of `accountId` over `range` (checked here: it may come from a message). */
export async function historyModel(
  client: NearClient,
  network: string,
  accountId: string,
  range: HistoryRange,
  decimals: number,
  o: HistoryOptions = {},
): Promise<HistoryViewModel> {
  // Without an archival URL, History reads only the blocks the node keeps: a range that starts before them asks no block.
  if (!client.rpc.hasArchival) {
    const kept = nodeKeepsOf((await client.rpc.request('status', [], 'regular', { signal: o.signal })).result);
    if (kept && rangesKept([range], kept).length === 0) throw invalidInput(nodeKeepsText(kept));
  }
  const { rows } = await balanceHistory(client, sessionOf(client), accountId, range, firstHeightOf(network), o);
  return buildHistoryModel(accountId, range, rows, decimals);
}

// Time travel (issue #18), a lazy part (dist/timetravel.js) that the look-up and panel parts load on first use: an
// account at a past block or date, and balance histories. One session per archival endpoint keeps every block time
// and past balance seen (past blocks never change). No `vscode`: the callers own the UI.
import { parseAt } from '../../core/near/at';
import type { At } from '../../core/near/at';
import { invalidInput } from '../../core/errors';
import { formatNear, groupDigits } from '../../core/near/amounts';
import type { NearClient } from '../../core/service/client';
import { accountAtBlock, archivalBlocks, balanceHistory, blockOf, firstHeightOf, historyRange, TimeTravelSession } from '../../core/service/timeTravel';
import type { AccountAtBlock, HistoryOptions } from '../../core/service/timeTravel';
import { buildHistoryModel } from '../../core/views/historyModel';
import type { HistoryViewModel } from '../../shared/historyProtocol';

export type { AccountAtBlock } from '../../core/service/timeTravel';

const sessions = new Map<string, TimeTravelSession>();

function sessionOf(client: NearClient): TimeTravelSession {
  const url = client.endpoints.archivalRpcUrl;
  let s = sessions.get(url);
  if (!s) sessions.set(url, (s = new TimeTravelSession()));
  return s;
}

/**
 * "At" from an argument: `blockId` (a height, or a height/hash as text) or `date` (a date or "30 days ago"), exactly
 * one of them; undefined when neither is given (a look-up of now).
 */
export function atFromArgs(a: { blockId?: unknown; date?: unknown }, now = new Date()): At | undefined {
  const { blockId, date } = a;
  if (blockId !== undefined && date !== undefined) throw invalidInput('Give either blockId or date, not both.');
  if (blockId !== undefined) {
    if (typeof blockId !== 'number' && typeof blockId !== 'string') throw invalidInput('blockId is a block height or a block hash.');
    const at = parseAt(String(blockId), now);
    if (at.kind === 'date') throw invalidInput('blockId is a block height or a block hash; give a date as date.');
    return at;
  }
  if (date === undefined) return undefined;
  if (typeof date !== 'string') throw invalidInput('date is a text such as 2025-06-01, 2025-06-01 12:00 UTC or 30 days ago.');
  const at = parseAt(date, now);
  if (at.kind !== 'date') throw invalidInput('date is a date such as 2025-06-01; give a block height or hash as blockId.');
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
  const session = sessionOf(client);
  const deps = { ...archivalBlocks(client, session, firstHeightOf(network), signal), cache: session.blocks };
  return accountAtBlock(client, id, await blockOf(at, deps, client, signal), signal);
}

/** The History section of `accountId` over `range` (checked here: it may come from a message). */
export async function historyModel(
  client: NearClient,
  network: string,
  accountId: string,
  range: unknown,
  decimals: number,
  o: HistoryOptions = {},
): Promise<HistoryViewModel> {
  const r = historyRange(range);
  const { rows } = await balanceHistory(client, sessionOf(client), accountId, r, firstHeightOf(network), o);
  return buildHistoryModel(accountId, r, rows, decimals);
}

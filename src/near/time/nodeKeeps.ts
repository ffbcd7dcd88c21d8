// History over the blocks an RPC-only node keeps: its `status` says the oldest block it keeps
// (`sync_info.earliest_block_height` / `earliest_block_time`, as nearcore); a History range that starts before it is
// not offered, and the note says why. Pure: no `vscode`.
import { isRecord } from '../../base/json';
import { RANGE_MS } from './sampleRange';
import type { HistoryRange } from './sampleRange';
import type { At } from './parseAt';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a node keeps: its earliest block, and how many days back that is from its head. */
export interface NodeKeeps {
  earliestHeight: number;
  /** The earliest kept block's time (ms since 1970). */
  earliestMs: number;
  /** ms between the earliest kept block and the head. */
  spanMs: number;
}

/** The node's window from a `status` result; undefined when the answer does not say it (older nodes). */
export function nodeKeepsOf(status: unknown): NodeKeeps | undefined {
  const info = isRecord(status) && isRecord(status['sync_info']) ? status['sync_info'] : undefined;
  const height = info?.['earliest_block_height'];
  const from = Date.parse(String(info?.['earliest_block_time']));
  const to = Date.parse(String(info?.['latest_block_time']));
  if (!Number.isSafeInteger(height) || Number.isNaN(from)) return undefined;
  return { earliestHeight: height as number, earliestMs: from, spanMs: Math.max(0, (Number.isNaN(to) ? Date.now() : to) - from) };
}

/** The ranges that start within what the node keeps (in the order given). */
export const rangesKept = (ranges: readonly HistoryRange[], k: NodeKeeps): HistoryRange[] => ranges.filter((r) => RANGE_MS[r] <= k.spanMs);

/** A height or date before the earliest kept block: why it cannot be read (hashes are left to the node to answer). */
export function beforeKept(at: At, k: NodeKeeps): string | undefined {
  const what =
    at.kind === 'height'
      ? at.height < k.earliestHeight
        ? `Block #${at.height.toLocaleString('en-US')}`
        : ''
      : at.kind === 'date' && at.at.getTime() < k.earliestMs
        ? at.text
        : '';
  return what ? `${what} is older than this node keeps. ${nodeKeepsText(k)}` : undefined;
}

/** "this node keeps blocks from #N (about X days): longer ranges need an archival RPC URL" */
export function nodeKeepsText(k: NodeKeeps): string {
  const days = k.spanMs / DAY_MS;
  const about = days >= 1.5 ? `${Math.round(days)} days` : `${Math.max(1, Math.round(days * 24))} hours`;
  return `This node keeps blocks from #${k.earliestHeight.toLocaleString('en-US')} (about ${about}): longer ranges need an archival RPC URL (nearLens.customNetwork.archivalRpcUrl).`;
}

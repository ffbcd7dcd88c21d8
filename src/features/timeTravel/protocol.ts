// The balance panel's History messages, shared by the panel host and the webview; the guard of the request (the
// host's). The webview's guards are in guards.ts, so that the host bundles none of them; all of it stays out of the
// panel's protocol.ts. Pure: no `vscode`, no DOM, no Node.
import { exactly, oneOf } from '../../ui/guard';

export type HistoryRange = '7d' | '30d' | '1y';
export const HISTORY_RANGES: readonly HistoryRange[] = ['7d', '30d', '1y'];

/** One sampled point: text only (exact amounts pre-formatted by the host), `y`/`yLocked` its place on the chart (0–1). */
export interface HistoryPointView {
  date: string; // "2025-06-01 12:00 UTC" (the block's time; the sampled date when there is no block)
  block: string; // "#187,310,138", '' when none
  gap: string; // why there are no figures; '' when loaded
  total: string;
  totalExact: string;
  locked: string;
  lockedExact: string;
  storage: string; // "26,340 bytes"
  y: number;
  yLocked: number;
  /** From this point to the latest loaded one ("now"): signed digits ("+5", "-5", "0"), yocto and bytes; '' for a gap. */
  changeTotal: string;
  changeLocked: string;
  changeStorage: string;
}

export interface HistoryViewModel {
  accountId: string;
  range: HistoryRange;
  rangeLabel: string;
  points: HistoryPointView[];
  top: string; // the total chart's highest value
  bottom: string; // and its lowest
  lockedTop: string; // the same for locked
  lockedBottom: string;
  now: string; // the latest loaded total, shown at the right edge
  note: string;
}

export type HistoryHostMessage =
  | { type: 'history'; data: HistoryViewModel }
  /** Finding each date's block, then loading each point's amounts: `done` of `total` in that phase. */
  | { type: 'historyProgress'; range: HistoryRange; phase: 'blocks' | 'balances'; done: number; total: number }
  | { type: 'historyError'; range: HistoryRange; message: string }
  /**
   * A node without an archival URL: the ranges within the blocks it keeps, and the note that says why the others are
   * not. Every range with no note: the network now has an archival host (after a switch), nothing is held back.
   */
  | { type: 'historyKept'; ranges: HistoryRange[]; note: string };

/** The webview asks for the history of a range. */
export interface HistoryRequest {
  type: 'history';
  range: HistoryRange;
}

const REQUEST = exactly({ type: oneOf('history'), range: oneOf(...HISTORY_RANGES) });

/** The webview's request: exactly `{ type: 'history', range }` (own fields only). */
export function isHistoryRequest(v: unknown): v is HistoryRequest {
  return REQUEST(v);
}

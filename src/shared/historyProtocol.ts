// The balance panel's History messages (issue #18), shared by the panel's lazy part and the webview, with their guards.
// Kept out of protocol.ts so that the main bundle carries none of it. Pure: no `vscode`, no DOM, no Node.
import { fields, isStr, list, spec } from './protocol';

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
  /** From this point to the latest loaded one ("now"), signed and exact; '' for a gap. */
  changeTotal: string;
  changeTotalYocto: string;
  changeLocked: string;
  changeLockedYocto: string;
  changeStorage: string;
}

export interface HistoryViewModel {
  accountId: string;
  range: HistoryRange;
  rangeLabel: string;
  points: HistoryPointView[];
  top: string; // the chart's highest value
  bottom: string; // and its lowest
  now: string; // the latest loaded total, shown at the right edge
  note: string;
}

export type HistoryHostMessage =
  | { type: 'history'; data: HistoryViewModel }
  | { type: 'historyProgress'; range: HistoryRange; done: number; total: number }
  | { type: 'historyError'; range: HistoryRange; message: string };

/** The webview asks for the history of a range. */
export interface HistoryRequest {
  type: 'history';
  range: HistoryRange;
}

const isRange = (v: unknown): boolean => HISTORY_RANGES.includes(v as HistoryRange);
const type = (t: string) => (v: unknown) => v === t;
const count = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1000;

const REQUEST = fields({ type: type('history'), range: isRange });

export function isHistoryRequest(v: unknown): v is HistoryRequest {
  return REQUEST(v);
}

const POINT = spec(
  'date block gap total totalExact locked lockedExact storage changeTotal changeTotalYocto changeLocked changeLockedYocto changeStorage',
  '',
  '',
  { y: (v) => typeof v === 'number' && v >= 0 && v <= 1, yLocked: (v) => typeof v === 'number' && v >= 0 && v <= 1 },
);
const MODEL = spec('accountId rangeLabel top bottom now note', '', '', { range: isRange, points: list(POINT, 30) });

export function isHistoryViewModel(v: unknown): v is HistoryViewModel {
  return MODEL(v);
}

/** Messages of the History section from the host, checked in the webview before anything is drawn. */
export function isHistoryHostMessage(v: unknown): v is HistoryHostMessage {
  return [
    fields({ type: type('history'), data: MODEL }),
    fields({ type: type('historyProgress'), range: isRange, done: count, total: count }),
    fields({ type: type('historyError'), range: isRange, message: isStr }),
  ].some((check) => check(v));
}

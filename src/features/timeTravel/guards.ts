// Guards of the History messages the webview receives (protocol.ts has their types). Only the webview imports
// this file. Pure: no `vscode`, no DOM, no Node.
import { fields, isStr, list, spec } from '../panel/protocol';
import { HISTORY_RANGES } from './protocol';
import type { HistoryHostMessage, HistoryRange, HistoryViewModel } from './protocol';

const isRange = (v: unknown): boolean => HISTORY_RANGES.includes(v as HistoryRange);
const type = (t: string) => (v: unknown) => v === t;
const count = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1000;

const POINT = spec('date block gap total totalExact locked lockedExact storage changeTotal changeLocked changeStorage', '', '', {
  y: (v) => typeof v === 'number' && v >= 0 && v <= 1,
  yLocked: (v) => typeof v === 'number' && v >= 0 && v <= 1,
});
const MODEL = spec('accountId rangeLabel top bottom lockedTop lockedBottom now note', '', '', { range: isRange, points: list(POINT, 30) });

export function isHistoryViewModel(v: unknown): v is HistoryViewModel {
  return MODEL(v);
}

/** Messages of the History section from the host, checked in the webview before anything is drawn. */
export function isHistoryHostMessage(v: unknown): v is HistoryHostMessage {
  return [
    fields({ type: type('history'), data: MODEL }),
    fields({ type: type('historyProgress'), range: isRange, phase: (v) => v === 'blocks' || v === 'balances', done: count, total: count }),
    fields({ type: type('historyError'), range: isRange, message: isStr }),
    fields({ type: type('historyKept'), ranges: list(isRange, 3), note: isStr }),
  ].some((check) => check(v));
}

// Guards of the History messages the webview receives (protocol.ts has their types). Only the webview imports
// this file. Pure: no `vscode`, no DOM, no Node.
import { count, exactly, isStr, list, oneOf, spec } from '../../ui/guard';
import { HISTORY_RANGES } from './protocol';
import type { HistoryHostMessage, HistoryViewModel } from './protocol';

const isRange = oneOf(...HISTORY_RANGES);
const upTo1000 = count(1000);

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
    exactly({ type: oneOf('history'), data: MODEL }),
    exactly({ type: oneOf('historyProgress'), range: isRange, phase: oneOf('blocks', 'balances'), done: upTo1000, total: upTo1000 }),
    exactly({ type: oneOf('historyError'), range: isRange, message: isStr }),
    exactly({ type: oneOf('historyKept'), ranges: list(isRange, 3), note: isStr }),
  ].some((check) => check(v));
}

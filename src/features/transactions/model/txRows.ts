// How one of an account's transactions reads: "2 h ago · ✓ relay.tg → game.hot.tg · l2_claim",
// its tooltip lines and a sentence for screen readers, shared by the watchlist's rows and the balance panel's table.
// Every id and word from the network goes through sanitizeText. Pure: no `vscode`, no I/O.
import { groupDigits } from '../../../near/amounts';
import { sanitizeText } from '../../../base/text';
import { utcOfNs } from '../../../near/time/chainTime';
import { nanosToMs, relativeTime } from '../../../ui/time';
import type { AccountTxRow } from '../../../client/transactions/types';
import type { TransactionModel } from '../../../client/transactions/model';
import type { ActionModel } from '../../../client/transactions/actions';
import type { TxCellsView } from '../protocol';

export type TxStatus = TxCellsView['status'];

/**
 * One transaction as text: every field already safe to show (sanitised, one line, bounded). The fields the balance
 * panel's table shows are the protocol's (`TxCellsView`: when "2 h ago", utc to the nanosecond, block "185,572,450",
 * mark ✓ ✗ …, actions "l2_claim", "Transfer 1.5 NEAR", role "sent by it", sentence for screen readers…).
 */
export interface TxRowView extends TxCellsView {
  /** The whole row: "2 h ago · ✓ relay.tg → game.hot.tg · l2_claim". */
  text: string;
  /** The tooltip, one fact a line. */
  tooltip: string;
}

/** "2026-02-14 21:23:20.329561530 UTC" from nanoseconds (every digit kept), '' when it is not a timestamp. */
export function utcText(ns: string): string {
  return utcOfNs(ns) ?? '';
}

const MARK: Readonly<Record<TxStatus, string>> = { success: '✓', failure: '✗', pending: '…' };
const WORD: Readonly<Record<TxStatus, string>> = { success: 'succeeded', failure: 'failed', pending: 'pending' };

/** Short words for one action: a call's method name, a relayed meta-transaction's inner actions, else its summary. */
function actionWords(a: ActionModel): string[] {
  if (a.kind === 'Delegate') return a.actions.flatMap(actionWords);
  return [sanitizeText(a.kind === 'FunctionCall' && a.methodName ? a.methodName : a.summary || a.kind, 60)];
}

/** At most two actions named, then "+N more". */
export function actionsText(actions: readonly ActionModel[]): string {
  const words = actions.flatMap(actionWords);
  return words.length <= 2 ? words.join(', ') : `${words.slice(0, 2).join(', ')} +${words.length - 2} more`;
}

/** How the account took part: received is `is_real_receiver` (`is_receiver` also holds the refunds of what it sent). */
function roleText(r: AccountTxRow): string {
  const received = r.isRealReceiver === true;
  if (r.isSigner && received) return 'sent and received';
  return r.isSigner ? 'sent by it' : received ? 'received' : '';
}

/** The failure as one line: a string as it is, an object by its JSON (a record's raw error). */
function failureText(f: unknown): string {
  if (f === undefined || f === null) return '';
  return sanitizeText(typeof f === 'string' ? f : JSON.stringify(f), 200);
}

/**
 * One row from the service's row and, when the service knows the hash, its record. Without the record the status
 * comes from the row's `is_success` flag and the parties are unknown ("details not found").
 */
export function txRowView(row: AccountTxRow, model: TransactionModel | undefined, nowMs: number): TxRowView {
  const status: TxStatus = model?.status ?? (row.isSuccess ? 'success' : 'failure');
  const thenMs = nanosToMs(row.timestamp);
  const when = thenMs === undefined ? 'unknown time' : relativeTime(nowMs, thenMs);
  const hash = sanitizeText(row.hash, 60);
  const signerId = model ? sanitizeText(model.signerId, 80) : '';
  const receiverId = model ? sanitizeText(model.receiverId, 80) : '';
  const actions = model ? actionsText(model.actions) : '';
  const failure = status === 'failure' ? failureText(model?.failure) : '';
  const parties = model ? `${signerId} → ${receiverId}` : 'details not found';
  const text = [when, `${MARK[status]} ${parties}`, actions].filter(Boolean).join(' · ');
  const block = /^\d+$/.test(row.blockHeight) ? groupDigits(row.blockHeight) : sanitizeText(row.blockHeight, 30);
  const utc = utcText(row.timestamp);
  const longWhen = thenMs === undefined ? 'at an unknown time' : relativeTime(nowMs, thenMs, true);
  const sentence = `Transaction ${hash.slice(0, 6)}… ${WORD[status]} ${longWhen}${
    model ? `: ${signerId} to ${receiverId}${actions ? `, ${actions}` : ''}` : ', details not found'
  }${failure ? `. Why: ${failure}` : ''}.`;
  const tooltip = [
    `Transaction ${hash}`,
    `${MARK[status]} ${WORD[status]}${failure ? `: ${failure}` : ''}`,
    model ? `${signerId} → ${receiverId}` : 'The transactions service has no record of this hash (yet).',
    model && model.actions.length > 0 ? `Actions: ${model.actions.map((a) => sanitizeText(a.summary || a.kind, 120)).join('; ')}` : '',
    `Block ${block}${utc ? ` · ${utc}` : ''}`,
    roleText(row) ? `This account: ${roleText(row)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    hash,
    when,
    utc,
    block,
    status,
    mark: MARK[status],
    statusWord: WORD[status],
    signerId,
    receiverId,
    actions,
    failure,
    role: roleText(row),
    text,
    sentence,
    tooltip,
  };
}

/** "81,278 transactions", "1 transaction", "no transactions"; '' when the count is unknown. */
export function countText(count: number | undefined): string {
  if (count === undefined) return '';
  if (count === 0) return 'no transactions';
  return `${groupDigits(String(count))} transaction${count === 1 ? '' : 's'}`;
}

// The balance panel's Method filter: the method names the rows read call, the rows of one method (its failed calls
// first when asked), and the `transactions` part of Open Balance Panel's argument that sets it. Picked from the rows
// read: the transactions API has no method filter. Pure: no `vscode`, no I/O.
import { invalidInput } from '../../../base/errors';
import { isRecord } from '../../../base/json';
import { sanitizeText } from '../../../base/text';
import { TX_METHOD_MAX_LENGTH, TX_METHODS_MAX } from '../protocol';
import type { TxPickView } from '../protocol';
import type { AccountTxRow } from '../../../client/transactions/types';
import type { TransactionModel } from '../../../client/transactions/model';
import type { ActionModel } from '../../../client/transactions/actions';

/** Every row, in the order read. */
export const NO_PICK: TxPickView = { method: '', failedFirst: false };

/** A method name as the filter lists and matches it: one line, no controls or bidi overrides, bounded. */
export const methodKey = (name: string): string => sanitizeText(name, TX_METHOD_MAX_LENGTH);

/** The methods a transaction calls: its function calls, and those inside a relayed meta-transaction. */
function callNames(actions: readonly ActionModel[]): string[] {
  return actions.flatMap((a) => (a.kind === 'FunctionCall' ? [methodKey(a.methodName)] : a.kind === 'Delegate' ? callNames(a.actions) : []));
}

/** The method names a record calls ('' names dropped); none without a record. */
export function methodsOf(record: TransactionModel | undefined): string[] {
  return record ? callNames(record.actions).filter((m) => m !== '') : [];
}

/** Whether a row failed: its record's status, else the service's `is_success` flag (as the table's ✓ ✗ read it). */
export const rowFailed = (row: AccountTxRow, record: TransactionModel | undefined): boolean => (record ? record.status === 'failure' : !row.isSuccess);

/** The method names the rows call, each once, sorted (code-point order, so that it is the same everywhere); at most TX_METHODS_MAX. */
export function methodsSeen(rows: readonly AccountTxRow[], details: ReadonlyMap<string, TransactionModel>): string[] {
  const names = new Set(rows.flatMap((r) => methodsOf(details.get(r.hash))));
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, TX_METHODS_MAX);
}

/**
 * The rows `pick` keeps: with a method, those that call it (in the order read, or failed ones first, each group in the
 * order read); without one, every row as read (`failedFirst` orders nothing then).
 */
export function pickRows(rows: readonly AccountTxRow[], details: ReadonlyMap<string, TransactionModel>, pick: TxPickView): AccountTxRow[] {
  if (pick.method === '') return [...rows];
  const key = methodKey(pick.method);
  const calls = rows.filter((r) => methodsOf(details.get(r.hash)).includes(key));
  if (!pick.failedFirst) return calls;
  const failed = calls.filter((r) => rowFailed(r, details.get(r.hash)));
  return [...failed, ...calls.filter((r) => !failed.includes(r))];
}

const SHAPE = 'transactions is { method: string, failedFirst?: boolean }';

/**
 * Open Balance Panel's `transactions` (`{ method, failedFirst? }`, exactly): the pick it asks for; throws the sentence a
 * person reads for any other shape, a method name that is empty, longer than nearcore allows, or with control characters.
 */
export function txPickOfArgument(v: unknown): TxPickView {
  if (!isRecord(v)) throw invalidInput(`Open Balance Panel: ${SHAPE}.`);
  const unknown = Object.keys(v).filter((k) => k !== 'method' && k !== 'failedFirst');
  if (unknown.length > 0) throw invalidInput(`Open Balance Panel: ${SHAPE}, without ${unknown.map((k) => `"${sanitizeText(k, 40)}"`).join(', ')}.`);
  const method = v['method'];
  const failedFirst = v['failedFirst'] ?? false;
  if (typeof method !== 'string' || method === '') throw invalidInput(`Open Balance Panel: ${SHAPE}; the method is a method name.`);
  // eslint-disable-next-line no-control-regex -- the very characters refused
  if (method.length > TX_METHOD_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(method) || methodKey(method) !== method)
    throw invalidInput(`Open Balance Panel: the method is a method name of at most ${TX_METHOD_MAX_LENGTH} characters, on one line.`);
  if (typeof failedFirst !== 'boolean') throw invalidInput(`Open Balance Panel: ${SHAPE}; failedFirst is true or false.`);
  return { method, failedFirst };
}

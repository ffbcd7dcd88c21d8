// A nearcore failure (`{ActionError: {index, kind}}` or `{InvalidTxError: …}`) in words: a contract's panic message
// verbatim (without a JS stack; a structured error as its type and message), every other error its name in words with
// its details. Pure: no `vscode`, no I/O.
import { isRecord } from '../../base/json';
import { nameWords as words, panicText } from './panic';

/** An error value (a bare name, or `{Name: details}`, nested) as one sentence. */
function describe(v: unknown, depth = 0): string {
  if (typeof v === 'string') return depth === 0 ? v : words(v);
  if (!isRecord(v) || depth > 6) return 'unknown error';
  const [name = '', inner] = Object.entries(v)[0] ?? [];
  // A contract's own words, as it wrote them (a JS stack left out, a structured error in words).
  if (name === 'ExecutionError' && typeof inner === 'string') return panicText(inner);
  if (name === 'FunctionCallError' || name === 'CompilationError' || name === 'MethodResolveError' || name === 'HostError') {
    return typeof inner === 'string' ? words(inner) : describe(inner, depth + 1);
  }
  if (isRecord(inner)) {
    const scalars = Object.entries(inner).filter(([, x]) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean');
    const nested = Object.entries(inner).find(([, x]) => isRecord(x));
    if (nested && scalars.length === 0 && /^[A-Z]/.test(nested[0])) return `${words(name)}: ${describe(inner, depth + 1)}`;
    const details = scalars.map(([k, x]) => `${k.replace(/_/g, ' ')} ${String(x)}`).join(', ');
    return details ? `${words(name)} (${details})` : words(name);
  }
  return words(name);
}

/**
 * A failure status's words, with the failing action's number when the error names one ("Action #0: …"), counted from 0
 * as nearcore's `index` and the logs of near-workspaces and near-cli count them.
 */
export function failureText(failure: unknown): string {
  if (!isRecord(failure)) return 'failed';
  const action = failure['ActionError'];
  if (isRecord(action)) {
    const index = typeof action['index'] === 'number' ? action['index'] : undefined;
    const text = describe(action['kind'], 1);
    const said = text.charAt(0).toUpperCase() + text.slice(1);
    return index === undefined ? said : `Action #${index}: ${said}`;
  }
  const invalid = failure['InvalidTxError'];
  if (invalid !== undefined) return `Invalid transaction: ${describe(invalid, 1)}`;
  return describe(failure, 1);
}

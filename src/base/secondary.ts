// A look-up's secondary read — a transaction's block (its time), a failing contract's metadata and sources — never
// fails the look-up whose primary answer was read: its failure becomes what stays unknown and why, said once where the
// answer is shown. Only the caller's cancel still ends the look-up. Pure: no `vscode`, no I/O of its own.
import { aborted, errorMessage, NearLensError } from './errors';

/** What a secondary read gave: its value, or why it is unknown (the failure's one sentence for people). */
export type Secondary<T> = { ok: true; value: T } | { ok: false; why: string };

/** Runs a secondary read: its failure is returned as why, never thrown; a cancel (the caller's signal) is thrown. */
export async function secondary<T>(read: () => Promise<T>, signal?: AbortSignal): Promise<Secondary<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (e) {
    if (signal?.aborted) throw NearLensError.is(e) && e.kind === 'aborted' ? e : aborted();
    return { ok: false, why: errorMessage(e) };
  }
}

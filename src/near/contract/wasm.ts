// The methods a contract's code exports, read by the runtime's own WebAssembly compiler (no wasm parser of our own).
// Pure: no `vscode`, no I/O.
import { NearLensError } from '../../base/errors';
import { sanitizeText } from '../../base/text';

/** The largest contract code NEAR Lens looks into (NEAR's own limit on contract size is 4 MB). */
export const MAX_CODE_BYTES = 8 * 1024 * 1024;

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d] as const; // "\0asm"

const codeError = (message: string): NearLensError => new NearLensError('bad-shape', message);

/** "8 MB" for 8 × 2^20 bytes. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * The names of the functions a wasm module exports, sorted and once each: the contract's callable methods. Exported
 * memory, globals (`__data_end`, `__heap_base`) and tables are left out by their export kind; imports never appear.
 * Throws a NearLensError for code over MAX_CODE_BYTES, code that is not WebAssembly, and a truncated or invalid module.
 * The module is compiled (validated) but never instantiated: nothing in it runs.
 */
export function wasmExports(code: Uint8Array): string[] {
  if (!(code instanceof Uint8Array)) throw codeError('The contract code is not a byte array.');
  if (code.length > MAX_CODE_BYTES) {
    throw new NearLensError(
      'too-large',
      `The contract code is ${formatMegabytes(code.length)}, over the ${formatMegabytes(MAX_CODE_BYTES)} that NEAR Lens looks into.`,
    );
  }
  if (code.length === 0) throw codeError('The contract code is empty.');
  if (!WASM_MAGIC.every((b, i) => code[i] === b)) {
    throw codeError(
      code.length < WASM_MAGIC.length
        ? `The contract code is cut short (${code.length} bytes): not a WebAssembly module.`
        : 'The contract code is not WebAssembly (it does not start with the wasm magic bytes 00 61 73 6d).',
    );
  }
  let mod: WebAssembly.Module;
  try {
    // A copy into a plain ArrayBuffer: the compiler refuses a view on a SharedArrayBuffer, and a caller's buffer
    // may be bigger than the view.
    mod = new WebAssembly.Module(code.slice().buffer);
  } catch (e) {
    const why = e instanceof Error ? sanitizeText(e.message.replace(/^WebAssembly\.Module\(\):\s*/, ''), 160) : '';
    throw codeError(`The contract code is a truncated or invalid WebAssembly module${why ? ` (${why})` : ''}.`);
  }
  const names = new Set<string>();
  for (const x of WebAssembly.Module.exports(mod)) if (x.kind === 'function') names.add(x.name);
  return [...names].sort(compareNames);
}

/** Code-unit order (stable across locales). */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

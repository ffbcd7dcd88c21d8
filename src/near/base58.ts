// Base58 (Bitcoin alphabet, as NEAR keys use it) through @scure/base, with refusals as `undefined` instead of throws.
// Pure: no `vscode`, no I/O.
import { base58 } from '@scure/base';

/** Only base58 characters (the empty string too). */
export const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]*$/;

/** The bytes of a base58 string, or undefined when it has a character outside the alphabet (or is too long). */
export function base58Decode(text: string): Uint8Array | undefined {
  if (text.length > 4096 || !BASE58_RE.test(text)) return undefined;
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

// Bytes ↔ base64, hex, UTF-8 and Latin-1 text with Web APIs only (btoa/atob, TextEncoder), so the same
// code runs in Node's extension host and in the browser's Web Worker one (no Buffer). Pure: no `vscode`, no I/O.

const UTF8_ENCODER = new TextEncoder();

/** Each byte as one UTF-16 code unit (Latin-1), in chunks so a long array never overflows the call stack. */
export function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

export const utf8Bytes = (text: string): Uint8Array => UTF8_ENCODER.encode(text);

/** Standard, padded base64. */
export const toBase64 = (bytes: Uint8Array): string => btoa(latin1(bytes));

/** The bytes of standard base64 text; throws on characters outside its alphabet (callers check the form first). */
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Lowercase hex, two digits a byte (a table: the id finder makes one for every ed25519 key it classifies). */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX_PAIRS[bytes[i]!]!;
  return out;
}

/** The bytes of even-length hex text (callers check the form first). */
export const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

// Bytes ↔ base64, hex, UTF-8 and Latin-1 text with Web APIs only (btoa/atob, TextEncoder/TextDecoder), so the same
// code runs in Node's extension host and in the browser's Web Worker one (no Buffer). Pure: no `vscode`, no I/O.

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder();

/** Each byte as one UTF-16 code unit (Latin-1), in chunks so a long array never overflows the call stack. */
export function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

export const utf8Bytes = (text: string): Uint8Array => UTF8_ENCODER.encode(text);

/** UTF-8 text of the bytes; malformed sequences become U+FFFD. */
export const utf8Text = (bytes: Uint8Array): string => UTF8_DECODER.decode(bytes);

/** Standard, padded base64. */
export const toBase64 = (bytes: Uint8Array): string => btoa(latin1(bytes));

/** The bytes of standard base64 text; throws on characters outside its alphabet (callers check the form first). */
export function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Lowercase hex, two digits a byte. */
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The bytes of even-length hex text (callers check the form first). */
export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The chunks as one array. */
export function concatBytes(parts: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

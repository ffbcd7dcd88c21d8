// What a contract gives back, made readable: a view call's result bytes and the key/value pairs of its state
// (`view_state`), and the key prefix a person types for `view_state`. Pure: no `vscode`, no I/O.
import { badShape, invalidInput } from '../../base/errors';
import { isRecord, parseJsonExact } from '../../base/json';
import { fromBase64, toBase64, toHex } from '../../base/bytes';

/** Bytes as readable text (UTF-8, printable), or as base64 and hex. */
export type DecodedBytes = { kind: 'text'; text: string; base64: string } | { kind: 'binary'; base64: string; hex: string };

/** A view call's result: JSON (with its exact text: big numbers lose digits in `value`), text, or binary. */
export type CallResult = { kind: 'json'; value: unknown; text: string } | { kind: 'text'; text: string } | { kind: 'binary'; base64: string; hex: string };

export interface StateEntry {
  key: DecodedBytes;
  value: DecodedBytes;
}

// Web APIs (../bytes) rather than @scure/base's base64/hex: the same bytes, without another copy of those codecs.
const b64 = toBase64;
const hexOf = toHex;
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// Controls other than tab, line feed and carriage return (C0, DEL, C1) make bytes binary rather than text.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The UTF-8 text of the bytes when it is valid and printable, else undefined. */
export function printableText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  return CONTROL_RE.test(text) ? undefined : text;
}

/** Never throws: any bytes are JSON, printable text, or binary. Empty bytes are empty text. */
export function decodeCallResult(bytes: Uint8Array): CallResult {
  const text = printableText(bytes);
  if (text === undefined) return { kind: 'binary', base64: b64(bytes), hex: hexOf(bytes) };
  if (text.trim() !== '') {
    try {
      return { kind: 'json', value: parseJsonExact(text), text };
    } catch {
      // not JSON (or nested too deep to parse): text
    }
  }
  return { kind: 'text', text };
}

export function decodeBytes(bytes: Uint8Array): DecodedBytes {
  const text = printableText(bytes);
  const base64 = b64(bytes);
  return text === undefined ? { kind: 'binary', base64, hex: hexOf(bytes) } : { kind: 'text', text, base64 };
}

/** Strict base64 (padded, standard alphabet), or undefined. */
export function base64Bytes(text: string): Uint8Array | undefined {
  return STRICT_BASE64.test(text) ? fromBase64(text) : undefined;
}

/** Byte-wise order, the order of keys in the trie. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * `view_state`'s `values` (`[{key, value}]`, both base64) as pairs sorted by key bytes, each side decoded. Throws a
 * bad-shape NearLensError when an entry is not two base64 strings.
 */
export function decodeStateEntries(values: unknown): StateEntry[] {
  if (!Array.isArray(values)) throw badShape('The contract state has an unexpected shape (no list of values).');
  const raw = values.map((v: unknown, i) => {
    const key = isRecord(v) && typeof v['key'] === 'string' ? base64Bytes(v['key']) : undefined;
    const value = isRecord(v) && typeof v['value'] === 'string' ? base64Bytes(v['value']) : undefined;
    if (!key || !value) throw badShape(`The contract state has an unexpected shape (entry ${i + 1} is not a base64 key and value).`);
    return { key, value };
  });
  raw.sort((a, b) => compareBytes(a.key, b.key));
  return raw.map((e) => ({ key: decodeBytes(e.key), value: decodeBytes(e.value) }));
}

/**
 * The base64 `prefix_base64` of `view_state` from what a person typed: `base64:<base64>` as is (checked), anything
 * else as UTF-8 text (so `STATE` or `t` work as typed). Empty means the whole state.
 */
export function parseKeyPrefix(text: string): string {
  const m = /^base64:(.*)$/is.exec(text.trim());
  if (!m) return b64(new TextEncoder().encode(text));
  const typed = (m[1] ?? '').trim();
  const bytes = base64Bytes(typed);
  if (!bytes) throw invalidInput('The key prefix after "base64:" is not valid base64 (A–Z, a–z, 0–9, + and /, padded with =).');
  return b64(bytes);
}

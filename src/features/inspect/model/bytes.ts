// A contract's storage keys and values read as a person would: near-sdk's collection keys as their prefix and the
// borsh string, account id or index that follows (`m` + `alice.near`), `STATE`, UTF-8 text, JSON, a borsh string, u64
// or u128 where the bytes are exactly that; else hex. Every byte is untrusted: nothing here is interpreted beyond
// reading it, and what is shown is cut (SHOWN_CHARS) while Copy gives the whole. Pure: no `vscode`, no I/O.
import { parseJsonExact } from '../../../base/json';
import { toHex } from '../../../base/bytes';
import { accountIdError } from '../../../near/ids';
import { printableText } from '../../../near/contract/values';

/** What the borsh reading of some bytes gives, when the bytes are exactly that type. */
export interface BorshReading {
  string?: string;
  /** The borsh string is also a valid NEAR account id. */
  accountId?: string;
  u64?: string;
  u128?: string;
  /** A near-sdk `store::Vector` index after a prefix. */
  u32?: string;
}

/**
 * Bytes from the chain, as the command returns them: the base64 as sent and what the bytes read as. For a key, `prefix`
 * is a near-sdk collection's prefix and `borsh` what follows it; `hex` only when nothing else reads.
 */
export interface Bytes {
  base64: string;
  size: number;
  text?: string;
  json?: unknown;
  borsh?: BorshReading;
  prefix?: string;
  hex?: string;
  /** The text was not base64 (a node that sent something else): nothing is read from it. */
  invalid?: true;
}

/** The longest collection prefix read (near-sdk's are a letter or a word: `b"m"`, `b"greetings"`). */
const MAX_PREFIX = 64;

/** At most this many characters of a key or value are shown; Copy gives the whole. */
export const SHOWN_CHARS = 1024;

// ---------------------------------------------------------------- base64

const B64_VALUE = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;

/**
 * Standard padded base64 to bytes in one pass over a table (no intermediate string), or undefined when it is not
 * base64. Decoding is the bulk of reading a state change, so it is the part kept fast.
 */
export function base64ToBytes(text: string): Uint8Array | undefined {
  const n = text.length;
  if (n % 4 !== 0) return undefined;
  const pad = n === 0 ? 0 : text.charCodeAt(n - 1) === 61 ? (text.charCodeAt(n - 2) === 61 ? 2 : 1) : 0;
  const out = new Uint8Array((n / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    const a = B64_VALUE[text.charCodeAt(i)]!;
    const b = B64_VALUE[text.charCodeAt(i + 1)]!;
    const last = i + 4 === n;
    const c = last && pad === 2 ? 0 : B64_VALUE[text.charCodeAt(i + 2)]!;
    const d = last && pad >= 1 ? 0 : B64_VALUE[text.charCodeAt(i + 3)]!;
    if ((a | b | c | d) < 0) return undefined;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

// ---------------------------------------------------------------- text

/**
 * The bytes' UTF-8 text when it is valid and printable (near/contract/values.ts's rule), else undefined. An ASCII
 * control byte settles it before decoding: most binary values have one, and a failed strict decode costs a throw.
 */
function textOf(b: Uint8Array): string | undefined {
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f) return undefined;
  }
  return printableText(b);
}

// ---------------------------------------------------------------- borsh

const u32le = (b: Uint8Array, at: number): number => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

function uintLe(b: Uint8Array, from: number, n: number): string {
  let v = 0n;
  for (let i = from + n - 1; i >= from; i--) v = (v << 8n) | BigInt(b[i]!);
  return v.toString();
}

/** A borsh string exactly filling `b` from `from` (u32 length, then UTF-8), when it is one and readable. */
function borshString(b: Uint8Array, from: number): string | undefined {
  if (b.length - from < 4 || u32le(b, from) !== b.length - from - 4) return undefined;
  return textOf(b.subarray(from + 4));
}

/** What `b` from `from` reads as in borsh, when it is exactly a string, a u32 (after a prefix only), a u64 or a u128. */
function borshOf(b: Uint8Array, from: number, index: boolean): BorshReading | undefined {
  const rest = b.length - from;
  const out: BorshReading = {};
  const s = borshString(b, from);
  if (s !== undefined) {
    out.string = s;
    if (accountIdError(s) === undefined) out.accountId = s;
  }
  if (rest === 8) out.u64 = uintLe(b, from, 8);
  else if (rest === 16) out.u128 = uintLe(b, from, 16);
  else if (rest === 4 && index) out.u32 = String(u32le(b, from));
  return out.string !== undefined || out.u64 !== undefined || out.u128 !== undefined || out.u32 !== undefined ? out : undefined;
}

const printable = (p: Uint8Array): boolean => p.every((c) => c >= 0x21 && c <= 0x7e);

/** A collection prefix as it reads: printable ASCII as itself, else `0x` and hex. */
const prefixText = (p: Uint8Array): string => (printable(p) ? String.fromCharCode(...p) : `0x${toHex(p)}`);

/**
 * near-sdk's collection key: a prefix (as `b"m"`, `b"greetings"` or an enum's borsh) then the borsh of the element's
 * key — a string or account id (u32 length, then its bytes), or an index (u32 or u64). The shortest prefix whose rest
 * reads as a string wins; an index (what any 4 or 8 bytes would read as) only after a printable or one-byte prefix.
 */
function collectionKey(b: Uint8Array): { prefix: string; borsh: BorshReading } | undefined {
  const max = Math.min(MAX_PREFIX, b.length - 4);
  for (let p = 1; p <= max; p++) {
    // An empty string is what the zeros of an index would read as: not taken.
    const s = p < b.length - 4 ? borshString(b, p) : undefined;
    if (s !== undefined) {
      const borsh: BorshReading = { string: s };
      if (accountIdError(s) === undefined) borsh.accountId = s;
      return { prefix: prefixText(b.subarray(0, p)), borsh };
    }
  }
  for (const rest of [4, 8]) {
    const p = b.length - rest;
    const prefix = b.subarray(0, p);
    if (p < 1 || p > MAX_PREFIX || !(p === 1 || printable(prefix))) continue;
    const borsh = borshOf(b, p, true);
    if (borsh) return { prefix: prefixText(prefix), borsh };
  }
  return undefined;
}

// ---------------------------------------------------------------- reading

const JSON_START = /^\s*[[{"\-0-9tfn]/;

function jsonOf(text: string): { json: unknown } | undefined {
  if (!JSON_START.test(text)) return undefined;
  try {
    return { json: parseJsonExact(text) };
  } catch {
    return undefined;
  }
}

/**
 * Bytes of a key (`key: true`: a collection prefix may come first) or a value, from the base64 the node sent. Never
 * throws: bytes that are not base64 are `invalid`, anything else reads as something (hex at least).
 */
export function readBytes(base64: string, key: boolean): Bytes {
  const b = typeof base64 === 'string' ? base64ToBytes(base64) : undefined;
  if (!b) return { base64: typeof base64 === 'string' ? base64 : '', size: 0, invalid: true };
  const out: Bytes = { base64, size: b.length };
  const text = b.length > 0 ? textOf(b) : '';
  if (text !== undefined) {
    out.text = text;
    const j = key ? undefined : jsonOf(text);
    if (j) out.json = j.json;
  }
  const whole = b.length >= 4 ? borshOf(b, 0, false) : undefined;
  if (whole) out.borsh = whole;
  if (key && text === undefined && !whole) {
    const c = collectionKey(b);
    if (c) {
      out.prefix = c.prefix;
      out.borsh = c.borsh;
    }
  }
  if (out.text === undefined && !out.borsh) out.hex = toHex(b);
  return out;
}

// ---------------------------------------------------------------- in words

/** JSON as one line, exact (parseJsonExact keeps big integers as digit strings; they print as numbers). */
function jsonLine(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => x) ?? 'null';
}

/**
 * The whole reading as a person reads it, one line: `m` + "alice.near", "hello" (borsh string), 7 (u64), a JSON
 * text, plain text, or 0x… hex. Untrusted: the caller escapes or sets it as text, and cuts it (`shownText`).
 */
export function bytesText(x: Bytes): string {
  if (x.invalid) return '(not base64)';
  if (x.size === 0) return '(empty)';
  const b = x.borsh;
  // After a collection prefix a string is most often an account id; a whole value that reads as one is a string.
  const borshWords = (): string | undefined =>
    b?.accountId !== undefined && x.prefix !== undefined
      ? `"${b.accountId}" (account id)`
      : b?.string !== undefined
        ? `"${b.string}" (borsh string)`
        : b?.u128 !== undefined
          ? `${b.u128} (u128)`
          : b?.u64 !== undefined
            ? `${b.u64} (u64)`
            : b?.u32 !== undefined
              ? `${b.u32} (u32 index)`
              : undefined;
  if (x.prefix !== undefined) return `${x.prefix} + ${borshWords() ?? ''}`.trim();
  if (x.json !== undefined && typeof x.json === 'object') return jsonLine(x.json);
  if (x.text !== undefined) return x.text;
  return borshWords() ?? `0x${x.hex ?? ''}`;
}

/** What is shown of a reading: at most SHOWN_CHARS characters (never half a surrogate pair), and whether it was cut. */
export function shownText(whole: string): { text: string; cut: boolean } {
  if (whole.length <= SHOWN_CHARS) return { text: whole, cut: false };
  let end = SHOWN_CHARS;
  const c = whole.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return { text: `${whole.slice(0, end)}…`, cut: true };
}

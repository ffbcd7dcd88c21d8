// Reading untrusted JSON: is it an object, does a text parse. Pure: no `vscode`, no I/O.

/** A plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON value of a text, or undefined when it is not JSON. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * JSON.parse that keeps every integer exact: outside strings, an integer literal beyond JavaScript's safe range
 * (|n| > 2^53 − 1: a u64 block timestamp, a u128 in yoctoNEAR) is read as its decimal digits in a string instead of a
 * rounded Number. Safe integers stay numbers; a number with a fraction or an exponent is left to JSON.parse as it is.
 * Throws like JSON.parse on a text that is not JSON.
 */
export function parseJsonExact(text: string): unknown {
  // First as if every candidate stood outside a string. One inside a string cannot go unnoticed: the quote put before
  // its digits (after `:`, `,`, `[` or a space, never a backslash) ends that string, and JSON allows no number
  // straight after a string, so the text no longer parses. Then again, reading each string whole.
  let v: unknown;
  try {
    v = JSON.parse(quoted(text, LONG_NUMBER));
  } catch {
    v = JSON.parse(quoted(text, STRING_OR_LONG_NUMBER));
  }
  // A text that is one integer alone.
  return typeof v === 'number' && !Number.isSafeInteger(v) && /^\s*-?\d+\s*$/.test(text) ? text.trim() : v;
}

/** The text with each unsafe integer token `pattern` finds written as a string of its digits (none: the text itself). */
function quoted(text: string, pattern: RegExp): string {
  let out = '';
  let from = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const digits = m[1];
    if (digits !== undefined && !Number.isSafeInteger(Number(digits))) {
      out += `${text.slice(from, pattern.lastIndex - digits.length)}"${digits}"`;
      from = pattern.lastIndex;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * A number token of 16 digits or more (2^53 has 16) after `:`, `,` or `[` (and white space); no fraction, exponent or
 * `:` after it (a key).
 */
const LONG_NUMBER = /[:,[]\s*(-?\d{16,})(?![\d.eE]|\s*:)/g;
/** The same, or a whole string (its digits are text, not a number): searched from the start, never inside a string. */
const STRING_OR_LONG_NUMBER = new RegExp(`"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|${LONG_NUMBER.source}`, 'g');

/** parseJsonExact, or undefined when the text is not JSON. */
export function tryJsonExact(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

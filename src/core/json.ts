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
  // A number token of 16 digits or more (2^53 has 16) follows `:`, `,` or `[` (and white space), or starts the text.
  // None (the common case): JSON.parse reads every number exactly.
  LONG_NUMBER.lastIndex = 0;
  let m = LONG_NUMBER.exec(text);
  if (m === null) return JSON.parse(text) as unknown;
  // Each candidate is checked to stand outside a string by walking the quotes before it with indexOf (a string's
  // digits are text, not a number); an unsafe one is written as a string of its digits.
  let out = '';
  let from = 0;
  let pos = 0;
  let inString = false;
  for (; m !== null; m = LONG_NUMBER.exec(text)) {
    const digits = m[1]!;
    const at = m.index + m[0].length - digits.length;
    for (let q = text.indexOf('"', pos); q !== -1 && q < at; q = text.indexOf('"', pos)) {
      if (!inString || !escaped(text, q)) inString = !inString;
      pos = q + 1;
    }
    if (!inString && !Number.isSafeInteger(Number(digits))) {
      out += `${text.slice(from, at)}"${digits}"`;
      from = at + digits.length;
    }
  }
  return JSON.parse(from === 0 ? text : out + text.slice(from)) as unknown;
}

/** A candidate integer token of 16+ digits: after the start, `:`, `,` or `[`; not followed by a fraction or exponent. */
const LONG_NUMBER = /(?:^|[:,[])\s*(-?\d{16,})(?![\d.eE])/g;

/** Whether the quote at `q` is escaped: an odd number of backslashes before it. */
function escaped(text: string, q: number): boolean {
  let i = q - 1;
  while (i >= 0 && text.charCodeAt(i) === 92 /* \\ */) i--;
  return (q - 1 - i) % 2 === 1;
}

/** parseJsonExact, or undefined when the text is not JSON. */
export function tryJsonExact(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

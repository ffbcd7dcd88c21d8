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
  // Fast path: with no run of 16 digits there is no unsafe integer (2^53 has 16 digits), so no scan is needed.
  if (!SIXTEEN_DIGITS.test(text)) return JSON.parse(text) as unknown;
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if ((c >= 48 && c <= 57) || c === 45 /* - */) {
      // A whole JSON number token; only a plain integer outside the safe range is kept as its digits.
      NUMBER_TOKEN.lastIndex = i;
      const m = NUMBER_TOKEN.exec(text);
      if (!m) continue;
      if (m[2] === undefined && m[3] === undefined && m[1]!.length >= 16 && !Number.isSafeInteger(Number(m[0]))) {
        out += `${text.slice(from, i)}"${m[0]}"`;
        from = i + m[0].length;
      }
      i += m[0].length - 1;
    }
  }
  return JSON.parse(from === 0 ? text : out + text.slice(from)) as unknown;
}

const SIXTEEN_DIGITS = /\d{16}/;
/** A JSON number at lastIndex: integer digits, fraction, exponent. */
const NUMBER_TOKEN = /-?(\d+)(\.\d+)?([eE][+-]?\d+)?/y;

/** parseJsonExact, or undefined when the text is not JSON. */
export function tryJsonExact(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

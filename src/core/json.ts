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
  // JSON.parse first, then a walk of what it built for numbers past the safe range (none, the common case: done).
  const value = JSON.parse(text) as unknown;
  if (typeof value !== 'object' || value === null) return typeof value === 'number' && unsafe(value) ? rewritten(text) : value;
  const found: Found[] = [];
  if (!collect(value, found)) return rewritten(text);
  if (found.length === 0) return value;
  // Each unsafe number is an object member: its digits follow its key in the text, in the walk's order (document
  // order: no integer-like keys, checked by collect). An unsafe array element, or a key not found as written: the
  // whole text is read again by the rewriting path.
  let cursor = 0;
  let key: string | undefined;
  let tail = '';
  for (const [o, k] of found) {
    if (Array.isArray(o) || typeof k !== 'string') return rewritten(text);
    if (k !== key) {
      key = k;
      tail = JSON.stringify(k).slice(1);
      // A key beginning as a string may end (white space, `,` `:` `]` `}`), or an empty one: its opening quote might
      // close a string. The rewriting path reads those.
      if (tail.length < 2 || /^[\s,:\]}]/.test(tail)) return rewritten(text);
    }
    const at = memberDigits(text, tail, o[k] as number, cursor);
    if (at === -1) return rewritten(text);
    const end = tokenEnd(text, at);
    if (integerToken(text, at, end)) o[k] = text.slice(at, end);
    cursor = end;
  }
  return value;
}

/** An unsafe number where it sits: its object (or array) and key (or index). */
type Found = [holder: Record<string, unknown> | unknown[], key: string | number];

/** Past the safe range (a rounded integer, or a float as large). */
const unsafe = (n: number): boolean => n > Number.MAX_SAFE_INTEGER || n < Number.MIN_SAFE_INTEGER;

/**
 * Every unsafe number under `v`, in the order JSON.parse wrote them; false when an object has a key starting with a
 * digit (V8 lists integer-like keys first, out of document order) and an unsafe number was found.
 */
function collect(v: object, out: Found[]): boolean {
  return walk(v as Record<string, unknown>, out) || out.length === 0;
}

/** collect's walk (a plain function: no closure made per call); false when a key starts with a digit. */
function walk(holder: Record<string, unknown> | unknown[], out: Found[]): boolean {
  let ordered = true;
  if (Array.isArray(holder)) {
    for (let i = 0; i < holder.length; i++) {
      const x = holder[i];
      if (typeof x === 'number') {
        if (unsafe(x)) out.push([holder, i]);
      } else if (typeof x === 'object' && x !== null && !walk(x as Record<string, unknown>, out)) ordered = false;
    }
    return ordered;
  }
  for (const k in holder) {
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57) ordered = false;
    const x = holder[k];
    if (typeof x === 'number') {
      if (unsafe(x)) out.push([holder, k]);
    } else if (typeof x === 'object' && x !== null && !walk(x as Record<string, unknown>, out)) ordered = false;
  }
  return ordered;
}

/**
 * Where the number token of member `"key": n` starts, at or after `from`; -1 if not found. `tail` is the key as JSON
 * writes it without its opening quote (`key"`): searched for, it must have a quote before it, right after `{` or `,`.
 * That is a key (inside a string a quote is escaped, so `"key"` cannot be matched there), and its token must read as
 * `n` (a key written twice, or one nested earlier, holds another value).
 */
function memberDigits(text: string, tail: string, n: number, from: number): number {
  for (let p = text.indexOf(tail, from + 1); p !== -1; p = text.indexOf(tail, p + 1)) {
    if (text.charCodeAt(p - 1) !== 34 /* " */) continue;
    let b = p - 2;
    while (b >= 0 && isSpace(text.charCodeAt(b))) b--;
    const before = text.charCodeAt(b);
    if (before !== 123 /* { */ && before !== 44 /* , */) continue;
    let j = p + tail.length;
    while (isSpace(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 58 /* : */) continue;
    j++;
    while (isSpace(text.charCodeAt(j))) j++;
    if (Number(text.slice(j, tokenEnd(text, j))) === n) return j;
  }
  return -1;
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** The end of the number token starting at `at`. */
function tokenEnd(text: string, at: number): number {
  let j = at;
  for (let c = text.charCodeAt(j); (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69; c = text.charCodeAt(++j));
  return j;
}

/** Whether text[at, end) is an integer (no fraction, no exponent). */
function integerToken(text: string, at: number, end: number): boolean {
  for (let j = at; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === 46 || c === 101 || c === 69) return false;
  }
  return true;
}

/**
 * The rewriting path (an unsafe array element, a bare number, a key out of order): the text with each unsafe integer
 * token written as a string of its digits, read by JSON.parse.
 */
function rewritten(text: string): unknown {
  // A number token of 16 digits or more (2^53 has 16) follows `:`, `,` or `[` (and white space), or starts the text.
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

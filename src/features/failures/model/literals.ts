// The string literals of a Rust or JS/TS source file in one forward pass, each as a pattern: its text with escapes
// decoded, where a format string's `{}`/`{:?}`/`{name}`/`{0}` (Rust) or a template's `${…}` (JS) stands for any text.
// Pure: no `vscode`, no I/O. Linear in the file: native searches jump between quotes, nothing backtracks.

export type SourceLanguage = 'rust' | 'js';

/** A literal as text pieces with "any text" between consecutive pieces (and before/after when its flags say so). */
export interface LiteralPattern {
  /** Offset of the literal's first character (its prefix: `r#"`, `b"`, or the quote). */
  at: number;
  segs: string[];
  startWild: boolean;
  endWild: boolean;
}

/** Template literals nested deeper than this are not real code: the rest of the file is left unread. */
const MAX_NESTING = 64;

/**
 * Whether a literal is worth a pattern, from its text as written (escapes not decoded): a string's body (`whole`), or
 * the text pieces of a template between its `${…}`s (a template without one is whole).
 */
export type BodyFilter = (body: string, whole: boolean) => boolean;

/**
 * Calls `each` with every string literal of `source`, in the order they end; with `keep`, a literal whose text `keep`
 * refuses is passed over without being decoded or built. Never throws.
 */
export function scanLiterals(source: string, language: SourceLanguage, each: (p: LiteralPattern) => void, keep?: BodyFilter): void {
  if (language === 'rust') scanRust(source, each, keep);
  else scanJs(source, each, keep);
}

// ---- Rust ----------------------------------------------------------------------------------------------------------

/** A string up to its closing quote (escapes skipped), else a quote or slash alone: one match per string. */
const RUST_TOKEN = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|["'/]/g;
const RUST_BLOCK = /\/\*|\*\//g;
const isIdent = (c: string | undefined): boolean => c !== undefined && /[\w$]/.test(c);

function scanRust(src: string, each: (p: LiteralPattern) => void, keep: BodyFilter | undefined): void {
  let i = 0;
  while (i < src.length) {
    RUST_TOKEN.lastIndex = i;
    const m = RUST_TOKEN.exec(src);
    if (!m) return;
    const j = m.index;
    const c = src[j];
    if (c === '/') {
      i = skipComment(src, j, true);
    } else if (c === "'") {
      i = skipRustChar(src, j);
    } else {
      // A raw string: `r`, `br` or `cr`, then up to 255 `#`, then the quote; its body has no escapes.
      let k = j;
      while (k > 0 && src[k - 1] === '#' && j - k < 256) k--;
      const hashes = j - k;
      let start = j;
      let raw = false;
      if (src[k - 1] === 'r' && hashes < 256) {
        const p = src[k - 2] === 'b' || src[k - 2] === 'c' ? k - 2 : k - 1;
        if (!isIdent(src[p - 1])) {
          raw = true;
          start = p;
        }
      }
      if (raw) {
        const close = `"${'#'.repeat(hashes)}`;
        const end = src.indexOf(close, j + 1);
        if (end === -1) return;
        const body = src.slice(j + 1, end);
        if (!keep || keep(body, true)) each(rustFormat(body, start));
        i = end + close.length;
      } else {
        if (src[j - 1] === 'b' || src[j - 1] === 'c') start = isIdent(src[j - 2]) ? j : j - 1;
        // A quote alone: no quote closes it, and the rest of the file is inside it.
        if (m[0].length === 1) return;
        const end = j + m[0].length - 1;
        const body = src.slice(j + 1, end);
        if (!keep || keep(body, true)) each(rustFormat(decodeRust(body), start));
        i = end + 1;
      }
    }
  }
}

/** Past a `'`: a char literal ('a', '\n', '\u{1F600}', '\'') is skipped whole; a lifetime or label, its quote alone. */
function skipRustChar(src: string, j: number): number {
  if (src[j + 1] === '\\') {
    const close = src.indexOf("'", j + 3);
    return close !== -1 && close - j <= 12 ? close + 1 : j + 1;
  }
  const cp = src.codePointAt(j + 1);
  const len = cp !== undefined && cp > 0xffff ? 2 : 1;
  return src[j + 1 + len] === "'" && src[j + 1] !== '\n' ? j + 2 + len : j + 1;
}

/** The index of the closing quote after `from` (escapes skipped), or -1. `re` finds the quote or a backslash. */
function stringEnd(src: string, from: number, re: RegExp): number {
  re.lastIndex = from;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    if (src[m.index] !== '\\') return m.index;
    re.lastIndex = m.index + (src[m.index + 1] === '\r' && src[m.index + 2] === '\n' ? 3 : 2);
  }
  return -1;
}

/** Past a comment at `j` (`//` or `/*`, nested in Rust), or just past the slash when it opens none. */
function skipComment(src: string, j: number, nested: boolean): number {
  const next = src[j + 1];
  if (next === '/') {
    const nl = src.indexOf('\n', j + 2);
    return nl === -1 ? src.length : nl + 1;
  }
  if (next !== '*') return j + 1;
  if (!nested) {
    const end = src.indexOf('*/', j + 2);
    return end === -1 ? src.length : end + 2;
  }
  let depth = 1;
  RUST_BLOCK.lastIndex = j + 2;
  for (let m = RUST_BLOCK.exec(src); m; m = RUST_BLOCK.exec(src)) {
    depth += m[0] === '/*' ? 1 : -1;
    if (depth === 0) return RUST_BLOCK.lastIndex;
  }
  return src.length;
}

const RUST_ESCAPE = /\\(?:u\{([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2})|\r?\n[ \t\r\n]*|([\s\S]))/g;
const RUST_SIMPLE: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '0': '\0' };

function decodeRust(body: string): string {
  if (!body.includes('\\')) return body;
  return body.replace(RUST_ESCAPE, (all, u: string | undefined, x: string | undefined, c: string | undefined) => {
    if (u !== undefined) return codePoint(parseInt(u, 16));
    if (x !== undefined) return String.fromCharCode(parseInt(x, 16));
    if (c !== undefined) return RUST_SIMPLE[c] ?? c;
    return ''; // a backslash before a line break: the break and the next line's indentation are not in the string
  });
}

const codePoint = (cp: number): string => (cp <= 0x10ffff ? String.fromCodePoint(cp) : '');

/** A string's body or a template's piece as the pattern reads it: escapes decoded (a format string's braces kept). */
export function decodeText(text: string, language: SourceLanguage): string {
  return language === 'rust' ? decodeRust(text) : decodeJs(text);
}

/** `}}` in a format string is one brace. */
const braces = (s: string): string => (s.includes('}}') ? s.replace(/\}\}/g, '}') : s);

/** A placeholder's inside: an optional argument (name or position) and an optional `:spec`. */
const RUST_ARG = /^[A-Za-z0-9_]*(?::[^{}]*)?$/;

/** A Rust string as a format string: `{{`/`}}` are braces, `{…}` with an argument or spec is any text. */
function rustFormat(text: string, at: number): LiteralPattern {
  const b = new Builder(at);
  let from = 0;
  // The first `}` after the current `{`, found again only once passed: a string of `{a{a{a…` stays one pass.
  let close = -1;
  for (let i = text.indexOf('{'); i !== -1 && i < text.length; i = text.indexOf('{', i)) {
    if (text[i + 1] === '{') {
      b.text(braces(text.slice(from, i + 1)));
      from = i += 2;
      continue;
    }
    if (close !== Infinity && close <= i) {
      const next = text.indexOf('}', i + 1);
      close = next === -1 ? Infinity : next;
    }
    if (close - i <= 64 && RUST_ARG.test(text.slice(i + 1, close))) {
      b.text(braces(text.slice(from, i)));
      b.wild();
      from = i = close + 1;
    } else {
      i++;
    }
  }
  b.text(braces(text.slice(from)));
  return b.done();
}

// ---- JS / TS -------------------------------------------------------------------------------------------------------

/** A string closed on its line (escapes skipped; `\` and a line break go on), else a quote, backtick or slash alone. */
const JS_STRING = String.raw`"[^"\\\n]*(?:\\(?:\r\n|[\s\S])[^"\\\n]*)*"|'[^'\\\n]*(?:\\(?:\r\n|[\s\S])[^'\\\n]*)*'`;
const JS_TOKEN = new RegExp(`${JS_STRING}|["'\`/]`, 'g');
/** … and, inside a template's `${…}`, the braces that open and close. */
const JS_TOKEN_IN_EXPR = new RegExp(`${JS_STRING}|["'\`/{}]`, 'g');
const JS_SINGLE_END = /['\\\n]/g;
const JS_DOUBLE_END = /["\\\n]/g;
const TEMPLATE_STOP = /[`\\$]/g;
/** After these (and at the start), a slash opens a regular expression; after anything else it divides. */
const BEFORE_REGEX = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
const REGEX_KEYWORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

/** A template being read: its pieces as written (escapes not decoded), `null` for each `${…}`. */
interface OpenTemplate {
  at: number;
  pieces: Array<string | null>;
  /** Braces opened inside the current `${…}` and not yet closed. */
  depth: number;
}

function scanJs(src: string, each: (p: LiteralPattern) => void, keep: BodyFilter | undefined): void {
  const open: OpenTemplate[] = [];
  let noRegexUntil = 0;
  let i = src.startsWith('#!') ? src.indexOf('\n') + 1 || src.length : 0;
  while (i < src.length) {
    const stop = open.length > 0 ? JS_TOKEN_IN_EXPR : JS_TOKEN;
    stop.lastIndex = i;
    const m = stop.exec(src);
    if (!m) return;
    const j = m.index;
    const c = src[j];
    // Never open[-1]: a negative index is a slow property lookup, once per literal.
    const top = open.length > 0 ? open[open.length - 1] : undefined;
    if (c === '{' && top) {
      top.depth++;
      i = j + 1;
    } else if (c === '}' && top) {
      if (top.depth > 0) {
        top.depth--;
        i = j + 1;
      } else {
        open.pop();
        i = template(src, j + 1, top, open, each, keep);
      }
    } else if (c === '/') {
      if (src[j + 1] === '/' || src[j + 1] === '*') i = skipComment(src, j, false);
      else if (j < noRegexUntil) i = j + 1;
      else {
        const end = regexEnd(src, j);
        // A regex that does not close on its line: no other slash before that line's end is tried as one, so a line
        // of unclosed `/[` stays one pass.
        if (end < 0) noRegexUntil = -end;
        i = end < 0 ? j + 1 : end;
      }
    } else if (c === '`') {
      if (open.length >= MAX_NESTING) return;
      i = template(src, j + 1, { at: j, pieces: [], depth: 0 }, open, each, keep);
    } else {
      if (m[0].length === 1) {
        // No quote closes it on its line: not a string after all (JSX text, a stray quote); read on after the line.
        const end = stringEnd(src, j + 1, c === "'" ? JS_SINGLE_END : JS_DOUBLE_END);
        if (end === -1) return;
        i = end + 1;
        continue;
      }
      const end = j + m[0].length - 1;
      const body = src.slice(j + 1, end);
      if (!keep || keep(body, true)) {
        const b = new Builder(j);
        b.text(decodeJs(body));
        each(b.done());
      }
      i = end + 1;
    }
  }
}

/** Reads a template from `from` (just past '`' or a `${…}`'s `}`): to its end, or into a `${` (pushed on `open`). */
function template(src: string, from: number, t: OpenTemplate, open: OpenTemplate[], each: (p: LiteralPattern) => void, keep: BodyFilter | undefined): number {
  TEMPLATE_STOP.lastIndex = from;
  for (let m = TEMPLATE_STOP.exec(src); m; m = TEMPLATE_STOP.exec(src)) {
    const k = m.index;
    if (src[k] === '\\') {
      TEMPLATE_STOP.lastIndex = k + 2;
    } else if (src[k] === '`') {
      t.pieces.push(src.slice(from, k));
      const whole = t.pieces.length === 1;
      if (!keep || t.pieces.some((p) => p !== null && keep(p, whole))) each(templatePattern(t));
      return k + 1;
    } else if (src[k + 1] === '{') {
      t.pieces.push(src.slice(from, k), null);
      t.depth = 0;
      open.push(t);
      return k + 2;
    }
  }
  return src.length;
}

function templatePattern(t: OpenTemplate): LiteralPattern {
  const b = new Builder(t.at);
  for (const p of t.pieces) {
    if (p === null) b.wild();
    else b.text(decodeJs(p));
  }
  return b.done();
}

/**
 * Past a regular expression literal at `j`; `j + 1` when the slash divides; minus the index where the scan stopped when
 * no regex closes on the line.
 */
function regexEnd(src: string, j: number): number {
  let k = j - 1;
  while (k >= 0 && (src[k] === ' ' || src[k] === '\t' || src[k] === '\n' || src[k] === '\r')) k--;
  const p = src[k];
  let regex = k < 0 || (p !== undefined && BEFORE_REGEX.has(p));
  if (!regex && isIdent(p)) {
    let w = k;
    while (w > 0 && isIdent(src[w - 1]) && k - w < 12) w--;
    regex = REGEX_KEYWORDS.has(src.slice(w, k + 1)) && !isIdent(src[w - 1]);
  }
  if (!regex) return j + 1;
  let inClass = false;
  for (let q = j + 1; q < src.length; q++) {
    const ch = src[q];
    if (ch === '\\') q++;
    else if (ch === '\n') return -q;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) return q + 1;
  }
  return -src.length;
}

const JS_ESCAPE = /\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|\r\n|([\s\S]))/g;
const JS_SIMPLE: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '', '\u2028': '', '\u2029': '' };

function decodeJs(body: string): string {
  if (!body.includes('\\')) return body;
  return body.replace(JS_ESCAPE, (all, u: string | undefined, u4: string | undefined, x: string | undefined, c: string | undefined) => {
    if (u !== undefined) return codePoint(parseInt(u, 16));
    if (u4 !== undefined) return String.fromCharCode(parseInt(u4, 16));
    if (x !== undefined) return String.fromCharCode(parseInt(x, 16));
    if (c !== undefined) return JS_SIMPLE[c] ?? c;
    return ''; // a backslash before \r\n continues the line
  });
}

// ---- patterns ------------------------------------------------------------------------------------------------------

/** Collects a literal's pieces; whitespace runs read as one space and the ends are trimmed, as in the message. */
class Builder {
  /** Text pieces, and `null` for "any text"; never two `null`s in a row. */
  private readonly parts: Array<string | null> = [];
  private cur = '';

  constructor(private readonly at: number) {}

  text(s: string): void {
    this.cur += s;
  }

  wild(): void {
    this.flush();
    const n = this.parts.length;
    if (n === 0 || this.parts[n - 1] !== null) this.parts.push(null);
  }

  done(): LiteralPattern {
    this.flush();
    const parts = this.parts;
    const n = parts.length;
    if (n === 0) return { at: this.at, segs: [], startWild: false, endWild: false };
    const first = parts[0];
    if (typeof first === 'string') parts[0] = first.trimStart();
    const last = parts[n - 1];
    if (typeof last === 'string') parts[n - 1] = last.trimEnd();
    // A piece trimmed to nothing at an end leaves "any text" there.
    const startWild = parts[0] === null || (n > 1 && parts[0] === '' && parts[1] === null);
    const endWild = parts[n - 1] === null || (n > 1 && parts[n - 1] === '' && parts[n - 2] === null);
    const segs: string[] = [];
    for (const x of parts) if (x) segs.push(x);
    return { at: this.at, segs, startWild, endWild };
  }

  private flush(): void {
    if (this.cur) this.parts.push(this.cur.replace(/\s+/g, ' '));
    this.cur = '';
  }
}

// Where a failure's message was written: the string literals of one source file whose text (placeholders standing for
// any text) gives the message. Pure: no `vscode`, no I/O. The message is untrusted: at most its first MAX_MESSAGE
// characters, compared as text (indexOf, startsWith), never made a pattern; one pass over the file.
import { sanitizeText } from '../../../base/text';
import { MAX_MESSAGE } from '../../../near/failure/panic';
import { decodeText, scanLiterals } from './literals';
import type { LiteralPattern, SourceLanguage } from './literals';

export interface LiteralHit {
  /** 1-based line of the literal's first character. */
  line: number;
  /** 1-based, in UTF-16 code units (VS Code's character + 1). */
  column: number;
  /** The source line, one line, trimmed and clipped. */
  text: string;
  /** The literal gives the whole message; false when it gives a part of it (an expect()'s words before ": Err…"). */
  whole: boolean;
}

/** A message made ready once for many files. */
export interface PreparedMessage {
  /** Its first MAX_MESSAGE characters, whitespace runs as one space, trimmed. */
  text: string;
  /** The message went on past MAX_MESSAGE: a literal may go on past `text`'s end too. */
  open: boolean;
  /**
   * Its longest words (4+ word characters, not all digits: numbers are values put into a format string; at most 5): a
   * literal that matches holds one of them, so a file with none is passed over after a native search, and only files
   * that have one (or an escape that may give one, escapeMayJoin) are read literal by literal.
   */
  words: string[];
}

/** Fixed characters a literal needs for a whole match (fewer when the message is shorter). */
const MIN_WHOLE = 4;
/** … for a part of the message, or to match the start of a message cut at MAX_MESSAGE. */
const MIN_PART = 8;
const MIN_OPEN = 12;
const MAX_HITS = 50;
const MAX_WORDS = 5;
const MAX_LINE_TEXT = 200;

/** `.rs` → Rust; `.ts`, `.js`, `.mjs`, `.cjs` → JS; anything else is not searched. */
export function languageOf(path: string): SourceLanguage | undefined {
  const m = /\.(rs|ts|js|mjs|cjs)$/i.exec(path);
  if (!m) return undefined;
  return m[1]?.toLowerCase() === 'rs' ? 'rust' : 'js';
}

export function prepareMessage(message: string): PreparedMessage | undefined {
  const raw = typeof message === 'string' ? message : '';
  const text = raw.slice(0, MAX_MESSAGE).replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const words = [...new Set(text.match(/\w{4,}/g) ?? [])]
    .filter((w) => !/^\d+$/.test(w))
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_WORDS);
  return { text, open: raw.length >= MAX_MESSAGE, words };
}

/**
 * The literals of `source` that give `message`: whole matches first, then literals that give a part of it (8 fixed
 * characters or more), each in file order; at most 50. A literal holds one of the message's longest words when it has
 * words of 4+ characters (a literal of placeholders and punctuation points nowhere). Never throws.
 */
export function findMessageLiterals(message: string | PreparedMessage, source: string, language: SourceLanguage): LiteralHit[] {
  const msg = typeof message === 'string' ? prepareMessage(message) : message;
  if (!msg || typeof source !== 'string') return [];
  if (msg.words.length > 0 && !msg.words.some((w) => source.includes(w)) && !escapeMayJoin(source, msg.words)) return [];
  const whole: number[] = [];
  const part: number[] = [];
  const words = msg.words;
  const shortest = words.length > 0 ? words[words.length - 1]!.length : 0;
  scanLiterals(
    source,
    language,
    (p) => {
      if (whole.length >= MAX_HITS) return;
      const how = matches(p, msg);
      if (how === 'whole') whole.push(p.at);
      else if (how === 'part' && part.length < MAX_HITS) part.push(p.at);
    },
    // A literal that cannot give the message, from its text as written, is not built; it is decoded and read again only
    // when an escape in it may be inside a word.
    words.length > 0
      ? (body, whole) =>
          body.length >= shortest && (mayGive(body, whole, msg) || (escapeMayJoin(body, words) && mayGive(decodeText(body, language), whole, msg)))
      : undefined,
  );
  const at = [...whole.map((o) => ({ o, whole: true })), ...part.map((o) => ({ o, whole: false }))].slice(0, MAX_HITS);
  return placeAll(source, at);
}

/** Whether a literal gives the whole message, a part of it, or nothing. */
export function matches(p: LiteralPattern, msg: PreparedMessage): 'whole' | 'part' | undefined {
  const m = msg.text;
  let fixed = 0;
  for (const s of p.segs) fixed += s.length;
  if (fixed === 0) return undefined;
  if (msg.words.length > 0 && !holdsWord(p.segs, msg.words)) return undefined;
  if (msg.open) {
    if (openStart(p, m) >= Math.min(MIN_OPEN, m.length)) return 'whole';
  } else if (fixed <= m.length && fixed >= Math.min(MIN_WHOLE, m.length) && wholeMatch(p, m)) {
    return 'whole';
  }
  return fixed >= MIN_PART && fixed <= m.length && inside(p.segs, m) ? 'part' : undefined;
}

/**
 * The escapes that may give one of a message's word characters or nothing, as the decoders read them: a line
 * continuation (in Rust the next line's indentation goes too), `\e` for a word character, `\x65`, `\u{65}`, `\u0065`.
 * Every other escape (`\n`, `\t`, `\"`, `\\`, `\{`, `\x20`) gives one character no word holds, so a word is written
 * around it as it reads. Every backslash is tried, even the second of a `\\`. One pattern a message, made on first use.
 */
const joiners = new WeakMap<readonly string[], RegExp>();

function joinerOf(words: readonly string[]): RegExp {
  let re = joiners.get(words);
  if (!re) {
    // `\n`, `\r`, `\t` and `\0` give control characters, never a word's.
    const own = [...new Set(words.join(''))].filter((c) => !'nrt0'.includes(c)).join('');
    re = new RegExp(String.raw`\\(?:[\r\n\u2028\u2029]${own ? `|[${own}]` : ''}|x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4}))`, 'g');
    joiners.set(words, re);
  }
  return re;
}

/** Whether an escape in `text` may give nothing or one of `words`' characters: a word may be split where it is written. */
function escapeMayJoin(text: string, words: readonly string[]): boolean {
  if (!text.includes('\\')) return false;
  const re = joinerOf(words);
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const hex = m[1] ?? m[2] ?? m[3];
    if (hex === undefined) return true;
    const cp = parseInt(hex, 16);
    if (cp > 0x10ffff || (cp < 0x80 && words.some((w) => w.includes(String.fromCharCode(cp))))) return true;
  }
  return false;
}

/**
 * Whether a literal's text may give the message or a part of it: it holds one of the message's words whose neighbours,
 * out to an escape, a placeholder or the literal's ends, are the message's own around that word; and a whole literal of
 * plain text is the message itself or 8 characters of it. Read as written, that misses only a word split by an escape
 * (escapeMayJoin), so such a text is read again decoded: a literal `matches` accepts is never refused. A message cut at
 * MAX_MESSAGE asks for a word alone.
 */
function mayGive(text: string, whole: boolean, msg: PreparedMessage): boolean {
  if (msg.open) return holdsWord([text], msg.words);
  const m = msg.text;
  for (const w of msg.words) {
    for (let i = text.indexOf(w); i !== -1; i = text.indexOf(w, i + 1)) {
      for (let q = m.indexOf(w); q !== -1; q = m.indexOf(w, q + 1)) if (fitsAround(text, i, w.length, m, q, whole)) return true;
    }
  }
  return false;
}

/** Characters after which the text as written and the pattern may part: an escape, a placeholder, a template's `${`. */
const isSpecial = (c: string | undefined): boolean => c === '\\' || c === '{' || c === '}' || c === '$';
/** What the pattern's `\s+` (and the message's) reads as one space. */
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
/** An escape ends at `at` or just before it (`\n`, `\x41`, `\u0041`): the text there reads as another character. */
const inEscape = (text: string, at: number): boolean => text.lastIndexOf('\\', at) >= Math.max(0, at - 9);

/** The word at `text[i]` and at `m[q]`: the characters around it agree out to the text's ends or an escape or placeholder. */
function fitsAround(text: string, i: number, len: number, m: string, q: number, whole: boolean): boolean {
  let s = i + len;
  let k = q + len;
  while (s < text.length) {
    const c = text[s];
    if (isSpace(c)) {
      let t = s;
      while (t < text.length && isSpace(text[t])) t++;
      if (m[k] === ' ') {
        s = t;
        k++;
        continue;
      }
      // Spaces the message does not have: trimmed at the literal's end, or before a placeholder or an escape.
      if (t < text.length && !isSpecial(text[t])) return false;
      if (t < text.length) return true;
      break;
    }
    if (isSpecial(c)) return true;
    if (c !== m[k]) return false;
    s++;
    k++;
  }
  const end = k;
  s = i - 1;
  k = q - 1;
  while (s >= 0) {
    const c = text[s];
    if (isSpace(c)) {
      let t = s;
      while (t >= 0 && isSpace(text[t])) t--;
      if (k >= 0 && m[k] === ' ') {
        s = t;
        k--;
        continue;
      }
      if (t >= 0 && !isSpecial(text[t]) && !inEscape(text, t)) return false;
      if (t >= 0) return true;
      break;
    }
    if (isSpecial(c)) return true;
    if (k < 0 || c !== m[k]) return inEscape(text, s);
    s--;
    k--;
  }
  // The whole literal is plain text, m[k + 1 … end): the message itself, or a part of 8 characters or more.
  return !whole || end - (k + 1) >= MIN_PART || (k < 0 && end >= m.length);
}

function holdsWord(segs: readonly string[], words: readonly string[]): boolean {
  for (const s of segs) for (const w of words) if (s.includes(w)) return true;
  return false;
}

/** The pattern spans the message exactly: its first piece starts it, its last ends it, the others in order between. */
function wholeMatch(p: LiteralPattern, m: string): boolean {
  const segs = p.segs;
  const n = segs.length;
  if (n === 1 && !p.startWild && !p.endWild) return m === segs[0];
  let pos = 0;
  let end = m.length;
  let from = 0;
  let to = n;
  if (!p.startWild) {
    const first = segs[0] ?? '';
    if (!m.startsWith(first)) return false;
    pos = first.length;
    from = 1;
  }
  if (!p.endWild) {
    const last = segs[n - 1] ?? '';
    if (!m.endsWith(last) || m.length - last.length < pos) return false;
    end = m.length - last.length;
    to = n - 1;
  }
  // Leftmost first is exact for patterns whose only wildcard is "any text".
  for (let k = from; k < to; k++) {
    const s = segs[k] ?? '';
    const i = m.indexOf(s, pos);
    if (i === -1 || i + s.length > end) return false;
    pos = i + s.length;
  }
  return true;
}

/** The pieces in order anywhere in the message (the literal gives a part of it). */
function inside(segs: readonly string[], m: string): boolean {
  let pos = 0;
  for (const s of segs) {
    const i = m.indexOf(s, pos);
    if (i === -1) return false;
    pos = i + s.length;
  }
  return true;
}

/**
 * For a message cut at MAX_MESSAGE: how many of the literal's fixed characters line up with the message from its start
 * (0 when they cannot: its first piece differs from the message's start). After a placeholder the rest of the message
 * may be inside it, so pieces that are not found end the count rather than the match.
 */
function openStart(p: LiteralPattern, m: string): number {
  if (p.startWild) return 0;
  const [first = '', ...rest] = p.segs;
  // Without a placeholder the literal is all the text there is: it must be at least the message it was cut from.
  if ((rest.length === 0 && !p.endWild) || first.length >= m.length) return first.startsWith(m) ? m.length : 0;
  if (!m.startsWith(first)) return 0;
  let n = first.length;
  let pos = first.length;
  for (const s of rest) {
    const i = m.indexOf(s, pos);
    if (i === -1) break;
    n += s.length;
    pos = i + s.length;
  }
  return n;
}

/** Offsets → 1-based lines and columns and the line's text, in one forward walk over the line breaks. */
function placeAll(source: string, at: ReadonlyArray<{ o: number; whole: boolean }>): LiteralHit[] {
  const order = [...at].sort((a, b) => a.o - b.o);
  const placed = new Map<number, { line: number; column: number; text: string }>();
  let line = 1;
  let lineStart = 0;
  for (const { o } of order) {
    for (let nl = source.indexOf('\n', lineStart); nl !== -1 && nl < o; nl = source.indexOf('\n', lineStart)) {
      line++;
      lineStart = nl + 1;
    }
    if (placed.has(o)) continue;
    const nl = source.indexOf('\n', o);
    const lineEnd = nl === -1 ? source.length : nl;
    // A very long line (minified code) shows from the literal on.
    const from = lineEnd - lineStart > 4 * MAX_LINE_TEXT ? o : lineStart;
    const text = sanitizeText(source.slice(from, Math.min(lineEnd, from + 4 * MAX_LINE_TEXT)), MAX_LINE_TEXT);
    placed.set(o, { line, column: o - lineStart + 1, text: from === lineStart ? text : `…${text}` });
  }
  return at.flatMap(({ o, whole }) => {
    const p = placed.get(o);
    return p ? [{ ...p, whole }] : [];
  });
}

// A source file made safe to scan for contract blocks: comments and the insides of string literals blanked to spaces
// (same length, newlines kept, so an offset is still a line and a character), and the brackets matched on what is
// left. Pure: no `vscode`; linear in the file's length (a 1 MB file is one pass).

/** Offsets of each line's first character, for offset → (line, character) by binary search. */
export class Lines {
  readonly #starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1);
  }

  at(offset: number): { line: number; character: number } {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - (this.#starts[lo] ?? 0) };
  }
}

/** Blanks `out[from, to)`, keeping newlines. */
function blank(out: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
}

/** The end of a quoted literal starting at `at` (its quote), with `\` escapes; the text's end when unclosed. */
function quoted(text: string, at: number, quote: string): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
  }
  return text.length;
}

const RAW_STRING = /^b?r(#*)"/;
const WORD = /\w/;

/**
 * Blanks comments and literals: `//` line comments everywhere, then `special(i)` (a language's block comments and
 * literals) gives the offset after what it blanked at `i`, or undefined to move on by one character.
 */
function mask(text: string, special: (out: string[], i: number) => number | undefined): string {
  const out = text.split('');
  let i = 0;
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(out, i, stop);
      i = stop;
    } else i = special(out, i) ?? i + 1;
  }
  return out.join('');
}

/** A quoted literal at `i`: its insides blanked; the offset after it. */
function blankQuoted(text: string, out: string[], i: number, quote: string): number {
  const end = quoted(text, i, quote);
  blank(out, i + 1, Math.max(i + 1, end - 1));
  return end;
}

/** Rust: line comments, nested block comments, "…", b"…", r#"…"#, and char literals ('x', '\n', '\u{1F600}'), never lifetimes ('a). */
export function maskRust(text: string): string {
  return mask(text, (out, i) => {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '*') {
      let depth = 0;
      let j = i;
      while (j < text.length) {
        if (text[j] === '/' && text[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (text[j] === '*' && text[j + 1] === '/') {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      blank(out, i, j);
      return j;
    }
    if ((c === 'r' || (c === 'b' && next === 'r')) && !WORD.test(text[i - 1] ?? '')) {
      const head = RAW_STRING.exec(text.slice(i, i + 260));
      if (!head) return undefined;
      const close = '"' + (head[1] ?? '');
      const open = i + head[0].length;
      const end = text.indexOf(close, open);
      const stop = end === -1 ? text.length : end + close.length;
      blank(out, open, stop - close.length);
      return stop;
    }
    if (c === '"') return blankQuoted(text, out, i, '"');
    if (c === "'") {
      // A char literal is 'x' or '\…'; anything else ('a, 'static) is a lifetime or a label.
      const m = /^'(?:\\u\{[0-9a-fA-F]{1,6}\}|\\.|[^\\'\n])'/.exec(text.slice(i, i + 12));
      if (!m) return undefined;
      blank(out, i + 1, i + m[0].length - 1);
      return i + m[0].length;
    }
    return undefined;
  });
}

/** JavaScript / TypeScript: line and block comments, '…', "…" and `…` (a template's `${…}` blanked with it). */
export function maskJs(text: string): string {
  return mask(text, (out, i) => {
    const c = text[i] ?? '';
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(out, i, stop);
      return stop;
    }
    return c === '"' || c === "'" || c === '`' ? blankQuoted(text, out, i, c) : undefined;
  });
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * The offset just after the bracket that closes the one at `at` in masked text, counting (), [] and {} together; the
 * text's end when it never closes (a file being typed).
 */
export function closing(masked: string, at: number): number {
  const stack: string[] = [];
  for (let i = at; i < masked.length; i++) {
    const c = masked[i] ?? '';
    const close = OPEN[c];
    if (close) stack.push(close);
    else if (c === ')' || c === ']' || c === '}') {
      // A stray closer of another kind is skipped: the block goes on to its own.
      if (stack[stack.length - 1] === c) stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return masked.length;
}

/** The offset of the first non-space character at or after `at`. */
export function skipSpace(masked: string, at: number): number {
  let i = at;
  while (i < masked.length && /\s/.test(masked[i] ?? '')) i++;
  return i;
}

/**
 * Walks the insides of the block whose `{` is at `open` (to `close`, after its `}`) once, calling `visit` with each
 * offset and character at the block's own level (depth 0 inside it), and after each nested `{…}` closes there with
 * `closed` true. Linear: the block is walked once.
 */
export function atTopLevel(masked: string, open: number, close: number, visit: (i: number, c: string, closed: boolean) => void): void {
  let depth = 0;
  for (let i = open + 1; i < close - 1; i++) {
    const c = masked[i] ?? '';
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && c === '}') visit(i, c, true);
    } else if (depth === 0) visit(i, c, false);
  }
}

/** The offsets inside a block where each of its items starts: its start, and after each `}` or `;` at its level. */
export function topLevelStarts(masked: string, open: number, close: number): number[] {
  const starts = [open + 1];
  atTopLevel(masked, open, close, (i, c, closed) => (closed || c === ';') && starts.push(i + 1));
  return starts;
}

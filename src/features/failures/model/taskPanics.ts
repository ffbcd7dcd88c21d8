// The panics in a test run's output, read line by line as it streams (NEAR Lens's task type, tasks.ts): cargo test's
// location line and the words on the next lines (Rust 1.73 and later), the one-line `panicked at 'words', path:l:c`
// (before 1.73), and a contract's panic quoted inside a failure as near-workspaces prints it (`GuestPanic { panic_msg:
// "panicked at src/views.rs:88:14:\nPool not found" }`, its Debug escapes undone, at any depth). The panic model
// (near/failure) reads the words and the place; only a panic that names a place is reported. Pure: no `vscode`, no I/O;
// the output is untrusted, so each line is capped and read by linear string work only.
import { explainFailure } from '../../../near/failure/explain';
import type { FailureKind } from '../../../near/failure/explain';
import type { SourceLocation } from '../../../near/failure/panic';

export interface TaskPanic {
  kind: FailureKind;
  /** The panic's own words: no location, no `thread '…' panicked at`, no quotes or escapes. */
  message: string;
  location: SourceLocation;
  /** A fix for a panic NEAR developers meet often (an unwrap on None …), from the failure model. */
  fix?: string;
  /** The test whose thread panicked (`thread 'tests::claim' panicked at …`), when the output names it. */
  test?: string;
}

/** The longest line read; a longer one is read up to here (a panic's location comes early in its line). */
export const MAX_LINE = 64 * 1024;
/** Lines a panic's words may take after its location line (assert_eq!'s `left:` and `right:` among them). */
const MAX_WORD_LINES = 12;

const AT = 'panicked at ';
const SMART = 'Smart contract panicked:';
const GUEST = 'panic_msg: "';
const THREAD = /thread '([^'\n]{1,200})' panicked at /;
// cargo test's header of a failed test's output, and the lines that end the failures' part.
const SECTION = /^---- (\S{1,200}) stdout ----\s*$/;
const SECTIONS_END = /^(?:failures:|test result: )/;
// A location line of Rust 1.73 and later ends with `:line:col:`, the words follow on the next line.
const ENDS_WITH_PLACE = /:\d{1,9}:\d{1,9}:\s*$/;
// Before 1.73 a multi-line message ends, lines later, in `', path:line:col`.
const OLD_END = /', [^\s'][^']*:\d{1,9}:\d{1,9}\s*$/;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

interface Pending {
  /** The text from `panicked at` on, the lines joined with `\n`. */
  text: string;
  lines: number;
  /** 'words': the location was on the first line, the words follow; 'old': a quoted message that ends in its place. */
  wait: 'words' | 'old';
  test?: string;
}

/**
 * Reads a run's output as it comes, in chunks cut anywhere (inside a line, a `\r\n` or a UTF-16 pair is fine: the
 * caller decodes bytes), and answers the panics each chunk completes. `end()` answers what the last lines held.
 */
export class PanicReader {
  #partial = '';
  #pending: Pending | undefined;
  /** The failed test whose output the lines are (`---- name stdout ----`), for a panic that names none. */
  #section: string | undefined;
  readonly #seen = new Set<string>();

  push(chunk: string): TaskPanic[] {
    const out: TaskPanic[] = [];
    const text = this.#partial + chunk;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      this.#line(text.slice(from, nl), out);
      from = nl + 1;
    }
    // A line that never ends is kept to its first MAX_LINE characters (and a little more, for a `\r\n` cut in two).
    this.#partial = text.slice(from, from + MAX_LINE + 16);
    return out;
  }

  end(): TaskPanic[] {
    const out: TaskPanic[] = [];
    if (this.#partial !== '') this.#line(this.#partial, out);
    this.#partial = '';
    this.#finish(out);
    return out;
  }

  #line(raw: string, out: TaskPanic[]): void {
    const line = clean(raw);
    const p = this.#pending;
    if (p?.wait === 'words') {
      // The words: the next line, then the lines indented under it (assert_eq!'s `  left:` and ` right:`).
      const first = p.lines === 1;
      if (first ? line.trim() !== '' : /^\s+\S/.test(line) && !line.includes(AT)) {
        p.text += `\n${line}`;
        p.lines++;
        // A test that unwraps a failed call: its words quote the contract's own panic, reported too.
        const quoted = first ? quotedPanic(line) : undefined;
        if (quoted !== undefined) this.#report(quoted, p.test, out);
        if (p.lines > MAX_WORD_LINES) this.#finish(out);
        return;
      }
      this.#finish(out);
    } else if (p?.wait === 'old') {
      p.text += `\n${line}`;
      if (OLD_END.test(line)) return this.#finish(out);
      if (++p.lines > MAX_WORD_LINES) this.#pending = undefined;
      return;
    }
    this.#start(line, out);
  }

  #start(line: string, out: TaskPanic[]): void {
    const section = SECTION.exec(line);
    if (section) this.#section = section[1];
    else if (SECTIONS_END.test(line)) this.#section = undefined;
    const quoted = quotedPanic(line);
    if (quoted !== undefined) return this.#report(quoted, this.#section, out);
    const at = line.indexOf(AT);
    if (at === -1) return;
    const text = line.slice(at);
    const test = THREAD.exec(line)?.[1] ?? this.#section;
    const pending = (wait: Pending['wait']): void => {
      this.#pending = { text, lines: 1, wait, ...(test !== undefined && { test }) };
    };
    if (text.startsWith(`${AT}'`)) {
      if (OLD_END.test(text)) this.#report(text, test, out);
      else pending('old');
    } else if (ENDS_WITH_PLACE.test(text)) pending('words');
    else this.#report(text, test, out);
  }

  #finish(out: TaskPanic[]): void {
    const p = this.#pending;
    this.#pending = undefined;
    if (p) this.#report(p.text, p.test, out);
  }

  /** The panic text read by the failure model; reported once per place and words, and only with a place. */
  #report(text: string, test: string | undefined, out: TaskPanic[]): void {
    const e = explainFailure(text.startsWith(SMART) ? text : `${SMART} ${text}`, { receiverId: '' });
    if (!e.location || e.message === '') return;
    const key = `${e.location.path}:${e.location.line}:${e.location.column}\n${e.message}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    out.push({ kind: e.kind, message: e.message, location: e.location, ...(e.fix !== undefined && { fix: e.fix }), ...(test !== undefined && { test }) });
  }
}

/** The line as a terminal shows it: no colours or cursor codes, no `\r`, at most MAX_LINE long. */
function clean(raw: string): string {
  const s = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
  return (s.includes('\u001b') ? s.replace(ANSI, '') : s).replace(/\r+$/, '').replace(/^.*\r(?!$)/, '');
}

/**
 * A panic inside a string literal of the line (Rust's Debug, JSON, or JavaScript's `'…'`), as its text:
 * `"panicked at src/lib.rs:29:50:\nmsg"` → `panicked at src/lib.rs:29:50:` and `msg` on two lines. A string inside a
 * string (`\"…\\n…\"`) is read as deep as it goes. Undefined when no panic is quoted on the line.
 */
export function quotedPanic(line: string): string | undefined {
  const start = panicStart(line);
  if (start === -1) return undefined;
  for (const quote of ['"', "'"]) {
    // Inside a string when an odd number of unescaped quotes come before it; its depth is the escaping of the last one.
    let quotes = 0;
    let last = -1;
    for (let i = line.indexOf(quote); i !== -1 && i < start; i = line.indexOf(quote, i + 1)) {
      if (backslashesBefore(line, i) === 0) quotes++;
      last = i;
    }
    if (quotes % 2 === 0 || last === -1) continue;
    const depth = Math.min(backslashesBefore(line, last) + 1, 4);
    let text = line.slice(start);
    for (let d = 0; d < depth; d++) text = unquote(text, quote);
    return text;
  }
  return undefined;
}

/** Where the panic text starts: `Smart contract panicked:`, `panic_msg: "`'s text, or `panicked at`; -1 for none. */
function panicStart(line: string): number {
  const smart = line.indexOf(SMART);
  if (smart !== -1) return smart;
  const guest = line.indexOf(GUEST);
  if (guest !== -1) return guest + GUEST.length;
  return line.indexOf(AT);
}

function backslashesBefore(s: string, i: number): number {
  let n = 0;
  while (i - n - 1 >= 0 && s.charCodeAt(i - n - 1) === 92) n++;
  return n;
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '0': '\0', '"': '"', "'": "'", '\\': '\\', '/': '/' };

/** A string literal's body up to its closing quote, its escapes undone (Rust's `\u{…}` and JSON's `\uXXXX` alike). */
function unquote(s: string, quote: string): string {
  const end = quote.charCodeAt(0);
  const parts: string[] = [];
  let from = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === end) break;
    if (c !== 92) continue; // \
    parts.push(s.slice(from, i));
    const next = s.charAt(i + 1);
    const rust = next === 'u' ? /^u\{([0-9a-fA-F]{1,6})\}/.exec(s.slice(i + 1, i + 11)) : null;
    const json = next === 'u' && !rust ? /^u([0-9a-fA-F]{4})/.exec(s.slice(i + 1, i + 6)) : null;
    const hex = rust?.[1] ?? json?.[1];
    if (hex !== undefined) {
      const cp = parseInt(hex, 16);
      parts.push(cp <= 0x10ffff ? String.fromCodePoint(cp) : '');
      i += (rust ?? json)![0].length;
    } else {
      parts.push(ESCAPES[next] ?? next);
      i += 1;
    }
    from = i + 1;
  }
  parts.push(s.slice(from, i));
  return parts.join('');
}

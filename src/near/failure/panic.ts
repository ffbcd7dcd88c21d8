// A contract's panic text read into its words and the source location it names (near-sdk-rs before and since Rust
// 1.73, near-sdk-js stacks, or none for require!/env::panic_str). Pure: no `vscode`, no I/O; the text is untrusted,
// so only linear string work touches it.

/** A place in the contract's source as the compiler or the JS engine wrote it: the path is never resolved here. */
export interface SourceLocation {
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based; 1 when the text names a line alone (QuickJS stacks without columns). */
  column: number;
}

export interface ParsedPanic {
  /** The panic's own words: without "Smart contract panicked: " and without the location; at most MAX_MESSAGE long. */
  message: string;
  location?: SourceLocation;
  /** The words went on past MAX_MESSAGE and were cut there. */
  truncated?: true;
}

/** How much of a message anything reads or keeps: a contract can panic with megabytes of text. */
export const MAX_MESSAGE = 500;

const PREFIX = 'Smart contract panicked:';
const AT = 'panicked at ';
/** A compiler's path is one line; anything longer is not a path. */
const MAX_PATH = 1024;
// `:line:col` right after a path, then `:` and the message (Rust 1.73+); sticky, tried only at each colon.
const LINE_COL_COLON = /:(\d{1,9}):(\d{1,9}):(?=\s|$)/y;
// A whole `path:line:col` (Rust before 1.73, and a JS frame's inside). The path has no line break in it.
const PATH_LINE_COL = /^([^\n\r]+?):(\d{1,9})(?::(\d{1,9}))?$/;
// A JS stack frame: "    at fn (build/contract.js:12:5)" or "    at build/contract.js:12".
const JS_FRAME = /^\s+at\s/;

/**
 * The words and the location of a panic text, whatever wrote it:
 * - near-sdk-rs since Rust 1.73: `panicked at src/lib.rs:29:50:\nmsg` (the message may span lines);
 * - near-sdk-rs before Rust 1.73: `panicked at 'msg', src/lib.rs:29:9`;
 * - near-sdk-js: `Error: msg\n    at fn (build/contract.js:12:5)` (the first frame that names a place);
 * - `require!` and `env::panic_str`: the message alone.
 * "Smart contract panicked: " in front is dropped. Never throws.
 */
export function parsePanic(text: string): ParsedPanic {
  let s = typeof text === 'string' ? text : '';
  if (s.startsWith(PREFIX)) s = s.slice(PREFIX.length).replace(/^ /, '');
  if (s.startsWith(`${AT}'`)) return old(s) ?? plain(s);
  if (s.startsWith(AT)) return modern(s) ?? plain(s);
  return jsStack(s) ?? plain(s);
}

/** `panicked at src/lib.rs:29:50:\nmsg`: the path ends at the first `:line:col:` that a space or the end follows. */
function modern(s: string): ParsedPanic | undefined {
  const lineEnd = s.indexOf('\n');
  const head = s.slice(AT.length, Math.min(lineEnd === -1 ? s.length : lineEnd, AT.length + MAX_PATH + 24));
  for (let i = head.indexOf(':'); i > 0; i = head.indexOf(':', i + 1)) {
    LINE_COL_COLON.lastIndex = i;
    const m = LINE_COL_COLON.exec(head);
    if (!m) continue;
    const location = place(head.slice(0, i), m[1], m[2]);
    if (!location) return undefined;
    return withLocation(s.slice(AT.length + LINE_COL_COLON.lastIndex), location);
  }
  return undefined;
}

/** `panicked at 'msg', src/lib.rs:29:9`: the location follows the last `', `, so a quote in the message is no trouble. */
function old(s: string): ParsedPanic | undefined {
  const body = s.trimEnd();
  const cut = body.lastIndexOf("', ");
  if (cut < AT.length + 1) return undefined;
  const tail = body.slice(cut + 3);
  if (tail.length > MAX_PATH + 24) return undefined;
  const m = PATH_LINE_COL.exec(tail);
  const location = m && m[3] !== undefined ? place(m[1] ?? '', m[2], m[3]) : undefined;
  return location ? withLocation(body.slice(AT.length + 1, cut), location) : undefined;
}

/** An engine's `Error: msg` followed by `    at …` frames: the words before the frames, the first frame with a place. */
function jsStack(s: string): ParsedPanic | undefined {
  // Frames come within the first lines; a megabyte of text is not split whole.
  const lines = s.slice(0, 64 * 1024).split('\n', 64);
  const first = lines.findIndex((l, i) => i > 0 && JS_FRAME.test(l));
  if (first === -1) return undefined;
  let location: SourceLocation | undefined;
  for (const frame of lines.slice(first)) {
    if (!JS_FRAME.test(frame)) break;
    location = jsFramePlace(frame.trim().slice(3).trim());
    if (location) break;
  }
  const words = lines
    .slice(0, first)
    .join('\n')
    .replace(/^(?:Uncaught )?Error: /, '');
  return location ? withLocation(words, location) : cap(words);
}

/** "fn (path:12:5)", "path:12:5", "fn (path:12)" → the place; "<anonymous> (native)" → none. */
function jsFramePlace(frame: string): SourceLocation | undefined {
  const open = frame.endsWith(')') ? frame.lastIndexOf('(') : -1;
  const inner = open === -1 ? frame : frame.slice(open + 1, -1);
  if (inner.length > MAX_PATH + 24) return undefined;
  const m = PATH_LINE_COL.exec(inner);
  return m ? place(m[1] ?? '', m[2], m[3] ?? '1') : undefined;
}

function place(path: string, line: string | undefined, column: string | undefined): SourceLocation | undefined {
  const l = Number(line);
  const c = Number(column);
  // eslint-disable-next-line no-control-regex
  if (!path || path.length > MAX_PATH || /[\u0000-\u001f\u007f]/.test(path) || !(l >= 1) || !(c >= 1)) return undefined;
  return { path, line: l, column: c };
}

function withLocation(words: string, location: SourceLocation): ParsedPanic {
  return { ...cap(words), location };
}

const plain = (s: string): ParsedPanic => cap(s);

/** The words trimmed and cut to MAX_MESSAGE UTF-16 units, never inside a surrogate pair. */
function cap(words: string): ParsedPanic {
  const w = words.trim();
  if (w.length <= MAX_MESSAGE) return { message: w };
  const end = isHighSurrogate(w.charCodeAt(MAX_MESSAGE - 1)) ? MAX_MESSAGE - 1 : MAX_MESSAGE;
  return { message: w.slice(0, end), truncated: true };
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

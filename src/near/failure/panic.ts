// A contract's panic text read into its words and the source location it names (near-sdk-rs before and since Rust
// 1.73, near-sdk-js's QuickJS stacks, near-sdk's structured JSON errors, or none for require!/env::panic_str). Pure: no
// `vscode`, no I/O; the text is untrusted, so only linear string work touches it and a JS stack is read line by line.
import { isRecord, tryJson } from '../../base/json';

/** A place in the contract's source as the compiler or the JS engine wrote it: the path is never resolved here. */
export interface SourceLocation {
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based; 1 when the text names a line alone (QuickJS stacks without columns). */
  column: number;
}

/** One frame of a JS engine's stack (`    at mint (build/contract.js:1204)`): native frames have no file or line. */
export interface StackFrame {
  /** The function's name as the engine gave it; `<anonymous>` when it gave none. */
  function: string;
  file?: string;
  /** 1-based. */
  line?: number;
}

/**
 * near-sdk's structured error (`#[contract_error]`, its text a JSON object): `{"error":{"name":"CUSTOM_CONTRACT_ERROR",
 * "cause":{"name":"near_sdk::errors::custom::InvalidArgument","info":{"message":"haha invalid"}}}}`.
 */
export interface StructuredPanic {
  /** error.name: "CUSTOM_CONTRACT_ERROR". */
  name: string;
  /** error.cause.name, the error's type: "near_sdk::errors::custom::InvalidArgument". */
  cause?: string;
  /** The contract's own words: info.message, or info when it is a string. */
  message?: string;
}

export interface ParsedPanic {
  /**
   * The panic's own words: without "Smart contract panicked: ", the location or the stack; a structured error's type
   * and message in words ("Invalid argument: haha invalid"). At most MAX_MESSAGE long.
   */
  message: string;
  location?: SourceLocation;
  /** The words went on past MAX_MESSAGE and were cut there. */
  truncated?: true;
  /** A JS engine's stack (near-sdk-js: QuickJS), innermost first, at most MAX_FRAMES frames. */
  stack?: StackFrame[];
  structured?: StructuredPanic;
}

/** How much of a message anything reads or keeps: a contract can panic with megabytes of text. */
export const MAX_MESSAGE = 500;
/** "AccountDoesNotExist" → "account does not exist"; "CUSTOM_CONTRACT_ERROR" → "custom contract error". */
export const nameWords = (name: string): string =>
  name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/** The most frames a stack keeps: a deep recursion's thousands say nothing more. */
export const MAX_FRAMES = 64;

const PREFIX = 'Smart contract panicked:';
const AT = 'panicked at ';
/** A compiler's path is one line; anything longer is not a path. */
const MAX_PATH = 1024;
/** A frame line longer than this is not an engine's: it is kept as a frame without a place. */
const MAX_FRAME_LINE = MAX_PATH + 300;
/** A function's name as kept: an engine's are short. */
const MAX_NAME = 200;
/** How far into the text a stack's first frame is looked for: the words before it are cut at MAX_MESSAGE anyway. */
const STACK_SCAN = 64 * 1024;
/** The largest structured error read: near-sdk's are a few hundred bytes. */
const MAX_JSON = 16 * 1024;
// `:line:col` right after a path, then `:` and the message (Rust 1.73+); sticky, tried only at each colon.
const LINE_COL_COLON = /:(\d{1,9}):(\d{1,9}):(?=\s|$)/y;
// A whole `path:line:col` (Rust before 1.73). The path has no line break in it.
const PATH_LINE_COL = /^([^\n\r]+?):(\d{1,9})(?::(\d{1,9}))?$/;
// A JS stack frame's start, "    at ", tried sticky at a line's start only.
const JS_FRAME = /[ \t]{1,16}at(?: |$)/y;

/**
 * The SDKs' own words before a contract's: near-sdk-js's assert(cond, msg) throws "assertion failed: " + msg, so the
 * contract's literal is the message without it.
 */
export const SDK_PREFIXES: readonly string[] = ['assertion failed: '];

/** The words as the contract's source wrote them: without an SDK's prefix. */
export function withoutSdkPrefix(message: string): string {
  for (const p of SDK_PREFIXES) if (message.startsWith(p)) return message.slice(p.length);
  return message;
}

/** near-sdk-js's functions that throw for the contract (assert) or that the VM runs: never the contract's own frame. */
const SDK_FUNCTIONS = new Set(['assert', 'panic', 'panicUtf8', 'panic_utf8', '<anonymous>', '<eval>']);

/** The innermost frame of the contract's own code: not an SDK helper, not native, not a dependency's file. */
export function ownFrame(stack: readonly StackFrame[] | undefined): StackFrame | undefined {
  return stack?.find((f) => f.file !== undefined && !SDK_FUNCTIONS.has(f.function) && !/(?:^|[\\/])node_modules[\\/]/.test(f.file));
}

/** A frame as a stack prints it: "mint (build/contract.js:1204)", "<anonymous> (native)". */
export const frameText = (f: StackFrame): string =>
  `${f.function} (${f.file === undefined ? 'native' : `${f.file}${f.line === undefined ? '' : `:${f.line}`}`})`;

/**
 * The words and the location of a panic text, whatever wrote it:
 * - near-sdk-rs since Rust 1.73: `panicked at src/lib.rs:29:50:\nmsg` (the message may span lines);
 * - near-sdk-rs before Rust 1.73: `panicked at 'msg', src/lib.rs:29:9`;
 * - near-sdk-js: `msg\n    at assert (build/contract.js:903)\n    at mint (build/contract.js:1204)\n` (QuickJS's
 *   stack; its location the innermost frame of the contract's own code);
 * - near-sdk's structured errors: a JSON object, read as its type and message in words;
 * - `require!` and `env::panic_str`: the message alone.
 * "Smart contract panicked: " in front is dropped. Never throws.
 */
export function parsePanic(text: string): ParsedPanic {
  let s = typeof text === 'string' ? text : '';
  if (s.startsWith(PREFIX)) s = s.slice(PREFIX.length).replace(/^ /, '');
  if (s.startsWith(`${AT}'`)) return old(s) ?? plain(s);
  if (s.startsWith(AT)) return modern(s) ?? plain(s);
  return jsStack(s) ?? structured(s) ?? plain(s);
}

/**
 * A panic text as a line of the chain's words: a JS stack left out and a structured error in words, with the prefix
 * it came with; any other text as it is.
 */
export function panicText(text: string): string {
  const p = parsePanic(text);
  if (!p.stack && !p.structured) return text;
  const words = `${p.message}${p.truncated ? '…' : ''}`;
  return text.startsWith(PREFIX) ? `${PREFIX} ${words}` : words;
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

const isFrameAt = (s: string, at: number): boolean => {
  JS_FRAME.lastIndex = at;
  return JS_FRAME.test(s);
};

/**
 * The words, then `    at …` frames to the end (an engine's `Error: msg` and its stack, or near-sdk-js's message, a
 * line break and the stack): the words before the first frame, at most MAX_FRAMES frames, the location the contract's
 * own innermost frame with a line (else the first with one). One pass over the lines it reads.
 */
function jsStack(s: string): ParsedPanic | undefined {
  const scan = Math.min(s.length, STACK_SCAN);
  let start = -1;
  for (let nl = s.indexOf('\n'); nl !== -1 && nl < scan; nl = s.indexOf('\n', nl + 1)) {
    if (isFrameAt(s, nl + 1)) {
      start = nl + 1;
      break;
    }
  }
  if (start === -1) return undefined;
  const frames: Frame[] = [];
  for (let at = start; at < s.length && frames.length < MAX_FRAMES && isFrameAt(s, at);) {
    const nl = s.indexOf('\n', at);
    const end = nl === -1 ? s.length : nl;
    frames.push(end - at > MAX_FRAME_LINE ? { frame: { function: '<anonymous>' } } : frameOf(s.slice(JS_FRAME.lastIndex, end).trim()));
    if (nl === -1) break;
    at = nl + 1;
  }
  const stack = frames.map((f) => f.frame);
  const own = ownFrame(stack);
  const at = frames.find((f) => f.frame === own && own.line !== undefined) ?? frames.find((f) => f.frame.line !== undefined);
  const location = at?.frame.file !== undefined ? place(at.frame.file, String(at.frame.line), String(at.column ?? 1)) : undefined;
  const words = s.slice(0, start - 1).replace(/^(?:Uncaught )?Error: /, '');
  return { ...(location ? withLocation(words, location) : cap(words)), stack };
}

/** A frame and the column the engine gave (QuickJS-ng writes one; the model's frame keeps the line). */
interface Frame {
  frame: StackFrame;
  column?: number;
}

/** "mint (build/contract.js:12)", "mint (build/contract.js:12:5)", "<anonymous> (native)", "build/contract.js:12:5". */
function frameOf(text: string): Frame {
  const open = text.endsWith(')') ? text.lastIndexOf(' (') : -1;
  const name = open === -1 ? (text.includes(':') ? '' : text) : text.slice(0, open).trim();
  const inner = open === -1 ? (name ? '' : text) : text.slice(open + 2, -1);
  const frame: StackFrame = { function: name.slice(0, MAX_NAME) || '<anonymous>' };
  if (!inner || inner === 'native') return { frame };
  // `file`, `file:line` or `file:line:col`, read from the end: the numbers after the last colons.
  const nums: number[] = [];
  let file = inner;
  for (let k = 0; k < 2; k++) {
    const c = file.lastIndexOf(':');
    const digits = file.slice(c + 1);
    if (c <= 0 || !/^\d{1,9}$/.test(digits)) break;
    nums.unshift(Number(digits));
    file = file.slice(0, c);
  }
  if (!isPath(file)) return { frame };
  frame.file = file;
  const [line, column] = nums;
  if (line !== undefined && line >= 1) frame.line = line;
  return column !== undefined && column >= 1 && frame.line !== undefined ? { frame, column } : { frame };
}

/** A near-sdk structured error's JSON, read as its type and message in words; undefined for any other text. */
function structured(s: string): ParsedPanic | undefined {
  const t = s.trim();
  if (t.length > MAX_JSON || !t.startsWith('{') || !t.endsWith('}')) return undefined;
  const v = tryJson(t);
  const e = isRecord(v) ? v['error'] : undefined;
  if (!isRecord(e) || typeof e['name'] !== 'string' || !e['name']) return undefined;
  const cause = isRecord(e['cause']) ? e['cause'] : undefined;
  const info = cause?.['info'];
  const said = typeof info === 'string' ? info : isRecord(info) && typeof info['message'] === 'string' ? info['message'] : undefined;
  const out: StructuredPanic = { name: e['name'].slice(0, 200) };
  const type = typeof cause?.['name'] === 'string' && cause['name'] ? cause['name'].slice(0, 200) : undefined;
  if (type) out.cause = type;
  if (said !== undefined) out.message = said.slice(0, MAX_MESSAGE);
  // "near_sdk::errors::custom::InvalidArgument" → "Invalid argument"; "CUSTOM_CONTRACT_ERROR" → "Custom contract error".
  const title = nameWords((type ?? out.name).split('::').pop() ?? '');
  const head = title.charAt(0).toUpperCase() + title.slice(1);
  const details = said === undefined && isRecord(info) ? scalars(info) : '';
  return { ...cap(said !== undefined ? `${head}: ${said}` : details ? `${head} (${details})` : head), structured: out };
}

/** An info object's plain fields in words ("x 5, owner bob.near"), for an error that has no message. */
function scalars(info: Record<string, unknown>): string {
  return Object.entries(info)
    .filter(([, x]) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')
    .slice(0, 8)
    .map(([k, x]) => `${k.replace(/_/g, ' ')} ${String(x)}`)
    .join(', ');
}

// eslint-disable-next-line no-control-regex
const isPath = (path: string): boolean => path.length > 0 && path.length <= MAX_PATH && !/[\u0000-\u001f\u007f]/.test(path);

function place(path: string, line: string | undefined, column: string | undefined): SourceLocation | undefined {
  const l = Number(line);
  const c = Number(column);
  if (!isPath(path) || !(l >= 1) || !(c >= 1)) return undefined;
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

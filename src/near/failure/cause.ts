// nearcore's error shapes read into one small union: a receipt's `{ActionError: {index, kind}}`, a transaction's
// `{InvalidTxError: …}`, and the Debug text a failed view call gives (`wasm execution failed with error: …`).
// Pure: no `vscode`, no I/O; every value is untrusted and only linear patterns read its text.
import { isRecord } from '../../base/json';
import { MAX_MESSAGE } from './panic';

export type Cause =
  /** The panic text after nothing has been taken off it ("Smart contract panicked: …" or the bare words). */
  | { t: 'panic'; text: string }
  | { t: 'method'; name: string }
  | { t: 'gas'; limit: boolean }
  | { t: 'trap'; name: string }
  | { t: 'code'; what: 'missing' | 'prepare' | 'compile' | 'link'; accountId?: string; detail?: string }
  | { t: 'account'; accountId?: string; signer: boolean }
  /** NotEnoughBalance: what the signer had and what the transaction cost. */
  | { t: 'short'; accountId?: string; balance?: bigint; cost?: bigint }
  /** LackBalanceForState: how much more the account must hold for its storage. */
  | { t: 'storage'; accountId?: string; amount?: bigint }
  | { t: 'allowance'; allowance?: bigint; cost?: bigint }
  /** The contract spent more than its balance (HostError BalanceExceeded). */
  | { t: 'spent' }
  | { t: 'other' };

/** How much of a Debug text is read: the words that name the error come first. */
const MAX_DEBUG = 4 * MAX_MESSAGE;
const OTHER: Cause = { t: 'other' };

/** The cause of a raw failure: the Failure JSON of an outcome (RPC's `TxExecutionError` wrapper too), or a text. */
export function causeOf(failure: unknown): Cause {
  if (typeof failure === 'string') return fromText(failure);
  if (!isRecord(failure)) return OTHER;
  const f = isRecord(failure['TxExecutionError']) ? failure['TxExecutionError'] : failure;
  const action = f['ActionError'];
  if (isRecord(action)) return fromActionKind(action['kind']);
  if ('InvalidTxError' in f) return fromInvalidTx(f['InvalidTxError']);
  return OTHER;
}

/** An externally tagged enum: its tag and its body (a bare string is a tag without a body). */
function tagged(v: unknown): [string, unknown] {
  if (typeof v === 'string') return [v, undefined];
  if (!isRecord(v)) return ['', undefined];
  for (const k in v) return [k, v[k]];
  return ['', undefined];
}

const field = (body: unknown, key: string): unknown => (isRecord(body) ? body[key] : undefined);

/** A string field, at most 200 characters (an account id has 64; anything longer is not one). */
function text(body: unknown, key: string): string | undefined {
  const v = field(body, key);
  return typeof v === 'string' && v !== '' ? v.slice(0, 200) : undefined;
}

/** A u128 field as nearcore writes it (digits in a string, or a safe JSON number), else undefined. */
function amount(body: unknown, key: string): bigint | undefined {
  const v = field(body, key);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  return typeof v === 'string' && /^\d{1,40}$/.test(v) ? BigInt(v) : undefined;
}

function fromActionKind(kind: unknown): Cause {
  const [name, body] = tagged(kind);
  switch (name) {
    case 'FunctionCallError':
      return fromFunctionCall(body);
    case 'AccountDoesNotExist':
      return { t: 'account', accountId: text(body, 'account_id'), signer: false };
    case 'LackBalanceForState':
      return { t: 'storage', accountId: text(body, 'account_id'), amount: amount(body, 'amount') };
    default:
      return OTHER;
  }
}

function fromInvalidTx(v: unknown): Cause {
  const [name, body] = tagged(v);
  switch (name) {
    case 'NotEnoughBalance':
      return { t: 'short', accountId: text(body, 'signer_id'), balance: amount(body, 'balance'), cost: amount(body, 'cost') };
    case 'LackBalanceForState':
      return { t: 'storage', accountId: text(body, 'signer_id'), amount: amount(body, 'amount') };
    case 'SignerDoesNotExist':
      return { t: 'account', accountId: text(body, 'signer_id'), signer: true };
    case 'InvalidAccessKeyError': {
      const [inner, b] = tagged(body);
      return inner === 'NotEnoughAllowance' ? { t: 'allowance', allowance: amount(b, 'allowance'), cost: amount(b, 'cost') } : OTHER;
    }
    default:
      return OTHER;
  }
}

/** nearcore's FunctionCallErrorSer: host errors usually arrive as their Display text in ExecutionError. */
function fromFunctionCall(v: unknown): Cause {
  const [name, body] = tagged(v);
  switch (name) {
    case 'ExecutionError':
      return typeof body === 'string' ? fromText(body) : OTHER;
    case 'HostError':
      return fromHost(body);
    case 'MethodResolveError':
      return { t: 'method', name: tagged(body)[0] };
    case 'CompilationError':
      return fromCompilation(body);
    case 'LinkError':
      return { t: 'code', what: 'link', detail: text(body, 'msg') };
    case 'WasmTrap':
      return { t: 'trap', name: tagged(body)[0] || 'GenericTrap' };
    case 'WasmUnknownError':
      return { t: 'trap', name: 'WasmUnknownError' };
    default:
      return OTHER;
  }
}

/** A HostError as a value (older nodes gave `{HostError: {GuestPanic: {panic_msg}}}` instead of its text). */
function fromHost(v: unknown): Cause {
  const [name, body] = tagged(v);
  switch (name) {
    case 'GuestPanic': {
      const msg = field(body, 'panic_msg');
      return { t: 'panic', text: typeof msg === 'string' ? msg : '' };
    }
    case 'GasExceeded':
      return { t: 'gas', limit: false };
    case 'GasLimitExceeded':
      return { t: 'gas', limit: true };
    case 'BalanceExceeded':
      return { t: 'spent' };
    default:
      return OTHER;
  }
}

function fromCompilation(v: unknown): Cause {
  const [name, body] = tagged(v);
  if (name === 'CodeDoesNotExist') return { t: 'code', what: 'missing', accountId: text(body, 'account_id') };
  if (name === 'PrepareError') return { t: 'code', what: 'prepare', detail: tagged(body)[0] || undefined };
  if (name === 'WasmerCompileError') return { t: 'code', what: 'compile', detail: text(body, 'msg') };
  return { t: 'code', what: 'compile', detail: name || undefined };
}

const PANICKED = 'Smart contract panicked:';

/**
 * An error as text: a HostError's Display ("Smart contract panicked: …", "Exceeded the prepaid gas.") or the Debug
 * form of a failed view call ("wasm execution failed with error: MethodResolveError(MethodNotFound)").
 */
function fromText(raw: string): Cause {
  if (raw.startsWith(PANICKED)) return { t: 'panic', text: raw };
  const s = raw.slice(0, MAX_DEBUG);
  if (s.startsWith('Exceeded the prepaid gas')) return { t: 'gas', limit: false };
  if (s.startsWith('Exceeded the maximum amount of gas allowed to burn per contract')) return { t: 'gas', limit: true };
  if (s.startsWith('Exceeded the account balance')) return { t: 'spent' };
  return fromDebug(s);
}

// Each pattern is linear: alternatives inside a repetition never overlap.
const GUEST_PANIC = /GuestPanic\s*\{\s*panic_msg:\s*"((?:[^"\\]|\\[\s\S])*)/;
const CODE_MISSING = /CodeDoesNotExist\s*\{\s*account_id:\s*(?:AccountId\()?"([^"\\]{1,200})"/;
const NAME_IN = (tag: string): RegExp => new RegExp(`${tag}\\(\\s*(\\w{1,60})\\s*\\)`);
const METHOD = NAME_IN('MethodResolveError');
const TRAP = NAME_IN('WasmTrap');
const PREPARE = NAME_IN('PrepareError');

function fromDebug(s: string): Cause {
  const guest = GUEST_PANIC.exec(s);
  if (guest) return { t: 'panic', text: unescapeDebug(guest[1] ?? '') };
  const panicked = s.indexOf(PANICKED);
  if (panicked !== -1) return { t: 'panic', text: s.slice(panicked) };
  const method = METHOD.exec(s);
  if (method) return { t: 'method', name: method[1] ?? '' };
  if (s.includes('CodeDoesNotExist')) return { t: 'code', what: 'missing', accountId: CODE_MISSING.exec(s)?.[1] };
  const prepare = PREPARE.exec(s);
  if (prepare) return { t: 'code', what: 'prepare', detail: prepare[1] };
  if (s.includes('WasmerCompileError') || s.includes('CompilationError')) return { t: 'code', what: 'compile' };
  if (s.includes('LinkError')) return { t: 'code', what: 'link' };
  const trap = TRAP.exec(s);
  if (trap) return { t: 'trap', name: trap[1] ?? 'GenericTrap' };
  if (s.includes('GasLimitExceeded')) return { t: 'gas', limit: true };
  if (s.includes('GasExceeded')) return { t: 'gas', limit: false };
  if (s.includes('BalanceExceeded')) return { t: 'spent' };
  return OTHER;
}

/** A Rust Debug string's body as its text: \" \\ \n \t \r \0 \' and \u{…}. */
function unescapeDebug(s: string): string {
  return s.replace(/\\(u\{([0-9a-fA-F]{1,6})\}|[\s\S])/g, (_, c: string, hex: string | undefined) => {
    if (hex !== undefined) {
      const cp = parseInt(hex, 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    }
    return ESCAPES[c] ?? c;
  });
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

// A failed receipt's (or transaction's, or view call's) error explained: its kind, the chain's or the contract's words,
// what they mean for this call and how to fix it, with exact NEAR and TGas figures and the panic's source location.
// Pure: no `vscode`, no I/O; every text from the chain stays plain text (the views escape it) and is read as text.
import { formatYoctoExact } from '../amounts';
import { failureText } from './text';
import { describeGas } from '../units';
import { sanitizeText } from '../../base/text';
import { causeOf } from './cause';
import type { Cause } from './cause';
import { frameText, MAX_MESSAGE, ownFrame, parsePanic } from './panic';
import type { SourceLocation, StackFrame, StructuredPanic } from './panic';
import { panicFix } from './panicFixes';

export type FailureKind =
  'panic' | 'method-not-found' | 'gas-exceeded' | 'wasm-trap' | 'code-missing' | 'account-missing' | 'balance' | 'deserialize' | 'other';

export interface FailureExplained {
  kind: FailureKind;
  /**
   * The contract's own words for a panic (no prefix, no location, no stack; a structured error's type and message in
   * words); else what the chain said. At most MAX_MESSAGE.
   */
  message: string;
  /** What happened, for this call: one or two short sentences. */
  explanation: string;
  fix?: string;
  location?: SourceLocation;
  /** A JS contract's stack (near-sdk-js: QuickJS), innermost first, at most MAX_FRAMES frames. */
  stack?: StackFrame[];
  /** near-sdk's structured error (a JSON panic): its name, its type and its own message. */
  structured?: StructuredPanic;
}

/** What is known of the failing call: its receiver, the action that failed, and the receipt's gas burnt (digits). */
export interface FailureContext {
  receiverId: string;
  action?: { methodName?: string; gas?: string; deposit?: string };
  gasBurnt?: string;
}

/** The most gas one call can be given or burn. */
export const MAX_CALL_TGAS = 300n;
const TGAS = 10n ** 12n;

/**
 * A failure explained. `failure` is nearcore's raw Failure JSON (`{ActionError: {index, kind}}`, `{InvalidTxError: …}`,
 * RPC's `{TxExecutionError: …}`) or the error text of a failed view call. Never throws.
 */
export function explainFailure(failure: unknown, ctx: FailureContext): FailureExplained {
  const cause = causeOf(failure);
  const call = callOf(ctx);
  if (cause.t === 'panic') return panic(cause.text, call);
  const said = chainWords(failure);
  const out = (kind: FailureKind, explanation: string, fix?: string): FailureExplained => ({
    kind,
    message: said,
    explanation,
    ...(fix !== undefined && { fix }),
  });
  switch (cause.t) {
    case 'method':
      return method(cause.name, call, said, out);
    case 'gas':
      return gas(cause.limit, call, out);
    case 'trap': {
      // The name comes from the chain: an own key of the table only ("constructor" is not a trap).
      const trap = Object.hasOwn(TRAPS, cause.name) ? TRAPS[cause.name] : undefined;
      return out(
        'wasm-trap',
        `${call.who} stopped on a WebAssembly trap (${sanitizeText(cause.name, 60)}): ${trap?.[0] ?? 'the code did something the VM does not allow'}.`,
        trap?.[1],
      );
    }
    case 'code':
      return code(cause, call, out);
    case 'account':
      return cause.signer
        ? out(
            'account-missing',
            `The signer ${id(cause.accountId, 'of this transaction')} does not exist on this network.`,
            'Check the signer id and the network it is on.',
          )
        : out(
            'account-missing',
            `${id(cause.accountId, 'The receiver')} does not exist on this network, so the action could not run on it.`,
            `Check the account id and the network; create ${id(cause.accountId, 'the account')} first (its parent account creates a named one; a transfer creates an implicit one).`,
          );
    case 'short': {
      const shortBy = cause.balance !== undefined && cause.cost !== undefined && cause.cost > cause.balance ? cause.cost - cause.balance : undefined;
      const who = id(cause.accountId, 'The signer');
      return out(
        'balance',
        `${who} has ${near(cause.balance)}; this transaction costs ${near(cause.cost)} (its deposits and gas)${shortBy === undefined ? '' : `: ${near(shortBy)} short`}.`,
        `Add at least ${shortBy === undefined ? 'the difference' : near(shortBy)} to ${id(cause.accountId, 'the signer')}, or attach less.`,
      );
    }
    case 'storage': {
      const who = id(cause.accountId, 'The account');
      return out(
        'balance',
        `${who} would not keep enough NEAR for the storage it uses: it needs ${near(cause.amount)} more.`,
        `Send ${id(cause.accountId, 'it')} at least ${near(cause.amount)} (storage costs 1 NEAR per 100 kB), or store less.`,
      );
    }
    case 'allowance':
      return out(
        'balance',
        `The access key that signed has ${near(cause.allowance)} of allowance left; this transaction costs ${near(cause.cost)} in gas.`,
        'An allowance cannot be raised: add a new function-call key with a larger one (and delete this key), or sign with a full-access key.',
      );
    case 'spent':
      return out(
        'balance',
        `${call.who} tried to transfer or attach more NEAR than ${call.receiver} holds.`,
        `Check env::account_balance() before sending, and leave ${call.receiver} what its storage needs.`,
      );
    default:
      return out('other', said);
  }
}

interface Call {
  receiver: string;
  method?: string;
  /** "claim on game.hot.tg", or the receiver alone when the method is not known. */
  who: string;
  gas?: bigint;
  deposit?: bigint;
  burnt?: bigint;
}

function callOf(ctx: FailureContext): Call {
  const receiver = sanitizeText(typeof ctx?.receiverId === 'string' ? ctx.receiverId : '', 100) || 'the receiver';
  const m = ctx?.action?.methodName;
  const method = typeof m === 'string' && m !== '' ? sanitizeText(m, 100) : undefined;
  const call: Call = { receiver, who: method ? `${method} on ${receiver}` : receiver };
  if (method) call.method = method;
  const gas = u64(ctx?.action?.gas);
  if (gas !== undefined) call.gas = gas;
  const burnt = u64(ctx?.gasBurnt);
  if (burnt !== undefined) call.burnt = burnt;
  const deposit = typeof ctx?.action?.deposit === 'string' && /^\d{1,40}$/.test(ctx.action.deposit) ? BigInt(ctx.action.deposit) : undefined;
  if (deposit !== undefined) call.deposit = deposit;
  return call;
}

const u64 = (v: unknown): bigint | undefined => (typeof v === 'string' && /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n ? BigInt(v) : undefined);

/** What the chain said, today's words: the failure text (a view call's text without its Debug prefix), capped. */
function chainWords(failure: unknown): string {
  const words = typeof failure === 'string' ? failure.replace(/^\s*wasm execution failed with error:\s*/, '') : failureText(failure);
  return capWords(words);
}

function capWords(s: string): string {
  if (s.length <= MAX_MESSAGE) return s;
  const end = /[\ud800-\udbff]/.test(s.charAt(MAX_MESSAGE - 1)) ? MAX_MESSAGE - 1 : MAX_MESSAGE;
  return `${s.slice(0, end)}…`;
}

const id = (accountId: string | undefined, otherwise: string): string => (accountId ? sanitizeText(accountId, 100) : otherwise);

/** Exact NEAR with every digit ("0.00182 NEAR"), or words when the chain did not say. */
const near = (yocto: bigint | undefined): string => (yocto === undefined ? 'an amount the chain did not state' : `${formatYoctoExact(yocto)} NEAR`);

/** A deposit as a person reads it: the 1 yoctoNEAR of a security check as such, else exact NEAR. */
export const depositWords = (yocto: bigint): string => (yocto < 1000n ? `${yocto} yoctoNEAR` : `${formatYoctoExact(yocto)} NEAR`);

const tgas = (gas: bigint): string => `${describeGas(gas).tgas} TGas`;

type Out = (kind: FailureKind, explanation: string, fix?: string) => FailureExplained;

// near-sdk's words when it cannot read a method's input or the contract's state, and borsh's own error texts.
const INPUT_JSON = /^Failed to deserialize input from JSON/;
const INPUT_BORSH = /^Failed to deserialize input from Borsh/;
const STATE = /^Cannot deserialize|Unexpected length of input|Not all bytes read|Unexpected variant (?:tag|index)|Invalid bool representation/;

function panic(text: string, call: Call): FailureExplained {
  const p = parsePanic(text);
  const own = ownFrame(p.stack);
  const where =
    own?.file !== undefined
      ? ` in ${sanitizeText(frameText(own), 300)}`
      : p.location
        ? ` at ${sanitizeText(p.location.path, 200)}:${p.location.line}:${p.location.column}`
        : '';
  const base = {
    message: p.message,
    ...(p.location && { location: p.location }),
    ...(p.stack && { stack: p.stack }),
    ...(p.structured && { structured: p.structured }),
  };
  const head = p.message.slice(0, MAX_MESSAGE);
  if (INPUT_JSON.test(head)) {
    return {
      kind: 'deserialize',
      ...base,
      explanation: `${call.who} could not read its arguments as the JSON its parameters expect${where}.`,
      fix: `Check the arguments of ${call.method ?? 'the method'}: each parameter named as in the code, none missing, u64 and u128 numbers as strings (U64, U128).`,
    };
  }
  if (INPUT_BORSH.test(head)) {
    return {
      kind: 'deserialize',
      ...base,
      explanation: `${call.who} takes Borsh arguments (#[serializer(borsh)]) and could not decode these${where}.`,
      fix: `Send the arguments of ${call.method ?? 'the method'} Borsh-encoded, in the order of its parameters.`,
    };
  }
  if (STATE.test(head)) {
    return {
      kind: 'deserialize',
      ...base,
      explanation: `The state stored on ${call.receiver} does not decode as the contract's state struct${where}: the code expects another layout than the bytes an earlier version wrote.`,
      fix: `Migrate the state: a #[private] #[init(ignore_state)] migrate method that reads the old struct and returns the new one, called in the same transaction as the deploy (or deploy to a fresh account).`,
    };
  }
  const explanation = p.structured
    ? `${call.who} failed with near-sdk's structured error ${sanitizeText(p.structured.cause ?? p.structured.name, 200)}${p.structured.cause ? ` (${sanitizeText(p.structured.name, 60)})` : ''}; the text names no line.`
    : where
      ? `${call.who} panicked${where}.`
      : `${call.who} panicked with this message; the text names no line (require!, env::panic_str, or an error the method returned).`;
  const fix = panicFix(head, { receiver: call.receiver, method: call.method, deposit: call.deposit === undefined ? undefined : depositWords(call.deposit) });
  return { kind: 'panic', ...base, explanation, ...(fix !== undefined && { fix }) };
}

function method(name: string, call: Call, said: string, out: Out): FailureExplained {
  if (name === 'MethodEmptyName') return out('method-not-found', `The call to ${call.receiver} named no method.`, 'Give the FunctionCall a method name.');
  if (name !== 'MethodNotFound') return out('other', said);
  const which = call.method ? `"${call.method}"` : 'of the name called';
  const fn = call.method ?? 'the_method';
  return out(
    'method-not-found',
    `${call.receiver} has no exported method ${which}.`,
    `Export it: pub fn ${fn} inside the #[near] impl (#[near_bindgen] before near-sdk 5), or @call/@view in near-sdk-js. Or the code deployed on ${call.receiver} is older than your source: redeploy it.`,
  );
}

function gas(limit: boolean, call: Call, out: Out): FailureExplained {
  const burnt = call.burnt === undefined ? '' : `; the receipt burnt ${tgas(call.burnt)} in all`;
  if (limit) {
    return out(
      'gas-exceeded',
      `${call.who} reached the most gas one call may burn (${MAX_CALL_TGAS} TGas)${burnt}.`,
      'Split the work across calls (in pages or batches), or make it cheaper: more gas cannot be attached.',
    );
  }
  const attached = call.gas === undefined ? 'all the gas attached to it' : `all ${tgas(call.gas)} attached to it`;
  const atMost = call.gas !== undefined && call.gas >= MAX_CALL_TGAS * TGAS;
  return out(
    'gas-exceeded',
    `${call.who} used ${attached}${burnt}.`,
    atMost
      ? `${MAX_CALL_TGAS} TGas is the most a call can be given: split the work across calls (in pages or batches), or make it cheaper.`
      : `Attach more gas where the call is made (the transaction, or the calling contract's promise), up to ${MAX_CALL_TGAS} TGas, or split the work across calls.`,
  );
}

function code(cause: Extract<Cause, { t: 'code' }>, call: Call, out: Out): FailureExplained {
  const on = cause.accountId ? sanitizeText(cause.accountId, 100) : call.receiver;
  const detail = cause.detail ? sanitizeText(cause.detail, 200) : undefined;
  const rebuild = 'Rebuild with cargo near build (it produces Wasm that NEAR accepts) and redeploy.';
  switch (cause.what) {
    case 'missing':
      return out(
        'code-missing',
        `No contract is deployed on ${on}, so ${call.method ?? 'the call'} could not run.`,
        `Deploy the contract to ${on} (cargo near deploy), or check the receiver and the network.`,
      );
    case 'prepare':
      return out(
        'code-missing',
        `The code on ${on} could not be prepared to run${detail ? ` (${detail})` : ''}.` +
          (cause.detail === 'Deserialization' ? ' The Wasm may use features NEAR does not accept, as recent Rust toolchains enable by default.' : ''),
        rebuild,
      );
    case 'link':
      return out(
        'code-missing',
        `The code on ${on} imports a host function this network does not offer${detail ? `: ${detail}` : ''}.`,
        `Build with a near-sdk this network supports, and redeploy.`,
      );
    default:
      return out('code-missing', `The code on ${on} does not compile for NEAR's VM${detail ? `: ${detail}` : ''}.`, rebuild);
  }
}

/** Each trap: what it means, and where to look. */
const TRAPS: Readonly<Record<string, readonly [string, string?]>> = {
  Unreachable: [
    "it reached an unreachable instruction (an abort, or a panic that did not pass near-sdk's panic hook: out of memory, unreachable!())",
    'Look for large allocations (a whole collection read into memory), deep recursion, or a panic outside the #[near] methods.',
  ],
  IllegalArithmetic: ['an integer division by zero or an overflowing division', 'Check divisors before dividing (checked_div).'],
  MemoryOutOfBounds: ['it read or wrote outside its memory', 'Look for unsafe code, or an allocation past what NEAR lets a contract use.'],
  StackOverflow: ['its stack overflowed', 'Look for deep or unbounded recursion and large values on the stack (Box them).'],
  IncorrectCallIndirectSignature: ['a call through a function pointer had the wrong signature', 'Rebuild with cargo near build; check unsafe code.'],
  CallIndirectOOB: ['a call through a function pointer went out of its table', 'Rebuild with cargo near build; check unsafe code.'],
  IndirectCallToNull: ['a call through a function pointer went to a null entry', 'Rebuild with cargo near build; check unsafe code.'],
  MisalignedAtomicAccess: ['an atomic access was misaligned'],
  GenericTrap: ['the VM stopped it'],
  WasmUnknownError: ['the VM stopped it for a reason it did not name'],
};

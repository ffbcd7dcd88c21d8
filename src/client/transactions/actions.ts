// A transaction's or receipt's actions as nearcore's views give them (`"CreateAccount"`, `{Transfer: {deposit}}`, …),
// each made a typed ActionModel with exact amounts and a one-line summary. Pure: no `vscode`, no I/O.
import { badShape } from '../../base/errors';
import { isRecord, parseJsonExact } from '../../base/json';
import { base58Encode } from '../../near/base58';
import { base64Bytes, decodeCallResult } from '../../near/contract/values';
import type { CallResult } from '../../near/contract/values';
import { describeGas, yoctoNear } from '../../near/units';

export type ActionKind = 'CreateAccount' | 'Transfer' | 'FunctionCall' | 'AddKey' | 'DeleteKey' | 'DeployContract' | 'Stake' | 'DeleteAccount' | 'Delegate';

interface ActionBase {
  /** One line in words: "Transfer 1.5 NEAR", "ft_transfer", "AddKey (full access)". */
  summary: string;
}
export type ActionModel =
  | (ActionBase & { kind: 'CreateAccount' })
  | (ActionBase & { kind: 'Transfer'; deposit: string })
  | (ActionBase & {
      kind: 'FunctionCall';
      methodName: string;
      /** The arguments as sent: base64. */
      args: string;
      /** The arguments when they are JSON, read exactly (u64/u128 digits kept). */
      argsJson?: unknown;
      /** The arguments when they are UTF-8 text but not JSON. */
      argsText?: string;
      gas: string;
      deposit: string;
    })
  | (ActionBase & { kind: 'AddKey'; publicKey: string; fullAccess: boolean; allowance?: string; receiverId?: string; methodNames?: string[] })
  | (ActionBase & { kind: 'DeleteKey'; publicKey: string })
  | (ActionBase & { kind: 'DeployContract'; codeHash: string })
  | (ActionBase & { kind: 'Stake'; stake: string; publicKey: string })
  | (ActionBase & { kind: 'DeleteAccount'; beneficiaryId: string })
  | (ActionBase & { kind: 'Delegate'; senderId: string; receiverId: string; actions: ActionModel[]; nonce: string; maxBlockHeight: string; publicKey: string })
  /** An action this version does not know (a newer protocol's): its name, as the service gave it. */
  | (ActionBase & { kind: 'Other'; name: string });

const DIGITS = /^\d{1,40}$/;

/** An unsigned integer as the service sends it (a safe JSON number, or the digits of a bigger one) as exact digits. */
export function dec(v: unknown, field: string): string {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string' && DIGITS.test(v)) return v.replace(/^0+(?=\d)/, '');
  throw badShape(`The transaction record has ${typeof v === 'string' ? 'a malformed' : 'no'} ${field}.`);
}

export const str = (v: unknown, field: string): string => {
  if (typeof v !== 'string') throw badShape(`The transaction record has no ${field}.`);
  return v;
};

/** "1.5 NEAR" with every digit (grouped), from yocto digits. */
export const nearText = (yocto: string): string => `${yoctoNear(yocto)} NEAR`;
/** "30 TGas", exact. */
export const tgasText = (gas: string): string => `${describeGas(BigInt(gas)).tgas} TGas`;

/** A deposit in words: "1 yocto" for the tiny ones a call attaches as a security check, else NEAR. */
export function depositText(yocto: string): string {
  return BigInt(yocto) < 1000n ? `${yocto} yocto` : nearText(yocto);
}

export function toActions(list: unknown): ActionModel[] {
  if (!Array.isArray(list)) throw badShape('The transaction record has no action list.');
  return list.map(toAction);
}

export function toAction(view: unknown): ActionModel {
  if (view === 'CreateAccount') return { kind: 'CreateAccount', summary: 'CreateAccount' };
  if (!isRecord(view)) throw badShape('The transaction record has an action of an unexpected shape.');
  const name = firstKey(view);
  const body = view[name];
  const b = isRecord(body) ? body : {};
  switch (name) {
    case 'CreateAccount':
      return { kind: 'CreateAccount', summary: 'CreateAccount' };
    case 'Transfer': {
      const deposit = dec(b['deposit'], 'deposit');
      return { kind: 'Transfer', deposit, summary: `Transfer ${nearText(deposit)}` };
    }
    case 'FunctionCall': {
      const methodName = str(b['method_name'], 'method name');
      const args = typeof b['args'] === 'string' ? b['args'] : '';
      return {
        kind: 'FunctionCall',
        methodName,
        args,
        ...decodedArgs(args),
        gas: dec(b['gas'], 'gas'),
        deposit: dec(b['deposit'], 'deposit'),
        summary: methodName,
      };
    }
    case 'AddKey':
      return addKey(b);
    case 'DeleteKey':
      return { kind: 'DeleteKey', publicKey: str(b['public_key'], 'public key'), summary: 'DeleteKey' };
    case 'DeployContract': {
      // The view carries the code's sha256 (base64), not the code.
      const bytes = typeof b['code'] === 'string' ? base64Bytes(b['code']) : undefined;
      const codeHash = bytes?.length === 32 ? base58Encode(bytes) : '';
      return { kind: 'DeployContract', codeHash, summary: 'DeployContract' };
    }
    case 'Stake': {
      const stake = dec(b['stake'], 'stake');
      return { kind: 'Stake', stake, publicKey: str(b['public_key'], 'public key'), summary: `Stake ${nearText(stake)}` };
    }
    case 'DeleteAccount': {
      const beneficiaryId = str(b['beneficiary_id'], 'beneficiary');
      return { kind: 'DeleteAccount', beneficiaryId, summary: `DeleteAccount (beneficiary ${beneficiaryId})` };
    }
    case 'Delegate':
      return delegate(b);
    default:
      return { kind: 'Other', name: name.slice(0, 64), summary: name.slice(0, 64) || 'unknown action' };
  }
}

/** Arguments longer than this (base64) stay base64 only: a call can carry megabytes (code, blobs) nobody reads as JSON. */
export const MAX_DECODED_ARGS = 64 * 1024;

const BASE64_FORM = /^[A-Za-z0-9+/]*={0,2}$/;
const PRINTABLE_ASCII = /^[\t\n\r\x20-\x7e]*$/;

/** A call's base64 arguments as JSON (exact integers) or as UTF-8 text; nothing for binary, empty or oversized ones. */
export function decodedArgs(base64: string): { argsJson?: unknown; argsText?: string } {
  if (!base64 || base64.length > MAX_DECODED_ARGS || base64.length % 4 !== 0 || !BASE64_FORM.test(base64)) return {};
  // Most arguments are ASCII JSON: then the decoded bytes are the text itself, with no byte array or UTF-8 decoder.
  const binary = atob(base64);
  const r = PRINTABLE_ASCII.test(binary) ? asciiResult(binary) : decodeCallResult(base64Bytes(base64) ?? new Uint8Array());
  if (r.kind === 'json') return { argsJson: r.value };
  return r.kind === 'text' && r.text !== '' ? { argsText: r.text } : {};
}

/** decodeCallResult for text known to be printable ASCII: JSON when it parses, else the text. */
function asciiResult(text: string): CallResult {
  if (text.trim() !== '') {
    try {
      return { kind: 'json', value: parseJsonExact(text), text };
    } catch {
      // not JSON: text
    }
  }
  return { kind: 'text', text };
}

/** An externally tagged enum's tag: the object's first key ('' when it has none). */
function firstKey(o: Record<string, unknown>): string {
  for (const k in o) return k;
  return '';
}

function addKey(b: Record<string, unknown>): ActionModel {
  const publicKey = str(b['public_key'], 'public key');
  const perm = isRecord(b['access_key']) ? b['access_key']['permission'] : undefined;
  if (perm === 'FullAccess') return { kind: 'AddKey', publicKey, fullAccess: true, summary: 'AddKey (full access)' };
  const fc = isRecord(perm) && isRecord(perm['FunctionCall']) ? perm['FunctionCall'] : undefined;
  if (!fc) throw badShape('The transaction record has a key permission of an unexpected shape.');
  const receiverId = str(fc['receiver_id'], 'key receiver');
  const methodNames = Array.isArray(fc['method_names']) ? fc['method_names'].filter((m): m is string => typeof m === 'string') : [];
  const allowance = fc['allowance'] === null || fc['allowance'] === undefined ? undefined : dec(fc['allowance'], 'allowance');
  const methods = methodNames.length ? methodNames.join(', ') : 'any method';
  return {
    kind: 'AddKey',
    publicKey,
    fullAccess: false,
    receiverId,
    methodNames,
    ...(allowance !== undefined && { allowance }),
    summary: `AddKey (function call: ${receiverId}, ${methods})`,
  };
}

function delegate(b: Record<string, unknown>): ActionModel {
  const d = isRecord(b['delegate_action']) ? b['delegate_action'] : undefined;
  if (!d) throw badShape('The transaction record has a delegate action of an unexpected shape.');
  const senderId = str(d['sender_id'], 'delegate sender');
  const receiverId = str(d['receiver_id'], 'delegate receiver');
  const actions = toActions(d['actions']);
  return {
    kind: 'Delegate',
    senderId,
    receiverId,
    actions,
    nonce: dec(d['nonce'], 'delegate nonce'),
    maxBlockHeight: dec(d['max_block_height'], 'max block height'),
    publicKey: str(d['public_key'], 'delegate public key'),
    summary: `Delegate: ${senderId} → ${receiverId}: ${actions.map((a) => a.summary).join(', ')}`,
  };
}

// NEAR JSON-RPC as NEAR Lens reads it: the read-only method allowlist, block references, the guard that refuses
// secrets in what a person typed, and the decoders of results into models. Pure: no `vscode`, no I/O.
import { parseYocto } from '../near/amounts';
import { badShape, invalidInput, NearLensError, SECRET_REFUSED } from '../base/errors';
import { sentence } from '../base/text';
import { isRecord } from '../base/json';
import { classify } from '../near/ids';
import { findAll } from '../near/idFinder';
import { sanitizeText } from '../base/text';
import { redact } from '../base/redact';

export type Finality = 'final' | 'near-final' | 'optimistic';
export type BlockRef = { finality: Finality } | { blockId: number | string };

export interface ViewAccount {
  amount: bigint;
  locked: bigint;
  codeHash: string;
  storageUsage: number;
  blockHeight: number;
  blockHash: string;
  hasCode: boolean;
}
export interface AccessKeyInfo {
  publicKey: string;
  permission: 'FullAccess' | { receiverId: string; methodNames: string[]; allowance: bigint | null };
}
export interface FtMetadata {
  symbol: string;
  name: string;
  decimals: number;
  icon?: string;
}

/** Read-only methods that exist both plain and as EXPERIMENTAL_…. */
const BOTH_FORMS = 'changes genesis_config protocol_config light_client_proof maintenance_windows';
/** JSON-RPC methods that only read (offered by the "RPC Request…" picker). */
export const READ_ONLY_METHODS: readonly string[] = Object.freeze([
  ...`block query chunk status health gas_price network_info validators tx next_light_client_block block_effects client_config ${BOTH_FORMS}`.split(' '),
  ...`tx_status receipt changes_in_block validators_ordered congestion_level split_storage_info ${BOTH_FORMS}`.split(' ').map((m) => `EXPERIMENTAL_${m}`),
]);

/** Methods that submit transactions or patch state (send_tx, broadcast_tx_*, sandbox_*, adv_*): the client never sends them. */
export function isWriteMethod(method: string): boolean {
  return /^(sandbox_|adv_)|broadcast|send_tx/i.test(method);
}

export const nameRule = (what: string): string => `A ${what} method name is letters, digits and underscores.`;

/** Why the RPC method cannot be sent, or undefined (the palette's validation and the client's guard). */
export function rpcMethodError(method: string): string | undefined {
  const m = String(method).trim();
  if (!m) return 'Enter a JSON-RPC method name, for example block or query.';
  if (isWriteMethod(m)) return `${sanitizeText(m, 64)} submits transactions; NEAR Lens only reads and never sends it.`;
  if (!/^[A-Za-z]\w{0,63}$/.test(m)) return nameRule('JSON-RPC');
  return undefined;
}

const FINALITIES: readonly string[] = ['final', 'near-final', 'optimistic'];
const HEIGHT = /^\d{1,16}$/;
export const FINAL: BlockRef = { finality: 'final' };

/** Reads what a user typed for a block: a finality, a height (commas/underscores allowed) or a base58 hash. */
export function parseBlockRef(text: string): BlockRef {
  const t = text.trim();
  if (FINALITIES.includes(t)) return { finality: t as Finality };
  const digits = t.replace(/[,_\s]/g, '');
  const ref = { blockId: HEIGHT.test(digits) ? Number(digits) : t };
  blockParams(ref); // throws the reason when it is neither
  return ref;
}

/** `{ finality }` or `{ block_id }` of a checked BlockRef. */
export function blockParams(ref: BlockRef): Record<string, unknown> {
  if (isRecord(ref)) {
    if ('finality' in ref) {
      if (FINALITIES.includes(ref.finality)) return { finality: ref.finality };
    } else {
      const id = ref.blockId;
      const n = typeof id === 'string' && HEIGHT.test(id) ? Number(id) : id;
      if (typeof n === 'number' ? Number.isSafeInteger(n) && n >= 0 : /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(String(n))) return { block_id: n };
    }
  }
  throw invalidInput('A block is a height, a base58 block hash or final / near-final / optimistic.');
}

/** An account id or a public key from caller input; secrets, the wrong kind and invalid text are refused here. */
export function need(text: string, want: 'account' | 'public-key'): string {
  const c = classify(text);
  if (c.kind === 'account' && want === 'account') return c.id;
  if (c.kind === 'public-key' && want === 'public-key') return c.key;
  if (c.kind === 'sensitive') throw new NearLensError('sensitive', SECRET_REFUSED);
  const [noun, other] = want === 'account' ? ['NEAR account id', 'a public key'] : ['public key (ed25519:… or secp256k1:…)', 'an account id'];
  throw invalidInput(c.kind === 'invalid' ? sentence(`Not a valid ${noun}: ${sanitizeText(c.reason, 120)}.`) : `Expected a ${noun}, not ${other}.`);
}

/** A plain-JSON copy of what a person typed (RPC params, view-call args): refused when it is not plain JSON or holds a secret. */
export function plainJson(value: unknown, what: string): unknown {
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value) as string) as unknown;
  } catch {
    // a cycle or a BigInt (stringify throws), a function or undefined (no text to parse)
    throw invalidInput(`${what} must be plain JSON.`);
  }
  refuseSecrets(copy);
  return copy;
}

/** Every string of a JSON value with the key masked (a reflecting proxy may echo it inside a result shown raw). */
export function scrubKey(v: unknown, key: string): unknown {
  if (typeof v === 'string') return redact(v, [key]);
  if (Array.isArray(v)) return v.map((x) => scrubKey(x, key));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k, [key]), scrubKey(x, key)]));
  return v;
}

/**
 * Params and args come from people (RPC Request, view calls): a secret key or signature anywhere in them, as a value
 * or a key, alone or inside a longer text, is refused before anything is sent. A secret never leaves the editor.
 */
function refuseSecrets(value: unknown): void {
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const v = todo.pop();
    if (typeof v === 'string') {
      if (looksSecret(v)) throw new NearLensError('sensitive', SECRET_REFUSED);
    } else if (Array.isArray(v)) todo.push(...v);
    else if (isRecord(v)) todo.push(...Object.entries(v).flat());
  }
}

function looksSecret(s: string): boolean {
  if (!/[A-Za-z0-9]{16}/.test(s)) return false; // no key material without a long run of letters and digits
  // A key inside a URL: `ed25519%3A…` is the same key, percent-encoded.
  if (s.includes('%')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      decoded = s.replace(/%3A/gi, ':');
    }
    if (decoded !== s && looksSecret(decoded)) return true;
  }
  if (classify(s).kind === 'sensitive' || findAll(s).some((f) => f.classified.kind === 'sensitive')) return true;
  // A bare 64-byte secret (or signature) inside a longer text.
  return s.split(/[^1-9A-HJ-NP-Za-km-z]+/).some((t) => t.length >= 80 && t.length <= 90 && classify(t).kind === 'sensitive');
}

const shape = (what: string): NearLensError => badShape(`The RPC answer for ${what} has an unexpected shape.`);

/** The bytes of a call_function result as UTF-8 JSON (undefined when the method returns nothing). */
export function decodeResultBytes(raw: unknown): unknown {
  if (!Array.isArray(raw) || !raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) throw shape('call_function');
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(raw as number[]))) as unknown;
  } catch {
    throw badShape('The contract returned a result that is not UTF-8 JSON.');
  }
}

/**
 * A call_function answer: a failed view call arrives as a success with `result.error` a string, which reads as what
 * it is (no such method, no contract, the call failed) naming the contract.
 */
export function toCallResult(res: unknown, acc: string, method: string, clean: (s: string) => string): unknown {
  if (!isRecord(res)) throw shape('call_function');
  const err = res['error'];
  if (typeof err === 'string') {
    throw new NearLensError(
      'contract',
      /MethodNotFound/.test(err)
        ? `The contract ${acc} has no method "${method}".`
        : /CodeDoesNotExist/.test(err)
          ? `No contract is deployed on ${acc}.`
          : `The call of ${method} on ${acc} failed: ${clean(err)}.`,
    );
  }
  return decodeResultBytes(res['result']);
}

export function toBlock(r: unknown): Record<string, unknown> {
  if (!isRecord(r) || !isRecord(r['header'])) throw shape('block');
  return r;
}

/** The hash of no code: an account whose code_hash is this has no contract. */
const NO_CODE = '1'.repeat(32);

export function toViewAccount(r: unknown): ViewAccount {
  const { amount, locked, code_hash: codeHash, storage_usage: storageUsage, block_height: blockHeight, block_hash: blockHash } = isRecord(r) ? r : {};
  if (typeof codeHash !== 'string' || typeof blockHash !== 'string' || !Number.isSafeInteger(storageUsage) || !Number.isSafeInteger(blockHeight)) {
    throw shape('view_account');
  }
  return {
    amount: parseYocto(amount, 'amount'),
    locked: parseYocto(locked, 'locked'),
    codeHash,
    storageUsage: storageUsage as number,
    blockHeight: blockHeight as number,
    blockHash,
    hasCode: codeHash !== NO_CODE,
  };
}

export function toAccessKeys(r: unknown): AccessKeyInfo[] {
  const bad = (): NearLensError => shape('view_access_key_list');
  if (!isRecord(r) || !Array.isArray(r['keys'])) throw bad();
  return r['keys'].map((k: unknown): AccessKeyInfo => {
    const { public_key: publicKey, access_key: access } = isRecord(k) ? k : {};
    if (typeof publicKey !== 'string' || !isRecord(access)) throw bad();
    const perm = access['permission'];
    if (perm === 'FullAccess') return { publicKey, permission: perm };
    const fc = isRecord(perm) && isRecord(perm['FunctionCall']) ? perm['FunctionCall'] : {};
    const { receiver_id: receiverId, allowance } = fc;
    const methodNames = fc['method_names'] ?? [];
    if (typeof receiverId !== 'string' || !Array.isArray(methodNames) || !methodNames.every((m) => typeof m === 'string')) throw bad();
    return { publicKey, permission: { receiverId, methodNames, allowance: allowance == null ? null : parseYocto(allowance, 'allowance') } };
  });
}

export function toFtMetadata(r: unknown, contractId: string): FtMetadata {
  const { symbol, name, decimals, icon } = isRecord(r) ? r : {};
  if (typeof symbol !== 'string' || !Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 255) {
    throw badShape(`The token ${contractId} sent metadata in an unexpected shape.`);
  }
  const out: FtMetadata = { symbol, name: typeof name === 'string' ? name : symbol, decimals: decimals as number };
  if (typeof icon === 'string' && icon) out.icon = icon;
  return out;
}

/** A pool's amount view: the number as a JSON string (a safe integer number is accepted too). */
export function toPoolAmount(v: unknown, method: string): bigint {
  return parseYocto(Number.isSafeInteger(v) && (v as number) >= 0 ? String(v) : v, method);
}

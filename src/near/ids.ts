// NEAR account ids and keys: classify, validate, convert implicit <-> ed25519 (finding them in text: idFinder.ts). Pure: no `vscode`, no I/O.
import { BASE58_RE, base58Decode, base58Encode } from './base58';
import { invalidInput, NearLensError } from '../base/errors';
import { fromHex, toHex } from '../base/bytes';
import type { PresetNetwork } from './networks';

export type AccountKind = 'named' | 'implicit' | 'eth-implicit' | 'deterministic';
export type Curve = 'ed25519' | 'secp256k1';
export type Classified =
  | { kind: 'account'; id: string; accountKind: AccountKind; topLevel: boolean; parent?: string } // parent: 'near' for alice.near; undefined for top-level
  | { kind: 'public-key'; key: string; curve: Curve; bytes: Uint8Array; implicitAccount?: string } // implicitAccount for ed25519
  // secret key, signature, unknown curve; `malformed`: a key of a length no key has (a secret cut short looks the same)
  | { kind: 'sensitive'; text: string; reason: string; malformed?: true }
  | { kind: 'invalid'; text: string; reason: string };

export interface FoundId {
  text: string;
  start: number;
  end: number;
  classified: Classified;
}

/** Byte length of a *public* key per curve. Every other length is treated as sensitive (the safe rule: only ed25519/32 and secp256k1/64 are public keys). */
const PUBLIC_KEY_BYTES: Readonly<Record<Curve, number>> = { ed25519: 32, secp256k1: 64 };

/** nearcore's account id rule, less the length (2–64 characters, checked apart). */
export const ACCOUNT_ID_RE = /^(?:[a-z0-9]+[-_.])*[a-z0-9]+$/;
const IMPLICIT_RE = /^[0-9a-f]{64}$/;
/** Eth-implicit (`0x`) and deterministic (`0s`) ids: 40 lowercase hex after the prefix. */
const HEX40_ID_RE = /^0[xs][0-9a-f]{40}$/;
const LOWER_HEX_RE = /^[0-9a-f]+$/;
/** `word:payload` — the shape of anything that might be a key. */
const KEY_SHAPE_RE = /^([A-Za-z][A-Za-z0-9]{0,19}):([A-Za-z0-9]*)$/;
/** A payload this long after an unknown `word:` may be key material (an ed25519 public key is 43–44 chars). */
export const MIN_UNKNOWN_KEY_PAYLOAD = 32;
/** Below this many bytes a "key" is just a typo, not key material worth hiding. */
const MIN_SENSITIVE_BYTES = 16;

/**
 * What a string is: a NEAR account id (named, implicit, eth-implicit, deterministic), a public key, something
 * sensitive (a secret key, a signature, an unknown key type: never send it, never log it) or invalid with a
 * human reason. Surrounding whitespace is ignored (people paste ids with a trailing newline).
 */
export function classify(text: string): Classified {
  const t = String(text).trim();
  const key = classifyKeyShaped(t) ?? classifyBareSecret(t);
  if (key) return key;
  const reason = accountIdError(t);
  return reason === undefined ? accountOf(t) : invalid(t, reason);
}

/**
 * Why `id` is not a valid NEAR account id (one lowercase sentence without a final period), or undefined when it is.
 * Every rule it breaks is named once (up to four, then "and more"), in the order a reader meets them (`Bad..Id`:
 * uppercase letters and an empty part between dots), then its length. Together the rules are nearcore's: 2–64 characters of `a-z 0-9 . - _`, and
 * no separator (`.-_`) at either end or next to another one.
 */
export function accountIdError(id: string): string | undefined {
  if (typeof id !== 'string' || id.length === 0) return 'an account id cannot be empty';
  // The common case first: a valid id breaks no rule, and one test says so (the rules below name what is wrong).
  if (id.length >= 2 && id.length <= 64 && ACCOUNT_ID_RE.test(id)) return undefined;
  if (/[A-Z]/.test(id) && /^0x[0-9a-f]{40}$/i.test(id)) return 'a mixed-case (checksummed) Ethereum address; NEAR account ids use its all-lowercase form';
  const found: [number, string][] = []; // where each rule is broken, and its name
  const hints = new Set<string>();
  const each = (re: RegExp, what: (m: string) => string): void => {
    for (const m of id.matchAll(re)) found.push([m.index, what(m[0])]);
  };
  each(/[A-Z]/g, () => 'uppercase letters');
  each(/\s/gu, () => 'spaces');
  each(/[^a-zA-Z0-9._\s-]/gu, (c) => {
    hints.add(c === ':' ? "a key is written 'ed25519:…'" : c === '@' ? 'write alice.near, not @alice.near' : "only a-z, 0-9, '-', '_' and '.'");
    const cp = c.codePointAt(0) as number;
    return cp < 0x20 || cp > 0x7e ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : `'${c}'`;
  });
  each(/^[._-]/g, (c) => `'${c}' at the start`);
  each(/(?<=.)[._-]$/gs, (c) => `'${c}' at the end`);
  each(/[._-]{2}/g, (p) => (p === '..' ? "an empty part between dots ('..')" : `two separators in a row ('${p}')`));
  const names = [...new Set(found.sort((a, b) => a[0] - b[0]).map((f) => f[1]))];
  if (names.length > 4) names.splice(4, Infinity, 'more'); // short: the first four, in order
  const n = id.length;
  const length = n < 2 ? 'account ids are at least 2 characters' : n > 64 ? `account ids are at most 64 characters (this one has ${n})` : '';
  const last = names.pop();
  if (last === undefined) return length || undefined;
  const are = names.length > 0 || /^(upp|spa|two)/.test(last) ? 'are' : 'is';
  const hint = hints.size ? ` (${[...hints].join('; ')})` : '';
  return `${names.length ? `${names.join(', ')} and ` : ''}${last} ${are} not allowed in NEAR account ids${hint}${length && `; ${length}`}`;
}

/** Why `id` is not a valid account id as a sentence for a prompt or a refusal ("Not a valid NEAR account id: …."), or undefined. */
export function accountIdProblem(id: string): string | undefined {
  const why = accountIdError(id);
  return why && `Not a valid NEAR account id: ${why}.`;
}

/** `ed25519:<base58>` of the 32 bytes an implicit (64 lowercase hex) account id stands for. */
export function implicitAccountToPublicKey(hex64: string): string {
  if (!IMPLICIT_RE.test(hex64)) throw invalidInput('An implicit account id is exactly 64 lowercase hex characters.');
  return `ed25519:${base58Encode(fromHex(hex64))}`;
}

/** The implicit (64 lowercase hex) account id of an ed25519 public key. */
export function publicKeyToImplicitAccount(key: string): string {
  const c = classify(key);
  if (c.kind === 'sensitive') {
    throw new NearLensError('sensitive', 'That looks like a secret key or a signature, not a public key; it was not used.');
  }
  if (c.kind !== 'public-key') {
    throw invalidInput('Only an ed25519 public key (ed25519:…) has an implicit account.');
  }
  if (c.implicitAccount === undefined) {
    throw invalidInput('Only ed25519 keys have an implicit account; this is a secp256k1 key.');
  }
  return c.implicitAccount;
}

/** Which network an id belongs to by its suffix: `.near`/`near` → mainnet, `.testnet`/`testnet` → testnet. */
export function networkForAccount(id: string): PresetNetwork | undefined {
  const top = /(?:^|\.)(near|testnet)$/.exec(id)?.[1];
  return top === undefined ? undefined : top === 'near' ? 'mainnet' : 'testnet';
}

// ---------------------------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------------------------

export function curveOf(prefix: string): Curve | undefined {
  const p = prefix.toLowerCase();
  return p === 'ed25519' || p === 'secp256k1' ? p : undefined;
}

/** `word:payload` strings: a key of a known curve, something sensitive, or null when it is not key-shaped at all. */
function classifyKeyShaped(t: string): Classified | null {
  const m = KEY_SHAPE_RE.exec(t);
  if (!m) {
    // A known prefix followed by junk (spaces, punctuation) is a broken key, not an account id.
    const known = /^(ed25519|secp256k1):/i.exec(t);
    return known ? invalid(t, `the part after '${known[1]}:' must be base58 letters and digits only`) : null;
  }
  return classifyKey(t, m[1] as string, m[2] as string);
}

/** `t` is `prefix:payload`, a letter and up to 19 letters or digits, then letters and digits only. */
export function classifyKey(t: string, prefix: string, payload: string): Classified | null {
  const curve = curveOf(prefix);
  if (curve === undefined) {
    return payload.length >= MIN_UNKNOWN_KEY_PAYLOAD && BASE58_RE.test(payload) && !LOWER_HEX_RE.test(payload)
      ? sensitive(t, `'${prefix}:' is not a key type NEAR uses, and the long base58 value after it may be a secret key`)
      : null;
  }
  if (payload === '') return invalid(t, `there is nothing after '${prefix}:'`);
  const bytes = base58Decode(payload);
  if (bytes === undefined) {
    return payload.length >= MIN_UNKNOWN_KEY_PAYLOAD
      ? sensitive(t, 'not valid base58, but long enough to be a mistyped secret key, so treated as one')
      : invalid(t, `the part after '${prefix}:' is not base58 (it never uses 0, O, I or l)`);
  }
  const n = bytes.length;
  const expected = PUBLIC_KEY_BYTES[curve];
  if (n === expected) {
    if (prefix !== curve) return invalid(t, `the key type must be written in lowercase: '${curve}:'`);
    const key: Classified = { kind: 'public-key', key: t, curve, bytes };
    if (curve === 'ed25519') key.implicitAccount = toHex(bytes);
    return key;
  }
  if (n < MIN_SENSITIVE_BYTES) return invalid(t, `${n} bytes: too short for a key (a ${curve} public key has ${expected})`);
  const secret = secretShape(curve, n);
  if (secret) return sensitive(t, `${n} bytes: ${secret}`);
  // Neither a public key nor a known secret: said as what it is, and still never sent (a secret cut short looks the same).
  const others = curve === 'ed25519' ? ', a secret key or a signature 64' : '';
  return { kind: 'sensitive', text: t, reason: `not a valid ${curve} key: ${n} bytes, a public key has ${expected}${others}`, malformed: true };
}

const invalid = (text: string, reason: string): Classified => ({ kind: 'invalid', text, reason });
const sensitive = (text: string, reason: string): Classified => ({ kind: 'sensitive', text, reason });

/** What a key of a non-public length is known to be. */
function secretShape(curve: Curve, n: number): string | undefined {
  if (curve === 'ed25519') return n === 64 ? 'this is a secret key or a signature, not a public key' : undefined;
  if (n === 32 || n === 96) return 'this is a secp256k1 secret key, not a public key';
  return n === 65 ? 'this is a signature or a key in a format NEAR does not use' : undefined;
}

/** A pasted secret key or signature without its `ed25519:` prefix: 64 bytes of base58. */
function classifyBareSecret(t: string): Classified | null {
  if (t.length < 80 || t.length > 90 || base58Decode(t)?.length !== 64) return null;
  return sensitive(t, '64 bytes of base58 without a key type: this looks like a secret key or a signature');
}

/** A valid account id classified; `kind` when the finder already knows it. */
export function accountOf(id: string, kind?: AccountKind): Classified {
  const dot = id.indexOf('.');
  // Implicit, eth-implicit and deterministic ids never contain a dot (and the finder mostly meets dotted ids).
  if (dot >= 0) return { kind: 'account', id, accountKind: 'named', topLevel: false, parent: id.slice(dot + 1) };
  if (!kind) kind = IMPLICIT_RE.test(id) ? 'implicit' : !HEX40_ID_RE.test(id) ? 'named' : id[1] === 'x' ? 'eth-implicit' : 'deterministic';
  return { kind: 'account', id, accountKind: kind, topLevel: true };
}

// NEAR account ids and keys: classify, validate, convert implicit <-> ed25519, find them in text. Pure: no `vscode`, no I/O.
import { BASE58_RE, base58Decode, base58Encode } from './base58';
import { invalidInput, NearLensError } from '../errors';

export type AccountKind = 'named' | 'implicit' | 'eth-implicit' | 'deterministic';
export type Curve = 'ed25519' | 'secp256k1';
export type Classified =
  | { kind: 'account'; id: string; accountKind: AccountKind; topLevel: boolean; parent?: string } // parent: 'near' for alice.near; undefined for top-level
  | { kind: 'public-key'; key: string; curve: Curve; bytes: Uint8Array; implicitAccount?: string } // implicitAccount for ed25519
  | { kind: 'sensitive'; text: string; reason: string } // secret key, signature, unknown curve
  | { kind: 'invalid'; text: string; reason: string };

export interface FoundId {
  text: string;
  start: number;
  end: number;
  classified: Classified;
}

export type NetworkName = 'mainnet' | 'testnet';

/** Byte length of a *public* key per curve. Every other length is treated as sensitive (the safe rule: only ed25519/32 and secp256k1/64 are public keys). */
const PUBLIC_KEY_BYTES: Readonly<Record<Curve, number>> = { ed25519: 32, secp256k1: 64 };

/** nearcore's account id rule, less the length (2–64 characters, checked apart). */
const ACCOUNT_ID_RE = /^(?:[a-z0-9]+[-_.])*[a-z0-9]+$/;
const IMPLICIT_RE = /^[0-9a-f]{64}$/;
/** Eth-implicit (`0x`) and deterministic (`0s`) ids: 40 lowercase hex after the prefix. */
const HEX40_ID_RE = /^0[xs][0-9a-f]{40}$/;
const LOWER_HEX_RE = /^[0-9a-f]+$/;
/** `word:payload` — the shape of anything that might be a key. */
const KEY_SHAPE_RE = /^([A-Za-z][A-Za-z0-9]{0,19}):([A-Za-z0-9]*)$/;
/** A payload this long after an unknown `word:` may be key material (an ed25519 public key is 43–44 chars). */
const MIN_UNKNOWN_KEY_PAYLOAD = 32;
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

const notAllowed = (what: string): string => `${what} not allowed in NEAR account ids`;

/**
 * Why `id` is not a valid NEAR account id (one lowercase sentence without a final period), or undefined when it is.
 * The checks in order amount to nearcore's rule: 2–64 characters of `a-z 0-9 . - _`, and no separator (`.-_`) at
 * either end or next to another one.
 */
export function accountIdError(id: string): string | undefined {
  if (typeof id !== 'string' || id.length === 0) return 'an account id cannot be empty';
  if (/[A-Z]/.test(id)) {
    return /^0x[0-9a-f]{40}$/i.test(id)
      ? 'a mixed-case (checksummed) Ethereum address; NEAR account ids use its all-lowercase form'
      : notAllowed('uppercase letters are');
  }
  const bad = /[^a-z0-9._-]/.exec(id);
  if (bad) return badCharReason(bad[0]);
  if (id.length < 2) return 'account ids are at least 2 characters';
  if (id.length > 64) return `account ids are at most 64 characters (this one has ${id.length})`;
  const edge = /^[._-]|[._-]$/.exec(id);
  if (edge) return `an account id cannot ${edge.index ? 'end' : 'start'} with '${edge[0]}'`;
  const pair = /[._-]{2}/.exec(id);
  return pair ? notAllowed(`'${pair[0]}': two separators in a row are`) : undefined;
}

/** `ed25519:<base58>` of the 32 bytes an implicit (64 lowercase hex) account id stands for. */
export function implicitAccountToPublicKey(hex64: string): string {
  if (!IMPLICIT_RE.test(hex64)) throw invalidInput('An implicit account id is exactly 64 lowercase hex characters.');
  return `ed25519:${base58Encode(Buffer.from(hex64, 'hex'))}`;
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
export function networkForAccount(id: string): NetworkName | undefined {
  const top = /(?:^|\.)(near|testnet)$/.exec(id)?.[1];
  return top === undefined ? undefined : top === 'near' ? 'mainnet' : 'testnet';
}

// ---------------------------------------------------------------------------------------------------------------
// Finder
// ---------------------------------------------------------------------------------------------------------------

/**
 * Top-level accounts under which the finder offers dotted named ids.
 *
 * THE FINDER RULE for named ids (why `console.log` and `index.ts` never light up):
 * a named id is reported only when it contains a dot AND its last label is one of these suffixes. Syntax alone
 * cannot tell `alice.near` from `this.state`, `foo.bar`, `console.log`, `index.ts` or `package.json` (all valid
 * account ids), and file names must never be offered, so the last label must be a real NEAR top-level account
 * that people create sub-accounts under. None of these is a file extension (a unit test checks that against a
 * list of common extensions), so `x.json`, `index.ts`, `Cargo.lock`, `README.md`… are never reported, nor is
 * `alice.near.json` (the id must not be followed by `.` + a letter or digit). Top-level ids without a dot
 * (`aurora`, `near`, `return`) are never reported: in text they are just words. Implicit (64 hex), eth-implicit
 * (`0x`+40) and deterministic (`0s`+40) ids are reported without this rule, keys always (see findAll).
 */
export const NAMED_ID_SUFFIXES: readonly string[] = ['near', 'testnet', 'tg', 'aurora', 'sweat', 'kaiching'];

/**
 * First labels that mark a member expression in code, not an account (`this.near`, `self.testnet`): never reported.
 * Short on purpose: other first labels are legitimate account names.
 */
export const CODE_RECEIVERS: readonly string[] = ['this', 'self', 'super', 'window', 'document', 'process', 'console', 'module', 'exports'];

/** A member expression on a CODE_RECEIVERS name: `this.near`, `console.log`. */
const CODE_RECEIVER_RE = new RegExp(`^(?:${CODE_RECEIVERS.join('|')})\\.`);
// Right boundary of an id: not followed by a letter or digit, nor by separators or a dot that continue the name
// (a dot followed by a space/end is the end of a sentence: "send to alice.near."; `_alice.near_` is markdown).
const ID_END = '(?![A-Za-z0-9]|[_-]+[A-Za-z0-9]|\\.[\\w-])';

/** `0x`/`0s` + 40 lowercase hex or 64 lowercase hex, as a whole id. */
const HEX_ID = `(?:0[xs][0-9a-f]{40}|[0-9a-f]{64})${ID_END}`;
/**
 * One compiled pass over the text, anchored on characters that ordinary words are not made of, so that V8 skips
 * most of the text quickly (a 1 MB file takes a few ms): three alternatives, each finished in code.
 *  1. `.near` (any NAMED_ID_SUFFIXES label) at the END of a dotted id: walk back over id characters;
 *  2. `:payload` — a possible key: walk back over the key type; else the colon may be the left boundary of a hex id;
 *  3. any other boundary character, then a hex id (the start of the text is checked separately, as it has no
 *     boundary character). The lookahead repeats what every hex id starts with: it only lets V8 give up sooner
 *     after the many spaces and quotes that are followed by ordinary words.
 * Left boundaries are anything but an id character: quotes, backticks, brackets, spaces, `/`, `:`, `@`, `=`…
 */
const FINDER_RE = new RegExp(`\\.(?:${NAMED_ID_SUFFIXES.join('|')})${ID_END}|:[A-Za-z0-9]+|[^\\w.:-](?=[0-9a-f][0-9a-fxs][0-9a-f])${HEX_ID}`, 'g');
/** A hex id at lastIndex. */
const HEX_ID_RE = new RegExp(HEX_ID, 'y');

/**
 * Every account id and key in `text` with offsets into it (end exclusive), in order, never overlapping.
 * Reported: named ids per the finder rule (see NAMED_ID_SUFFIXES), implicit/eth-implicit/deterministic ids, public
 * keys, sensitive keys (secret keys, signatures, unknown key types with a long base58 value: found precisely so
 * that a hover can warn) and malformed `ed25519:`/`secp256k1:` keys (classified invalid, so a hover can say why).
 * Plain words, numbers, member expressions and file names are never reported, nor hex after a hash name
 * (`sha256:<64 hex>` is a digest, not an implicit account).
 */
export function findAll(text: string): FoundId[] {
  const out: FoundId[] = [];
  if (typeof text === 'string') scan(text, out, true);
  return out;
}

/**
 * The id or key under `character` in `line` (the hover position: the character at that index, or the one just
 * before it when the position is right after the id). Scans only a window around the position, so a 1 MB
 * minified line costs no more than a short one.
 */
export function findAt(line: string, character: number): FoundId | undefined {
  if (typeof line !== 'string' || !Number.isInteger(character) || character < 0 || character > line.length) return undefined;
  const from = Math.max(0, character - FIND_AT_WINDOW);
  const to = Math.min(line.length, character + FIND_AT_WINDOW);
  const window = line.slice(from, to);
  const found: FoundId[] = [];
  scan(window, found, from === 0);
  let best: FoundId | undefined;
  for (const f of found) {
    // Touching a cut edge of the window: may be a fragment of a longer token, so not trusted.
    if ((f.start === 0 && from > 0) || (f.end === window.length && to < line.length)) continue;
    const hit = { ...f, start: f.start + from, end: f.end + from };
    if (hit.start <= character && character < hit.end) return hit;
    if (hit.end === character) best = hit;
  }
  return best;
}

/** Half-width of the findAt window: longer than any id or key (a 96-byte key is ~131 base58 chars). */
const FIND_AT_WINDOW = 256;
/** `sha256:<64 hex>` (docker digests, SRI-like hashes) is a hash, not an implicit account. */
const HASH_PREFIX_RE = /(?:^|[^A-Za-z0-9])(?:sha\d*|sha3-?\d*|md5|blake\d*[bs]?|keccak\d*)$/i;
/** Longest key type we look back for (`secp256k1` is 9). */
const MAX_KEY_TYPE = 20;

/** Appends every id in `text` to `out`; `atTextStart` is false when `text` is a window cut out of a longer line. */
function scan(text: string, out: FoundId[], atTextStart: boolean): void {
  let lastEnd = 0; // nothing reported may overlap what was reported before
  const push = (start: number, end: number, classified: Classified, slice = text.slice(start, end)): void => {
    out.push({ text: slice, start, end, classified });
    lastEnd = end;
  };
  const hexId = (s: number, end: number): void => {
    if (s < lastEnd) return;
    const id = text.slice(s, end);
    push(s, end, accountOf(id, end - s === 64 ? 'implicit' : id[1] === 'x' ? 'eth-implicit' : 'deterministic'), id);
  };
  /** The end of the hex id at `s`, or -1. */
  const hexEnd = (s: number): number => {
    HEX_ID_RE.lastIndex = s;
    return HEX_ID_RE.test(text) ? HEX_ID_RE.lastIndex : -1;
  };
  const re = FINDER_RE; // shared: scan never re-enters itself, so resetting lastIndex is enough
  const startHex = atTextStart ? hexEnd(0) : -1;
  if (startHex > 0) hexId(0, startHex);
  re.lastIndex = Math.max(0, startHex);
  let m: RegExpExecArray | null;
  // `from`: where this search started; what lies before it was part of an earlier match.
  for (let from = re.lastIndex; (m = re.exec(text)) !== null; from = re.lastIndex) {
    const at = m.index;
    const end = at + m[0].length;
    const first = text.charCodeAt(at);
    if (first === 46 /* . */) {
      // 1. dotted named id ending at the match end.
      let s = at;
      let ellipsis = false;
      while (s > end - 80 && isIdChar(text.charCodeAt(s - 1))) {
        // "wait...alice.near": two dots in a row cannot be inside an id, so they end the walk.
        if (text.charCodeAt(s - 1) === 46 && text.charCodeAt(s - 2) === 46) {
          ellipsis = true;
          break;
        }
        s--;
      }
      if (!ellipsis && isIdChar(text.charCodeAt(s - 1))) continue; // longer than any id
      // Leading separators are punctuation around the id: "...alice.near", `_alice.near_`.
      while (s < at && isSeparator(text.charCodeAt(s))) s++;
      // Anything but a plain lowercase id (uppercase, `a..b`) is not an account, and the finder stays quiet on it.
      if (s < lastEnd || end - s > 64) continue;
      const id = text.slice(s, end);
      if (ACCOUNT_ID_RE.test(id) && !CODE_RECEIVER_RE.test(id)) push(s, end, accountOf(id), id);
    } else if (first === 58 /* : */) {
      // 2. a possible key: the key type back to the first non-alphanumeric (not inside an earlier match), the payload
      // up to the match end.
      let s = at;
      while (s > from && at - s <= MAX_KEY_TYPE && isAlnum(text.charCodeAt(s - 1))) s--;
      const prefix = text.slice(s, at);
      const known = curveOf(prefix) !== undefined;
      // A letter at `s` also means s < at (text[at] is the colon).
      if (
        s >= lastEnd &&
        at - s <= MAX_KEY_TYPE &&
        !isAlnum(text.charCodeAt(s - 1)) &&
        isAlpha(text.charCodeAt(s)) &&
        (known || end - at - 1 >= MIN_UNKNOWN_KEY_PAYLOAD)
      ) {
        const c = classifyKey(text.slice(s, end), prefix, text.slice(at + 1, end));
        // Only known key types may come out invalid (so a hover explains a mistyped key); an unknown `word:`
        // followed by a hex hash or similar is not ours to report.
        if (c && (c.kind !== 'invalid' || known)) {
          push(s, end, c);
          continue;
        }
      }
      // Not a key: the colon may be the left boundary of a hex id ("near:0x…"), unless a hash name comes before it.
      const e = hexEnd(at + 1);
      if (e > 0 && !HASH_PREFIX_RE.test(text.slice(Math.max(0, at - 12), at))) hexId(at + 1, e);
      re.lastIndex = Math.max(e, at + 1); // the payload may end in another key type: "a:b:c"
    } else {
      // 3. boundary char + eth-implicit / deterministic / implicit id.
      hexId(at + 1, end);
    }
  }
}

// Character classes on char codes (NaN, from reading before or after the text, is in none of them).
function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || isAlpha(c);
}
function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isSeparator(c: number): boolean {
  return c === 46 || c === 45 || c === 95; // . - _
}
/** Characters an account id may be made of, plus uppercase (so `Alice.near` is one invalid token, not `lice.near`). */
function isIdChar(c: number): boolean {
  return isAlnum(c) || isSeparator(c);
}
// ---------------------------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------------------------

function curveOf(prefix: string): Curve | undefined {
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
function classifyKey(t: string, prefix: string, payload: string): Classified | null {
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
    if (curve === 'ed25519') key.implicitAccount = Buffer.from(bytes).toString('hex');
    return key;
  }
  if (n < MIN_SENSITIVE_BYTES) return invalid(t, `${n} bytes: too short for a key (a ${curve} public key has ${expected})`);
  return sensitive(t, `${n} bytes: ${secretShape(curve, n) ?? `not a ${curve} public key (${expected} bytes), so it may be a secret`}`);
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
function accountOf(id: string, kind?: AccountKind): Classified {
  const dot = id.indexOf('.');
  // Implicit, eth-implicit and deterministic ids never contain a dot (and the finder mostly meets dotted ids).
  if (dot >= 0) return { kind: 'account', id, accountKind: 'named', topLevel: false, parent: id.slice(dot + 1) };
  if (!kind) kind = IMPLICIT_RE.test(id) ? 'implicit' : !HEX40_ID_RE.test(id) ? 'named' : id[1] === 'x' ? 'eth-implicit' : 'deterministic';
  return { kind: 'account', id, accountKind: kind, topLevel: true };
}

function badCharReason(ch: string): string {
  if (/\s/.test(ch)) return notAllowed('spaces are');
  if (ch === ':') return `${notAllowed("':' is")} (a key is written 'ed25519:…')`;
  if (ch === '@') return "'@' is not part of a NEAR account id (write alice.near, not @alice.near)";
  const cp = ch.codePointAt(0) as number;
  const shown = cp < 0x20 || cp > 0x7e ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : `'${ch}'`;
  return `${notAllowed(`${shown} is`)} (only a-z, 0-9, '-', '_' and '.')`;
}

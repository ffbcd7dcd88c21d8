// The identifier finder: every NEAR account id and key in a text or under a hover position, with offsets, by one
// regex pass and a hand-checked walk around each hit; each hit is classified by ids.ts. Pure: no `vscode`, no I/O.
import { accountOf, ACCOUNT_ID_RE, classifyKey, curveOf, MIN_UNKNOWN_KEY_PAYLOAD } from './ids';
import type { Classified, FoundId } from './ids';

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
/** Just before a value: a name that says it is secret (`private_key = "`, `SEED:`, `"secretKey": "`). */
const SECRET_NAME_RE = /(?:priv(?:ate)?|secret|seed|mnemonic)[\w.-]*["'`]?\s*[:=]\s*["'`]?$/i;
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
    // 64 hex named as a private key, secret or seed (`PRIVATE_KEY=…`, `"secret": "…"`) is one, not an implicit
    // account: never looked up (a hover or a balance hint would send it).
    if (end - s === 64 && SECRET_NAME_RE.test(text.slice(Math.max(0, s - 48), s))) {
      push(s, end, { kind: 'sensitive', text: id, reason: 'named as a private key, secret or seed, so treated as one' }, id);
      return;
    }
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

// Broken account ids in code: a string literal meant as an account id — it ends in a NEAR suffix (`.near`,
// `.testnet`, the finder's NAMED_ID_SUFFIXES) or it is the value of an account field (`receiverId: "…"`,
// `"signer_id": "…"`) — that breaks nearcore's rules, with the mechanical fix when there is one. What is plainly
// something else stays quiet: URLs, hosts, e-mails, paths, package names, keys, placeholders, checksummed `0x`
// addresses, sentences. Pure: no `vscode`, no I/O.
import { accountIdError } from '../../../near/ids';
import { NAMED_ID_SUFFIXES } from '../../../near/idFinder';
import type { Problem } from './problem';

/** Fields whose string value is an account id (camelCase and snake_case, as near-api-js, the RPC and contracts write them). */
export const ACCOUNT_FIELDS: readonly string[] = [
  'accountId',
  'account_id',
  'contractId',
  'contract_id',
  'contractName',
  'receiverId',
  'receiver_id',
  'signerId',
  'signer_id',
  'predecessorId',
  'predecessor_id',
  'ownerId',
  'owner_id',
  'beneficiaryId',
  'beneficiary_id',
  'masterAccount',
  'networkAccount',
];

const SUFFIXES = NAMED_ID_SUFFIXES.join('|');
/** A suffix right before a closing quote (any case, spaces allowed before the quote): walk back to the opening one. */
const SUFFIX_END_RE = new RegExp(`\\.(?:${SUFFIXES})\\s*(["'\`])`, 'gi');
/**
 * `receiverId: "…"`, `"receiver_id": "…"`, `receiverId = '…'`, `receiver_id="…"` (.env, TOML): anchored on how every
 * field name ends (`Id`, `_id`, `Name`, `Account`), then the whole name is read back and checked; group 1 is the quote.
 */
const FIELD_RE = /(?:Id|_id|Name|Account)["']?\s*[:=]\s*(["'`])/g;
const FIELDS = new Set(ACCOUNT_FIELDS);
/** Letters, digits, `_` and `$`: the characters of a field name. */
function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
/**
 * A literal on a comment line is an example, often of what is wrong on purpose (near-api-js documents
 * `"ƒelicia.near".parse::<AccountId>().is_err()`): not reported. (A secret key in a comment still is.)
 */
const COMMENT_LINE_RE = /^\s*(?:\/\/|\/\*|\*|#(?!\[)|--)/;
/** Longest literal read (an id is at most 64 characters; room for spaces and junk around it). */
const MAX_LITERAL = 100;

/** Plainly not an account id, however broken: said by its shape, before any rule is checked. */
function notAnId(s: string): boolean {
  const t = s.trim();
  return (
    t === '' ||
    /\s/.test(t) || // a sentence, a list
    /[/\\:@${}<>%*#?=&|,;()[\]!^~+]/.test(t) || // URLs, paths, keys, e-mails, placeholders, templates, globs, lists
    /^0x[0-9a-fA-F]{40}$/.test(t) || // an Ethereum address (checksummed or not): another chain's id, not ours to fix
    /^[A-Z][A-Z0-9_]*$/.test(t) || // YOUR_ACCOUNT_ID, CONTRACT_NAME: a placeholder
    /^\.[A-Za-z]*$/.test(t) // `.near`: a suffix, not an id
  );
}

/** The id a mechanical fix makes (trimmed, lowercase, runs of separators made one, no separator at either end), if valid. */
export function fixAccountId(s: string): string | undefined {
  const fixed = s
    .trim()
    .toLowerCase()
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '');
  return fixed !== s && accountIdError(fixed) === undefined ? fixed : undefined;
}

/** The literal's contents between `open` (index of the opening quote) and `close` (index of the closing quote). */
function check(text: string, open: number, close: number, out: Problem[], seen: Set<number>): void {
  if (seen.has(open + 1)) return;
  seen.add(open + 1);
  const s = text.slice(open + 1, close);
  if (notAnId(s) || COMMENT_LINE_RE.test(text.slice(text.lastIndexOf('\n', open) + 1, open))) return;
  const why = accountIdError(s);
  if (why === undefined) return;
  const fixed = fixAccountId(s);
  out.push({
    code: 'account-id',
    severity: 'warning',
    start: open + 1,
    end: close,
    message: `"${s.length > 70 ? `${s.slice(0, 70)}…` : s}" is not a valid NEAR account id: ${why}.`,
    fixes: fixed ? [{ title: `Change to "${fixed}"`, newText: fixed, preferred: true }] : [],
  });
}

/** Every string literal in `text` meant as an account id that breaks a rule, in order. */
export function findBrokenAccountIds(text: string): Problem[] {
  const out: Problem[] = [];
  if (typeof text !== 'string') return out;
  const seen = new Set<number>();
  SUFFIX_END_RE.lastIndex = 0;
  for (let m; (m = SUFFIX_END_RE.exec(text));) {
    const close = m.index + m[0].length - 1;
    const quote = m[1] as string;
    const open = text.lastIndexOf(quote, m.index);
    // Same line, not too long, and the id is not continued by an id character or dot before the quote: `".near"` alone is no id.
    if (open < 0 || close - open > MAX_LITERAL || text.slice(open, m.index).includes('\n')) continue;
    // The quote before is an opening one only if the text before it does not end a literal (`"a", "b.near"` finds the second).
    const prev = text.charCodeAt(open - 1);
    if (prev >= 48 && (prev <= 57 || (prev >= 65 && prev <= 90) || (prev >= 97 && prev <= 122))) continue; // it's → not a quote
    check(text, open, close, out, seen);
  }
  FIELD_RE.lastIndex = 0;
  for (let m; (m = FIELD_RE.exec(text));) {
    let nameEnd = m.index;
    while (isNameChar(text.charCodeAt(nameEnd))) nameEnd++;
    let nameStart = m.index;
    while (nameStart > 0 && isNameChar(text.charCodeAt(nameStart - 1))) nameStart--;
    if (!FIELDS.has(text.slice(nameStart, nameEnd))) continue;
    const open = m.index + m[0].length - 1;
    const quote = m[1] as string;
    const close = text.indexOf(quote, open + 1);
    if (close < 0 || close - open > MAX_LITERAL || text.slice(open, close).includes('\n')) continue;
    check(text, open, close, out, seen);
  }
  return out.length > 1 ? out.sort((a, b) => a.start - b.start) : out;
}

// Which hashes of one terminal line are links to Look Up Transaction: a 32-byte hash the line calls a transaction or a
// receipt (`Transaction ID:`, `Receipt:`, `transaction_hash:`, `receipt_ids: [`, an explorer URL's `/txns/`), never one it
// calls a block, a key or a code hash, nor one it does not name at all (a lone base58 token is as often a block hash or
// a bare public key, and Look Up Transaction would only answer "not found"). Terminal lines arrive often: a line too
// short for a hash costs a length check, any other one regex pass and the words before each hash. Pure: no `vscode`.
import { findHashAt, parseTxInput } from './hashFinder';

export interface TxTerminalLink {
  /** The hash's UTF-16 offsets in the line, `end` exclusive. */
  start: number;
  end: number;
  hash: string;
  /** What Look Up Transaction is given: the hash, or the explorer URL it is part of (the URL names its network). */
  lookup: string;
}

/** A base58 run of hash length; findHashAt then applies the finder's own rules (word edges, a key's `prefix:`, 32 bytes). */
const RUN = /[1-9A-HJ-NP-Za-km-z]{43,44}/g;
/** Words in a label, camelCase and snake_case split: `SuccessReceiptId` → Success, Receipt, Id. */
const WORD = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g;
const URL_RE = /\bhttps?:\/\/[^\s"'`<>()[\]{}|\\^]+/gi;

/** Words that call the next hash a transaction or a receipt (an explorer's path too: /txns/, /transactions/, /tx/). */
const TX_WORDS = new Set(['tx', 'txs', 'txn', 'txns', 'txid', 'transaction', 'transactions', 'receipt', 'receipts']);
/** Words that call it something Look Up Transaction does not read. */
const OTHER_WORDS = new Set([
  'block',
  'blocks',
  'key',
  'keys',
  'pk',
  'code',
  'root',
  'chunk',
  'chunks',
  'signature',
  'prev',
  'state',
  'shard',
  'epoch',
  'account',
  'contract',
  'wasm',
]);
/** Words that name a hash without saying of what: their qualifier ("block hash", "Transaction ID") decides. */
const GENERIC_WORDS = new Set(['hash', 'hashes', 'id', 'ids']);
/** A line that names a transaction's parts makes an unqualified `Hash:` its hash (near-workspaces-js: `Nonce: 3 Hash: …`). */
const TX_LINE = /\b(?:tx|txn|transactions?|receipts?)\b|\bnonce\b|\bsigner\b|\bactions\b/i;

const MAX_LINKS = 64;

/** The transaction and receipt hashes of `line` with their exact ranges, in line order. */
export function terminalTxLinks(line: string): TxTerminalLink[] {
  if (typeof line !== 'string' || line.length < 43 || line.length > 10_000) return [];
  const links: TxTerminalLink[] = [];
  let urls: Array<{ start: number; end: number }> | undefined;
  let txLine: boolean | undefined;
  let prevEnd = 0;
  let prev: boolean | undefined;
  RUN.lastIndex = 0;
  for (let m = RUN.exec(line); m && links.length < MAX_LINKS; m = RUN.exec(line)) {
    const found = findHashAt(line, m.index);
    if (!found || found.start !== m.index) continue;
    RUN.lastIndex = found.end;
    const said = labelOf(line.slice(prevEnd, found.start), () => (txLine ??= TX_LINE.test(line)));
    const linked = said ?? prev ?? false;
    prev = linked;
    prevEnd = found.end;
    if (!linked) continue;
    urls ??= urlsOf(line);
    const url = urls.find((u) => u.start <= found.start && found.end <= u.end);
    const text = url && line.slice(url.start, url.end);
    const parsed = text === undefined ? undefined : parseTxInput(text);
    const lookup = text !== undefined && parsed && 'hash' in parsed && parsed.hash === found.hash ? text : found.hash;
    links.push({ start: found.start, end: found.end, hash: found.hash, lookup });
  }
  return links;
}

/**
 * What the words between the previous hash (or the line's start) and this one call it: true a transaction or receipt,
 * false something else, undefined nothing (a list's next item is what the first was). The last word that names a kind
 * decides.
 */
function labelOf(span: string, lineNamesTx: () => boolean): boolean | undefined {
  const words = span.match(WORD);
  if (!words) return undefined;
  for (let i = words.length - 1; i >= 0; i--) {
    const w = (words[i] ?? '').toLowerCase();
    if (TX_WORDS.has(w)) return true;
    if (OTHER_WORDS.has(w)) return false;
    if (GENERIC_WORDS.has(w)) {
      const q = (words[i - 1] ?? '').toLowerCase();
      return TX_WORDS.has(q) ? true : OTHER_WORDS.has(q) ? false : lineNamesTx();
    }
  }
  return undefined;
}

/** The URLs of the line, without the sentence's punctuation after them. */
function urlsOf(line: string): Array<{ start: number; end: number }> {
  if (!line.includes('://')) return [];
  const out: Array<{ start: number; end: number }> = [];
  URL_RE.lastIndex = 0;
  for (let m = URL_RE.exec(line); m; m = URL_RE.exec(line)) {
    const text = m[0].replace(/[.,;:!?]+$/, '');
    out.push({ start: m.index, end: m.index + text.length });
  }
  return out;
}

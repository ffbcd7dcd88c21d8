// Finds a 32-byte base58 hash (a transaction hash, receipt id or block hash: 43–44 characters) in a line of any file,
// and reads what a person pastes into Look Up Transaction (a hash, or an explorer URL with one). Never an account id
// (those are lower case), a key with a prefix (`ed25519:…`), hex, or a word that is not base58. Pure: no `vscode`.
import { base58Decode } from '../../../near/base58';
import { hashError } from '../../../near/hash';
import type { PresetNetwork } from '../../../near/networks';

export interface FoundHash {
  hash: string;
  start: number;
  end: number;
}

/** A run of base58 characters of hash length, not inside a longer word. */
const CANDIDATE = /(?<![\w])[1-9A-HJ-NP-Za-km-z]{43,44}(?![\w])/g;

/** Whether `text` is a hash worth a look-up: 32 bytes of base58, with an upper-case letter (never a lower-case id or hex). */
export function isHashLike(text: string): boolean {
  return /[A-Z]/.test(text) && /[a-z]/.test(text) && base58Decode(text)?.length === 32;
}

/** The hash under character `ch` of `line`, if any. A `prefix:` right before it (a key) disqualifies it. */
export function findHashAt(line: string, ch: number): FoundHash | undefined {
  if (line.length > 10_000) return undefined;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(line); m; m = CANDIDATE.exec(line)) {
    const start = m.index;
    const end = start + m[0].length;
    if (ch < start) return undefined;
    if (ch > end) continue;
    if (line.charAt(start - 1) === ':' || !isHashLike(m[0])) return undefined;
    return { hash: m[0], start, end };
  }
  return undefined;
}

/** Explorer hosts whose transaction pages name the network. */
const TESTNET_HOSTS = /^(testnet\.nearblocks\.io|testnet\.pikespeak\.ai|explorer\.testnet\.near\.org|testnet\.nearexplorer\.|test\.explorer\.fastnear)/i;
const KNOWN_HOSTS = /(nearblocks\.io|pikespeak\.ai|near\.org|fastnear\.com|nearexplorer)/i;

/**
 * What a person typed or pasted: a hash (or receipt id) as it is, or an explorer URL of a transaction (nearblocks
 * `/txns/<hash>`, pikespeak `/transaction-viewer/<hash>`, the FastNEAR explorer `/tx/<hash>`), with the network the
 * URL names. Otherwise why not.
 */
export function parseTxInput(text: string): { hash: string; network?: PresetNetwork } | { error: string } {
  const t = text.trim();
  if (/^https?:\/\//i.test(t)) {
    let u: URL;
    try {
      u = new URL(t);
    } catch {
      return { error: 'That URL cannot be read.' };
    }
    const hash = [...u.pathname.split('/'), ...u.hash.split(/[/#?=&]/), ...[...u.searchParams.values()]].find((s) => isHashLike(s));
    if (!hash) return { error: 'No transaction hash in that URL (expected an explorer page of a transaction).' };
    const network = TESTNET_HOSTS.test(u.hostname) ? 'testnet' : KNOWN_HOSTS.test(u.hostname) ? 'mainnet' : undefined;
    return { hash, ...(network && { network }) };
  }
  const why = hashError(t);
  return why === undefined ? { hash: t } : { error: why };
}

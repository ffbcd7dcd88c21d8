// Finds what may be a NEAR secret: `ed25519:` + 64 bytes or `secp256k1:` + 32 bytes of base58 (NEAR's secret-key
// forms), and runs of 12–24 lowercase words that may be a BIP-39 seed phrase. Cheap regexes only: whether a hit is
// really a secret (an ed25519 key whose second half is its public key, a phrase with a valid checksum) is decided by
// secretKeys.ts, which is loaded only when something was found here. Pure: no `vscode`, no I/O.
import { base58Decode } from './base58';
import type { Curve } from './ids';

export interface KeyCandidate {
  kind: 'key';
  start: number;
  end: number;
  curve: Curve;
  /** The decoded secret (64 bytes for ed25519: seed + public key; 32 for secp256k1). Never logged or shown. */
  bytes: Uint8Array;
}

export interface PhraseCandidate {
  kind: 'phrase';
  start: number;
  end: number;
  words: string[];
}

export type SecretCandidate = KeyCandidate | PhraseCandidate;

/** A key type then base58 long enough for 32 bytes (≥ 43 chars) and short enough for 64 (≤ 88). */
const KEY_RE = /(?<![A-Za-z0-9])(ed25519|secp256k1):([1-9A-HJ-NP-Za-km-z]{40,90})(?![A-Za-z0-9])/g;
const SECRET_BYTES: Readonly<Record<Curve, number>> = { ed25519: 64, secp256k1: 32 };

/**
 * 12 to 24 words of 3–8 lowercase letters (every BIP-39 English word), separated by single spaces. A maximal run of
 * such words only: one that another lowercase word continues is prose, checked below by its length.
 */
const PHRASE_RE = /(?<![A-Za-z'’-])[a-z]{3,8}(?: [a-z]{3,8}){11,}(?![A-Za-z'’-])/g;
const PHRASE_LENGTHS = new Set([12, 15, 18, 21, 24]);

/** Every secret-key-shaped token and possible seed phrase in `text`, in order. */
export function findSecretCandidates(text: string): SecretCandidate[] {
  const out: SecretCandidate[] = [];
  if (typeof text !== 'string') return out;
  if (text.includes('25') || text.includes('256k1')) {
    KEY_RE.lastIndex = 0;
    for (let m; (m = KEY_RE.exec(text));) {
      const curve = m[1] as Curve;
      const bytes = base58Decode(m[2] as string);
      if (bytes?.length === SECRET_BYTES[curve]) out.push({ kind: 'key', start: m.index, end: m.index + m[0].length, curve, bytes });
    }
  }
  PHRASE_RE.lastIndex = 0;
  for (let m; (m = PHRASE_RE.exec(text));) {
    const words = m[0].split(' ');
    if (PHRASE_LENGTHS.has(words.length)) out.push({ kind: 'phrase', start: m.index, end: m.index + m[0].length, words });
  }
  return out.length > 1 ? out.sort((a, b) => a.start - b.start) : out;
}

/** "an ed25519 secret key" / "a secp256k1 secret key": how the diagnostic and the hover name a confirmed key. */
export const secretKeyWhat = (curve: Curve): string => `${curve === 'ed25519' ? 'an' : 'a'} ${curve} secret key`;

/** The one sentence for a confirmed secret (its public half matches), in the diagnostic and the hover alike, so both say the same. */
export const secretSentence = (what: string, publicKey: string | undefined): string =>
  `NEAR secret key in this file: ${what}${publicKey === undefined ? '' : ` whose public key is ${publicKey}`}. Remove it, and replace the key if the file was ever shared.`;

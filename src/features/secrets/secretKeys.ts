// The public key of a NEAR secret: an ed25519 or secp256k1 secret key (@noble/curves), or a BIP-39 seed phrase
// (@scure/bip39) on the path NEAR wallets use by default, m/44'/397'/0', derived with SLIP-10 for ed25519 (HMAC-SHA512
// from @noble/hashes), called only once a candidate was found.
// Everything happens here, on this machine: a secret never leaves this module except as its public key.
// Pure: no `vscode`, no I/O.
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { base58Encode } from '../../near/base58';
import type { Curve } from '../../near/ids';

/** NEAR's default HD path for a seed phrase (near-seed-phrase, wallets): m/44'/397'/0'. */
export const NEAR_HD_PATH = [44, 397, 0] as const;

/**
 * `ed25519:…` / `secp256k1:…` public key of a secret key in NEAR's form, or undefined when the bytes are not one:
 * an ed25519 "key" whose second half is not the public key of its first half is a signature, not a secret.
 */
export function publicKeyOfSecret(curve: Curve, bytes: Uint8Array): string | undefined {
  if (curve === 'ed25519') {
    if (bytes.length !== 64) return undefined;
    const pub = ed25519.getPublicKey(bytes.subarray(0, 32));
    return equal(pub, bytes.subarray(32)) ? `ed25519:${base58Encode(pub)}` : undefined;
  }
  if (bytes.length !== 32 || !secp256k1.utils.isValidSecretKey(bytes)) return undefined;
  // NEAR writes a secp256k1 public key as the 64 bytes of the uncompressed point without its 0x04 prefix.
  return `secp256k1:${base58Encode(secp256k1.getPublicKey(bytes, false).subarray(1))}`;
}

/** Every word in the English list and the checksum right: a BIP-39 seed phrase. */
export function isSeedPhrase(words: readonly string[]): boolean {
  return validateMnemonic(words.join(' '), wordlist);
}

/** Public keys of the phrases seen, by a hash of the phrase (the phrase itself is not kept). */
const phraseKeys = new Map<string, Promise<string>>();
const phraseKeysDone = new Map<string, string>();
const MAX_PHRASES = 100;

const phraseId = (words: readonly string[]): string => hex(sha512(new TextEncoder().encode(`near-lens:${words.join(' ')}`)).subarray(0, 16));

/** The public key of a phrase already derived (see phraseKey), or undefined. */
export function peekPhraseKey(words: readonly string[]): string | undefined {
  return phraseKeysDone.get(phraseId(words));
}

/**
 * The ed25519 public key NEAR wallets derive from a seed phrase (m/44'/397'/0'), or undefined when it is not one. The
 * BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds) comes from Web Crypto: native and off the extension host's thread,
 * where a JavaScript PBKDF2 would block it for about a second.
 */
export function phraseKey(words: readonly string[]): Promise<string | undefined> {
  if (!isSeedPhrase(words)) return Promise.resolve(undefined);
  const id = phraseId(words);
  let p = phraseKeys.get(id);
  if (!p) {
    if (phraseKeys.size >= MAX_PHRASES) {
      phraseKeys.clear();
      phraseKeysDone.clear();
    }
    p = bip39Seed(words).then((seed) => `ed25519:${base58Encode(ed25519.getPublicKey(slip10Ed25519(seed, NEAR_HD_PATH)))}`);
    phraseKeys.set(id, p);
    void p.then((k) => phraseKeysDone.set(id, k)).catch(() => phraseKeys.delete(id));
  }
  return p;
}

/** BIP-39's seed of an English phrase without a passphrase (the words are ASCII: NFKD changes nothing). */
export async function bip39Seed(words: readonly string[], passphrase = ''): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(words.join(' ')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: enc.encode(`mnemonic${passphrase}`), iterations: 2048 }, key, 512);
  return new Uint8Array(bits);
}

function hex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += x.toString(16).padStart(2, '0');
  return s;
}

/** SLIP-10 for ed25519: the private key at `path` (every index hardened, the only kind ed25519 allows). */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of path) {
    const data = new Uint8Array(37);
    data.set(I.subarray(0, 32), 1); // 0x00 || k
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0); // ser32(i + 2^31)
    I = hmac(sha512, I.subarray(32), data);
  }
  return I.slice(0, 32);
}

/** The public key of an ed25519 private key (for SLIP-10 test vectors). */
export function ed25519PublicKey(secret: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(secret);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= (a[i] as number) ^ (b[i] as number);
  return d === 0;
}

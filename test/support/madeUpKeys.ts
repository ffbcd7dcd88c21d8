// Made-up NEAR secret keys for tests: arithmetic byte sequences, never a real key, with their public keys.
import { base58 } from '@scure/base';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/** A made-up ed25519 seed: an arithmetic sequence. */
export function madeUpSeed(step = 7, from = 3): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => (from + i * step) & 0xff);
}
/** NEAR's form of a made-up ed25519 secret key: `ed25519:` base58(seed ‖ public key). */
export function madeUpEd25519(step = 7, from = 3): { secret: string; publicKey: string } {
  const seed = madeUpSeed(step, from);
  const pub = ed25519.getPublicKey(seed);
  const all = new Uint8Array(64);
  all.set(seed);
  all.set(pub, 32);
  return { secret: `ed25519:${base58.encode(all)}`, publicKey: `ed25519:${base58.encode(pub)}` };
}
/** A made-up secp256k1 secret key (bytes 1, 2, 3, …) in NEAR's form, and its public key (64 bytes, no 0x04). */
export function madeUpSecp256k1(): { secret: string; publicKey: string } {
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  return {
    secret: `secp256k1:${base58.encode(bytes)}`,
    publicKey: `secp256k1:${base58.encode(secp256k1.getPublicKey(bytes, false).subarray(1))}`,
  };
}

// Unit tests of the secret finders (src/near/secretFinder.ts) and the local derivation of public keys
// (secretKeys.ts): made-up keys from arithmetic seeds (never a real key), BIP-39 and SLIP-10 (ed25519) published vectors.
import { strict as assert } from 'node:assert';
import { base58, hex } from '@scure/base';
import { ed25519 } from '@noble/curves/ed25519.js';
import { findSecretCandidates } from '../../../../src/near/secretFinder';
import { madeUpEd25519, madeUpSecp256k1 } from '../../../support/madeUpKeys';
import { bip39Seed, isSeedPhrase, peekPhraseKey, phraseKey, publicKeyOfSecret, slip10Ed25519 } from '../../../../src/features/secrets/secretKeys';

// BIP-39's own vectors (trezor/python-mnemonic vectors.json, English).
const ABANDON_12 = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const LEGAL_12 = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const ZOO_12 = 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong';
const ABANDON_24 = `${'abandon '.repeat(23)}art`;

describe('secret finder: candidates', () => {
  const ed = madeUpEd25519();
  const secp = madeUpSecp256k1();
  it('finds ed25519 (64-byte) and secp256k1 (32-byte) secret keys in .env, JSON and code', () => {
    for (const text of [
      `NEAR_PRIVATE_KEY=${ed.secret}\n`,
      `{"account_id":"leaky.near","public_key":"${ed.publicKey}","private_key":"${ed.secret}"}`,
      `const key = KeyPair.fromString('${ed.secret}');`,
      `SECRET="${secp.secret}"`,
    ]) {
      const found = findSecretCandidates(text);
      assert.equal(found.length, 1, text);
      const f = found[0];
      assert.ok(f && f.kind === 'key');
      assert.ok([ed.secret, secp.secret].includes(text.slice(f.start, f.end)));
    }
  });
  it('leaves public keys, hashes, URLs and other lengths alone', () => {
    for (const text of [
      `"public_key": "${ed.publicKey}"`,
      `"public_key": "${secp.publicKey}"`,
      'sha256:2f4b1c7d9e0a8b3c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4',
      'https://rpc.mainnet.near.org/ed25519:abc',
      `ed25519:${base58.encode(new Uint8Array(48).fill(9))}`,
      `xed25519:${ed.secret.slice(8)}`,
    ]) {
      assert.deepEqual(
        findSecretCandidates(text).filter((f) => f.kind === 'key'),
        [],
        text,
      );
    }
  });
  it('offers runs of exactly 12, 15, 18, 21 or 24 lowercase words as phrases, nothing else', () => {
    const hit = findSecretCandidates(`SEED_PHRASE="${LEGAL_12}"`);
    assert.equal(hit.length, 1);
    assert.deepEqual(hit[0]?.kind === 'phrase' && hit[0].words, LEGAL_12.split(' '));
    assert.equal(findSecretCandidates(`the ${ABANDON_24} end`).length, 0, '26 words: prose');
    assert.equal(findSecretCandidates(`// ${ABANDON_24}`).length, 1);
    assert.equal(findSecretCandidates('the quick brown fox jumps over the lazy dog and runs far away').length, 0, '13 words');
    assert.equal(findSecretCandidates(`${ABANDON_12}, and more`).length, 1);
    assert.equal(findSecretCandidates(`Abandon ${ABANDON_12.slice(8)}`).length, 0, 'a capital: a sentence');
  });
});

describe('secret keys: public keys derived locally', () => {
  it('ed25519: the public key of a made-up key is its second half; a signature (second half unrelated) is no secret', () => {
    const ed = madeUpEd25519(11, 5);
    const bytes = base58.decode(ed.secret.slice('ed25519:'.length));
    assert.equal(publicKeyOfSecret('ed25519', bytes), ed.publicKey);
    const signature = Uint8Array.from({ length: 64 }, (_, i) => (i * 3 + 1) & 0xff);
    assert.equal(publicKeyOfSecret('ed25519', signature), undefined);
  });
  it('secp256k1: 64-byte uncompressed public key without the 0x04 prefix; zero is not a key', () => {
    const secp = madeUpSecp256k1();
    assert.equal(publicKeyOfSecret('secp256k1', base58.decode(secp.secret.slice('secp256k1:'.length))), secp.publicKey);
    assert.equal(base58.decode(secp.publicKey.slice('secp256k1:'.length)).length, 64);
    assert.equal(publicKeyOfSecret('secp256k1', new Uint8Array(32)), undefined);
    // The generator point: secret 1 → G (x = 79be667e…).
    const one = new Uint8Array(32);
    one[31] = 1;
    const g = base58.decode((publicKeyOfSecret('secp256k1', one) as string).slice('secp256k1:'.length));
    assert.equal(hex.encode(g.subarray(0, 32)), '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
  });
  it('BIP-39 vectors: valid phrases pass, a bad checksum or a word off the list does not; the seeds match', async () => {
    for (const p of [ABANDON_12, LEGAL_12, ZOO_12, ABANDON_24]) assert.ok(isSeedPhrase(p.split(' ')), p);
    assert.ok(!isSeedPhrase('abandon '.repeat(12).trim().split(' ')), 'checksum');
    assert.ok(!isSeedPhrase(LEGAL_12.replace('legal', 'legals').split(' ')), 'not a word');
    assert.equal(
      hex.encode(await bip39Seed(ABANDON_12.split(' '), 'TREZOR')),
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    );
    assert.equal(
      hex.encode(await bip39Seed(LEGAL_12.split(' '), 'TREZOR')),
      '2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607',
    );
    assert.equal(await phraseKey('the quick brown fox jumps over the lazy dog and runs far'.split(' ')), undefined);
  });
  it("SLIP-10 ed25519 test vector 1: m/0', m/0'/1', m/0'/1'/2' private keys and the m/0' public key", () => {
    const seed = hex.decode('000102030405060708090a0b0c0d0e0f');
    assert.equal(hex.encode(slip10Ed25519(seed, [])), '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7');
    assert.equal(hex.encode(slip10Ed25519(seed, [0])), '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3');
    assert.equal(hex.encode(slip10Ed25519(seed, [0, 1])), 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2');
    assert.equal(hex.encode(slip10Ed25519(seed, [0, 1, 2])), '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9');
    assert.equal(hex.encode(ed25519.getPublicKey(slip10Ed25519(seed, [0]))), '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c');
  });
  it("a phrase's NEAR key is SLIP-10 m/44'/397'/0' of its BIP-39 seed (no passphrase), kept by a hash once derived", async () => {
    const words = LEGAL_12.split(' ');
    const key = slip10Ed25519(await bip39Seed(words), [44, 397, 0]);
    assert.equal(peekPhraseKey(words), undefined);
    assert.equal(await phraseKey(words), `ed25519:${base58.encode(ed25519.getPublicKey(key))}`);
    assert.equal(peekPhraseKey(words), `ed25519:${base58.encode(ed25519.getPublicKey(key))}`);
  });
});

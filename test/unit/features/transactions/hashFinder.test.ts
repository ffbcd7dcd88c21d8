// The hash finder: a 32-byte base58 hash in a line gets a hover; account ids, prefixed keys, hex and a 44-character
// word that is not base58 do not. And what Look Up Transaction reads from a pasted hash or explorer URL.
import { strict as assert } from 'node:assert';
import { findHashAt, parseTxInput } from '../../../../src/features/transactions/model/hashFinder';

const HASH = '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8';
const at = (line: string, needle: string): ReturnType<typeof findHashAt> => findHashAt(line, line.indexOf(needle) + 3);

describe('hash finder', () => {
  it('finds a hash in a string literal, a log line, a comment and a URL', () => {
    for (const line of [`const h = '${HASH}';`, `INFO tx ${HASH} done`, `// see ${HASH}`, `https://nearblocks.io/txns/${HASH}`]) {
      const f = at(line, HASH);
      assert.equal(f?.hash, HASH, line);
      assert.equal(line.slice(f.start, f.end), HASH);
    }
  });

  it('no hover on ids, prefixed keys, hex or a 44-character word that is not base58', () => {
    const cases = [
      'abcdefghijkmnopqrstuvwxyzabcdefghijkmnopqrst', // lower case base58 of the right length: an id-like word
      'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82', // implicit account (hex)
      'ed25519:DdSU5V32jhnqaYFVrAKxPNfQfASEN6qtT21fvtdhV6qd', // a public key with its prefix
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr', // 44 characters, but I, O and l are not base58
      'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4', // hex, 44 characters
      `x${HASH}`, // inside a longer word
    ];
    for (const line of cases) assert.equal(findHashAt(line, Math.min(20, line.length - 1)), undefined, line);
  });

  it('reads a pasted hash or an explorer URL with its network', () => {
    assert.deepEqual(parseTxInput(` ${HASH} `), { hash: HASH });
    assert.deepEqual(parseTxInput(`https://nearblocks.io/txns/${HASH}`), { hash: HASH, network: 'mainnet' });
    assert.deepEqual(parseTxInput(`https://testnet.nearblocks.io/txns/${HASH}#execution`), { hash: HASH, network: 'testnet' });
    assert.deepEqual(parseTxInput(`https://pikespeak.ai/transaction-viewer/${HASH}/detailed`), { hash: HASH, network: 'mainnet' });
    assert.ok('error' in parseTxInput('https://nearblocks.io/address/alice.near'));
    assert.ok('error' in parseTxInput('not a hash'));
  });
});

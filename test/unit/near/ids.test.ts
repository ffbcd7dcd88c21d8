// Unit tests of src/near/ids.ts: account-id rules, keys and the secret-key guard, implicit <-> ed25519, the finder.
import { strict as assert } from 'node:assert';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { NearLensError } from '../../../src/base/errors';
import { accountIdError, classify, implicitAccountToPublicKey, networkForAccount, publicKeyToImplicitAccount } from '../../../src/near/ids';
import { CODE_RECEIVERS, findAll, findAt, NAMED_ID_SUFFIXES } from '../../../src/near/idFinder';
import type { Classified, FoundId } from '../../../src/near/ids';

/** Made-up, fixed bytes (never a real secret): base58 of a simple arithmetic sequence. */
function fakeBytes(n: number, seed: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (i * 131 + seed * 17 + 7) & 0xff;
  return b;
}
const b58 = (n: number, seed = 1): string => base58.encode(fakeBytes(n, seed));
const ED_PUBLIC = `ed25519:${b58(32)}`;
const ED_SECRET = `ed25519:${b58(64)}`; // the shape of a secret key (64 bytes): made up
const SECP_PUBLIC = `secp256k1:${b58(64, 2)}`;
const SECP_SECRET = `secp256k1:${b58(32, 3)}`;
const SECP_SECRET_96 = `secp256k1:${b58(96, 4)}`;
// Real public data from the examples: root.near's full-access key and its implicit account; a block chunk signature.
const ROOT_KEY = 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
const ROOT_IMPLICIT = 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82';
const CHUNK_SIGNATURE = 'ed25519:L1iCopW8gY5rqwfuZT8Y3bHHXvuvWT87X9rwdY6LmFi8LGZdMhj2CkQCXLGrzdfYXD8B54wPTM9TqJAHcKfFDyW';

function kindOf(c: Classified): string {
  return c.kind === 'account' ? `account/${c.accountKind}` : c.kind;
}

describe('ids: account id rules', () => {
  const valid: Array<[string, string]> = [
    ['alice.near', 'named'],
    ['near', 'named'],
    ['aa', 'named'],
    ['a-b_c.d-e', 'named'],
    ['token.sweat', 'named'],
    ['here.tg', 'named'],
    ['v1.omni.hot.tg', 'named'],
    ['usdt.tether-token.near', 'named'],
    ['c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2.factory.bridge.near', 'named'],
    ['0x123', 'named'],
    ['1.5', 'named'],
    ['z'.repeat(64), 'named'],
    [ROOT_IMPLICIT, 'implicit'],
    ['0x' + 'ab12'.repeat(10), 'eth-implicit'],
    ['0s' + 'cd34'.repeat(10), 'deterministic'],
  ];
  for (const [id, kind] of valid) {
    it(`accepts ${id} as ${kind}`, () => {
      const c = classify(id);
      assert.equal(kindOf(c), `account/${kind}`);
      assert.equal(accountIdError(id), undefined);
    });
  }

  const invalid: Array<[string, RegExp]> = [
    ['', /cannot be empty/],
    ['a', /at least 2 characters/],
    ['a'.repeat(65), /at most 64 characters \(this one has 65\)/],
    ['Alice.near', /uppercase letters are not allowed in NEAR account ids/],
    ['alice.NEAR', /uppercase/],
    ['alice..near', /an empty part between dots \('\.\.'\) is not allowed/],
    ['alice-_near', /two separators in a row \('-_'\) are not allowed/],
    ['.alice', /^'\.' at the start is not allowed/],
    ['_alice', /^'_' at the start/],
    ['alice.', /^'\.' at the end is not allowed/],
    ['alice-', /^'-' at the end/],
    ['alice near', /spaces are not allowed/],
    ['al@ce.near', /^'@' is not allowed in NEAR account ids \(write alice\.near, not @alice\.near\)$/],
    ['@alice.near', /'@'/],
    ['alice!', /'!' is not allowed in NEAR account ids/],
    ['alice.near/x', /'\/' is not allowed/],
    ['alicé.near', /U\+00E9 is not allowed/],
    ['ali\u202Ece.near', /U\+202E is not allowed/],
    ['0xAb12ab12ab12ab12ab12ab12ab12ab12ab12ab12', /mixed-case \(checksummed\) Ethereum address; NEAR account ids use its all-lowercase form/],
    ['0XAB12AB12AB12AB12AB12AB12AB12AB12AB12AB12', /Ethereum address/],
    [ROOT_IMPLICIT.toUpperCase(), /uppercase/],
  ];
  for (const [id, reason] of invalid) {
    it(`rejects ${JSON.stringify(id.length > 30 ? id.slice(0, 30) + '…' : id)} with a reason`, () => {
      const c = classify(id);
      assert.equal(c.kind, 'invalid');
      assert.match((c as { reason: string }).reason, reason);
      assert.ok(!/\.$/.test((c as { reason: string }).reason), 'reasons end without a period: the client adds one');
    });
  }

  it('reasons read as human sentences and match accountIdError', () => {
    for (const [id] of invalid) {
      const c = classify(id);
      if (c.kind === 'invalid' && !id.includes(':')) assert.equal(accountIdError(id.trim()), c.reason);
    }
  });

  it('names every rule an id breaks, once each, in reading order, then its length', () => {
    const cases: Array<[string, string]> = [
      ['Bad..Id', "uppercase letters and an empty part between dots ('..') are not allowed in NEAR account ids"],
      ['a..B', "an empty part between dots ('..') and uppercase letters are not allowed in NEAR account ids"],
      ['Not An Id', 'uppercase letters and spaces are not allowed in NEAR account ids'],
      ['x..y..z', "an empty part between dots ('..') is not allowed in NEAR account ids"],
      [
        '-a..b--c!',
        "'-' at the start, an empty part between dots ('..'), two separators in a row ('--') and '!' are not allowed in NEAR account ids (only a-z, 0-9, '-', '_' and '.')",
      ],
      ['me@x:y', "'@' and ':' are not allowed in NEAR account ids (write alice.near, not @alice.near; a key is written 'ed25519:…')"],
      ['A', 'uppercase letters are not allowed in NEAR account ids; account ids are at least 2 characters'],
      ['.', "'.' at the start is not allowed in NEAR account ids; account ids are at least 2 characters"],
      ['A'.repeat(65), 'uppercase letters are not allowed in NEAR account ids; account ids are at most 64 characters (this one has 65)'],
      ['a😀b', "U+1F600 is not allowed in NEAR account ids (only a-z, 0-9, '-', '_' and '.')"],
    ];
    for (const [id, message] of cases) assert.equal(accountIdError(id), message, id);
  });

  it('top-level and parent', () => {
    assert.deepEqual(classify('alice.near'), { kind: 'account', id: 'alice.near', accountKind: 'named', topLevel: false, parent: 'near' });
    assert.deepEqual(classify('near'), { kind: 'account', id: 'near', accountKind: 'named', topLevel: true });
    const c = classify('x.mintbase1.near');
    assert.ok(c.kind === 'account' && c.parent === 'mintbase1.near' && !c.topLevel);
    const i = classify(ROOT_IMPLICIT);
    assert.ok(i.kind === 'account' && i.topLevel && i.parent === undefined);
  });

  it('trims surrounding whitespace (pasted ids)', () => {
    const c = classify('  alice.near\n');
    assert.ok(c.kind === 'account' && c.id === 'alice.near');
  });

  it('0x/0s with the wrong length are just named ids; 63 hex is named, 65 is too long', () => {
    assert.equal(kindOf(classify('0x' + 'a'.repeat(39))), 'account/named');
    assert.equal(kindOf(classify('0s' + 'a'.repeat(41))), 'account/named');
    assert.equal(kindOf(classify('a'.repeat(63))), 'account/named');
    assert.equal(classify('f'.repeat(65)).kind, 'invalid');
  });

  it('networkForAccount by suffix', () => {
    assert.equal(networkForAccount('alice.near'), 'mainnet');
    assert.equal(networkForAccount('near'), 'mainnet');
    assert.equal(networkForAccount('alice.testnet'), 'testnet');
    assert.equal(networkForAccount('testnet'), 'testnet');
    assert.equal(networkForAccount('here.tg'), undefined);
    assert.equal(networkForAccount(ROOT_IMPLICIT), undefined);
    assert.equal(networkForAccount('notnear'), undefined);
  });

  it('says nothing is wrong exactly when every rule holds (the quick test for a valid id agrees with the named rules)', () => {
    // nearcore's rule, written out apart: 2–64 characters, parts of a-z 0-9 joined by single '.', '-' or '_'.
    const holds = (id: string): boolean => id.length >= 2 && id.length <= 64 && id.split(/[._-]/).every((part) => /^[a-z0-9]+$/.test(part));
    const chars = fc.constantFrom(...'ab09.-_A :@'.split(''));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 70 }), (cs) => {
        const id = cs.join('');
        const reason = accountIdError(id);
        assert.equal(reason === undefined, holds(id), `${JSON.stringify(id)}: ${reason ?? 'valid'}`);
      }),
      { numRuns: 3000 },
    );
    assert.equal(accountIdError('z'.repeat(65)), 'account ids are at most 64 characters (this one has 65)');
  });
});

describe('ids: keys and the secret-key guard', () => {
  it('ed25519 public key (32 bytes) with its implicit account', () => {
    const c = classify(ROOT_KEY);
    assert.equal(c.kind, 'public-key');
    if (c.kind !== 'public-key') return;
    assert.equal(c.curve, 'ed25519');
    assert.equal(c.bytes.length, 32);
    assert.equal(c.key, ROOT_KEY);
    assert.equal(c.implicitAccount, ROOT_IMPLICIT); // the public-key example lists exactly this implicit account
  });

  it('secp256k1 public key (64 bytes) has no implicit account', () => {
    const c = classify(SECP_PUBLIC);
    assert.ok(c.kind === 'public-key' && c.curve === 'secp256k1' && c.bytes.length === 64 && c.implicitAccount === undefined);
  });

  const sensitive: Array<[string, string, RegExp]> = [
    ['ed25519 secret key (64 bytes)', ED_SECRET, /^64 bytes: this is a secret key or a signature, not a public key$/],
    ['a real block signature', CHUNK_SIGNATURE, /64 bytes: this is a secret key or a signature/],
    ['ed25519 of 48 bytes', `ed25519:${b58(48)}`, /^not a valid ed25519 key: 48 bytes, a public key has 32, a secret key or a signature 64$/],
    ['secp256k1 secret key (32 bytes)', SECP_SECRET, /32 bytes: this is a secp256k1 secret key/],
    ['secp256k1 96 bytes', SECP_SECRET_96, /96 bytes: this is a secp256k1 secret key/],
    ['secp256k1 65 bytes', `secp256k1:${b58(65)}`, /65 bytes/],
    ['uppercase prefix on a secret', `ED25519:${b58(64)}`, /64 bytes/],
    ['unknown curve', `bls12381:${b58(48)}`, /'bls12381:' is not a key type NEAR uses/],
    ['unknown word with a 64-byte value', `secret:${b58(64)}`, /not a key type NEAR uses/],
    [
      'mistyped secret (not base58)',
      `ed25519:${b58(64).slice(0, 40)}0${b58(64).slice(41)}`,
      /^not valid base58, but long enough to be a mistyped secret key, so treated as one$/,
    ],
    ['bare 64 bytes of base58', b58(64, 9), /64 bytes of base58 without a key type/],
  ];
  for (const [name, text, reason] of sensitive) {
    it(`sensitive: ${name}`, () => {
      const c = classify(text);
      assert.equal(c.kind, 'sensitive', JSON.stringify(c));
      assert.match((c as { reason: string }).reason, reason);
    });
  }

  const invalidKeys: Array<[string, string, RegExp]> = [
    ['nothing after the prefix', 'ed25519:', /nothing after 'ed25519:'/],
    ['too short', 'ed25519:abc', /3 bytes: too short for a key/],
    ['not base58, short', 'ed25519:0OIl', /not base58/],
    ['punctuation in the payload', 'ed25519:abc def', /base58 letters and digits only/],
    ['uppercase prefix on a public key', `ED25519:${b58(32)}`, /lowercase: 'ed25519:'/],
  ];
  for (const [name, text, reason] of invalidKeys) {
    it(`invalid key: ${name}`, () => {
      const c = classify(text);
      assert.equal(c.kind, 'invalid', JSON.stringify(c));
      assert.match((c as { reason: string }).reason, reason);
    });
  }

  it('an unknown word with a short or hex value is not a key: it is judged as an account id', () => {
    assert.match((classify('localhost:3030') as { reason: string }).reason, /':' is not allowed/);
    assert.equal(classify(`sha256:${'ab'.repeat(32)}`).kind, 'invalid');
  });
});

describe('ids: implicit <-> ed25519', () => {
  it('converts both ways on the real root.near key', () => {
    assert.equal(publicKeyToImplicitAccount(ROOT_KEY), ROOT_IMPLICIT);
    assert.equal(implicitAccountToPublicKey(ROOT_IMPLICIT), ROOT_KEY);
  });

  it('round-trips made-up keys, including leading zero bytes', () => {
    for (let seed = 0; seed < 50; seed++) {
      const bytes = fakeBytes(32, seed);
      if (seed % 5 === 0) bytes[0] = 0;
      if (seed % 10 === 0) bytes[1] = 0;
      const key = `ed25519:${base58.encode(bytes)}`;
      const hex = publicKeyToImplicitAccount(key);
      assert.match(hex, /^[0-9a-f]{64}$/);
      assert.equal(implicitAccountToPublicKey(hex), key);
    }
  });

  it('throws typed errors for anything else', () => {
    const err = (f: () => unknown, kind: string): void => {
      assert.throws(f, (e: unknown) => NearLensError.is(e) && e.kind === kind);
    };
    err(() => implicitAccountToPublicKey(ROOT_IMPLICIT.toUpperCase()), 'invalid-input');
    err(() => implicitAccountToPublicKey('alice.near'), 'invalid-input');
    err(() => implicitAccountToPublicKey(ROOT_IMPLICIT.slice(1)), 'invalid-input');
    err(() => publicKeyToImplicitAccount(SECP_PUBLIC), 'invalid-input');
    err(() => publicKeyToImplicitAccount('alice.near'), 'invalid-input');
    err(() => publicKeyToImplicitAccount(ED_SECRET), 'sensitive');
  });

  it('the sensitive error never contains the secret', () => {
    try {
      publicKeyToImplicitAccount(ED_SECRET);
      assert.fail('should throw');
    } catch (e) {
      assert.ok(NearLensError.is(e));
      assert.ok(!e.message.includes(ED_SECRET.slice(8, 20)));
    }
  });
});

function texts(found: FoundId[]): string[] {
  return found.map((f) => f.text);
}

describe('ids: findAll boundaries', () => {
  const cases: Array<[string, string[]]> = [
    [`const a = "alice.near";`, ['alice.near']],
    [`const a = 'alice.near'`, ['alice.near']],
    ['`token.sweat`', ['token.sweat']],
    ['call(here.tg)', ['here.tg']],
    ['[usdt.tether-token.near]', ['usdt.tether-token.near']],
    ['https://explorer.near.org/accounts/alice.near', ['alice.near']],
    ['https://nearblocks.io/address/bob.testnet?tab=tokens', ['bob.testnet']],
    ['thanks @alice.near!', ['alice.near']],
    ['send to alice.near.', ['alice.near']],
    ['Send to alice.near. Then bob.near...', ['alice.near', 'bob.near']],
    ['wait...alice.near', ['alice.near']],
    ['_alice.near_ and **bob.near**', ['alice.near', 'bob.near']],
    ['near:alice.near', ['alice.near']],
    ['id=alice.near&x=1', ['alice.near']],
    ['alice.near,bob.near;carol.testnet', ['alice.near', 'bob.near', 'carol.testnet']],
    ['c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2.factory.bridge.near', ['c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2.factory.bridge.near']],
    ['v1.omni.hot.tg app.kaiching x.aurora', ['v1.omni.hot.tg', 'app.kaiching', 'x.aurora']],
    [`"${ROOT_IMPLICIT}"`, [ROOT_IMPLICIT]],
    [ROOT_IMPLICIT, [ROOT_IMPLICIT]],
    [`(0x${'ab12'.repeat(10)})`, [`0x${'ab12'.repeat(10)}`]],
    [`0s${'cd34'.repeat(10)}.`, [`0s${'cd34'.repeat(10)}`]],
    [`near:0x${'ab12'.repeat(10)}`, [`0x${'ab12'.repeat(10)}`]],
    [`pk = "${ROOT_KEY}"`, [ROOT_KEY]],
    [`"public_key":"${ROOT_KEY}",`, [ROOT_KEY]],
    // Nothing: ordinary words, numbers, top-level ids, longer tokens, mixed-case and hash-like hex.
    ['return aurora near sweat', []],
    ['1.5 v1.2.3 3.14159 10.0.0.1', []],
    ['Alice.near ALICE.NEAR alice.Near', []],
    ['Foo_alice.near', []],
    ['alice.nearby alice.near_v2 alice.near-old', []],
    ['explorer.near.org near.org docs.near.org/concepts', []],
    [`0x${'Ab12'.repeat(10)}`, []],
    [`0x${'ab12'.repeat(16)}`, []],
    [`${'ab'.repeat(33)}`, []],
    [`x${ROOT_IMPLICIT}`, []],
    [`sha256:${'ab'.repeat(32)}`, []],
    ['http://localhost:3030/v1/account', []],
    ['a:b c:d e:1 type:number', []],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text.length > 60 ? text.slice(0, 60) + '…' : text)} → ${JSON.stringify(expected)}`, () => {
      const found = findAll(text);
      assert.deepEqual(texts(found), expected);
      for (const f of found) assert.equal(text.slice(f.start, f.end), f.text);
    });
  }

  it('offsets are right across lines and the classification is attached', () => {
    const text = 'first line\n  "alice.near"\nkey: ' + ROOT_KEY + '\n';
    const found = findAll(text);
    assert.deepEqual(texts(found), ['alice.near', ROOT_KEY]);
    assert.equal(found[0]?.start, text.indexOf('alice.near'));
    assert.equal(found[1]?.classified.kind, 'public-key');
  });

  it('finds sensitive keys anywhere in a line, even 88+ chars of base58', () => {
    const lines = [
      `{"account_id":"alice.near","public_key":"${ED_PUBLIC}","private_key":"${ED_SECRET}"}`,
      `NEAR_PRIVATE_KEY=${ED_SECRET}`,
      `const k = config.${ED_SECRET};`,
      `my_${ED_SECRET}`,
      `   ${SECP_SECRET} ${SECP_SECRET_96}`,
      `signature: ${CHUNK_SIGNATURE}`,
      `x bls12381:${b58(48)} y`,
    ];
    const expectSensitive = [1, 1, 1, 1, 2, 1, 1];
    lines.forEach((line, i) => {
      const found = findAll(line).filter((f) => f.classified.kind === 'sensitive');
      assert.equal(found.length, expectSensitive[i], line);
      for (const f of found) {
        assert.equal(line.slice(f.start, f.end), f.text);
        assert.ok(f.text.length >= 40);
      }
    });
    const json = findAll(lines[0] as string);
    assert.deepEqual(
      json.map((f) => kindOf(f.classified)),
      ['account/named', 'public-key', 'sensitive'],
    );
    assert.equal(ED_SECRET.length - 'ed25519:'.length >= 87, true);
  });

  it('reports malformed ed25519:/secp256k1: keys as invalid so a hover can say why', () => {
    const found = findAll('key ed25519:abc and ed25519:0OIl');
    assert.deepEqual(
      found.map((f) => [f.text, f.classified.kind]),
      [
        ['ed25519:abc', 'invalid'],
        ['ed25519:0OIl', 'invalid'],
      ],
    );
  });

  it('never reports overlapping ranges and keeps them in order', () => {
    const text = `ed25519:abc.near alice.near ${ROOT_IMPLICIT} 0x${'ab12'.repeat(10)} ${ED_SECRET}.near`;
    const found = findAll(text);
    for (let i = 1; i < found.length; i++) assert.ok((found[i] as FoundId).start >= (found[i - 1] as FoundId).end);
    assert.ok(texts(found).includes('alice.near'));
  });

  it('handles empty and non-string input', () => {
    assert.deepEqual(findAll(''), []);
    assert.deepEqual(findAll(undefined as unknown as string), []);
  });
});

describe('ids: the finder rule for named ids (file names, member expressions)', () => {
  // The rule (see NAMED_ID_SUFFIXES): a dotted named id whose last label is a known NEAR top-level account.
  const table: Array<[string, boolean]> = [
    ['alice.near', true],
    ['token.sweat', true],
    ['here.tg', true],
    ['usdt.tether-token.near', true],
    ['c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2.factory.bridge.near', true],
    ['alice.testnet', true],
    ['near.testnet', true],
    ['index.ts', false],
    ['package.json', false],
    ['package-lock.json', false],
    ['README.md', false],
    ['main.rs', false],
    ['Cargo.toml', false],
    ['Cargo.lock', false],
    ['notes.txt', false],
    ['ci.yml', false],
    ['config.yaml', false],
    ['index.html', false],
    ['style.css', false],
    ['setup.py', false],
    ['main.go', false],
    ['run.sh', false],
    ['logo.png', false],
    ['alice.near.json', false],
    ['fastnear-v1-account-full-here.tg.json', false],
    ['console.log', false],
    ['this.state', false],
    ['this.near', false],
    ['self.testnet', false],
    ['foo.bar', false],
    ['a.b.c', false],
    ['1.5', false],
    ['v1.2.3', false],
    ['near', false],
    ['aurora', false],
  ];
  for (const [text, reported] of table) {
    for (const wrap of [(s: string) => s, (s: string) => `import x from './${s}';`, (s: string) => `see ${s}.`]) {
      const line = wrap(text);
      it(`${JSON.stringify(line)} ${reported ? 'offers' : 'does not offer'} ${text}`, () => {
        assert.deepEqual(texts(findAll(line)), reported ? [text] : []);
      });
    }
  }

  it('no listed suffix is a common file extension', () => {
    const extensions = [
      'ts',
      'tsx',
      'js',
      'jsx',
      'mjs',
      'cjs',
      'json',
      'md',
      'rs',
      'toml',
      'lock',
      'txt',
      'yml',
      'yaml',
      'html',
      'htm',
      'css',
      'scss',
      'py',
      'go',
      'sh',
      'png',
      'jpg',
      'jpeg',
      'gif',
      'svg',
      'wasm',
      'sol',
      'java',
      'kt',
      'c',
      'h',
      'cpp',
      'log',
      'env',
      'cfg',
      'ini',
      'xml',
      'csv',
      'pdf',
      'zip',
      'gz',
      'tar',
      'vue',
      'svelte',
      'rb',
      'php',
      'swift',
      'map',
    ];
    for (const s of NAMED_ID_SUFFIXES) assert.ok(!extensions.includes(s), s);
    assert.ok(CODE_RECEIVERS.includes('this') && CODE_RECEIVERS.includes('console'));
  });
});

describe('ids: findAt (hover positions)', () => {
  const line = `  const url = "https://explorer.near.org/accounts/alice.near"; // or ${ROOT_KEY}`;
  const a = line.indexOf('alice.near');

  it('finds the id under the cursor at its first, middle and last character, and right after it', () => {
    for (const ch of [a, a + 5, a + 9, a + 10]) {
      const f = findAt(line, ch);
      assert.equal(f?.text, 'alice.near', `at ${ch}`);
      assert.equal(f?.start, a);
      assert.equal(f?.end, a + 10);
    }
  });

  it('returns nothing on ordinary text and outside the line', () => {
    assert.equal(findAt(line, 4), undefined);
    assert.equal(findAt(line, line.indexOf('explorer') + 2), undefined);
    assert.equal(findAt(line, -1), undefined);
    assert.equal(findAt(line, line.length + 1), undefined);
    assert.equal(findAt(line, 1.5), undefined);
  });

  it('finds keys and sensitive keys', () => {
    assert.equal(findAt(line, line.indexOf(ROOT_KEY) + 30)?.classified.kind, 'public-key');
    const secretLine = `"private_key": "${ED_SECRET}"`;
    assert.equal(findAt(secretLine, secretLine.length - 5)?.classified.kind, 'sensitive');
  });

  it('works in the middle of a 1 MB minified line and does not treat the window edge as a boundary', () => {
    const filler = 'x'.repeat(500_000);
    const long = `${filler};"alice.near";${filler}`;
    const at = long.indexOf('alice.near') + 3;
    assert.equal(findAt(long, at)?.text, 'alice.near');
    assert.equal(findAt(long, at)?.start, 500_002);
    // Inside a long run of id characters, a window cut must not create a fake id.
    const run = 'a'.repeat(300) + '.near';
    assert.equal(findAt(run, 295), undefined);
    for (let i = 0; i < 200; i++) assert.equal(findAt(long, 250_000 + i), undefined); // (its cost is the bench's business)
  });
});

describe('ids: a 1 MB document', () => {
  it('finds every id in 1 MB of code-like text (speed is measured by npm run bench, not here)', () => {
    const chunk =
      'import { a } from "./index.ts";\nconst x = this.state.foo + console.log(1.5, "v1.2.3");\n' +
      `// send to alice.near. key ${ROOT_KEY} hex ${ROOT_IMPLICIT}\nfunction f(a: number): string { return a.toFixed(2) }\n`;
    const text = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
    const found = findAll(text);
    assert.equal(found.length, 3 * Math.ceil(1_000_000 / chunk.length));
  });
});

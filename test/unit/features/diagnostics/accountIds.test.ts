// Unit tests of src/features/diagnostics/model/accountIdLint.ts: string literals meant as account ids that break a rule, the
// mechanical fixes, and a table of false cases from real code (URLs, hosts, e-mails, packages, paths, versions, keys…).
import { strict as assert } from 'node:assert';
import { findBrokenAccountIds, fixAccountId } from '../../../../src/features/diagnostics/model/accountIdLint';

const only = (text: string) => {
  const found = findBrokenAccountIds(text);
  assert.equal(found.length, 1, `one problem in ${text}: ${JSON.stringify(found)}`);
  const p = found[0]!;
  return { literal: text.slice(p.start, p.end), message: p.message, fix: p.fixes[0]?.newText, preferred: p.fixes[0]?.preferred };
};

describe('diagnostics: broken account ids', () => {
  it('a literal ending in a NEAR suffix that breaks a rule, with its mechanical fix', () => {
    assert.deepEqual(only(`const receiverId = "Alice.near";`), {
      literal: 'Alice.near',
      message: '"Alice.near" is not a valid NEAR account id: uppercase letters are not allowed in NEAR account ids.',
      fix: 'alice.near',
      preferred: true,
    });
    assert.equal(only(`send('a..near')`).fix, 'a.near');
    assert.equal(only('call(` bob.testnet `)').fix, 'bob.testnet');
    assert.equal(only(`x = "app.Near"`).fix, 'app.near');
    assert.equal(only(`x = "-dao.sputnik-dao.near"`).fix, 'dao.sputnik-dao.near');
    assert.match(only(`x = "my_.near"`).message, /two separators in a row \('_\.'\)/);
  });
  it('the value of an account field, whatever its suffix, in JS, JSON, Rust, .env and TOML', () => {
    assert.equal(only(`{ receiverId: "Bob" }`).fix, 'bob');
    assert.equal(only(`{"receiver_id": "wrap..testnet"}`).fix, 'wrap.testnet');
    assert.equal(only(`let owner_id = "Owner.Near";`).fix, 'owner.near');
    assert.equal(only(`CONTRACT_ID="x"\nsigner_id="-lead"`).fix, 'lead');
    assert.equal(only(`contractId = 'usdt.tether-token.near '`).fix, 'usdt.tether-token.near');
    // No mechanical fix: named with every rule it breaks, in reading order.
    const p = findBrokenAccountIds(`{ accountId: "a" }`)[0];
    assert.equal(p?.message, '"a" is not a valid NEAR account id: account ids are at least 2 characters.');
    assert.deepEqual(p?.fixes, []);
  });
  it('says nothing about valid ids', () => {
    for (const text of [
      `"alice.near"`,
      `receiverId: "wrap.near"`,
      `'v2.ref-finance.near'`,
      `"0x1234567890abcdef1234567890abcdef12345678"`,
      `receiver_id: "f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82"`,
    ])
      assert.deepEqual(findBrokenAccountIds(text), [], text);
  });
  it('false cases from real code raise nothing', () => {
    const corpus = [
      `const url = "https://rpc.mainnet.near.org";`,
      `nodeUrl: 'https://rpc.testnet.near.org',`,
      `walletUrl: "https://wallet.near.org",`,
      `helperUrl: 'https://helper.mainnet.near.org'`,
      `explorer: "https://nearblocks.io/address/alice.near"`,
      `"mailto:hello@alice.near"`,
      `contact: "support@Example.near"`,
      `import { connect } from "near-api-js";`,
      `import x from "@near-js/accounts";`,
      `require('./config.near')`,
      `path: "src/contracts/Token.near"`,
      `version: "1.2.3"`,
      `accountId: "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"`,
      `receiverId: "0xab5801a7d398351b8be11c439e05c5b3259aec9b"`,
      `hash: "sha256:2f4b1c7d9e0a8b3c5d6e7f80"`,
      `publicKey: "ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847"`,
      `<a href="https://near.social">Near.Social</a>`,
      `title: "Near.Social"`,
      `"Send 5 NEAR to Alice.near"`,
      `accountId: ""`,
      `accountId: "YOUR_ACCOUNT_ID"`,
      `contractId: "<your-contract>.testnet"`,
      'receiverId: `${prefix}.near`',
      `accountId: "{{ account }}"`,
      `accountId: process.env.NEAR_ACCOUNT_ID`,
      `signer_id: "$SIGNER"`,
      `const msg = "It's Alice's; see bob.near"`,
      `const a = ".near";`,
      `const s = "wallet.near.org";`,
      `"near-social.near/widget/Main"`,
      `accountId: "alice.near,bob.near"`,
      `"*.near"`,
      ` * assert!("ƒelicia.near".parse::<AccountId>().is_err()); // (ƒ is not f)`,
      `// e.g. receiverId: "Bob.near"`,
      `# owner_id = "Owner.near"`,
    ];
    for (const text of corpus) assert.deepEqual(findBrokenAccountIds(text), [], text);
  });
  it('fixes only when the fixed id is valid', () => {
    assert.equal(fixAccountId('Alice.near'), 'alice.near');
    assert.equal(fixAccountId('a...b.near'), 'a.b.near');
    assert.equal(fixAccountId('al!ce.near'), undefined);
    assert.equal(fixAccountId('alice.near'), undefined, 'nothing to fix');
  });
});

// Unit tests of src/features/diagnostics/model/engine.ts: all finders together, secrets confirmed by the secrets part and
// never in a message, ignored keys, and edit-by-edit updates that agree with a full pass.
import { strict as assert } from 'node:assert';
import * as secrets from '../../../../src/features/secrets/secretKeys';
import { controlText, diagnoseText, DocumentProblems, stringSource } from '../../../../src/features/diagnostics/model/engine';
import type { DiagnoseOptions } from '../../../../src/features/diagnostics/model/engine';
import { madeUpEd25519 } from '../../../support/madeUpKeys';

const ALL: DiagnoseOptions = { secretKeys: true, accountIds: true, inexactAmounts: true, languageId: 'typescript' };
const LEGAL_12 = 'letter advice cage absurd amount doctor acoustic avoid letter advice cage above'; // BIP-39 vector 3

describe('diagnostics engine', () => {
  const ed = madeUpEd25519(13, 1);
  const text = [
    `// config`,
    `NEAR_PRIVATE_KEY=${ed.secret}`,
    `const receiverId = "Alice.near";`,
    `const deposit = 1.5e24;`,
    `const signature = "ed25519:${'2'.repeat(87)}";`,
  ].join('\n');

  it('finds a secret key (with its public key, never the secret, in the message), a broken id and an inexact amount', () => {
    let loads = 0;
    const found = diagnoseText(text, ALL, () => (loads++, secrets));
    assert.deepEqual(
      found.map((p) => [p.code, p.severity]),
      [
        ['secret-key', 'error'],
        ['account-id', 'warning'],
        ['inexact-amount', 'warning'],
      ],
    );
    assert.equal(found[0]?.publicKey, ed.publicKey);
    assert.ok(found[0]?.message.startsWith('NEAR secret key in this file: an ed25519 secret key whose public key is ed25519:'));
    for (const p of found) assert.ok(!p.message.includes(ed.secret.slice(8)), 'no secret in a message');
    assert.ok(loads >= 1);
  });
  it('loads the secrets part only when a candidate is seen; each finder obeys its switch; ignored keys are skipped', () => {
    let loads = 0;
    diagnoseText('const receiverId = "Alice.near";', ALL, () => (loads++, secrets));
    assert.equal(loads, 0);
    assert.deepEqual(
      diagnoseText(text, { ...ALL, secretKeys: false, inexactAmounts: false }, () => secrets).map((p) => p.code),
      ['account-id'],
    );
    assert.deepEqual(
      diagnoseText(text, { ...ALL, ignoredKeys: new Set([ed.publicKey]) }, () => secrets).map((p) => p.code),
      ['account-id', 'inexact-amount'],
    );
  });
  it('a seed phrase: an error at once, its public key once derived (asynchronously)', async () => {
    const pending: Promise<unknown>[] = [];
    const o = { ...ALL, onPhraseKey: (p: Promise<unknown>) => pending.push(p) };
    const first = diagnoseText(`SEED="${LEGAL_12}"`, o, () => secrets);
    assert.equal(first[0]?.code, 'seed-phrase');
    assert.equal(pending.length, 1);
    await Promise.all(pending);
    const second = diagnoseText(`SEED="${LEGAL_12}"`, o, () => secrets);
    assert.match(second[0]?.message ?? '', /BIP-39 seed phrase \(12 words\) whose public key is ed25519:/);
    assert.deepEqual(
      diagnoseText(`SEED="${LEGAL_12}"`, { ...o, ignoredKeys: new Set([second[0]!.publicKey!]) }, () => secrets),
      [],
    );
  });
  it('edits: the window around each edit is read again, and the result equals a full pass', () => {
    const lines = Array.from({ length: 400 }, (_, i) => (i % 50 === 7 ? `receiverId: "Bad${i}.near",` : `const x${i} = ${i};`));
    let doc = lines.join('\n');
    const problems = new DocumentProblems(
      () => ALL,
      () => secrets,
    );
    problems.full(doc);
    assert.equal(problems.problems.length, 8);
    // A few edits: insert a broken id, fix one, delete a block of lines, two changes at once.
    const edits: { at: number; del: number; ins: string }[][] = [
      [{ at: doc.indexOf('const x100'), del: 0, ins: 'signer_id = "Zed.testnet";\n' }],
      [{ at: doc.indexOf('Bad7'), del: 1, ins: 'b' }],
      [{ at: doc.indexOf('const x200'), del: 500, ins: '' }],
      [
        { at: 10, del: 0, ins: '"x..near"\n' },
        { at: 3000, del: 2, ins: 'amount = 2.5e24;\n' },
      ],
    ];
    for (const changes of edits) {
      let next = doc;
      for (const c of [...changes].sort((a, b) => b.at - a.at)) next = next.slice(0, c.at) + c.ins + next.slice(c.at + c.del);
      const got = problems.edit(
        changes.map((c) => ({ rangeOffset: c.at, rangeLength: c.del, text: c.ins })),
        next,
      );
      doc = next;
      assert.ok(problems.lastRead < 2000, `read ${problems.lastRead}`);
      const strip = (ps: typeof got) => ps.map((p) => [p.code, p.start, p.end, p.message]);
      assert.deepEqual(strip(got), strip(diagnoseText(doc, ALL, () => secrets)));
    }
    // Several edits before one refresh (typing faster than the debounce): shifted one by one, read once.
    const before = doc;
    problems.shift([{ rangeOffset: 0, rangeLength: 0, text: 'accountId: "Q.near",\n' }]);
    problems.shift([{ rangeOffset: doc.length + 21, rangeLength: 0, text: '\nreceiver_id: "W..near"' }]);
    doc = `accountId: "Q.near",\n${before}\nreceiver_id: "W..near"`;
    const got = problems.refresh(stringSource(doc));
    assert.ok(problems.lastRead < 2000, `read ${problems.lastRead}`);
    assert.deepEqual(
      got.map((p) => [p.start, p.message]),
      diagnoseText(doc, ALL, () => secrets).map((p) => [p.start, p.message]),
    );
  });
  it('what a found key controls, from the full-access and all-keys look-ups', () => {
    assert.equal(controlText(['leaky.near'], ['leaky.near'], 'mainnet'), 'controls leaky.near with full access (mainnet)');
    assert.equal(controlText(['a.near'], ['a.near', 'b.near'], 'mainnet'), 'controls a.near with full access and has a function-call key on b.near (mainnet)');
    assert.equal(controlText([], ['b.near'], 'testnet'), 'has a function-call key on b.near (testnet)');
    assert.equal(controlText([], [], 'mainnet'), 'is on no account on mainnet');
    assert.equal(controlText(['a.near', 'b.near', 'c.near', 'd.near'], [], 'mainnet'), 'controls a.near, b.near, c.near and 1 more with full access (mainnet)');
  });
});

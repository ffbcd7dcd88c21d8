// A failure as the editor shows it: the answer's error (the model's explanation, the contract, the sources; a copy of
// the cached model), the hover's lines (escaped, links to allowlisted commands only, "not in this workspace" with no
// link), the document's lines, the Problem's message, and the deployed revision against the checkout.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../../../src/base/json';
import { fromRecord } from '../../../../src/client/transactions/model';
import type { TransactionModel } from '../../../../src/client/transactions/model';
import {
  checkoutRevision,
  explainedModel,
  failureDocumentLines,
  failureHoverLines,
  failuresOf,
  NOTES,
  problemMessage,
  revisionSentence,
} from '../../../../src/features/failures/model/failureView';
import type { ExplainedError, FailureFound } from '../../../../src/features/failures/model/failureView';
import { TX_HOVER_COMMANDS, transactionDocument, txHoverSections } from '../../../../src/features/transactions/model/txMarkdown';
import { commandIdsIn } from '../../../../src/ui/links';

const load = (name: string): TransactionModel => fromRecord(parseJsonExact(readFileSync(path.resolve(__dirname, `../../../fixtures/tx/${name}.json`), 'utf8')));
const plain = (md: string): string => md.replace(/\\(.)/g, '$1');

const REV = '4f1c2e9d1b0a8c7e6f5d4c3b2a19081726354453';
const GAME_SOURCE = {
  uri: 'file:///w/contracts/game/src/lib.rs',
  line: 29,
  column: 50,
  text: 'let winning_party = round.winner.clone().unwrap();',
  why: 'location' as const,
};
const FOUND: FailureFound = {
  contract: { version: '0.3.1', link: 'https://github.com/example/lens-games', contractPath: 'contracts/game', rev: REV },
  sources: [GAME_SOURCE],
  paths: ['contracts/game/src/lib.rs'],
  revision: { deployed: REV, head: '8a0b1c2d3e4f' },
};

describe('a failure as the editor shows it', () => {
  const t = load('failed-panic-location');
  const key = t.receipts.find((r) => r.error)!.id;

  it('the answer: each failed receipt and the transaction gain contract and sources; the cached model is not touched', () => {
    const m = explainedModel(t, new Map([[key, FOUND]]));
    const e = m.error as ExplainedError;
    assert.deepEqual(e, { ...t.error, contract: FOUND.contract, sources: [GAME_SOURCE] });
    assert.equal(m.receipts.find((r) => r.id === key)?.error, e, 'the transaction’s error is its receipt’s, one object');
    assert.equal((t.error as Partial<ExplainedError>).sources, undefined, 'the model read once a session stays as it was');
    // Nothing found: an empty list, no contract.
    const none = explainedModel(load('failed-lack-balance'), new Map()).error as ExplainedError;
    assert.deepEqual(none.sources, []);
    assert.equal('contract' in none, false);
    assert.deepEqual(failuresOf(load('transfer-alice-bob')), []);
  });

  it('the hover: kind, explanation, fix, "Go to <workspace path>:<line>", Show Failure in Code, the revision; allowlisted links only', () => {
    const md = txHoverSections(t.hash, { kind: 'tx', tx: t, network: 'custom', failures: new Map([[key, FOUND]]) }).join('\n');
    const text = plain(md);
    assert.match(text, /\*\*Panicked\*\* — claim on game\.lensdev\.near panicked at src\/lib\.rs:29:50\./);
    assert.match(text, /Fix: An unwrap\(\) met None there/);
    assert.match(text, /\[Go to contracts\/game\/src\/lib\.rs:29\]\(command:nearLens\.openFailureSource\?/);
    assert.ok(md.includes(encodeURIComponent(JSON.stringify({ uri: GAME_SOURCE.uri, line: 29, column: 50 }))), md);
    assert.match(text, /\[Show Failure in Code\]\(command:nearLens\.showFailureInCode\?/);
    assert.match(text, /deployed from 4f1c2e9; your checkout is at 8a0b1c2 — the line may have moved · \[Open at the deployed revision\]/);
    // The NEP-330 link is shown as text, never a link.
    assert.match(text, /Contract source \(NEP-330\): `https:\/\/github\.com\/example\/lens-games`/);
    assert.doesNotMatch(md, /\]\(https:\/\/github\.com\/example/);
    for (const id of commandIdsIn(md)) assert.ok(TX_HOVER_COMMANDS.includes(id), id);
  });

  it('"not in this workspace": the words, no link; a hostile message stays text', () => {
    const found: FailureFound = { sources: [], paths: [], note: NOTES.notInWorkspace({ path: 'src/lib.rs', line: 29, column: 50 }) };
    const md = failureHoverLines(t.error!, found, { hash: t.hash, network: 'custom' }).join('\n');
    assert.match(plain(md), /src\/lib\.rs:29:50 is not in this workspace\./);
    assert.deepEqual(commandIdsIn(md), []);
    const hostile = { ...t.error!, explanation: '[Open](command:workbench.action.terminal.new) <img src=x> `x`' };
    const h = failureHoverLines(hostile, undefined, { hash: t.hash, network: 'custom' }).join('\n');
    assert.deepEqual(commandIdsIn(h), []);
    assert.doesNotMatch(h, /<img/);
  });

  it('the document lists each failure with its kind, explanation, fix, location and the lines found', () => {
    const doc = transactionDocument(t, 'custom', undefined, { failures: new Map([[key, FOUND]]) });
    assert.match(doc, /\/\/ {9}Panicked \(panic\): claim on game\.lensdev\.near panicked at src\/lib\.rs:29:50\./);
    assert.match(doc, /\/\/ {9}fix: An unwrap\(\) met None there/);
    assert.match(doc, /\/\/ {9}location: src\/lib\.rs:29:50/);
    assert.match(doc, /\/\/ {9}Go to contracts\/game\/src\/lib\.rs:29 \(the location\): let winning_party = round\.winner\.clone\(\)\.unwrap\(\);/);
    assert.match(doc, /\/\/ {9}Show Failure in Code/);
    assert.match(
      doc,
      /\/\/ {9}contract source \(NEP-330\): https:\/\/github\.com\/example\/lens-games · version 0\.3\.1 · contract_path contracts\/game · rev 4f1c2e9/,
    );
    // The JSON is the answer's model: the error with its sources.
    const json = JSON.parse(doc.slice(doc.indexOf('\n{') + 1)) as TransactionModel & { error: ExplainedError };
    assert.deepEqual(json.error.sources, [GAME_SOURCE]);
    for (const kind of ['failed-method-not-found', 'failed-gas-exceeded', 'failed-lack-balance', 'failed-panic-message']) {
      const d = transactionDocument(load(kind), 'custom');
      assert.match(d, /\/\/ {9}(Method not found|Out of gas|Not enough NEAR|Panicked) \((method-not-found|gas-exceeded|balance|panic)\): /, kind);
    }
    assert.equal(
      failureDocumentLines(load('failed-lack-balance').error!, undefined)[1],
      'fix: Send player.lensdev.near at least 1.83295 NEAR (storage costs 1 NEAR per 100 kB), or store less.',
    );
  });

  it("the Problem's message: the hash's first 8, predecessor → receiver.method, when, the contract's words", () => {
    assert.equal(
      problemMessage({
        hash: t.hash,
        kind: 'panic',
        predecessorId: 'player.lensdev.near',
        receiverId: 'game.lensdev.near',
        method: 'claim',
        ago: '2 h ago',
        message: t.error!.message,
      }),
      'Panicked in 5MRvKYvR… (player.lensdev.near called claim on game.lensdev.near, 2 h ago): called `Option::unwrap()` on a `None` value',
    );
    assert.match(
      problemMessage({ hash: t.hash, kind: 'gas-exceeded', predecessorId: '', receiverId: 'g.near', ago: 'just now', message: 'm' }),
      /^Out of gas in 5MRvKYvR… \(\? → g\.near, just now\): m$/,
    );
  });

  it('the deployed revision against the checkout: only a checkout of the link’s repository, at another commit', () => {
    const c = FOUND.contract;
    const remotes = ['git@github.com:example/lens-games.git'];
    assert.deepEqual(checkoutRevision(c, { remotes, head: '8a0b1c2d3e4f5a6b' }), { deployed: REV, head: '8a0b1c2d3e4f5a6b' });
    assert.equal(checkoutRevision(c, { remotes, head: REV }), undefined, 'the deployed commit');
    assert.equal(checkoutRevision(c, { remotes, head: REV.slice(0, 7) }), undefined, 'abbreviated');
    assert.equal(checkoutRevision(c, { remotes: ['https://github.com/other/repo'], head: '8a0b1c2d' }), undefined, 'another repository');
    assert.equal(checkoutRevision({ ...c, rev: undefined }, { remotes, head: '8a0b1c2d' }), undefined, 'no rev');
    assert.equal(checkoutRevision(c, { remotes }), undefined, 'no HEAD');
    assert.equal(revisionSentence({ deployed: REV, head: '8a0b1c2d3e4f' }), 'deployed from 4f1c2e9; your checkout is at 8a0b1c2 — the line may have moved');
  });

  it("a JS contract's failure: the hover names its own function, the document lists the stack, the answer carries it", () => {
    const js = load('failed-js-assert');
    const jsKey = js.receipts.find((r) => r.error)!.id;
    const TS = {
      uri: 'file:///w/contracts/js-mint/src/contract.ts',
      line: 13,
      column: 24,
      text: 'assert(value > 0n, "Amount must be positive");',
      why: 'message' as const,
    };
    const found: FailureFound = { sources: [TS], paths: ['contracts/js-mint/src/contract.ts'] };
    const md = plain(txHoverSections(js.hash, { kind: 'tx', tx: js, network: 'custom', failures: new Map([[jsKey, found]]) }).join('\n'));
    assert.match(md, /\*\*Panicked\*\* — mint on mint\.lensdev\.near panicked in mint \(build\/contract\.js:39\)\./);
    assert.match(md, /Failed: Action #0: Smart contract panicked: assertion failed: Amount must be positive {2}\n/, 'the chain’s words without the stack');
    assert.match(md, /\[Go to contracts\/js-mint\/src\/contract\.ts:13\]/);
    const doc = transactionDocument(js, 'custom', undefined, { failures: new Map([[jsKey, found]]) });
    assert.match(doc, /\/\/ {7}failed: Action #0: Smart contract panicked: assertion failed: Amount must be positive\n/);
    assert.match(
      doc,
      /\/\/ {9}stack \(innermost first\):\n\/\/ {9}at assert \(build\/contract\.js:5\)\n\/\/ {9}at mint \(build\/contract\.js:39\)\n\/\/ {9}at mint \(build\/contract\.js:60\)\n/,
    );
    assert.match(doc, /\/\/ {9}Go to contracts\/js-mint\/src\/contract\.ts:13 \(the message\): assert\(value > 0n, "Amount must be positive"\);/);
    const json = JSON.parse(doc.slice(doc.indexOf('\n{') + 1)) as TransactionModel & { error: ExplainedError };
    assert.deepEqual(json.error.stack?.[1], { function: 'mint', file: 'build/contract.js', line: 39 });
    // A deep stack is listed in part; the JSON has it whole.
    const deep = { ...js.error!, stack: Array.from({ length: 40 }, (_, i) => ({ function: `f${i}`, file: 'b.js', line: i + 1 })) };
    const lines = failureDocumentLines(deep, undefined);
    assert.equal(lines.filter((l) => l.startsWith('at ')).length, 12);
    assert.ok(lines.includes('… 28 more frames (the JSON below has them)'));
  });

  it('the budget and other notes in words', () => {
    assert.equal(NOTES.budget(812, 10_000, 1000), 'Searched 812 of 10,000 files within the 1-second budget; 9,188 were not searched.');
    assert.equal(NOTES.noFolder, 'No folder is open: there is no workspace to search.');
  });
});

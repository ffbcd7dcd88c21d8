// Unit tests of Add Account…'s text reading and its answer (src/features/watchlist/model/watchAdd.ts).
import { strict as assert } from 'node:assert';
import { addMessage, addPickWords, skippedLine } from '../../../../src/features/watchlist/model/watchAdd';
import { parseAccountIds } from '../../../../src/ui/accountArgs';

const SECRET = 'ed25519:DyXZZCSiBREJ8YZ5cULd7PVdKpbkhHvHJ7otbJmLJajJtRsyq1irMMqKimYeKvRmZ8Sc2qWLhKjYR4ekM8RSzkV'; // 64 made-up bytes

describe('Add Account…: reading text and answering', () => {
  describe('parseAccountIds', () => {
    it('splits on spaces, commas, semicolons and newlines, keeps order, drops duplicates', () => {
      assert.deepEqual(parseAccountIds(' alice.near, bob.near\ncarol.testnet; alice.near,,'), {
        ids: ['alice.near', 'bob.near', 'carol.testnet'],
        skipped: [],
      });
      assert.deepEqual(parseAccountIds(''), { ids: [], skipped: [] });
    });

    it('drops the quotes and brackets of code around a word', () => {
      assert.deepEqual(parseAccountIds('const ids = ["alice.near", \'bob.near\'] (`x.tg`)').ids, ['const', 'ids', 'alice.near', 'bob.near', 'x.tg']);
      assert.deepEqual(parseAccountIds('[] "" ()'), { ids: [], skipped: [] });
    });

    it('says why each other word was skipped, in reading order', () => {
      const r = parseAccountIds('Alice.near ok.near ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd a..b =');
      assert.deepEqual(r.ids, ['ok.near']);
      assert.deepEqual(
        r.skipped.map((s) => s.text),
        ['"Alice.near"', '"ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd"', '"a..b"', '"="'],
      );
      assert.match(skippedLine(r.skipped[0]!), /^"Alice\.near": uppercase letters are not allowed/);
      assert.match(r.skipped[1]!.reason, /public key, not an account/);
      assert.match(r.skipped[2]!.reason, /an empty part between dots/);
    });

    it('never repeats a secret key', () => {
      const r = parseAccountIds(`alice.near ${SECRET}`);
      assert.deepEqual(r.ids, ['alice.near']);
      assert.equal(r.skipped.length, 1);
      const line = skippedLine(r.skipped[0]!);
      assert.ok(!line.includes(SECRET.slice(8, 30)), line);
      assert.match(line, /secret key/);
    });

    it('shows a long or hostile word as one short plain line', () => {
      const r = parseAccountIds(`${'x'.repeat(300)}\u202E.near`);
      assert.equal(r.skipped.length, 1);
      assert.ok(r.skipped[0]!.text.length <= 62, r.skipped[0]!.text);
      assert.ok(!r.skipped[0]!.text.includes('\u202E'));
    });
  });

  describe('addPickWords', () => {
    it('says the skipped words and why inside the pick: its title counts them, its placeholder names them', () => {
      const r = parseAccountIds('a.near b.near Foo.near x..y');
      assert.deepEqual(addPickWords(2, r.skipped), {
        title: 'NEAR Lens: Add 2 Accounts (2 words skipped)',
        placeHolder: 'Uncheck the ids not to add — skipped: "Foo.near": uppercase letters are not allowed in NEAR account ids; "x..y": ' + r.skipped[1]!.reason,
      });
      assert.equal(addPickWords(3, parseAccountIds('a.near bad..id').skipped).title, 'NEAR Lens: Add 3 Accounts (1 word skipped)');
    });

    it('says only what to do when nothing was skipped, and keeps a long list to one short line', () => {
      assert.deepEqual(addPickWords(2, []), { title: 'NEAR Lens: Add 2 Accounts', placeHolder: 'Uncheck the ids not to add' });
      const long = addPickWords(2, parseAccountIds('A '.repeat(100)).skipped).placeHolder;
      assert.ok([...long].length <= 400 && long.endsWith('…'), long);
    });
  });

  describe('addMessage', () => {
    const none = { added: [], alreadyWatched: [], skipped: [] };

    it('says nothing when everything asked for was added', () => {
      assert.equal(addMessage({ ...none, added: ['a.near', 'b.near'] }), undefined);
    });

    it('says an id is already watched (information), or several are', () => {
      assert.deepEqual(addMessage({ ...none, alreadyWatched: ['alice.near'] }), { warn: false, text: 'alice.near is already in the watchlist.' });
      assert.deepEqual(addMessage({ ...none, added: ['c.near'], alreadyWatched: ['a.near', 'b.near'] }), {
        warn: false,
        text: 'a.near, b.near are already in the watchlist.',
      });
    });

    it('warns about skipped words with why, in one short line', () => {
      const r = parseAccountIds('ok.near A B');
      assert.deepEqual(addMessage({ ...none, added: r.ids, skipped: r.skipped }), {
        warn: true,
        text: 'Skipped "A": uppercase letters are not allowed in NEAR account ids; account ids are at least 2 characters; "B": uppercase letters are not allowed in NEAR account ids; account ids are at least 2 characters.',
      });
      const many = parseAccountIds('A '.repeat(100));
      const long = addMessage({ ...none, skipped: many.skipped })?.text ?? '';
      assert.ok([...long].length <= 400 && long.endsWith('…'), long);
    });

    it('says nothing when there was nothing to add', () => {
      assert.equal(addMessage(none), undefined);
    });
  });
});

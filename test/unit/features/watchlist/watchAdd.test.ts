// Unit tests of Add Account…'s text reading and its answer (src/features/watchlist/model/watchAdd.ts).
import { strict as assert } from 'node:assert';
import { addMessage, addPick, skippedLine } from '../../../../src/features/watchlist/model/watchAdd';
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

    it('reads "and", "or" and other joining words between ids as words, with why; typed alone, such a word is the id asked for', () => {
      const r = parseAccountIds('alice.near and bob.near, or the carol.near');
      assert.deepEqual(r.ids, ['alice.near', 'bob.near', 'carol.near']);
      assert.deepEqual(
        r.skipped.map(skippedLine),
        ['"and"', '"or"', '"the"'].map((w) => `${w}: an English word, not taken as an account id (type it alone to add it)`),
      );
      assert.deepEqual(parseAccountIds('and'), { ids: ['and'], skipped: [] });
      assert.deepEqual(parseAccountIds('android.near band.near near').ids, ['android.near', 'band.near', 'near'], 'only whole words');
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

  describe('addPick', () => {
    it('checks the new ids; lists under "Not added" each id already watched, as such, and each word skipped with its reason whole', () => {
      const r = parseAccountIds('a.near b.near w.near Foo.near x..y');
      const pick = addPick(['a.near', 'b.near'], ['w.near'], r.skipped);
      assert.equal(pick.title, 'NEAR Lens: Add 2 Accounts (1 already watched, 2 words skipped)');
      assert.equal(pick.placeHolder, 'Uncheck the ids not to add; those under "Not added" are not added, checked or not');
      assert.deepEqual(pick.rows, [
        { label: 'a.near', picked: true },
        { label: 'b.near', picked: true },
        { label: 'Not added', separator: true },
        { label: 'w.near', description: 'already in the watchlist' },
        { label: '"Foo.near"', description: 'skipped', detail: 'uppercase letters are not allowed in NEAR account ids' },
        { label: '"x..y"', description: 'skipped', detail: r.skipped[1]!.reason },
      ]);
      assert.equal(addPick(['a.near', 'b.near', 'c.near'], [], parseAccountIds('a.near bad..id').skipped).title, 'NEAR Lens: Add 3 Accounts (1 word skipped)');
    });

    it('says only what to do when nothing was left out; a reason is never cut to the width of one line', () => {
      assert.deepEqual(addPick(['a.near', 'b.near'], [], []), {
        title: 'NEAR Lens: Add 2 Accounts',
        placeHolder: 'Uncheck the ids not to add',
        rows: [
          { label: 'a.near', picked: true },
          { label: 'b.near', picked: true },
        ],
      });
      const skipped = parseAccountIds('A '.repeat(100)).skipped;
      const rows = addPick(['a.near', 'b.near'], [], skipped).rows.filter((row) => row.description === 'skipped');
      assert.equal(rows.length, 100, 'every word its own row');
      for (const row of rows) assert.equal(row.detail, skipped[0]!.reason);
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

// The format-string matcher: Rust and JS literals (raw, byte, template, escaped, multi-line) whose text gives a panic's
// message, placeholders as any text; the message read as text, never as a pattern; one linear pass over hostile
// megabyte files; and properties: it never throws and never matches a literal that is not the message's.
import { strict as assert } from 'node:assert';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { findMessageLiterals, languageOf, matches, prepareMessage } from '../../../../src/features/failures/model/formatMatch';
import { scanLiterals } from '../../../../src/features/failures/model/literals';
import type { LiteralHit } from '../../../../src/features/failures/model/formatMatch';

const at = (hits: LiteralHit[]): string[] => hits.map((h) => `${h.line}:${h.column}${h.whole ? '' : ' part'}`);

const RUST = [
  '#[near]', // 1
  'impl Game {', // 2
  '    pub fn claim(&mut self, round: u64) {', // 3
  '        // "round 4 already claimed" in a comment is not code', // 4
  '        require!(!self.claimed(round), "round {} already claimed");', // 5
  '        let c = \'"\'; let l: &\'static str = "x";', // 6
  '        env::panic_str(&format!("round {round} already claimed"));', // 7
  '        panic!(r#"round {0} already "claimed""#, round);', // 8
  '        /* nested /* "round 4 already claimed" */ still a comment */', // 9
  '        let s = "round \\', // 10
  '                 {:>3} already claimed";', // 11
  '        env::panic(b"round 4 already claimed");', // 12
  '        let x = format!("{{}} round {} already claimed {{}}", 4);', // 13
  '    }', // 14
  '}', // 15
].join('\n');

describe('findMessageLiterals', () => {
  it('Rust: require!, format! with {}, {name}, {0} and {:>3}, a raw string, a byte string, a continued line; comments and char literals skipped', () => {
    const hits = findMessageLiterals('round 4 already claimed', RUST, 'rust');
    assert.deepEqual(at(hits), ['5:40', '7:33', '10:17', '12:20']);
    assert.equal(hits[0]?.text, 'require!(!self.claimed(round), "round {} already claimed");');
    assert.deepEqual(at(findMessageLiterals('round 4 already "claimed"', RUST, 'rust')), ['8:16']);
    // The other literals give a part of this message: listed after the whole match.
    assert.deepEqual(at(findMessageLiterals('{} round 4 already claimed {}', RUST, 'rust')), ['13:25', '5:40 part', '7:33 part', '10:17 part', '12:20 part']);
  });

  it('Rust escapes are decoded: \\", \\n, \\u{…}, \\x41', () => {
    const src = 'panic!("say \\"hi\\"\\nto \\u{1F600} and \\x41");';
    assert.deepEqual(at(findMessageLiterals('say "hi"\nto 😀 and A', src, 'rust')), ['1:8']);
  });

  it('a word split by a line continuation or written with an escape is found: in the file, and in the literal', () => {
    // `"e\<newline>nough b"` is `enough b` in Rust, 8 characters of the message; the file holds none of its words as written.
    assert.deepEqual(at(findMessageLiterals('enough balance: {}', 'let x = "e\\\nnough b";\nlet x = "";', 'rust')), ['1:9 part']);
    const message = "The account doesn't have enough balance";
    const rust = [
      'panic!("The account doesn\'t have eno\\', // 1: the next line's indentation is not in the string
      '        ugh balance");', // 2
      'panic!("The account doesn\'t have enou\\\r\n    gh balance");', // 3 and 4: CRLF
      'panic!("The account doesn\'t have \\x65nough \\u{62}alance");', // 5
      'panic!("The \\u{61}ccount doesn\'t h\\x61ve enough b\\x61lance");', // 6
    ].join('\n');
    assert.deepEqual(at(findMessageLiterals(message, rust, 'rust')), ['1:8', '3:8', '5:8', '6:8']);
    const js = [
      'throw new Error("The account doesn\'t have eno\\', // 1: a JS continuation keeps the next line's indentation
      'ugh balance");', // 2
      "throw new Error('The account doesn\\'t have \\u0065nough \\x62alance');", // 3
      "throw new Error(`The account doesn't have \\u{65}nou\\", // 4
      'gh ${"balance"}`);', // 5
      'throw new Error("The account doesn\'t have eno\\', // 6: indented, so "eno ugh" (not the message)
      '  ugh balance");', // 7
    ].join('\n');
    assert.deepEqual(at(findMessageLiterals(message, js, 'js')), ['1:17', '3:17', '4:17']);
    // A message of short words is matched the same (no word filter); one whose words are all written with escapes too.
    assert.deepEqual(at(findMessageLiterals('enough', 'let a = "\\x65\\x6e\\x6f\\u{75}\\x67\\x68";', 'rust')), ['1:9']);
  });

  it('expect() words before ": Err(…)" are a part of the message, listed after whole matches', () => {
    const src = ['let a = x.expect("state is corrupt");', 'let b = "state is corrupt: {:?}";'].join('\n');
    const hits = findMessageLiterals('state is corrupt: Err(Io)', src, 'rust');
    assert.deepEqual(at(hits), ['2:9', '1:18 part']);
  });

  it('JS/TS: quotes, templates with ${…} (nested), regex literals and comments', () => {
    const src = [
      "const a = 'not ready yet: ' + id; // `claim ${x} is not ready yet`", // 1
      'const re = /"claim/g; const d = a / b / c; const q = "x";', // 2
      'throw new Error(`claim ${round} is not ready yet`);', // 3
      'assert(ok, `claim ${fmt(`${n}`)} is not ready yet`);', // 4
      '/* `claim 4 is not ready yet` */', // 5
      'near.panicUtf8("claim 4 is not ready yet");', // 6
      "const t = 'claim 4 isn\\'t ready';", // 7
    ].join('\n');
    assert.deepEqual(at(findMessageLiterals('claim 4 is not ready yet', src, 'js')), ['3:17', '4:12', '6:16']);
    assert.deepEqual(at(findMessageLiterals("claim 4 isn't ready", src, 'js')), ['7:11']);
  });

  it('whitespace runs compare as one space; a multi-line message matches a literal with \\n', () => {
    const src = 'panic!("assertion failed:\\n  left: {}\\n right: {}");';
    assert.deepEqual(at(findMessageLiterals('assertion failed:\n  left: 3\n right: 4', src, 'rust')), ['1:8']);
    assert.deepEqual(at(findMessageLiterals('  assertion   failed:  left: 3 right: 4 ', src, 'rust')), ['1:8']);
  });

  it('short or placeholder-only literals never match a message; a literal that gives only part needs 8 fixed characters', () => {
    const src = ['let a = "{}";', 'let b = "{}: {}";', 'let c = "a";', 'let d = "claimed";', 'let e = "already claimed";', 'let f = "";'].join('\n');
    assert.deepEqual(at(findMessageLiterals('round 4 already claimed', src, 'rust')), ['5:9 part']);
    assert.deepEqual(at(findMessageLiterals('ok', 'let a = "ok"; let b = "{}k";', 'rust')), ['1:9']);
  });

  it("a literal holds one of the message's longest words (numbers are values, not words); short-worded messages need none", () => {
    assert.deepEqual(prepareMessage('round 12345678901234567890 already claimed by alice')?.words, ['already', 'claimed', 'round', 'alice']);
    assert.deepEqual(at(findMessageLiterals('alpha beta: gamma', 'let a = "{} {}: {}"; let b = "{} beta: {}";', 'rust')), ['1:30']);
    assert.deepEqual(at(findMessageLiterals('bad id', 'let a = "bad {}";', 'rust')), ['1:9']);
    assert.deepEqual(findMessageLiterals('round 4 already claimed', 'let a = "{} {} {} {}";', 'rust'), []);
  });

  it('the message is text, never a pattern: regex characters in it match only themselves', () => {
    const msg = 'bad input (.*)+$ [a-z]{2} \\d ^';
    const src = ['let a = "bad input (.*)+$ [a-z]{2} \\\\d ^";', 'let b = "bad input xxxx";', 'let c = ".*";'].join('\n');
    assert.deepEqual(at(findMessageLiterals(msg, src, 'rust')), ['1:9']);
    assert.deepEqual(at(findMessageLiterals('.*', 'const a = "anything at all"; const b = "xx";', 'js')), []);
  });

  it('a message cut at 500 characters matches a literal whose start gives it', () => {
    const msg = `Invalid state: State { ${'field: 1, '.repeat(100)}}`;
    const src = ['panic!("Invalid state: {:?}", s);', 'panic!("Invalid state: none");', 'panic!("{:?}", s);'].join('\n');
    assert.ok(prepareMessage(msg)?.open);
    assert.deepEqual(at(findMessageLiterals(msg, src, 'rust')), ['1:8']);
  });

  it('a long line shows from the literal on; the text is one line, clipped', () => {
    const src = `${'x'.repeat(5000)} "needle in the haystack" ${'y'.repeat(5000)}\r\nnext`;
    const [hit] = findMessageLiterals('needle in the haystack', src, 'js');
    assert.equal(hit?.line, 1);
    assert.equal(hit?.column, 5002);
    assert.ok(hit?.text.startsWith('…"needle in the haystack"'));
    assert.ok((hit?.text.length ?? 0) <= 201);
  });

  it('languageOf: .rs is Rust; .ts, .js, .mjs, .cjs are JS; anything else is not searched', () => {
    assert.equal(languageOf('contracts/game/src/lib.rs'), 'rust');
    for (const f of ['a.ts', 'b.js', 'c.mjs', 'd.CJS']) assert.equal(languageOf(f), 'js');
    for (const f of ['a.json', 'b.md', 'c.rs.bak', 'Cargo.toml']) assert.equal(languageOf(f), undefined);
  });

  it('hostile megabyte files stay one linear pass', function () {
    this.timeout(60_000);
    const MB = 1_000_000;
    const files: Array<[string, 'rust' | 'js']> = [
      ['"'.repeat(MB), 'rust'],
      ["'".repeat(MB), 'rust'],
      ['r#'.repeat(MB / 2), 'rust'],
      [`r${'#'.repeat(300)}"${'x'.repeat(MB)}`, 'rust'],
      ['/*'.repeat(MB / 2), 'rust'],
      [`"${'{'.repeat(MB)}"`, 'rust'],
      [`"${'{}a'.repeat(MB / 3)}"`, 'rust'],
      [`"${'{a'.repeat(MB / 2)}"`, 'rust'],
      [`"${'\\'.repeat(MB)}"`, 'rust'],
      ['`${'.repeat(MB / 3), 'js'],
      ['=/['.repeat(MB / 3), 'js'],
      [' /'.repeat(MB / 2), 'js'],
      [`${' '.repeat(MB)}/x/`, 'js'],
      ["'\n".repeat(MB / 2), 'js'],
      ['"a"'.repeat(MB / 3), 'js'],
      [`\`${'${a}b'.repeat(MB / 5)}\``, 'js'],
      [`"${'round 4 '.repeat(MB / 8)}"`, 'js'],
      [`"${'round {} '.repeat(MB / 9)}"`, 'rust'],
      ['"round"'.repeat(MB / 7), 'rust'],
    ];
    const msg = `round 4 ${'a'.repeat(300)} already claimed`;
    for (const [src, lang] of files) {
      for (const m of [msg, 'round 4 already claimed', 'a', `round ${'x'.repeat(600)}`]) {
        const t = performance.now();
        findMessageLiterals(m, src, lang);
        const took = performance.now() - t;
        // Quadratic work on a megabyte takes minutes; the bound leaves room for a loaded machine.
        assert.ok(took < 3000, `${took.toFixed(0)} ms on ${JSON.stringify(src.slice(0, 12))}… (${lang})`);
      }
    }
  });

  it('a tree of ordinary code (about 5 MB) is searched quickly', function () {
    this.timeout(30_000);
    const unit = `${RUST}\n// a comment with 'quotes' and "more"\nfn f<'a>(x: &'a str) -> String { format!("value {} of {:?}", x, 'c') }\n`;
    const src = unit.repeat(Math.ceil(5_000_000 / unit.length));
    const prepared = prepareMessage('round 4 already claimed');
    assert.ok(prepared);
    const t = performance.now();
    const hits = findMessageLiterals(prepared, src, 'rust');
    const took = performance.now() - t;
    assert.equal(hits.length, 50, 'at most 50 hits a file');
    assert.ok(took < 3000, `${took.toFixed(0)} ms for ${(src.length / 1e6).toFixed(1)} MB`);
  });

  it('property: never throws, and every hit is a line of the file', function () {
    this.timeout(60_000);
    const chars = fc.constantFrom(...'"\'`/\\*{}$#rb \nabc:?0'.split(''));
    fc.assert(
      fc.property(
        fc.string({ unit: chars, maxLength: 300 }),
        fc.string({ maxLength: 40 }),
        fc.constantFrom('rust' as const, 'js' as const),
        (src, msg, lang) => {
          const hits = findMessageLiterals(msg, src, lang);
          const lines = src.split('\n');
          for (const h of hits) assert.ok(h.line >= 1 && h.line <= lines.length && h.column >= 1 && h.column <= (lines[h.line - 1]?.length ?? 0));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: a message of letters the code around never uses is matched only by the literals planted with it', function () {
    this.timeout(60_000);
    // The noise is made of code characters and the letters p–z; the message of a–h. Planted literals give the message
    // whole, as plain text or with a placeholder in a Rust format string or a JS template.
    const noise = fc.string({ unit: fc.constantFrom(...'"\'`/\\*{}$#() ;:pqrstuvwxyz\n'.split('')), maxLength: 120 });
    const word = fc.string({ unit: fc.constantFrom(...'abcdefgh'.split('')), minLength: 4, maxLength: 12 });
    fc.assert(
      fc.property(fc.array(noise, { minLength: 1, maxLength: 6 }), word, word, fc.constantFrom('rust' as const, 'js' as const), (parts, w1, w2, lang) => {
        const message = `${w1} ${w2}`;
        const planted = lang === 'rust' ? `"${w1} {}"` : `\`${w1} \${v}\``;
        // Each noise part on its own line(s), the planted literal on a line of its own after a line break.
        const src = `${parts.join('\n')}\n// end\n${planted}\n`;
        const hits = findMessageLiterals(message, src, lang);
        const plantedLine = src.split('\n').indexOf(planted) + 1;
        for (const h of hits) assert.equal(h.line, plantedLine, `hit at ${h.line}:${h.column} in ${JSON.stringify(src)}`);
      }),
      { numRuns: 1500 },
    );
  });

  it('property: a literal passed over before it is built could not have given the message (every match is kept)', function () {
    this.timeout(60_000);
    // Literals made of the message's words and what stands beside them in code: other words, placeholders, escapes,
    // whitespace, quotes and braces. The answer must be what building and comparing every literal gives.
    const piece = fc.constantFrom(
      ...['The', 'account', "doesn't", 'have', 'enough', 'balance', 'the', 'accounts', 'haven', 'of', ' ', '  ', '\n', '\t', '.', ':'],
      ...['{}', '{x}', '{:?}', '{0}', '${a}', '${ b }', '\\n', '\\x41', '\\u{41}', '\\u0041', '\\\\', "'", '"', '`', '{{', '}}', '$'],
      // Line continuations: Rust leaves out the next line's indentation, JS keeps it.
      ...['\\\n', '\\\n    ', '\\\r\n\t'],
    );
    const noise = fc.array(piece, { maxLength: 10 }).map((ps) => ps.join(''));
    // An escape that gives the character c: `\x65`, `\u{65}`, `\u0065` (JS; Rust reads `u0065`), or `\e` (a letter that
    // is no escape of its own).
    const escaped = (c: string, how: number): string => {
      const hex = c.charCodeAt(0).toString(16);
      if (how === 3 && /^[ac-eg-mo-qswyzA-Z]$/.test(c)) return `\\${c}`;
      return how === 0 ? `\\x${hex.padStart(2, '0')}` : how === 1 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
    };
    // … and a span of the message itself with up to three pieces put in, each at a random place (as a format string
    // puts a placeholder, an escape or a line break where the message has text), and up to two of its characters
    // written as escapes.
    const fromMessage = (message: string): fc.Arbitrary<string> =>
      fc
        .tuple(
          fc.nat(message.length),
          fc.nat(message.length),
          fc.array(fc.tuple(fc.nat(), fc.nat(3), piece), { maxLength: 3 }),
          fc.array(fc.tuple(fc.nat(), fc.nat(3)), { maxLength: 2 }),
        )
        .map(([x, y, edits, escapes]) => {
          let t = message.slice(Math.min(x, y), Math.max(x, y));
          for (const [at, cut, p] of edits) {
            const i = t.length === 0 ? 0 : at % t.length;
            t = t.slice(0, i) + p + t.slice(Math.min(t.length, i + cut));
          }
          for (const [at, how] of escapes) {
            const i = t.length === 0 ? 0 : at % t.length;
            const c = t[i];
            if (c !== undefined && c !== '\\' && t[i - 1] !== '\\') t = t.slice(0, i) + escaped(c, how) + t.slice(i + 1);
          }
          return t;
        });
    const messages = ["The account doesn't have enough balance", 'enough balance: {}', 'have {x} enough'];
    const lineCol = (src: string, o: number): string => {
      const before = src.slice(0, o).split('\n');
      return `${before.length}:${(before[before.length - 1]?.length ?? 0) + 1}`;
    };
    fc.assert(
      fc.property(
        fc
          .constantFrom(...messages)
          .chain((message) =>
            fc.tuple(
              fc.constant(message),
              fc.array(
                fc.tuple(fc.constantFrom('"', "'", '`', 'r#"'), fc.oneof({ arbitrary: noise, weight: 1 }, { arbitrary: fromMessage(message), weight: 3 })),
                { minLength: 1, maxLength: 5 },
              ),
            ),
          ),
        fc.constantFrom('rust' as const, 'js' as const),
        ([message, lits], lang) => {
          const src = lits.map(([q, body]) => `let x = ${q}${body}${q === 'r#"' ? '"#' : q};`).join('\n');
          const msg = prepareMessage(message)!;
          const expected: string[] = [];
          scanLiterals(src, lang, (p) => {
            const how = matches(p, msg);
            if (how) expected.push(`${lineCol(src, p.at)}${how === 'whole' ? '' : ' part'}`);
          });
          assert.deepEqual(at(findMessageLiterals(msg, src, lang)).sort(), expected.sort(), JSON.stringify(src));
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

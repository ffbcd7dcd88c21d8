// Unit tests of src/base/text.ts: hostile text must come out inert in markdown, plain text and HTML.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { DEFAULT_MAX_TEXT, escapeHtml, escapeMarkdown, sanitizeText } from '../../src/base/text';

/** Markdown-significant characters that must never appear unescaped in escapeMarkdown output. */
function assertInertMarkdown(out: string): void {
  // Every punctuation that could start markup is preceded by a backslash; no raw <, > or " survive.
  assert.ok(!/[<>"']/.test(out), `raw HTML char in ${out}`);
  for (let i = 0; i < out.length; i++) {
    const c = out[i] as string;
    if (c === '&') {
      const entity = /^&(amp|lt|gt|quot|#39);/.exec(out.slice(i));
      assert.ok(entity, `raw & at ${i} in ${out}`);
      i += entity[0].length - 1;
      continue;
    }
    if (c === '\\') {
      assert.ok(i + 1 < out.length, 'dangling backslash');
      i++; // skip the escaped char
      continue;
    }
    assert.ok(!'[]()`*_{}#+-.!|~$:^='.includes(c), `unescaped ${c} at ${i} in ${out}`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not survive
  assert.ok(!/[\n\r\u202A-\u202E\u2066-\u2069\u0000-\u001F]/.test(out));
}

describe('markdown: sanitizeText', () => {
  it('strips controls and bidi overrides, collapses whitespace, trims', () => {
    assert.equal(sanitizeText('  alice\u202E.near\u202C \n\n\t bob\u0000\u0007 '), 'alice.near bob');
    assert.equal(sanitizeText('a\u2066b\u2069c\u200Bd\uFEFFe\u200Ff'), 'abcdef');
    assert.equal(sanitizeText('line1\r\nline2\u2028line3'), 'line1 line2 line3');
  });

  it('keeps ordinary unicode, emoji and joiners', () => {
    assert.equal(sanitizeText('Ünïcødé 👩‍💻 token'), 'Ünïcødé 👩‍💻 token');
  });

  it('truncates to max code points with an ellipsis, never splitting a surrogate pair', () => {
    assert.equal(sanitizeText('abcdef', 4), 'abc…');
    assert.equal(sanitizeText('abcd', 4), 'abcd');
    assert.equal([...sanitizeText('😀'.repeat(10), 5)].length, 5);
    assert.equal(sanitizeText('😀'.repeat(10), 5), '😀😀😀😀…');
    assert.equal(sanitizeText('😀😀', 2), '😀😀');
    const long = sanitizeText('x'.repeat(10_000));
    assert.equal([...long].length, DEFAULT_MAX_TEXT);
    assert.ok(long.endsWith('…'));
  });

  it('copes with non-strings at run time', () => {
    assert.equal(sanitizeText(undefined as unknown as string), '');
    assert.equal(sanitizeText(null as unknown as string), '');
    assert.equal(sanitizeText(42 as unknown as string), '42');
  });
});

describe('markdown: escapeMarkdown', () => {
  const hostile = [
    '[click me](command:nearLens.clearApiKey)',
    '[x](command:foo)',
    '![img](https://evil.example/track.png)',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    'javascript:alert(document.cookie)',
    'https://evil.example/path and www.evil.example and me@evil.example',
    '**bold** _it_ `code` ~~strike~~ # heading\n- list\n1. item\n> quote',
    '$(zap) icon injection',
    'evil\u202Egnp.exe',
    '\u0000\u0001\u001b[31mred\u001b[0m',
    '&lt;img&gt; &#x3C;b&#x3E;',
    '| a | b |\n|---|---|',
    '[link][ref]\n\n[ref]: https://evil.example',
    'a\\',
    '<https://evil.example>',
    '\\[escaped\\](command:x)',
  ];
  for (const text of hostile) {
    it(`is inert: ${JSON.stringify(text).slice(0, 50)}`, () => {
      const out = escapeMarkdown(text);
      assertInertMarkdown(out);
    });
  }

  it('examples', () => {
    assert.equal(escapeMarkdown('alice.near'), 'alice\\.near');
    assert.equal(escapeMarkdown('[x](command:foo)'), '\\[x\\]\\(command\\:foo\\)');
    assert.equal(escapeMarkdown('<img onerror=x>'), '&lt;img onerror\\=x&gt;');
    assert.equal(escapeMarkdown('a & b'), 'a &amp; b');
    assert.equal(escapeMarkdown('USDt'), 'USDt');
  });

  it('truncates 10,000 chars to the visible maximum before escaping', () => {
    const out = escapeMarkdown('['.repeat(10_000), 50);
    assert.equal(out, '\\['.repeat(49) + '…');
    assertInertMarkdown(escapeMarkdown('<'.repeat(10_000)));
    assert.ok(escapeMarkdown('a'.repeat(10_000)).length <= DEFAULT_MAX_TEXT);
  });

  it('property: any string comes out inert', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 400 }), (s, max) => {
        const out = escapeMarkdown(s, max);
        assertInertMarkdown(out);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => assertInertMarkdown(escapeMarkdown(s))),
      { numRuns: 1000 },
    );
  });
});

describe('markdown: escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    assert.equal(escapeHtml(`<a href="x" onclick='y'>&</a>`), '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    assert.equal(escapeHtml('alice.near'), 'alice.near');
  });

  it('property: no raw <, >, quotes; & only as an entity', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const out = escapeHtml(s);
        assert.ok(!/[<>"']/.test(out));
        assert.ok(!/&(?!(amp|lt|gt|quot|#39);)/.test(out));
      }),
      { numRuns: 1000 },
    );
  });
});

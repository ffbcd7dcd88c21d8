// Making untrusted text (chain data, service answers, file contents) inert for markdown hovers, tree labels and HTML. Pure: no `vscode`.

/** Default visible length (code points, "…" included) of one piece of untrusted text. */
export const DEFAULT_MAX_TEXT = 200;

// C0/C1 controls, bidi embeddings/overrides/isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C),
// and invisible characters that can hide or reorder what a person reads (zero-width space, word joiner, BOM,
// interlinear annotation, line/paragraph separators handled as whitespace below). ZWJ/ZWNJ stay: emoji and scripts need them.
// eslint-disable-next-line no-control-regex
const INVISIBLE_RE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
// Every kind of line break and tab becomes one space: a hover line must stay one line.
const WHITESPACE_RUN_RE = /[\s\u0085\u2028\u2029]+/g;
// Markdown-significant ASCII punctuation, backslash-escaped (CommonMark allows escaping any ASCII punctuation).
// `.` and `:` are included so that bare URLs, `www.` and e-mail addresses are not auto-linked; `$` for `$(icon)`.
const MD_PUNCT_RE = /[\\`*_{}[\]()#+\-.!|~$:^=]/g;

/**
 * Plain text for places that render text as text (tree labels, tooltips, webview `textContent`): controls and
 * bidi/invisible characters removed, all whitespace runs (newlines included) collapsed to one space, trimmed,
 * and cut to at most `max` code points with a trailing "…". Never splits a surrogate pair.
 */
export function sanitizeText(text: string, max: number = DEFAULT_MAX_TEXT): string {
  const s = String(text ?? '')
    .replace(INVISIBLE_RE, '')
    .replace(WHITESPACE_RUN_RE, ' ')
    .trim();
  return truncate(s, max);
}

/**
 * Untrusted text for a markdown hover (MarkdownString without `isTrusted`/`supportHtml`, but defence in depth):
 * sanitizeText first (one line, no controls or bidi overrides, at most `max` visible code points), then every
 * markdown-significant character is backslash-escaped and `&`, `<`, `>`, quotes become entities, so no link,
 * image, command link, HTML tag, autolink or `$(icon)` can come out of it.
 */
export function escapeMarkdown(text: string, max: number = DEFAULT_MAX_TEXT): string {
  // Backslashes first, entities second: the entities' own `#` and `;` must not be escaped again.
  return escapeHtml(sanitizeText(text, max).replace(MD_PUNCT_RE, (c) => `\\${c}`));
}

/** HTML-escapes `& < > " '` (for the webview builder and anything written into attributes). Does not truncate. */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

// The apostrophe as a numeric entity: `&apos;` is not an HTML 4 entity, and some markdown renderers do not know it.
const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function truncate(s: string, max: number): string {
  const limit = Number.isFinite(max) ? Math.max(1, Math.floor(max)) : DEFAULT_MAX_TEXT;
  if (s.length <= limit) return s; // fast path: UTF-16 length bounds the code point count
  let count = 0;
  let end = 0; // UTF-16 length of the code points counted so far
  let cut = 0; // ... of the first limit - 1 of them
  for (const ch of s) {
    // Stops early: a 10,000-char string costs `max` steps.
    if (++count > limit) return `${s.slice(0, cut).trimEnd()}…`;
    if (count === limit) cut = end;
    end += ch.length;
  }
  return s;
}

/** A sentence built from parts that may already end with a period ends with one period. */
export const sentence = (s: string): string => s.replace(/\.\.$/, '.');

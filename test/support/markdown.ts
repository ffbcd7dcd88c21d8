// Reading the project's Markdown as GitHub renders it: the anchors of its headings and the targets of its links and
// images. Only what the docs tests need; fenced code blocks are skipped (a `# comment` in a shell block is no heading).

/** The lines of a Markdown text outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(text: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let fence: string | undefined;
  text.split('\n').forEach((l, i) => {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(l);
    if (m) {
      const mark = m[1]!;
      if (fence === undefined) fence = mark;
      else if (mark[0] === fence[0] && mark.length >= fence.length) fence = undefined;
    } else if (fence === undefined) out.push({ text: l, line: i + 1 });
  });
  return out;
}

/**
 * GitHub's anchor of a heading's text: inline code and link markup dropped to their text, lower case, every character
 * but letters, digits, `_`, `-` and spaces dropped, each space a `-`.
 */
export function githubAnchor(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of every `#`-heading of a Markdown text, in order; a repeated one gets `-1`, `-2` … as on GitHub. */
export function headingAnchors(text: string): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const { text: line } of proseLines(text)) {
    const m = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = githubAnchor(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

export interface MarkdownLink {
  /** As written: a URL, a path, a path with a `#fragment`, or `#fragment` alone. */
  target: string;
  image: boolean;
  line: number;
}

/** Every inline link and image (`[text](target)`, `![alt](src)`) outside code blocks and inline code. */
export function markdownLinks(text: string): MarkdownLink[] {
  const out: MarkdownLink[] = [];
  for (const { text: raw, line } of proseLines(text)) {
    const plain = raw.replace(/`[^`]*`/g, '');
    for (const m of plain.matchAll(/(!?)\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      out.push({ target: m[2]!, image: m[1] === '!', line });
    }
  }
  return out;
}

/** Whether a link target leaves the repository (a URL with a scheme, or a protocol-relative one). */
export const isExternal = (target: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//');

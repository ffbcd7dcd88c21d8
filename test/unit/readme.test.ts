// The README is for the people who use NEAR Lens: short, with the two commands that run it and test it from a fresh
// clone; the rest lives in docs/ and CONTRIBUTING.md. Every relative link and picture of that Markdown opens a file
// that exists (and a `#section` of a Markdown file, a heading there).
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { headingAnchors, isExternal, markdownLinks } from '../support/markdown';

const ROOT = path.join(__dirname, '../..');
const read = (f: string): string => readFileSync(path.join(ROOT, f), 'utf8');
/** 15 KB: a Marketplace page of a screen or two. */
const README_MAX_BYTES = 15 * 1024;
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('README.md and the docs', () => {
  it(`README.md is at most ${README_MAX_BYTES} bytes`, () => {
    const bytes = statSync(path.join(ROOT, 'README.md')).size;
    assert.ok(bytes <= README_MAX_BYTES, `README.md is ${bytes} bytes`);
  });

  it('README.md shows the two commands: run it in a real VS Code, and pass every test', () => {
    const readme = read('README.md');
    assert.ok(readme.includes('npm ci && npm start'), 'npm ci && npm start');
    assert.ok(readme.includes('npm ci && npm test'), 'npm ci && npm test');
  });

  it('the docs the README points to exist', () => {
    for (const f of ['CONTRIBUTING.md', 'docs/ARCHITECTURE.md', 'docs/API.md', 'docs/DIAGNOSTICS.md']) assert.ok(existsSync(path.join(ROOT, f)), f);
  });

  it('every relative link and image resolves to a file that exists, and every #section to a heading', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      for (const { target, line } of markdownLinks(read(page))) {
        if (isExternal(target)) continue;
        const [file = '', fragment] = target.split('#');
        const to = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(file)));
        const where = `${page}:${line} → ${target}`;
        if (to.startsWith('..') || !existsSync(path.join(ROOT, to))) {
          missing.push(`${where} (no ${to})`);
          continue;
        }
        if (fragment !== undefined && to.endsWith('.md') && !headingAnchors(read(to)).includes(fragment))
          missing.push(`${where} (no heading #${fragment} in ${to})`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it("README.md's pictures are docs/images/*.png (vsce turns them into the repository's raw URLs)", () => {
    const images = markdownLinks(read('README.md')).filter((l) => l.image);
    assert.ok(images.length >= 2, `${images.length} images`);
    for (const { target } of images) assert.match(target, /^docs\/images\/[\w-]+\.png$/);
  });

  it('docs/API.md has a section for every command package.json contributes', () => {
    const pkg = JSON.parse(read('package.json')) as { contributes: { commands: Array<{ command: string }> } };
    const api = read('docs/API.md');
    const headings = api.split('\n').filter((l) => /^#{2,3} /.test(l));
    const sections = new Set(headings.flatMap((h) => [...h.matchAll(/`(nearLens\.[\w.]+)`/g)].map((m) => m[1])));
    const without = pkg.contributes.commands.map((c) => c.command).filter((id) => !sections.has(id));
    assert.deepEqual(without, [], 'commands without a section in docs/API.md');
  });
});

// Each diagnostic code's link in the Problems panel opens its own section of docs/DIAGNOSTICS.md: the code table
// (PROBLEM_ANCHORS) against the page's headings, read as GitHub anchors them.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIAGNOSTICS_URL, PROBLEM_ANCHORS, problemTarget } from '../../src/features/diagnostics/model/problem';
import type { ProblemCode } from '../../src/features/diagnostics/model/problem';
import { githubAnchor, headingAnchors } from '../support/markdown';

const ROOT = path.join(__dirname, '../..');
const PAGE = 'docs/DIAGNOSTICS.md';
const DOCS_PAGE_URL = `https://github.com/near-lens/near-lens/blob/main/${PAGE}#`;
const codes = Object.keys(PROBLEM_ANCHORS) as ProblemCode[];

describe('diagnostic codes and docs/DIAGNOSTICS.md', () => {
  const anchors = headingAnchors(readFileSync(path.join(ROOT, PAGE), 'utf8'));

  it('reads headings as GitHub anchors them', () => {
    assert.equal(githubAnchor('near-lens-secret-key'), 'near-lens-secret-key');
    assert.equal(githubAnchor('`near-lens-account-id`'), 'near-lens-account-id');
    assert.equal(githubAnchor('What "codes" are, and why?'), 'what-codes-are-and-why');
    assert.deepEqual(headingAnchors('# A\n```sh\n# not a heading\n```\n## A\n'), ['a', 'a-1']);
  });

  it('has a heading for every code, whose anchor is the code itself', () => {
    for (const code of codes) {
      const anchor = PROBLEM_ANCHORS[code];
      assert.ok(anchors.includes(anchor), `${PAGE} has a heading "${anchor}" (its anchors: ${anchors.join(', ')})`);
    }
  });

  it('links every code to that page', () => {
    assert.equal(DIAGNOSTICS_URL, DOCS_PAGE_URL);
    for (const code of codes) {
      const target = problemTarget(code);
      assert.ok(target.startsWith(DOCS_PAGE_URL), target);
      assert.equal(target.slice(DOCS_PAGE_URL.length), PROBLEM_ANCHORS[code]);
    }
  });
});

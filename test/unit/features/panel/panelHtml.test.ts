// Unit tests of the balance panel's HTML shell and CSP (src/features/panel/model/panelHtml.ts).
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { panelCsp, panelHtml } from '../../../../src/features/panel/model/panelHtml';

const CSP_SOURCE = 'https://*.vscode-cdn.net';
const SCRIPT = 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/panel.js';
const STYLE = 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/panel.css';

function html(nonce = randomBytes(16).toString('base64')): { html: string; nonce: string } {
  return { html: panelHtml({ cspSource: CSP_SOURCE, nonce, scriptUri: SCRIPT, styleUri: STYLE }), nonce };
}

function unescape(s: string): string {
  return s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function cspOf(page: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page);
  assert.ok(m, 'no CSP meta tag');
  return unescape(m[1] ?? '');
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map((p) => [p[0] as string, p.slice(1)]),
  );
}

describe('panel HTML and CSP', () => {
  it('announces through one status line, not the whole page: #app is not a live region', () => {
    const page = html().html;
    assert.match(page, /<main id="app">/);
    assert.match(page, /<p id="announce" class="announce" role="status"><\/p>/);
    assert.doesNotMatch(page, /aria-live/);
  });

  it('has the strict CSP', () => {
    const { html: page, nonce } = html();
    const d = directives(cspOf(page));
    assert.deepEqual(d.get('default-src'), ["'none'"]);
    assert.deepEqual(d.get('script-src'), [`'nonce-${nonce}'`]);
    assert.deepEqual(d.get('style-src'), [CSP_SOURCE]);
    assert.deepEqual(d.get('img-src'), [CSP_SOURCE, 'data:']);
    assert.deepEqual(d.get('font-src'), [CSP_SOURCE]);
    assert.deepEqual([...d.keys()].sort(), ['default-src', 'font-src', 'img-src', 'script-src', 'style-src']);
    const all = cspOf(page);
    assert.ok(!all.includes('unsafe-inline'));
    assert.ok(!all.includes('unsafe-eval'));
    assert.ok(!all.includes('*;') && !/\s\*(\s|;|$)/.test(all));
  });

  it('puts the nonce on the one script tag, which loads our bundle and has no inline code', () => {
    const { html: page, nonce } = html();
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.ok(scripts[0]?.[1]?.includes(`nonce="${nonce}"`));
    assert.ok(scripts[0]?.[1]?.includes(`src="${SCRIPT}"`));
    assert.equal(scripts[0]?.[2], '');
    assert.ok(page.includes(`<link rel="stylesheet" href="${STYLE}">`));
    assert.ok(!/\son[a-z]+\s*=/i.test(page), 'no inline event handlers');
    assert.ok(!/\sstyle\s*=/i.test(page), 'no inline styles');
  });

  it('contains no data: two pages differ only by their nonce', () => {
    const a = html();
    const b = html();
    assert.notEqual(a.nonce, b.nonce);
    assert.equal(a.html.split(a.nonce).join('N'), b.html.split(b.nonce).join('N'));
    assert.ok(!/near\b|NEAR [0-9]|yocto/.test(a.html.replace(/NEAR Lens/g, '')));
  });

  it('escapes the URIs it is given', () => {
    const page = panelHtml({ cspSource: CSP_SOURCE, nonce: 'AAAAAAAAAAAAAAAAAAAAAA==', scriptUri: 'x"><script>alert(1)</script>', styleUri: "y'><b>" });
    assert.equal([...page.matchAll(/<script/g)].length, 1);
    assert.ok(page.includes('x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!page.includes('<b>'));
  });

  it('refuses nonces and sources that could widen the policy', () => {
    assert.throws(() => panelCsp(CSP_SOURCE, "abc' 'unsafe-inline"));
    assert.throws(() => panelCsp(CSP_SOURCE, 'short'));
    assert.throws(() => panelCsp(`${CSP_SOURCE}; script-src *`, randomBytes(16).toString('base64')));
    assert.throws(() => panelCsp(`${CSP_SOURCE} 'unsafe-eval'`, randomBytes(16).toString('base64')));
    assert.throws(() => panelCsp('', randomBytes(16).toString('base64')));
    assert.throws(() => panelCsp(`${CSP_SOURCE} *`, randomBytes(16).toString('base64')));
    assert.throws(() => panelCsp(`'self' 'unsafe-inline'`, randomBytes(16).toString('base64')));
    assert.throws(() => panelCsp(`${CSP_SOURCE},https://evil.example`, randomBytes(16).toString('base64')));
  });

  it("accepts the source list code-server and vscode.dev give ('self' plus the CDN host)", () => {
    const nonce = randomBytes(16).toString('base64');
    const d = directives(panelCsp(`'self' ${CSP_SOURCE}`, nonce));
    assert.deepEqual(d.get('style-src'), ["'self'", CSP_SOURCE]);
    assert.deepEqual(d.get('img-src'), ["'self'", CSP_SOURCE, 'data:']);
    assert.deepEqual(d.get('script-src'), [`'nonce-${nonce}'`]);
  });
});

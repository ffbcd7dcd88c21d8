// Renders media/icon.png, the 128×128 Marketplace icon, from media/near-lens.svg (the activity-bar glyph, which stays
// as it is): the same paths on a dark rounded square, drawn by Debian's headless Chromium (offline). Run
// `node scripts/make-icon.mjs` after changing the SVG, and commit the PNG.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, ROOT } from './lib/code-server.mjs';

const source = readFileSync(path.join(ROOT, 'media/near-lens.svg'), 'utf8');
const glyph = source.replace(/^[\s\S]*?<svg[^>]*>|<\/svg>[\s\S]*$/g, '');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1d2530"/><stop offset="1" stop-color="#0b0f14"/></linearGradient></defs>
  <style>path:last-child { stroke: #fff }</style>
  <rect x="2" y="2" width="124" height="124" rx="26" fill="url(#g)"/>
  <g transform="translate(13.6 13.6) scale(4.2)" fill="none" stroke="#00ec97" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>
</svg>`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  const out = path.join(ROOT, 'media/icon.png');
  await page.locator('svg').screenshot({ path: out, omitBackground: true });
  console.log(`wrote ${path.relative(ROOT, out)}`);
} finally {
  await browser.close();
}

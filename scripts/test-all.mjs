#!/usr/bin/env node
// `npm test`: every check and all three test layers, from a fresh clone. Runs, in order and each timed:
//   host        scripts/setup-host.sh (code-server 4.139 + Node 24 and code-server 4.90 (VS Code 1.90) + Node 20 into
//               .tools/, Debian chromium; instant once done)
//   typecheck   npm run typecheck
//   lint        npm run lint              ESLint (layer rules included), prettier --check and jscpd (copy-paste)
//   build       npm run build:prod (the production bundles; fails on a warning or a Node built-in in the web one)
//   unit        npm run test:unit         mocha in Node
//   in-editor   npm run test:integration  mocha inside a real VS Code's extension host (main, untrusted, web runs, and
//                                         main again on VS Code 1.90: "oldest"); the summary names each run's count
//   e2e         npm run test:e2e          packaging test + the packaged .vsix driven in code-server by headless Chromium
// Every step runs even when an earlier one failed, so one run shows everything. Each layer's mocha summaries
// ("N passing / N pending / N failing", spec reporter) are added up; a layer fails on a non-zero exit, a failing or
// a pending (skipped) test, or no summary at all. Ends with one line counting the layers; exits 1 if anything failed.
// Imports only node builtins (it may have to run `npm ci` first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const say = (msg) => console.log(`[test] ${msg}`);
const secs = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

const STEPS = [
  { name: 'host', cmd: ['bash', [path.join(ROOT, 'scripts/setup-host.sh')]] },
  { name: 'typecheck', cmd: [NPM, ['run', '--silent', 'typecheck']] },
  { name: 'lint', cmd: [NPM, ['run', '--silent', 'lint']] },
  { name: 'build', cmd: [NPM, ['run', '--silent', 'build:prod']] },
  { name: 'unit', layer: true, cmd: [NPM, ['run', '--silent', 'test:unit']] },
  { name: 'in-editor', layer: true, cmd: [NPM, ['run', '--silent', 'test:integration']] },
  { name: 'e2e', layer: true, cmd: [NPM, ['run', '--silent', 'test:e2e']] },
];

/** Runs a command with its output shown live and kept for parsing. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      out += d;
      process.stderr.write(d);
    });
    child.on('error', (e) => resolve({ code: 127, out: `${out}\n${e.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

/** Sums mocha spec-reporter summaries ("  12 passing (3s)", "  1 pending", "  2 failing"); a layer may print several. */
export function mochaCounts(output) {
  // eslint-disable-next-line no-control-regex
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const sum = (word) => [...text.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  const summaries = [...text.matchAll(/^\s*\d+ passing \(/gm)].length;
  return { passed: sum('passing'), pending: sum('pending'), failed: sum('failing'), summaries };
}

/** Mocha's "N failing" blocks, each clipped to `max` lines, so the run's last lines say which tests failed and why. */
export function failingBlocks(output, max = 40) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const blocks = [];
  lines.forEach((line, i) => {
    if (/^\s*\d+ failing\b/.test(line)) {
      const block = lines.slice(i, i + max);
      blocks.push(block.join('\n') + (lines.length > i + max ? '\n  […]' : ''));
    }
  });
  return blocks;
}

/** runTest.ts's per-run lines ("[integration] oldest: 150 passed in 41.0 s"): "main 150 · … · oldest 150". */
export function runCounts(output) {
  // eslint-disable-next-line no-control-regex
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  return [...text.matchAll(/^\[integration\] ([\w-]+): (?:FAILED \()?(\d+) passed/gm)].map((m) => `${m[1]} ${m[2]}`).join(' · ');
}

async function main() {
  const t0 = Date.now();
  if (!existsSync(path.join(ROOT, 'node_modules/.package-lock.json'))) {
    say('no node_modules: npm ci');
    const r = spawnSync(NPM, ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      say(`npm ci failed (${r.status ?? r.signal})`);
      process.exit(1);
    }
  }

  const results = [];
  for (const step of STEPS) {
    const [cmd, args] = step.cmd;
    console.log('');
    say(`── ${step.name}: ${[path.basename(cmd), ...args.map((a) => (path.isAbsolute(a) ? path.relative(ROOT, a) : a))].join(' ')}`);
    const started = Date.now();
    const { code, out } = await run(cmd, args);
    const ms = Date.now() - started;
    const r = { ...step, code, ms, ok: code === 0 };
    if (step.layer) {
      Object.assign(r, mochaCounts(out));
      r.runs = runCounts(out);
      r.failing = failingBlocks(out);
      if (r.summaries === 0) r.why = 'no mocha summary in its output';
      else if (r.failed > 0) r.why = `${r.failed} failing`;
      else if (r.pending > 0) r.why = `${r.pending} skipped`;
      else if (r.passed === 0) r.why = 'no tests ran';
      else if (code !== 0) r.why = `exit code ${code}`;
      r.ok = !r.why;
    } else {
      if (step.name === 'build') r.detail = /dist\/extension\.js ([\d.]+ KB)/.exec(out)?.[1];
      if (code !== 0) r.why = `exit code ${code}`;
    }
    say(`${step.name}: ${r.ok ? 'ok' : `FAILED (${r.why})`} in ${secs(ms)}`);
    results.push(r);
  }

  const checks = results.filter((r) => !r.layer);
  const layers = results.filter((r) => r.layer);
  const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
  const total = (k) => layers.reduce((n, r) => n + (r[k] ?? 0), 0);
  for (const r of layers.filter((l) => (l.failing ?? []).length > 0)) {
    console.log('');
    say(`what failed in ${r.name}:`);
    for (const block of r.failing) console.log(block);
  }
  console.log('');
  say(`total ${secs(Date.now() - t0)}`);
  console.log(`checks: ${checks.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'}${r.detail ? ` (${r.detail})` : ''} ${secs(r.ms)}`).join(' · ')}`);
  console.log(
    `layers: ${layers.map((r) => `${r.name} ${r.passed} passed${r.runs ? ` (${r.runs})` : ''}`).join(' · ')} — ${total('pending')} skipped, ${total('failed')} failed` +
      ` (${layers.map((r) => `${r.name} ${secs(r.ms)}`).join(', ')})` +
      (failedSteps.length > 0 ? ` — FAILED: ${failedSteps.join(', ')}` : ''),
  );
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

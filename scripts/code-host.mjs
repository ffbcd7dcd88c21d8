#!/usr/bin/env node
// The offline "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }): takes
// --extensionDevelopmentPath=… --extensionTestsPath=… [--user-data-dir=…] [--extensions-dir=…] [folder],
// runs the tests in code-server's real extension host with headless Chromium as the client, prints the
// extension host's output and exits with the tests' code. Depends only on scripts/lib/code-server.mjs.
//
// Environment: everything is passed through to the extension host (tests read their stub URLs from it).
//   CODE_HOST_WORKSPACE_TRUST=on  workspace trust enabled: the folder opens untrusted (Restricted Mode, no prompt)
//   CODE_HOST_VSCODE=oldest       the oldest host (VS Code 1.90, see setup-host.sh) instead of the current one
//   CODE_HOST_TIMEOUT_S=600       give up (exit 1) after this long
//   CODE_HOST_VERBOSE=1           also print code-server's log and the page's console
//   CODE_HOST_KEEP=1              keep the per-run temp dir (logs, profile) for a post-mortem
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import {
  CALM_SETTINGS,
  TRUST_ON_SETTINGS,
  hostPaths,
  launchChromium,
  remotePath,
  startCodeServer,
  workbenchUrl,
  writeUserSettings,
} from './lib/code-server.mjs';

const t0 = Date.now();
// The log channel carries the workbench's own chatter too; these lines say nothing about the tests.
const WORKBENCH_NOISE =
  /^(Resolving connection token|Resolved connection token|Creating a socket|\[reconnection-grace-time\]|Updating additional builtin extensions cache|\[Service Worker\]|\[AgentHost|\[AccountPolicyGate\]|Creation of workbench contribution)|ECONNREFUSED 127\.0\.0\.1:9\b/;
const say = (msg) => console.log(`[code-host] ${msg}`);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

function parseArgs(argv) {
  const out = { devPaths: [], testsPath: undefined, userDataDir: undefined, extensionsDir: undefined, folder: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--extensionDevelopmentPath':
        out.devPaths.push(path.resolve(value()));
        break;
      case '--extensionTestsPath':
        out.testsPath = path.resolve(value());
        break;
      case '--user-data-dir':
        out.userDataDir = path.resolve(value());
        break;
      case '--extensions-dir':
        out.extensionsDir = path.resolve(value());
        break;
      case '--folder-uri':
        out.folder = new URL(value()).pathname;
        break;
      default:
        // Desktop-only switches runTests always adds (--no-sandbox, --disable-workspace-trust, …) mean nothing here:
        // trust is CODE_HOST_WORKSPACE_TRUST's job.
        if (!a.startsWith('-')) out.folder = path.resolve(a);
    }
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.testsPath || args.devPaths.length === 0) {
    console.error('usage: code-host.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [--user-data-dir=DIR] [folder]');
    return 2;
  }
  const trust = /^(1|on|true)$/i.test(process.env.CODE_HOST_WORKSPACE_TRUST ?? '');
  const verbose = /^(1|true)$/i.test(process.env.CODE_HOST_VERBOSE ?? '');
  const timeoutS = Number(process.env.CODE_HOST_TIMEOUT_S ?? 600);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'near-lens-host-'));
  const userDataDir = args.userDataDir ?? path.join(runDir, 'user-data');
  writeUserSettings(userDataDir, trust ? TRUST_ON_SETTINGS : {}, CALM_SETTINGS);

  let server;
  let browser;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (!process.env.CODE_HOST_KEEP) rmSync(runDir, { recursive: true, force: true });
    else say(`kept ${runDir}`);
  };
  const onSignal = (sig) => {
    say(`${sig}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    server = await startCodeServer({ runDir, userDataDir, extensionsDir: args.extensionsDir, folder: args.folder, trust, logToConsole: verbose });
    say(
      `code-server ${server.base} (VS Code ${hostPaths().vscodeVersion()}) ready in ${secs(server.startMs)} (workspace trust ${trust ? 'on' : 'off'}${args.folder ? `, folder ${args.folder}` : ''})`,
    );

    browser = await launchChromium({ profileDir: path.join(runDir, 'chromium') });
    // The clipboard a desktop VS Code has: VS Code 1.90's web workbench reads it only through navigator.clipboard,
    // which headless Chromium refuses without these permissions (later workbenches keep what they wrote).
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
    const page = browser.pages()[0] ?? (await browser.newPage());
    let settle;
    const done = new Promise((resolve) => (settle = resolve));
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const text = format(...(Array.isArray(args) ? args : [args]));
      if (!verbose && WORKBENCH_NOISE.test(text)) return;
      (type === 'error' ? process.stderr : process.stdout).write(`${text}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code) => settle({ code: Number(code) || 0 }));
    page.on('pageerror', (e) => verbose && console.error(`[page error] ${e.message}`));
    if (verbose) page.on('console', (m) => console.error(`[page ${m.type()}] ${m.text()}`));
    server.exited.then((e) => settle({ code: 1, why: `code-server exited (${e.code ?? e.signal}) during the run` }));
    const timer = setTimeout(() => settle({ code: 1, why: `no result after ${timeoutS} s (CODE_HOST_TIMEOUT_S)` }), timeoutS * 1000);

    const payload = [
      ...args.devPaths.map((p) => ['extensionDevelopmentPath', remotePath(server.port, p)]),
      ['extensionTestsPath', remotePath(server.port, args.testsPath)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    const tPage = Date.now();
    await page.goto(workbenchUrl(server.base, { folder: args.folder, payload }));
    const result = await done;
    clearTimeout(timer);
    if (result.why) {
      console.error(`[code-host] ${result.why}; last lines of code-server's log:`);
      console.error(readFileSync(server.logFile, 'utf8').trimEnd().split('\n').slice(-30).join('\n'));
    }
    say(`tests exited with ${result.code} (page to exit ${secs(Date.now() - tPage)}, total ${secs(Date.now() - t0)})`);
    return result.code;
  } catch (e) {
    console.error(`[code-host] ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await cleanup();
  }
}

main().then((code) => process.exit(code));

// Shared helpers for the offline VS Code host: start code-server (installed by setup-host.sh into .tools/)
// in its own process group with per-run dirs, write user settings, open Debian's headless Chromium.
// Used by code-host.mjs, start.mjs and the browser E2E. Must not import project source (src/, test/).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The pins live in setup-host.sh only; read them from there so the two never disagree. */
function pin(name) {
  const text = readFileSync(path.join(ROOT, 'scripts/setup-host.sh'), 'utf8');
  const m = new RegExp(`^${name}=([0-9.]+)`, 'm').exec(text);
  if (!m?.[1]) throw new Error(`scripts/setup-host.sh has no ${name}=`);
  return m[1];
}

/**
 * The hosts setup-host.sh installs: `current` (the newest VS Code) and `oldest` (the oldest VS Code that
 * package.json's engines.vscode claims, for one more in-editor run). `CODE_HOST_VSCODE=oldest` picks the default.
 * code-server 4.90 knows neither --reconnection-grace-time nor --vscode-option (its VS Code 1.90 workbench honours
 * the `payload` URL parameter without the smoke-test driver, and stop() kills the extension host with the group).
 */
const HOSTS = {
  current: { node: 'NODE_VERSION', codeServer: 'CODE_SERVER_VERSION', newFlags: true },
  oldest: { node: 'OLDEST_NODE_VERSION', codeServer: 'OLDEST_CODE_SERVER_VERSION', newFlags: false },
};
export const defaultHost = () => process.env.CODE_HOST_VSCODE || 'current';

/** Paths of the installed host; throws a helpful message when setup has not run. */
export function hostPaths(host = defaultHost()) {
  const pins = HOSTS[host];
  if (!pins) throw new Error(`unknown host "${host}" (CODE_HOST_VSCODE: ${Object.keys(HOSTS).join(' or ')})`);
  const tools = path.join(ROOT, '.tools');
  const nodeVersion = pin(pins.node);
  const node = path.join(tools, `node-${nodeVersion}`, 'bin/node');
  const codeServer = path.join(tools, `code-server-${pin(pins.codeServer)}`, 'node_modules/code-server');
  const entry = path.join(codeServer, 'out/node/entry.js');
  for (const [what, p] of [
    [`Node ${nodeVersion}`, node],
    ['code-server', entry],
    ['Chromium', CHROMIUM],
  ]) {
    if (!existsSync(p)) throw new Error(`${what} is missing (${p}): run \`npm run setup:host\` first`);
  }
  /** The VS Code inside, e.g. 1.90.2. */
  const vscodeVersion = () => JSON.parse(readFileSync(path.join(codeServer, 'lib/vscode/package.json'), 'utf8')).version;
  return { node, codeServer, entry, vscodeVersion, newFlags: pins.newFlags };
}

/** User settings that keep a fresh workbench calm and offline. */
export const CALM_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.reduceMotion': 'on',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'editor.hover.delay': 100,
};

/** Settings for a run with workspace trust ON: no modal prompt, so the folder simply opens in Restricted Mode. */
export const TRUST_ON_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
};

/** Merges settings into <userDataDir>/User/settings.json: given settings win over what is there, which wins over `defaults`. */
export function writeUserSettings(userDataDir, settings, defaults = {}) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  mkdirSync(path.dirname(file), { recursive: true });
  let existing = {};
  if (existsSync(file)) existing = JSON.parse(readFileSync(file, 'utf8') || '{}');
  writeFileSync(file, `${JSON.stringify({ ...defaults, ...existing, ...settings }, null, 2)}\n`);
  return file;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// A closed loopback port: the gallery queries of server and page are refused at once instead of leaving the machine.
const OFFLINE_GALLERY = JSON.stringify({
  serviceUrl: 'http://127.0.0.1:9/gallery',
  itemUrl: 'http://127.0.0.1:9/item',
  resourceUrlTemplate: 'http://127.0.0.1:9/{publisher}/{name}/{version}/{path}',
  controlUrl: '',
  nlsBaseUrl: '',
});

function hostEnv(runDir, extraEnv) {
  return {
    ...process.env,
    ...extraEnv,
    XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
    XDG_CACHE_HOME: path.join(runDir, 'xdg-cache'),
    EXTENSIONS_GALLERY: OFFLINE_GALLERY,
  };
}

/** `code-server --install-extension file.vsix` into the run's extensions dir (< 1 s). */
export function installExtension({ vsix, userDataDir, extensionsDir, runDir, host }) {
  const { node, entry } = hostPaths(host);
  const r = spawnSync(node, [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'], {
    env: hostEnv(runDir, {}),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`--install-extension ${vsix} failed:\n${r.stdout}${r.stderr}`);
}

/**
 * Starts code-server on 127.0.0.1:<free port> in its own process group. Everything it writes goes under
 * runDir (XDG dirs, its log). `trust: false` passes --disable-workspace-trust (every folder trusted);
 * `trust: true` leaves trust on. `smokeTestDriver` lets the workbench honour the `payload` URL parameter.
 * `host`: 'current' or 'oldest' (see hostPaths).
 */
export async function startCodeServer({
  runDir,
  userDataDir = path.join(runDir, 'user-data'),
  extensionsDir = path.join(runDir, 'extensions'),
  folder,
  trust = false,
  smokeTestDriver = true,
  env = {},
  port,
  logToConsole = false,
  host,
}) {
  const { node, entry, newFlags } = hostPaths(host);
  mkdirSync(userDataDir, { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  port ??= await freePort();
  const args = [
    entry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(newFlags ? ['--reconnection-grace-time', '5'] : []), // else a dropped page leaves a ~150 MB extension host alive for 3 hours
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--config',
    path.join(runDir, 'code-server.yaml'),
  ];
  if (!trust) args.push('--disable-workspace-trust');
  if (smokeTestDriver && newFlags) args.push('--vscode-option', 'enable-smoke-test-driver');
  if (folder) args.push(folder);

  const logFile = path.join(runDir, 'code-server.log');
  const log = createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(node, args, { env: hostEnv(runDir, env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    if (logToConsole) stream.pipe(process.stderr, { end: false });
  }
  let exited = null;
  const exitPromise = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));

  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  // Last resort if our process dies without stop(): never leave the group behind.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    if (!exited) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 3000);
      await exitPromise;
      clearTimeout(timer);
    }
    killGroup('SIGKILL'); // helpers (extension host, watchers) that outlived the server
    log.end();
  };

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      log.end();
      throw new Error(`code-server exited (${exited.code ?? exited.signal}) before it was ready; log: ${logFile}\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer /healthz within 60 s; log: ${logFile}\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, base, pid: child.pid, userDataDir, extensionsDir, logFile, startMs: Date.now() - started, exited: exitPromise, stop };
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** The workbench URL: `folder` opens a folder; `payload` ([key, value] pairs) carries the extension-development arguments. */
export function workbenchUrl(base, { folder, payload } = {}) {
  const url = new URL(base);
  if (folder) url.searchParams.set('folder', folder);
  else url.searchParams.set('ew', 'true');
  if (payload?.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** `vscode-remote://127.0.0.1:PORT/abs/path`: how the workbench names a path on the code-server side. */
export function remotePath(port, absPath) {
  return `vscode-remote://127.0.0.1:${port}${path.resolve(absPath)}`;
}

/** Debian's Chromium through playwright-core, quiet on a closed network, with a fresh profile. */
export async function launchChromium({ profileDir, headless = true, viewport = { width: 1400, height: 900 }, colorScheme } = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless,
    viewport,
    colorScheme,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

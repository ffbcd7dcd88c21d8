// `npm start`: NEAR Lens in a real VS Code (code-server) at a printed loopback URL, from nothing: installs
// dependencies and the host when missing, builds, packages a .vsix and installs it, and serves a workspace.
//   npm start                          public mainnet (the extension's defaults)
//   npm start -- --stub                the loopback stub service (no network needed, random free ports): custom network
//                                      in user settings; c in this terminal (or `npm run stub -- change`) changes history.near,
//                                      g (or `npm run stub -- call`) makes game.lensdev.near's calls: a failed one, an event
//   npm start -- --testnet             testnet;  or NEAR_LENS_NETWORK=stub|testnet|mainnet
//   npm start -- --dev                 load the extension from this folder (extension development mode; pair
//                                      with `npm run watch` and "Developer: Reload Window")
//   npm start -- --vsix FILE           install this .vsix instead of building one
//   npm start -- --port 8080 [FOLDER]  port (default 8080, or a free one) and folder (default test/fixtures/workspace)
// State (settings, extensions) persists under .tools/start/. Imports only node builtins until dependencies exist.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg) => console.log(`[start] ${msg}`);
const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`[start] \`${cmd} ${args.join(' ')}\` failed (${r.status ?? r.signal})`);
    process.exit(1);
  }
}

function parseArgs(argv) {
  const o = { network: process.env.NEAR_LENS_NETWORK || 'mainnet', dev: false, vsix: undefined, port: undefined, folder: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--stub') o.network = 'stub';
    else if (a === '--testnet') o.network = 'testnet';
    else if (a === '--mainnet') o.network = 'mainnet';
    else if (a === '--dev') o.dev = true;
    else if (a === '--vsix') o.vsix = path.resolve(argv[++i] ?? '');
    else if (a === '--port') o.port = Number(argv[++i]);
    else if (a === '--help' || a === '-h') {
      console.log(readHelp());
      process.exit(0);
    } else if (!a.startsWith('-')) o.folder = path.resolve(a);
    else {
      console.error(`[start] unknown option ${a} (try --help)`);
      process.exit(2);
    }
  }
  if (!['mainnet', 'testnet', 'stub'].includes(o.network)) {
    console.error(`[start] NEAR_LENS_NETWORK must be mainnet, testnet or stub (got ${o.network})`);
    process.exit(2);
  }
  return o;
}

function readHelp() {
  return 'usage: npm start -- [--stub|--testnet|--mainnet] [--dev] [--vsix FILE] [--port N] [FOLDER]';
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();

  // 1. Dependencies and the host, only when missing (each step is instant when done).
  if (!existsSync(path.join(ROOT, 'node_modules/.package-lock.json'))) {
    const t = Date.now();
    say('npm ci');
    run('npm', ['ci', '--no-audit', '--no-fund']);
    say(`dependencies: ${secs(t)}`);
  }
  run('bash', [path.join(ROOT, 'scripts/setup-host.sh')]);

  // 2. Build; package a .vsix unless loading from the folder or given one.
  let t = Date.now();
  run(process.execPath, ['esbuild.mjs']);
  let vsix = opts.vsix;
  if (!opts.dev && !vsix) {
    vsix = path.join(ROOT, '.tools/start/near-lens-dev.vsix');
    mkdirSync(path.dirname(vsix), { recursive: true });
    // A local demo package of the dev build (`npm run package` is the production one).
    run(process.execPath, [path.join(ROOT, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '-o', vsix], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  say(`build${vsix && !opts.vsix ? ' + package' : ''}: ${secs(t)}`);

  const lib = await import(pathToFileURL(path.join(ROOT, 'scripts/lib/code-server.mjs')).href);
  const stateDir = path.join(ROOT, '.tools/start');
  const userDataDir = path.join(stateDir, 'user-data');
  const extensionsDir = path.join(stateDir, 'extensions');
  mkdirSync(stateDir, { recursive: true });

  // 3. Network: user settings (the endpoint settings are application-scoped: user settings only).
  let stub;
  let demo; // scripts/lib/stub-demo.ts, with --stub
  // Undefined drops a key: a previous --stub run's loopback URLs must not linger in this demo profile.
  const settings = {
    'nearLens.network': opts.network === 'stub' ? 'custom' : opts.network,
    'nearLens.customNetwork.apiUrl': undefined,
    'nearLens.customNetwork.rpcUrl': undefined,
    'nearLens.customNetwork.archivalRpcUrl': undefined,
    'nearLens.customNetwork.txApiUrl': undefined,
  };
  if (opts.network === 'stub') {
    const { tsImport } = await import('tsx/esm/api');
    const { startStub } = await tsImport(pathToFileURL(path.join(ROOT, 'test/support/stub.ts')).href, import.meta.url);
    demo = await tsImport(pathToFileURL(path.join(ROOT, 'scripts/lib/stub-demo.ts')).href, import.meta.url);
    // The control route lets `npm run stub -- change` in another terminal reach it; the state file says where it is.
    stub = await startStub({ fixturesDir: path.join(ROOT, 'test/fixtures'), control: true });
    demo.writeStubState(demo.stubStateFile(ROOT), stub);
    Object.assign(settings, {
      'nearLens.customNetwork.apiUrl': stub.apiUrl,
      'nearLens.customNetwork.rpcUrl': stub.rpcUrl,
      'nearLens.customNetwork.archivalRpcUrl': stub.archivalRpcUrl,
      'nearLens.customNetwork.txApiUrl': stub.txApiUrl,
    });
  }
  // The demo opens on the editor and NEAR Lens: no empty secondary side bar (VS Code shows one by default). With the stub,
  // what a watched contract's calls are read for names the demo contract's method and events (a default: yours wins).
  lib.writeUserSettings(userDataDir, settings, {
    ...lib.CALM_SETTINGS,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    ...(demo && { 'nearLens.watchlistActivity': demo.DEMO_ACTIVITY_SETTING }),
  });

  // 4. Install the .vsix and start code-server.
  if (vsix) {
    t = Date.now();
    lib.installExtension({ vsix, userDataDir, extensionsDir, runDir: stateDir });
    say(`installed ${path.relative(ROOT, vsix)}: ${secs(t)}`);
  }
  const folder = opts.folder ?? path.join(ROOT, 'test/fixtures/workspace');
  const port = opts.port ?? ((await portFree(8080)) ? 8080 : undefined);
  t = Date.now();
  const server = await lib.startCodeServer({ runDir: stateDir, userDataDir, extensionsDir, folder, port, smokeTestDriver: opts.dev });
  say(`code-server ready: ${secs(t)} (total ${secs(t0)})`);
  const url = lib.workbenchUrl(server.base, {
    folder,
    payload: opts.dev ? [['extensionDevelopmentPath', lib.remotePath(server.port, ROOT)]] : undefined,
  });

  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    if (demo) demo.clearStubState(demo.stubStateFile(ROOT));
    await server.stop();
    await stub?.close();
    process.exit(code);
  };
  const keys = demo
    ? demo.listenForKeys({
        change: () => say(demo.changeText(stub.changeAccount(demo.DEMO_ACCOUNT))),
        call: () => demo.roundText((call) => stub.demoCall(call)).forEach((line) => say(line)),
        stop: () => void stop(0),
      })
    : false;

  console.log('');
  console.log(`  NEAR Lens in VS Code ${opts.dev ? '(extension development mode, from this folder)' : '(installed from the .vsix)'}`);
  console.log(`  open:    ${url}`);
  if (demo) for (const line of demo.startStubLines(stub, keys)) console.log(line);
  else console.log(`  network: ${opts.network} (public FastNEAR endpoints)`);
  console.log(`  stop:    ${keys ? 'q or ' : ''}Ctrl+C`);
  console.log('');
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  server.exited.then((e) => {
    if (!stopping) {
      console.error(`[start] code-server exited (${e.code ?? e.signal}); log: ${server.logFile}`);
      void stop(1);
    }
  });
}

main().catch((e) => {
  console.error(`[start] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

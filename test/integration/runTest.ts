// The one entry of the in-editor tests (`npm run test:integration`, after scripts/build-tests.mjs): starts the
// loopback stub in this process, writes the run's user settings (custom network → stub), and runs the bundled
// mocha suite through @vscode/test-electron's runTests in a real VS Code:
//   VSCODE_EXECUTABLE=/path/to/code   a desktop VS Code you have
//   NEAR_LENS_VSCODE=download         let @vscode/test-electron download one (needs the internet)
//   otherwise                         the offline host, scripts/code-host.mjs (code-server + headless Chromium)
// Runs: "main" (trust off, test/fixtures/workspace), "untrusted" (trust on, a temp copy of the workspace whose
// .vscode/settings.json points the endpoints at the stub's foreign host), "web" (the Web Worker extension host) and
// "oldest" (the main suite again on the oldest VS Code engines.vscode claims, code-server 4.90 = VS Code 1.90).
// Each run's line says how many tests passed. Must not import src/.
import { runTests } from '@vscode/test-electron';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStub } from '../support/stub';
import { serveStubControl, stubEnv } from './support/stubControl';

const ROOT = path.resolve(__dirname, '../..');
const SUITE_DIR = path.join(ROOT, 'out/test/integration/suite');
const CODE_HOST = path.join(ROOT, 'scripts/code-host.mjs');
const FIXTURE_WORKSPACE = path.join(ROOT, 'test/fixtures/workspace');
/** publisher.name, for `remote.extensionKind` (runTest.ts must not import src/ or the suite's support). */
const EXTENSION_ID = (({ publisher, name }: { publisher: string; name: string }) => `${publisher}.${name}`)(
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string },
);

interface Run {
  name: 'main' | 'untrusted' | 'web' | 'oldest';
  folder: string;
  trust: boolean;
  /** Which offline host (scripts/lib/code-server.mjs): the current VS Code unless 'oldest'. */
  host?: 'oldest';
}

const WEB_DIR = path.join(ROOT, 'out/test/integration/web');

const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function pickExecutable(): { path: string | undefined; label: string; offline: boolean } {
  const named = process.env['VSCODE_EXECUTABLE'];
  if (named) return { path: named, label: `desktop VS Code at ${named}`, offline: false };
  if (process.env['NEAR_LENS_VSCODE'] === 'download') return { path: undefined, label: 'downloaded desktop VS Code', offline: false };
  return { path: CODE_HOST, label: 'offline host (code-server + headless Chromium)', offline: true };
}

async function main(): Promise<number> {
  if (!existsSync(path.join(SUITE_DIR, 'index.js'))) {
    console.error('[integration] out/test/integration/suite/index.js is missing: run `node scripts/build-tests.mjs` first');
    return 1;
  }
  const exe = pickExecutable();
  const stub = await startStub({ fixturesDir: path.join(ROOT, 'test/fixtures') });
  const control = await serveStubControl(stub);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'near-lens-it-'));
  // The temporary Git checkout failuresGit.test.ts makes in the fixture workspace, if a killed run left it there.
  for (const name of readdirSync(FIXTURE_WORKSPACE).filter((n) => n.startsWith('near-lens-git-')))
    rmSync(path.join(FIXTURE_WORKSPACE, name), { recursive: true, force: true });
  const results: string[] = [];
  let failed = 0;
  try {
    const runs: Run[] = [{ name: 'main', folder: FIXTURE_WORKSPACE, trust: false }];
    if (readdirSync(SUITE_DIR).some((f) => f.endsWith('.untrusted.test.js'))) {
      if (exe.offline) runs.push({ name: 'untrusted', folder: hostileWorkspace(scratch, stub.foreignUrl), trust: true });
      // runTests always passes --disable-workspace-trust to a desktop VS Code, so only the offline host can run it.
      else results.push('untrusted: not run (a desktop VS Code launched by runTests always has workspace trust disabled)');
    }
    // The web build in the browser's Web Worker extension host: the main suite again (scripts/build-tests.mjs).
    if (existsSync(path.join(WEB_DIR, 'index.js'))) {
      if (exe.offline) runs.push({ name: 'web', folder: FIXTURE_WORKSPACE, trust: false });
      else results.push('web: not run (the Web Worker extension host run needs the offline host, code-server)');
    }
    // The main suite on the oldest VS Code that engines.vscode claims (scripts/setup-host.sh installs it).
    if (exe.offline) runs.push({ name: 'oldest', folder: FIXTURE_WORKSPACE, trust: false, host: 'oldest' });
    else results.push('oldest: not run (VS Code 1.90 is one of the offline hosts; a desktop VS Code runs as it is)');
    // NEAR_LENS_IT_RUNS=web (or main,untrusted …) runs only those.
    const only = process.env['NEAR_LENS_IT_RUNS']?.split(',');
    for (const run of runs.filter((r) => !only || only.includes(r.name))) {
      const userDataDir = path.join(scratch, `${run.name}-user-data`);
      const web = run.name === 'web';
      const grep = process.env['NEAR_LENS_TEST_GREP'];
      const env = {
        ...stubEnv(stub, control),
        NEAR_LENS_TEST_SUITE: run.name,
        NEAR_LENS_TEST_HOST: web ? 'web' : 'node',
        ...(grep ? { NEAR_LENS_TEST_GREP: grep } : {}),
      };
      writeUserSettings(userDataDir, {
        // Application-scoped settings: only user settings count, so they go here and not into the workspace.
        'nearLens.network': 'custom',
        'nearLens.customNetwork.apiUrl': stub.apiUrl,
        'nearLens.customNetwork.rpcUrl': stub.rpcUrl,
        'nearLens.customNetwork.archivalRpcUrl': stub.archivalRpcUrl,
        'nearLens.customNetwork.txApiUrl': stub.txApiUrl,
        // An extension with both `main` and `browser` runs in the Web Worker host only when asked to.
        ...(web ? { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } : {}),
      });
      // No environment in a Web Worker: the web suite reads the same variables from this file (web/index.ts).
      if (web) writeFileSync(path.join(WEB_DIR, 'stub.json'), `${JSON.stringify(env, null, 2)}\n`);
      const label = run.host === 'oldest' ? `${exe.label}, VS Code ${oldestVersion()}` : exe.label;
      console.log(
        `[integration] ${run.name} run: ${label}, workspace ${run.folder.startsWith(ROOT) ? path.relative(ROOT, run.folder) : run.folder}, trust ${run.trust ? 'on' : 'off'}`,
      );
      const started = Date.now();
      const output = tapStdout();
      try {
        await runTests({
          ...(exe.path ? { vscodeExecutablePath: exe.path } : {}),
          extensionDevelopmentPath: ROOT,
          extensionTestsPath: web ? path.join(WEB_DIR, 'index.js') : path.join(SUITE_DIR, 'index.js'),
          launchArgs: [run.folder, `--user-data-dir=${userDataDir}`, `--extensions-dir=${path.join(scratch, `${run.name}-extensions`)}`],
          extensionTestsEnv: {
            ...env,
            NEAR_LENS_FIXTURE_WORKSPACE: run.folder,
            CODE_HOST_WORKSPACE_TRUST: run.trust ? 'on' : 'off',
            ...(run.host ? { CODE_HOST_VSCODE: run.host } : {}),
          },
        });
        results.push(`${run.name}: ${counted(output.stop())} in ${secs(Date.now() - started)}`);
      } catch (e) {
        failed++;
        results.push(`${run.name}: FAILED (${counted(output.stop())}) in ${secs(Date.now() - started)} (${e instanceof Error ? e.message : String(e)})`);
      }
    }
  } finally {
    await control.close();
    await stub.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const line of results) console.log(`[integration] ${line}`);
  return failed > 0 ? 1 : 0;
}

/** Keeps a copy of what runTests writes to stdout (the extension host's mocha output) until stop(). */
function tapStdout(): { stop: () => string } {
  const write = process.stdout.write.bind(process.stdout);
  let text = '';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  return {
    stop: () => {
      process.stdout.write = write;
      return text;
    },
  };
}

/** "N passed[, M pending][, K failing]" from the run's mocha summary ("  N passing (12s)" …), or "no mocha summary". */
function counted(output: string): string {
  const n = (word: string): number | undefined => {
    const m = new RegExp(`^\\s*(\\d+) ${word}\\b`, 'm').exec(output);
    return m?.[1] === undefined ? undefined : Number(m[1]);
  };
  const passing = n('passing');
  if (passing === undefined) return 'no mocha summary';
  const pending = n('pending');
  const failing = n('failing');
  return `${passing} passed${pending ? `, ${pending} pending` : ''}${failing ? `, ${failing} failing` : ''}`;
}

/** The VS Code inside the oldest offline host (read from its install; runTest.ts must not import the scripts). */
function oldestVersion(): string {
  const pin = /^OLDEST_CODE_SERVER_VERSION=([0-9.]+)/m.exec(readFileSync(path.join(ROOT, 'scripts/setup-host.sh'), 'utf8'))?.[1];
  const file = path.join(ROOT, `.tools/code-server-${pin}/node_modules/code-server/lib/vscode/package.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : `of code-server ${pin} (not installed)`;
}

function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  writeFileSync(path.join(userDataDir, 'User', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** A copy of the fixture workspace whose workspace settings try to send everything to the stub's foreign host, and link a crate. */
function hostileWorkspace(scratch: string, foreignUrl: string): string {
  const dir = path.join(scratch, 'untrusted-workspace');
  cpSync(FIXTURE_WORKSPACE, dir, { recursive: true });
  mkdirSync(path.join(dir, '.vscode'), { recursive: true });
  const hostile = {
    'nearLens.network': 'custom',
    'nearLens.customNetwork.apiUrl': foreignUrl,
    'nearLens.customNetwork.rpcUrl': foreignUrl,
    'nearLens.customNetwork.archivalRpcUrl': foreignUrl,
    'nearLens.customNetwork.txApiUrl': foreignUrl,
    'nearLens.auth.transport': 'query',
    // Which account a crate runs on is the workspace's word only once trusted (contract lens, #47).
    'nearLens.deployments': { 'contracts/game': ['game.lensdev.near'] },
  };
  writeFileSync(path.join(dir, '.vscode', 'settings.json'), `${JSON.stringify(hostile, null, 2)}\n`);
  return dir;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

// Builds the production .vsix once per E2E run, exactly as a person would: `npm run package` (production bundle with
// its size gate, then vsce). Both E2E files use the same result: package.e2e.ts checks it, workbench.e2e.ts installs it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
export const VSIX = path.join(ROOT, 'near-lens.vsix'); // where package.json's "package" script writes it
const VSCE = path.join(ROOT, 'node_modules/@vscode/vsce/vsce');

export interface Packaged {
  vsix: string;
  bytes: number;
  /** Everything `npm run package` printed (stdout + stderr). */
  output: string;
  ms: number;
}

let packaged: Packaged | undefined;

/** `npm run package` (memoised). Throws with the output when it fails. */
export function packageVsix(): Packaged {
  if (packaged) return packaged;
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // stdin closed: should vsce ever ask "Do you want to continue? [y/N]" (it does for some warnings), it reads no "y".
  const r = spawnSync(npm, ['run', 'package'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !existsSync(VSIX)) throw new Error(`npm run package failed (${r.status ?? r.signal}):\n${output}`);
  packaged = { vsix: VSIX, bytes: statSync(VSIX).size, output, ms: Date.now() - started };
  return packaged;
}

/** `vsce ls`: the files vsce would package, one per line, as it prints them. */
export function vsceLs(): string[] {
  const r = spawnSync(process.execPath, [VSCE, 'ls', '--no-dependencies'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (r.status !== 0) throw new Error(`vsce ls failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
  return r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

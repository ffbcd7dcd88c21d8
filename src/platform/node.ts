// The Node-only adapter: what only a Node extension host can do (start a program). The web build never bundles it
// (processes.ts requires it behind its web-build switch), and ESLint allows Node built-ins in this file alone.
import { spawn } from 'node:child_process';

export interface StartedProcess {
  /** Sends text to the program's standard input (a terminal's keys). */
  write(text: string): void;
  /** Stops the program and every process it started (the shell's children: cargo, the test binary). */
  stop(): void;
}

export interface ProcessEvents {
  /** Output as it comes, decoded as UTF-8 (a character cut between two reads is kept for the next). */
  output(stream: 'stdout' | 'stderr', text: string): void;
  /** The program ended: its exit code, or undefined when a signal stopped it; `error` when it could not start. */
  exit(code: number | undefined, error?: string): void;
}

/** Runs `command` in the system's shell (as a shell task does), in `cwd`, with `env` over the extension host's own. */
export function startShellCommand(command: string, o: { cwd: string; env?: Readonly<Record<string, string>> }, on: ProcessEvents): StartedProcess {
  const posix = process.platform !== 'win32';
  const child = spawn(command, {
    cwd: o.cwd,
    env: { ...process.env, ...o.env },
    shell: true,
    // Its own process group on POSIX, so stop() reaches the shell's children too.
    detached: posix,
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  let ended = false;
  const end = (code: number | undefined, error?: string): void => {
    if (ended) return;
    ended = true;
    on.exit(code, error);
  };
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (text: string) => on.output('stdout', text));
  child.stderr.on('data', (text: string) => on.output('stderr', text));
  child.stdin.on('error', () => {}); // the program closed its input: keys typed after that go nowhere
  child.on('error', (e) => end(undefined, e.message));
  // 'close', not 'exit': every byte of its output has been read by then.
  child.on('close', (code) => end(code ?? undefined));
  return {
    write(text) {
      if (child.stdin.writable) child.stdin.write(text);
    },
    stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      try {
        if (posix) process.kill(-child.pid, 'SIGTERM');
        else child.kill();
      } catch {
        child.kill();
      }
    },
  };
}

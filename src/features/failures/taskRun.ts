// The run of a `near-lens` task (tasks.ts registers the type): the command in a terminal of NEAR Lens's own (a
// Pseudoterminal), its output read line by line for panics (model/taskPanics.ts) and each panic put in the Problems
// panel on its line in the workspace (source "NEAR Lens", code near-lens-test-panic), found by the failure search's own
// ranking (model/rank.ts): joined to the crate's folder first, else looked for in the workspace. It works in any
// workbench whose extension host can start programs — desktop, Remote-SSH, Codespaces, code-server — where VS Code's own
// matchers cannot look a crate's path up (their `search` reads the local disk only). The web build's Web Worker cannot
// start a program: there the terminal says so. Part of the lazy part `failures`: loaded at a task's first run.
import vscode = require('vscode');
import { errorMessage } from '../../base/errors';
import { sanitizeText } from '../../base/text';
import type { SourceLocation } from '../../near/failure/panic';
import { startShellCommand } from '../../platform/processes';
import type { StartedProcess } from '../../platform/node';
import type { RedactingLog } from '../../platform/outputLog';
import { DIAGNOSTIC_SOURCE, PROBLEM_ANCHORS, problemTarget } from '../diagnostics/model/problem';
import { rankLocationFiles } from './model/rank';
import { PanicReader } from './model/taskPanics';
import type { TaskPanic } from './model/taskPanics';
import { editorSearchHost } from './sources';

/** A `near-lens` task as tasks.json writes it (package.json `taskDefinitions` says the same to the editor). */
export interface NearTaskDefinition extends vscode.TaskDefinition {
  /** The shell command: `cargo test`, `cargo test --test '*'`, `npm test`. */
  command: string;
  /** Where it runs: absolute (`${workspaceFolder}/contracts/game`) or inside the workspace folder; default the folder. */
  cwd?: string;
  /** The crate folder (inside the workspace folder) a panic's relative path is read from first; `cwd` unless said. */
  crate?: string;
  env?: Record<string, string>;
}

export const TEST_PANIC_CODE = PROBLEM_ANCHORS['test-panic'];
/** A file name a glob can carry as it is; another names no file the search can list (rank.ts compares listed files only). */
const PLAIN_NAME = /^[\w.@+-]{1,255}$/;
const LIST_MAX = 5_000;

/** Every run of a `near-lens` task: their terminals and the Problems they make. */
export class TaskRuns implements vscode.Disposable {
  readonly problems = new TaskProblems();

  constructor(private readonly log: RedactingLog) {}

  /** The terminal of one run of a task (`key` names the task: a run replaces its entries of the last one). */
  terminal(d: NearTaskDefinition, folder: vscode.WorkspaceFolder | undefined, key: string): vscode.Pseudoterminal {
    return new PanicTerminal(d, folder, key, this.problems, this.log);
  }

  dispose(): void {
    this.problems.dispose();
  }
}

/** The task's terminal: the command's output as it comes, then what NEAR Lens put in the Problems panel. */
class PanicTerminal implements vscode.Pseudoterminal {
  readonly #write = new vscode.EventEmitter<string>();
  readonly #close = new vscode.EventEmitter<number>();
  readonly onDidWrite = this.#write.event;
  readonly onDidClose = this.#close.event;
  #process: StartedProcess | undefined;

  constructor(
    private readonly d: NearTaskDefinition,
    private readonly folder: vscode.WorkspaceFolder | undefined,
    private readonly key: string,
    private readonly problems: TaskProblems,
    private readonly log: RedactingLog,
  ) {}

  open(): void {
    if (!startShellCommand) {
      this.#say(
        'This task runs a program, which the browser cannot: open the folder in VS Code on the desktop, or in a remote window (Remote-SSH, a dev container, Codespaces), and run it there.',
      );
      return this.#end(1);
    }
    const cwd = cwdOf(this.d, this.folder);
    if (!cwd) {
      this.#say('This task runs in a folder on disk: open one (a virtual or remote file system without a local path cannot run a command).');
      return this.#end(1);
    }
    const run = this.problems.begin(this.key);
    const places = new SourcePlaces(
      this.folder,
      [this.d.crate, this.d.cwd].map((p) => relativeToFolder(p, this.folder)).filter((p): p is string => !!p),
    );
    const readers = { stdout: new PanicReader(), stderr: new PanicReader() };
    const found: Array<Promise<string | undefined>> = [];
    const take = (panics: TaskPanic[]): void => {
      for (const p of panics) found.push(this.#place(p, places, run));
    };
    this.#write.fire(`\x1b[2m> ${this.d.command}\x1b[0m\r\n`);
    this.#process = startShellCommand(
      this.d.command,
      { cwd: cwd.fsPath, ...(this.d.env && { env: stringsOf(this.d.env) }) },
      {
        output: (stream, text) => {
          this.#write.fire(text.replace(/\r?\n/g, '\r\n'));
          take(readers[stream].push(text));
        },
        exit: (code, error) => {
          take(readers.stdout.end());
          take(readers.stderr.end());
          if (error) this.#say(`The command could not start: ${sanitizeText(error, 300)}`);
          void Promise.all(found).then((notes) => {
            const put = notes.filter((n) => n === undefined).length;
            for (const n of notes) if (n !== undefined) this.#say(n);
            this.#say(put === 0 ? 'No panic with a line in this workspace.' : `${put === 1 ? 'One panic' : `${put} panics`} in the Problems panel.`);
            this.#end(code ?? 1);
          });
        },
      },
    );
  }

  /** Puts one panic on its line; answers a note for the terminal when it could not, or when the path was ambiguous. */
  async #place(p: TaskPanic, places: SourcePlaces, run: number): Promise<string | undefined> {
    const at = `${sanitizeText(p.location.path, 200)}:${p.location.line}:${p.location.column}`;
    try {
      const found = await places.find(p.location);
      if (!found) return `${at} is not in this workspace: no entry for "${sanitizeText(p.message, 80)}".`;
      this.problems.add(this.key, run, found.uri, p);
      if (found.others.length === 0) return undefined;
      return `${at} is in ${found.others.length + 1} places here; the entry is on ${sanitizeText(found.relPath, 200)}. Set "crate" in the task to name the crate.`;
    } catch (e) {
      this.log.warn(`NEAR Lens could not place a panic of a task: ${errorMessage(e)}`);
      return `${at}: the workspace could not be searched.`;
    }
  }

  close(): void {
    this.#process?.stop();
  }

  /** Keys typed in the terminal go to the program; Ctrl+C stops it. */
  handleInput(data: string): void {
    if (data === '\x03') this.#process?.stop();
    else this.#process?.write(data);
  }

  #say(line: string): void {
    this.#write.fire(`\x1b[36mNEAR Lens:\x1b[0m ${line}\r\n`);
  }

  #end(code: number): void {
    this.#close.fire(code);
  }
}

/** Where the task runs: `cwd` (absolute, or inside the folder), else the workspace folder; undefined off disk. */
function cwdOf(d: NearTaskDefinition, folder: vscode.WorkspaceFolder | undefined): vscode.Uri | undefined {
  const cwd = typeof d.cwd === 'string' && d.cwd !== '' ? d.cwd.replace(/\$\{workspaceFolder\}/g, folder?.uri.fsPath ?? '') : undefined;
  if (cwd && /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(cwd)) return vscode.Uri.file(cwd);
  if (!folder || folder.uri.scheme !== 'file') return undefined;
  return cwd ? vscode.Uri.joinPath(folder.uri, cwd) : folder.uri;
}

/** A folder named in the task as a `/`-separated path inside the workspace folder ('' for the folder itself). */
function relativeToFolder(p: string | undefined, folder: vscode.WorkspaceFolder | undefined): string | undefined {
  if (typeof p !== 'string' || p === '' || !folder) return undefined;
  const root = folder.uri.fsPath.replace(/\\/g, '/').replace(/\/+$/, '');
  const s = p
    .replace(/\$\{workspaceFolder\}/g, root)
    .replace(/\\/g, '/')
    .replace(/\/+$/, '');
  const rel = s === root ? '' : s.startsWith(`${root}/`) ? s.slice(root.length + 1) : /^(?:\/|[A-Za-z]:\/)/.test(s) ? undefined : s.replace(/^\.\//, '');
  return rel === undefined || rel.split('/').includes('..') ? undefined : rel;
}

function stringsOf(env: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A panic's path to a workspace file: joined to the crate and run folders first, else looked for and ranked. */
class SourcePlaces {
  readonly #listed = new Map<string, Promise<Array<{ uri: string; relPath: string }>>>();
  readonly #host = editorSearchHost();

  constructor(
    private readonly folder: vscode.WorkspaceFolder | undefined,
    /** The crate folder, then the run's folder, inside the workspace folder. */
    private readonly dirs: readonly string[],
  ) {}

  async find(l: SourceLocation): Promise<{ uri: vscode.Uri; relPath: string; others: string[] } | undefined> {
    const segs = l.path.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
    const relative = !/^(?:[\\/~]|[A-Za-z]:[\\/])/.test(l.path) && !segs.includes('..');
    if (relative && this.folder) {
      for (const dir of [...this.dirs, '']) {
        const uri = vscode.Uri.joinPath(this.folder.uri, ...dir.split('/').filter(Boolean), ...segs);
        if (await isFile(uri)) return { uri, relPath: [dir, ...segs].filter(Boolean).join('/'), others: [] };
      }
    }
    const name = segs[segs.length - 1] ?? '';
    if (!PLAIN_NAME.test(name) || name === '..') return undefined;
    let listed = this.#listed.get(name);
    if (!listed) {
      listed = this.#list(name);
      this.#listed.set(name, listed);
    }
    const files = await listed;
    const ranked = rankLocationFiles({ location: l, contractPath: this.dirs[0], receiverId: '', files });
    const first = ranked[0];
    if (!first) return undefined;
    return { uri: vscode.Uri.parse(first.file.uri), relPath: first.relPath, others: ranked.slice(1).map((r) => r.relPath) };
  }

  async #list(name: string): Promise<Array<{ uri: string; relPath: string }>> {
    const uris = await this.#host.findFiles(`**/${name}`, LIST_MAX, new AbortController().signal);
    return uris.map((uri) => ({ uri, relPath: this.#host.relPath(uri) }));
  }
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File;
  } catch {
    return false;
  }
}

interface Entry {
  uri: vscode.Uri;
  panic: TaskPanic;
}

/** The Problems of every `near-lens` task, one collection: a task's entries stay until it runs again. */
class TaskProblems implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('nearLensTasks');
  readonly #byTask = new Map<string, { run: number; entries: Entry[] }>();
  #runs = 0;

  /** A run starts: its task's entries of the last run go. Answers the run's number. */
  begin(key: string): number {
    const old = this.#byTask.get(key)?.entries ?? [];
    const run = ++this.#runs;
    this.#byTask.set(key, { run, entries: [] });
    for (const uri of new Set(old.map((e) => e.uri.toString()))) this.#publish(uri);
    return run;
  }

  /** An entry of a run; one of a run the task has since started again is dropped. */
  add(key: string, run: number, uri: vscode.Uri, panic: TaskPanic): void {
    const task = this.#byTask.get(key);
    if (task?.run !== run) return;
    task.entries.push({ uri, panic });
    this.#publish(uri.toString());
  }

  #publish(uri: string): void {
    const entries = [...this.#byTask.values()].flatMap((t) => t.entries).filter((e) => e.uri.toString() === uri);
    const target = entries[0]?.uri ?? vscode.Uri.parse(uri);
    this.collection.set(target, entries.length === 0 ? undefined : entries.map(diagnostic));
  }

  dispose(): void {
    this.collection.dispose();
    this.#byTask.clear();
  }
}

function diagnostic({ uri, panic }: Entry): vscode.Diagnostic {
  const at = new vscode.Position(panic.location.line - 1, panic.location.column - 1);
  // The words as they are, line by line (assert_eq!'s `left:` and `right:` below its message), each line plain text.
  const message = panic.message
    .split('\n')
    .map((l) => sanitizeText(l, 500))
    .filter(Boolean)
    .join('\n');
  const d = new vscode.Diagnostic(new vscode.Range(at, at), message, vscode.DiagnosticSeverity.Error);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = { value: TEST_PANIC_CODE, target: vscode.Uri.parse(problemTarget('test-panic')) };
  const info: vscode.DiagnosticRelatedInformation[] = [];
  if (panic.test) info.push(new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, at), `In test ${sanitizeText(panic.test, 200)}`));
  if (panic.fix) info.push(new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, at), `Fix: ${panic.fix}`));
  if (info.length > 0) d.relatedInformation = info;
  return d;
}

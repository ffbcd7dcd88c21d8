// In-editor: NEAR Lens's task type for real. The fixture workspace's `near-lens` tasks (.vscode/tasks.json: a `cat` of
// a recorded test run in test/fixtures/task-logs/) are fetched and run through VS Code's task API, and the Problems they
// make are read from vscode.languages.getDiagnostics(): the file under contracts/<name>/, the line, the words. In the
// Web Worker host (the web run) the task cannot start a program: it ends with exit code 1 and makes none.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, workspaceUri } from '../support/editor';
import { stubEnvValue } from '../support/stubClient';

const CODE = 'near-lens-test-panic';
const UNWRAP = 'called `Option::unwrap()` on a `None` value';
const web = (): boolean => stubEnvValue('NEAR_LENS_TEST_HOST') === 'web';

/** Every NEAR Lens test-panic Problem as "path:line:col words" (path inside the workspace, 1-based line and column). */
function taskProblems(): string[] {
  const root = workspaceUri().path.replace(/\/+$/, '');
  return vscode.languages
    .getDiagnostics()
    .flatMap(([uri, list]) =>
      list
        .filter((d) => d.source === 'NEAR Lens' && typeof d.code === 'object' && d.code.value === CODE)
        .map((d) => `${uri.path.slice(root.length + 1)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`),
    )
    .sort();
}

/** `after` less one of each of `before` (a multiset difference): what a run added. */
function added(before: readonly string[], after: readonly string[]): string[] {
  const left = [...before];
  return after.filter((x) => {
    const i = left.indexOf(x);
    if (i === -1) return true;
    left.splice(i, 1);
    return false;
  });
}

/** Runs the fixture's task `label` and answers its exit code, once the run has ended (its Problems are published by then). */
async function runTask(label: string): Promise<number | undefined> {
  const tasks = await vscode.tasks.fetchTasks({ type: 'near-lens' });
  const task = tasks.find((t) => t.name === label);
  assert.ok(task, `no near-lens task "${label}" (tasks: ${tasks.map((t) => t.name).join(', ')})`);
  const ended = new Promise<number | undefined>((resolve) => {
    const sub = vscode.tasks.onDidEndTaskProcess((e) => {
      if (e.execution.task.name !== label) return;
      sub.dispose();
      resolve(e.exitCode);
    });
  });
  await vscode.tasks.executeTask(task);
  return ended;
}

/** What a run of `label` adds to the Problems panel, and its exit code. */
async function problemsOf(label: string): Promise<{ exit: number | undefined; added: string[] }> {
  const before = taskProblems();
  const exit = await runTask(label);
  return { exit, added: added(before, taskProblems()).sort() };
}

describe('NEAR Lens tasks: a test run’s panics in the Problems panel', function () {
  this.timeout(60_000);

  before(async () => {
    await activateExtension();
  });

  if (web()) {
    it('the Web Worker host cannot start the command: the task ends with exit code 1 and no Problem', async () => {
      const { exit, added: got } = await problemsOf('sandbox tests');
      assert.equal(exit, 1);
      assert.deepEqual(got, []);
    });
    return;
  }

  it('is a task type of its own: the workspace’s near-lens tasks are fetched, resolved by NEAR Lens', async () => {
    const tasks = await vscode.tasks.fetchTasks({ type: 'near-lens' });
    const names = tasks.map((t) => t.name);
    for (const label of ['game: integration tests', 'sandbox tests', 'game: cargo test (NEAR Lens)']) assert.ok(names.includes(label), names.join(', '));
    assert.ok(tasks.every((t) => t.execution instanceof vscode.CustomExecution || t.execution === undefined));
  });

  it('Rust 1.73 and later: each panic on its line of contracts/game, the words alone (assert_eq!’s left and right under them)', async () => {
    const { exit, added: got } = await problemsOf('game: cargo test (NEAR Lens)');
    assert.equal(exit, 0, 'cat ended well');
    assert.deepEqual(got, [
      `contracts/game/src/lib.rs:29:50 ${UNWRAP}`,
      'contracts/game/src/views.rs:100:9 assertion `left == right` failed: fee is 2%\nleft: 30\nright: 200',
      'contracts/game/src/views.rs:88:14 Pool not found',
    ]);
  });

  it('the failure model beside the words: the failing test, and a fix for an unwrap on None', async () => {
    const lib = vscode.Uri.joinPath(workspaceUri(), 'contracts/game/src/lib.rs');
    const d = vscode.languages.getDiagnostics(lib).find((x) => x.source === 'NEAR Lens' && x.message === UNWRAP);
    assert.ok(d, 'the unwrap’s Problem');
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(typeof d.code === 'object' && String(d.code.target), `https://github.com/near-lens/near-lens/blob/main/docs/DIAGNOSTICS.md#${CODE}`);
    const related = (d.relatedInformation ?? []).map((r) => r.message);
    assert.equal(related[0], 'In test tests::claim_before_settle');
    assert.match(related[1] ?? '', /^Fix: An unwrap\(\) met None there/);
  });

  it('before Rust 1.73: the one-line form and the multi-line assert, read from the task’s "crate" folder', async () => {
    const { added: got } = await problemsOf('game: cargo test before Rust 1.73 (NEAR Lens)');
    assert.deepEqual(got, [
      `contracts/game/src/lib.rs:29:50 ${UNWRAP}`,
      'contracts/game/src/views.rs:100:9 assertion failed: `(left == right)`\nleft: `30`,\nright: `200`: fee is 2%',
      'contracts/game/src/views.rs:88:14 Pool not found',
    ]);
  });

  it('near-workspaces: the contract’s panic quoted in a failure (GuestPanic, ExecutionError, a string in a string)', async () => {
    const { added: got } = await problemsOf('game: integration tests');
    // tests/pools.rs (the test's own unwrap) is not in the workspace: no entry, a line in the terminal.
    assert.deepEqual(got, [
      `contracts/game/src/lib.rs:29:50 ${UNWRAP}`,
      'contracts/game/src/views.rs:100:9 assertion `left == right` failed: fee is 2%\nleft: 30\nright: 200',
      'contracts/game/src/views.rs:88:14 Pool not found',
    ]);
  });

  it('no crate named: a path found once in the workspace is found there; one in two crates goes on the first ranked', async () => {
    const { added: got } = await problemsOf('integration tests, no crate named (NEAR Lens)');
    assert.deepEqual(got, [
      `contracts/game/src/lib.rs:29:50 ${UNWRAP}`,
      'contracts/game/src/views.rs:100:9 assertion `left == right` failed: fee is 2%\nleft: 30\nright: 200',
      'contracts/game/src/views.rs:88:14 Pool not found',
    ]);
    const js = await problemsOf('sandbox tests');
    assert.deepEqual(js.added, ['contracts/game/src/views.rs:88:14 Pool not found'], 'near-workspaces-js: JavaScript’s quotes');
  });

  it('the command’s exit code is the task’s; a run again replaces its own entries, not another task’s', async () => {
    const first = await problemsOf('cargo test, failing (NEAR Lens)');
    assert.equal(first.exit, 101);
    assert.deepEqual(first.added, [
      `contracts/arcade/src/lib.rs:27:9 assertion \`left == right\` failed: attach the stake\nleft: NearToken { inner: 0 }\nright: NearToken { inner: 1000000000000000000000000 }`,
      `contracts/arcade/src/lib.rs:35:52 ${UNWRAP}`,
      'contracts/game/src/views.rs:88:14 Pool not found',
    ]);
    const before = taskProblems();
    assert.equal((await problemsOf('cargo test, failing (NEAR Lens)')).exit, 101);
    assert.deepEqual(taskProblems(), before);
  });
});

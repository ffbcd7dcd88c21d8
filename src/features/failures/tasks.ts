// NEAR Lens's task type `near-lens` (package.json `taskDefinitions`), registered at activation: a tasks.json entry
// `{ "type": "near-lens", "command": "cargo test" }` becomes a task NEAR Lens runs itself (CustomExecution), so that
// it, not the terminal's problem matchers, puts the run's panics in the Problems panel. The run (taskRun.ts) is the
// failures feature's, made at a task's first run.
import vscode = require('vscode');
import { errorMessage } from '../../base/errors';
import { TASK_TYPE } from '../../manifest';
import type { Services } from '../../platform/services';
import type { FailureFeature } from './failureFeature';
import type { NearTaskDefinition } from './taskRun';

export function registerNearTasks(context: vscode.ExtensionContext, services: Services, failures: () => FailureFeature): void {
  context.subscriptions.push(
    vscode.tasks.registerTaskProvider(TASK_TYPE, {
      provideTasks: () => [],
      resolveTask: (task) => nearTask(task, services, failures),
    }),
  );
}

/** The task of a `near-lens` entry of tasks.json, run by NEAR Lens; undefined for an entry without a command. */
function nearTask(task: vscode.Task, services: Services, failures: () => FailureFeature): vscode.Task | undefined {
  const d = task.definition as Partial<NearTaskDefinition>;
  if (typeof d.command !== 'string' || d.command.trim() === '') return undefined;
  const folder = typeof task.scope === 'object' ? task.scope : vscode.workspace.workspaceFolders?.[0];
  const key = `${folder?.uri.toString() ?? ''}|${task.name}`;
  const execution = new vscode.CustomExecution(async (resolved) => {
    try {
      return failures().taskTerminal(resolved as NearTaskDefinition, folder, key);
    } catch (e) {
      services.log.warn(`NEAR Lens could not run the task ${task.name}: ${errorMessage(e)}`);
      throw e;
    }
  });
  // The definition stays the very object the editor gave: it is how the editor knows the task again.
  return new vscode.Task(task.definition, task.scope ?? vscode.TaskScope.Workspace, task.name, 'NEAR Lens', execution, []);
}

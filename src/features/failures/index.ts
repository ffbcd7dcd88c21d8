// Failures at activation: Show Failure in Code and the two commands its links and quick fix run are registered here;
// everything else is the lazy part `failures` (failuresPart.ts), loaded on their first call or when the transactions
// part meets a failed transaction.
import type * as vscode from 'vscode';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { loadPart, registerPartCommands } from '../../platform/parts';
import type * as Part from './failuresPart';
import type { FailureFeature } from './failuresPart';

let feature: FailureFeature | undefined;
let made: ((part: typeof Part) => FailureFeature) | undefined;

/** The feature, built once (its Problems, metadata and document links are shared by every caller of the session). */
export async function failureFeatureOf(): Promise<FailureFeature> {
  const part = await loadPart<typeof Part>('failures');
  if (!made) throw new Error('NEAR Lens: failures are not registered');
  return (feature ??= made(part));
}

export function registerFailures(context: vscode.ExtensionContext, services: Services): void {
  made = (part) => part.failureFeature(context, services);
  registerPartCommands<typeof Part>(
    context,
    'failures',
    [COMMANDS.showFailureInCode, COMMANDS.openFailureSource, COMMANDS.dismissFailure],
    (part) => (feature ??= part.failureFeature(context, services)).handlers,
  );
}

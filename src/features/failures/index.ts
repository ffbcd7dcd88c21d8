// Failures at activation: Show Failure in Code and the two commands its links and quick fix run are registered here;
// the feature itself (failureFeature.ts: Problems, metadata, the workspace search) is made on their first call or when
// a looked-up or hovered transaction has a failure.
import type * as vscode from 'vscode';
import { lazy } from '../../base/lazy';
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommandsOnFirstCall } from '../../platform/commands';
import { failureFeature } from './failureFeature';
import type { FailureFeature } from './failureFeature';

/** Registers the commands; returns the feature, made once on first use (its Problems and links serve every caller). */
export function registerFailures(context: vscode.ExtensionContext, services: Services): () => FailureFeature {
  const feature = lazy(() => failureFeature(context, services));
  registerCommandsOnFirstCall(context, [COMMANDS.showFailureInCode, COMMANDS.openFailureSource, COMMANDS.dismissFailure], () => feature().handlers);
  return feature;
}

// Reads `nearLens.*` from VS Code into a typed Settings snapshot (per-scope values, so untrusted workspaces cannot
// choose endpoints). The rules live in src/platform/settings.ts; this file only adapts VS Code's configuration API.
import vscode = require('vscode');
import { SETTING_KEYS, deploymentsValue, normaliseSettings } from './settings';
import type { RawSettings, Settings } from './settings';

import { SECTION } from '../manifest';

/** A snapshot of the settings as they apply now (workspace trust included). */
export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  // Per-scope values (normaliseSettings ignores VS Code's defaults and language scopes: the defaults are ours).
  const raw: RawSettings = Object.fromEntries(SETTING_KEYS.map((key) => [key, config.inspect(key)]));
  return normaliseSettings(raw, { trusted: vscode.workspace.isTrusted });
}

/** `nearLens.deployments` as it applies to one workspace folder (a multi-root workspace's folders each have theirs). */
export function readDeployments(folder: vscode.Uri): unknown {
  return deploymentsValue(vscode.workspace.getConfiguration(SECTION, folder).inspect('deployments'), vscode.workspace.isTrusted);
}

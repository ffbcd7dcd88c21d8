// Reads `nearLens.*` from VS Code into a typed Settings snapshot (per-scope values, so untrusted workspaces cannot
// choose endpoints). The rules live in src/core/settings.ts; this file only adapts VS Code's configuration API.
import vscode = require('vscode');
import { PRESETS } from '../core/networks';
import type { Endpoints } from '../core/networks';
import { SETTING_KEYS, normaliseSettings } from '../core/settings';
import type { NetworkLabel, RawSettings, Settings } from '../core/settings';

export const SECTION = 'nearLens';

/** A snapshot of the settings as they apply now (workspace trust included). */
export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const raw: RawSettings = {};
  for (const key of SETTING_KEYS) {
    const i = config.inspect(key);
    if (i) raw[key] = { globalValue: i.globalValue, workspaceValue: i.workspaceValue, workspaceFolderValue: i.workspaceFolderValue };
  }
  return normaliseSettings(raw, { trusted: vscode.workspace.isTrusted });
}

/** Endpoints of a network given the current settings (custom: the user's URLs, possibly empty when unusable). */
export function endpointsFor(network: NetworkLabel, settings: Settings): Endpoints {
  if (network === 'custom') return settings.endpoints;
  return PRESETS[network];
}

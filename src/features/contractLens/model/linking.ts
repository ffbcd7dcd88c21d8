// Which accounts a workspace contract is deployed on: those `nearLens.deployments` names for its folder (a trusted
// workspace only), else each watched account whose NEP-330 metadata names the crate — its `contract_path` is the
// crate's folder, or (naming no folder) its `link` is the crate's repository. And the setting's value after a link is
// added. Pure: no `vscode`; the setting is anyone's (a repository's .vscode/settings.json), so each entry is checked.
import { isRecord } from '../../../base/json';
import { sanitizeText } from '../../../base/text';
import { accountIdError } from '../../../near/ids';
import type { ContractSource } from '../../../near/failure/nep330';
import { repoKey } from '../../failures/model/rank';
import type { WorkspaceContract } from './types';

/** Crate folders → account ids, as the setting holds them once checked. */
export type Deployments = Readonly<Record<string, readonly string[]>>;

/** Folders and ids kept from one setting: a hostile value cannot grow without bound. */
const MAX_FOLDERS = 200;
const MAX_ACCOUNTS = 20;
const MAX_PATH = 300;

/** "./contracts/game/" or "contracts\\game" → "contracts/game"; '' for the workspace folder itself. */
export function cratePathKey(path: string): string {
  return path
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\.$/, '');
}

/** An entry of the setting that is not used: its folder ('' when the whole value is unusable) and why. */
export interface DeploymentProblem {
  readonly path: string;
  readonly message: string;
}

/** The setting's value checked: valid ids in lower case per folder, and a sentence for each entry that is not used. */
export function parseDeployments(value: unknown): { deployments: Deployments; problems: DeploymentProblem[] } {
  const problems: DeploymentProblem[] = [];
  const out: Record<string, string[]> = {};
  if (value === undefined || value === null) return { deployments: out, problems };
  if (!isRecord(value))
    return { deployments: out, problems: [{ path: '', message: 'nearLens.deployments is not an object of crate folders to account ids: ignored.' }] };
  for (const [folder, ids] of Object.entries(value).slice(0, MAX_FOLDERS)) {
    const key = cratePathKey(folder.slice(0, MAX_PATH));
    const shown = sanitizeText(folder, 80);
    if (!Array.isArray(ids)) {
      problems.push({ path: key, message: `nearLens.deployments › "${shown}" is not a list of account ids: ignored.` });
      continue;
    }
    const kept = (out[key] ??= []);
    for (const raw of ids.slice(0, MAX_ACCOUNTS)) {
      const id = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      const why = typeof raw === 'string' ? accountIdError(id) : 'not a string';
      const message = `nearLens.deployments › "${shown}": ${JSON.stringify(sanitizeText(String(raw), 80))} is not an account id (${why}): ignored.`;
      if (why) problems.push({ path: key, message });
      else if (!kept.includes(id)) kept.push(id);
    }
  }
  // fromEntries: a "__proto__" folder stays a key, never the prototype.
  return { deployments: Object.fromEntries(Object.entries(out).filter(([, l]) => l.length > 0)), problems };
}

/** A watched account and its NEP-330 metadata, when read. */
export interface WatchedSource {
  readonly accountId: string;
  readonly source?: ContractSource;
}

/** Whether an account's metadata names this crate. */
export function metadataNames(contract: WorkspaceContract, source: ContractSource | undefined): boolean {
  if (!source) return false;
  if (source.contractPath !== undefined) return cratePathKey(source.contractPath) === contract.path;
  const link = source.link === undefined ? undefined : repoKey(source.link);
  const repo = contract.repository === undefined ? undefined : repoKey(contract.repository);
  return link !== undefined && link === repo;
}

/** Where the accounts of a contract come from, for the tooltip: the setting, or the watched accounts' metadata. */
export type LinkOrigin = 'setting' | 'metadata';

/** The accounts `contract` is linked to, in order, and where they come from; none when it is linked to none. */
export function linkedAccounts(
  contract: WorkspaceContract,
  deployments: Deployments,
  watched: readonly WatchedSource[],
  trusted: boolean,
): { accounts: string[]; origin: LinkOrigin } | undefined {
  const listed = trusted ? deployments[contract.path] : undefined;
  if (listed && listed.length > 0) return { accounts: [...listed], origin: 'setting' };
  const named = [...new Set(watched.filter((w) => metadataNames(contract, w.source)).map((w) => w.accountId))];
  return named.length > 0 ? { accounts: named, origin: 'metadata' } : undefined;
}

/** The setting's new value with `accountId` added under `path` (every other entry kept as it was); unchanged when already there. */
export function withDeployment(current: unknown, path: string, accountId: string): Record<string, unknown> {
  const base: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  const key = cratePathKey(path);
  const list = Array.isArray(base[key]) ? (base[key] as unknown[]) : [];
  const id = accountId.trim().toLowerCase();
  return Object.fromEntries([...Object.entries(base).filter(([k]) => k !== key), [key, list.includes(id) ? list : [...list, id]]]);
}

// Link Contract to Account…: adds an account to `nearLens.deployments` for a workspace contract, from the palette
// (asks which contract and which account), from the code action on a contract block (asks the account), or from code
// with `{ path, accountId, folder? }` (no prompt; returns what it wrote, throws on input it cannot use).
import vscode = require('vscode');
import { invalidInput } from '../../base/errors';
import { isRecord } from '../../base/json';
import { sanitizeText } from '../../base/text';
import { COMMANDS, SECTION } from '../../manifest';
import { accountIdError } from '../../near/ids';
import type { WorkspaceContracts } from './workspaceContracts';
import type { ContractLensProvider } from './lensProvider';
import { cratePathKey, withDeployment } from './model/linking';
import type { WorkspaceContract } from './model/types';

/** What the command returns: the contract's folder, its workspace folder's URI, the account added and the folder's accounts now. */
export interface LinkResult {
  path: string;
  folder: string;
  accountId: string;
  accounts: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The contract an argument names: `{ path, folder? }`, `{ uri }` of a file in it, else the active editor's. */
async function contractOfArg(contracts: WorkspaceContracts, arg: Record<string, unknown>): Promise<WorkspaceContract | undefined> {
  const path = str(arg['path']);
  if (path !== undefined) {
    const key = cratePathKey(path);
    const folder = str(arg['folder']);
    const all = (await contracts.all()).filter((c) => c.path === key && (folder === undefined || c.folder === folder));
    if (all.length === 0)
      throw invalidInput(
        `No contract of the workspace is in "${sanitizeText(path, 100)}" (a folder with a Cargo.toml on near-sdk or a package.json on near-sdk-js).`,
      );
    return all[0];
  }
  const uri = str(arg['uri']) ?? vscode.window.activeTextEditor?.document.uri.toString();
  return uri === undefined ? undefined : contracts.contractOf(vscode.Uri.parse(uri));
}

async function pickContract(contracts: WorkspaceContracts): Promise<WorkspaceContract | undefined> {
  const all = await contracts.all();
  if (all.length === 0) {
    void vscode.window.showInformationMessage('NEAR Lens found no contract in this workspace (a Cargo.toml on near-sdk, or a package.json on near-sdk-js).');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    all.map((c) => ({ label: c.path || '.', description: c.name, contract: c })),
    { title: 'Link Contract to Account', placeHolder: 'Which contract?' },
  );
  return picked?.contract;
}

export async function linkContract(contracts: WorkspaceContracts, arg: unknown): Promise<LinkResult | undefined> {
  const a = isRecord(arg) ? arg : {};
  const fromCode = str(a['accountId']) !== undefined;
  const contract = (await contractOfArg(contracts, a)) ?? (fromCode ? undefined : await pickContract(contracts));
  if (!contract) {
    if (fromCode) throw invalidInput("Link Contract to Account needs { path, accountId }: the contract's folder in the workspace and the account.");
    return undefined;
  }
  let accountId = str(a['accountId'])?.trim().toLowerCase();
  if (accountId === undefined) {
    accountId = (
      await vscode.window.showInputBox({
        title: `Link ${contract.path || contract.name} to an account`,
        prompt: 'The account this contract is deployed on',
        placeHolder: 'game.hot.tg',
        validateInput: (v) => (v.trim() === '' ? undefined : accountIdError(v.trim().toLowerCase())),
      })
    )
      ?.trim()
      .toLowerCase();
    if (!accountId) return undefined;
  }
  const why = accountIdError(accountId);
  if (why) throw invalidInput(`"${sanitizeText(accountId, 80)}" is not an account id: ${why}.`);
  const folderUri = vscode.Uri.parse(contract.folder);
  const config = vscode.workspace.getConfiguration(SECTION, folderUri);
  const multiRoot = vscode.workspace.workspaceFile !== undefined;
  const scoped = config.inspect('deployments');
  const current = multiRoot ? scoped?.workspaceFolderValue : scoped?.workspaceValue;
  const value = withDeployment(current, contract.path, accountId);
  await config.update('deployments', value, multiRoot ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace);
  const accounts = (value[contract.path] as unknown[]).filter((x): x is string => typeof x === 'string');
  if (!fromCode) {
    const untrusted = vscode.workspace.isTrusted ? '' : ' It counts once you trust this workspace.';
    void vscode.window.showInformationMessage(`${contract.path || contract.name} is linked to ${accountId} (nearLens.deployments).${untrusted}`);
  }
  return { path: contract.path, folder: contract.folder, accountId, accounts };
}

/** The code action on a contract block's first line: Link Contract to Account… for that file's contract. */
export class LinkContractAction implements vscode.CodeActionProvider {
  readonly #lenses: () => ContractLensProvider;

  constructor(lenses: () => ContractLensProvider) {
    this.#lenses = lenses;
  }

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
    // A cheap look at the line first: most lines of most files are no contract block's.
    const line = doc.lineAt(range.start.line).text;
    if (!/#\s*\[\s*(?:near_sdk\s*::\s*)?(?:near|near_bindgen)\b|@\s*NearBindgen\b/.test(line)) return [];
    if (
      !this.#lenses()
        .blocksOf(doc)
        .some((b) => b.line === range.start.line)
    )
      return [];
    const action = new vscode.CodeAction('Link Contract to Account…', vscode.CodeActionKind.Refactor);
    action.command = { title: 'Link Contract to Account…', command: COMMANDS.linkContract, arguments: [{ uri: doc.uri.toString() }] };
    return [action];
  }
}

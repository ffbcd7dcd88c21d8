// The contract lens: above each public method of a linked contract, one lens per account with its calls of the day
// (drawn from what the activity source read: a lens never sends a request, it only says the account is wanted); above
// the contract block, why there are no counts, whether the deployed code is the workspace's build, and a setting's
// entry that was ignored. Refreshed when the source, the account facts, the workspace's contracts or settings change.
import vscode = require('vscode');
import { BoundedMap } from '../../base/lru';
import { COMMANDS } from '../../manifest';
import { readDeployments } from '../../platform/configuration';
import type { Services } from '../../platform/services';
import { accountIdError } from '../../near/ids';
import type { ChainFacts } from './chainFacts';
import type { WorkspaceBuilds } from './builds';
import type { WorkspaceContracts } from './workspaceContracts';
import { matchBuild } from './model/buildMatch';
import { contractBlocks, isContractLanguage } from './model/contractSource';
import { buildLens, lensSafe, methodLens, unsupportedLens } from './model/lensText';
import type { LensText, MethodClick } from './model/lensText';
import { linkedAccounts, parseDeployments } from './model/linking';
import type { ContractActivitySource, ContractBlock, WorkspaceContract } from './model/types';

/** Watched accounts whose metadata is read to link a crate: a long watchlist costs no more than this. */
const MAX_WATCHED_LINKS = 50;

export interface ContractLensParts {
  readonly services: Services;
  readonly source: ContractActivitySource;
  readonly contracts: WorkspaceContracts;
  readonly facts: ChainFacts;
  readonly builds: WorkspaceBuilds;
}

/** The accounts a contract is linked to now, and the setting's entries for its folder that were ignored. */
export function linksOf(parts: ContractLensParts, contract: WorkspaceContract): { accounts: string[]; problems: string[] } {
  const { deployments, problems } = parseDeployments(readDeployments(vscode.Uri.parse(contract.folder)));
  const mine = problems.filter((p) => p.path === contract.path || p.path === '').map((p) => p.message);
  const listed = deployments[contract.path];
  // The watched accounts' metadata is read only for a crate the setting does not link.
  const watched =
    listed && listed.length > 0
      ? []
      : parts.services.settings.watchlist
          .filter((id) => accountIdError(id) === undefined)
          .slice(0, MAX_WATCHED_LINKS)
          .map((accountId) => {
            const source = parts.facts.get(accountId, true)?.source;
            return { accountId, ...(source && { source }) };
          });
  return { accounts: linkedAccounts(contract, deployments, watched, vscode.workspace.isTrusted)?.accounts ?? [], problems: mine };
}

export class ContractLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  readonly #parts: ContractLensParts;
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.#emitter.event;
  readonly #disposables: vscode.Disposable[];
  /** Blocks by document and version: a file is parsed again only once it changed. */
  readonly #blocks = new BoundedMap<string, ContractBlock[]>(64);

  constructor(parts: ContractLensParts) {
    this.#parts = parts;
    const refresh = (): void => this.#emitter.fire();
    this.#disposables = [
      this.#emitter,
      parts.source.onDidChange(refresh),
      parts.facts.onDidChange(refresh),
      parts.contracts.onDidChange(refresh),
      parts.services.onDidChange(refresh),
      vscode.workspace.onDidGrantWorkspaceTrust(refresh),
    ];
  }

  /** The blocks of a document (parsed once per version). */
  blocksOf(doc: vscode.TextDocument): ContractBlock[] {
    if (!isContractLanguage(doc.languageId)) return [];
    const key = `${doc.uri.toString()} ${doc.version}`;
    let blocks = this.#blocks.get(key);
    if (!blocks) this.#blocks.set(key, (blocks = contractBlocks(doc.getText(), doc.languageId)));
    return blocks;
  }

  async provideCodeLenses(doc: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const blocks = this.blocksOf(doc);
    if (blocks.length === 0) return [];
    const contract = await this.#parts.contracts.contractOf(doc.uri);
    if (!contract || token.isCancellationRequested) return [];
    const { accounts, problems } = linksOf(this.#parts, contract);
    const lenses: vscode.CodeLens[] = [];
    const at = (line: number, character = 0): vscode.Range => new vscode.Range(line, character, line, character);
    const push = (range: vscode.Range, text: LensText, click?: MethodClick): void => {
      const command: vscode.Command = click
        ? {
            title: text.title,
            command: COMMANDS.openAccountPanel,
            arguments: [{ accountId: click.accountId, transactions: { method: click.method, failedFirst: click.failedFirst } }],
          }
        : { title: text.title, command: '' };
      if (text.tooltip !== undefined) command.tooltip = text.tooltip;
      lenses.push(new vscode.CodeLens(range, command));
    };
    for (const block of blocks) for (const p of problems) push(at(block.line), { title: lensSafe(p), tooltip: lensSafe(p, 400) });
    if (accounts.length === 0) return lenses;
    const builds = await this.#parts.builds.of(contract);
    const now = Date.now();
    for (const accountId of accounts) {
      this.#parts.source.want(accountId);
      const view = this.#parts.source.view(accountId);
      const codeHash = builds.length > 0 ? this.#parts.facts.get(accountId, false)?.codeHash : undefined;
      const match = codeHash === undefined ? undefined : matchBuild(codeHash, builds);
      for (const block of blocks) {
        const unsupported = unsupportedLens(accountId, view);
        if (unsupported) push(at(block.line), unsupported);
        if (match) push(at(block.line), buildLens(accountId, match, now));
        for (const method of block.methods) {
          const lens = methodLens(accountId, method, view, now);
          if (lens) push(at(method.line, method.character), lens, lens.click);
        }
      }
    }
    return lenses;
  }

  dispose(): void {
    for (const d of this.#disposables) d.dispose();
  }
}

// The contract lens: registers the lens provider while `nearLens.codeLens.activity` is on (off, it costs
// nothing), the Link Contract to Account… command and its code action. Registering makes the provider and its parts,
// which only subscribe: the workspace's contracts are listed, and accounts and builds read, on the first lens or
// command. The chain side's counts come in as a ContractActivitySource.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import type { Services } from '../../platform/services';
import { registerCommands } from '../../platform/commands';
import { WorkspaceBuilds } from './builds';
import { ChainFacts } from './chainFacts';
import { ContractLensProvider } from './lensProvider';
import { LinkContractAction, linkContract } from './linkCommand';
import { CONTRACT_LANGUAGES } from './model/contractSource';
import type { ContractActivitySource } from './model/types';
import { WorkspaceContracts } from './workspaceContracts';

// By language only: the web host's workspace files are not `file:` ones.
const SELECTOR: vscode.DocumentSelector = CONTRACT_LANGUAGES.map((language) => ({ language }));

export interface ContractLensApi {
  /** The provider (the in-editor tests read its parts' counters). */
  parts(): ContractLensProvider;
}

export function registerContractLens(context: vscode.ExtensionContext, services: Services, source: ContractActivitySource): ContractLensApi {
  let provider: ContractLensProvider | undefined;
  let contracts: WorkspaceContracts | undefined;
  const workspace = (): WorkspaceContracts => {
    if (!contracts) context.subscriptions.push((contracts = new WorkspaceContracts()));
    return contracts;
  };
  const lenses = (): ContractLensProvider => {
    if (!provider) {
      const facts = new ChainFacts(services);
      provider = new ContractLensProvider({ services, source, contracts: workspace(), facts, builds: new WorkspaceBuilds() });
      context.subscriptions.push(provider, facts);
    }
    return provider;
  };
  let registration: vscode.Disposable | undefined;
  const follow = (): void => {
    const on = services.settings.codeLensActivity;
    if (on && !registration) registration = vscode.languages.registerCodeLensProvider(SELECTOR, lenses());
    else if (!on && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  follow();
  context.subscriptions.push(
    services.onDidChange(follow),
    { dispose: () => registration?.dispose() },
    vscode.languages.registerCodeActionsProvider(SELECTOR, new LinkContractAction(lenses), { providedCodeActionKinds: [vscode.CodeActionKind.Refactor] }),
  );
  registerCommands(context, { [COMMANDS.linkContract]: (arg?: unknown) => linkContract(workspace(), arg) });
  return { parts: lenses };
}

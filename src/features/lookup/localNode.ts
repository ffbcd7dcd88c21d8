// Switch Network… → "Local node…": asks the node's RPC URL (the node in use, else http://127.0.0.1:3030),
// checks that it answers `status` (one request, no key), then writes the custom network as RPC-only and switches to it.
// A failure keeps the box open with the URL and says why — nothing answers, or something answered but not as a NEAR
// node — and that the network in use is kept.
import vscode = require('vscode');
import { NearClient } from '../../client/client';
import { hostOf } from '../../near/networks';
import { DEFAULT_LOCAL_RPC, localUrlError, nodeFoundText, probeFailureText, toNodeStatus } from './model/localNode';
import type { NodeStatus } from './model/localNode';
import { networkName } from '../../platform/network';
import { invalidInput } from '../../base/errors';
import type { Services } from '../../platform/services';
import { SECTION } from '../../manifest';
import { fail } from '../../platform/failure';

/** The URL to offer: the RPC-only custom network in use (a node), else the sandbox default. */
export function localNodeDefault(services: Services): string {
  const s = services.settings;
  return s.network === 'custom' && !s.configError && !s.endpoints.apiUrl && s.endpoints.rpcUrl ? s.endpoints.rpcUrl : DEFAULT_LOCAL_RPC;
}

/** One `status` request to `url`: the node's chain and head, or the sentence saying why it is not a node (nothing written). */
async function probe(services: Services, url: string): Promise<NodeStatus | string> {
  // No key: a node is not FastNEAR's (nor is the custom network's key for it before it is written).
  const client = new NearClient({
    endpoints: { apiUrl: '', rpcUrl: url, archivalRpcUrl: url },
    retries: 0,
    timeoutMs: Math.min(services.settings.timeoutMs, 5000),
  });
  try {
    return toNodeStatus((await client.rpc.request('status', [])).result) ?? probeFailureText(hostOf(url), { notStatus: true }, networkName(services.settings));
  } catch (e) {
    return probeFailureText(hostOf(url), e, networkName(services.settings));
  } finally {
    client.close();
  }
}

/**
 * Writes the custom network as this node and nothing else, and switches to it: the REST API, archival host,
 * transactions API and explorer of the custom network before it are cleared, so a node's view is never filled with
 * another service's data (a user who has them for this node adds them explicitly).
 */
async function useNode(url: string): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const G = vscode.ConfigurationTarget.Global;
  await config.update('customNetwork.rpcUrl', url, G);
  for (const other of ['apiUrl', 'archivalRpcUrl', 'txApiUrl', 'explorerUrl']) await config.update(`customNetwork.${other}`, undefined, G);
  await config.update('network', 'custom', G);
}

/** The prompt: stays open until a node answers (then resolves with its URL and status) or it is dismissed (undefined). */
function askNode(services: Services): Promise<{ url: string; status: NodeStatus } | undefined> {
  const box = vscode.window.createInputBox();
  box.title = 'NEAR Lens: Local node';
  box.prompt = 'The JSON-RPC URL of your node (near-sandbox, a nearcore localnet): NEAR Lens checks that it answers, then uses it as the custom network.';
  box.value = localNodeDefault(services);
  box.ignoreFocusOut = true;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: { url: string; status: NodeStatus } | undefined): void => {
      if (done) return;
      done = true;
      resolve(r);
      box.dispose();
    };
    box.onDidChangeValue((v) => (box.validationMessage = localUrlError(v)));
    box.onDidHide(() => finish(undefined));
    box.onDidAccept(async () => {
      const url = box.value.trim();
      if (localUrlError(url) || box.busy) return;
      box.busy = true;
      box.enabled = false;
      const r = await probe(services, url);
      box.busy = false;
      box.enabled = true;
      if (typeof r !== 'string') return finish({ url, status: r });
      services.log.warn(`Local node: ${r}`);
      // Kept open with the URL, for another try; the words say what answered and that nothing changed.
      box.validationMessage = { message: r, severity: vscode.InputBoxValidationSeverity.Error };
    });
    box.show();
  });
}

/**
 * From the pick (`given` undefined) or from code (`given`: the node's RPC URL, no prompt; `show` false says nothing).
 * Returns the node's chain and head, or undefined (dismissed, or not a node: nothing written).
 */
export async function localNode(services: Services, given?: string, show = true): Promise<NodeStatus | undefined> {
  let url: string;
  let status: NodeStatus;
  if (given === undefined) {
    const r = await askNode(services);
    if (!r) return undefined;
    ({ url, status } = r);
  } else {
    url = given.trim();
    const why = localUrlError(url);
    if (why) return fail(invalidInput(why), false, 'Local node', show);
    const r = await probe(services, url);
    if (typeof r === 'string') {
      if (show) void vscode.window.showWarningMessage(`NEAR Lens: ${r}`);
      services.log.warn(`Local node: ${r}`);
      return undefined;
    }
    status = r;
  }
  await useNode(url);
  if (show) void vscode.window.showInformationMessage(`NEAR Lens: ${nodeFoundText(hostOf(url), status)}`);
  return status;
}

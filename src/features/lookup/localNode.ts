// Switch Network… → "Local node…": asks the node's RPC URL (the node in use, else the last one, else
// http://127.0.0.1:3030), checks that it answers `status` (one request, no key), then writes the custom network as
// RPC-only and switches to it. A failure keeps the box open with the URL and says why — nothing answers, or something
// answered but not as a NEAR node — and that the network in use is kept. The custom network a node replaces is kept in
// global state (the user's, as the settings it held), said so, and Switch Network… offers it back (restoreKept).
import vscode = require('vscode');
import { NearClient } from '../../client/client';
import { hostOf } from '../../near/networks';
import {
  CUSTOM_NETWORK_KEYS,
  DEFAULT_LOCAL_RPC,
  keptNetworkName,
  keptText,
  localUrlError,
  networkToKeep,
  nodeFoundText,
  probeFailureText,
  sameNetwork,
  toNodeStatus,
} from './model/localNode';
import type { KeptNetwork, NodeStatus } from './model/localNode';
import { networkName } from '../../platform/network';
import { invalidInput } from '../../base/errors';
import { isRecord } from '../../base/json';
import type { Services } from '../../platform/services';
import { LOCAL_NODE_KEY, SECTION } from '../../manifest';
import { fail } from '../../platform/failure';

/** What Local node… keeps in global state, under one key (one write, so no echo of an older write can undo it). */
interface Kept {
  /** The custom network the last node replaced (networkToKeep reads it back). */
  replaced?: unknown;
  /** The last node's URL. */
  lastNode?: unknown;
}
const keptOf = (memory: vscode.Memento): Kept => {
  const v = memory.get<unknown>(LOCAL_NODE_KEY);
  return isRecord(v) ? v : {};
};

/** The URL to offer and why: the RPC-only custom network in use (a node), else the last node used, else the sandbox default. */
export function localNodeDefault(services: Services, memory: vscode.Memento): { url: string; why: 'in use' | 'last used' | 'default' } {
  const s = services.settings;
  if (s.network === 'custom' && !s.configError && !s.endpoints.apiUrl && s.endpoints.rpcUrl) return { url: s.endpoints.rpcUrl, why: 'in use' };
  const last = keptOf(memory).lastNode;
  return typeof last === 'string' && !localUrlError(last) ? { url: last, why: 'last used' } : { url: DEFAULT_LOCAL_RPC, why: 'default' };
}

/** The custom network's user values, as `inspect` gives them. */
function customValues(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(SECTION);
  return Object.fromEntries(CUSTOM_NETWORK_KEYS.map((k) => [k, config.inspect(`customNetwork.${k}`)?.globalValue]));
}

/** The custom network a node replaced, when it is not the one in the settings now (nothing to offer back then). */
export function keptNetwork(memory: vscode.Memento): KeptNetwork | undefined {
  const kept = networkToKeep(keptOf(memory).replaced);
  return kept && !sameNetwork(kept, customValues()) ? kept : undefined;
}

/**
 * Switch Network…'s way back: writes the kept custom network again, every URL it had (the others cleared), and switches
 * to it. It stays kept: a later Local node… would keep the same again.
 */
export async function restoreKept(memory: vscode.Memento, show: boolean): Promise<'custom'> {
  const kept = networkToKeep(keptOf(memory).replaced);
  if (!kept) throw invalidInput('No custom network is kept: Local node… keeps the one it replaces, and it has replaced none.');
  const config = vscode.workspace.getConfiguration(SECTION);
  const G = vscode.ConfigurationTarget.Global;
  for (const k of CUSTOM_NETWORK_KEYS) await config.update(`customNetwork.${k}`, kept[k], G);
  await config.update('network', 'custom', G);
  const [name, has] = keptNetworkName(kept);
  if (show) void vscode.window.showInformationMessage(`NEAR Lens: ${name} is in use again — ${has}.`);
  return 'custom';
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
 * another service's data (a user who has them for this node adds them explicitly). That network is kept first, when it
 * had more than an RPC URL; returned, so that the words can say where it went.
 */
async function useNode(url: string, memory: vscode.Memento): Promise<KeptNetwork | undefined> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const G = vscode.ConfigurationTarget.Global;
  const replaced = networkToKeep(customValues());
  await memory.update(LOCAL_NODE_KEY, { replaced: replaced ?? networkToKeep(keptOf(memory).replaced), lastNode: url });
  await config.update('customNetwork.rpcUrl', url, G);
  for (const other of ['apiUrl', 'archivalRpcUrl', 'txApiUrl', 'explorerUrl']) await config.update(`customNetwork.${other}`, undefined, G);
  await config.update('network', 'custom', G);
  return replaced;
}

/** The prompt: stays open until a node answers (then resolves with its URL and status) or it is dismissed (undefined). */
function askNode(services: Services, memory: vscode.Memento): Promise<{ url: string; status: NodeStatus } | undefined> {
  const box = vscode.window.createInputBox();
  box.title = 'NEAR Lens: Local node';
  box.prompt = 'The JSON-RPC URL of your node (near-sandbox, a nearcore localnet): NEAR Lens checks that it answers, then uses it as the custom network.';
  box.value = localNodeDefault(services, memory).url;
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
export async function localNode(services: Services, memory: vscode.Memento, given?: string, show = true): Promise<NodeStatus | undefined> {
  let url: string;
  let status: NodeStatus;
  if (given === undefined) {
    const r = await askNode(services, memory);
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
  const replaced = await useNode(url, memory);
  if (show) void vscode.window.showInformationMessage(`NEAR Lens: ${nodeFoundText(hostOf(url), status)}${replaced ? ` ${keptText(replaced)}` : ''}`);
  return status;
}

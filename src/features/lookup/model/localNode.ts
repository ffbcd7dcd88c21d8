// "Local node…" (Switch Network…): the default URL, the check of a node's `status` answer, the words for both
// outcomes, and the custom network a node replaces, kept to be offered back by name. Pure: no `vscode`, no I/O (the
// feature sends the one request through a NearClient and keeps the network in global state).
import { isRecord } from '../../../base/json';
import { sanitizeText } from '../../../base/text';
import { endpointUrlError, hostOf } from '../../../near/networks';

/** Where near-sandbox and a nearcore localnet serve JSON-RPC by default. */
export const DEFAULT_LOCAL_RPC = 'http://127.0.0.1:3030';

/** How to start a node when nothing answers (said, not run). */
export const START_A_NODE =
  'Start one with near-sandbox (`npx near-sandbox --home /tmp/near-sandbox init`, then `npx near-sandbox --home /tmp/near-sandbox run`), or nearcore’s `neard --home ~/.near/localnet run`, then try again.';

export interface NodeStatus {
  chainId: string;
  height: number;
}

/** Why a typed node URL cannot be used (nothing sent), or undefined. */
export function localUrlError(text: string): string | undefined {
  const why = endpointUrlError(text.trim());
  return why && `The RPC URL is ${why}.`;
}

/** The parts of a `status` answer shown: `chain_id` and `sync_info.latest_block_height`; undefined when it is not one. */
export function toNodeStatus(result: unknown): NodeStatus | undefined {
  const info = isRecord(result) && isRecord(result['sync_info']) ? result['sync_info'] : undefined;
  const chainId = isRecord(result) ? result['chain_id'] : undefined;
  const height = info?.['latest_block_height'];
  return typeof chainId === 'string' && Number.isSafeInteger(height) ? { chainId: sanitizeText(chainId, 60), height: height as number } : undefined;
}

/** "Local node at 127.0.0.1:3030: chain sandbox, head #1,234. In use now (RPC only)." — short enough for a toast's line. */
export function nodeFoundText(host: string, s: NodeStatus): string {
  return `Local node at ${host}: chain ${s.chainId}, head #${s.height.toLocaleString('en-US')}. In use now (RPC only).`;
}

/** "Nothing answers at 127.0.0.1:3030: Could not connect … Start one with …" */
export function nothingAnswersText(host: string, why: string): string {
  return `Nothing answers at ${host}: ${why.replace(/\.?$/, '.')} ${START_A_NODE}`;
}

/**
 * Why a URL is not a node, from what its `status` request ended in: nothing answers (a refused connection, a timeout),
 * or something answered but not as a NEAR JSON-RPC node (an HTTP status, not JSON, a JSON-RPC error, no node status)
 * — never "nothing answers" after an answer. Ends with the network kept (`inUse`, as the status bar names it).
 */
export function probeFailureText(host: string, e: unknown, inUse: string): string {
  const kept = ` The network in use is unchanged: ${inUse}.`;
  const x = (isRecord(e) ? e : {}) as { kind?: unknown; status?: unknown; message?: unknown; notStatus?: unknown };
  const message = typeof x.message === 'string' ? x.message : 'the request failed.';
  if (x.notStatus !== true && x.status === undefined && x.kind !== 'not-json' && x.kind !== 'bad-shape' && x.kind !== 'rpc') {
    // The browser's CORS refusal comes from a host that is up: it answered, the page may not read it.
    if (/browser blocked/i.test(message)) return `${host} answered, but ${message.replace(/^The/, 'the')}${kept}`;
    return `${nothingAnswersText(host, message)}${kept}`;
  }
  const status = typeof x.status === 'number' ? x.status : undefined;
  const detail =
    status !== undefined && (status < 200 || status > 299)
      ? `HTTP ${status}`
      : x.kind === 'not-json'
        ? 'not JSON'
        : x.kind === 'rpc'
          ? 'a JSON-RPC error to `status`'
          : 'no node status';
  const rest = status === 404 || status === 405 ? ' — is this the REST API?' : '';
  return `${host} answered, but not as a NEAR JSON-RPC node (${detail})${rest || '.'}${kept}`;
}

/** The custom network's settings a node replaces (below `nearLens.customNetwork.`), as Local node… keeps them. */
export const CUSTOM_NETWORK_KEYS = ['rpcUrl', 'apiUrl', 'archivalRpcUrl', 'txApiUrl', 'explorerUrl'] as const;
export type CustomNetworkKey = (typeof CUSTOM_NETWORK_KEYS)[number];
/** A custom network as the user had it: its RPC URL and whichever of the others were set. */
export type KeptNetwork = { rpcUrl: string } & Partial<Record<Exclude<CustomNetworkKey, 'rpcUrl'>, string>>;

/** What each of the others is called when the network is named by what it has. */
const SERVICE_WORDS: ReadonlyArray<readonly [Exclude<CustomNetworkKey, 'rpcUrl'>, string]> = [
  ['apiUrl', 'REST'],
  ['archivalRpcUrl', 'archival'],
  ['txApiUrl', 'transactions API'],
  ['explorerUrl', 'explorer'],
];

/**
 * The custom network worth keeping before a node replaces it: its user values (strings, `values` as `inspect` gives
 * them) when it has an RPC URL and more than that — what writing the node alone would erase; else undefined (a node
 * replacing a node erases only a URL the person typed over). Also reads a kept value back from storage, so anything
 * that is not such a record is nothing.
 */
export function networkToKeep(values: unknown): KeptNetwork | undefined {
  if (!isRecord(values)) return undefined;
  const str = (k: CustomNetworkKey): string => {
    const v = values[k];
    return typeof v === 'string' ? v.trim() : '';
  };
  const rpcUrl = str('rpcUrl');
  if (!rpcUrl) return undefined;
  const kept: KeptNetwork = { rpcUrl };
  for (const [k] of SERVICE_WORDS) if (str(k)) kept[k] = str(k);
  return Object.keys(kept).length > 1 ? kept : undefined;
}

/** Whether the custom network in the settings (`values`) is the kept one: nothing to offer back then. */
export function sameNetwork(kept: KeptNetwork, values: unknown): boolean {
  const now = isRecord(values) ? values : {};
  return CUSTOM_NETWORK_KEYS.every((k) => (kept[k] ?? '') === (typeof now[k] === 'string' ? now[k].trim() : ''));
}

/** The kept network by name, as Switch Network… offers it: ["custom · 127.0.0.1:3031", "REST, archival, transactions API"]. */
export function keptNetworkName(kept: KeptNetwork): [name: string, has: string] {
  const host = sanitizeText(hostOf(kept.rpcUrl) || kept.rpcUrl, 80);
  return [
    `custom · ${host}`,
    SERVICE_WORDS.filter(([k]) => kept[k])
      .map(([, w]) => w)
      .join(', '),
  ];
}

/** Said after Local node… replaced a fuller custom network: where it is kept, and how it comes back. */
export function keptText(kept: KeptNetwork): string {
  const [name, has] = keptNetworkName(kept);
  return `The custom network it replaced (${name} — ${has}) is kept: Switch Network… offers it back.`;
}

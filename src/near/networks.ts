// The networks NEAR Lens knows, the service URLs of each preset (FastNEAR) and URL helpers. Pure: no `vscode`, no I/O.

/** Where look-ups go: one of FastNEAR's two presets, or the user's own endpoints (nearLens.customNetwork.*). */
export type NetworkLabel = 'mainnet' | 'testnet' | 'custom';
/** FastNEAR's presets: the networks an account id's suffix (`.near`, `.testnet`) names. */
export type PresetNetwork = Exclude<NetworkLabel, 'custom'>;

export interface Endpoints {
  apiUrl: string;
  rpcUrl: string;
  archivalRpcUrl: string;
  /** FastNEAR's transactions API (transactions by hash, an account's history, receipts); none: RPC `tx` with the signer. */
  txApiUrl?: string;
}

/**
 * FastNEAR's four services on `net`: api.fastnear.com / test.api.fastnear.com, rpc.<net>.fastnear.com,
 * archival-rpc.<net>.fastnear.com, tx.main.fastnear.com / tx.test.fastnear.com.
 */
const fastnear = (net: PresetNetwork, api: string, tx: string): Endpoints =>
  Object.freeze({
    apiUrl: `https://${api}.fastnear.com`,
    rpcUrl: `https://rpc.${net}.fastnear.com`,
    archivalRpcUrl: `https://archival-rpc.${net}.fastnear.com`,
    txApiUrl: `https://tx.${tx}.fastnear.com`,
  });

export const PRESETS: { readonly mainnet: Endpoints; readonly testnet: Endpoints } = Object.freeze({
  mainnet: fastnear('mainnet', 'api', 'main'),
  testnet: fastnear('testnet', 'test.api', 'test'),
});

/**
 * How every message says a network has no transactions API (only a custom network can lack one) and where one is
 * named; `network` as the user reads it ("local · 127.0.0.1:3031"). Each place adds after a colon what it means there.
 */
export const noTxApi = (network = 'this network'): string => `No transactions API on ${network} (nearLens.customNetwork.txApiUrl names one)`;

/** Whose API key a network's requests carry: FastNEAR's key goes only to the FastNEAR presets; the custom network has its own. */
export type KeyProvider = 'fastnear' | 'custom';
export const keyProviderFor = (network: NetworkLabel): KeyProvider => (network === 'custom' ? 'custom' : 'fastnear');

export const EXPLORER_TEMPLATES: { readonly mainnet: string; readonly testnet: string } = Object.freeze({
  mainnet: 'https://nearblocks.io/address/{accountId}',
  testnet: 'https://testnet.nearblocks.io/address/{accountId}',
});

/** An explorer page: `{accountId}` in the template replaced by the URI-encoded id. */
export function explorerUrl(template: string, accountId: string): string {
  return template.split('{accountId}').join(encodeURIComponent(accountId));
}

/**
 * Explorers whose transaction page sits beside their account page: the host, the account page's path before the id,
 * and the transaction page's path before the hash.
 */
const TX_PAGES: ReadonlyArray<readonly [host: RegExp, account: string, tx: string]> = [
  [/^(testnet\.)?nearblocks\.io$/i, '/address/', '/txns/'],
  [/^(testnet\.)?pikespeak\.ai$/i, '/wallet-explorer/', '/transaction-viewer/'],
];

/**
 * A transaction's page on the explorer an account template names (the nearLens.explorer.* settings), when it is one
 * NEAR Lens knows (nearblocks, pikespeak), on the same host; undefined for any other template: a page is never guessed.
 */
export function txExplorerUrl(accountTemplate: string, hash: string): string | undefined {
  const u = parseUrl(accountTemplate);
  if (!u || !isHttp(u)) return undefined;
  const path = u.pathname.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  const page = TX_PAGES.find(([host, account]) => host.test(u.hostname) && (path === `${account}{accountId}` || path.startsWith(`${account}{accountId}/`)));
  return page && `${u.origin}${page[2]}${encodeURIComponent(hash)}`;
}

const parseUrl = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};
const isHttp = (u: URL): boolean => u.protocol === 'http:' || u.protocol === 'https:';

/** Host part of a URL for display, '' when it is not a URL. */
export function hostOf(url: string): string {
  return parseUrl(url)?.host ?? '';
}

/** The origin (scheme://host:port) of an http(s) URL, or undefined when it is not one. */
export function originOf(url: string): string | undefined {
  const u = parseUrl(url);
  return u && isHttp(u) ? u.origin : undefined;
}

/** Why a user-supplied endpoint URL is unusable, or undefined when fine (http(s), no credentials in it). */
export function endpointUrlError(url: string): string | undefined {
  const u = parseUrl(url);
  if (!u) return 'not a valid URL';
  if (!isHttp(u)) return 'only http and https URLs are supported';
  if (u.username || u.password) return 'user names and passwords in the URL are not supported';
  return undefined;
}

// What NEAR Lens says about where look-ups go (the Switch Network choices, the status bar, the no-key notice) and
// what a look-up of a missing account offers, so the words match networkForLookup and explorerUrlFor. Pure: no `vscode`.
import { networkForAccount } from '../near/ids';
import { hostOf } from '../near/networks';
import { explorerUrlFor } from './settings';
import type { Settings } from './settings';
import type { NetworkLabel } from '../near/networks';

/** Switch Network…: each network and where ids go on it (the suffix rule holds on the FastNEAR presets only). */
export const NETWORK_CHOICES: ReadonlyArray<readonly [NetworkLabel, string]> = [
  ['mainnet', 'FastNEAR mainnet; .testnet ids still go to testnet'],
  ['testnet', 'FastNEAR testnet; .near ids still go to mainnet'],
  ['custom', 'your endpoints for every id, whatever its suffix (nearLens.customNetwork.*)'],
];

/**
 * The network in use as the status bar and Switch Network… name it: the preset, `custom` for endpoints with a REST API,
 * and for an RPC-only custom network the node itself (`local · 127.0.0.1:3031` on this machine, else `custom · host`).
 */
export function networkName(s: Pick<Settings, 'network' | 'endpoints' | 'configError'>): string {
  if (s.network !== 'custom' || s.configError || s.endpoints.apiUrl) return s.network;
  const host = hostOf(s.endpoints.rpcUrl);
  return host ? `${isLoopbackHost(host) ? 'local' : 'custom'} · ${host}` : s.network;
}

/** 127.0.0.0/8, localhost and [::1], with or without a port. */
export const isLoopbackHost = (host: string): boolean => /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i.test(host);

/** Without a key FastNEAR's presets use its public, rate-limited path; a custom endpoint's limits are its own. */
export const keylessPublic = (network: NetworkLabel): boolean => network !== 'custom';

/**
 * Where the key in use is kept: VS Code's secret storage (the desktop build), this browser's storage (the web build,
 * "Remember in this browser") or memory for this window only (the web build's default, or a key given from code).
 */
export type KeyPlace = 'secret-storage' | 'browser' | 'memory';

/** How each place is named, after "in" / "removed from" (the status bar, Set and Clear API Key say the same). */
export const KEY_PLACE_TEXT: Readonly<Record<KeyPlace, string>> = {
  'secret-storage': "VS Code's secret storage",
  browser: "this browser's storage",
  memory: 'memory for this window only',
};

/** The status bar's tooltip: the network and where ids go (as the picker says), explorer links on custom, the key and where it is. */
export function statusTooltip(s: Pick<Settings, 'network' | 'configError' | 'explorer' | 'endpoints'>, key: KeyPlace | undefined): string {
  const n = s.network;
  const where = s.configError ?? `${NETWORK_CHOICES.find(([c]) => c === n)?.[1]}${s.explorer[n] ? '' : ' · no explorer links'}`;
  // Whether the network in use has a key of its own (FastNEAR's on the presets, the custom network's on custom), and where.
  const keyText = key ? `API key set (in ${KEY_PLACE_TEXT[key]})` : `no API key${keylessPublic(n) ? ': public, rate-limited path' : ''}`;
  return `NEAR Lens: ${networkName(s)} · ${where} · ${keyText} · click to switch network`;
}

/** Where else the same id could be when it does not exist on `network`: its suffix's preset, else the other preset(s). */
export function otherNetworks(id: string, network: string): NetworkLabel[] {
  const suffix = networkForAccount(id);
  return (suffix ? [suffix] : (['mainnet', 'testnet'] as const)).filter((n) => n !== network);
}

/** One action offered after a look-up: copy the id, open a page, or look the id up on another network. */
export type LookupAction = { label: string; copy: string } | { label: string; url: string } | { label: string; network: NetworkLabel };

/**
 * Look Up Account's message when the usual account actions do not fit: `id` does not exist on `network` (no
 * `summary`), or it was found on a network it is not normally looked up on (its panel and watchlist entry would show
 * the usual one). The actions, most likely first: for a missing account the networks where the same id could be
 * (the other FastNEAR preset for an id without a telling suffix; the suffix's preset from a custom network), its
 * page on that network's explorer when there is one, and copying the id.
 */
export function lookupOffer(
  s: Pick<Settings, 'network' | 'explorer'>,
  id: string,
  network: NetworkLabel,
  summary?: string,
): { message: string; actions: LookupAction[] } {
  const url = explorerUrlFor(s, id, network);
  const others = summary ? [] : otherNetworks(id, network);
  return {
    message: summary ? `${id} on ${network}: ${summary}` : `No account ${id} on ${network}.`,
    actions: [
      ...others.map((n) => ({ label: `Check on ${n}`, network: n })),
      ...(url ? [{ label: summary ? 'Open in Explorer' : 'Search on Explorer', url }] : []),
      { label: 'Copy Id', copy: id },
    ],
  };
}

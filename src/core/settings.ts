// Turns the raw `nearLens.*` configuration (per-scope values) into one typed, clamped Settings snapshot, and decides
// which scopes may set what (an untrusted workspace never chooses where the key goes). Pure: no `vscode`, no I/O.
import { DEFAULT_LIQUID_STAKING_PROVIDERS } from './account';
import { accountIdError, networkForAccount } from './ids';
import { EXPLORER_TEMPLATES, PRESETS, endpointUrlError, explorerUrl } from './networks';
import type { Endpoints } from './networks';
import type { Transport } from './client';

export type NetworkLabel = 'mainnet' | 'testnet' | 'custom';

export interface Settings {
  network: NetworkLabel;
  /** Endpoints of `network`; for an unusable custom network these are empty and `configError` says why. */
  endpoints: Endpoints;
  /** Why the custom network cannot be used (missing or bad URL); undefined when fine. */
  configError: string | undefined;
  transport: Transport;
  hoverEnabled: boolean;
  hoverLookups: boolean;
  decimals: number;
  liquidStakingProviders: string[];
  nftPublisher: string | undefined;
  timeoutMs: number;
  /** User + workspace lists, trimmed and de-duplicated (user first); invalid ids kept so the view can say why. */
  watchlist: string[];
  refreshIntervalSeconds: number;
  /** Explorer page templates with `{accountId}`. */
  explorer: { mainnet: string; testnet: string };
}

/** The values of one setting per scope, as `WorkspaceConfiguration.inspect()` reports them (defaults are ours). */
export interface ScopedValue {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** Setting names below `nearLens.`. */
export const SETTING_KEYS = [
  'network',
  'customNetwork.apiUrl',
  'customNetwork.rpcUrl',
  'customNetwork.archivalRpcUrl',
  'auth.transport',
  'hover.enabled',
  'hover.lookups',
  'display.decimals',
  'liquidStakingProviders',
  'nftPublisher',
  'requestTimeoutMs',
  'watchlist',
  'refreshIntervalSeconds',
  'explorer.mainnetUrl',
  'explorer.testnetUrl',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type RawSettings = Partial<Record<SettingKey, ScopedValue>>;

/**
 * Settings that decide where requests (and so the API key) go, or which URLs we open. Application-scoped ones are
 * user-only in VS Code already; we ignore workspace values for them ourselves too (defence in depth). The rest
 * are listed in package.json `capabilities.untrustedWorkspaces.restrictedConfigurations`: workspace values are
 * ignored while the workspace is not trusted.
 */
export const APPLICATION_SCOPED: readonly SettingKey[] = SETTING_KEYS.filter((k) => k.startsWith('customNetwork.') || k === 'auth.transport');
export const RESTRICTED_WHEN_UNTRUSTED: readonly SettingKey[] = ['network', ...APPLICATION_SCOPED, ...SETTING_KEYS.filter((k) => k.startsWith('explorer.'))];

export const DEFAULT_DECIMALS = 5;
export const DEFAULT_TIMEOUT_MS = 8000;
const EMPTY_ENDPOINTS: Endpoints = Object.freeze({ apiUrl: '', rpcUrl: '', archivalRpcUrl: '' });

/** The value that applies: workspace folder > workspace > user, minus the scopes this setting may not come from. */
export function effectiveValue(raw: RawSettings, key: SettingKey, trusted: boolean): unknown {
  const v = raw[key];
  if (!v) return undefined;
  const userOnly = APPLICATION_SCOPED.includes(key) || (!trusted && RESTRICTED_WHEN_UNTRUSTED.includes(key));
  if (!userOnly) {
    if (v.workspaceFolderValue !== undefined) return v.workspaceFolderValue;
    if (v.workspaceValue !== undefined) return v.workspaceValue;
  }
  return v.globalValue;
}

/** Normalises raw configuration into Settings: defaults for missing or mistyped values, numbers clamped. */
export function normaliseSettings(raw: RawSettings, opts: { trusted: boolean }): Settings {
  const get = (k: SettingKey): unknown => effectiveValue(raw, k, opts.trusted);
  const networkRaw = get('network');
  const network: NetworkLabel = networkRaw === 'testnet' || networkRaw === 'custom' ? networkRaw : 'mainnet';
  let endpoints: Endpoints = network === 'custom' ? EMPTY_ENDPOINTS : PRESETS[network];
  let configError: string | undefined;
  if (network === 'custom') {
    const custom = customEndpoints(str(get('customNetwork.apiUrl')), str(get('customNetwork.rpcUrl')), str(get('customNetwork.archivalRpcUrl')));
    if (typeof custom === 'string') configError = custom;
    else endpoints = custom;
  }
  return {
    network,
    endpoints,
    configError,
    transport: get('auth.transport') === 'query' ? 'query' : 'bearer',
    hoverEnabled: bool(get('hover.enabled'), true),
    hoverLookups: bool(get('hover.lookups'), true),
    decimals: int(get('display.decimals'), DEFAULT_DECIMALS, 0, 24),
    liquidStakingProviders: providers(get('liquidStakingProviders')),
    nftPublisher: publisher(get('nftPublisher')),
    timeoutMs: int(get('requestTimeoutMs'), DEFAULT_TIMEOUT_MS, 1000, 120_000),
    watchlist: watchlist(raw.watchlist),
    refreshIntervalSeconds: int(get('refreshIntervalSeconds'), 0, 0, 3600),
    explorer: {
      mainnet: template(get('explorer.mainnetUrl'), EXPLORER_TEMPLATES.mainnet),
      testnet: template(get('explorer.testnetUrl'), EXPLORER_TEMPLATES.testnet),
    },
  };
}

/**
 * The network an account is looked up on: the suffix decides (`.near` → mainnet, `.testnet` → testnet) unless the
 * user chose a custom network; ids without a telling suffix follow the setting.
 */
export function networkForLookup(setting: NetworkLabel, accountId: string): NetworkLabel {
  if (setting === 'custom') return 'custom';
  return networkForAccount(accountId) ?? setting;
}

/** The explorer page of an account (id URI-encoded into the template), or undefined on a custom network without a telling suffix. */
export function explorerUrlFor(s: Pick<Settings, 'network' | 'explorer'>, accountId: string): string | undefined {
  const net = s.network === 'custom' ? networkForAccount(accountId) : networkForLookup(s.network, accountId);
  if (net !== 'mainnet' && net !== 'testnet') return undefined;
  return explorerUrl(net, accountId, s.explorer[net]);
}

/** Custom endpoints, or why they cannot be used. The archival URL defaults to the regular RPC URL. */
export function customEndpoints(apiUrl: string, rpcUrl: string, archivalRpcUrl: string): Endpoints | string {
  const endpoints: Endpoints = { apiUrl, rpcUrl, archivalRpcUrl };
  for (const [k, url] of Object.entries(endpoints)) {
    const name = `nearLens.customNetwork.${k}`;
    if (!url) {
      if (k !== 'archivalRpcUrl') return `The custom network needs ${name} in your user settings.`;
    } else {
      const why = endpointUrlError(url);
      if (why) return `${name} is unusable: ${why}.`;
    }
  }
  return { ...endpoints, archivalRpcUrl: archivalRpcUrl || rpcUrl };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function bool(v: unknown, dflt: boolean): boolean {
  return typeof v === 'boolean' ? v : dflt;
}

function int(v: unknown, dflt: number, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return dflt;
  return Math.min(max, Math.max(min, Math.floor(v)));
}

function providers(v: unknown): string[] {
  if (!Array.isArray(v)) return [...DEFAULT_LIQUID_STAKING_PROVIDERS];
  const out = new Set<string>();
  for (const p of v) {
    const id = str(p).toLowerCase();
    if (id && accountIdError(id) === undefined) out.add(id);
  }
  return [...out];
}

function publisher(v: unknown): string | undefined {
  const p = str(v).toLowerCase();
  return p && accountIdError(p) === undefined ? p : undefined;
}

function watchlist(v: ScopedValue | undefined): string[] {
  const out = new Set<string>();
  for (const list of [v?.globalValue, v?.workspaceValue, v?.workspaceFolderValue]) {
    if (!Array.isArray(list)) continue;
    for (const id of list) {
      const t = str(id);
      if (t) out.add(t);
    }
  }
  return [...out];
}

/** An explorer template must be an http(s) URL with `{accountId}`; anything else falls back to the default. */
function template(v: unknown, dflt: string): string {
  const t = str(v);
  if (!t.includes('{accountId}')) return dflt;
  return endpointUrlError(t.split('{accountId}').join('x')) === undefined ? t : dflt;
}

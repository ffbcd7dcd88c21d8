// Turns the raw `nearLens.*` configuration (per-scope values) into one typed, clamped Settings snapshot, and decides
// which scopes may set what (an untrusted workspace never chooses where the key goes). Pure: no `vscode`, no I/O.
import { DEFAULT_LIQUID_STAKING_PROVIDERS } from '../near/account';
import { accountIdError, networkForAccount } from '../near/ids';
import { EXPLORER_TEMPLATES, PRESETS, endpointUrlError, explorerUrl, txExplorerUrl } from '../near/networks';
import type { Endpoints, NetworkLabel } from '../near/networks';
import { DEFAULT_TIMEOUT_MS } from '../client/client';
import type { Transport } from '../client/client';
import { isRecord } from '../base/json';

export interface Settings {
  network: NetworkLabel;
  /** Endpoints of `network`; for an unusable custom network these are empty and `configError` says why. */
  endpoints: Endpoints;
  /** Why the custom network cannot be used (missing or bad URL); undefined when fine. */
  configError: string | undefined;
  transport: Transport;
  hoverEnabled: boolean;
  hoverLookups: boolean;
  /** Inlay hints after yoctoNEAR and gas literals (opt-in). */
  inlayHintsUnits: boolean;
  /** Balance hints after account ids: on, lookups allowed, and (in an untrusted workspace) allowed by the user. */
  inlayHintsBalances: boolean;
  decimals: number;
  liquidStakingProviders: string[];
  nftPublisher: string | undefined;
  timeoutMs: number;
  /** User + workspace lists, trimmed and de-duplicated (user first); invalid ids kept so the view can say why. */
  watchlist: string[];
  refreshIntervalSeconds: number;
  /** Explorer page templates with `{accountId}`; '' when the network has none (custom without a template). */
  explorer: Record<NetworkLabel, string>;
  /** Problems-panel diagnostics, each already off when `diagnostics.enabled` is (missing accounts: opt-in, like balance hints). */
  diagnostics: DiagnosticSettings;
  /**
   * What a watched contract's incoming calls are read for (`nearLens.watchlistActivity`: not under `watchlist.`, as
   * VS Code's configuration tree cannot hold an object below the `nearLens.watchlist` array — the user's list hides it).
   */
  watchlistActivity: ActivitySettings;
  /** The contract lens's call counts above methods (`nearLens.codeLens.activity`). */
  codeLensActivity: boolean;
  /**
   * `nearLens.deployments` as the workspace gives it (crate folder → account ids), checked by the contract lens's
   * linking model; undefined in an untrusted workspace, whose deployments are never honoured.
   */
  deployments: unknown;
}

export interface ActivitySettings {
  /** Group every failed receipt on the account. */
  failedCalls: boolean;
  /** Method names to watch: under "*" for every watched contract, under an account id for that one. */
  methods: Readonly<Record<string, readonly string[]>>;
  /** NEP-297 names: "standard:event", or "standard:*" for every event of a standard. */
  events: readonly string[];
}
export const DEFAULT_ACTIVITY_SETTINGS: Readonly<ActivitySettings> = { failedCalls: true, methods: {}, events: [] };
/** Names kept per list of the activity setting. */
const MAX_ACTIVITY_NAMES = 100;

export interface DiagnosticSettings {
  secretKeys: boolean;
  accountIds: boolean;
  inexactAmounts: boolean;
  /** On, lookups allowed, and (in an untrusted workspace) allowed by the user. */
  missingAccounts: boolean;
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
  'customNetwork.txApiUrl',
  'customNetwork.explorerUrl',
  'auth.transport',
  'hover.enabled',
  'hover.lookups',
  'inlayHints.units',
  'inlayHints.balances',
  'inlayHints.balancesWhenUntrusted',
  'display.decimals',
  'liquidStakingProviders',
  'nftPublisher',
  'requestTimeoutMs',
  'watchlist',
  'watchlist.alerts',
  'watchlist.storageAlertNear',
  'watchlistActivity',
  'refreshIntervalSeconds',
  'explorer.mainnetUrl',
  'explorer.testnetUrl',
  'diagnostics.enabled',
  'diagnostics.secretKeys',
  'diagnostics.accountIds',
  'diagnostics.missingAccounts',
  'diagnostics.missingAccountsWhenUntrusted',
  'diagnostics.inexactAmounts',
  'codeLens.activity',
  'deployments',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type RawSettings = Partial<Record<SettingKey, ScopedValue>>;

/**
 * Settings that decide where requests (and so the API key) go, or which URLs we open. Application-scoped ones are
 * user-only in VS Code already; we ignore workspace values for them ourselves too (defence in depth). The rest
 * are listed in package.json `capabilities.untrustedWorkspaces.restrictedConfigurations`: workspace values are
 * ignored while the workspace is not trusted.
 */
export const APPLICATION_SCOPED: readonly SettingKey[] = SETTING_KEYS.filter(
  // `…WhenUntrusted`: a workspace may not allow itself what is allowed only in trusted ones.
  (k) => k.startsWith('customNetwork.') || k === 'auth.transport' || k.endsWith('WhenUntrusted'),
);
export const RESTRICTED_WHEN_UNTRUSTED: readonly SettingKey[] = [
  'network',
  'deployments',
  ...APPLICATION_SCOPED,
  ...SETTING_KEYS.filter((k) => k.startsWith('explorer.')),
];

/** The value that applies: workspace folder > workspace > user, minus the scopes this setting may not come from. */
function effectiveValue(raw: RawSettings, key: SettingKey, trusted: boolean): unknown {
  const v = raw[key];
  const userOnly = APPLICATION_SCOPED.includes(key) || (!trusted && RESTRICTED_WHEN_UNTRUSTED.includes(key));
  return userOnly ? v?.globalValue : (v?.workspaceFolderValue ?? v?.workspaceValue ?? v?.globalValue);
}

/** Normalises raw configuration into Settings: defaults for missing or mistyped values, numbers clamped. */
export function normaliseSettings(raw: RawSettings, opts: { trusted: boolean }): Settings {
  const get = (k: SettingKey): unknown => effectiveValue(raw, k, opts.trusted);
  /** An explorer template must be an http(s) URL with `{accountId}`; anything else falls back to the default. */
  const template = (key: SettingKey, dflt: string): string => {
    const t = str(get(key));
    return t.includes('{accountId}') && endpointUrlError(explorerUrl(t, 'x')) === undefined ? t : dflt;
  };
  const n = get('network');
  const network: NetworkLabel = n === 'testnet' || n === 'custom' ? n : 'mainnet';
  // An unusable custom network has empty endpoints and says why.
  const endpoints = network === 'custom' ? customEndpoints(get) : PRESETS[network];
  const configError = typeof endpoints === 'string' ? endpoints : undefined;
  const w = raw.watchlist ?? {};
  return {
    network,
    endpoints: typeof endpoints === 'string' ? { apiUrl: '', rpcUrl: '', archivalRpcUrl: '' } : endpoints,
    configError,
    transport: get('auth.transport') === 'query' ? 'query' : 'bearer',
    hoverEnabled: get('hover.enabled') !== false,
    hoverLookups: get('hover.lookups') !== false,
    inlayHintsUnits: get('inlayHints.units') === true,
    inlayHintsBalances:
      get('inlayHints.balances') === true && get('hover.lookups') !== false && (opts.trusted || get('inlayHints.balancesWhenUntrusted') === true),
    decimals: int(get('display.decimals'), 5, 0, 24),
    liquidStakingProviders: providers(get('liquidStakingProviders')),
    nftPublisher: accountIdOrEmpty(get('nftPublisher')) || undefined,
    timeoutMs: int(get('requestTimeoutMs'), DEFAULT_TIMEOUT_MS, 1000, 120_000),
    // User + workspace lists, user first (the watchlist is not a restricted setting).
    watchlist: [...new Set([w.globalValue, w.workspaceValue, w.workspaceFolderValue].flatMap((l) => (Array.isArray(l) ? l.map(str) : [])).filter(Boolean))],
    refreshIntervalSeconds: int(get('refreshIntervalSeconds'), 0, 0, 3600),
    explorer: {
      mainnet: template('explorer.mainnetUrl', EXPLORER_TEMPLATES.mainnet),
      testnet: template('explorer.testnetUrl', EXPLORER_TEMPLATES.testnet),
      custom: template('customNetwork.explorerUrl', ''),
    },
    diagnostics: diagnosticSettings(get, opts.trusted),
    watchlistActivity: activitySettingsOf(get('watchlistActivity')),
    codeLensActivity: get('codeLens.activity') !== false,
    deployments: deploymentsValue(raw.deployments, opts.trusted),
  };
}

/**
 * `nearLens.deployments` as it applies: the workspace folder's or the workspace's value in a trusted workspace; never
 * the user's (its keys are folders of one workspace), never an untrusted workspace's.
 */
export function deploymentsValue(v: ScopedValue | undefined, trusted: boolean): unknown {
  return trusted ? (v?.workspaceFolderValue ?? v?.workspaceValue) : undefined;
}

/** "standard:event" or "standard:*" split at its last colon; undefined when either side is empty. */
export function eventPattern(p: string): { standard: string; event: string } | undefined {
  const at = p.lastIndexOf(':');
  const standard = p.slice(0, at);
  const event = p.slice(at + 1);
  return at > 0 && event !== '' ? { standard, event } : undefined;
}

/** The user's `nearLens.watchlistActivity` value (anything malformed left out: a workspace may hold anything). */
export function activitySettingsOf(v: unknown): ActivitySettings {
  if (!isRecord(v)) return DEFAULT_ACTIVITY_SETTINGS;
  const names = (x: unknown): string[] =>
    Array.isArray(x) ? [...new Set(x.filter((n): n is string => typeof n === 'string' && n.length > 0 && n.length <= 256))].slice(0, MAX_ACTIVITY_NAMES) : [];
  const methods = isRecord(v['methods'])
    ? // fromEntries defines own properties: a "__proto__" key stays a key.
      Object.fromEntries(
        Object.entries(v['methods'])
          .map(([k, list]): [string, string[]] => [k, names(list)])
          .filter(([, l]) => l.length > 0),
      )
    : {};
  return {
    failedCalls: typeof v['failedCalls'] === 'boolean' ? v['failedCalls'] : DEFAULT_ACTIVITY_SETTINGS.failedCalls,
    methods,
    events: names(v['events']).filter((p) => eventPattern(p) !== undefined),
  };
}

/**
 * The network an account is looked up on: the suffix decides (`.near` → mainnet, `.testnet` → testnet) unless the
 * user chose a custom network; ids without a telling suffix follow the setting.
 */
export function networkForLookup(setting: NetworkLabel, accountId: string): NetworkLabel {
  return setting === 'custom' ? setting : (networkForAccount(accountId) ?? setting);
}

/**
 * The explorer page of an account on the network its data comes from (by default the one it is looked up on), so a
 * link never shows another network's page: on a custom network only its own template, else none.
 */
export function explorerUrlFor(
  s: Pick<Settings, 'network' | 'explorer'>,
  accountId: string,
  network = networkForLookup(s.network, accountId),
): string | undefined {
  const t = s.explorer[network];
  return t ? explorerUrl(t, accountId) : undefined;
}

/**
 * The explorer page of a transaction on `network`, from the same setting as its accounts' pages (a known explorer's
 * account template gives its transaction page); none on a custom network without a template, nor for an explorer
 * whose transaction pages NEAR Lens does not know.
 */
export function txExplorerUrlFor(s: Pick<Settings, 'explorer'>, hash: string, network: NetworkLabel): string | undefined {
  const t = s.explorer[network];
  return t ? txExplorerUrl(t, hash) : undefined;
}

/**
 * Custom endpoints (user settings only), or why they cannot be used. Only the RPC URL is needed: without an API URL the
 * network is RPC-only (a local node, another provider). The archival URL defaults to the regular RPC URL.
 */
function customEndpoints(get: (k: SettingKey) => unknown): Endpoints | string {
  const endpoints: Endpoints = { apiUrl: '', rpcUrl: '', archivalRpcUrl: '', txApiUrl: '' };
  for (const k of ['apiUrl', 'rpcUrl', 'archivalRpcUrl', 'txApiUrl'] as const) {
    const name = `nearLens.customNetwork.${k}`;
    const url = (endpoints[k] = str(get(`customNetwork.${k}`)));
    if (!url && k === 'rpcUrl') return `The custom network needs ${name} in your user settings.`;
    const why = url && endpointUrlError(url);
    if (why) return `${name} is unusable: ${why}.`;
  }
  if (!endpoints.txApiUrl) delete endpoints.txApiUrl;
  return { ...endpoints, archivalRpcUrl: endpoints.archivalRpcUrl || endpoints.rpcUrl };
}

function diagnosticSettings(get: (k: SettingKey) => unknown, trusted: boolean): DiagnosticSettings {
  const on = (k: 'secretKeys' | 'accountIds' | 'inexactAmounts'): boolean => get('diagnostics.enabled') !== false && get(`diagnostics.${k}`) !== false;
  return {
    secretKeys: on('secretKeys'),
    accountIds: on('accountIds'),
    inexactAmounts: on('inexactAmounts'),
    missingAccounts:
      get('diagnostics.enabled') !== false &&
      get('diagnostics.missingAccounts') === true &&
      get('hover.lookups') !== false &&
      (trusted || get('diagnostics.missingAccountsWhenUntrusted') === true),
  };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** A valid account id in lower case, or ''. */
function accountIdOrEmpty(v: unknown): string {
  const id = str(v).toLowerCase();
  return id && accountIdError(id) === undefined ? id : '';
}

/** Valid ids, lower case, without duplicates; the defaults when the setting is not a list. */
function providers(v: unknown): string[] {
  return Array.isArray(v) ? [...new Set(v.map(accountIdOrEmpty).filter(Boolean))] : [...DEFAULT_LIQUID_STAKING_PROVIDERS];
}

function int(v: unknown, dflt: number, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return dflt;
  return Math.min(max, Math.max(min, Math.floor(v)));
}

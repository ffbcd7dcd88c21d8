// Every id NEAR Lens shares with package.json and VS Code, in one place: commands, the view, the panel's view type,
// context keys, tree item context values, the secret's name and the settings section. A manifest test checks them
// against package.json. Pure: no `vscode`.

/** The `nearLens.*` settings section. */
export const SECTION = 'nearLens';

/** Command ids, as contributed in package.json. */
export const COMMANDS = {
  setApiKey: 'nearLens.setApiKey',
  clearApiKey: 'nearLens.clearApiKey',
  queryBlock: 'nearLens.queryBlock',
  rpcRequest: 'nearLens.rpcRequest',
  recentResults: 'nearLens.recentResults',
  copyAsCurl: 'nearLens.copyAsCurl',
  lookupPublicKey: 'nearLens.lookupPublicKey',
  lookupAccount: 'nearLens.lookupAccount',
  switchNetwork: 'nearLens.switchNetwork',
  showLog: 'nearLens.showLog',
  openAccountPanel: 'nearLens.openAccountPanel',
  openInExplorer: 'nearLens.openInExplorer',
  copyText: 'nearLens.copyText',
  convertUnits: 'nearLens.convertUnits',
  callViewMethod: 'nearLens.callViewMethod',
  viewContractState: 'nearLens.viewContractState',
  contractInterface: 'nearLens.contractInterface',
  watchlistAdd: 'nearLens.watchlist.add',
  watchlistRemove: 'nearLens.watchlist.remove',
  watchlistRefresh: 'nearLens.watchlist.refresh',
  watchlistRefreshAll: 'nearLens.watchlist.refreshAll',
  watchlistCopyId: 'nearLens.watchlist.copyId',
  watchlistChanges: 'nearLens.watchlist.changes',
  watchlistMarkSeen: 'nearLens.watchlist.markSeen',
  watchlistMarkAllSeen: 'nearLens.watchlist.markAllSeen',
  watchlistShowChanges: 'nearLens.watchlist.showChanges',
  scanWorkspaceSecrets: 'nearLens.scanWorkspaceSecrets',
  ignoredSecretKeys: 'nearLens.ignoredSecretKeys',
  copyPublicKey: 'nearLens.copyPublicKey',
  ignoreSecretKey: 'nearLens.ignoreSecretKey',
  lookupTransaction: 'nearLens.lookupTransaction',
  accountTransactions: 'nearLens.accountTransactions',
  contractActivity: 'nearLens.contractActivity',
  watchlistMoreTransactions: 'nearLens.watchlist.moreTransactions',
  showFailureInCode: 'nearLens.showFailureInCode',
  openFailureSource: 'nearLens.openFailureSource',
  dismissFailure: 'nearLens.dismissFailure',
  inspectTransaction: 'nearLens.inspectTransaction',
  linkContract: 'nearLens.linkContract',
} as const;
export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** The activity-bar container and the watchlist view in it. */
export const VIEW_CONTAINER = 'nearLens';
export const WATCHLIST_VIEW = 'nearLens.watchlist';
/** The balance panel's webview type (also its activation event and serializer). */
export const PANEL_VIEW_TYPE = 'nearLens.balancePanel';
/** Inspect Transaction's webview type (also its activation event and serializer). */
export const INSPECT_VIEW_TYPE = 'nearLens.inspectPanel';
/** The URI scheme of Query Block / RPC Request results (read-only documents from a content provider). */
export const RESULT_SCHEME = 'near-lens';
/** The task type of package.json `taskDefinitions`: a test command whose panics NEAR Lens puts in the Problems panel. */
export const TASK_TYPE = 'near-lens';
/** The status-bar item's id. */
export const STATUS_ITEM = 'nearLens.status';

/** Context keys the `when` clauses of package.json read. */
export const CONTEXT_KEYS = {
  hasApiKey: 'nearLens.hasApiKey',
  watchlistEmpty: 'nearLens.watchlistEmpty',
} as const;

/** Tree item context values (`viewItem` in `when` clauses). */
export const ITEM_CONTEXT = {
  account: 'nearLens.account',
  token: 'nearLens.token',
  liquidToken: 'nearLens.token.liquid',
  viewMethod: 'nearLens.method.view',
  unknownMethod: 'nearLens.method.unknown',
  callMethod: 'nearLens.method.call',
  /** An account's Tokens, NFT collections or Staking pools group: Refresh asks its narrow endpoint only. */
  list: 'nearLens.list',
  /** What changed: a watched account with unseen changes, its Changes node, a change line and a transaction line in it. */
  changedAccount: 'nearLens.account.changed',
  changes: 'nearLens.changes',
  change: 'nearLens.change',
  changeTx: 'nearLens.change.tx',
} as const;

/** What changed: the Memento key (workspace and global state) of the watched accounts' snapshots. */
export const WATCH_SNAPSHOTS_KEY = 'nearLens.watch.snapshots';

/** Local node…: the global-state key of what it keeps — the custom network a node replaced, and the last node used. */
export const LOCAL_NODE_KEY = 'nearLens.localNode';

/** The name of the FastNEAR API key in VS Code's SecretStorage (the name every version has used, so a stored key stays FastNEAR's). */
export const SECRET_KEY = 'nearLens.apiKey';
/** The SecretStorage name of each provider's key: FastNEAR's (the presets), the custom network's own. */
export const SECRET_KEYS = { fastnear: SECRET_KEY, custom: 'nearLens.apiKey.customNetwork' } as const;

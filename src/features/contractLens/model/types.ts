// The shapes the contract lens is built from: the workspace side (which contracts the workspace holds, their
// public methods, which accounts they are deployed on) and the chain side (what those accounts were called with).
// Pure: no `vscode`.

/** A public method of a workspace contract, as its source declares it. */
export interface ContractMethod {
  readonly name: string;
  /** 0-based line and character of the method's name. */
  readonly line: number;
  readonly character: number;
  /** Read-only: `&self` in Rust, `@view` in near-sdk-js. Never a transaction, so never counted. */
  readonly view: boolean;
  /** `#[private]` (Rust) or `privateFunction: true` (near-sdk-js): only the contract itself may call it. */
  readonly private: boolean;
  readonly payable: boolean;
  /** `#[init]` / `@initialize`. */
  readonly init: boolean;
}

/** One `#[near]` / `#[near_bindgen]` impl block, or one near-sdk-js `@NearBindgen` class, of one file. */
export interface ContractBlock {
  /** 0-based line of the block's first line (its attribute or decorator), where the block's own lenses go. */
  readonly line: number;
  /** The type the impl block is for, or the class's name. */
  readonly name: string;
  readonly methods: readonly ContractMethod[];
}

/** A contract of the workspace: a Rust crate (Cargo.toml) or a near-sdk-js package (package.json). */
export interface WorkspaceContract {
  /** The crate's folder relative to its workspace folder, '/'-separated, no trailing '/': the key of `nearLens.deployments` ("contracts/game"). */
  readonly path: string;
  /** The workspace folder's URI, as a string. */
  readonly folder: string;
  /** The crate's or package's name. */
  readonly name: string;
  /** `package.repository` (Cargo.toml) or `repository` (package.json), when it has one. */
  readonly repository?: string;
  readonly language: 'rust' | 'js';
}

/** One method's calls, counted from the transactions API's rows. Times are exact nanosecond strings. */
export interface MethodActivity {
  readonly method: string;
  /** Over every row read since `ContractActivity.since`. */
  readonly calls: number;
  readonly failed: number;
  /** Over the day before `ContractActivity.asOf`. */
  readonly calls24h: number;
  readonly failed24h: number;
  /** The newest call's time. */
  readonly lastAt: string;
  readonly lastFailure?: { readonly message: string; readonly kind: string; readonly hash: string };
}

/** What `nearLens.contractActivity { accountId, network? }` returns. */
export interface ContractActivity {
  readonly accountId: string;
  readonly network: string;
  /** The oldest row read (ns). */
  readonly since: string;
  /** When the last read that succeeded finished (ns). */
  readonly asOf: string;
  /** Rows read in all. */
  readonly rows: number;
  /** A read met its 200-row cap: the counts are "200+". */
  readonly capped: boolean;
  readonly methods: readonly MethodActivity[];
}

/** What the lens may draw for one account, now, from what was read (never a request). */
export type ActivityView =
  /** Nothing read yet (a first read may be under way). */
  | { readonly kind: 'none' }
  /** The counts; `error` when the last read failed (the counts are the last good ones). */
  | { readonly kind: 'counts'; readonly activity: ContractActivity; readonly error?: string }
  /** The network has no transactions API: no activity lens, and this says why (once, on the impl block). */
  | { readonly kind: 'unsupported'; readonly reason: string };

/** The chain side as the lens reads it. */
export interface ContractActivitySource {
  /** What was read for `accountId` on the current network. Never sends: at most schedules a read when one is due. */
  view(accountId: string): ActivityView;
  /**
   * The lens is shown for `accountId`: read now when nothing was read yet, or the last read is 5 minutes old, and no
   * read is under way. Idempotent, cheap, never throws.
   */
  want(accountId: string): void;
  /** Calls `listener` with the account whose view changed; returns the way to stop. */
  onDidChange(listener: (accountId: string) => void): { dispose(): void };
}

// The account model: raw FastNEAR bodies → typed, checked models; liquid staking split; NFT publisher filter. Pure: no `vscode`, no I/O.
import { derive, describe, latestActivity as latestOf, parseYocto } from './amounts';
import type { NearLensError } from '../base/errors';
import { badShape } from '../base/errors';
import { isRecord } from '../base/json';

export type FtBalance = { status: 'known'; raw: bigint } | { status: 'not-fetched' } | { status: 'failed' }; // null → not-fetched, "" → failed
export interface FtHolding {
  contractId: string;
  balance: FtBalance;
  lastUpdate: number | null;
}
export interface NftCollection {
  contractId: string;
  lastUpdate: number | null;
}
export interface PoolEntry {
  poolId: string;
  lastUpdate: number | null;
}
export interface AccountState {
  balance: bigint;
  locked: bigint;
  storageBytes: number;
  pinned: bigint;
  total: bigint;
  spendable: bigint;
}
export interface AccountFull {
  accountId: string;
  state: AccountState | null; // null → "No such account" (state:null or 404)
  tokens: FtHolding[];
  nfts: NftCollection[];
  pools: PoolEntry[];
  latestActivity: number | undefined;
  /** Set when the state came from the RPC's view_account rather than the REST API (absent: all from REST). */
  source?: AccountSource;
}
/**
 * Where an account read over RPC came from and why its lists are not fresh: `restFailure` undefined means the network
 * has no indexer (RPC only); otherwise the REST API's short failure ("REST API HTTP 503"). `listsAt`: the lists shown
 * are the last good ones from REST, received then (ms since epoch); absent when there are none.
 */
export interface AccountSource {
  via: 'rpc';
  restFailure?: string;
  listsAt?: number;
}
/** Said, in a word, where tokens, NFTs and pools would be on a network without a REST API. */
export const NO_INDEXER = 'no indexer on this network';
export interface PublicKeyAccounts {
  publicKey: string;
  accountIds: string[];
}
export interface IndexerStatus {
  syncBlockHeight: number;
  syncBalanceBlockHeight?: number;
  syncBlockTimestampNanosec?: string;
  syncLatencySec?: number;
  version?: string;
}

export const VALIDATOR_LOCKED_CAVEAT = "On a validator pool account, locked is the pool's own stake, not delegators' funds.";
export const DEFAULT_LIQUID_STAKING_PROVIDERS: readonly string[] = ['meta-pool.near', 'linear-protocol.near', 'lst.rhealab.near'];

/*
 * Tolerance policy (the shapes the server really sends, beyond its documented ones):
 * - unknown extra fields are ignored everywhere;
 * - `state: null` (or absent) → state null = "no such account"; absent or null lists → [];
 * - FT `balance`: digit string → known, null/absent → not-fetched, "" → failed (neither is zero);
 * - `last_update_block_height`: integer, or null/absent → null;
 * - `storage_bytes`: an integer, or a string of digits (some proxies stringify u64s) within the safe range.
 * Anything else of the wrong type (a number for a balance, an object for a list, a list entry that is not an
 * object, a missing id) throws NearLensError('bad-shape') whose message names the field: showing a wrong balance
 * is worse than showing an error.
 */

/** GET /v1/account/{id}/full */
export function normaliseFull(raw: unknown): AccountFull {
  const o = object(raw, 'The account response');
  const accountId = str(o['account_id'], 'account_id');
  const tokens = ftList(o);
  const nfts = firstOfEach(entries(o, 'nfts', nftEntry), (n) => n.contractId);
  const pools = firstOfEach(entries(o, 'pools', poolEntry), (p) => p.poolId);
  return { accountId, state: state(o['state']), tokens, nfts, pools, latestActivity: latestOf(tokens, nfts, pools) };
}

/** GET /v1/account/{id}/ft → `{account_id, tokens:[…]}` */
export function normaliseFt(raw: unknown): FtHolding[] {
  return ftList(object(raw, 'The token list response'));
}

/** GET /v1/account/{id}/nft → `{account_id, tokens:[…]}` (the key really is `tokens`; `nfts` is accepted too). */
export function normaliseNft(raw: unknown): NftCollection[] {
  const o = object(raw, 'The NFT list response');
  return firstOfEach(entries(o, o['tokens'] === undefined && o['nfts'] !== undefined ? 'nfts' : 'tokens', nftEntry), (n) => n.contractId);
}

/** GET /v1/account/{id}/staking → `{account_id, pools:[…]}` (pools ever delegated to; no amounts). */
export function normaliseStaking(raw: unknown): PoolEntry[] {
  return firstOfEach(entries(object(raw, 'The staking response'), 'pools', poolEntry), (p) => p.poolId);
}

/** GET /v1/public_key/{pk}[/all] → `{public_key, account_ids:[…]}`; duplicates dropped, order kept. */
export function normalisePublicKey(raw: unknown): PublicKeyAccounts {
  const o = object(raw, 'The public key response');
  const pk = o['public_key'];
  return {
    publicKey: pk == null ? '' : str(pk, 'public_key'),
    accountIds: [...new Set(list(o['account_ids'], 'account_ids').map((e, i) => str(e, `account_ids[${i}]`)))],
  };
}

/** GET /status (indexer freshness). Only sync_block_height is required; the others are set when present and right. */
export function normaliseStatus(raw: unknown): IndexerStatus {
  const o = object(raw, 'The status response');
  const out: IndexerStatus = { syncBlockHeight: height(o['sync_block_height'], 'sync_block_height', false) as number };
  const optional = (key: keyof IndexerStatus, field: string, what: string, ok: (v: unknown) => boolean): void => {
    const v = o[field];
    if (v == null) return;
    if (!ok(v)) throw wrong(field, what, v);
    // A u64 nanosecond timestamp may come as a number: kept as the string of its digits.
    Object.assign(out, { [key]: key === 'syncBlockTimestampNanosec' ? String(v) : v });
  };
  optional('syncBalanceBlockHeight', 'sync_balance_block_height', 'a block height', isCount);
  optional(
    'syncBlockTimestampNanosec',
    'sync_block_timestamp_nanosec',
    'a string of digits',
    (v) => isCount(v) || (typeof v === 'string' && /^[0-9]+$/.test(v)),
  );
  optional('syncLatencySec', 'sync_latency_sec', 'a number', Number.isFinite);
  optional('version', 'version', 'a string', (v) => typeof v === 'string');
  return out;
}

/** Liquid-staking tokens (by the client-supplied provider contract ids) apart from the other FTs; order kept. */
export function splitLiquidStaking(tokens: readonly FtHolding[], providers: readonly string[]): { liquid: FtHolding[]; other: FtHolding[] } {
  const set = new Set(providers.map((p) => p.trim().toLowerCase()));
  return { liquid: tokens.filter((t) => set.has(t.contractId)), other: tokens.filter((t) => !set.has(t.contractId)) };
}

/** Collections published under `publisher`: contract_id ends with "." + publisher. Empty/undefined keeps all. */
export function filterByPublisher(nfts: readonly NftCollection[], publisher: string | undefined): NftCollection[] {
  const p = publisher?.trim().toLowerCase();
  return nfts.filter((n) => !p || n.contractId.endsWith(`.${p}`));
}

/** The parent account: 'mintbase1.near' for 'x.mintbase1.near'; undefined for a top-level id. */
export function publisherOf(contractId: string): string | undefined {
  const dot = contractId.indexOf('.');
  return dot < 0 ? undefined : contractId.slice(dot + 1) || undefined;
}

// ---------------------------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;

/** "The service's answer has an unexpected shape: `field` should be `what`, not <what v is>." */
function wrong(field: string, what: string, v: unknown): NearLensError {
  return badShape(`The service's answer has an unexpected shape: ${field} should be ${what}, not ${describe(v)}.`);
}

function object(v: unknown, what: string): Obj {
  if (!isRecord(v)) throw badShape(`${what} is ${describe(v)}, not the JSON object the service should send.`);
  return v;
}

function list(v: unknown, field: string): unknown[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw wrong(field, 'a list', v);
  return v;
}

function str(v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '') throw wrong(field, 'a non-empty string', v);
  return v;
}

/** A non-negative safe integer. */
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A block height: a non-negative safe integer, or null/absent (when `nullable`). */
function height(v: unknown, field: string, nullable: boolean): number | null {
  if (v == null && nullable) return null;
  if (isCount(v)) return v;
  throw wrong(field, 'a block height', v);
}

/** The objects of list `key` of `o`, each made by `make` with its path (`tokens[3]`) for messages. */
function entries<T>(o: Obj, key: string, make: (e: Obj, at: string) => T): T[] {
  return list(o[key], key).map((v, i) => {
    const at = `${key}[${i}]`;
    if (!isRecord(v)) throw wrong(at, 'an object', v);
    return make(v, at);
  });
}

const lastUpdate = (e: Obj, at: string): number | null => height(e['last_update_block_height'], `${at}.last_update_block_height`, true);

const contractId = (e: Obj, at: string): string => str(e['contract_id'], `${at}.contract_id`);

const nftEntry = (e: Obj, at: string): NftCollection => ({ contractId: contractId(e, at), lastUpdate: lastUpdate(e, at) });

const poolEntry = (e: Obj, at: string): PoolEntry => ({ poolId: str(e['pool_id'], `${at}.pool_id`), lastUpdate: lastUpdate(e, at) });

/** FT entries (`tokens`): balance null/absent → not-fetched, "" → failed, digits → known (neither of the first two is zero). */
function ftList(o: Obj): FtHolding[] {
  const list = entries(o, 'tokens', (e, at): FtHolding => {
    const id = contractId(e, at);
    const b = e['balance'];
    const balance: FtBalance =
      b == null ? { status: 'not-fetched' } : b === '' ? { status: 'failed' } : { status: 'known', raw: parseYocto(b, `${at}.balance`) };
    return { contractId: id, balance, lastUpdate: lastUpdate(e, at) };
  });
  return firstOfEach(list, (t) => t.contractId);
}

/** The first entry of each id, in order: a list that names one twice would show it twice (and give two tree items one id). */
export function firstOfEach<T>(list: readonly T[], id: (e: T) => string): T[] {
  const out: T[] = [];
  // Short lists (an account's tokens, NFTs and pools, on every look-up) are checked pairwise, without a Set.
  if (list.length <= 16) {
    for (const e of list) if (!out.some((o) => id(o) === id(e))) out.push(e);
    return out;
  }
  const seen = new Set<string>();
  for (const e of list) {
    const k = id(e);
    if (!seen.has(k)) out.push(e);
    seen.add(k);
  }
  return out;
}

/** The parts of an RPC `view_account` answer the account state is made of (`amount`, `locked`, `storage_usage`). */
export interface ViewAccountState {
  amount: bigint;
  locked: bigint;
  storageUsage: number;
}

/**
 * An account read over RPC as the same AccountState the REST API gives (balance = amount, storage_bytes =
 * storage_usage, the derived figures alike); `view` null (UNKNOWN_ACCOUNT) is "No such account". Lists: the last good
 * ones from REST when the caller has them (`lists`), else empty.
 */
export function accountFromView(
  accountId: string,
  view: ViewAccountState | null,
  source: AccountSource,
  lists?: Pick<AccountFull, 'tokens' | 'nfts' | 'pools'>,
): AccountFull {
  const { tokens = [], nfts = [], pools = [] } = lists ?? {};
  const st = view && { balance: view.amount, locked: view.locked, storageBytes: view.storageUsage, ...derive(view.amount, view.locked, view.storageUsage) };
  return { accountId, state: st, tokens, nfts, pools, latestActivity: latestOf(tokens, nfts, pools), source };
}

function state(v: unknown): AccountState | null {
  if (v == null) return null;
  if (!isRecord(v)) throw wrong('state', 'an object', v);
  const balance = parseYocto(v['balance'], 'state.balance');
  const locked = parseYocto(v['locked'], 'state.locked');
  const b = v['storage_bytes'];
  const storageBytes = typeof b === 'string' && /^[0-9]{1,15}$/.test(b) ? Number(b) : b;
  if (!isCount(storageBytes)) throw wrong('state.storage_bytes', 'a whole number of bytes', b);
  return { balance, locked, storageBytes, ...derive(balance, locked, storageBytes) };
}

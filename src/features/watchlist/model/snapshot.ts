// A watched account's snapshot (what the watchlist compares each refresh with) and the diff between two of them.
// Pure: no `vscode`, no I/O. Amounts are exact yocto strings (JSON-safe for the Memento); never a Number.
import type { AccountFull } from '../../../near/account';
import { STORAGE_YOCTO_PER_BYTE } from '../../../near/amounts';
import type { AccessKeyInfo, ViewAccount } from '../../../client/client';

/** A key's permission as stored: FullAccess, or what a function-call key may call (its allowance left out: it shrinks with use). */
export type KeyPermission = 'FullAccess' | { receiverId: string; methodNames: string[] };

export interface KeySnapshot {
  publicKey: string;
  permission: KeyPermission;
}

export interface Snapshot {
  /** When it was read (ms since epoch) and the RPC block its keys and code hash are from. */
  time: number;
  blockHeight?: number;
  /** When its code hash and keys were read over RPC, when that was before `time` (they were carried over: see keysReadNeeded). */
  keysTime?: number;
  exists: boolean;
  balance: string;
  locked: string;
  storageBytes: number;
  codeHash: string;
  /** Sorted by public key. */
  keys: KeySnapshot[];
  /** Sorted contract ids; absent when this read could not know them (no indexer, or the REST API was down). */
  tokens?: string[];
  nfts?: string[];
  pools?: string[];
}

export type ChangeKind = 'balance' | 'locked' | 'storage' | 'code' | 'keyAdded' | 'keyRemoved' | 'token' | 'nft' | 'pool';

/**
 * One change, exactly: amounts in yocto (`delta` signed), storage in bytes (`pinnedDelta`: what the bytes pin, yocto),
 * a code hash before → after, a key with its permission, a contract id added (`after`) or removed (`before`).
 */
export interface Change {
  kind: ChangeKind;
  before?: string;
  after?: string;
  delta?: string;
  pinnedDelta?: string;
  publicKey?: string;
  permission?: KeyPermission;
}

const NO_CODE = '11111111111111111111111111111111';

/** Whether the account of a snapshot holds a contract (its code hash is not all ones). */
export const holdsContract = (s: Snapshot): boolean => s.exists && s.codeHash !== NO_CODE;

const permissionOf = (k: AccessKeyInfo): KeyPermission =>
  k.permission === 'FullAccess' ? 'FullAccess' : { receiverId: k.permission.receiverId, methodNames: [...k.permission.methodNames] };

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

/**
 * The snapshot of one complete, fresh read: /full (its state and, when read from the REST API now, its lists), RPC
 * `view_account` (code hash, block; `null` for an account that does not exist) and `view_access_key_list`. The caller
 * never makes one of a stale or partial read (a stale or partial read never counts as a change).
 */
export function snapshotOf(full: AccountFull, view: ViewAccount | null, keys: readonly AccessKeyInfo[], time: number): Snapshot {
  const st = full.state;
  // Lists are known only from the REST API's own answer now: RPC-only (no indexer) or a REST outage (last good lists) → unknown.
  const lists = full.source === undefined;
  return {
    time,
    ...(view ? { blockHeight: view.blockHeight } : {}),
    exists: st !== null,
    balance: String(st?.balance ?? 0n),
    locked: String(st?.locked ?? 0n),
    storageBytes: st?.storageBytes ?? 0,
    codeHash: view?.codeHash ?? NO_CODE,
    keys: keys
      .map((k) => ({ publicKey: k.publicKey, permission: permissionOf(k) }))
      .sort((a, b) => (a.publicKey < b.publicKey ? -1 : a.publicKey > b.publicKey ? 1 : 0)),
    ...(lists
      ? {
          tokens: sorted(full.tokens.map((t) => t.contractId)),
          nfts: sorted(full.nfts.map((n) => n.contractId)),
          pools: sorted(full.pools.map((p) => p.poolId)),
        }
      : {}),
  };
}

/**
 * How long a snapshot's code hash and keys are trusted without a new RPC read. Keys and code live in the account's
 * storage: an AddKey or DeleteKey changes `storage_bytes`, and so does a redeploy of code of another length — the
 * next refresh sees those at once. What storage cannot show (a redeploy of code of the same length, a key swapped
 * for one of the same size) is seen within this age. A demanding user expects a new full-access key on the very next
 * refresh, and accepts ten minutes for the rare same-size change; every refresh (manual or automatic) follows it.
 */
export const KEYS_MAX_AGE_MS = 10 * 60_000;

/**
 * Whether a refresh whose /full answered `full` must read RPC `view_account` and `view_access_key_list` again, given
 * the account's last complete snapshot (its newest read, or the one seen): no snapshot yet, the account newly created,
 * its storage grown or shrunk, or its keys and code read `maxAgeMs` ago or more (or in the future: a clock moved back).
 * An account that does not exist has nothing to read.
 */
export function keysReadNeeded(last: Snapshot | undefined, full: AccountFull, now: number, maxAgeMs = KEYS_MAX_AGE_MS): boolean {
  if (full.state === null) return false;
  if (!last || !last.exists || last.storageBytes !== full.state.storageBytes) return true;
  const age = now - (last.keysTime ?? last.time);
  return age >= maxAgeMs || age < 0;
}

/**
 * The snapshot of a complete read whose storage is unchanged since `last` (keysReadNeeded said no): /full's state
 * and lists now, `last`'s code hash and keys — and its block height, the block they were read at, so "the
 * transactions since the snapshot's block" start no later than its state and miss none. Not a partial read.
 */
export function carriedSnapshotOf(full: AccountFull, last: Snapshot, time: number): Snapshot {
  const now = snapshotOf(full, null, [], time);
  return {
    ...now,
    ...(last.blockHeight === undefined ? {} : { blockHeight: last.blockHeight }),
    keysTime: last.keysTime ?? last.time,
    codeHash: last.codeHash,
    keys: last.keys.map((k) => ({ publicKey: k.publicKey, permission: k.permission })),
  };
}

const samePermission = (a: KeyPermission, b: KeyPermission): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Every difference from `before` to `after`, each once, in a fixed order (amounts, storage, code, keys, lists). */
export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const out: Change[] = [];
  const amount = (kind: 'balance' | 'locked', a: string, b: string): void => {
    if (a !== b) out.push({ kind, before: a, after: b, delta: String(BigInt(b) - BigInt(a)) });
  };
  amount('balance', before.balance, after.balance);
  amount('locked', before.locked, after.locked);
  if (before.storageBytes !== after.storageBytes) {
    const d = after.storageBytes - before.storageBytes;
    out.push({
      kind: 'storage',
      before: String(before.storageBytes),
      after: String(after.storageBytes),
      delta: String(d),
      pinnedDelta: String(BigInt(d) * STORAGE_YOCTO_PER_BYTE),
    });
  }
  if (before.codeHash !== after.codeHash) out.push({ kind: 'code', before: before.codeHash, after: after.codeHash });
  const was = new Map(before.keys.map((k) => [k.publicKey, k.permission]));
  const now = new Map(after.keys.map((k) => [k.publicKey, k.permission]));
  // A key whose permission differs was deleted and added again (NEAR cannot change a key's permission in place).
  for (const [publicKey, permission] of was) {
    const n = now.get(publicKey);
    if (n === undefined || !samePermission(n, permission)) out.push({ kind: 'keyRemoved', publicKey, permission });
  }
  for (const [publicKey, permission] of now) {
    const w = was.get(publicKey);
    if (w === undefined || !samePermission(w, permission)) out.push({ kind: 'keyAdded', publicKey, permission });
  }
  const list = (kind: 'token' | 'nft' | 'pool', a: string[] | undefined, b: string[] | undefined): void => {
    if (!a || !b) return; // a side that could not know its list compares nothing
    const sa = new Set(a);
    const sb = new Set(b);
    for (const x of a) if (!sb.has(x)) out.push({ kind, before: x });
    for (const x of b) if (!sa.has(x)) out.push({ kind, after: x });
  };
  list('token', before.tokens, after.tokens);
  list('nft', before.nfts, after.nfts);
  list('pool', before.pools, after.pools);
  return out;
}

/** Spendable balance of a snapshot in yocto: balance − what its storage pins (may be negative). */
export const spendableOf = (s: Snapshot): bigint => BigInt(s.balance) - BigInt(s.storageBytes) * STORAGE_YOCTO_PER_BYTE;

/** A change's identity, the same across reads: an alert is said once per identity. */
export const changeId = (c: Change): string => JSON.stringify([c.kind, c.before, c.after, c.publicKey, c.permission]);

/** Whether a value read back from a Memento is a snapshot this version wrote (anything else is dropped). */
export function isSnapshot(v: unknown): v is Snapshot {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<Snapshot>;
  return (
    typeof s.time === 'number' &&
    typeof s.exists === 'boolean' &&
    typeof s.balance === 'string' &&
    /^-?\d+$/.test(s.balance) &&
    typeof s.locked === 'string' &&
    /^-?\d+$/.test(s.locked) &&
    typeof s.storageBytes === 'number' &&
    typeof s.codeHash === 'string' &&
    Array.isArray(s.keys)
  );
}

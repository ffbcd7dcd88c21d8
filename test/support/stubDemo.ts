// What the demo stub does when a person asks a watched account to change (`npm run stub -- change <id>`, the c key,
// `POST /_stub/change/<id>`): the account receives 2 NEAR and gains a full-access key, with the storage that key takes.
// A balance change and a new full-access key are what the watchlist's "what changed" shows best (a line each, an
// alert for the key), and the storage change is what makes its next refresh read the keys again. Pure: no I/O.
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';

/** The account the demo's instructions and the c key change: the one with transactions, for the block range. */
export const DEMO_ACCOUNT = 'history.near';

/** The stub's control route; the account id follows it. Answered only by a stub started with `control: true`. */
export const STUB_CHANGE_ROUTE = '/_stub/change/';

const YOCTO_PER_NEAR = 10n ** 24n;
export const DEMO_DEPOSIT_YOCTO = 2n * YOCTO_PER_NEAR;

/**
 * Bytes a full-access ed25519 key adds to its account's storage, as nearcore counts an AddKey: the public key in Borsh
 * (1 + 32), the access key in Borsh (nonce 8 + permission 1) and 40 bytes of record overhead.
 */
export const FULL_ACCESS_KEY_BYTES = 33 + 9 + 40;

export interface RpcKey {
  public_key: string;
  access_key: { nonce: number; permission: unknown };
}

export interface DemoState {
  balance: string;
  storageBytes: number;
  keys: RpcKey[];
}

/** One demo change, as the control route answers it and the terminal says it. */
export interface DemoChange {
  accountId: string;
  balance: { before: string; after: string };
  storageBytes: { before: number; after: number };
  keyAdded: string;
}

/** The n-th demo key of an account: a valid ed25519 public key nobody holds the secret of (a hash, not a key pair). */
export function demoKey(accountId: string, n: number): string {
  return `ed25519:${base58.encode(createHash('sha256').update(`near-lens-demo-key:${accountId}:${n}`).digest())}`;
}

/** The state after one demo change: +2 NEAR, one more full-access key (one the account does not hold yet), its bytes. */
export function demoChangeOf(accountId: string, state: DemoState): { state: DemoState; change: DemoChange } {
  const held = new Set(state.keys.map((k) => k.public_key));
  let n = state.keys.length;
  while (held.has(demoKey(accountId, n))) n++;
  const keyAdded = demoKey(accountId, n);
  const next: DemoState = {
    balance: String(BigInt(state.balance) + DEMO_DEPOSIT_YOCTO),
    storageBytes: state.storageBytes + FULL_ACCESS_KEY_BYTES,
    keys: [...state.keys, { public_key: keyAdded, access_key: { nonce: 0, permission: 'FullAccess' } }],
  };
  return {
    state: next,
    change: {
      accountId,
      balance: { before: state.balance, after: next.balance },
      storageBytes: { before: state.storageBytes, after: next.storageBytes },
      keyAdded,
    },
  };
}

/** Exact NEAR of a yocto amount, trailing zeros dropped ("12.3456789"). */
export function nearText(yocto: string): string {
  const v = BigInt(yocto);
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  const frac = (abs % YOCTO_PER_NEAR).toString().padStart(24, '0').replace(/0+$/, '');
  return `${sign}${abs / YOCTO_PER_NEAR}${frac ? `.${frac}` : ''}`;
}

/** The change in one line, for the terminal. */
export function describeDemoChange(c: DemoChange): string {
  const delta = BigInt(c.balance.after) - BigInt(c.balance.before);
  const bytes = c.storageBytes.after - c.storageBytes.before;
  return (
    `${c.accountId}: ${nearText(c.balance.before)} → ${nearText(c.balance.after)} NEAR (+${nearText(String(delta))} NEAR), ` +
    `a new full-access key ${c.keyAdded}, storage +${bytes} bytes`
  );
}

// What the demo stub does when a person asks a watched account to change (`npm run stub -- change <id>`, the c key,
// `POST /_stub/change/<id>`): the account receives 2 NEAR and gains a full-access key, with the storage that key takes.
// A balance change and a new full-access key are what the watchlist's "what changed" shows best (a line each, an
// alert for the key), and the storage change is what makes its next refresh read the keys again. And the calls a
// person makes to a demo contract (`npm run stub -- call <contract> <method> …`, the g key, `POST /_stub/call`): a
// failed call, a method, an event, as a watched contract's Changes node shows them. Pure: no I/O.
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { eventLog } from './stubActivity';
import type { ActivityCall } from './stubActivity';

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

// ---------- the demo's contract: calls a person makes to it ----------

/** The demo's contract: it runs the demo workspace's contracts/game (its NEP-330 metadata names that path). */
export const DEMO_CONTRACT = 'game.lensdev.near';

/** The stub's control route that appends a call to a contract's history (JSON body: a DemoCall). */
export const STUB_CALL_ROUTE = '/_stub/call';

/** One call a person makes to a contract of the demo (`npm run stub -- call …`, the g key, `POST /_stub/call`). */
export interface DemoCall {
  contract: string;
  method: string;
  /** The caller; default alice.near. */
  signer?: string;
  /** The contract panics with these words: the call fails. */
  fail?: string;
  /** A NEP-297 event the contract logs, as `standard:event`. */
  event?: string;
  /** The event's `amount` (a whole number, as NEP-141's events write it). */
  amount?: string;
}

/** What the call route answers: the call's transaction. */
export interface DemoCallDone {
  hash: string;
  call: DemoCall;
}

/** The panic of the demo's failed claim: the unwrap at line 29 of contracts/game/src/lib.rs, as Rust 1.73+ prints it. */
export const DEMO_PANIC = 'panicked at src/lib.rs:29:50:\ncalled `Option::unwrap()` on a `None` value';

/**
 * What the g key makes happen on the demo's contract: a player's claim that fails at line 29 of the workspace's
 * contracts/game/src/lib.rs, and the owner's settle_all, which logs a NEP-297 event of the game.
 */
export const DEMO_ROUND: readonly DemoCall[] = [
  { contract: DEMO_CONTRACT, method: 'claim', signer: 'player.lensdev.near', fail: DEMO_PANIC },
  { contract: DEMO_CONTRACT, method: 'settle_all', signer: 'lensdev.near', event: 'lens_game:round_settled', amount: '5' },
];

/** The demo's watchlistActivity: failed calls, the game's settle_all, the game's events (what the g key shows). */
export const DEMO_ACTIVITY_SETTING = {
  failedCalls: true,
  methods: { [DEMO_CONTRACT]: ['settle_all'] },
  events: ['lens_game:*'],
} as const;

const ACCOUNT_ID = /^(?=.{2,64}$)(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;
const EVENT = /^[^:\s]+:[^:\s]+$/;

/** Why `value` is not a call the demo can make, in words; undefined when it is one. */
export function demoCallProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a call is an object: { contract, method, … }';
  const c = value as Record<string, unknown>;
  const text = (k: string): boolean => c[k] === undefined || typeof c[k] === 'string';
  for (const k of Object.keys(c)) if (!['contract', 'method', 'signer', 'fail', 'event', 'amount'].includes(k)) return `unknown field ${k}`;
  if (typeof c['contract'] !== 'string' || !ACCOUNT_ID.test(c['contract'])) return `not an account id: ${JSON.stringify(c['contract'])}`;
  if (typeof c['method'] !== 'string' || !/^\S{1,256}$/.test(c['method'])) return `not a method name: ${JSON.stringify(c['method'])}`;
  if (!text('signer') || (typeof c['signer'] === 'string' && !ACCOUNT_ID.test(c['signer']))) return `not an account id: ${JSON.stringify(c['signer'])}`;
  if (!text('fail') || c['fail'] === '') return 'a failure needs its message: --fail "<message>"';
  if (!text('event') || (typeof c['event'] === 'string' && !EVENT.test(c['event'])))
    return `an event is standard:event (nep141:ft_burn), not ${JSON.stringify(c['event'])}`;
  if (!text('amount') || (typeof c['amount'] === 'string' && !/^\d{1,39}$/.test(c['amount'])))
    return `an amount is a whole number, not ${JSON.stringify(c['amount'])}`;
  if (c['amount'] !== undefined && c['event'] === undefined) return 'an amount belongs to an event: --event <standard:event> --amount N';
  return undefined;
}

/** The call as the transactions API records it: its panic, and its event's `EVENT_JSON:` log line. */
export function activityCallOf(c: DemoCall): ActivityCall {
  const [standard = '', event = ''] = (c.event ?? '').split(':');
  return {
    contract: c.contract,
    method: c.method,
    ...(c.signer !== undefined && { signer: c.signer }),
    ...(c.fail !== undefined && { panic: c.fail }),
    ...(c.event !== undefined && { logs: [eventLog(standard, event, c.amount === undefined ? [] : [{ amount: c.amount }])] }),
  };
}

/** The call in one line, for the terminal. */
export function describeDemoCall(done: DemoCallDone): string {
  const c = done.call;
  const what = c.fail !== undefined ? `failed: ${c.fail.replace(/\n/g, ' ')}` : 'succeeded';
  const event = c.event === undefined ? '' : `, logged ${c.event}${c.amount === undefined ? '' : ` (amount ${c.amount})`}`;
  return `${c.contract} ${c.method} by ${c.signer ?? 'alice.near'}: ${what}${event} · transaction ${done.hash}`;
}

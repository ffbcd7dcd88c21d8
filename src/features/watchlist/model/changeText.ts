// The words for a watched account's changes: the tree's one-line summary, each change's line and sentence, and the
// alerts the settings ask for. Pure: no `vscode`, no I/O. Every id or key from the network is sanitised here.
import { formatNear, formatYoctoExact, groupDigits } from '../../../near/amounts';
import { sanitizeText } from '../../../base/text';
import type { Change, KeyPermission, Snapshot } from './snapshot';
import { changeId, spendableOf } from './snapshot';

export type AlertKind = 'keys' | 'code' | 'storage' | 'balance';
export interface AlertSettings {
  keys: boolean;
  code: boolean;
  storage: boolean;
  balance: boolean;
  /** Spendable balance (yocto) under which a storage alert fires. */
  storageNear: bigint;
}
export const DEFAULT_ALERTS: Readonly<Omit<AlertSettings, 'storageNear'>> = { keys: true, code: true, storage: true, balance: false };

export interface Alert {
  kind: AlertKind;
  /** Said once per id (a change's identity, or the storage crossing's). */
  id: string;
  message: string;
}

const signed = (yocto: bigint, decimals: number): string => (yocto > 0n ? '+' : '') + formatNear(yocto, decimals);
const signedExact = (yocto: bigint): string => `${yocto > 0n ? '+' : ''}${formatYoctoExact(yocto)} NEAR`;
const bytes = (n: bigint | number): string => `${n > 0 ? '+' : ''}${n < 0 ? '-' : ''}${groupDigits(String(n < 0 ? -BigInt(n) : BigInt(n)))} bytes`;
/** "5BGS…U9dB": enough of a key to tell it from the others in a side bar ("secp256k1:" kept, as it is the rarer). */
const shortKey = (pk: string): string => {
  const k = sanitizeText(pk, 120).replace(/^ed25519:/, '');
  const colon = k.indexOf(':') + 1;
  return k.length - colon > 12 ? `${k.slice(0, colon + 4)}…${k.slice(-4)}` : k;
};
const permissionText = (p: KeyPermission | undefined): string =>
  p === undefined || p === 'FullAccess'
    ? 'full access'
    : `function-call key for ${sanitizeText(p.receiverId, 80)} (${p.methodNames.length > 0 ? sanitizeText(p.methodNames.join(', '), 120) : 'any method'})`;
const LIST_WORD = { token: 'token contract', nft: 'NFT collection', pool: 'staking pool' } as const;
/** The tree's shorter words for a list change (the tooltip says the long one). */
const LIST_LABEL = { token: 'Token', nft: 'NFT collection', pool: 'Staking pool' } as const;

export interface ChangeLine {
  label: string;
  description: string;
  /** Every figure exactly. */
  tooltip: string;
  /** The line read as a sentence (the tree item's accessibility label). */
  sentence: string;
  /** Worth a person's attention now (a full-access key, new code). */
  serious: boolean;
}

/**
 * One change as a tree line: "Balance" "+2 NEAR · 10 → 12 NEAR", the news first so that a side bar of its default width
 * (about 30 characters after this row's indent) shows it whatever the figures; exact figures and whole keys in the tooltip.
 */
export function changeLine(c: Change, decimals: number): ChangeLine {
  switch (c.kind) {
    case 'balance':
    case 'locked': {
      const [b, a, d] = [BigInt(c.before ?? 0), BigInt(c.after ?? 0), BigInt(c.delta ?? 0)];
      const word = c.kind === 'balance' ? 'Balance' : 'Locked';
      const description = `${signed(d, decimals)} · ${formatNear(b, decimals).replace(/ NEAR$/, '')} → ${formatNear(a, decimals)}`;
      const tooltip = `${word}: ${formatYoctoExact(b)} → ${formatYoctoExact(a)} NEAR\nChange: ${signedExact(d)} (${d > 0n ? '+' : ''}${d} yocto)`;
      return {
        label: word,
        description,
        tooltip,
        sentence: `${word} changed from ${formatYoctoExact(b)} to ${formatYoctoExact(a)} NEAR, ${signedExact(d)}.`,
        serious: false,
      };
    }
    case 'storage': {
      const d = BigInt(c.delta ?? 0);
      const pinned = BigInt(c.pinnedDelta ?? 0);
      const description = bytes(d);
      const tooltip = `Storage: ${groupDigits(c.before ?? '0')} → ${groupDigits(c.after ?? '0')} bytes (${bytes(d)})\nPinned by storage: ${signedExact(pinned)}`;
      return { label: 'Storage', description, tooltip, sentence: `Storage changed by ${bytes(d)}, pinning ${signedExact(pinned)}.`, serious: false };
    }
    case 'code': {
      const [b, a] = [sanitizeText(c.before ?? '', 64), sanitizeText(c.after ?? '', 64)];
      return {
        label: 'Code redeployed',
        description: `now ${a.slice(0, 8)}…`,
        tooltip: `code_hash ${b} → ${a}`,
        sentence: `The contract code changed, code hash ${b} to ${a}.`,
        serious: true,
      };
    }
    case 'keyAdded':
    case 'keyRemoved': {
      const added = c.kind === 'keyAdded';
      const full = c.permission === 'FullAccess';
      const key = sanitizeText(c.publicKey ?? '', 120);
      const what = permissionText(c.permission);
      const kind = full ? 'Full-access key' : 'Function-call key';
      const forWhom = c.permission && c.permission !== 'FullAccess' ? ` for ${sanitizeText(c.permission.receiverId, 80)}` : '';
      return {
        label: added ? `New ${kind.toLowerCase()}` : `${kind} removed`,
        description: `${shortKey(key)}${forWhom}`,
        tooltip: `${key}\n${added ? 'Added' : 'Removed'}: ${what}`,
        sentence: `Access key ${key} ${added ? 'added' : 'removed'}, ${full ? 'with full access' : what}.`,
        serious: added && full,
      };
    }
    default: {
      const word = LIST_WORD[c.kind];
      const id = sanitizeText(c.after ?? c.before ?? '', 100);
      const added = c.after !== undefined;
      const said = `${word[0]!.toUpperCase()}${word.slice(1)} ${added ? 'added' : 'removed'}`;
      const label = `${LIST_LABEL[c.kind]} ${added ? 'added' : 'removed'}`;
      return { label, description: id, tooltip: `${said}: ${id}`, sentence: `${said}: ${id}.`, serious: false };
    }
  }
}

/** The account's one-line summary for its tree description: "+2 NEAR · new full-access key · code redeployed". */
export function changeSummary(changes: readonly Change[], decimals: number): string {
  const parts: string[] = [];
  const n = (kind: Change['kind'], ok: (c: Change) => boolean = () => true): number => changes.filter((c) => c.kind === kind && ok(c)).length;
  const bal = changes.find((c) => c.kind === 'balance');
  if (bal) parts.push(signed(BigInt(bal.delta ?? 0), Math.min(decimals, 2)));
  const fullAdded = n('keyAdded', (c) => c.permission === 'FullAccess');
  const otherAdded = n('keyAdded') - fullAdded;
  if (fullAdded) parts.push(fullAdded === 1 ? 'new full-access key' : `${fullAdded} new full-access keys`);
  if (otherAdded) parts.push(otherAdded === 1 ? 'new key' : `${otherAdded} new keys`);
  if (n('keyRemoved')) parts.push(n('keyRemoved') === 1 ? 'key removed' : `${n('keyRemoved')} keys removed`);
  if (n('code')) parts.push('code redeployed');
  const st = changes.find((c) => c.kind === 'storage');
  if (st) parts.push(`storage ${bytes(BigInt(st.delta ?? 0))}`);
  if (n('locked')) parts.push('locked changed');
  const lists = n('token') + n('nft') + n('pool');
  if (lists) parts.push(lists === 1 ? 'list changed' : `${lists} list changes`);
  return parts.join(' · ');
}

const FULL_ACCESS_MEANS =
  'A full-access key can do anything the account can: send all its NEAR, add or delete keys, deploy code, delete the account. ' +
  'If you did not add it, treat the account as compromised: from a device you trust, remove the key and move the funds to a safe account.';

/** near-cli-rs's command that removes a key (it then asks the network and how to sign). */
const deleteKeyCommand = (accountId: string, key: string): string => `near account delete-keys ${accountId} public-keys ${key}`;

/** The alerts a change set calls for under `s` (each with the id it is said once by). */
export function alertsFor(accountId: string, changes: readonly Change[], before: Snapshot, after: Snapshot, s: AlertSettings): Alert[] {
  const id = sanitizeText(accountId, 80);
  const out: Alert[] = [];
  if (s.keys) {
    for (const c of changes.filter((x) => x.kind === 'keyAdded')) {
      const key = sanitizeText(c.publicKey ?? '', 120);
      out.push(
        c.permission === 'FullAccess'
          ? {
              kind: 'keys',
              id: changeId(c),
              message: `${id}: a new FULL-ACCESS key ${key} was added. ${FULL_ACCESS_MEANS} With near-cli-rs: ${deleteKeyCommand(id, key)}`,
            }
          : {
              kind: 'keys',
              id: changeId(c),
              message: `${id}: a new ${permissionText(c.permission)} was added (${key}). It can spend its allowance on gas for those calls only.`,
            },
      );
    }
  }
  if (s.code) {
    for (const c of changes.filter((x) => x.kind === 'code'))
      out.push({
        kind: 'code',
        id: changeId(c),
        message: `${id}: its contract code changed (code hash ${sanitizeText(c.before ?? '', 64)} → ${sanitizeText(c.after ?? '', 64)}). If you did not deploy it, check who holds its full-access keys.`,
      });
  }
  if (s.storage) {
    const was = spendableOf(before);
    const now = spendableOf(after);
    // Crossing under the threshold (balance fell or storage grew): a contract whose spendable reaches zero fails every write.
    if (now < s.storageNear && was >= s.storageNear && changes.some((c) => c.kind === 'balance' || c.kind === 'storage'))
      out.push({
        kind: 'storage',
        id: 'storage', // once until Mark as Seen
        message: `${id}: only ${formatYoctoExact(now)} NEAR is spendable beyond what its ${groupDigits(String(after.storageBytes))} bytes of storage pin. At zero every write fails with LackBalanceForState: send it NEAR or free storage.`,
      });
  }
  if (s.balance) {
    for (const c of changes.filter((x) => x.kind === 'balance'))
      out.push({
        kind: 'balance',
        id: changeId(c),
        message: `${id}: balance ${signedExact(BigInt(c.delta ?? 0))} (now ${formatYoctoExact(BigInt(c.after ?? 0))} NEAR).`,
      });
  }
  return out;
}

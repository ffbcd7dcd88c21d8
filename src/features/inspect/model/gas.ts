// Where a receipt's gas went: its gas profile (nearcore's `metadata.gas_profile`, version 3) read exactly, put into the
// groups a person recognises, and the receipt's own action fees — which the profile leaves out — as the rest of the
// gas burnt, itemised from the protocol config's execution fees. Every figure a bigint or its exact digits; the
// groups add up to the gas burnt to the unit. Pure: no `vscode`, no I/O.
import { isRecord } from '../../../base/json';
import { groupDigits } from '../../../near/amounts';
import type { FeeConfig } from '../../../client/changes';

/** One line of a gas profile, as the node reported it. */
export interface ProfileEntry {
  cost: string;
  category: 'wasm' | 'action';
  /** Exact digits. */
  gas: string;
}

export interface GasGroup {
  name: string;
  /** Exact digits. */
  gas: string;
  /** Percent of the gas burnt, one decimal, from exact integers (display only). */
  share: number;
}

export interface ActionCostPart {
  what: string;
  gas: string;
}

/** A receipt's gas, as Inspect Transaction returns it. */
export interface ReceiptGas {
  /** The gas its function calls were given. */
  attached?: string;
  burnt: string;
  profile?: ProfileEntry[];
  /** burnt − Σ profile, exact: the receipt's own action fees. */
  actionCost?: string;
  /** actionCost itemised from the protocol config; Σ = actionCost. */
  actionCostParts?: ActionCostPart[];
  /** In words; Σ gas = burnt exactly. */
  groups: GasGroup[];
  /** Why there is no profile, in words. */
  unavailable?: string;
  /** A word on the profile (an older metadata version). */
  note?: string;
}

export const GROUPS = {
  wasm: 'WASM execution',
  writes: 'storage writes',
  reads: 'storage reads and removes',
  trie: 'trie nodes touched',
  loading: 'contract loading',
  logs: 'logs',
  promises: 'promises and cross-contract calls',
  other: 'other host calls',
  own: "the call's own fee (not profiled)",
  /** A receipt without a profile: its whole gas, not itemised. */
  whole: 'gas burnt (not itemised)',
} as const;

/** The order the groups are listed and drawn in. */
export const GROUP_ORDER: readonly string[] = [
  GROUPS.wasm,
  GROUPS.writes,
  GROUPS.reads,
  GROUPS.trie,
  GROUPS.loading,
  GROUPS.logs,
  GROUPS.promises,
  GROUPS.other,
  GROUPS.own,
  GROUPS.whole,
];

/** The group of one profile line: its category first (every ACTION_COST is a receipt the call made), then its name. */
export function groupOf(e: Pick<ProfileEntry, 'cost' | 'category'>): string {
  if (e.category === 'action') return GROUPS.promises;
  const c = e.cost;
  if (c === 'WASM_INSTRUCTION' || c === 'GROW_MEM' || c === 'REGULAR_OP') return GROUPS.wasm;
  if (c.startsWith('STORAGE_WRITE')) return GROUPS.writes;
  if (/^STORAGE_(READ|REMOVE|HAS_KEY|ITER|LARGE_READ)/.test(c)) return GROUPS.reads;
  if (c === 'TOUCHING_TRIE_NODE' || c === 'READ_CACHED_TRIE_NODE') return GROUPS.trie;
  if (c.startsWith('CONTRACT_LOADING') || c.startsWith('CONTRACT_COMPILE')) return GROUPS.loading;
  if (c.startsWith('LOG_')) return GROUPS.logs;
  if (/^(PROMISE_|YIELD_)/.test(c)) return GROUPS.promises;
  return GROUPS.other;
}

const DIGITS = /^\d{1,20}$/;
const U64_MAX = 2n ** 64n - 1n;

/** A gas figure as the node sends it (a decimal string, or a safe JSON number), or undefined. */
function gasOf(v: unknown): bigint | undefined {
  const s = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : typeof v === 'string' && DIGITS.test(v) ? v : undefined;
  if (s === undefined) return undefined;
  const g = BigInt(s);
  return g <= U64_MAX ? g : undefined;
}

/**
 * A receipt outcome's `metadata`: its profile, or why there is none in words. Version 3 is the one this reads; a
 * version 2 list of the same shape is read too, said to be older accounting.
 */
export function readProfile(metadata: unknown): { profile?: ProfileEntry[]; unavailable?: string; note?: string } {
  if (!isRecord(metadata)) return { unavailable: 'The node sent no metadata for this receipt, so there is no gas profile.' };
  const version = metadata['version'];
  const list = metadata['gas_profile'];
  if (list === null || list === undefined)
    return {
      unavailable: `The node sent no gas profile for this receipt (metadata version ${typeof version === 'number' ? version : '?'}): an older protocol version, or a node built without profiles.`,
    };
  if (!Array.isArray(list)) return { unavailable: 'The node sent a gas profile of an unexpected shape.' };
  const profile: ProfileEntry[] = [];
  for (const x of list) {
    const gas = isRecord(x) ? gasOf(x['gas_used']) : undefined;
    const cost = isRecord(x) ? x['cost'] : undefined;
    const category = isRecord(x) ? x['cost_category'] : undefined;
    if (gas === undefined || typeof cost !== 'string' || !/^[A-Z0-9_]{1,64}$/.test(cost) || (category !== 'WASM_HOST_COST' && category !== 'ACTION_COST'))
      return { unavailable: 'The node sent a gas profile of an unexpected shape.' };
    profile.push({ cost, category: category === 'ACTION_COST' ? 'action' : 'wasm', gas: String(gas) });
  }
  return version === 3 || version === undefined ? { profile } : { profile, note: `Gas profile of metadata version ${String(version)}: older accounting.` };
}

/** `part` of `whole` in percent with one decimal, rounded half up, from integers. */
export function shareOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 2000n + whole) / (2n * whole)) / 10;
}

/**
 * The groups of a receipt's gas: the profile's lines by group, then the receipt's own fee (burnt − Σ profile) — so that
 * they add up to `burnt` exactly. Without a profile, or with one that adds up to more than was burnt, the whole gas is
 * one group, not itemised. Empty groups are left out.
 */
export function gasGroups(burnt: bigint, profile: readonly ProfileEntry[] | undefined): GasGroup[] {
  const sums = new Map<string, bigint>();
  const add = (name: string, g: bigint): void => void sums.set(name, (sums.get(name) ?? 0n) + g);
  const profiled = profile?.reduce((s, e) => s + BigInt(e.gas), 0n);
  if (profile === undefined || profiled === undefined || profiled > burnt) add(GROUPS.whole, burnt);
  else {
    for (const e of profile) add(groupOf(e), BigInt(e.gas));
    add(GROUPS.own, burnt - profiled);
  }
  return GROUP_ORDER.filter((n) => (sums.get(n) ?? 0n) > 0n).map((name) => {
    const gas = sums.get(name)!;
    return { name, gas: String(gas), share: shareOf(gas, burnt) };
  });
}

// ---------------------------------------------------------------- the receipt's own fees

/** What an action costs to execute depends on: its kind and its bytes (nearcore's exec_fee). */
export type FeeAction =
  | { kind: 'FunctionCall'; methodName: string; bytes: number }
  | { kind: 'Transfer' }
  | { kind: 'CreateAccount' }
  | { kind: 'DeployContract'; bytes: number }
  | { kind: 'AddKey'; fullAccess: true }
  | { kind: 'AddKey'; fullAccess: false; methodNameBytes: number }
  | { kind: 'DeleteKey' }
  | { kind: 'Stake' }
  | { kind: 'DeleteAccount' }
  | { kind: 'Delegate' }
  | { kind: 'Other'; name: string };

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;
/** The decoded length of standard base64 text (its padding counted out), or undefined when it is not base64. */
function base64Length(s: unknown): number | undefined {
  if (typeof s !== 'string' || s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return undefined;
  return (s.length / 4) * 3 - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);
}

/** An action view (`"CreateAccount"`, `{Transfer: …}`, `{FunctionCall: {method_name, args}}` …) as its fee reads it. */
export function feeAction(view: unknown): FeeAction {
  if (view === 'CreateAccount') return { kind: 'CreateAccount' };
  const name = isRecord(view) ? Object.keys(view)[0] : undefined;
  const body = name !== undefined && isRecord(view) && isRecord(view[name]) ? (view[name] as Record<string, unknown>) : {};
  switch (name) {
    case 'FunctionCall': {
      const method = body['method_name'];
      const args = base64Length(body['args']);
      if (typeof method !== 'string' || args === undefined) return { kind: 'Other', name };
      return { kind: 'FunctionCall', methodName: method, bytes: utf8Length(method) + args };
    }
    case 'DeployContract': {
      const code = base64Length(body['code']);
      return code === undefined ? { kind: 'Other', name } : { kind: 'DeployContract', bytes: code };
    }
    case 'AddKey': {
      const perm = isRecord(body['access_key']) ? body['access_key']['permission'] : undefined;
      if (perm === 'FullAccess') return { kind: 'AddKey', fullAccess: true };
      const fc = isRecord(perm) && isRecord(perm['FunctionCall']) ? perm['FunctionCall'] : undefined;
      const names = fc?.['method_names'];
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return { kind: 'Other', name };
      // nearcore counts each method name with a terminating byte.
      return { kind: 'AddKey', fullAccess: false, methodNameBytes: names.reduce((n: number, m: string) => n + utf8Length(m) + 1, 0) };
    }
    case 'Transfer':
    case 'CreateAccount':
    case 'DeleteKey':
    case 'Stake':
    case 'DeleteAccount':
    case 'Delegate':
      return { kind: name };
    default:
      return { kind: 'Other', name: typeof name === 'string' ? name.slice(0, 40) : '?' };
  }
}

const g = (n: bigint): string => groupDigits(String(n));

/**
 * The execution fees of a receipt's actions from the protocol config, as nearcore charges them to the receipt that runs
 * them: the action receipt's creation, then each action's fee (a function call's base plus its per-byte fee × the bytes
 * of method name and arguments; a transfer to an implicit account also creates it). Undefined when an action's fee is
 * not known (an action this version does not know).
 */
export function ownFeeParts(actions: readonly FeeAction[], receiverId: string, f: FeeConfig): ActionCostPart[] | undefined {
  const parts: ActionCostPart[] = [{ what: 'action receipt creation', gas: String(f.receiptCreation) }];
  const part = (what: string, gas: bigint): void => void parts.push({ what, gas: String(gas) });
  for (const a of actions) {
    switch (a.kind) {
      case 'FunctionCall':
        part(`function call ${a.methodName.slice(0, 64)}: base`, f.functionCall);
        part(`function call: ${a.bytes} bytes of method name and arguments × ${g(f.functionCallPerByte)}`, BigInt(a.bytes) * f.functionCallPerByte);
        break;
      case 'Transfer':
        part('transfer', f.transfer);
        if (/^[0-9a-f]{64}$/.test(receiverId)) {
          part('transfer to an implicit account: its creation', f.createAccount);
          part('transfer to an implicit account: its full-access key', f.addFullAccessKey);
        } else if (/^0x[0-9a-f]{40}$/.test(receiverId)) part('transfer to an ETH-implicit account: its creation', f.createAccount);
        break;
      case 'CreateAccount':
        part('create account', f.createAccount);
        break;
      case 'DeployContract':
        part('deploy contract: base', f.deployContract);
        part(`deploy contract: ${a.bytes} bytes of code × ${g(f.deployContractPerByte)}`, BigInt(a.bytes) * f.deployContractPerByte);
        break;
      case 'AddKey':
        if (a.fullAccess) part('add a full-access key', f.addFullAccessKey);
        else {
          part('add a function-call key: base', f.addFunctionCallKey);
          part(
            `add a function-call key: ${a.methodNameBytes} bytes of method names × ${g(f.addFunctionCallKeyPerByte)}`,
            BigInt(a.methodNameBytes) * f.addFunctionCallKeyPerByte,
          );
        }
        break;
      case 'DeleteKey':
        part('delete key', f.deleteKey);
        break;
      case 'Stake':
        part('stake', f.stake);
        break;
      case 'DeleteAccount':
        part('delete account', f.deleteAccount);
        break;
      case 'Delegate':
        part('delegate (meta-transaction)', f.delegate);
        break;
      default:
        return undefined;
    }
  }
  return parts;
}

/**
 * A receipt's gas: the groups (adding up to `burnt`), the action cost (burnt − Σ profile) and its parts from the fees.
 * Parts that add up to less than the action cost get the rest as one more part; parts that add up to more are left out
 * (the fees are not the ones this receipt was charged).
 */
export function receiptGas(input: {
  burnt: bigint;
  attached?: bigint;
  metadata: unknown;
  actions?: readonly FeeAction[];
  receiverId: string;
  fees?: FeeConfig;
}): ReceiptGas {
  const { burnt } = input;
  const read = readProfile(input.metadata);
  const out: ReceiptGas = { burnt: String(burnt), groups: [] };
  if (input.attached !== undefined) out.attached = String(input.attached);
  if (read.profile) out.profile = read.profile;
  if (read.unavailable) out.unavailable = read.unavailable;
  if (read.note) out.note = read.note;
  out.groups = gasGroups(burnt, read.profile);
  const profiled = read.profile?.reduce((s, e) => s + BigInt(e.gas), 0n);
  if (profiled !== undefined && profiled > burnt) {
    out.unavailable = 'The gas profile adds up to more than the receipt burnt: it is not itemised.';
    return out;
  }
  if (profiled === undefined) return out;
  const actionCost = burnt - profiled;
  out.actionCost = String(actionCost);
  const parts = input.fees && input.actions ? ownFeeParts(input.actions, input.receiverId, input.fees) : undefined;
  if (parts) {
    const sum = parts.reduce((s, p) => s + BigInt(p.gas), 0n);
    if (sum < actionCost) parts.push({ what: 'the rest (not itemised by the protocol config)', gas: String(actionCost - sum) });
    if (sum <= actionCost) out.actionCostParts = parts;
  }
  return out;
}

/** The group that took most of a receipt's gas (ties: the first listed), for an out-of-gas failure's explanation. */
export function largestGroup(groups: readonly GasGroup[]): GasGroup | undefined {
  let top: GasGroup | undefined;
  for (const x of groups) if (!top || BigInt(x.gas) > BigInt(top.gas)) top = x;
  return top;
}

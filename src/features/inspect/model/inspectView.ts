// An inspection as the panel shows it and the transaction document writes it: every figure formatted exactly (TGas,
// NEAR, bytes), every string from the chain sanitised and cut (keys and values at SHOWN_CHARS), the receipt tree's
// depths, the gas bar's segments with the attached gas marked, and an out-of-gas failure named by the group that took
// most. Pure: no `vscode`, no I/O.
import { sanitizeText } from '../../../base/text';
import { nearText, tgasText } from '../../../client/transactions/actions';
import type { AccountState } from '../../../client/client';
import { groupDigits } from '../../../near/amounts';
import type { BytesView, ChangeView, GasView, InspectHeadView, ReceiptView, StateView } from '../protocol';
import { bytesText, SHOWN_CHARS, shownText } from './bytes';
import type { Bytes } from './bytes';
import { GROUP_ORDER, GROUPS, largestGroup } from './gas';
import type { ReceiptGas } from './gas';
import type { InspectedChange, InspectedReceipt, Inspection, InspectStatus, ReceiptState } from './inspection';

const STATUS: Record<InspectStatus, string> = { success: '✓ succeeded', failure: '✗ failed', pending: '… pending' };
/** Each group's colour (0–9): its place in the list, so it keeps it in every receipt; the own fee is the striped one. */
const hueOf = (name: string): number => (name === GROUPS.own ? 9 : name === GROUPS.whole ? 8 : Math.max(0, GROUP_ORDER.indexOf(name)));
/** A share as shown: "3.0%", one decimal always. */
export const percent = (share: number): string => `${share.toFixed(1)}%`;

/** A signed digits figure with its sign as people read it: "+74", "−9", "0". */
export function signed(d: string): string {
  const n = BigInt(d);
  return n > 0n ? `+${groupDigits(String(n))}` : n < 0n ? `−${groupDigits(String(-n))}` : '0';
}

/** "storage writes took most of it: 7.7 TGas of 10.2 TGas (75.4%)" — for a receipt that ran out of gas; '' otherwise. */
export function outOfGasWords(r: Pick<InspectedReceipt, 'failure' | 'gas'>): string {
  if (!r.failure || !/prepaid gas|GasExceeded|GasLimitExceeded|exceeded the maximum amount of gas/i.test(r.failure)) return '';
  const top = largestGroup(r.gas.groups.filter((x) => x.name !== GROUPS.own && x.name !== GROUPS.whole));
  if (!top) return '';
  return `Out of gas: most of it went to ${top.name} — ${tgasText(top.gas)} of the ${tgasText(r.gas.burnt)} burnt (${percent(top.share)}).`;
}

/** What a receipt did, in a few words: its calls, a refund, a transfer. */
export function receiptTitle(r: Pick<InspectedReceipt, 'methods' | 'executorId' | 'refund'>): string {
  const who = sanitizeText(r.executorId || '?', 64);
  if (r.refund) return `refund to ${who}`;
  if (r.methods.length === 0) return `on ${who}`;
  const calls = r.methods.slice(0, 3).map((m) => sanitizeText(m, 64));
  return `${calls.join(', ')}${r.methods.length > 3 ? ` +${r.methods.length - 3} more` : ''} on ${who}`;
}

export function gasView(g: ReceiptGas, outOfGas: string): GasView {
  const burnt = BigInt(g.burnt);
  const attached = g.attached === undefined ? undefined : BigInt(g.attached);
  const scale = attached !== undefined && attached > burnt ? attached : burnt;
  const width = (x: bigint): number => (scale === 0n ? 0 : Number((x * 10000n) / scale) / 100);
  return {
    burnt: `${tgasText(g.burnt)} burnt`,
    total: { tgas: tgasText(g.burnt), gas: groupDigits(g.burnt) },
    attached: attached === undefined ? '' : `${tgasText(String(attached))} attached`,
    attachedAt: attached === undefined || attached === 0n ? -1 : width(attached),
    segments: g.groups.map((x) => ({
      name: x.name,
      tgas: tgasText(x.gas),
      gas: groupDigits(x.gas),
      percent: percent(x.share),
      width: width(BigInt(x.gas)),
      hue: hueOf(x.name),
    })),
    parts: (g.actionCostParts ?? []).map((p) => ({ what: sanitizeText(p.what, 200), tgas: tgasText(p.gas), gas: groupDigits(p.gas) })),
    unavailable: g.unavailable ?? '',
    outOfGas,
    note: g.note ?? '',
  };
}

function bytesView(b: Bytes | undefined): BytesView {
  if (!b) return { text: '—', cut: false, size: '' };
  // Sanitised from a slice: a value of megabytes is never cleaned whole to show its first kilobyte.
  const raw = bytesText(b);
  const slice = raw.length > 4 * SHOWN_CHARS ? raw.slice(0, 4 * SHOWN_CHARS) : raw;
  const { text, cut } = shownText(sanitizeText(slice, Number.MAX_SAFE_INTEGER));
  return { text, cut: cut || slice !== raw, size: `${groupDigits(String(b.size))} byte${b.size === 1 ? '' : 's'}` };
}

const bytesWords = (n: number): string => `${signed(String(n))} byte${Math.abs(n) === 1 ? '' : 's'}`;

function changeView(c: InspectedChange): ChangeView {
  return {
    key: bytesView(c.key),
    before: c.beforeUnknown !== undefined ? { text: 'not known', cut: false, size: '' } : bytesView(c.before),
    after: bytesView(c.after),
    kind: c.kind,
    bytes: c.beforeUnknown !== undefined ? 'not known' : bytesWords(c.bytesDelta),
    beforeNote: c.beforeUnknown === undefined ? '' : sanitizeText(c.beforeUnknown, 300),
  };
}

/** "+25 bytes, pinning 0.00025 NEAR" / "−9 bytes, freeing 0.00009 NEAR". */
export function storageWords(s: Pick<ReceiptState, 'storageDelta' | 'storageCost'>): string {
  if (s.storageDelta === undefined) return '';
  const d = BigInt(s.storageDelta);
  const cost = s.storageCost === undefined ? undefined : BigInt(s.storageCost);
  const bytes = `${signed(s.storageDelta)} byte${d === 1n || d === -1n ? '' : 's'} of storage`;
  if (cost === undefined || d === 0n) return bytes;
  return `${bytes}, ${cost > 0n ? 'pinning' : 'freeing'} ${nearText(String(cost < 0n ? -cost : cost))}`;
}

/** The account's figures before → after. */
export function accountRows(a: ReceiptState['account']): Array<{ label: string; before: string; after: string }> {
  if (!a) return [];
  const row = (label: string, f: (x: AccountState) => string): { label: string; before: string; after: string } => ({
    label,
    before: a.before ? f(a.before) : 'not known',
    after: f(a.after),
  });
  return [
    row('Balance', (x) => nearText(x.amount)),
    row('Locked', (x) => nearText(x.locked)),
    row('Storage', (x) => `${groupDigits(x.storageUsage)} bytes`),
    row('Code hash', (x) => sanitizeText(x.codeHash, 60)),
  ];
}

export function stateView(s: ReceiptState): StateView {
  return {
    changes: s.changes.map(changeView),
    storage: storageWords(s),
    account: accountRows(s.account),
    more: s.more ? `${s.more} more key${s.more === 1 ? '' : 's'} changed (not read: at most 20 a receipt)` : '',
    unavailable: s.unavailable === undefined ? '' : sanitizeText(s.unavailable, 400),
  };
}

/** The receipts' depths in their tree (a parent listed before its children). */
export function depths(receipts: readonly Pick<InspectedReceipt, 'id' | 'parentId'>[]): number[] {
  const at = new Map<string, number>();
  return receipts.map((r) => {
    const d = r.parentId !== undefined && at.has(r.parentId) ? at.get(r.parentId)! + 1 : 0;
    at.set(r.id, d);
    return d;
  });
}

export function receiptView(r: InspectedReceipt, depth: number, loaded: boolean): ReceiptView {
  return {
    id: r.id,
    depth,
    title: receiptTitle(r),
    predecessorId: sanitizeText(r.predecessorId || '?', 64),
    executorId: sanitizeText(r.executorId || '?', 64),
    status: r.status,
    statusText: STATUS[r.status],
    failure: r.failure ? sanitizeText(r.failure, 500) : '',
    block: r.blockHeight ? `block #${groupDigits(r.blockHeight)}` : '',
    loaded,
    gas: gasView(r.gas, outOfGasWords(r)),
    state: loaded || r.status === 'pending' ? stateView(r.state) : { changes: [], storage: '', account: [], more: '', unavailable: '' },
  };
}

export function headView(i: Inspection, networkName: string): InspectHeadView {
  return {
    hash: i.hash,
    network: sanitizeText(networkName, 80),
    networkLabel: i.network,
    status: i.status,
    statusText: STATUS[i.status],
    signerId: sanitizeText(i.signerId, 64),
    receiverId: sanitizeText(i.receiverId, 64),
    gasBurnt: tgasText(i.gasBurnt),
    tokensBurnt: nearText(i.tokensBurnt),
    receiptCount: i.receipts.length,
  };
}

/** The whole text of a key or value, for Copy (the panel shows at most SHOWN_CHARS of it). */
export const copyText = (b: Bytes | undefined): string => (b ? bytesText(b) : '');

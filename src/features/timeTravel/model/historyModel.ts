// The balance panel's History section as the webview draws it: each point's date, block and amounts as
// text (exact to the yocto; changes as signed digit strings), its place on the chart (0–1, display only), gaps with their reason, and the change from
// each point to the latest one ("Compare"). Pure: no `vscode`; amounts are bigint until formatted.
import { formatHeight, formatNear, formatYoctoExact, groupDigits } from '../../../near/amounts';
import { changeSince } from '../../../near/time/balancesAt';
import type { HistoryRow } from '../../../near/time/balancesAt';
import { formatUtc, nsToDate } from '../../../near/time/chainTime';
import type { HistoryRange } from '../../../near/time/sampleRange';
import type { HistoryPointView, HistoryViewModel } from '../protocol';

export const RANGE_LABELS: Readonly<Record<HistoryRange, string>> = { '7d': '7 days', '30d': '30 days', '1y': '1 year' };

/** Where `v` sits between `lo` and `hi` (0 at `lo`, 1 at `hi`; 0.5 when they are equal), to a millionth. */
function place(v: bigint, lo: bigint, hi: bigint): number {
  return hi === lo ? 0.5 : Number(((v - lo) * 1_000_000n) / (hi - lo)) / 1_000_000;
}

const NO_FIGURES = { total: '', totalExact: '', locked: '', lockedExact: '', storage: '', y: 0, yLocked: 0 };
const NO_CHANGE = { changeTotal: '', changeLocked: '', changeStorage: '' };

/**
 * The History section of `rows` (as loadHistory returns them, oldest first): each line's scale spans its lowest and
 * highest value over the loaded points; the latest loaded point is "now", the other end of each change.
 */
export function buildHistoryModel(accountId: string, range: HistoryRange, rows: readonly HistoryRow[], decimals: number): HistoryViewModel {
  const loaded = rows.flatMap((r) => ('value' in r ? [r.value] : []));
  // Each line on its own scale (two small charts): on one, a total far above its locked part would read as flat.
  const span = (xs: bigint[]): [bigint, bigint] => xs.reduce<[bigint, bigint]>(([a, b], x) => [x < a ? x : a, x > b ? x : b], [xs[0] ?? 0n, xs[0] ?? 0n]);
  const [lo, hi] = span(loaded.map((v) => v.total));
  const [lockedLo, lockedHi] = span(loaded.map((v) => v.locked));
  const last = loaded.at(-1);
  const points = rows.map((r): HistoryPointView => {
    const common = {
      date: formatUtc(r.timestampNs !== undefined ? nsToDate(r.timestampNs) : r.at),
      block: r.height !== undefined ? formatHeight(r.height) : '',
    };
    if (!('value' in r)) return { ...common, gap: r.reason, ...NO_FIGURES, ...NO_CHANGE };
    const v = r.value;
    return {
      ...common,
      gap: '',
      total: formatNear(v.total, decimals),
      totalExact: `${formatYoctoExact(v.total)} NEAR`,
      locked: formatNear(v.locked, decimals),
      lockedExact: `${formatYoctoExact(v.locked)} NEAR`,
      storage: v.storage === undefined ? '' : `${groupDigits(String(v.storage))} bytes`,
      y: place(v.total, lo, hi),
      yLocked: place(v.locked, lockedLo, lockedHi),
      // Signed digit strings, exact (yocto; bytes): the webview writes them as NEAR and yoctoNEAR.
      ...(last
        ? (({ total, locked, storage = '' }) => ({ changeTotal: total, changeLocked: locked, changeStorage: storage }))(changeSince(v, last))
        : NO_CHANGE),
    };
  });
  const gaps = rows.length - loaded.length;
  return {
    accountId,
    range,
    rangeLabel: RANGE_LABELS[range],
    points,
    top: formatNear(hi, decimals),
    bottom: formatNear(lo, decimals),
    lockedTop: formatNear(lockedHi, decimals),
    lockedBottom: formatNear(lockedLo, decimals),
    now: last ? formatNear(last.total, decimals) : '',
    note:
      loaded.length === 0
        ? `No point of the last ${RANGE_LABELS[range]} has figures; try again in a moment.`
        : gaps === 0
          ? ''
          : `${gaps} of ${rows.length} points have no figures (hover a gap for its reason).`,
  };
}

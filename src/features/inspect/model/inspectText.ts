// An inspection as the transaction document's text: per receipt, where its gas went (the groups, the call's own fee
// itemised, an out-of-gas failure named by its largest group) and what it changed (each key before → after, the
// storage it pins, the account before → after). Lines only; the document's writer sanitises and indents them. Pure:
// no `vscode`, no I/O.
import { tgasText } from '../../../client/transactions/actions';
import { bytesText } from './bytes';
import type { Inspection } from './inspection';
import { accountRows, depths, outOfGasWords, percent, receiptTitle, signed, storageWords } from './inspectView';

/** The label the document's link provider makes a link to Inspect Transaction. */
export const INSPECT_LABEL = 'Inspect Transaction';

/** One line of the document: its indent (spaces) and its text. */
export type DocLine = [indent: number, text: string];

const STATUS = { success: '✓', failure: '✗', pending: '…' } as const;

/** The gas and state sections of the transaction document. */
export function inspectionLines(i: Inspection): DocLine[] {
  const out: DocLine[] = [[0, `Gas and state (${INSPECT_LABEL}):`]];
  const depth = depths(i.receipts);
  i.receipts.forEach((r, n) => {
    const d = 2 + 2 * Math.min(depth[n] ?? 0, 8);
    out.push([d, `${STATUS[r.status]} ${r.id} ${receiptTitle(r)}${r.blockHeight ? ` · block #${r.blockHeight}` : ''}`]);
    const g = r.gas;
    out.push([d + 4, `gas: ${tgasText(g.burnt)} burnt${g.attached ? ` of ${tgasText(g.attached)} attached` : ''}`]);
    if (g.groups.length > 0) out.push([d + 6, g.groups.map((x) => `${x.name} ${tgasText(x.gas)} (${percent(x.share)})`).join(' · ')]);
    if (g.actionCostParts) out.push([d + 6, `own fee = ${g.actionCostParts.map((p) => `${p.what} ${tgasText(p.gas)}`).join(' + ')}`]);
    if (g.unavailable) out.push([d + 6, g.unavailable]);
    if (g.note) out.push([d + 6, g.note]);
    const oog = outOfGasWords(r);
    if (oog) out.push([d + 4, oog]);
    const s = r.state;
    if (s.unavailable) {
      out.push([d + 4, `state: ${s.unavailable}`]);
      return;
    }
    const storage = storageWords(s);
    if (s.changes.length > 0 || storage || s.account) out.push([d + 4, `state: ${storage || 'storage change not known'}`]);
    for (const c of s.changes) {
      const before = c.beforeUnknown !== undefined ? 'not known' : c.before ? bytesText(c.before) : '—';
      const after = c.after ? bytesText(c.after) : '—';
      out.push([
        d + 6,
        `${bytesText(c.key)}: ${before} → ${after} · ${c.kind} · ${c.beforeUnknown !== undefined ? 'bytes not known' : `${signed(String(c.bytesDelta))} bytes`}`,
      ]);
    }
    if (s.more) out.push([d + 6, `${s.more} more key${s.more === 1 ? '' : 's'} changed (not read)`]);
    const rows = accountRows(s.account);
    if (rows.length > 0) out.push([d + 4, `account: ${rows.map((x) => `${x.label.toLowerCase()} ${x.before} → ${x.after}`).join(' · ')}`]);
  });
  return out;
}

// A transaction (or receipt, or block) by hash, in words: the hover's markdown and the Look Up Transaction document
// (JSONC: the summary and the receipt tree as comments, then the model), each failure explained with where it is in the
// workspace and each call's arguments decoded. Pure (no `vscode`): every string from the file or the service goes
// through escapeMarkdown (hover) or sanitizeText (document comments).
import type { ActionModel } from '../../../client/transactions/actions';
import { depositText, nearText, tgasText } from '../../../client/transactions/actions';
import type { ReceiptModel, TransactionModel, TxStatus } from '../../../client/transactions/model';
import type { CallResult } from '../../../near/contract/values';
import { groupDigits } from '../../../near/amounts';
import { utcOfNs } from '../../../near/time/chainTime';
import { noTxApi } from '../../../near/networks';
import type { NetworkLabel } from '../../../near/networks';
import { escapeMarkdown, sanitizeText } from '../../../base/text';
import { COMMANDS } from '../../../manifest';
import { commandLink } from '../../../ui/links';
import { txExplorerUrlFor } from '../../../platform/settings';
import type { Settings } from '../../../platform/settings';
import { argsLines, argsPreview } from './txArgs';
import type { TokenUnit } from './txArgs';
import { explainedModel, failureDocumentLines, failureHoverLines, failuresOf, finalFailureKey, TX_OUTCOME } from '../../failures/model/failureView';
import type { TxFailures } from '../../failures/model/failureView';
import { INSPECT_LABEL, inspectionLines } from '../../inspect/model/inspectText';
import type { Inspection } from '../../inspect/model/inspection';

/** The only commands the transaction hover's links may run. */
export const TX_HOVER_COMMANDS: readonly string[] = [
  COMMANDS.lookupTransaction,
  COMMANDS.copyText,
  COMMANDS.openFailureSource,
  COMMANDS.showFailureInCode,
  COMMANDS.inspectTransaction,
];

/** What a hover of a hash found; `name` is the network as the user reads it ("local · 127.0.0.1:3031"), else `network`. */
export type TxLookup =
  | { kind: 'tx'; tx: TransactionModel; network: NetworkLabel; name?: string; failures?: TxFailures }
  | { kind: 'receipt'; receipt: ReceiptModel; tx?: TransactionModel; network: NetworkLabel; name?: string; failures?: TxFailures }
  | { kind: 'block'; height: string; timestamp: string; network: NetworkLabel; name?: string }
  | { kind: 'not-found'; network: NetworkLabel; other?: NetworkLabel; name?: string }
  | { kind: 'needs-signer'; network: NetworkLabel; name?: string }
  | { kind: 'off' }
  | { kind: 'error'; message: string };

const STATUS: Record<TxStatus, string> = { success: '✓ succeeded', failure: '✗ failed', pending: '… pending' };

/** A block's time to the nanosecond, as the account's transaction rows show it: "2026-02-14 21:23:20.329561530 UTC". */
const utcOf = (ns: string): string => utcOfNs(ns) ?? 'unknown time';

const code = (s: string, max = 80): string => `\`${sanitizeText(s, max).replace(/`/g, "'")}\``;

/**
 * The transaction's block in a line: its height and exact time; or, when the block could not be read, its hash and
 * "time unknown" with why — said here only, once, whatever else the hover or the document shows.
 */
export function blockLine(t: Pick<TransactionModel, 'blockHash' | 'blockHeight' | 'timestamp' | 'blockUnread'>, md = true): string {
  if (t.blockHeight !== undefined && t.timestamp !== undefined) return `Block #${groupDigits(t.blockHeight)} · ${utcOf(t.timestamp)}`;
  const e = (s: string, max: number): string => (md ? escapeMarkdown(s, max) : sanitizeText(s, max));
  const block = t.blockHash ? `Block ${md ? code(t.blockHash, 50) : e(t.blockHash, 50)}` : 'Block';
  return `${block} · time unknown${t.blockUnread ? `: ${e(t.blockUnread, 300)}` : ''}`;
}

/** One action in words with its exact amounts (a meta-transaction's inner ones below it). */
export function actionLine(a: ActionModel, md = true): string {
  const e = (s: string): string => (md ? escapeMarkdown(s, 300) : sanitizeText(s, 300));
  switch (a.kind) {
    case 'FunctionCall': {
      const dep = a.deposit === '0' ? '' : ` with ${depositText(a.deposit)} attached`;
      const args = argsPreview(a);
      const called = args === undefined ? a.methodName : `${a.methodName}(${args})`;
      return `${md ? code(called, 200) : sanitizeText(called, 200)} call${dep}, ${tgasText(a.gas)}`;
    }
    case 'AddKey':
      return a.fullAccess ? `AddKey — ${md ? '**full access**' : 'FULL ACCESS'} ${e(a.publicKey)}` : e(a.summary);
    case 'DeployContract':
      return `DeployContract${a.codeHash ? ` (code hash ${e(a.codeHash)})` : ''}`;
    case 'Delegate':
      return `Delegate (meta-transaction): ${e(a.senderId)} → ${e(a.receiverId)}: ${a.actions.map((x) => actionLine(x, md)).join('; ')}`;
    default:
      return e(a.summary);
  }
}

const logCount = (t: TransactionModel): [number, number] => [
  t.receipts.reduce((n, r) => n + r.logs.length, 0),
  t.receipts.reduce((n, r) => n + r.events.length, 0),
];

/**
 * The hover's sections for a hash: what it is, then what the look-up found; a transaction links to its explorer page
 * when the explorer settings (`s`, the accounts' explorer) give one.
 */
export function txHoverSections(hash: string, found: TxLookup, s?: Pick<Settings, 'explorer'>): string[] {
  const head = `**32-byte hash** ${code(hash, 50)}`;
  const copy = commandLink('Copy Hash', COMMANDS.copyText, hash);
  const on = 'network' in found ? escapeMarkdown(found.name ?? found.network, 60) : '';
  switch (found.kind) {
    case 'off':
      return [`${head} — a transaction, receipt or block hash (look-ups are off: nearLens.hover.lookups)`];
    case 'error':
      return [head, `Could not look it up: ${escapeMarkdown(found.message, 300)}`];
    case 'needs-signer':
      return [
        head,
        `${noTxApi(on)}, and this node does not find the hash alone: reading a transaction over RPC needs its signer. ${commandLink('Look Up with Signer…', COMMANDS.lookupTransaction, { hash, network: found.network })} · ${copy}`,
      ];
    case 'not-found': {
      const other = found.other ? ` · ${commandLink(`Check on ${found.other}`, COMMANDS.lookupTransaction, { hash, network: found.other })}` : '';
      return [head, `No transaction, receipt or block with this hash on ${on}.${other} · ${copy}`];
    }
    case 'block':
      return [head, `**Block** #${groupDigits(found.height)} on ${on} · ${utcOf(found.timestamp)} · ${copy}`];
    case 'receipt': {
      const r = found.receipt;
      const lines = [`**Receipt** on ${on}: ${STATUS[r.status]} · ${escapeMarkdown(r.predecessorId || '?')} → ${escapeMarkdown(r.receiverId || '?')}`];
      if (r.failure) lines.push(`Failed: ${escapeMarkdown(r.failure, 400)}`);
      if (r.error) lines.push(...failureHoverLines(r.error, found.failures?.get(r.id), { hash: found.tx?.hash ?? hash, network: found.network }));
      if (r.actions.length) lines.push(`Actions: ${r.actions.map((a) => actionLine(a)).join('; ')}`);
      if (found.tx)
        lines.push(
          `Of transaction ${code(found.tx.hash, 50)} · ${commandLink('Open Transaction', COMMANDS.lookupTransaction, { hash: found.tx.hash, network: found.network })} · ${commandLink(INSPECT_LABEL, COMMANDS.inspectTransaction, { hash: found.tx.hash, network: found.network })}`,
        );
      return [head, lines.join('  \n')];
    }
    case 'tx':
      return [head, txSummary(found.tx, found.network, on, s && txExplorerUrlFor(s, found.tx.hash, found.network), found.failures)];
  }
}

function txSummary(t: TransactionModel, network: NetworkLabel, name: string, explorer: string | undefined, found: TxFailures | undefined): string {
  const [logs, events] = logCount(t);
  const lines = [`**Transaction** on ${name}: ${STATUS[t.status]} · ${escapeMarkdown(t.signerId)} → ${escapeMarkdown(t.receiverId)}`];
  if (t.failure) lines.push(`Failed: ${escapeMarkdown(t.failure, 400)}`);
  // The final failure explained first, then up to three other failed receipts, each with where it is in the workspace.
  const at = { hash: t.hash, network };
  const explained = failuresOf(t);
  const final = explained.find((x) => x.error === t.error);
  if (final) lines.push(...failureHoverLines(final.error, found?.get(final.key), at));
  for (const x of explained.filter((y) => y !== final).slice(0, 3)) {
    lines.push(`A receipt failed (${escapeMarkdown(x.receipt?.receiverId ?? '?')}): ${escapeMarkdown(x.receipt?.failure ?? '', 300)}`);
    lines.push(...failureHoverLines(x.error, found?.get(x.key), at));
  }
  for (const a of t.actions) lines.push(`- ${actionLine(a)}`);
  lines.push(blockLine(t));
  lines.push(`Fee ${nearText(t.tokensBurnt)} · ${tgasText(t.gasBurnt)} · ${logs} log${logs === 1 ? '' : 's'}, ${events} event${events === 1 ? '' : 's'}`);
  const links = [
    commandLink('Open Transaction', COMMANDS.lookupTransaction, { hash: t.hash, network }),
    commandLink(INSPECT_LABEL, COMMANDS.inspectTransaction, { hash: t.hash, network }),
    commandLink('Copy Hash', COMMANDS.copyText, t.hash),
  ];
  if (explorer) links.push(`[Open in Explorer](${explorer})`);
  lines.push(links.join(' · '));
  return lines.join('  \n');
}

/** A receipt's SuccessValue in a line: JSON, else text, else base64. */
function returnedText(v: CallResult): string {
  if (v.kind === 'json') return `returned ${sanitizeText(v.text, 300)}`;
  if (v.kind === 'text') return `returned text "${sanitizeText(v.text, 300)}"`;
  return `returned ${v.base64.length * 0.75} bytes (base64 ${sanitizeText(v.base64, 120)})`;
}

/**
 * The Look Up Transaction document: summary and receipt tree as `//` comments (one line each), then the model as JSON.
 * `network` is named as the user reads it ("local · 127.0.0.1:3031").
 */
export function transactionDocument(
  t: TransactionModel,
  network: string,
  curl?: string,
  extra?: { failures?: TxFailures; tokens?: ReadonlyMap<string, TokenUnit>; inspection?: Inspection },
): string {
  // The indent is ours, outside the sanitized text (which folds white space): the receipt tree reads as a tree.
  const c = (s: string, indent = 0): string => `// ${' '.repeat(indent)}${sanitizeText(s, 400)}`;
  const [logs, events] = logCount(t);
  const out = [c(`Transaction ${t.hash} · ${STATUS[t.status]} · ${network}`)];
  if (curl) out.push(c(curl.length > 2000 ? curl.slice(0, 2000) : curl));
  out.push(c(`${t.signerId} → ${t.receiverId}`));
  if (t.failure) out.push(c(`Failed: ${t.failure}`));
  out.push(c(blockLine(t, false)));
  out.push(
    c(
      `Fee ${nearText(t.tokensBurnt)} (tokens burnt, every receipt) · gas ${tgasText(t.gasBurnt)} · ${logs} log${logs === 1 ? '' : 's'}, ${events} event${events === 1 ? '' : 's'}`,
    ),
  );
  const action = (a: ActionModel, indent: number, receiverId: string): void => {
    out.push(c(actionLine(a, false), indent));
    if (a.kind === 'FunctionCall') {
      const lines = argsLines(a, extra?.tokens?.get(receiverId));
      if (lines.length > 0) out.push(c('args:', indent + 2));
      for (const l of lines) out.push(c(l.text, indent + 4 + 2 * Math.min(l.depth, 8)));
    }
  };
  // A failure of the transaction's own outcome is explained here; a receipt's under that receipt.
  if (t.error && finalFailureKey(t) === TX_OUTCOME) for (const l of failureDocumentLines(t.error, extra?.failures?.get(TX_OUTCOME))) out.push(c(l, 2));
  out.push(c('Actions:'));
  for (const a of t.actions) action(a, 2, t.receiverId);
  out.push(c('Receipts:'));
  for (const r of t.receipts) {
    out.push(
      c(
        `${STATUS[r.status]} ${r.id} ${r.predecessorId} → ${r.receiverId}${r.refund ? ' (refund)' : ''} · ${tgasText(r.gasBurnt)} · fee ${nearText(r.tokensBurnt)}`,
        2,
      ),
    );
    for (const a of r.actions) action(a, 6, r.receiverId);
    if (r.failure) out.push(c(`failed: ${r.failure}`, 6));
    if (r.error) for (const l of failureDocumentLines(r.error, extra?.failures?.get(r.id))) out.push(c(l, 8));
    for (const l of r.logs) if (!l.startsWith('EVENT_JSON:')) out.push(c(`log: ${l}`, 6));
    for (const e of r.events) out.push(c(`event ${e.standard} ${e.event} ${JSON.stringify(e.data ?? null)}`, 6));
    if (r.returned) out.push(c(`${returnedText(r.returned)}`, 6));
  }
  // Where the gas went and what it changed: read by Inspect Transaction (never for a hover); otherwise a link to it.
  if (extra?.inspection) for (const [indent, text] of inspectionLines(extra.inspection)) out.push(c(text, indent));
  else out.push(c(`${INSPECT_LABEL}: where its gas went and what it changed`));
  const model = extra?.failures ? explainedModel(t, extra.failures) : t;
  return `${out.join('\n')}\n${JSON.stringify(model, null, 2)}\n`;
}

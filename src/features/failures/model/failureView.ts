// A failure as the editor shows it: the answer's `error` (the model's explanation with the receiver's NEP-330 metadata
// and the workspace's sources), the hover's lines, the transaction document's lines, the Problem's message and the
// words for what could not be found. Pure: no `vscode`, no I/O; every text from the chain, the contract's metadata or
// a workspace file is escaped (hover) or left for the document's sanitizer, and links run only allowlisted commands.
import type { ReceiptModel, TransactionModel } from '../../../client/transactions/model';
import type { FailureExplained, FailureKind } from '../../../near/failure/explain';
import type { ContractSource } from '../../../near/failure/nep330';
import { frameText } from '../../../near/failure/panic';
import type { SourceLocation } from '../../../near/failure/panic';
import { escapeMarkdown, sanitizeText } from '../../../base/text';
import type { NetworkLabel } from '../../../near/networks';
import { COMMANDS } from '../../../manifest';
import { commandLink } from '../../../ui/links';
import { repoKey } from './rank';

/** Where in the open workspace a failure comes from (1-based line and column). */
export interface FailureSource {
  uri: string;
  line: number;
  column: number;
  /** The source line, trimmed and clipped. */
  text: string;
  why: 'location' | 'message';
}

/** A failed receipt's `error` in Look Up Transaction's answer. */
export interface ExplainedError extends FailureExplained {
  contract?: ContractSource;
  sources: FailureSource[];
}

/** What the editor found for one failure: the answer's contract and sources, and what the views add to them. */
export interface FailureFound {
  contract?: ContractSource;
  sources: FailureSource[];
  /** Each source's path in its workspace folder ("contracts/game/src/lib.rs"), in the order of `sources`. */
  paths: string[];
  /** What the search could not do, in words ("src/lib.rs:29 is not in this workspace."). */
  note?: string;
  /** The checkout of the contract's repository is not at the deployed revision. */
  revision?: { deployed: string; head: string };
}

/** A transaction's failures found, by failed receipt id (TX_OUTCOME: the transaction's own outcome). */
export type TxFailures = ReadonlyMap<string, FailureFound>;
export const TX_OUTCOME = '';

/** The arguments of Open Failure Source: a workspace file's line, or that line at the deployed revision. */
export interface SourceLineArgs {
  uri: string;
  line: number;
  column: number;
  rev?: string;
}

/** The arguments of Show Failure in Code. */
export interface ShowFailureArgs {
  hash: string;
  network?: NetworkLabel;
  show?: boolean;
}

const KIND_TITLE: Readonly<Record<FailureKind, string>> = {
  panic: 'Panicked',
  'method-not-found': 'Method not found',
  'gas-exceeded': 'Out of gas',
  'wasm-trap': 'WebAssembly trap',
  'code-missing': 'No contract code',
  'account-missing': 'No such account',
  balance: 'Not enough NEAR',
  deserialize: 'Could not read its input',
  other: 'Failed',
};

/** The failed receipts and the transaction's own failure when no receipt carries it, each keyed as TxFailures keys them. */
export function failuresOf(t: TransactionModel): Array<{ key: string; error: FailureExplained; receipt?: ReceiptModel }> {
  const out: Array<{ key: string; error: FailureExplained; receipt?: ReceiptModel }> = [];
  for (const r of t.receipts) if (r.error) out.push({ key: r.id, error: r.error, receipt: r });
  if (t.error && !t.receipts.some((r) => r.error === t.error)) out.unshift({ key: TX_OUTCOME, error: t.error });
  return out;
}

/** The key in TxFailures of the transaction's final failure (its receipt's id, or TX_OUTCOME). */
export const finalFailureKey = (t: TransactionModel): string | undefined =>
  t.error === undefined ? undefined : (t.receipts.find((r) => r.error === t.error)?.id ?? TX_OUTCOME);

/** The model as Look Up Transaction answers it: each error with the contract and sources found (a copy: the model is cached). */
export function explainedModel(t: TransactionModel, found: TxFailures): TransactionModel {
  const withFound = (key: string, e: FailureExplained): ExplainedError => {
    const f = found.get(key);
    return { ...e, ...(f?.contract && { contract: f.contract }), sources: f?.sources ?? [] };
  };
  const finalKey = finalFailureKey(t);
  const receipts = t.receipts.map((r) => (r.error ? { ...r, error: withFound(r.id, r.error) } : r));
  // The final failure stays the very object of its receipt, as in the model.
  const final = t.error && finalKey !== undefined ? (receipts.find((r) => r.id === finalKey)?.error ?? withFound(finalKey, t.error)) : undefined;
  return { ...t, ...(final && { error: final }), receipts };
}

/** "Go to contracts/game/src/lib.rs:29": the words that name a source, in the hover and the document. */
export const goToLabel = (path: string, line: number): string => `Go to ${sanitizeText(path, 200)}:${line}`;
export const SHOW_FAILURE_LABEL = 'Show Failure in Code';
export const OPEN_AT_REVISION_LABEL = 'Open at the deployed revision';

const code = (s: string, max = 200): string => `\`${sanitizeText(s, max).replace(/`/g, "'")}\``;

/** The hover's lines for one failure: what it means, the fix, where it is in the workspace, the deployed revision. */
export function failureHoverLines(e: FailureExplained, f: FailureFound | undefined, at: { hash: string; network: NetworkLabel }): string[] {
  const lines = [`**${KIND_TITLE[e.kind] ?? 'Failed'}** — ${escapeMarkdown(e.explanation, 400)}`];
  if (e.fix) lines.push(`Fix: ${escapeMarkdown(e.fix, 400)}`);
  // Out of gas: the gas profile says which part of the call took it (read only when the link is followed).
  if (e.kind === 'gas-exceeded') lines.push(`Where the gas went: ${commandLink('Inspect Transaction', COMMANDS.inspectTransaction, at)}`);
  const first = f?.sources[0];
  if (f && first) {
    const links = f.sources
      .slice(0, 3)
      .map((s, i) => commandLink(goToLabel(f.paths[i] ?? s.uri, s.line), COMMANDS.openFailureSource, { uri: s.uri, line: s.line, column: s.column }));
    if (f.sources.length > 3) links.push(`${f.sources.length - 3} more in the document`);
    links.push(commandLink(SHOW_FAILURE_LABEL, COMMANDS.showFailureInCode, { hash: at.hash, network: at.network }));
    lines.push(links.join(' · '));
  }
  if (f?.note) lines.push(escapeMarkdown(f.note, 300));
  if (f?.revision && first && f.contract?.rev) {
    const open = commandLink(OPEN_AT_REVISION_LABEL, COMMANDS.openFailureSource, {
      uri: first.uri,
      line: first.line,
      column: first.column,
      rev: f.contract.rev,
    });
    lines.push(`${escapeMarkdown(revisionSentence(f.revision))} · ${open}`);
  }
  const contract = contractWords(f?.contract);
  if (contract)
    lines.push(`Contract source (NEP-330): ${contract.map((w, i) => (i === 0 && f?.contract?.link ? code(w) : escapeMarkdown(w, 200))).join(' · ')}`);
  return lines;
}

/** Frames the document lists; the answer's JSON has the stack whole. */
const MAX_STACK_LINES = 12;

/** The document's lines for one failure (each becomes a `//` comment under its receipt; the link provider links them). */
export function failureDocumentLines(e: FailureExplained, f: FailureFound | undefined): string[] {
  const lines = [`${KIND_TITLE[e.kind] ?? 'Failed'} (${e.kind}): ${e.explanation}`];
  if (e.fix) lines.push(`fix: ${e.fix}`);
  if (e.location) lines.push(`location: ${locationText(e.location)}`);
  const stack = Array.isArray(e.stack) ? e.stack : [];
  if (stack.length > 0) lines.push('stack (innermost first):', ...stack.slice(0, MAX_STACK_LINES).map((f) => `at ${frameText(f)}`));
  if (stack.length > MAX_STACK_LINES) lines.push(`… ${stack.length - MAX_STACK_LINES} more frames (the JSON below has them)`);
  f?.sources.forEach((s, i) => lines.push(`${goToLabel(f.paths[i] ?? s.uri, s.line)} (${s.why === 'location' ? 'the location' : 'the message'}): ${s.text}`));
  if (f?.note) lines.push(f.note);
  if (f && f.sources.length > 0) lines.push(SHOW_FAILURE_LABEL);
  if (f?.revision && f.sources.length > 0) lines.push(`${revisionSentence(f.revision)} · ${OPEN_AT_REVISION_LABEL}`);
  const contract = contractWords(f?.contract);
  if (contract) lines.push(`contract source (NEP-330): ${contract.join(' · ')}`);
  return lines;
}

/** The metadata in words: the link first (shown, never opened by itself), then the version, the folder, the revision. */
function contractWords(c: ContractSource | undefined): string[] | undefined {
  if (!c) return undefined;
  const words = [
    ...(c.link ? [c.link] : []),
    ...(c.version ? [`version ${c.version}`] : []),
    ...(c.contractPath ? [`contract_path ${c.contractPath}`] : []),
    ...(c.rev ? [`rev ${c.rev.slice(0, 7)}`] : []),
  ];
  return words.length > 0 ? words : undefined;
}

const locationText = (l: SourceLocation): string => `${sanitizeText(l.path, 300)}:${l.line}:${l.column}`;

/** "deployed from 4f1c2e9; your checkout is at 8a0b1c2 — the line may have moved". */
export const revisionSentence = (r: { deployed: string; head: string }): string =>
  `deployed from ${r.deployed.slice(0, 7)}; your checkout is at ${r.head.slice(0, 7)} — the line may have moved`;

/**
 * Whether a checkout is of the metadata's repository at another revision: some remote is the link's repository and
 * HEAD is not the deployed commit (either may be abbreviated). Undefined when it is the same, or not that repository.
 */
export function checkoutRevision(
  c: ContractSource | undefined,
  checkout: { remotes: readonly string[]; head?: string },
): { deployed: string; head: string } | undefined {
  const rev = c?.rev;
  const want = c?.link ? repoKey(c.link) : undefined;
  const head = checkout.head?.toLowerCase();
  if (!rev || !want || !head || !/^[0-9a-f]{7,64}$/.test(head)) return undefined;
  if (!checkout.remotes.some((r) => typeof r === 'string' && repoKey(r) === want)) return undefined;
  if (head.startsWith(rev) || rev.startsWith(head)) return undefined;
  return { deployed: rev, head };
}

/**
 * The Problem's message: "Panicked in 5MRvKYvR… (player.near called claim on game.near, 2 h ago): <message>" — the method
 * named apart from the ids, as "game.near.claim" would read as an account id.
 */
export function problemMessage(p: {
  hash: string;
  kind: FailureKind;
  predecessorId: string;
  receiverId: string;
  method?: string;
  ago: string;
  message: string;
}): string {
  const verb = p.kind === 'panic' || p.kind === 'deserialize' ? 'Panicked' : (KIND_TITLE[p.kind] ?? 'Failed');
  const [from, to] = [sanitizeText(p.predecessorId || '?', 64), sanitizeText(p.receiverId || '?', 64)];
  const who = p.method ? `${from} called ${sanitizeText(p.method, 64)} on ${to}` : `${from} → ${to}`;
  return `${verb} in ${p.hash.slice(0, 8)}… (${who}, ${p.ago}): ${sanitizeText(p.message, 500)}`;
}

/** Words for a search that found nothing, or could not search everything. */
export const NOTES = {
  noFolder: 'No folder is open: there is no workspace to search.',
  notInWorkspace: (l: SourceLocation): string => `${locationText(l)} is not in this workspace.`,
  messageNotFound: (message: string): string => `No string literal of this workspace's .rs, .ts or .js files gives "${sanitizeText(message, 80)}".`,
  cannotSearch: (why: string): string => `This workspace could not be searched: ${sanitizeText(why, 200)}.`,
  budget: (searched: number, total: number, budgetMs: number): string =>
    `Searched ${count(searched)} of ${count(total)} files within the ${budgetWords(budgetMs)} budget; ${count(total - searched)} were not searched.`,
  unlisted: (ms: number): string =>
    `The workspace's files were not listed within ${ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`}: nothing was searched.`,
  capped: (max: number): string => ` Files past the first ${count(max)} were not listed.`,
} as const;

const count = (n: number): string => n.toLocaleString('en-US');
const budgetWords = (ms: number): string => (ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000}-second` : `${ms} ms`);

// Pure parts of the command-palette tools: API key input rules, RPC method guard and params parsing, block summary,
// the result document and the bounded list of recent results. No `vscode`, no I/O (the features in src/features/ wrap these in prompts and editors).
import type { AccountFull } from '../near/account';
import { formatNear } from '../near/amounts';
import { invalidInput, SECRET_REFUSED } from '../base/errors';
import { isRecord } from '../base/json';
import { classify } from '../near/ids';
import type { RpcHost } from '../client/client';
import { sanitizeText } from '../base/text';
import { nanosToIso } from '../near/time/chainTime';

/** Params typed by the user: a JSON object or array (empty text means `{}`); throws invalid-input with the reason. */
export function parseParamsJson(text: string): Record<string, unknown> | unknown[] {
  const t = String(text).trim();
  let v: unknown;
  try {
    v = t ? JSON.parse(t) : {};
  } catch (e) {
    throw invalidInput(`Not valid JSON: ${sanitizeText(e instanceof Error ? e.message : String(e), 120)}`);
  }
  if (typeof v !== 'object' || v === null) throw invalidInput('Params must be a JSON object or array.');
  const rounded = unsafeNumber(v);
  if (rounded !== undefined) {
    // Named as typed when it can be found (JavaScript would print 1e+24).
    const typed = sanitizeText(/-?\d{16,}/.exec(t)?.[0] ?? rounded, 60);
    throw invalidInput(`${typed} is too large to send as a JSON number without rounding it: write it as a string ("${typed}"), as NEAR amounts are.`);
  }
  return v as Record<string, unknown> | unknown[];
}

/** The first number in `v` that JSON.parse could not keep exact (an integer past 2^53), as JavaScript prints it. */
function unsafeNumber(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && !Number.isSafeInteger(v) ? String(v) : undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  for (const x of Object.values(v)) {
    const found = unsafeNumber(x);
    if (found !== undefined) return found;
  }
  return undefined;
}

const TX_TEMPLATE = '{"tx_hash": "", "sender_account_id": ""}';

/** Params templates shown when a method is picked (others get `{}`). */
const PARAMS_TEMPLATES: Readonly<Record<string, string>> = {
  block: '{"finality": "final"}',
  query: '{"request_type": "view_account", "finality": "final", "account_id": "near"}',
  chunk: '{"chunk_id": ""}',
  tx: TX_TEMPLATE,
  EXPERIMENTAL_tx_status: TX_TEMPLATE,
  validators: '[null]',
  gas_price: '[null]',
  status: '[]',
  health: '[]',
  network_info: '[]',
};

export function paramsTemplate(method: string): string {
  return Object.hasOwn(PARAMS_TEMPLATES, method) ? (PARAMS_TEMPLATES[method] as string) : '{}';
}

/** "Block 123,456 · hash Abc… · 2024-…Z · regular RPC (rpc.mainnet.fastnear.com)" from a `block` result. */
export function blockSummary(result: unknown, host: RpcHost, hostName: string): string {
  const header = isRecord(result) && isRecord(result['header']) ? result['header'] : {};
  const { height, hash } = header;
  return [
    typeof height === 'number' && Number.isSafeInteger(height) ? `Block ${height.toLocaleString('en-US')}` : 'Block',
    typeof hash === 'string' && `hash ${sanitizeText(hash, 60)}`,
    nanosToIso(header['timestamp_nanosec']),
    answeredBy(host, hostName),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "regular RPC (host)" / "archival RPC (host)". */
export function answeredBy(host: RpcHost, hostName: string): string {
  return `${host} RPC${hostName ? ` (${sanitizeText(hostName, 100)})` : ''}`;
}

/**
 * The JSONC document of a result: one comment line of summary (and one of the params asked, and one of the request as
 * curl — Copy as curl copies it), then the JSON.
 */
export function resultDocument(summary: string, result: unknown, params?: unknown, curl?: string): string {
  // sanitizeText keeps it on one line, so the comment cannot end early.
  const asked = params === undefined ? '' : `// params: ${sanitizeText(JSON.stringify(params) ?? '', 300)}\n`;
  const shell = curl === undefined ? '' : `// ${sanitizeText(curl, 2000)}\n`;
  return `// ${sanitizeText(summary, 300)}\n${asked}${shell}${JSON.stringify(result, null, 2)}\n`;
}

/** What an RPC request asked, in a few words: "view_account alice.near" from a query's params, else short JSON; nothing for none. */
export function askedLabel(params: unknown): string {
  if (params === undefined || (typeof params === 'object' && params !== null && Object.keys(params).length === 0)) return '';
  if (!isRecord(params)) return sanitizeText(JSON.stringify(params) ?? '', 60);
  const words = ['request_type', 'account_id', 'method_name', 'public_key', 'block_id', 'finality']
    .map((k) => params[k])
    .filter((v) => typeof v === 'string' || typeof v === 'number');
  return sanitizeText(words.length > 0 ? words.join(' ') : JSON.stringify(params), 60);
}

/** One result of Query Block (`block`) or RPC Request (`rpc`), kept for its read-only document and Recent Results. */
export interface KeptResult {
  /** Grows with each new result, so a document's address never names another result. */
  readonly id: number;
  readonly kind: 'block' | 'rpc' | 'call' | 'state' | 'tx' | 'activity';
  readonly summary: string;
  readonly text: string;
  /** What was asked (host, method, params): the same question asked again answers in the same document. */
  readonly key?: string;
  /** The network NEAR Lens used when it was read: after a switch, its document says so. */
  readonly readUnder?: NetworkMark;
}

/** A network as NEAR Lens used it: what tells two apart (`id`: the setting and its endpoints) and its name for people. */
export interface NetworkMark {
  readonly id: string;
  readonly name: string;
}

/**
 * The line a result's document starts with once NEAR Lens uses another network than the one it was read on (it is not
 * read again by itself: a block or a state is a question asked of one network); undefined while it is the same.
 */
export function staleResultNote(readUnder: NetworkMark, now: NetworkMark | undefined): string | undefined {
  if (!now || readUnder.id === now.id) return undefined;
  const [was, is] = [sanitizeText(readUnder.name, 80), sanitizeText(now.name, 80)];
  return was === is
    ? `// Read on ${was} before its endpoints changed; this is not what it answers now: run it again to read it there.`
    : `// Read on ${was}; NEAR Lens now uses ${is}: run it again to read ${is}.`;
}

/** The last 20 results, newest first: memory stays bounded however many requests are made. */
export class RecentResults {
  private kept: KeptResult[] = [];
  private next = 1;
  /**
   * `text`: the document as made by the caller (a view call's, a state's); default: the summary over the JSON. A result
   * whose `key` and document path (`resultPath`) match a kept one takes that one's id, so its address: the document
   * already open shows the new answer in the same tab (`replaced`), and Recent Results lists the question once.
   */
  keep(kind: KeptResult['kind'], summary: string, text: string, key?: string, readUnder?: NetworkMark): { kept: KeptResult; replaced: boolean } {
    const same = key === undefined ? undefined : this.kept.find((r) => r.key === key && r.kind === kind && resultPath(r) === resultPath({ kind, summary }));
    const kept = { id: same?.id ?? this.next++, kind, summary, text, ...(key === undefined ? {} : { key }), ...(readUnder && { readUnder }) };
    this.kept = [kept, ...this.kept.filter((r) => r !== same)].slice(0, 20);
    return { kept, replaced: same !== undefined };
  }
  add(kind: KeptResult['kind'], summary: string, result: unknown, text = resultDocument(summary, result)): KeptResult {
    return this.keep(kind, summary, text).kept;
  }
  get(id: number): KeptResult | undefined {
    return this.kept.find((r) => r.id === id);
  }
  all(): readonly KeptResult[] {
    return this.kept;
  }
}

/**
 * The path of a result's document, `/<kind>/<name>.jsonc` (its id goes in the query): the tab reads "Block
 * 187,310,138.jsonc" or "validators.jsonc", the extension gives the language (JSON with Comments), the first
 * segment the kind.
 */
export function resultPath(r: Pick<KeptResult, 'kind' | 'summary'>): string {
  return `/${r.kind}/${r.summary.split(' · ')[0] ?? ''}.jsonc`; // "Block 123" or a method name: never a slash
}

/** What a result's document shows once the result is no longer kept (after a reload, or 20 newer ones). */
export const RESULT_GONE = '// No longer kept (NEAR Lens keeps the last 20 results).\n';

/** Why `text` cannot be looked up as `want`, or undefined. Secrets are named as such and never echoed. */
export function lookupInputError(text: string, want: 'account' | 'public-key'): string | undefined {
  const c = classify(text);
  if (c.kind === 'sensitive') return SECRET_REFUSED;
  if (c.kind === 'invalid') return sanitizeText(c.reason.charAt(0).toUpperCase() + c.reason.slice(1), 200);
  if (c.kind === want) return undefined;
  return c.kind === 'account' ? 'That is an account id, not a public key.' : 'That is a public key; use Look Up Public Key… for keys.';
}

/** One plain-text line about an account for a quick pick: "Total 1.5 NEAR · spendable 1.2 NEAR · 2 FTs · …". */
export function accountSummaryText(full: AccountFull, decimals: number): string {
  const st = full.state;
  if (!st) return 'No such account';
  return [
    `Total ${formatNear(st.total, decimals)}`,
    `spendable ${formatNear(st.spendable, decimals)}`,
    `${full.tokens.length} FT`,
    `${full.nfts.length} NFT collections`,
    `${full.pools.length} pools`,
  ].join(' · ');
}

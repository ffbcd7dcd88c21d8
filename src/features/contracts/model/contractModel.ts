// What NEAR Lens shows of a contract: the watchlist's method nodes, the texts of a view call's and a state's result
// documents, and the copyable near-cli-rs / near-api-js forms of a call. Pure: no `vscode`, no I/O.
import { ITEM_CONTEXT } from '../../../manifest';
import { standardName } from '../../../near/contract/contract';
import type { ContractMethod } from '../../../near/contract/contract';
import type { StateEntry } from '../../../near/contract/values';
import type { ContractDetails, ViewCallResult } from '../../../client/contracts';
import { sanitizeText } from '../../../base/text';
import { formatHeight } from '../../../ui/slots';
import { errorNode, group, node, WARNING } from '../../watchlist/model/watchlistNodes';
import type { WatchNode } from '../../watchlist/model/watchlistNodes';

/** The context value of a method node; a view (or unknown-kind) method gets the inline "Call". */
export const methodContext = (m: ContractMethod): string => ITEM_CONTEXT[`${m.kind}Method`];

/** The method name of a method node's id (`<acc>/contract/m/<name>`), or undefined. */
export function methodOfNodeId(id: string): string | undefined {
  return /\/contract\/m\/(\w+)$/.exec(id)?.[1];
}

const KIND_LABEL = { view: 'View methods', call: 'Change methods', unknown: 'Exported functions' } as const;

/**
 * The nodes under a contract's "Code deployed": one group per method kind (views first), the standards and the
 * source link; a note when the kinds are unknown (no ABI) or the ABI could not be read.
 */
export function contractNodes(acc: string, d: ContractDetails): WatchNode[] {
  const out: WatchNode[] = [];
  for (const kind of ['view', 'call', 'unknown'] as const) {
    const ms = d.methods.filter((m) => m.kind === kind);
    if (!ms.length) continue;
    const children = ms.map((m) =>
      node(acc, `contract/m/${m.name}`, 'field', sanitizeText(m.name, 100), {
        description: m.params?.length ? `(${m.params.map((p) => sanitizeText(p.name, 40)).join(', ')})` : undefined,
        tooltip: `${kind === 'unknown' ? 'exported function (kind unknown)' : `${kind} method`} ${sanitizeText(m.name, 100)}`,
        icon: kind === 'call' ? 'edit' : kind === 'view' ? 'eye' : 'symbol-method',
        contextValue: methodContext(m),
      }),
    );
    const note = kind === 'unknown' ? 'no ABI: kinds unknown' : undefined;
    out.push(group(acc, `contract/${kind}`, `${KIND_LABEL[kind]} (${ms.length})`, 'symbol-method', children, { description: note }));
  }
  if (d.abiError) out.push(errorNode(acc, 'contract/abi', `ABI unreadable: ${d.abiError}`, WARNING));
  const s = d.source;
  if (s?.standards.length) {
    const names = [...new Set(s.standards.map((x) => standardName(x.standard)))].join(', ');
    out.push(node(acc, 'contract/standards', 'field', 'Standards', { description: names, tooltip: `NEP-330 standards: ${names}`, icon: 'verified' }));
  }
  if (s?.link || s?.version) {
    out.push(node(acc, 'contract/source', 'field', 'Source', { description: [s.version, s.link].filter(Boolean).join(' · '), tooltip: s.link, icon: 'link' }));
  }
  return out;
}

const json = (v: unknown): string => JSON.stringify(v, null, 2) ?? 'null';

/** "get_greeting · here.tg · block 187,310,138 · regular RPC (host)": the first part names the document. */
export function callSummary(contractId: string, method: string, r: Pick<ViewCallResult, 'blockHeight'>, answered: string): string {
  return `${sanitizeText(method, 80)} · ${sanitizeText(contractId, 80)} · block ${formatHeight(r.blockHeight)} · ${answered}`;
}

/** The result document: JSON pretty-printed, text as a JSON string, binary as base64 and hex; then the logs. */
export function callDocument(summary: string, args: unknown, r: ViewCallResult): string {
  const d = r.decoded;
  const head = [`// ${sanitizeText(summary, 300)}`, `// args: ${sanitizeText(JSON.stringify(args ?? {}), 300)}`];
  const body =
    d.kind === 'json'
      ? json(d.value)
      : d.kind === 'text'
        ? `// UTF-8 text (not JSON)\n${json(d.text)}`
        : `// binary\n${json({ base64: d.base64, hex: d.hex })}`;
  const logs = r.logs.length ? `\n// logs:\n${r.logs.map((l) => `//   ${sanitizeText(l, 300)}`).join('\n')}` : '\n// logs: none';
  return `${head.join('\n')}\n${body}${logs}\n`;
}

/** One state pair as shown: text when printable UTF-8, else base64 and hex. */
export const stateValue = (b: StateEntry['key']): unknown => (b.kind === 'text' ? b.text : { base64: b.base64, hex: b.hex });

export function stateDocument(summary: string, entries: readonly StateEntry[]): string {
  return `// ${sanitizeText(summary, 300)}\n${json(entries.map((e) => ({ key: stateValue(e.key), value: stateValue(e.value) })))}\n`;
}

/** `near contract call-function as-read-only …` (near-cli-rs) for the call, on `network`. */
export function nearCliCommand(contractId: string, method: string, args: unknown, network: string): string {
  const a = JSON.stringify(args ?? {}).replace(/'/g, `'\\''`);
  return `near contract call-function as-read-only ${contractId} ${method} json-args '${a}' network-config ${network} now`;
}

/** The near-api-js form (JsonRpcProvider.callFunction). */
export function nearApiJsCall(contractId: string, method: string, args: unknown): string {
  return `await provider.callFunction(${JSON.stringify(contractId)}, ${JSON.stringify(method)}, ${JSON.stringify(args ?? {})});`;
}

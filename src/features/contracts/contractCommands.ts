// Contracts: "Call View Method…", "View Contract State…", the interface from code, and the watchlist's method nodes.
// Prompts (or an argument object), a cancellable progress, results as read-only `near-lens:` documents (like Query
// Block's, rpcCommands.ts). Everything contract-specific (wasm, ABI, fzstd) is
// reached from here only.
import vscode = require('vscode');
import { argFields, buildArgs, parseArgValue } from '../../near/contract/args';
import type { ArgField } from '../../near/contract/args';
import { accountIdProblem } from '../../near/ids';
import { hostOf } from '../../near/networks';
import { errorMessage, invalidInput, NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import { COMMANDS } from '../../manifest';
import { answeredBy, parseParamsJson } from '../../ui/commandModel';
import { callDocument, callSummary, contractNodes, methodOfNodeId, nearApiJsCall, nearCliCommand, stateDocument, stateValue } from './model/contractModel';
import { errorNode, WARNING } from '../watchlist/model/watchlistNodes';
import { contractHoverLine as contractLine } from '../../near/contract/contract';
import type { WatchNode } from '../watchlist/model/watchlistNodes';
import { callView, contractDetails, viewState } from '../../client/contracts';
import { plainJson } from '../../client/rpc';
import type { ContractDetails } from '../../client/contracts';
import type { NearClient, RpcHost } from '../../client/client';
import type { Services } from '../../platform/services';
import { fail } from '../../platform/failure';
import { ask, cancellable, pick } from '../../platform/prompts';
import { showResult } from '../rpc/rpcCommands';

export interface CallViewMethodArgs {
  contractId: string;
  methodName: string;
  args?: unknown;
  blockId?: number | string;
  /** true: also open the result document (from code, nothing is shown by default). */
  show?: boolean;
}
export interface ViewContractStateArgs {
  contractId: string;
  /** `base64:…` or UTF-8 text; empty: the whole state. */
  prefix?: string;
  blockId?: number | string;
  show?: boolean;
}

/** The last arguments typed for each `contract.method` (the JSON box is prefilled with them). */
const lastArgs = new Map<string, string>();

const accountRule = (text: string): string => {
  const id = text.trim();
  const why = accountIdProblem(id);
  if (why) throw invalidInput(why);
  return id;
};

const typeContract = (): Promise<string | undefined> => ask('contract account', { placeHolder: 'for example wrap.near' }, accountRule);

/** A method: the ABI's views first, then the other methods and exports, or a name typed freely. */
async function pickMethod(d: ContractDetails | undefined): Promise<string | undefined> {
  const methods = d?.methods ?? [];
  const items = [
    ...methods.map((m) => ({
      label: m.name,
      description: m.kind === 'unknown' ? 'exported (kind unknown)' : m.kind === 'call' ? 'change method (a view call may fail)' : 'view',
      detail: m.params?.length ? `(${m.params.map((p) => p.name).join(', ')})` : undefined,
      value: m.name,
    })),
    { label: '$(edit) Other method…', value: '' },
  ];
  const picked = await pick('method to call', items);
  if (picked !== '') return picked;
  return ask('method name', { placeHolder: 'for example get_greeting' }, (t) => {
    if (!/^[A-Za-z_]\w{0,255}$/.test(t.trim())) throw invalidInput('A contract method name is letters, digits and underscores.');
    return t.trim();
  });
}

/** With an ABI: one input per parameter checked against its schema; otherwise one JSON box with the last arguments. */
async function askArgs(d: ContractDetails | undefined, contractId: string, method: string): Promise<unknown> {
  const fn = d?.abi?.functions.find((f) => f.name === method);
  if (fn) {
    const fields: ArgField[] = argFields(fn, d?.abi?.rootSchema);
    const texts: Record<string, string> = {};
    for (const f of fields) {
      const text = await ask(`${method}: ${f.name}`, { prompt: `${f.label}${f.required ? '' : ' (optional: leave empty to leave it out)'}` }, (t) => {
        parseArgValue(f, t);
        return t;
      });
      if (text === undefined) return undefined;
      texts[f.name] = text;
    }
    return buildArgs(fields, texts);
  }
  const key = `${contractId}.${method}`;
  const text = await ask(`arguments of ${method}`, { prompt: 'JSON object', value: lastArgs.get(key) ?? '{}' }, (t) =>
    t.trim() === '' ? {} : parseParamsJson(t),
  );
  return text;
}

export interface ContractCommands {
  handlers: Record<string, (arg?: unknown) => Promise<unknown>>;
}

/** Interface nodes of a contract account for the watchlist's "Contract" group; a failure is one line, never thrown. */
export async function contractTreeNodes(client: NearClient, acc: string, codeHash: string): Promise<WatchNode[]> {
  try {
    return contractNodes(acc, await contractDetails(client, acc, { codeHash }));
  } catch (e) {
    return [errorNode(acc, 'contract/interface', `Methods unavailable: ${errorMessage(e)}`, WARNING)];
  }
}

/** The hover's contract line ("Contract · 10 methods · NEP-141, NEP-148, NEP-330 · source"), or why it is missing. */
export async function contractHoverLine(client: NearClient, acc: string, codeHash: string): Promise<string> {
  try {
    return contractLine(await contractDetails(client, acc, { codeHash }));
  } catch (e) {
    return `Contract · methods unavailable: ${errorMessage(e)}`;
  }
}

/** The contract of an argument: a string, `{ contractId }`, or a watchlist node (its account). */
const contractOf = (arg: unknown): string | undefined =>
  typeof arg === 'string'
    ? arg
    : isRecord(arg)
      ? typeof arg['contractId'] === 'string'
        ? arg['contractId']
        : typeof arg['accountId'] === 'string'
          ? arg['accountId']
          : undefined
      : undefined;

/**
 * An argument object from code (not a watchlist node, which has an `id` or an `accountId`): its fields are checked
 * and a wrong one rejects, never falling back to prompts.
 */
const fromCodeArg = (arg: unknown): Record<string, unknown> | undefined => (isRecord(arg) && !('id' in arg) && !('accountId' in arg) ? arg : undefined);

/** Refuses an argument object whose `fields` are not strings (`shape` is what the command takes). */
function needStrings(a: Record<string, unknown>, fields: readonly string[], shape: string): void {
  if (fields.some((f) => typeof a[f] !== 'string')) throw invalidInput(`${shape}.`);
}

/** The commands, each a method. */
class ContractCommandSet {
  constructor(private readonly services: Services) {}

  get handlers(): ContractCommands['handlers'] {
    return {
      [COMMANDS.callViewMethod]: (arg) => this.callViewMethod(arg),
      [COMMANDS.viewContractState]: (arg) => this.viewContractState(arg),
      [COMMANDS.contractInterface]: (arg) => this.contractInterface(arg),
    };
  }

  /** A watched account, or one typed. */
  async askContract(): Promise<string | undefined> {
    const watched = this.services.settings.watchlist;
    if (!watched.length) return typeContract();
    const picked = await pick('contract', [...watched.map((id) => ({ label: id, value: id })), { label: '$(edit) Other account…', value: '' }]);
    return picked === '' ? typeContract() : picked;
  }

  async clientFor(contractId: string): Promise<NearClient> {
    await this.services.ready;
    return this.services.clientForAccount(contractId).client;
  }

  answered(client: NearClient, host: RpcHost): string {
    return answeredBy(host, hostOf(host === 'archival' ? client.endpoints.archivalRpcUrl : client.endpoints.rpcUrl));
  }

  /** From code `{ contractId, methodName, args?, blockId? }` → `{ result, logs, blockHeight }`; from the tree or palette, prompts. */
  async callViewMethod(arg?: unknown): Promise<unknown> {
    const code = fromCodeArg(arg);
    try {
      return code ? await this.callFromCode(code) : await this.callAsked(arg);
    } catch (e) {
      return fail(e, code === undefined, 'Call View Method');
    }
  }

  /** A call from code: its fields checked, no prompt; its document only with `show: true`. */
  async callFromCode(code: Record<string, unknown>): Promise<unknown> {
    needStrings(code, ['contractId', 'methodName'], 'Call View Method takes { contractId, methodName, args?, blockId?, show? }');
    const a = code as unknown as CallViewMethodArgs;
    const client = await this.clientFor(accountRule(a.contractId));
    const r = await callView(client, a.contractId.trim(), a.methodName, a.args, a.blockId);
    if (a.show === true) {
      const summary = callSummary(a.contractId, a.methodName, r, this.answered(client, r.host));
      await showResult('call', summary, callDocument(summary, a.args, r), true);
    }
    return { result: r.result, logs: r.logs, blockHeight: r.blockHeight };
  }

  /** A call from the tree (a method's node) or the palette: the contract, the method and its arguments asked. */
  async callAsked(arg: unknown): Promise<unknown> {
    const node = isRecord(arg) && typeof arg['id'] === 'string' ? methodOfNodeId(arg['id']) : undefined;
    const contractId = contractOf(arg) ?? (await this.askContract());
    if (!contractId) return undefined;
    const client = await this.clientFor(accountRule(contractId));
    // The interface for the picker and the argument fields; a contract that cannot be read still takes a typed name.
    const d = await cancellable(`reading ${contractId}…`, (signal) => contractDetails(client, contractId, { signal })).then(
      (x) => x,
      (e: unknown) => {
        if (NearLensError.is(e) && e.kind === 'aborted') throw e; // cancelled: the command ends here
        return undefined;
      },
    );
    const method = node ?? (await pickMethod(d));
    if (!method) return undefined;
    const args = await askArgs(d, contractId, method);
    if (args === undefined) return undefined;
    // Kept for the next JSON box (also when the call then fails), but never arguments refused for a secret key.
    plainJson(args, 'Contract arguments');
    lastArgs.set(`${contractId}.${method}`, JSON.stringify(args));
    const r = await cancellable(`calling ${method}…`, (signal) => callView(client, contractId, method, args, undefined, signal));
    const summary = callSummary(contractId, method, r, this.answered(client, r.host));
    const document = await showResult('call', summary, callDocument(summary, args, r), true);
    const network = this.services.clientForAccount(contractId).network;
    void vscode.window.showInformationMessage(`NEAR Lens: ${method} answered.`, 'Copy as near-cli-rs command', 'Copy as near-api-js call').then((c) => {
      if (c)
        void vscode.env.clipboard.writeText(c.includes('cli') ? nearCliCommand(contractId, method, args, network) : nearApiJsCall(contractId, method, args));
    });
    return { result: r.result, logs: r.logs, blockHeight: r.blockHeight, document };
  }

  /** From code `{ contractId, prefix?, blockId? }` → `{ entries: [{ key, value }], blockHeight }` (text, or { base64, hex }). */
  async viewContractState(arg?: unknown): Promise<unknown> {
    const code = fromCodeArg(arg);
    const fromCode = code !== undefined;
    try {
      if (code) needStrings(code, ['contractId'], 'View Contract State takes { contractId, prefix?, blockId?, show? }');
      const a = code as unknown as ViewContractStateArgs | undefined;
      const contractId = a?.contractId ?? contractOf(arg) ?? (await this.askContract());
      if (!contractId) return undefined;
      const prefix = a ? (a.prefix ?? '') : await ask('key prefix', { prompt: 'empty: the whole state; text (STATE) or base64:…', value: '' }, (t) => t);
      if (prefix === undefined) return undefined;
      const client = await this.clientFor(accountRule(contractId));
      const r = a
        ? await viewState(client, contractId, prefix, a.blockId)
        : await cancellable(`reading the state of ${contractId}…`, (signal) => viewState(client, contractId, prefix, undefined, signal));
      const entries = r.entries.map((e) => ({ key: stateValue(e.key), value: stateValue(e.value) }));
      const out = { entries, blockHeight: r.blockHeight };
      if (!a || a.show === true) {
        const summary = `state · ${contractId}${prefix ? ` · prefix ${prefix}` : ''} · ${r.entries.length} pairs · block ${r.blockHeight} · ${this.answered(client, r.host)}`;
        return { ...out, document: await showResult('state', summary, stateDocument(summary, r.entries), true) };
      }
      return out;
    } catch (e) {
      return fail(e, !fromCode, 'View Contract State');
    }
  }

  /** `{ codeHash, methods: [{ name, kind, params?: [{ name }] }], abi?, source? }` of a contract id (string or `{ contractId }`). */
  async contractInterface(arg?: unknown): Promise<unknown> {
    const given = contractOf(arg);
    try {
      if (arg !== undefined && given === undefined) throw invalidInput('Contract Interface takes a contract id or { contractId }.');
      const contractId = given ?? (await this.askContract());
      if (!contractId) return undefined;
      const client = await this.clientFor(accountRule(contractId));
      const d = await contractDetails(client, contractId);
      const out = {
        codeHash: d.codeHash,
        methods: d.methods.map((m) =>
          m.params ? { name: m.name, kind: m.kind, params: m.params.map((p) => ({ name: p.name })) } : { name: m.name, kind: m.kind },
        ),
        ...(d.abi ? { abi: d.abi } : {}),
        ...(d.source ? { source: d.source } : {}),
        ...(d.abiError ? { abiError: d.abiError } : {}),
      };
      if (given === undefined) await showResult('rpc', `interface · ${contractId}`, `// interface · ${contractId}\n${JSON.stringify(out, null, 2)}\n`, true);
      return out;
    } catch (e) {
      return fail(e, given === undefined, 'Contract Interface');
    }
  }
}

/** The commands' handlers. */
export function contractCommands(services: Services): ContractCommands {
  return { handlers: new ContractCommandSet(services).handlers };
}

// Why a transaction failed and where in the workspace — each failure's source search (sources.ts), the failing
// receiver's NEP-330 metadata (metadata.ts), the checkout's revision (git.ts) — and Show Failure in Code with its
// Problems (problems.ts), the source line's links and the transaction document's links, and the runs of `near-lens`
// tasks (taskRun.ts). Made when a looked-up or hovered transaction has a failure, on the first call of its commands,
// or at a task's first run.
import vscode = require('vscode');
import { errorMessage, invalidInput } from '../../base/errors';
import { BoundedMap } from '../../base/lru';
import type { NearClient } from '../../client/client';
import type { TransactionModel } from '../../client/transactions/model';
import { COMMANDS, RESULT_SCHEME } from '../../manifest';
import type { ContractSource } from '../../near/failure/nep330';
import type { NetworkLabel } from '../../near/networks';
import { fail } from '../../platform/failure';
import { ask } from '../../platform/prompts';
import type { Services } from '../../platform/services';
import { nanosToMs, relativeTime } from '../../ui/time';
import { showResult } from '../rpc/rpcCommands';
import { transactionDocument } from '../transactions/model/txMarkdown';
import { checkoutOf, atRevision } from './git';
import { contractSourceOf } from './metadata';
import { parseShowFailureArgs, parseSourceLineArgs } from './model/failureArgs';
import { checkoutRevision, failuresOf, finalFailureKey, OPEN_AT_REVISION_LABEL, problemMessage, SHOW_FAILURE_LABEL } from './model/failureView';
import type { ExplainedError, FailureFound, ShowFailureArgs, SourceLineArgs, TxFailures } from './model/failureView';
import { searchSources } from './model/search';
import type { SearchAnswer } from './model/search';
import { FailureProblems } from './problems';
import type { DismissArgs } from './problems';
import { editorSearchHost } from './sources';
import { TaskRuns } from './taskRun';
import type { NearTaskDefinition } from './taskRun';

/** The kinds a contract's code is behind: only for these is the receiver's metadata read. */
const CODE_KINDS = new Set(['panic', 'method-not-found', 'gas-exceeded', 'wasm-trap', 'deserialize']);
/** Failures searched per transaction (each within its own budget); more failed receipts are rare. */
const MAX_SEARCHED = 3;

export interface FailureFeature {
  handlers: Record<string, (arg?: unknown) => Promise<unknown>>;
  /**
   * Each failure of a transaction with the failing receiver's metadata and where it is in the workspace; an empty map
   * (and no request) for a transaction that did not fail.
   */
  explain(t: TransactionModel, at: { client: NearClient; network: NetworkLabel }, signal?: AbortSignal): Promise<TxFailures>;
  /** The terminal of one run of a `near-lens` task (tasks.ts), whose panics go to the Problems panel. */
  taskTerminal(d: NearTaskDefinition, folder: vscode.WorkspaceFolder | undefined, key: string): vscode.Pseudoterminal;
}

interface Explained {
  t: TransactionModel;
  network: NetworkLabel;
  found: TxFailures;
}

export function failureFeature(context: vscode.ExtensionContext, services: Services): FailureFeature {
  const problems = new FailureProblems();
  const taskRuns = new TaskRuns(services.log);
  context.subscriptions.push(problems, taskRuns);
  /** The last explanations by hash: the document's links and Show Failure in Code read them. */
  const recent = new BoundedMap<string, Explained>(50);
  let links: vscode.Disposable | undefined;

  async function explain(t: TransactionModel, at: { client: NearClient; network: NetworkLabel }, signal?: AbortSignal): Promise<TxFailures> {
    const list = failuresOf(t);
    const found = new Map<string, FailureFound>();
    if (list.length === 0) return found;
    const receiverOf = (x: (typeof list)[number]): string => x.receipt?.receiverId || t.receiverId;
    // One read per failing receiver (and one view call per code hash, metadata.ts), all at once.
    const contracts = new Map<string, Promise<ContractSource | undefined>>();
    for (const x of list) {
      const id = receiverOf(x);
      if (CODE_KINDS.has(x.error.kind) && !contracts.has(id)) contracts.set(id, contractSourceOf(at.client, id, signal));
    }
    const host = editorSearchHost();
    const searches = new Map<string, Promise<SearchAnswer>>();
    for (const x of list) {
      const receiverId = receiverOf(x);
      const contract = await contracts.get(receiverId);
      const l = x.error.location;
      const what = `${l ? `${l.path}:${l.line}:${l.column}` : x.error.message}|${receiverId}`;
      let search = searches.get(what);
      if (!search && searches.size < MAX_SEARCHED) {
        search = searchSources({ error: x.error, receiverId, ...(contract && { contract }) }, host, { signal });
        searches.set(what, search);
      }
      const answer = (await search) ?? { sources: [], paths: [] };
      const first = answer.sources[0];
      const checkout = contract?.rev && first ? await checkoutOf(vscode.Uri.parse(first.uri)) : undefined;
      const revision = checkout ? checkoutRevision(contract, checkout) : undefined;
      found.set(x.key, { ...(contract && { contract }), ...answer, ...(revision && { revision }) });
    }
    recent.set(t.hash, { t, network: at.network, found });
    registerLinks();
    return found;
  }

  /** The transaction document's links: "Go to …", "Show Failure in Code", "Open at the deployed revision". */
  function registerLinks(): void {
    if (links) return;
    links = vscode.languages.registerDocumentLinkProvider({ scheme: RESULT_SCHEME }, { provideDocumentLinks: (doc) => documentLinks(doc) });
    context.subscriptions.push(links);
  }

  function documentLinks(doc: vscode.TextDocument): vscode.DocumentLink[] {
    const head = /^\/\/ Transaction ([1-9A-HJ-NP-Za-km-z]{43,44}) /.exec(doc.lineAt(0).text);
    const e = head?.[1] === undefined ? undefined : recent.peek(head[1]);
    if (!e) return [];
    const out: vscode.DocumentLink[] = [];
    const link = (line: number, at: number, label: string, command: string, args: unknown): void => {
      const l = new vscode.DocumentLink(new vscode.Range(line, at, line, at + label.length), commandUri(command, args));
      l.tooltip = label;
      out.push(l);
    };
    let current: FailureFound | undefined;
    // The document ends its comments where the model's JSON starts.
    for (let i = 1; i < doc.lineCount; i++) {
      const text = doc.lineAt(i).text;
      if (!text.startsWith('//')) break;
      const go = /Go to (\S.*?):(\d+) \(/.exec(text);
      if (go) {
        for (const f of e.found.values()) {
          const k = f.sources.findIndex((s, j) => f.paths[j] === go[1] && s.line === Number(go[2]));
          const s = f.sources[k];
          if (!s) continue;
          current = f;
          link(i, go.index, go[0].slice(0, -2), COMMANDS.openFailureSource, { uri: s.uri, line: s.line, column: s.column });
          break;
        }
      }
      const show = text.indexOf(SHOW_FAILURE_LABEL);
      if (show !== -1) link(i, show, SHOW_FAILURE_LABEL, COMMANDS.showFailureInCode, { hash: e.t.hash, network: e.network });
      const rev = text.indexOf(OPEN_AT_REVISION_LABEL);
      const first = current?.sources[0];
      if (rev !== -1 && first && current?.contract?.rev) {
        link(i, rev, OPEN_AT_REVISION_LABEL, COMMANDS.openFailureSource, { uri: first.uri, line: first.line, column: first.column, rev: current.contract.rev });
      }
    }
    return out;
  }

  async function showFailureInCode(arg?: unknown): Promise<{ uri: string; line: number } | undefined> {
    let a: ReturnType<typeof parseShowFailureArgs> | undefined;
    const prompted = arg === undefined;
    try {
      const given = prompted ? await ask('Show Failure in Code', { placeHolder: 'the hash of a failed transaction' }, parseShowFailureArgs) : arg;
      if (given === undefined) return undefined;
      a = parseShowFailureArgs(given);
      const asked: ShowFailureArgs = { hash: a.hash, ...(a.network && { network: a.network }), show: false };
      const t = await vscode.commands.executeCommand<TransactionModel | undefined>(COMMANDS.lookupTransaction, asked);
      if (!t) return undefined;
      const pick = withSource(t);
      if (!pick) {
        if (a.show) void vscode.window.showInformationMessage(`NEAR Lens: ${noSourceWords(t)}`);
        return undefined;
      }
      const src = pick.error.sources[0]!;
      const answer = { uri: src.uri, line: src.line };
      if (!a.show) return answer;
      const uri = vscode.Uri.parse(src.uri);
      const doc = await vscode.workspace.openTextDocument(uri);
      const at = new vscode.Position(src.line - 1, src.column - 1);
      await vscode.window.showTextDocument(doc, { selection: new vscode.Range(at, at), preview: false });
      const related = await transactionRelated(t);
      const ms = pick.timestamp === undefined ? undefined : nanosToMs(pick.timestamp);
      problems.add(
        {
          key: `${t.hash}|${pick.key}`,
          uri,
          line: src.line - 1,
          column: src.column - 1,
          message: problemMessage({
            hash: t.hash,
            kind: pick.error.kind,
            predecessorId: pick.predecessorId,
            receiverId: pick.receiverId,
            ...(pick.method && { method: pick.method }),
            ago: ms === undefined ? 'at an unknown time' : relativeTime(Date.now(), ms),
            message: pick.error.message,
          }),
          ...(related && { related }),
        },
        doc,
      );
      return answer;
    } catch (e) {
      return fail(e, prompted, 'Show Failure in Code', a?.show !== false);
    }
  }

  /** The transaction as the Problem's related information: its read-only document (not shown). */
  async function transactionRelated(t: TransactionModel): Promise<{ uri: vscode.Uri; message: string } | undefined> {
    const e = recent.peek(t.hash);
    try {
      const name = services.clientForNetwork().name;
      const doc = await showResult('tx', `Transaction ${t.hash.slice(0, 8)}`, transactionDocument(t, name, undefined, e && { failures: e.found }), false);
      return { uri: doc.uri, message: `Transaction ${t.hash} (${t.signerId} → ${t.receiverId})` };
    } catch (err) {
      services.log.warn(`NEAR Lens could not make the transaction document of ${t.hash.slice(0, 8)}…: ${errorMessage(err)}`);
      return undefined;
    }
  }

  function noSourceWords(t: TransactionModel): string {
    const notes = [...(recent.peek(t.hash)?.found.values() ?? [])].map((f) => f.note).filter((n): n is string => !!n);
    if (failuresOf(t).length === 0) return `Transaction ${t.hash.slice(0, 8)}… did not fail.`;
    return `No line in this workspace was found for the failure of ${t.hash.slice(0, 8)}…${notes[0] ? `: ${notes[0]}` : '.'}`;
  }

  async function openFailureSource(arg?: unknown): Promise<boolean | undefined> {
    try {
      const a: SourceLineArgs = parseSourceLineArgs(arg);
      const file = vscode.Uri.parse(a.uri);
      // Only a file of the open workspace: the links are built from the search's answer, and nothing else is opened.
      if (!vscode.workspace.getWorkspaceFolder(file)) throw invalidInput('That file is not in this workspace.');
      const target = a.rev === undefined ? file : await atRevision(file, a.rev);
      if (!target) throw invalidInput(`Revision ${a.rev?.slice(0, 7)} cannot be opened here: there is no Git repository for this file.`);
      if (target === 'missing') {
        throw invalidInput(`Revision ${a.rev?.slice(0, 7)} is not in this checkout: fetch it (git fetch), then open it again.`);
      }
      const at = new vscode.Position(a.line - 1, a.column - 1);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(target), {
        selection: new vscode.Range(at, at),
        preview: a.rev !== undefined,
      });
      return true;
    } catch (e) {
      return fail(e, false, 'Open Failure Source', true);
    }
  }

  async function dismissFailure(arg?: unknown): Promise<boolean> {
    const a = arg as Partial<DismissArgs> | undefined;
    return typeof a?.uri === 'string' && typeof a.key === 'string' ? problems.dismiss({ uri: a.uri, key: a.key }) : false;
  }

  return {
    explain,
    taskTerminal: (d, folder, key) => taskRuns.terminal(d, folder, key),
    handlers: {
      [COMMANDS.showFailureInCode]: showFailureInCode,
      [COMMANDS.openFailureSource]: openFailureSource,
      [COMMANDS.dismissFailure]: dismissFailure,
    },
  };
}

/** The failure Show Failure in Code puts in the code: the final one first, then the other failed receipts, with a source. */
function withSource(
  t: TransactionModel,
): { key: string; error: ExplainedError; predecessorId: string; receiverId: string; method?: string; timestamp?: string } | undefined {
  const finalKey = finalFailureKey(t);
  const list = failuresOf(t).sort((a, b) => Number(b.key === finalKey) - Number(a.key === finalKey));
  for (const x of list) {
    const error = x.error as Partial<ExplainedError>;
    if (!Array.isArray(error.sources) || error.sources.length === 0) continue;
    const r = x.receipt;
    const call = (r?.actions ?? t.actions).find((a) => a.kind === 'FunctionCall');
    const timestamp = r?.timestamp ?? t.timestamp;
    return {
      key: x.key,
      error: x.error as ExplainedError,
      predecessorId: r ? r.predecessorId : t.signerId,
      receiverId: r ? r.receiverId : t.receiverId,
      ...(call?.kind === 'FunctionCall' && { method: call.methodName }),
      ...(timestamp !== undefined && { timestamp }),
    };
  }
  return undefined;
}

const commandUri = (command: string, args: unknown): vscode.Uri => vscode.Uri.parse(`command:${command}?${encodeURIComponent(JSON.stringify([args]))}`);

// "Query Block…" and "RPC Request…": prompts (or an argument object), a cancellable progress, and the result as a
// read-only JSONC document of NEAR Lens's own scheme (never dirty, so closing never asks to save), one tab per kind
// reused; "Recent Results" reopens the last 20. All requests go through the client, which refuses write methods (and
// params that are not a JSON object or array) before anything is sent.
import vscode = require('vscode');
import { parseBlockRef, READ_ONLY_METHODS } from '../../client/client';
import type { BlockRef, Finality, NearClient, RpcHost, RpcResult } from '../../client/client';
import { hostOf, keyProviderFor } from '../../near/networks';
import { blockParams } from '../../client/rpc';
import { accountRequest, curlCommand, curlOfDocument, KEY_VARIABLES, rpcBody } from '../../ui/curl';
import { rpcMethodError } from '../../client/client';
import {
  answeredBy,
  askedLabel,
  blockSummary,
  paramsTemplate,
  parseParamsJson,
  RecentResults,
  RESULT_GONE,
  resultDocument,
  resultPath,
  staleResultNote,
} from '../../ui/commandModel';
import type { KeptResult, NetworkMark } from '../../ui/commandModel';
import { networkName } from '../../platform/network';
import { invalidInput } from '../../base/errors';
import { isRecord } from '../../base/json';
import { accountIdError } from '../../near/ids';
import type { Services } from '../../platform/services';
import { fail } from '../../platform/failure';
import { ask, cancellable, pick } from '../../platform/prompts';
import { COMMANDS, RESULT_SCHEME } from '../../manifest';

export interface QueryBlockArgs {
  host?: RpcHost;
  finality?: Finality;
  blockId?: number | string;
  /** false: open the document without showing it (tests). */
  show?: boolean;
}
export interface RpcRequestArgs {
  method: string;
  params?: unknown;
  host?: RpcHost;
  show?: boolean;
}
/** What both commands return: the raw result, which host answered, and the summary line. */
export interface RpcCommandResult {
  result: unknown;
  host: RpcHost;
  summary: string;
  document: vscode.TextDocument;
}

/** The block reference of an argument object: exactly one of finality / blockId (default: the final block). */
function blockRefFromArgs({ finality, blockId }: QueryBlockArgs): BlockRef {
  if (finality !== undefined && blockId !== undefined) throw invalidInput('Give either finality or blockId, not both.');
  const ref = parseBlockRef(String(blockId ?? finality ?? 'final'));
  if (finality !== undefined && !('finality' in ref)) throw invalidInput('finality is final, near-final or optimistic.');
  return ref;
}

function hostArg(h: unknown): RpcHost {
  const host = h ?? 'regular';
  if (host === 'regular' || host === 'archival') return host;
  throw invalidInput('host is "regular" or "archival".');
}

/** Which host to ask; on a network without an archival host of its own, none is offered: its node answers. */
const pickHost = async (services: Services): Promise<RpcHost | undefined> => {
  let archival = true;
  try {
    archival = services.clientForNetwork().client.rpc.hasArchival;
  } catch {
    // a broken custom network: the request itself will say why
  }
  if (!archival) return 'regular';
  return pick<RpcHost>('which RPC host?', [
    { label: 'Regular RPC', description: 'recent blocks and state', value: 'regular' },
    { label: 'Archival RPC', description: 'full history', value: 'archival' },
  ]);
};

async function pickBlockRef(): Promise<BlockRef | undefined> {
  const f = (label: Finality, description: string): vscode.QuickPickItem & { value: BlockRef } => ({ label, description, value: { finality: label } });
  const ref = await pick<BlockRef | null>('which block?', [
    f('final', 'the latest final block'),
    f('near-final', 'the latest doomslug-final block'),
    f('optimistic', 'the latest block'),
    { label: 'Block height or hash…', value: null },
  ]);
  return ref !== null ? ref : ask('block height or hash', { placeHolder: '187310138 or a base58 block hash' }, parseBlockRef);
}

/**
 * A read-only method from the list, or one typed freely (write methods refused with the reason as you type). What was
 * typed in the picker before "Other method…" fills the method box, to confirm or edit (as Git: Checkout to… → Create
 * new branch… does), since it may be a partial name or a filter.
 */
async function pickMethod(): Promise<string | undefined> {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { value?: string }>();
  qp.title = 'NEAR Lens: JSON-RPC method (read-only)';
  qp.items = [...READ_ONLY_METHODS.map((m) => ({ label: m, value: m })), { label: '$(edit) Other method…', alwaysShow: true }];
  const picked = await new Promise<{ value?: string } | undefined>((done) => {
    qp.onDidAccept(() => done(qp.selectedItems[0]));
    qp.onDidHide(() => done(undefined));
    qp.show();
  });
  const typed = qp.value.trim();
  qp.dispose();
  if (!picked || picked.value) return picked?.value;
  return ask('JSON-RPC method', { placeHolder: 'a read-only method name', value: typed }, (text) => {
    const why = rpcMethodError(text);
    if (why) throw invalidInput(why);
    return text.trim();
  });
}

type Call = (client: NearClient, signal?: AbortSignal) => Promise<RpcResult<unknown>>;

/** The last 20 results; their documents read from here. */
const recent = new RecentResults();
/** This window's mark on its result URIs: ids restart after a reload, so a tab restored from before reads "no longer kept". */
const SESSION = Date.now().toString(36);
const uriOf = (r: KeptResult): vscode.Uri => vscode.Uri.from({ scheme: RESULT_SCHEME, path: resultPath(r), query: `${SESSION}.${r.id}` });
/** The kept result a URI names, if it is one of this window's. */
function resultOf(uri: Pick<vscode.Uri, 'query'>): KeptResult | undefined {
  const [session, id] = uri.query.split('.');
  return session === SESSION ? recent.get(Number(id)) : undefined;
}

/** Tells VS Code a result document's text changed (the content provider's `onDidChange`). */
const changes = new vscode.EventEmitter<vscode.Uri>();
export const onDidChangeResult = changes.event;

/** The network NEAR Lens uses now, as a result records it (set by watchNetwork at activation). */
let networkNow: () => NetworkMark | undefined = () => undefined;

/**
 * Results remember the network they were read on; on a switch, their open documents are drawn again, so each says
 * that it is of the other network until asked again (resultContent).
 */
export function watchNetwork(services: Services): vscode.Disposable {
  networkNow = () => ({ id: JSON.stringify([services.settings.network, services.settings.endpoints]), name: networkName(services.settings) });
  return services.onDidChange(() => {
    for (const r of recent.all()) if (r.readUnder) changes.fire(uriOf(r));
  });
}

/**
 * The open document of `uri` once it reads `text`: the same question answered again refreshes its document in place
 * (VS Code reads the content again and keeps its tab), so no tab is closed or opened. A document VS Code no longer
 * holds is read afresh by `openTextDocument` anyway.
 */
async function refreshed(uri: vscode.Uri, text: string): Promise<vscode.TextDocument> {
  const key = uri.toString();
  const reads = (d: vscode.TextDocument): boolean => d.uri.toString() === key && d.getText() === text;
  changes.fire(uri);
  const document = await vscode.workspace.openTextDocument(uri);
  if (reads(document)) return document;
  // Listened to in the same turn as the check above, so the update cannot slip between them.
  await new Promise<void>((done) => {
    const finish = (): void => {
      clearTimeout(timer);
      sub.dispose();
      done();
    };
    const sub = vscode.workspace.onDidChangeTextDocument((e) => reads(e.document) && finish());
    // Never wait forever: VS Code may have dropped the document meanwhile (it then reads afresh when shown).
    const timer = setTimeout(finish, 5000);
  });
  return document;
}

/**
 * Opens a result's document; shown, it takes the place of the unpinned result tabs of its kind (a pinned one stays, so
 * pinning keeps a result), in their group.
 */
async function openResult({ kept: r, replaced }: { kept: KeptResult; replaced: boolean }, show: boolean): Promise<vscode.TextDocument> {
  const uri = uriOf(r);
  const document = replaced ? await refreshed(uri, r.text) : await vscode.workspace.openTextDocument(uri);
  if (show) {
    const old = (): vscode.Tab[] =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter(
          (t) =>
            !t.isPinned &&
            t.input instanceof vscode.TabInputText &&
            t.input.uri.scheme === RESULT_SCHEME &&
            t.input.uri.path.startsWith(`/${r.kind}/`) &&
            t.input.uri.query !== uri.query,
        );
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: old()[0]?.group.viewColumn });
    // Read again after the await, and again while any is left: VS Code replaces its Tab objects as the tab model
    // changes (the new tab opening, another result arriving), and closing one it no longer holds throws "Tab close:
    // Invalid tab not found!" and closes nothing, which left two result tabs side by side.
    for (let tries = 0; tries < 3 && old().length > 0; tries++) {
      try {
        await vscode.window.tabGroups.close(old(), true);
      } catch {
        // the tab model moved under the call: read it again
      }
    }
  }
  return document;
}

/** Keeps a result (a contract's view call or state) among the recent ones and opens its read-only document like Query Block's. */
export function showResult(kind: KeptResult['kind'], summary: string, text: string, show: boolean, key?: string): Promise<vscode.TextDocument> {
  return openResult(recent.keep(kind, summary, text, key, networkNow()), show);
}

type Request<A> = (services: Services, a: A | undefined) => Promise<[method: string, call: Call, params: unknown] | undefined>;

/**
 * Query Block and RPC Request: `request` reads the argument object (or prompts when there is none) into the method and
 * its call; then the call under a cancellable progress, the summary line (which host answered: regular may have fallen
 * back to archival for history) and the JSONC document. Errors end in `fail`.
 */
async function runRequest<A extends { show?: boolean }>(
  services: Services,
  what: string,
  kind: KeptResult['kind'],
  request: Request<A>,
  arg: unknown,
): Promise<RpcCommandResult | undefined> {
  const a = isRecord(arg) ? (arg as A) : undefined;
  try {
    const r = await request(services, a);
    if (!r) return undefined;
    const [method, call, params] = r;
    await services.ready; // the first request after start-up goes with the stored key
    const { client } = services.clientForNetwork();
    // From code with show: false, no UI at all (no progress notification either).
    const res = a?.show === false ? await call(client) : await cancellable(`requesting ${method}…`, (signal) => call(client, signal));
    const url = res.host === 'archival' ? client.endpoints.archivalRpcUrl : client.endpoints.rpcUrl;
    const host = hostOf(url);
    const summary =
      method === 'block'
        ? blockSummary(res.result, res.host, host)
        : `${[method, askedLabel(params)].filter(Boolean).join(' ')} · ${answeredBy(res.host, host)}`;
    // The request as curl, to the host that answered (an archival fallback included), the key as a variable.
    const s = services.settings;
    const curl = curlCommand({
      url,
      body: rpcBody(method, params),
      keyVariable: services.hasApiKey ? KEY_VARIABLES[keyProviderFor(s.network)] : undefined,
      transport: s.transport,
    });
    const shown = method === 'block' ? undefined : params; // a block's summary says which
    // The question's own key: asked again, it answers in the same document and tab.
    const key = `${res.host}|${method}|${JSON.stringify(params)}`;
    const document = await openResult(recent.keep(kind, summary, resultDocument(summary, res.result, shown, curl), key, networkNow()), a?.show !== false);
    return { result: res.result, host: res.host, summary, document };
  } catch (e) {
    return fail(e, !a, what, a !== undefined && a.show !== false);
  }
}

/** Query Block's request: the host and the block, from the argument or asked. */
const blockRequest: Request<QueryBlockArgs> = async (services, a) => {
  const host = a ? hostArg(a.host) : await pickHost(services);
  const ref = host && (a ? blockRefFromArgs(a) : await pickBlockRef());
  if (!host || !ref) return undefined;
  return ['block', (client, signal) => client.rpc.block(ref, { host, signal }), blockParams(ref)];
};

/** RPC Request's request: an argument's method and params are checked by the client, before anything is sent. */
const methodRequest: Request<RpcRequestArgs> = async (services, a) => {
  const method = a ? (typeof a.method === 'string' ? a.method.trim() : '') : await pickMethod();
  const host = a ? hostArg(a.host) : method && (await pickHost(services));
  const params = a
    ? (a.params ?? {})
    : host && (await ask(`params of ${method}`, { prompt: 'JSON object or array', value: paramsTemplate(method ?? '') }, parseParamsJson));
  if (method === undefined || !host || params === undefined) return undefined;
  // Regular lets the client fall back to archival for history; archival is asked directly.
  return [method, (client, signal) => client.rpc.request(method, params, host === 'archival' ? host : undefined, { signal }), params];
};

/** The kept results newest first; from code with `{ show: false }`, their summaries and URIs, no UI. */
async function recentResults(arg?: unknown): Promise<unknown> {
  const all = recent.all();
  if (isRecord(arg) && arg['show'] === false) return all.map((r) => ({ kind: r.kind, summary: r.summary, uri: uriOf(r).toString() }));
  if (!all.length) return void vscode.window.showInformationMessage('NEAR Lens: no results yet.');
  const r = await pick(
    'Recent Results',
    all.map((r) => {
      const [label = '', ...rest] = r.summary.split(' · ');
      return { label, detail: rest.join(' · '), value: r };
    }),
  );
  return r && openResult({ kept: r, replaced: false }, true);
}

async function copy(curl: string): Promise<string> {
  await vscode.env.clipboard.writeText(curl);
  vscode.window.setStatusBarMessage('NEAR Lens: copied as curl', 2000);
  return curl;
}

/**
 * An account's look-up as curl (an id as `{ accountId }`, a watchlist node, the panel): its first request, on the
 * network it is looked up on, with that network's key variable when a key is stored for it.
 */
async function copyAccountCurl(services: Services, accountId: string): Promise<string | undefined> {
  const bad = accountIdError(accountId);
  if (bad !== undefined) return void vscode.window.showWarningMessage(`NEAR Lens: ${bad}`);
  // The suffix rule keeps an id on the setting's provider (a custom network looks every id up there): its key.
  let to: ReturnType<Services['clientForAccount']>;
  try {
    to = services.clientForAccount(accountId);
  } catch (e) {
    return void vscode.window.showWarningMessage(`NEAR Lens: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { client, network } = to;
  return copy(
    curlCommand({
      ...accountRequest(accountId, client.endpoints),
      keyVariable: services.hasApiKey ? KEY_VARIABLES[keyProviderFor(network)] : undefined,
      transport: services.settings.transport,
    }),
  );
}

/**
 * Copy as curl: an account's look-up, or the request of a result document (its URI, or the active result editor) as
 * a shell command, the key as an environment variable, never its value. Returns the command (undefined when there is
 * nothing to copy).
 */
async function copyAsCurl(services: Services, arg?: unknown): Promise<string | undefined> {
  const accountId = isRecord(arg) && typeof arg['accountId'] === 'string' ? arg['accountId'].trim() : undefined;
  if (accountId !== undefined) return copyAccountCurl(services, accountId);
  const uri: Pick<vscode.Uri, 'scheme' | 'query'> | undefined =
    typeof arg === 'string'
      ? vscode.Uri.parse(arg)
      : isRecord(arg) && typeof arg['scheme'] === 'string'
        ? (arg as never)
        : vscode.window.activeTextEditor?.document.uri;
  const text = uri?.scheme === RESULT_SCHEME ? resultOf(uri)?.text : undefined;
  const curl = text === undefined ? undefined : curlOfDocument(text);
  if (!curl) return void vscode.window.showInformationMessage('NEAR Lens: open a Query Block or RPC Request result to copy its request as curl.');
  return copy(curl);
}

/** The text of a `near-lens:` result document; read on another network than the one in use now, it says so first. */
export function resultContent(uri: vscode.Uri): string {
  const r = resultOf(uri);
  if (!r) return RESULT_GONE;
  const note = r.readUnder && staleResultNote(r.readUnder, networkNow());
  return note ? `${note}\n${r.text}` : r.text;
}

/** The commands' handlers (index.ts registers them at activation; the table is made on the first call). */
export function rpcCommands(services: Services): Record<string, (arg?: unknown) => Promise<unknown>> {
  return {
    [COMMANDS.queryBlock]: (arg) => runRequest(services, 'Query Block', 'block', blockRequest, arg),
    [COMMANDS.rpcRequest]: (arg) => runRequest(services, 'RPC Request', 'rpc', methodRequest, arg),
    [COMMANDS.recentResults]: recentResults,
    [COMMANDS.copyAsCurl]: (arg) => copyAsCurl(services, arg),
  };
}

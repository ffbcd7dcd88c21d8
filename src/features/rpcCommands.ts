// "Query Block…" and "RPC Request…": prompts (or an argument object), a cancellable progress, and the result in an
// untitled JSONC editor. All requests go through the client, which refuses write methods before anything is sent.
import * as vscode from 'vscode';
import { parseBlockRef } from '../core/client';
import type { BlockRef, Finality, RpcHost, RpcResult } from '../core/client';
import { answeredBy, blockSummary, hostOf, paramsTemplate, parseParamsJson, resultDocument, rpcMethodError } from '../core/commandModel';
import { errorMessage, NearLensError } from '../core/errors';
import { READ_ONLY_METHODS } from '../core/client';
import type { Services } from '../platform/services';

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const FINALITIES: readonly Finality[] = ['final', 'near-final', 'optimistic'];

/** The block reference of an argument object: exactly one of finality / blockId. */
export function blockRefFromArgs(a: QueryBlockArgs): BlockRef {
  if (a.finality !== undefined && a.blockId !== undefined) {
    throw new NearLensError('invalid-input', 'Give either finality or blockId, not both.');
  }
  if (a.blockId !== undefined) {
    if (typeof a.blockId === 'number') return parseBlockRef(String(a.blockId));
    if (typeof a.blockId === 'string') return parseBlockRef(a.blockId);
    throw new NearLensError('invalid-input', 'blockId is a block height or a base58 block hash.');
  }
  const f = a.finality ?? 'final';
  if (!FINALITIES.includes(f)) throw new NearLensError('invalid-input', 'finality is final, near-final or optimistic.');
  return { finality: f };
}

function hostArg(h: unknown): RpcHost {
  if (h === undefined || h === 'regular') return 'regular';
  if (h === 'archival') return 'archival';
  throw new NearLensError('invalid-input', 'host is "regular" or "archival".');
}

async function pickHost(): Promise<RpcHost | undefined> {
  const items: Array<vscode.QuickPickItem & { host: RpcHost }> = [
    { label: 'Regular RPC', description: 'recent blocks and state', host: 'regular' },
    { label: 'Archival RPC', description: 'full history', host: 'archival' },
  ];
  const pick = await vscode.window.showQuickPick(items, { title: 'NEAR Lens: which RPC host?' });
  return pick?.host;
}

async function pickBlockRef(): Promise<BlockRef | undefined> {
  const other = 'Block height or hash…';
  const items: vscode.QuickPickItem[] = [
    { label: 'final', description: 'the latest final block' },
    { label: 'near-final', description: 'the latest doomslug-final block' },
    { label: 'optimistic', description: 'the latest block' },
    { label: other },
  ];
  const pick = await vscode.window.showQuickPick(items, { title: 'NEAR Lens: which block?' });
  if (!pick) return undefined;
  if (pick.label !== other) return { finality: pick.label as Finality };
  const text = await vscode.window.showInputBox({
    title: 'NEAR Lens: block height or hash',
    placeHolder: '187310138 or a base58 block hash',
    validateInput: (v) => {
      try {
        parseBlockRef(v);
        return undefined;
      } catch (e) {
        return errorMessage(e);
      }
    },
  });
  return text === undefined ? undefined : parseBlockRef(text);
}

/** Runs `task` under a cancellable notification; cancel aborts the request. */
function withCancellableProgress<T>(title: string, task: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_p, token) => {
    const ctrl = new AbortController();
    const sub = token.onCancellationRequested(() => ctrl.abort());
    return task(ctrl.signal).finally(() => sub.dispose());
  });
}

async function openResult(summary: string, result: unknown, show: boolean): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: 'jsonc', content: resultDocument(summary, result) });
  if (show) await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Shows the error when a person asked through prompts; rethrows it for argument calls (tests, keybindings). */
function fail(e: unknown, prompted: boolean, what: string): undefined {
  if (NearLensError.is(e) && e.kind === 'aborted') return undefined;
  if (!prompted) throw NearLensError.is(e) ? e : new NearLensError('invalid-input', errorMessage(e));
  void vscode.window.showErrorMessage(`NEAR Lens: ${what} failed: ${errorMessage(e)}`);
  return undefined;
}

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  const queryBlock = async (arg?: unknown): Promise<RpcCommandResult | undefined> => {
    const prompted = !isRecord(arg);
    try {
      let host: RpcHost;
      let ref: BlockRef;
      let show = true;
      if (isRecord(arg)) {
        const a = arg as QueryBlockArgs;
        host = hostArg(a.host);
        ref = blockRefFromArgs(a);
        show = a.show !== false;
      } else {
        const h = await pickHost();
        if (!h) return undefined;
        const r = await pickBlockRef();
        if (!r) return undefined;
        host = h;
        ref = r;
      }
      await services.ready; // the first request after start-up goes with the stored key
      const { client } = services.clientForNetwork();
      // Regular falls back to archival for a block it no longer has; the summary says which host answered.
      const res: RpcResult<Record<string, unknown>> = await withCancellableProgress('NEAR Lens: querying block…', (signal) =>
        client.block(ref, { host, signal }),
      );
      const hostUrl = res.host === 'archival' ? client.endpoints.archivalRpcUrl : client.endpoints.rpcUrl;
      const summary = blockSummary(res.result, res.host, hostOf(hostUrl));
      const document = await openResult(summary, res.result, show);
      return { result: res.result, host: res.host, summary, document };
    } catch (e) {
      return fail(e, prompted, 'Query Block');
    }
  };

  const rpcRequest = async (arg?: unknown): Promise<RpcCommandResult | undefined> => {
    const prompted = !isRecord(arg);
    try {
      let method: string;
      let params: unknown;
      let host: RpcHost;
      let show = true;
      if (isRecord(arg)) {
        const a = arg as unknown as RpcRequestArgs;
        const why = rpcMethodError(typeof a.method === 'string' ? a.method : '');
        if (why) throw new NearLensError(/send_tx|broadcast/i.test(String(a.method)) ? 'refused-method' : 'invalid-input', why);
        method = a.method.trim();
        params = a.params ?? {};
        host = hostArg(a.host);
        show = a.show !== false;
      } else {
        const m = await pickMethod();
        if (!m) return undefined;
        const h = await pickHost();
        if (!h) return undefined;
        const text = await vscode.window.showInputBox({
          title: `NEAR Lens: params of ${m}`,
          prompt: 'JSON object or array',
          value: paramsTemplate(m),
          ignoreFocusOut: true,
          validateInput: (v) => {
            const p = parseParamsJson(v);
            return p.ok ? undefined : p.error;
          },
        });
        if (text === undefined) return undefined;
        const p = parseParamsJson(text);
        if (!p.ok) throw new NearLensError('invalid-input', p.error);
        method = m;
        params = p.value;
        host = h;
      }
      await services.ready; // the first request after start-up goes with the stored key
      const { client } = services.clientForNetwork();
      // Regular (or no host) lets the client fall back to archival for history; archival is asked directly.
      const res = await withCancellableProgress(`NEAR Lens: ${method}…`, (signal) =>
        client.rpc(method, params, host === 'archival' ? host : undefined, { signal }),
      );
      const hostUrl = res.host === 'archival' ? client.endpoints.archivalRpcUrl : client.endpoints.rpcUrl;
      const summary =
        method === 'block' ? blockSummary(res.result, res.host, hostOf(hostUrl)) : `${method} · ${answeredBy(res.host, hostOf(hostUrl))}`;
      const document = await openResult(summary, res.result, show);
      return { result: res.result, host: res.host, summary, document };
    } catch (e) {
      return fail(e, prompted, 'RPC Request');
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('nearLens.queryBlock', queryBlock),
    vscode.commands.registerCommand('nearLens.rpcRequest', rpcRequest),
  );
}

/** A read-only method from the list, or one typed freely (write methods refused with the reason). */
function pickMethod(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick();
    qp.title = 'NEAR Lens: JSON-RPC method (read-only)';
    qp.placeholder = 'Pick a method or type one';
    const base: vscode.QuickPickItem[] = READ_ONLY_METHODS.map((m) => ({ label: m }));
    qp.items = base;
    let done = false;
    const finish = (v: string | undefined): void => {
      if (done) return;
      done = true;
      resolve(v);
      qp.dispose();
    };
    qp.onDidChangeValue((v) => {
      const typed = v.trim();
      if (typed && !READ_ONLY_METHODS.includes(typed)) {
        const why = rpcMethodError(typed);
        qp.items = [{ label: typed, description: why ?? 'use this method', alwaysShow: true }, ...base];
      } else qp.items = base;
    });
    qp.onDidAccept(() => {
      const m = qp.selectedItems[0]?.label ?? qp.value.trim();
      const why = rpcMethodError(m);
      if (why) {
        void vscode.window.showWarningMessage(`NEAR Lens: ${why}`);
        return;
      }
      finish(m);
    });
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}

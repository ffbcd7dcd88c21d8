// "Query Block…" and "RPC Request…": prompts (or an argument object), a cancellable progress, and the result in an
// untitled JSONC editor. All requests go through the client, which refuses write methods before anything is sent.
import vscode = require('vscode');
import { parseBlockRef, READ_ONLY_METHODS } from '../core/client';
import type { BlockRef, Finality, NearClient, RpcHost, RpcResult } from '../core/client';
import { answeredBy, blockSummary, hostOf, paramsTemplate, parseParamsJson, resultDocument, rpcMethodError } from '../core/commandModel';
import { errorMessage, invalidInput, isRecord, NearLensError } from '../core/errors';
import type { Services } from '../platform/services';
import { fail } from './failure';

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
export function blockRefFromArgs(a: QueryBlockArgs): BlockRef {
  const { finality, blockId } = a;
  if (finality !== undefined && blockId !== undefined) throw invalidInput('Give either finality or blockId, not both.');
  const ref = parseBlockRef(String(blockId ?? finality ?? 'final'));
  if (finality !== undefined && !('finality' in ref)) throw invalidInput('finality is final, near-final or optimistic.');
  return ref;
}

function hostArg(h: unknown): RpcHost {
  if (h === undefined || h === 'regular' || h === 'archival') return h ?? 'regular';
  throw invalidInput('host is "regular" or "archival".');
}

/** A quick pick over `items`; resolves with the picked item's value (undefined when dismissed). */
async function pick<T>(title: string, items: Array<vscode.QuickPickItem & { value: T }>): Promise<T | undefined> {
  return (await vscode.window.showQuickPick(items, { title: `NEAR Lens: ${title}` }))?.value;
}

const pickHost = (): Promise<RpcHost | undefined> =>
  pick<RpcHost>('which RPC host?', [
    { label: 'Regular RPC', description: 'recent blocks and state', value: 'regular' },
    { label: 'Archival RPC', description: 'full history', value: 'archival' },
  ]);

async function pickBlockRef(): Promise<BlockRef | undefined> {
  const f = (label: Finality, description: string): vscode.QuickPickItem & { value: BlockRef } => ({ label, description, value: { finality: label } });
  const ref = await pick<BlockRef | null>('which block?', [
    f('final', 'the latest final block'),
    f('near-final', 'the latest doomslug-final block'),
    f('optimistic', 'the latest block'),
    { label: 'Block height or hash…', value: null },
  ]);
  if (ref !== null) return ref;
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

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  /** The common end of both commands: the request under a cancellable progress, the summary, the JSONC document. */
  const run = async (
    title: string,
    call: (client: NearClient, signal: AbortSignal) => Promise<RpcResult<unknown>>,
    summarize: (res: RpcResult<unknown>, host: string) => string,
    show: boolean,
  ): Promise<RpcCommandResult> => {
    await services.ready; // the first request after start-up goes with the stored key
    const { client } = services.clientForNetwork();
    const res = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_p, token) => {
      const ctrl = new AbortController();
      const sub = token.onCancellationRequested(() => ctrl.abort());
      return call(client, ctrl.signal).finally(() => sub.dispose());
    });
    // Regular may have fallen back to archival for history: the summary says which host answered.
    const summary = summarize(res, hostOf(res.host === 'archival' ? client.endpoints.archivalRpcUrl : client.endpoints.rpcUrl));
    const document = await vscode.workspace.openTextDocument({ language: 'jsonc', content: resultDocument(summary, res.result) });
    if (show) await vscode.window.showTextDocument(document, { preview: false });
    return { result: res.result, host: res.host, summary, document };
  };
  const blockLine = (res: RpcResult<unknown>, host: string): string => blockSummary(res.result, res.host, host);

  const queryBlock = async (arg?: unknown): Promise<RpcCommandResult | undefined> => {
    const a = isRecord(arg) ? (arg as QueryBlockArgs) : undefined;
    try {
      const host = a ? hostArg(a.host) : await pickHost();
      const ref = !host ? undefined : a ? blockRefFromArgs(a) : await pickBlockRef();
      if (!host || !ref) return undefined;
      return await run('NEAR Lens: querying block…', (client, signal) => client.block(ref, { host, signal }), blockLine, a?.show !== false);
    } catch (e) {
      return fail(e, !a, 'Query Block');
    }
  };

  const rpcRequest = async (arg?: unknown): Promise<RpcCommandResult | undefined> => {
    const a = isRecord(arg) ? (arg as unknown as RpcRequestArgs) : undefined;
    try {
      let method: string | undefined;
      let params: unknown;
      let host: RpcHost | undefined;
      if (a) {
        const why = rpcMethodError(typeof a.method === 'string' ? a.method : '');
        if (why) throw new NearLensError(/send_tx|broadcast/i.test(String(a.method)) ? 'refused-method' : 'invalid-input', why);
        method = a.method.trim();
        params = a.params ?? {};
        host = hostArg(a.host);
      } else {
        method = await pickMethod();
        host = method ? await pickHost() : undefined;
        if (!method || !host) return undefined;
        const text = await vscode.window.showInputBox({
          title: `NEAR Lens: params of ${method}`,
          prompt: 'JSON object or array',
          value: paramsTemplate(method),
          ignoreFocusOut: true,
          validateInput: (v) => {
            const p = parseParamsJson(v);
            return p.ok ? undefined : p.error;
          },
        });
        if (text === undefined) return undefined;
        const p = parseParamsJson(text);
        if (!p.ok) throw invalidInput(p.error);
        params = p.value;
      }
      const m = method;
      // Regular (or no host) lets the client fall back to archival for history; archival is asked directly.
      return await run(
        `NEAR Lens: ${m}…`,
        (client, signal) => client.rpc(m, params, host === 'archival' ? host : undefined, { signal }),
        (res, h) => (m === 'block' ? blockLine(res, h) : `${m} · ${answeredBy(res.host, h)}`),
        a?.show !== false,
      );
    } catch (e) {
      return fail(e, !a, 'RPC Request');
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
      qp.items = typed && !READ_ONLY_METHODS.includes(typed) ? [{ label: typed, description: rpcMethodError(typed) ?? 'use this method', alwaysShow: true }, ...base] : base;
    });
    qp.onDidAccept(() => {
      const m = qp.selectedItems[0]?.label ?? qp.value.trim();
      const why = rpcMethodError(m);
      if (why) void vscode.window.showWarningMessage(`NEAR Lens: ${why}`);
      else finish(m);
    });
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}

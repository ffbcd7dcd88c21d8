// "Query Block…" and "RPC Request…": prompts (or an argument object), a cancellable progress, and the result in an
// untitled JSONC editor. All requests go through the client, which refuses write methods (and params that are not a
// JSON object or array) before anything is sent.
import vscode = require('vscode');
import { parseBlockRef, READ_ONLY_METHODS } from '../../core/service/client';
import type { BlockRef, Finality, NearClient, RpcHost, RpcResult } from '../../core/service/client';
import { hostOf } from '../../core/near/networks';
import { rpcMethodError } from '../../core/service/client';
import { answeredBy, blockSummary, paramsTemplate, parseParamsJson, resultDocument } from '../../core/views/commandModel';
import { invalidInput } from '../../core/errors';
import { isRecord } from '../../core/json';
import { registerCommands } from '../../platform/commands';
import type { Services } from '../../platform/services';
import { fail } from '../../platform/failure';
import { ask, pick } from '../../platform/prompts';
import { COMMANDS } from '../../core/manifest';

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
  return ref !== null ? ref : ask('block height or hash', { placeHolder: '187310138 or a base58 block hash' }, parseBlockRef);
}

/** A read-only method from the list, or one typed freely (write methods refused with the reason as you type). */
async function pickMethod(): Promise<string | undefined> {
  const method = await pick<string | null>('JSON-RPC method (read-only)', [
    ...READ_ONLY_METHODS.map((m) => ({ label: m, value: m })),
    { label: '$(edit) Other method…', value: null, alwaysShow: true },
  ]);
  if (method !== null) return method;
  return ask('JSON-RPC method', { placeHolder: 'a read-only method name' }, (text) => {
    const why = rpcMethodError(text);
    if (why) throw invalidInput(why);
    return text.trim();
  });
}

type Call = (client: NearClient, signal: AbortSignal) => Promise<RpcResult<unknown>>;

export function registerRpcCommands(context: vscode.ExtensionContext, services: Services): void {
  /**
   * Both commands: `request` reads the argument object (or prompts when there is none) into the method and its call;
   * then the call under a cancellable progress, the summary line (which host answered: regular may have fallen back
   * to archival for history) and the JSONC document. Errors end in `fail`.
   */
  const command =
    <A extends { show?: boolean }>(what: string, request: (a: A | undefined) => Promise<[method: string, call: Call] | undefined>) =>
    async (arg?: unknown): Promise<RpcCommandResult | undefined> => {
      const a = isRecord(arg) ? (arg as A) : undefined;
      try {
        const r = await request(a);
        if (!r) return undefined;
        const [method, call] = r;
        await services.ready; // the first request after start-up goes with the stored key
        const { client } = services.clientForNetwork();
        const res = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `NEAR Lens: requesting ${method}…`, cancellable: true },
          (_p, token) => {
            const ctrl = new AbortController();
            const sub = token.onCancellationRequested(() => ctrl.abort());
            return call(client, ctrl.signal).finally(() => sub.dispose());
          },
        );
        const host = hostOf(res.host === 'archival' ? client.endpoints.archivalRpcUrl : client.endpoints.rpcUrl);
        const summary = method === 'block' ? blockSummary(res.result, res.host, host) : `${method} · ${answeredBy(res.host, host)}`;
        const document = await vscode.workspace.openTextDocument({ language: 'jsonc', content: resultDocument(summary, res.result) });
        if (a?.show !== false) await vscode.window.showTextDocument(document, { preview: false });
        return { result: res.result, host: res.host, summary, document };
      } catch (e) {
        return fail(e, !a, what);
      }
    };

  const queryBlock = command<QueryBlockArgs>('Query Block', async (a) => {
    const host = a ? hostArg(a.host) : await pickHost();
    const ref = host && (a ? blockRefFromArgs(a) : await pickBlockRef());
    if (!host || !ref) return undefined;
    return ['block', (client, signal) => client.block(ref, { host, signal })];
  });

  const rpcRequest = command<RpcRequestArgs>('RPC Request', async (a) => {
    // An argument's method and params are checked by the client, before anything is sent.
    const method = a ? (typeof a.method === 'string' ? a.method.trim() : '') : await pickMethod();
    const host = a ? hostArg(a.host) : method && (await pickHost());
    const params = a
      ? (a.params ?? {})
      : host && (await ask(`params of ${method}`, { prompt: 'JSON object or array', value: paramsTemplate(method ?? '') }, parseParamsJson));
    if (method === undefined || !host || params === undefined) return undefined;
    // Regular lets the client fall back to archival for history; archival is asked directly.
    return [method, (client, signal) => client.rpc(method, params, host === 'archival' ? host : undefined, { signal })];
  });

  registerCommands(context, { [COMMANDS.queryBlock]: queryBlock, [COMMANDS.rpcRequest]: rpcRequest });
}

// Inspect Transaction…: where a transaction's gas went and what it changed, per receipt. What was given (a hash, a
// receipt id or an explorer URL) is read by the session (session.ts: the record or the placeholder signer, the reads,
// what is kept), and shown in a panel per transaction as it loads; Open as Text writes the transaction document with
// the gas and state sections. Talks HTTP only through the client.
import vscode = require('vscode');
import { errorMessage, invalidInput, NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import { fromRpc } from '../../client/transactions/model';
import { COMMANDS, INSPECT_VIEW_TYPE } from '../../manifest';
import type { NetworkLabel } from '../../near/networks';
import { fail } from '../../platform/failure';
import { ask } from '../../platform/prompts';
import type { ClientFor, Services } from '../../platform/services';
import { showResult } from '../rpc/rpcCommands';
import { transactionDocument } from '../transactions/model/txMarkdown';
import { isInspectState } from './guards';
import { InspectPanel } from './inspectPanel';
import type { InspectPanelHost } from './inspectPanel';
import { checkedTxText, INSPECT_PLACEHOLDER, parseInspectArgs } from './model/inspectArgs';
import type { InspectArgs } from './model/inspectArgs';
import type { Inspection } from './model/inspection';
import { hostFor, InspectSession } from './session';
import type { Kept } from './session';

export interface InspectFeature {
  handlers: Record<string, (arg?: unknown) => Promise<unknown>>;
  /** A panel the workbench restores after a restart: inspected again from its saved hash and network. */
  revive(panel: vscode.WebviewPanel, state: unknown): void;
  readonly panels: ReadonlyMap<string, InspectPanel>;
  /** Forgets the readings kept this session (the in-editor tests' test API: a suite starts cold). */
  forget(): void;
}

const panelKey = (network: NetworkLabel, hash: string): string => `${network}|${hash}`;

export function inspectFeature(context: vscode.ExtensionContext, services: Services, observe?: InspectPanelHost['observe']): InspectFeature {
  const session = new InspectSession();
  const panels = new Map<string, InspectPanel>();

  const at = (network?: NetworkLabel): ClientFor =>
    network && network !== services.settings.network ? services.clientForAccount('near', network) : services.clientForNetwork();

  /** The signer, typed: a node that tracks some shards only finds a transaction with its signer. */
  const askSigner = (hash: string): Promise<string | undefined> =>
    ask('signer of the transaction', { placeHolder: `who signed ${hash.slice(0, 8)}…? (RPC needs the signer to find it)` }, (t) => {
      const id = t.trim();
      if (!/^[a-z0-9._-]{2,64}$/.test(id)) throw invalidInput('A NEAR account id: lower-case letters, digits, - _ and .');
      return id;
    });

  /** Reads the transaction, its panel (if any) drawn as the receipts arrive. */
  function read(w: ClientFor, a: InspectArgs, panel?: InspectPanel): Promise<Kept | undefined> {
    let current: Inspection | undefined;
    return session.read(w, a, {
      ...(panel && {
        signal: panel.abort.signal,
        onStart: (i: Inspection) => {
          current = i;
          panel.start(i, w.name);
        },
        onReceipt: (n: number) => current && panel.receipt(n, current),
      }),
      ...(a.show && { askSigner }),
    });
  }

  /** The transaction document with the gas and state sections; its model from the record, else from tx_status. */
  async function openText(p: InspectPanel): Promise<void> {
    try {
      const i = p.inspection;
      if (!i) return;
      const w = at(p.network);
      let t = session.peek(w, i.hash)?.record;
      if (!t) {
        // Read for the document only: the transaction's own block (its height and time), then the model of tx_status.
        const status = await w.client.changes.txStatus(i.hash, i.signerId, { host: hostFor(w) });
        const r = status?.result;
        const blockHash = isRecord(r) && isRecord(r['transaction_outcome']) ? r['transaction_outcome']['block_hash'] : undefined;
        const header = typeof blockHash === 'string' ? (await w.client.rpc.block({ blockId: blockHash }, { host: hostFor(w) })).result['header'] : undefined;
        const h = isRecord(header) ? header : {};
        t = fromRpc(r, { height: String(h['height'] ?? '0'), timestamp: String(h['timestamp_nanosec'] ?? h['timestamp'] ?? '0') });
      }
      await showResult('tx', `Transaction ${i.hash.slice(0, 8)}`, transactionDocument(t, w.name, undefined, { inspection: i }), true);
    } catch (e) {
      void vscode.window.showErrorMessage(`NEAR Lens: Open as Text failed: ${errorMessage(e)}`);
    }
  }

  const host: InspectPanelHost = {
    extensionUri: context.extensionUri,
    openText: (p) => void openText(p),
    onDispose: (p) => {
      const key = panelKey(p.network, p.hash);
      if (panels.get(key) === p) panels.delete(key);
    },
    warn: (line) => services.log.warn(line),
    ...(observe && { observe }),
  };

  /** The panel of a transaction: the open one revealed, else a new one (or the one the workbench restores). */
  function panelFor(network: NetworkLabel, hash: string, restored?: vscode.WebviewPanel): InspectPanel {
    const key = panelKey(network, hash);
    const open = panels.get(key);
    if (open && !restored) {
      open.panel.reveal();
      return open;
    }
    // No retainContextWhenHidden: the page asks again ("ready") when shown, and the host posts what it has.
    const webview = restored ?? vscode.window.createWebviewPanel(INSPECT_VIEW_TYPE, `Inspect ${hash.slice(0, 8)}…`, vscode.ViewColumn.Active);
    const p = new InspectPanel(webview, hash, network, host);
    panels.set(key, p);
    return p;
  }

  async function inspect(arg: unknown, restored?: vscode.WebviewPanel): Promise<Inspection | undefined> {
    const prompted = arg === undefined;
    let a: InspectArgs | undefined;
    let panel: InspectPanel | undefined;
    try {
      const given = arg ?? (await ask('Inspect Transaction', { placeHolder: INSPECT_PLACEHOLDER }, checkedTxText));
      if (given === undefined) return undefined;
      a = parseInspectArgs(given, services.settings.network === 'custom');
      await services.ready;
      const w = at(a.network);
      const hit = session.peek(w, a.hash);
      if (hit) {
        if (a.show) {
          panel = panelFor(w.network, hit.inspection.hash, restored);
          panel.start(hit.inspection, w.name, new Set(hit.inspection.receipts.keys()));
          panel.done('');
        }
        return hit.inspection;
      }
      if (a.show) panel = panelFor(w.network, a.hash, restored);
      const got = await read(w, a, panel);
      if (!got) {
        panel?.panel.dispose();
        return undefined;
      }
      panel?.done(got.inspection.status === 'pending' ? 'The transaction has not finished: inspect it again later for the rest.' : '');
      return got.inspection;
    } catch (e) {
      if (panel && !(NearLensError.is(e) && e.kind === 'aborted')) panel.error(errorMessage(e));
      return fail(e, prompted, 'Inspect Transaction', a?.show !== false && !panel);
    }
  }

  return {
    handlers: { [COMMANDS.inspectTransaction]: (arg) => inspect(arg) },
    revive: (panel, state) => {
      if (!isInspectState(state)) {
        panel.dispose();
        return;
      }
      void inspect({ hash: state.hash, network: state.network }, panel).catch(() => undefined);
    },
    panels,
    forget: () => session.forget(),
  };
}

// Look Up Transaction… (a hash, a receipt id or an explorer URL; on a network without a transactions API, RPC `tx`
// with the signer, asked for) and the hover of a hash: a lazy part (`txview`), loaded on the first use. Talks HTTP only
// through the services' clients; builds text only with the transactions model (model/txMarkdown.ts).
import vscode = require('vscode');
import { errorMessage, invalidInput, NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import { findAll } from '../../near/idFinder';
import { accountIdProblem } from '../../near/ids';
import { findHashAt, parseTxInput } from './model/hashFinder';
import type { TransactionModel } from '../../client/transactions/model';
import { keyProviderFor, noTxApi } from '../../near/networks';
import type { NetworkLabel } from '../../near/networks';
import { curlCommand, KEY_VARIABLES, rpcBody } from '../../ui/curl';
import { endpointUrl } from '../../client/endpoint';
import { COMMANDS } from '../../manifest';
import { transactionDocument, TX_HOVER_COMMANDS, txHoverSections } from './model/txMarkdown';
import type { TxLookup } from './model/txMarkdown';
import type { ClientFor, Services } from '../../platform/services';
import { fail } from '../../platform/failure';
import { ask, cancellable, pick } from '../../platform/prompts';
import { loadPart } from '../../platform/parts';
import type * as Rpc from '../rpc/rpcCommands';

export interface LookupTransactionArgs {
  /** A transaction hash, a receipt id or an explorer URL of a transaction. */
  hash: string;
  network?: NetworkLabel;
  /** The signer, for a network without a transactions API (RPC `tx` needs it). */
  signerId?: string;
  /** false: no UI at all; the result is returned. */
  show?: boolean;
}

const TRY_ANOTHER = 'Try Another Signer';

/** A hash is looked up at most once a minute while hovering. */
export const HOVER_LOOKUP_MS = 60_000;
const OTHER: Partial<Record<NetworkLabel, NetworkLabel>> = { mainnet: 'testnet', testnet: 'mainnet' };

const isNetwork = (n: unknown): n is NetworkLabel => n === 'mainnet' || n === 'testnet' || n === 'custom';

export interface TxFeature {
  handlers: Record<string, (arg?: unknown) => Promise<unknown>>;
  hoverSections(hash: string, token?: vscode.CancellationToken): Promise<string[] | undefined>;
  /** The only commands the hover's links may run. */
  hoverCommands: readonly string[];
  findHashAt: typeof findHashAt;
}

export function txFeature(services: Services): TxFeature {
  const at = (network?: NetworkLabel): ClientFor =>
    network && network !== services.settings.network ? services.clientForAccount('near', network) : services.clientForNetwork();

  /** Hover look-ups by network and hash: when, and what (the last good one stays if a later one fails). */
  const recent = new Map<string, { at: number; found: Promise<TxLookup>; good?: TxLookup }>();

  async function hoverLookup(hash: string, signal: AbortSignal): Promise<TxLookup> {
    await services.ready;
    const { client, network, name } = services.clientForNetwork();
    if (!client.hasTransactionsApi) return { kind: 'needs-signer', network, name };
    const tx = (await client.transactions([hash], { signal })).get(hash);
    if (tx) return { kind: 'tx', tx, network, name };
    const r = await client.receipt(hash, { signal });
    if (r) return { kind: 'receipt', receipt: r.receipt, ...(r.transaction && { tx: r.transaction }), network, name };
    try {
      const b = (await client.block({ blockId: hash }, { signal })).result;
      const h = isRecord(b['header']) ? b['header'] : {};
      return { kind: 'block', height: String(h['height']), timestamp: String(h['timestamp']), network, name };
    } catch (e) {
      if (!(NearLensError.is(e) && /UNKNOWN_BLOCK|GARBAGE/.test(e.rpcCause ?? ''))) throw e;
    }
    const other = OTHER[network];
    return { kind: 'not-found', network, name, ...(other && { other }) };
  }

  async function hoverSections(hash: string, token?: vscode.CancellationToken): Promise<string[] | undefined> {
    if (!services.settings.hoverLookups) return txHoverSections(hash, { kind: 'off' });
    const key = `${services.settings.network}|${services.connection ?? 0}|${hash}`;
    let entry = recent.get(key);
    if (!entry || Date.now() - entry.at >= HOVER_LOOKUP_MS) {
      const ctrl = new AbortController();
      const found = hoverLookup(hash, ctrl.signal);
      entry = { at: Date.now(), found, ...(entry?.good && { good: entry.good }) };
      recent.set(key, entry);
      if (recent.size > 500) recent.delete(recent.keys().next().value as string);
    }
    let found: TxLookup;
    try {
      found = await entry.found;
      entry.good = found;
    } catch (e) {
      if (token?.isCancellationRequested) return undefined;
      // A fault keeps what was shown, and says so.
      const message = errorMessage(e);
      const sections = entry.good ? txHoverSections(hash, entry.good, services.settings) : [];
      return entry.good ? [...sections, `Could not refresh: ${message}`] : txHoverSections(hash, { kind: 'error', message });
    }
    return token?.isCancellationRequested ? undefined : txHoverSections(hash, found, services.settings);
  }

  /**
   * Account ids near the hash in the active editor (its own line first, then the nearest lines), then the watchlist:
   * the signer is likely among them. Each says where it was found.
   */
  function nearbyIds(hash: string): Array<{ id: string; where: string }> {
    const doc = vscode.window.activeTextEditor?.document;
    const found: Array<{ id: string; where: string; distance: number }> = [];
    if (doc) {
      const text = doc.getText();
      const at = text.indexOf(hash);
      const from = at < 0 ? 0 : Math.max(0, at - 2000);
      const around = at < 0 ? text.slice(0, 20_000) : text.slice(from, at + 2000);
      const hashLine = at < 0 ? undefined : doc.positionAt(at).line;
      for (const f of findAll(around)) {
        if (f.classified.kind !== 'account') continue;
        const line = doc.positionAt(from + f.start).line;
        const off = hashLine === undefined ? line : line - hashLine;
        const where =
          hashLine === undefined
            ? `line ${line + 1}`
            : off === 0
              ? 'on the hash’s line'
              : `${Math.abs(off)} line${Math.abs(off) === 1 ? '' : 's'} ${off < 0 ? 'above' : 'below'}`;
        // Above before below at the same distance: a log names the signer before what it sent.
        found.push({ id: f.classified.id, where, distance: Math.abs(off) * 2 + (off > 0 ? 1 : 0) });
      }
    }
    found.sort((x, y) => x.distance - y.distance);
    const seen = new Set<string>();
    const near = found.filter((f) => !seen.has(f.id) && (seen.add(f.id), true));
    const watched = services.settings.watchlist.filter((id) => !seen.has(id)).map((id) => ({ id, where: 'watched' }));
    return [...near, ...watched].slice(0, 30);
  }

  async function askSigner(hash: string, tried: readonly string[] = []): Promise<string | undefined> {
    const ids = nearbyIds(hash).filter((x) => !tried.includes(x.id));
    const typed = '$type';
    const chosen = ids.length
      ? await pick<string>('who signed the transaction? (RPC needs the signer)', [
          ...ids.map(({ id, where }) => ({ label: id, description: where, value: id })),
          { label: 'Type the signer…', description: 'ids above: near the hash in this file, then your watchlist', value: typed },
        ])
      : typed;
    if (chosen !== typed) return chosen;
    return ask('signer of the transaction', { placeHolder: 'alice.near (RPC tx needs the signer to find it)' }, (t) => {
      const why = accountIdProblem(t.trim());
      if (why) throw invalidInput(why);
      return t.trim();
    });
  }

  async function lookupTransaction(arg?: unknown): Promise<TransactionModel | undefined> {
    const a = isRecord(arg) ? (arg as Partial<LookupTransactionArgs>) : typeof arg === 'string' ? { hash: arg } : undefined;
    const prompted = a === undefined;
    const quiet = a?.show === false;
    try {
      const text =
        a?.hash ??
        (await ask('Look Up Transaction', { placeHolder: 'a transaction hash, a receipt id, or an explorer URL of a transaction' }, (t) => {
          const p = parseTxInput(t);
          if ('error' in p) throw invalidInput(p.error);
          return t;
        }));
      if (text === undefined) return undefined;
      const parsed = parseTxInput(String(text));
      if ('error' in parsed) throw invalidInput(parsed.error);
      if (a?.network !== undefined && !isNetwork(a.network)) throw invalidInput('network is "mainnet", "testnet" or "custom".');
      const network = a?.network ?? (services.settings.network === 'custom' ? undefined : parsed.network);
      await services.ready;
      const { client, network: net, name } = at(network);
      const keyVariable = services.hasApiKey ? KEY_VARIABLES[keyProviderFor(net)] : undefined;
      let t: TransactionModel | undefined;
      let curl: string;
      if (client.hasTransactionsApi) {
        const url = endpointUrl(client.endpoints.txApiUrl ?? '', '/v0/transactions');
        curl = curlCommand({ url, body: { tx_hashes: [parsed.hash] }, keyVariable, transport: services.settings.transport });
        const run = async (signal?: AbortSignal): Promise<TransactionModel | undefined> =>
          (await client.transactions([parsed.hash], { signal })).get(parsed.hash) ?? (await client.receipt(parsed.hash, { signal }))?.transaction;
        t = quiet ? await run() : await cancellable(`looking up ${parsed.hash.slice(0, 8)}…`, run);
      } else {
        // A signer picked from the list that did not sign it is said in one short line, with another try.
        const tried: string[] = [];
        for (;;) {
          const signer = a?.signerId ?? (quiet ? undefined : await askSigner(parsed.hash, tried));
          if (signer === undefined) {
            if (quiet) throw invalidInput(`${noTxApi()}: give signerId, as RPC tx needs the signer.`);
            return undefined;
          }
          curl = curlCommand({
            url: client.endpoints.rpcUrl,
            body: rpcBody('EXPERIMENTAL_tx_status', { tx_hash: parsed.hash, sender_account_id: signer }),
            keyVariable,
            transport: services.settings.transport,
          });
          const run = (signal?: AbortSignal): Promise<TransactionModel | undefined> => client.transactionViaRpc(parsed.hash, signer, { signal });
          t = quiet ? await run() : await cancellable(`looking up ${parsed.hash.slice(0, 8)}…`, run);
          if (t || quiet || a?.signerId !== undefined) break;
          tried.push(signer);
          const again = await vscode.window.showWarningMessage(
            `NEAR Lens: ${signer} did not sign ${parsed.hash.slice(0, 8)}… on ${name}, or the node no longer keeps it.`,
            TRY_ANOTHER,
          );
          if (again !== TRY_ANOTHER) return undefined;
        }
      }
      if (!t)
        throw new NearLensError('not-found', `No transaction or receipt ${parsed.hash} on ${name}${client.hasTransactionsApi ? '' : ' with that signer'}.`);
      if (!quiet) {
        const { showResult } = await loadPart<typeof Rpc>('rpc');
        await showResult('tx', `Transaction ${t.hash.slice(0, 8)}`, transactionDocument(t, name, curl), true);
      }
      return t;
    } catch (e) {
      return fail(e, prompted, 'Look Up Transaction', a?.show !== false);
    }
  }

  return { handlers: { [COMMANDS.lookupTransaction]: lookupTransaction }, hoverSections, hoverCommands: TX_HOVER_COMMANDS, findHashAt };
}

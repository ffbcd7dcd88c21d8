// Look Up Transaction… (a hash, a receipt id or an explorer URL; on a network without a transactions API, RPC
// `EXPERIMENTAL_tx_status` by the hash alone, then with the signer, asked for) and the hover of a hash, each failure
// explained with where it is in the workspace (the `failures` part): part of the lazy part `transactions`. Talks HTTP
// only through the services' clients; builds text only with the transactions model (model/txMarkdown.ts).
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
import type { NearClient } from '../../client/client';
import { failureFeatureOf } from '../failures/index';
import { explainedModel, failuresOf } from '../failures/model/failureView';
import type { TxFailures } from '../failures/model/failureView';
import type { TokenUnit } from './model/txArgs';

export interface LookupTransactionArgs {
  /** A transaction hash, a receipt id or an explorer URL of a transaction. */
  hash: string;
  network?: NetworkLabel;
  /** The signer, for a network without a transactions API (RPC `tx` needs it). */
  signerId?: string;
  /** false: no UI at all; the result is returned. */
  show?: boolean;
}

/**
 * The signer named to a node when only the hash is known, as near-cli-rs names it: the signer only picks the shard
 * asked, and a node that tracks every shard (a sandbox, a localnet, most RPC nodes) finds the transaction whatever it is.
 */
export const ANY_SIGNER = 'near';

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

interface Found {
  t: TransactionModel;
  failures?: TxFailures;
}

/** The units of the tokens a transaction's calls go to, where their ft_metadata was already read (nothing is sent). */
function tokenUnits(client: NearClient, t: TransactionModel): Map<string, TokenUnit> {
  const ids = [...new Set([t.receiverId, ...t.receipts.map((r) => r.receiverId)].filter(Boolean))];
  return new Map([...client.cachedFtMetadata(ids)].map(([id, m]) => [id, { decimals: m.decimals, symbol: m.symbol }]));
}

export function txFeature(services: Services): TxFeature {
  const at = (network?: NetworkLabel): ClientFor =>
    network && network !== services.settings.network ? services.clientForAccount('near', network) : services.clientForNetwork();

  /** Hover look-ups by network and hash: when, and what (the last good one stays if a later one fails). */
  const recent = new Map<string, { at: number; found: Promise<TxLookup>; good?: TxLookup }>();

  /** A failed transaction's failures explained (metadata and workspace sources); nothing for one that did not fail. */
  async function explain(t: TransactionModel, client: NearClient, network: NetworkLabel, signal?: AbortSignal): Promise<TxFailures | undefined> {
    if (failuresOf(t).length === 0) return undefined;
    try {
      return await (await failureFeatureOf()).explain(t, { client, network }, signal);
    } catch (e) {
      // The failure still reads in words without its sources.
      services.log.warn(`NEAR Lens could not look for the failure of ${t.hash.slice(0, 8)}… in the workspace: ${errorMessage(e)}`);
      return undefined;
    }
  }

  async function hoverLookup(hash: string, signal: AbortSignal): Promise<TxLookup> {
    await services.ready;
    const { client, network, name } = services.clientForNetwork();
    const withFailures = async (tx: TransactionModel): Promise<TxLookup> => {
      const failures = await explain(tx, client, network, signal);
      return { kind: 'tx', tx, network, name, ...(failures && { failures }) };
    };
    if (!client.hasTransactionsApi) {
      const tx = await client.transactionViaRpc(hash, ANY_SIGNER, { signal });
      if (tx) return withFailures(tx);
    } else {
      const tx = (await client.transactions([hash], { signal })).get(hash);
      if (tx) return withFailures(tx);
      const r = await client.receipt(hash, { signal });
      if (r) {
        const failures = r.transaction && (await explain(r.transaction, client, network, signal));
        return { kind: 'receipt', receipt: r.receipt, ...(r.transaction && { tx: r.transaction }), network, name, ...(failures && { failures }) };
      }
    }
    try {
      const b = (await client.block({ blockId: hash }, { signal })).result;
      const h = isRecord(b['header']) ? b['header'] : {};
      return { kind: 'block', height: String(h['height']), timestamp: String(h['timestamp']), network, name };
    } catch (e) {
      if (!(NearLensError.is(e) && /UNKNOWN_BLOCK|GARBAGE/.test(e.rpcCause ?? ''))) throw e;
    }
    // This node does not find it by its hash alone: it tracks some shards only, and RPC needs the signer.
    if (!client.hasTransactionsApi) return { kind: 'needs-signer', network, name };
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

  /** Account ids near the hash in the active editor, then the watchlist: the signer is likely among them. */
  function nearbyIds(hash: string): string[] {
    const doc = vscode.window.activeTextEditor?.document;
    const ids: string[] = [];
    if (doc) {
      const text = doc.getText();
      const at = text.indexOf(hash);
      const around = at < 0 ? text.slice(0, 20_000) : text.slice(Math.max(0, at - 2000), at + 2000);
      for (const f of findAll(around)) if (f.classified.kind === 'account') ids.push(f.classified.id);
    }
    return [...new Set([...ids, ...services.settings.watchlist])].slice(0, 30);
  }

  async function askSigner(hash: string): Promise<string | undefined> {
    const ids = nearbyIds(hash);
    const typed = '$type';
    const chosen = ids.length
      ? await pick<string>('who signed the transaction? (RPC needs the signer)', [
          ...ids.map((id) => ({ label: id, value: id })),
          { label: 'Type the signer…', value: typed },
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
      /** The read under a progress that can be cancelled (none from code with show: false), its failures explained too. */
      const read = async (find: (signal?: AbortSignal) => Promise<TransactionModel | undefined>): Promise<Found | undefined> => {
        const run = async (signal?: AbortSignal): Promise<Found | undefined> => {
          const t = await find(signal);
          return t && { t, failures: await explain(t, client, net, signal) };
        };
        return quiet ? run() : cancellable(`looking up ${parsed.hash.slice(0, 8)}…`, run);
      };
      let found: Found | undefined;
      let curl = '';
      let withSigner = false;
      if (client.hasTransactionsApi) {
        const url = endpointUrl(client.endpoints.txApiUrl ?? '', '/v0/transactions');
        curl = curlCommand({ url, body: { tx_hashes: [parsed.hash] }, keyVariable, transport: services.settings.transport });
        found = await read(
          async (signal) =>
            (await client.transactions([parsed.hash], { signal })).get(parsed.hash) ?? (await client.receipt(parsed.hash, { signal }))?.transaction,
        );
      } else {
        const viaRpc = (signer: string): Promise<Found | undefined> => {
          curl = curlCommand({
            url: client.endpoints.rpcUrl,
            body: rpcBody('EXPERIMENTAL_tx_status', { tx_hash: parsed.hash, sender_account_id: signer }),
            keyVariable,
            transport: services.settings.transport,
          });
          return read((signal) => client.transactionViaRpc(parsed.hash, signer, { signal }));
        };
        // The hash alone first (a node tracking every shard finds it); the signer only when the node does not.
        found = await viaRpc(a?.signerId ?? ANY_SIGNER);
        withSigner = a?.signerId !== undefined;
        if (!found && a?.signerId === undefined) {
          const signer = quiet ? undefined : await askSigner(parsed.hash);
          if (signer === undefined) {
            if (quiet)
              throw invalidInput(
                `${noTxApi()} and the node does not find ${parsed.hash.slice(0, 8)}… by its hash alone: give signerId, as RPC tx needs the signer.`,
              );
            return undefined;
          }
          found = await viaRpc(signer);
          withSigner = true;
        }
      }
      if (!found) throw new NearLensError('not-found', `No transaction or receipt ${parsed.hash} on ${name}${withSigner ? ' with that signer' : ''}.`);
      const { t, failures } = found;
      if (!quiet) {
        const { showResult } = await loadPart<typeof Rpc>('rpc');
        await showResult(
          'tx',
          `Transaction ${t.hash.slice(0, 8)}`,
          transactionDocument(t, name, curl, { ...(failures && { failures }), tokens: tokenUnits(client, t) }),
          true,
        );
      }
      // Every failed receipt's error with the contract and sources found (none found: an empty list).
      return failuresOf(t).length > 0 ? explainedModel(t, failures ?? new Map()) : t;
    } catch (e) {
      return fail(e, prompted, 'Look Up Transaction', a?.show !== false);
    }
  }

  return { handlers: { [COMMANDS.lookupTransaction]: lookupTransaction }, hoverSections, hoverCommands: TX_HOVER_COMMANDS, findHashAt };
}

// Look Up Transaction… (a hash, a receipt id or an explorer URL; on a network without a transactions API, RPC
// `EXPERIMENTAL_tx_status` by the hash alone, then with the signer, asked for) and the hover of a hash, each failure
// explained with where it is in the workspace (the failures feature). One class whose methods are the steps of a
// look-up; talks HTTP only through the services' clients; builds text only with the transactions model
// (model/txMarkdown.ts).
import vscode = require('vscode');
import { errorMessage, invalidInput, NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import { secondary } from '../../base/secondary';
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
import { showResult } from '../rpc/rpcCommands';
import type { NearClient } from '../../client/client';
import type { FailureFeature } from '../failures/failureFeature';
import { explainedModel, failuresOf } from '../failures/model/failureView';
import type { TxFailures } from '../failures/model/failureView';
import type { TokenUnit } from './model/txArgs';
import { placeFrom } from './model/terminalSigners';
import type { SignerCandidate } from './model/terminalSigners';

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
const TRY_ANOTHER = 'Try Another Signer';
const TYPE_SIGNER = '$type';

/** A hash is looked up at most once a minute while hovering. */
export const HOVER_LOOKUP_MS = 60_000;
const OTHER: Partial<Record<NetworkLabel, NetworkLabel>> = { mainnet: 'testnet', testnet: 'mainnet' };

const isNetwork = (n: unknown): n is NetworkLabel => n === 'mainnet' || n === 'testnet' || n === 'custom';

export interface TxFeature {
  handlers: Record<string, (arg?: unknown) => Promise<unknown>>;
  /** Look Up Transaction from a terminal link: `near`, the terminal's ids, offered for the signer (not the editor's). */
  lookupNear(arg: { hash: string }, near: readonly SignerCandidate[]): Promise<unknown>;
  hoverSections(hash: string, token?: vscode.CancellationToken): Promise<string[] | undefined>;
  /** The only commands the hover's links may run. */
  hoverCommands: readonly string[];
  findHashAt: typeof findHashAt;
}

interface Found {
  t: TransactionModel;
  failures?: TxFailures;
}

/** One look-up: the hash asked, where it is asked, and whether anything may be shown. */
interface Asked {
  hash: string;
  signerId?: string;
  quiet: boolean;
  where: ClientFor;
  keyVariable?: string;
  /** Ids seen near the hash where it was clicked (a terminal's lines), offered for the signer instead of the editor's. */
  near?: readonly SignerCandidate[];
}

/** What a look-up read, and the request that read it (for Copy as curl). */
interface Read {
  found?: Found;
  curl: string;
  withSigner: boolean;
}

/** An id that may have signed, and where it was seen. */
type Candidate = SignerCandidate;

/** The units of the tokens a transaction's calls go to, where their ft_metadata was already read (nothing is sent). */
function tokenUnits(client: NearClient, t: TransactionModel): Map<string, TokenUnit> {
  const ids = [...new Set([t.receiverId, ...t.receipts.map((r) => r.receiverId)].filter(Boolean))];
  return new Map([...client.rpc.cachedFtMetadata(ids)].map(([id, m]) => [id, { decimals: m.decimals, symbol: m.symbol }]));
}

/**
 * Account ids near the hash — those `near` it where it was clicked (a terminal's lines), else in a document (its own
 * line first, then the nearest lines) — then the watchlist's: the signer is likely among them. Each says where it was
 * found.
 */
function signerCandidates(doc: vscode.TextDocument | undefined, hash: string, watchlist: readonly string[], near?: readonly Candidate[]): Candidate[] {
  const found: Array<Candidate & { distance: number }> = near ? near.map((c, distance) => ({ ...c, distance })) : [];
  if (doc && !near) {
    const text = doc.getText();
    const at = text.indexOf(hash);
    const from = at < 0 ? 0 : Math.max(0, at - 2000);
    const around = at < 0 ? text.slice(0, 20_000) : text.slice(from, at + 2000);
    const hashLine = at < 0 ? undefined : doc.positionAt(at).line;
    for (const f of findAll(around)) {
      if (f.classified.kind !== 'account') continue;
      const line = doc.positionAt(from + f.start).line;
      const off = hashLine === undefined ? line : line - hashLine;
      const where = hashLine === undefined ? `line ${line + 1}` : placeFrom(off);
      // Above before below at the same distance: a log names the signer before what it sent.
      found.push({ id: f.classified.id, where, distance: Math.abs(off) * 2 + (off > 0 ? 1 : 0) });
    }
  }
  found.sort((x, y) => x.distance - y.distance);
  const seen = new Set<string>();
  const nearest = found.filter((f) => !seen.has(f.id) && (seen.add(f.id), true)).map(({ id, where }) => ({ id, where }));
  const watched = watchlist.filter((id) => !seen.has(id)).map((id) => ({ id, where: 'watched' }));
  return [...nearest, ...watched].slice(0, 30);
}

/** The command's argument: an object, a hash alone, or nothing (then it asks). */
function lookupArgs(arg: unknown): Partial<LookupTransactionArgs> | undefined {
  if (isRecord(arg)) return arg as Partial<LookupTransactionArgs>;
  return typeof arg === 'string' ? { hash: arg } : undefined;
}

class TxCommands {
  /** Hover look-ups by network and hash: when, and what (the last good one stays if a later one fails). */
  readonly #recent = new Map<string, { at: number; found: Promise<TxLookup>; good?: TxLookup }>();

  constructor(
    private readonly services: Services,
    private readonly failures: () => FailureFeature,
  ) {}

  #at(network?: NetworkLabel): ClientFor {
    const s = this.services;
    return network && network !== s.settings.network ? s.clientForAccount('near', network) : s.clientForNetwork();
  }

  /** A failed transaction's failures explained (metadata and workspace sources); nothing for one that did not fail. */
  async explain(t: TransactionModel, client: NearClient, network: NetworkLabel, signal?: AbortSignal): Promise<TxFailures | undefined> {
    if (failuresOf(t).length === 0) return undefined;
    // A secondary read (the contract's metadata, the workspace's sources): the failure still reads in words without them.
    const found = await secondary(async () => this.failures().explain(t, { client, network }, signal), signal);
    if (found.ok) return found.value;
    this.services.log.warn(`NEAR Lens could not look for the failure of ${t.hash.slice(0, 8)}… in the workspace: ${found.why}`);
    return undefined;
  }

  async hoverLookup(hash: string, signal: AbortSignal): Promise<TxLookup> {
    await this.services.ready;
    const { client, network, name } = this.services.clientForNetwork();
    const withFailures = async (tx: TransactionModel): Promise<TxLookup> => {
      const failures = await this.explain(tx, client, network, signal);
      return { kind: 'tx', tx, network, name, ...(failures && { failures }) };
    };
    if (!client.transactions.hasTransactionsApi) {
      const tx = await client.transactions.transactionViaRpc(hash, ANY_SIGNER, { signal });
      if (tx) return withFailures(tx);
    } else {
      const tx = (await client.transactions.byHash([hash], { signal })).get(hash);
      if (tx) return withFailures(tx);
      const r = await client.transactions.receipt(hash, { signal });
      if (r) {
        const failures = r.transaction && (await this.explain(r.transaction, client, network, signal));
        return { kind: 'receipt', receipt: r.receipt, ...(r.transaction && { tx: r.transaction }), network, name, ...(failures && { failures }) };
      }
    }
    try {
      const b = (await client.rpc.block({ blockId: hash }, { signal })).result;
      const h = isRecord(b['header']) ? b['header'] : {};
      return { kind: 'block', height: String(h['height']), timestamp: String(h['timestamp']), network, name };
    } catch (e) {
      if (!(NearLensError.is(e) && /UNKNOWN_BLOCK|GARBAGE/.test(e.rpcCause ?? ''))) throw e;
    }
    // This node does not find it by its hash alone: it tracks some shards only, and RPC needs the signer.
    if (!client.transactions.hasTransactionsApi) return { kind: 'needs-signer', network, name };
    const other = OTHER[network];
    return { kind: 'not-found', network, name, ...(other && { other }) };
  }

  async hoverSections(hash: string, token?: vscode.CancellationToken): Promise<string[] | undefined> {
    const settings = this.services.settings;
    if (!settings.hoverLookups) return txHoverSections(hash, { kind: 'off' });
    const key = `${settings.network}|${this.services.connection ?? 0}|${hash}`;
    let entry = this.#recent.get(key);
    if (!entry || Date.now() - entry.at >= HOVER_LOOKUP_MS) {
      const ctrl = new AbortController();
      const found = this.hoverLookup(hash, ctrl.signal);
      entry = { at: Date.now(), found, ...(entry?.good && { good: entry.good }) };
      this.#recent.set(key, entry);
      if (this.#recent.size > 500) this.#recent.delete(this.#recent.keys().next().value as string);
    }
    let found: TxLookup;
    try {
      found = await entry.found;
      entry.good = found;
    } catch (e) {
      if (token?.isCancellationRequested) return undefined;
      // A fault keeps what was shown, and says so.
      const message = errorMessage(e);
      const sections = entry.good ? txHoverSections(hash, entry.good, settings) : [];
      return entry.good ? [...sections, `Could not refresh: ${message}`] : txHoverSections(hash, { kind: 'error', message });
    }
    return token?.isCancellationRequested ? undefined : txHoverSections(hash, found, settings);
  }

  /**
   * The signer, picked from the ids near the hash (`near`, a terminal's; else the active editor's) and the watchlist
   * (none of those already tried), or typed.
   */
  async askSigner(hash: string, tried: readonly string[] = [], near?: readonly Candidate[]): Promise<string | undefined> {
    const doc = near ? undefined : vscode.window.activeTextEditor?.document;
    const ids = signerCandidates(doc, hash, this.services.settings.watchlist, near).filter((x) => !tried.includes(x.id));
    const from = near ? 'near the link in this terminal' : 'near the hash in this file';
    const chosen = ids.length
      ? await pick<string>('who signed the transaction? (RPC needs the signer)', [
          ...ids.map(({ id, where }) => ({ label: id, description: where, value: id })),
          { label: 'Type the signer…', description: `ids above: ${from}, then your watchlist`, value: TYPE_SIGNER },
        ])
      : TYPE_SIGNER;
    if (chosen !== TYPE_SIGNER) return chosen;
    return ask('signer of the transaction', { placeHolder: 'alice.near (RPC tx needs the signer to find it)' }, (t) => {
      const why = accountIdProblem(t.trim());
      if (why) throw invalidInput(why);
      return t.trim();
    });
  }

  /** The hash to look up: the argument's, or asked; an invalid one is refused before anything is sent. */
  async #hashOf(a: Partial<LookupTransactionArgs> | undefined): Promise<{ hash: string; network?: NetworkLabel } | undefined> {
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
    const network = a?.network ?? (this.services.settings.network === 'custom' ? undefined : parsed.network);
    return { hash: parsed.hash, ...(network && { network }) };
  }

  /** The read under a progress that can be cancelled (none from code with show: false), its failures explained too. */
  async #read(q: Asked, find: (signal?: AbortSignal) => Promise<TransactionModel | undefined>): Promise<Found | undefined> {
    const run = async (signal?: AbortSignal): Promise<Found | undefined> => {
      const t = await find(signal);
      return t && { t, failures: await this.explain(t, q.where.client, q.where.network, signal) };
    };
    return q.quiet ? run() : cancellable(`looking up ${q.hash.slice(0, 8)}…`, run);
  }

  /** From the transactions API: the transaction by its hash, or the one a receipt of that id belongs to. */
  async #readFromApi(q: Asked): Promise<Read> {
    const { client } = q.where;
    const url = endpointUrl(client.endpoints.txApiUrl ?? '', '/v0/transactions');
    const curl = curlCommand({ url, body: { tx_hashes: [q.hash] }, keyVariable: q.keyVariable, transport: this.services.settings.transport });
    const found = await this.#read(
      q,
      async (signal) =>
        (await client.transactions.byHash([q.hash], { signal })).get(q.hash) ?? (await client.transactions.receipt(q.hash, { signal }))?.transaction,
    );
    return { found, curl, withSigner: false };
  }

  #rpcCurl(q: Asked, signer: string): string {
    return curlCommand({
      url: q.where.client.endpoints.rpcUrl,
      body: rpcBody('EXPERIMENTAL_tx_status', { tx_hash: q.hash, sender_account_id: signer }),
      keyVariable: q.keyVariable,
      transport: this.services.settings.transport,
    });
  }

  #viaRpc(q: Asked, signer: string): Promise<Found | undefined> {
    return this.#read(q, (signal) => q.where.client.transactions.transactionViaRpc(q.hash, signer, { signal }));
  }

  /**
   * Over RPC: the hash alone first (a node tracking every shard finds it), the signer only when the node does not —
   * the one given, or asked; one picked that did not sign it is said in one short line, with another try.
   * undefined: the person asked gave up.
   */
  async #readFromRpc(q: Asked): Promise<Read | undefined> {
    const first = q.signerId ?? ANY_SIGNER;
    const found = await this.#viaRpc(q, first);
    if (found || q.signerId !== undefined) return { found, curl: this.#rpcCurl(q, first), withSigner: q.signerId !== undefined };
    if (q.quiet)
      throw invalidInput(`${noTxApi()} and the node does not find ${q.hash.slice(0, 8)}… by its hash alone: give signerId, as RPC tx needs the signer.`);
    const tried: string[] = [];
    for (;;) {
      const signer = await this.askSigner(q.hash, tried, q.near);
      if (signer === undefined) return undefined;
      const again = await this.#viaRpc(q, signer);
      if (again) return { found: again, curl: this.#rpcCurl(q, signer), withSigner: true };
      tried.push(signer);
      const retry = await vscode.window.showWarningMessage(
        `NEAR Lens: ${signer} did not sign ${q.hash.slice(0, 8)}… on ${q.where.name}, or the node no longer keeps it.`,
        TRY_ANOTHER,
      );
      if (retry !== TRY_ANOTHER) return undefined;
    }
  }

  async #show(q: Asked, { t, failures }: Found, curl: string): Promise<void> {
    const doc = transactionDocument(t, q.where.name, curl, { ...(failures && { failures }), tokens: tokenUnits(q.where.client, t) });
    await showResult('tx', `Transaction ${t.hash.slice(0, 8)}`, doc, true);
  }

  async lookupTransaction(arg?: unknown, near?: readonly Candidate[]): Promise<TransactionModel | undefined> {
    const a = lookupArgs(arg);
    const quiet = a?.show === false;
    try {
      const asked = await this.#hashOf(a);
      if (!asked) return undefined;
      await this.services.ready;
      const where = this.#at(asked.network);
      const keyVariable = this.services.hasApiKey ? KEY_VARIABLES[keyProviderFor(where.network)] : undefined;
      const q: Asked = {
        hash: asked.hash,
        quiet,
        where,
        ...(a?.signerId !== undefined && { signerId: a.signerId }),
        ...(keyVariable && { keyVariable }),
        ...(near && { near }),
      };
      const read = where.client.transactions.hasTransactionsApi ? await this.#readFromApi(q) : await this.#readFromRpc(q);
      if (!read) return undefined;
      const { found, curl, withSigner } = read;
      if (!found) throw new NearLensError('not-found', `No transaction or receipt ${q.hash} on ${where.name}${withSigner ? ' with that signer' : ''}.`);
      if (!quiet) await this.#show(q, found, curl);
      // Every failed receipt's error with the contract and sources found (none found: an empty list).
      return failuresOf(found.t).length > 0 ? explainedModel(found.t, found.failures ?? new Map()) : found.t;
    } catch (e) {
      return fail(e, a === undefined, 'Look Up Transaction', !quiet);
    }
  }
}

export function txFeature(services: Services, failures: () => FailureFeature): TxFeature {
  const commands = new TxCommands(services, failures);
  return {
    handlers: { [COMMANDS.lookupTransaction]: (arg) => commands.lookupTransaction(arg) },
    lookupNear: (arg, near) => commands.lookupTransaction(arg, near),
    hoverSections: (hash, token) => commands.hoverSections(hash, token),
    hoverCommands: TX_HOVER_COMMANDS,
    findHashAt,
  };
}

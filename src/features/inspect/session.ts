// The session's readings of Inspect Transaction: what was given (a hash or a receipt id) resolved to the transaction
// and its signer — the transactions API's record, else the signer given, else the placeholder a node tracking every
// shard accepts — then read (reader.ts) on the archival host of mainnet and testnet or the custom network's own node.
// A finished transaction's reading is kept (a second inspect sends nothing), and one reading of a hash runs at a
// time. No `vscode`: the command (inspectCommands.ts) and the bench use it alike.
import { invalidInput, NearLensError } from '../../base/errors';
import { BoundedMap } from '../../base/lru';
import type { NearClient, RpcHost } from '../../client/client';
import type { TransactionModel } from '../../client/transactions/model';
import type { NetworkLabel } from '../../near/networks';
import { noTxApi } from '../../near/networks';
import type { Inspection } from './model/inspection';
import { readInspection } from './reader';
import type { InspectReadOptions } from './reader';

/** Finished transactions' readings kept for the session (each a few KB to a few hundred). */
export const KEPT = 50;

/**
 * The signer named to a node when only the hash is known (Look Up Transaction's rule, near-cli-rs's placeholder):
 * the signer only picks the shard asked, and a node that tracks every shard finds the transaction whatever it is.
 */
export const PLACEHOLDER_SIGNER = 'near';

/** Where a reading goes: a network's client and its name as the user reads it. */
export interface Where {
  client: NearClient;
  network: NetworkLabel;
  name: string;
}

/** One reading: the answer, and the transactions API's record when there is one (the document's model). */
export interface Kept {
  inspection: Inspection;
  record?: TransactionModel;
}

export interface SessionReadOptions extends Pick<InspectReadOptions, 'signal' | 'onStart' | 'onReceipt'> {
  /** The signer asked of a person when the node does not find the hash with the placeholder; undefined: gave up. */
  askSigner?: (hash: string) => Promise<string | undefined>;
}

/** The archival host on mainnet and testnet; a custom network's own node (which falls back to its archival host, if any). */
export const hostFor = (w: Pick<Where, 'network'>): RpcHost => (w.network === 'custom' ? 'regular' : 'archival');

export class InspectSession {
  readonly #kept = new BoundedMap<string, Kept>(KEPT);
  /** An id asked (a receipt id) → the transaction hash it resolved to. */
  readonly #aliases = new BoundedMap<string, string>(KEPT * 4);
  readonly #flights = new Map<string, Promise<Kept | undefined>>();

  #key(w: Where, hash: string): string {
    return `${w.client.endpoints.rpcUrl}|${hash}`;
  }

  /** The kept reading of a transaction (or of the receipt id that named it), sending nothing. */
  peek(w: Where, hash: string): Kept | undefined {
    return this.#kept.get(this.#key(w, this.#aliases.get(this.#key(w, hash)) ?? hash));
  }

  forget(): void {
    this.#kept.clear();
    this.#aliases.clear();
  }

  /**
   * The transaction `hash` names, read (or joined while another reading of it runs); undefined when a person gave up
   * on the signer. Throws when there is no such transaction.
   */
  read(w: Where, a: { hash: string; signerId?: string }, o: SessionReadOptions = {}): Promise<Kept | undefined> {
    const hit = this.peek(w, a.hash);
    if (hit) return Promise.resolve(hit);
    const key = this.#key(w, a.hash);
    let flight = this.#flights.get(key);
    if (!flight) {
      flight = this.#read(w, a, o).finally(() => this.#flights.delete(key));
      this.#flights.set(key, flight);
    }
    return flight;
  }

  async #resolve(
    w: Where,
    a: { hash: string; signerId?: string },
    signal?: AbortSignal,
  ): Promise<{ hash: string; signerId: string; record?: TransactionModel } | undefined> {
    const { client } = w;
    const o = signal ? { signal } : {};
    if (client.transactions.hasTransactionsApi) {
      const t = (await client.transactions.byHash([a.hash], o)).get(a.hash) ?? (await client.transactions.receipt(a.hash, o))?.transaction;
      return t && { hash: t.hash, signerId: t.signerId, record: t };
    }
    return { hash: a.hash, signerId: a.signerId ?? PLACEHOLDER_SIGNER };
  }

  async #read(w: Where, a: { hash: string; signerId?: string }, o: SessionReadOptions): Promise<Kept | undefined> {
    const r = await this.#resolve(w, a, o.signal);
    if (!r) throw new NearLensError('not-found', `No transaction or receipt ${a.hash} on ${w.name}.`);
    const run = (signerId: string): ReturnType<typeof readInspection> =>
      readInspection(w.client, w.network, r.hash, signerId, {
        host: hostFor(w),
        ...(o.signal && { signal: o.signal }),
        ...(o.onStart && { onStart: o.onStart }),
        ...(o.onReceipt && { onReceipt: o.onReceipt }),
      });
    let got = await run(r.signerId);
    if (!got && !w.client.transactions.hasTransactionsApi && a.signerId === undefined) {
      // This node does not find the hash with the placeholder (it tracks some shards only): the signer is needed.
      if (!o.askSigner)
        throw invalidInput(`${noTxApi(w.name)} and the node does not find ${a.hash.slice(0, 8)}… by its hash alone: give signerId, as RPC needs the signer.`);
      const signer = await o.askSigner(a.hash);
      if (signer === undefined) return undefined;
      got = await run(signer);
    }
    if (!got)
      throw new NearLensError('not-found', `No transaction ${a.hash} on ${w.name}${a.signerId ? ' with that signer' : ''}, or the node no longer keeps it.`);
    const kept: Kept = { inspection: got.inspection, ...(r.record && { record: r.record }) };
    if (got.complete) {
      this.#kept.set(this.#key(w, got.inspection.hash), kept);
      if (a.hash !== got.inspection.hash) this.#aliases.set(this.#key(w, a.hash), got.inspection.hash);
    }
    return kept;
  }
}

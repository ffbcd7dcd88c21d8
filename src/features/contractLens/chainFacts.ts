// What the lens needs of an account beyond its calls: its code hash (is it my build?) and, for a watched account, its
// NEP-330 metadata (which crate it runs). Read at most once per account per 5 minutes, in the background: a lens asks
// for what is known and gets the read's result through onDidChange, never waits on a request.
import vscode = require('vscode');
import { BoundedMap } from '../../base/lru';
import type { ContractSource } from '../../near/failure/nep330';
import type { Services } from '../../platform/services';
import { contractSourceOf } from '../failures/metadata';

/** How long an account's code hash and metadata are used before they are read again. */
export const FACTS_TTL_MS = 5 * 60_000;
const MAX_ACCOUNTS = 500;

export interface AccountFacts {
  /** Undefined when the account has no code, or could not be read. */
  readonly codeHash?: string;
  /** Read only when the metadata was asked for. */
  readonly source?: ContractSource;
  readonly withSource: boolean;
  readonly readAt: number;
}

export class ChainFacts implements vscode.Disposable {
  readonly #services: Services;
  readonly #facts = new BoundedMap<string, AccountFacts>(MAX_ACCOUNTS);
  readonly #reading = new Set<string>();
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.#emitter.event;
  #terms: string;

  constructor(services: Services) {
    this.#services = services;
    this.#terms = this.#termsNow();
  }

  /** Requests sent (the in-editor tests check a lens resolve sends none). */
  reads = 0;

  #termsNow(): string {
    const s = this.#services.settings;
    return `${this.#services.connection ?? 0} ${s.network} ${s.endpoints.rpcUrl}`;
  }

  /** What is known of `accountId`; a read starts when nothing is, or it is 5 minutes old (or lacks the metadata asked for). */
  get(accountId: string, withSource: boolean): AccountFacts | undefined {
    const terms = this.#termsNow();
    if (terms !== this.#terms) {
      this.#terms = terms;
      for (const k of [...this.#facts.keys()]) this.#facts.delete(k);
    }
    const known = this.#facts.get(accountId);
    const due = !known || Date.now() - known.readAt >= FACTS_TTL_MS || (withSource && !known.withSource);
    if (due && !this.#reading.has(accountId)) void this.#read(accountId, withSource || (known?.withSource ?? false), terms);
    return known;
  }

  async #read(accountId: string, withSource: boolean, terms: string): Promise<void> {
    this.#reading.add(accountId);
    this.reads++;
    let facts: AccountFacts;
    try {
      const { client } = this.#services.clientForAccount(accountId);
      const va = (await client.rpc.viewAccount(accountId)).result;
      const source = withSource && va.hasCode ? await contractSourceOf(client, accountId) : undefined;
      facts = { ...(va.hasCode && { codeHash: va.codeHash }), ...(source && { source }), withSource, readAt: Date.now() };
    } catch {
      // No such account here, or no answer now: what was known stays, and the next read is in 5 minutes.
      const known = this.#facts.get(accountId);
      facts = { ...known, withSource, readAt: Date.now() };
    } finally {
      this.#reading.delete(accountId);
    }
    if (terms !== this.#termsNow()) return;
    this.#facts.set(accountId, facts);
    this.#emitter.fire();
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}

// NearClient's REST account family: FastNEAR's /v1/account and /v1/public_key look-ups and /status, each a typed
// model, cached and de-duplicated; an account's state from the RPC family when there is no REST API or it is down.
// Pure: no `vscode`.
import { accountFromView, normaliseFt, normaliseFull, normaliseNft, normalisePublicKey, normaliseStaking, normaliseStatus } from '../near/account';
import type { AccountFull, AccountSource, FtHolding, IndexerStatus, NftCollection, PoolEntry, PublicKeyAccounts } from '../near/account';
import { badShape, NearLensError } from '../base/errors';
import { httpError, parseJson } from './messages';
import { need } from './rpc';
import type { ViewAccount } from './rpc';
import type { CallOptions } from './options';
import { REST_COOLDOWN_MS, restOutage } from './fallback';
import type { ClientContext } from './context';
import { endpointUrl } from './endpoint';
import type { RpcFamily } from './rpcFamily';

/** Said when the REST API URL answers a look-up with 404 and its /status is not a FastNEAR status either. */
export const WRONG_API_URL = 'The API URL answers 404 — is it a FastNEAR API root? Check the NEAR Lens network settings.';

/** Said (nothing sent) when something only a REST API knows is asked on a network that has none. */
export const NO_INDEXER_MESSAGE = 'No indexer on this network: tokens, NFTs, pools and key look-ups need a REST API (nearLens.customNetwork.apiUrl).';

export class AccountsFamily {
  readonly #ctx: ClientContext;
  readonly #rpc: RpcFamily;
  readonly #hasIndexer: boolean;
  /** Until then (ms since epoch) account look-ups skip the failing REST API and read the state over RPC. */
  #restDownUntil = 0;
  #restDown: { reason: string; error: unknown } | undefined;
  readonly #restFallback: boolean;

  /** `restFallback`: the RPC family stands in while the REST API is down (ClientOptions.restFallback). */
  constructor(ctx: ClientContext, rpc: RpcFamily, restFallback: boolean) {
    this.#ctx = ctx;
    this.#rpc = rpc;
    this.#restFallback = restFallback;
    this.#hasIndexer = endpointUrl(ctx.endpoints.apiUrl, '') !== '';
  }

  /** Whether the network has a REST API (an indexer): without one, accounts are read over RPC and lists are unknowable. */
  get hasIndexer(): boolean {
    return this.#hasIndexer;
  }

  /**
   * An account: from the REST API; on a network without one, its state from RPC `view_account` (`source` says so);
   * when the REST API is down (network error, timeout, 5xx, 429, an HTML page) and the RPC host answers, the state
   * from RPC with the last good lists, marked stale. A 4xx about the id is the REST answer's, never covered up.
   */
  full(id: string, o?: CallOptions): Promise<AccountFull> {
    if (this.hasIndexer) return this.#lookup(id, 'account', '/full', normaliseFull, o);
    return this.#ctx.guard(() => {
      const acc = need(id, 'account');
      return this.#ctx.cache.get(this.#fullKey(acc), this.#ctx.ttl.account, (s) => this.#fullFromRpc(acc, {}, s, o?.fresh), o);
    });
  }

  ft(id: string, o?: CallOptions): Promise<FtHolding[]> {
    return this.#lookup(id, 'account', '/ft', normaliseFt, o);
  }

  nft(id: string, o?: CallOptions): Promise<NftCollection[]> {
    return this.#lookup(id, 'account', '/nft', normaliseNft, o);
  }

  staking(id: string, o?: CallOptions): Promise<PoolEntry[]> {
    return this.#lookup(id, 'account', '/staking', normaliseStaking, o);
  }

  /** Throws NO_INDEXER_MESSAGE (nothing sent) on a network without a REST API. */
  publicKey(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#lookup(pk, 'public-key', '', normalisePublicKey, o);
  }

  publicKeyAll(pk: string, o?: CallOptions): Promise<PublicKeyAccounts> {
    return this.#lookup(pk, 'public-key', '/all', normalisePublicKey, o);
  }

  status(o?: CallOptions): Promise<IndexerStatus> {
    if (!this.hasIndexer) return Promise.reject(new NearLensError('not-found', NO_INDEXER_MESSAGE));
    return this.#ctx.guard(() =>
      this.#ctx.cache.get(`status|${this.#ctx.endpoints.apiUrl}`, this.#ctx.ttl.status, (s) => this.#rest('/status', normaliseStatus, s), o),
    );
  }

  /** The last good `full()` answer for this account on this endpoint, even if expired. */
  peekFull(id: string): AccountFull | undefined {
    return this.#ctx.cache.peek<AccountFull>(this.#fullKey(id));
  }

  /** When that last good `full()` answer arrived (ms since epoch). */
  fullFetchedAt(id: string): number | undefined {
    return this.#ctx.cache.storedAt(this.#fullKey(id));
  }

  /** Drops cached data of one account (all endpoints), or of every account, key lookup and status ("Refresh"). */
  invalidate(accountId?: string): void {
    if (accountId !== undefined) return this.#ctx.cache.invalidate(`acct:${accountId}|`);
    for (const p of ['acct:', 'pk:', 'status|']) this.#ctx.cache.invalidate(p);
  }

  #fullKey(id: string): string {
    return `acct:${id}|${this.#ctx.endpoints.apiUrl}|/full`;
  }

  /** The account's state from RPC view_account (UNKNOWN_ACCOUNT: no such account), with the last good REST lists if any. */
  async #fullFromRpc(id: string, source: Omit<AccountSource, 'via'>, signal: AbortSignal | undefined, fresh?: boolean): Promise<AccountFull> {
    let view: ViewAccount | null;
    try {
      // A refresh asks the node again, as it asks the REST API again (never a view_account older than the look-up).
      view = (await this.#rpc.viewAccount(id, undefined, { signal, fresh })).result;
    } catch (e) {
      // An old node's bare message is read as UNKNOWN_ACCOUNT too (messages.ts GUESSED_CAUSES).
      if ((e as Partial<NearLensError>).rpcCause !== 'UNKNOWN_ACCOUNT') throw e;
      view = null;
    }
    const prev = source.restFailure === undefined ? undefined : this.peekFull(id);
    // The lists of the last REST answer (or of the fallback that carried them on), with the time REST gave them.
    const listsAt = prev && (prev.source ? prev.source.listsAt : this.fullFetchedAt(id));
    return accountFromView(id, view, { via: 'rpc', ...source, ...(listsAt !== undefined && { listsAt }) }, listsAt !== undefined ? prev : undefined);
  }

  /** REST /full, and the RPC standing in while the REST API is down (see full()). */
  async #fullOrRpc(id: string, path: string, signal: AbortSignal | undefined, fresh?: boolean): Promise<AccountFull> {
    // While the cooldown lasts the REST API is not asked: its last failure stands.
    let down = Date.now() < this.#restDownUntil ? this.#restDown : undefined;
    if (!down) {
      try {
        return await this.#rest(path, normaliseFull, signal, { account_id: id, state: null });
      } catch (e) {
        const reason = this.#restFallback ? restOutage(e) : undefined;
        if (reason === undefined || signal?.aborted) throw e;
        down = { reason, error: e };
      }
    }
    let stand: AccountFull;
    try {
      stand = await this.#fullFromRpc(id, { restFailure: down.reason }, signal, fresh);
    } catch (e) {
      // Nothing answering at all: the REST failure is what the caller sees, and no cooldown starts.
      throw NearLensError.is(e) && e.kind === 'aborted' ? e : down.error;
    }
    // The RPC host stands in: the next look-ups go to it alone for a while.
    if (this.#restDown !== down) this.#restDownUntil = Date.now() + REST_COOLDOWN_MS;
    this.#restDown = down;
    return stand;
  }

  /** A cached REST GET: /v1/account/{id}{what} or /v1/public_key/{key}{what}. */
  #lookup<T>(text: string, want: 'account' | 'public-key', what: string, normalise: (raw: unknown) => T, o: CallOptions | undefined): Promise<T> {
    return this.#ctx.guard(() => {
      const id = need(text, want);
      if (!this.hasIndexer) throw new NearLensError('not-found', NO_INDEXER_MESSAGE);
      const account = want === 'account';
      const path = `/v1/${account ? 'account' : 'public_key'}/${encodeURIComponent(id)}${what}`;
      return this.#ctx.cache.get(
        `${account ? 'acct' : 'pk'}:${id}|${this.#ctx.endpoints.apiUrl}|${what}`,
        account ? this.#ctx.ttl.account : this.#ctx.ttl.publicKey,
        // An account the indexer does not know is 200 with state: null; a 404 of /full on a real FastNEAR root means the same.
        (s) => (what === '/full' ? (this.#fullOrRpc(id, path, s, o?.fresh) as Promise<T>) : this.#rest(path, normalise, s)),
        o,
      );
    });
  }

  /**
   * GET on the REST API. A 404 is told apart: when the root's /status is not a FastNEAR status either, the URL is wrong
   * (WRONG_API_URL); otherwise `notFound` is the body it stands for (none: the 404 is an error).
   */
  async #rest<T>(path: string, normalise: (raw: unknown) => T, signal: AbortSignal | undefined, notFound?: unknown): Promise<T> {
    const ex = await this.#ctx.http.send('api', endpointUrl(this.#ctx.endpoints.apiUrl, path), undefined, signal);
    let raw = notFound;
    if (ex.status === 404 && path !== '/status' && !(await this.#isApiRoot(signal))) throw new NearLensError('not-found', WRONG_API_URL, { status: 404 });
    if (ex.status !== 404 || notFound === undefined) {
      if (ex.status < 200 || ex.status >= 300) throw httpError(ex, 'api', this.#ctx.hasKey, this.#ctx.clean);
      // Ids and names from a reflecting proxy are shown in the tree and the panel: never the key among them.
      raw = this.#ctx.scrub(ex, parseJson(ex));
    }
    try {
      return normalise(raw);
    } catch (e) {
      throw NearLensError.is(e) ? e : badShape('The service sent data in an unexpected shape.');
    }
  }

  /** Whether the REST URL is a FastNEAR root (its /status answers); a fault other than an answer is not held against it. */
  async #isApiRoot(signal: AbortSignal | undefined): Promise<boolean> {
    try {
      await this.status({ signal });
      return true;
    } catch (e) {
      return !(NearLensError.is(e) && ['not-found', 'not-json', 'bad-shape'].includes(e.kind));
    }
  }
}

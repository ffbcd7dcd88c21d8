// What every family of NearClient's endpoints shares: the transport (key, origin pin, retries, body cap), the cache and
// its lifetimes, the key scrubbing and the guard that makes every failure a NearLensError with the key masked. The
// families (rpcFamily.ts, accounts.ts, transactions/family.ts) are handed one and use it; client.ts holds them. Pure:
// no `vscode`.
import { NearLensError } from '../base/errors';
import { sanitizeText } from '../base/text';
import { originOf } from '../near/networks';
import type { Endpoints } from '../near/networks';
import { variants } from '../base/redact';
import { BoundedMap } from '../base/lru';
import { TtlCache } from './cache';
import type { TransactionModel } from './transactions/model';
import type { Exchange, RpcHost } from './messages';
import { scrubKey } from './rpc';
import { DEFAULT_TTL } from './options';
import type { CacheTtl, ClientOptions } from './options';
import { HttpTransport } from './transport';

/** Completed transactions a session keeps (each a few KB). */
export const COMPLETED_TRANSACTIONS = 2000;

export class ClientContext {
  readonly endpoints: Endpoints;
  readonly http: HttpTransport;
  readonly ttl: CacheTtl;
  readonly cache: TtlCache;
  readonly completedTransactions: BoundedMap<string, TransactionModel>;
  /** Server text as it may be shown: the key masked, control characters out, at most 120 characters. */
  readonly clean = (text: string): string => sanitizeText(this.http.redact(text), 120);

  constructor(opts: ClientOptions) {
    const ep = (this.endpoints = Object.freeze({ ...opts.endpoints }));
    this.http = new HttpTransport({
      ...opts,
      origins: {
        api: originOf(ep.apiUrl),
        tx: originOf(ep.txApiUrl ?? ''),
        regular: originOf(ep.rpcUrl),
        archival: originOf(ep.archivalRpcUrl),
      },
    });
    this.ttl = { ...DEFAULT_TTL, ...opts.ttl };
    this.cache = opts.cache ?? new TtlCache();
    this.completedTransactions = opts.completedTransactions ?? new BoundedMap(COMPLETED_TRANSACTIONS);
  }

  /** Whether requests carry an API key (an error then says whether the key may be the cause). */
  get hasKey(): boolean {
    return this.http.keys.length > 0;
  }

  rpcUrl(host: RpcHost | undefined): string {
    return host === 'archival' ? this.endpoints.archivalRpcUrl : this.endpoints.rpcUrl;
  }

  /**
   * A parsed answer with the API key masked in every string, when the body may hold it: one of its spellings is in
   * the text, or the text has JSON escapes (`\u0061`, `\/`) that parsing turns back into it.
   */
  scrub(ex: Exchange, value: unknown): unknown {
    const key = this.http.keys[0];
    return key && (ex.text.includes('\\') || variants(key).some((k) => ex.text.includes(k))) ? scrubKey(value, key) : value;
  }

  /** Every public method of a family runs in it: failures are always NearLensError with a redacted message. */
  guard<T>(fn: () => Promise<T>): Promise<T> {
    // Not an async function: on the hot path (every look-up) that would add a promise and its ticks for nothing.
    let p: Promise<T>;
    try {
      p = fn();
    } catch (e) {
      p = Promise.reject(e);
    }
    return p.catch((e: unknown) => {
      if (!NearLensError.is(e)) throw new NearLensError('network', 'Unexpected error while talking to the service.');
      const clean = this.http.redact(e.message);
      throw clean === e.message ? e : new NearLensError(e.kind, clean, e);
    });
  }
}

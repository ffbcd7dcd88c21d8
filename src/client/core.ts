// The base every family of endpoints of NearClient builds on: the transport (key, origin pin, retries, body cap), the
// cache, the key scrubbing and the guard that makes every failure a NearLensError with the key masked. The families
// (clientRpc.ts → clientAccounts.ts → transactions.ts) extend it one layer each; client.ts is the façade. Pure: no
// `vscode`.
import { NearLensError } from '../base/errors';
import { sanitizeText } from '../base/text';
import { originOf } from '../near/networks';
import type { Endpoints } from '../near/networks';
import { variants } from '../base/redact';
import { TtlCache } from './cache';
import type { Exchange, RpcHost } from './messages';
import { scrubKey } from './rpc';
import { DEFAULT_TTL } from './options';
import type { CacheTtl, ClientOptions } from './options';
import { HttpTransport } from './transport';

export class ClientCore {
  readonly endpoints: Endpoints;
  protected readonly http: HttpTransport;
  protected readonly ttl: CacheTtl;
  protected readonly cache: TtlCache;
  protected readonly clean = (text: string): string => sanitizeText(this.http.redact(text), 120);

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
  }

  /** Sends nothing more: an attempt not yet sent (a retry waiting out its delay) ends as cancelled. */
  close(): void {
    this.http.close();
  }

  /** Whether `text` holds the API key (any of the forms it may travel in): such an answer is not shown. */
  holdsKey(text: string): boolean {
    return this.http.redact(text) !== text;
  }

  protected rpcUrl(host: RpcHost | undefined): string {
    return host === 'archival' ? this.endpoints.archivalRpcUrl : this.endpoints.rpcUrl;
  }

  /**
   * A parsed answer with the API key masked in every string, when the body may hold it: one of its spellings is in
   * the text, or the text has JSON escapes (`\u0061`, `\/`) that parsing turns back into it.
   */
  protected scrub(ex: Exchange, value: unknown): unknown {
    const key = this.http.keys[0];
    return key && (ex.text.includes('\\') || variants(key).some((k) => ex.text.includes(k))) ? scrubKey(value, key) : value;
  }

  /** Every public method: failures are always NearLensError with a redacted message. */
  protected guard<T>(fn: () => Promise<T>): Promise<T> {
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

// Every HTTP request NEAR Lens sends goes through one ofetch instance per client, configured here: the API key only
// for the configured origins, a fresh timeout per attempt joined with the caller's cancellation, retries with
// backoff and Retry-After (a 429's holds the whole origin: a cooldown every request honours), and a body read under a
// size cap. What ofetch does not do stays here, small: redirect hops pinned to the origin, the capped body, the
// cooldown, the log entry. Pure: no `vscode`.
import { FetchError, ofetch } from 'ofetch';
import type { FetchContext, FetchOptions, FetchResponse } from 'ofetch';
import { aborted, invalidInput, NearLensError } from '../base/errors';
import { originOf } from '../near/networks';
import { redact, redactUrl } from '../base/redact';
import { corsBlocked, formatWait, hostName, HOSTS, networkError, parseRetryAfter, rateLimited, tooLarge } from './messages';
import type { Exchange, Host } from './messages';

/** The request timeout a client uses when its settings do not say (also the setting's default). */
export const DEFAULT_TIMEOUT_MS = 8000;
/** Further attempts after the first, and the longest Retry-After waited for, unless the client's options say. */
export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

export type AuthTransport = 'bearer' | 'query';

export interface RequestLogEntry {
  method: string;
  host: Host;
  url: string; // redacted
  status?: number;
  ms: number;
  error?: string; // redacted
}

export interface TransportOptions {
  origins: Readonly<Record<Host, string | undefined>>;
  apiKey?: string;
  transport?: AuthTransport;
  /** Per attempt: connect and the whole body. */
  timeoutMs?: number;
  /** Further attempts after the first (default 2). */
  retries?: number;
  maxBodyBytes?: number; // default 5 MB
  /** Base of the exponential backoff in ms (default 300; tests use 1). */
  retryBaseMs?: number;
  /** Longest Retry-After worth waiting for; a longer one fails at once with the wait in the message (default 30 s). */
  maxRetryAfterMs?: number;
  log?: (e: RequestLogEntry) => void;
  /** The fetch under ofetch (tests, bench); default the global one, which the extension host's Node has. */
  fetch?: typeof globalThis.fetch;
  /**
   * Requests leave from a browser page (the web build): a fetch that fails on a host that is up was blocked by the
   * page's CORS rules, and reads as that (corsBlocked), not as a network error.
   */
  browser?: boolean;
}

/** Statuses worth another attempt: rate limits and the server-side failures a moment may cure. */
const RETRY_STATUS = [429, 500, 502, 503, 504];
const MAX_HOPS = 3;
const JSON_BODY = { 'content-type': 'application/json' };
/** Longest an origin's cooldown after a 429 lasts, whatever its Retry-After says (a broken or hostile value must not silence NEAR Lens for a day). */
export const MAX_COOLDOWN_MS = 5 * 60_000;

/** What one logical request carries from attempt to attempt (ofetch copies its options on every retry). */
interface Call {
  host: Host;
  origin: string;
  signal: AbortSignal | undefined; // the caller's
  timer?: ReturnType<typeof setTimeout>; // this attempt's timeout, cleared when the attempt ends
  timedOut?: boolean; // this attempt ran out of time
  started: number;
  keyed: boolean; // `apiKey=` already on the URL
  failure?: NearLensError; // how this attempt's transport failure reads, and whether it is retried
  retryAfterMs?: number;
  waited?: number; // the end of the origin's cooldown this attempt's retry delay already covered
}
type CallOptions = FetchOptions<'stream'> & { nearLens: Call };
const callOf = (ctx: FetchContext): Call => (ctx.options as unknown as CallOptions).nearLens;

/** Bodies read by the capped fetch, by response (a response is only ever read once). */
const bodies = new WeakMap<Response, string>();

export class HttpTransport {
  readonly #origins: TransportOptions['origins'];
  readonly #keys: string[];
  readonly #bearer: string | undefined;
  readonly #queryKey: string;
  readonly #timeoutMs: number;
  readonly #maxBodyBytes: number;
  readonly #log: TransportOptions['log'];
  readonly #browser: boolean;
  readonly #http: typeof ofetch;
  /** Per origin: no request before this time (ms since epoch), set by a 429 with Retry-After. */
  readonly #notBefore = new Map<string, number>();
  /** Closed (its key or hosts replaced): no attempt is sent any more. */
  #closed = false;

  constructor(opts: TransportOptions) {
    const key = opts.apiKey;
    const query = opts.transport === 'query';
    this.#origins = opts.origins;
    this.#keys = key ? [key] : [];
    this.#bearer = key && !query ? `Bearer ${key}` : undefined;
    this.#queryKey = key && query ? `apiKey=${encodeURIComponent(key)}` : '';
    this.#timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxBodyBytes = opts.maxBodyBytes ?? 5 * 1024 * 1024;
    this.#log = opts.log;
    this.#browser = opts.browser === true;
    const retries = opts.retries ?? DEFAULT_RETRIES;
    const base = opts.retryBaseMs ?? 300;
    const maxWait = opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    const inner = opts.fetch ?? globalThis.fetch;
    this.#http = ofetch.create(
      {
        // Every request NEAR Lens sends is a read (REST GETs, allow-listed read-only JSON-RPC POSTs): all are safe to retry.
        retry: retries,
        retryStatusCodes: RETRY_STATUS,
        // Retry-After when the server sent one (capped in onResponseError), else exponential backoff with jitter so
        // that many hovers do not retry in lock-step; at least until the origin's cooldown ends when the cap allows
        // (a longer one fails fast in onRequest).
        retryDelay: (ctx) => {
          const call = callOf(ctx);
          // Cancelled already: no wait at all (ofetch's sleep ignores the signal); onRequest then ends it as aborted.
          if (call.signal?.aborted) return 0;
          const own = call.retryAfterMs ?? base * 2 ** (retries - Number(ctx.options.retry)) + Math.random() * base;
          const until = this.#notBefore.get(call.origin) ?? 0;
          const left = until - Date.now();
          // A cooldown longer than the cap: no wait at all; onRequest fails it at once with the time left.
          if (left > maxWait) return 0;
          call.waited = until;
          return Math.max(own, left);
        },
        // Redirects are followed here, only within the origin, so no other site ever receives the key.
        redirect: 'manual',
        // The capped fetch below has read the body already; ofetch must not read it again.
        responseType: 'stream',
        headers: { accept: 'application/json' },
        onRequest: (ctx) => this.#onRequest(ctx),
        onRequestError: async (ctx) => {
          const call = callOf(ctx);
          let err = call.signal?.aborted ? aborted() : this.#failure(ctx.error, call);
          // In a browser a CORS refusal and an unreachable host are the same TypeError: a no-cors request to the
          // origin (no key, its answer unreadable) tells them apart — it goes through only when the host is up.
          if (this.#browser && err.kind === 'network' && !NearLensError.is(ctx.error) && (await reachable(inner, call.origin)))
            err = corsBlocked(call.origin, this.#bearer !== undefined);
          call.failure = err;
          if (!retryable.has(err)) ctx.options.retry = false;
          this.#record(ctx, undefined, err.message);
        },
        // Statuses of 400 and up (before ofetch decides on a retry): Retry-After read, the origin's cooldown, the cap.
        onResponseError: (ctx) => {
          const call = callOf(ctx);
          const wait = parseRetryAfter(ctx.response.headers.get('retry-after'));
          call.retryAfterMs = wait;
          // A rate limit is the origin's, not this request's: every request to it waits (or fails fast) until then.
          if (ctx.response.status === 429 && wait)
            this.#notBefore.set(call.origin, Math.max(this.#notBefore.get(call.origin) ?? 0, Date.now() + Math.min(wait, MAX_COOLDOWN_MS)));
          // A wait longer than the cap is not slept through: the error goes to the caller now, with the wait in it.
          if (wait !== undefined && wait > maxWait) ctx.options.retry = false;
          this.#record(ctx, ctx.response.status);
        },
        // The other answers' log entries (ofetch hands 400–599 to onResponseError), only when someone logs: a hook
        // nobody needs still costs every request its turn.
        ...(this.#log && {
          onResponse: (ctx: FetchContext) => {
            const status = ctx.response?.status ?? 0;
            if (status < 400 || status > 599) this.#record(ctx, status);
          },
        }),
      },
      { fetch: (input, init) => this.#cappedFetch(inner, input, init) },
    );
  }

  /** No attempt leaves after this, a retry waiting out its delay included (it ends as cancelled). */
  close(): void {
    this.#closed = true;
  }

  /** Masks the key in any text (messages, server details). */
  redact(text: string): string {
    return redact(text, this.#keys);
  }

  get keys(): readonly string[] {
    return this.#keys;
  }

  /**
   * One logical request: attempts with retries, then any HTTP answer as an Exchange (the callers classify statuses and
   * bodies); transport failures throw NearLensError. Redirects within the origin are followed (301/302/303 after a
   * POST go on as GET), at most three hops.
   */
  async send(host: Host, url: string, body: string | undefined, signal: AbortSignal | undefined): Promise<Exchange> {
    const origin = this.#origins[host];
    if (!origin) throw invalidInput(`The ${HOSTS[host][1]} URL is not a valid http(s) URL; check the NEAR Lens network settings.`);
    let method: 'GET' | 'POST' = body === undefined ? 'GET' : 'POST';
    for (let hop = 0; ; hop++) {
      const res = await this.#attempts(host, origin, url, method, body, signal);
      const status = res.status;
      const location = status >= 300 && status < 400 ? res.headers.get('location') : null;
      if (!location) return { status, headers: res.headers, text: bodies.get(res) ?? '' };
      let target: URL;
      try {
        target = new URL(location, url);
      } catch {
        throw new NearLensError('server', `${hostName(url)} sent a broken redirect.`, { status });
      }
      if (target.origin !== origin) {
        throw new NearLensError(
          'forbidden',
          `${hostName(url)} redirected to another site (${hostName(target.href)}); NEAR Lens did not follow it, so your API key was not sent there.`,
          { status },
        );
      }
      if (hop >= MAX_HOPS) throw new NearLensError('server', `${hostName(url)} redirected too many times.`, { status });
      if (status > 300 && status < 304) {
        method = 'GET';
        body = undefined;
      }
      // An echoed `apiKey=` is dropped: onRequest adds the key again, once.
      target.searchParams.delete('apiKey');
      url = target.href;
    }
  }

  /** ofetch's attempts for one URL; the caller's cancel ends the wait at once, even during a backoff timer. */
  #attempts(
    host: Host,
    origin: string,
    url: string,
    method: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<FetchResponse<unknown>> {
    if (signal?.aborted) return Promise.reject(aborted());
    const call: Call = { host, origin, signal, started: 0, keyed: false };
    // A GET names neither method nor body: ofetch copies every option on every call.
    // The transactions API (actix's Json extractor) refuses a POST whose body is not declared as JSON.
    const options: CallOptions =
      method === 'GET' ? { nearLens: call } : host === 'tx' ? { method, body, headers: JSON_BODY, nearLens: call } : { method, body, nearLens: call };
    const pending = this.#http.raw(url, options).catch((e: unknown) => {
      // An HTTP error status (retries spent or not retried) is an answer: the caller classifies it.
      if (e instanceof FetchError && e.response && !call.signal?.aborted) return e.response;
      throw this.#settle(e, call);
    });
    if (!signal) return pending;
    // ofetch's backoff is a plain timer: race it with the cancel (onRequest refuses to send after it).
    pending.catch(() => undefined);
    return new Promise((resolve, reject) => {
      const cancel = (): void => reject(aborted());
      signal.addEventListener('abort', cancel, { once: true });
      pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel));
    });
  }

  #onRequest(ctx: FetchContext): void {
    const call = callOf(ctx);
    if (call.signal?.aborted || this.#closed) throw aborted(); // cancelled (or closed) during a backoff wait: nothing more is sent
    // The origin's cooldown: nothing is sent before it ends, except the retry whose delay already waited for it.
    const until = this.#notBefore.get(call.origin) ?? 0;
    if (until !== call.waited && until > Date.now()) throw rateLimited(until - Date.now(), this.#keys.length > 0);
    call.failure = undefined;
    call.retryAfterMs = undefined;
    call.started = Date.now();
    // A fresh timeout per attempt: ofetch's own `timeout` is ignored when a signal is passed, and a retry would
    // reuse the aborted one.
    // Not AbortSignal.timeout: its timer cannot be cleared, so every request left one pending for the whole timeout
    // (and cost ~25 µs more per request on the bench's hot path); this one ends with the attempt (#cappedFetch).
    const ctrl = new AbortController();
    call.timedOut = false;
    call.timer = setTimeout(() => {
      call.timedOut = true;
      // A TimeoutError, as AbortSignal.timeout gives: ofetch retries it (an AbortError is a cancel, never retried).
      ctrl.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }, this.#timeoutMs);
    ctx.options.signal = call.signal ? AbortSignal.any([call.signal, ctrl.signal]) : ctrl.signal;
    // The key goes only to the configured origin of this request.
    if (typeof ctx.request !== 'string' || !(sameOrigin(ctx.request, call.origin) || originOf(ctx.request) === call.origin)) return;
    if (this.#bearer) ctx.options.headers.set('authorization', this.#bearer);
    else if (this.#queryKey && !call.keyed) {
      const url = ctx.request.replace(/#.*/s, '');
      ctx.request = `${url}${url.includes('?') ? '&' : '?'}${this.#queryKey}`;
      call.keyed = true;
    }
  }

  /** The fetch under ofetch: the body is read within the attempt (its timeout covers it), up to the cap. */
  async #cappedFetch(inner: typeof globalThis.fetch, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    try {
      const res = await inner(input, init);
      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
        res.body?.cancel().catch(() => undefined); // a redirect's own body is not needed
        return res;
      }
      // A declared length within the cap is read in one go (fetch stops at it); otherwise chunk by chunk, counting. A
      // compressed body's length is the packed size (fetch unpacks it): its unpacked bytes are counted as they come.
      const length = res.headers.has('content-encoding') ? NaN : Number(res.headers.get('content-length') ?? NaN);
      bodies.set(res, await (length <= this.#maxBodyBytes ? res.text() : this.#readCapped(res, String(input), length)));
      return res;
    } finally {
      clearTimeout((init as CallOptions | undefined)?.nearLens.timer); // ofetch hands its options over as `init`
    }
  }

  /** The body as UTF-8 up to the cap; beyond it, reading stops (which closes the connection) and the answer is refused. */
  async #readCapped(res: Response, url: string, length: number): Promise<string> {
    const max = this.#maxBodyBytes;
    const reader = res.body?.getReader();
    if (!reader) return '';
    const parts: Uint8Array[] = [];
    let total = 0;
    if (!(length > max)) {
      for (let r; !(r = await reader.read()).done; parts.push(r.value)) if ((total += r.value.byteLength) > max) break;
      // Decoded once at the end (a Blob of the chunks reads as UTF-8): a character split between chunks stays whole.
      if (total <= max) return new Blob(parts as BlobPart[]).text();
    }
    reader.cancel().catch(() => undefined);
    throw tooLarge(url, max);
  }

  /** How a transport failure reads; timeouts, resets and unknown network errors may be retried. */
  #failure(e: unknown, call: Call): NearLensError {
    if (NearLensError.is(e)) return e; // the cap
    const url = call.origin;
    if (call.timedOut) return retry(new NearLensError('timeout', `No answer from ${hostName(url)} within ${formatWait(this.#timeoutMs)}.`));
    const [err, again] = networkError(e, url);
    return again ? retry(err) : err;
  }

  /** The failure the caller sees; never ofetch's own error, whose message and request carry the full URL, `apiKey=` included. */
  #settle(e: unknown, call: Call): NearLensError {
    if (call.signal?.aborted) return aborted();
    if (NearLensError.is(e)) return e;
    return call.failure ?? new NearLensError('network', `Network error talking to ${hostName(call.origin)}.`);
  }

  /** One log entry per attempt; built (and redacted) only when someone logs. */
  #record(ctx: FetchContext, status: number | undefined, error?: string): void {
    if (!this.#log) return;
    const call = callOf(ctx);
    try {
      const url = typeof ctx.request === 'string' ? ctx.request : ctx.request.url;
      this.#log({
        method: String(ctx.options.method ?? 'GET'),
        host: call.host,
        url: redactUrl(this.redact(url)),
        status,
        ms: Date.now() - call.started,
        error,
      });
    } catch {
      // a broken logger must not break a look-up
    }
  }
}

// Whether the origin answers at all, from a browser: a no-cors GET of its root (opaque; no key) through ofetch over the
// client's fetch; one attempt (ofetch retries a failed GET), any answer counts (opaque = status 0), body unread.
async function reachable(inner: typeof globalThis.fetch, origin: string): Promise<boolean> {
  try {
    await ofetch.create({}, { fetch: inner }).raw(`${origin}/`, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(5000),
      retry: false,
      ignoreResponseError: true,
      responseType: 'stream',
    });
    return true;
  } catch {
    return false;
  }
}

/** Failures another attempt may cure. */
const retryable = new WeakSet<NearLensError>();
function retry(e: NearLensError): NearLensError {
  retryable.add(e);
  return e;
}

/**
 * Whether a URL is on the origin, read from its text: the next character ends the authority (`/`, `?`, `#` or
 * nothing). A URL written otherwise (`HTTPS://API.example.com:443/…`) is parsed instead (originOf).
 */
function sameOrigin(url: string, origin: string): boolean {
  if (!url.startsWith(origin)) return false;
  const next = url.charAt(origin.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

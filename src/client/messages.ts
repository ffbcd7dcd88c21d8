// What a failed request reads as: the tables of network, HTTP and JSON-RPC failures and the one sentence each
// becomes. Every server text passes through `clean` (the key masked, one clipped line). Pure: no `vscode`, no I/O.
import { NearLensError } from '../base/errors';
import { sentence } from '../base/text';
import { isRecord, tryJson } from '../base/json';
import type { ErrorKind } from '../base/errors';
import { hostOf } from '../near/networks';

export type RpcHost = 'regular' | 'archival';
export type Host = 'api' | 'tx' | RpcHost;

/** An HTTP answer whatever its status, with the body as text. */
export interface Exchange {
  status: number;
  headers: Headers;
  text: string;
}

/** Who answered, as messages name it; the setting of its URL. */
export const HOSTS: Readonly<Record<Host, [who: string, setting: string]>> = {
  api: ['The service', 'REST API'],
  tx: ['The transactions API', 'transactions API'],
  regular: ['The RPC host', 'RPC'],
  archival: ['The archival RPC host', 'archival RPC'],
};

export const hostName = (url: string): string => hostOf(url) || 'the service';

export const formatWait = (ms: number): string => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
};

/** Transport failures by the codes and messages of the error and its causes; whether another attempt may help. */
const NETWORK_ERRORS: ReadonlyArray<[RegExp, string, boolean?]> = [
  [/ECONNREFUSED/, 'Could not connect to {h} (connection refused).'],
  [/ENOTFOUND|EAI_AGAIN/, 'Could not find the server {h} (DNS lookup failed).'],
  [/ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED|other side closed|socket hang up|terminated/i, 'The connection to {h} was reset.', true],
];

/** A fetch failure as a sentence, and whether another attempt may help (resets and unknown faults, not refusals). */
export function networkError(e: unknown, url: string): [NearLensError, boolean] {
  // undici nests the socket error two levels down.
  let text = '';
  for (let c = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; c && i < 6; i++, c = c.cause as typeof c) {
    text += ` ${String(c.code)} ${String(c.message)}`;
  }
  const hit = NETWORK_ERRORS.find(([re]) => re.test(text));
  const message = hit?.[1] ?? 'Network error talking to {h}.';
  return [new NearLensError('network', message.replace('{h}', hostName(url))), hit ? hit[2] === true : true];
}

/**
 * From a browser page (vscode.dev, github.dev): the host is up but its CORS rules do not let this page read it, or its
 * preflight refuses the Authorization header that carries the key. Not retried; with the key as a header, the `apiKey=`
 * transport is offered (a GET then needs no preflight at all).
 */
export function corsBlocked(url: string, bearer: boolean): NearLensError {
  const why = bearer
    ? `${hostName(url)} refuses the API key as an Authorization header from a web page`
    : `${hostName(url)} sends no CORS permission for a web page`;
  const offer = bearer ? ' Setting nearLens.auth.transport to "query" sends it as apiKey= instead (it then appears in URLs).' : '';
  return new NearLensError('network', `The browser blocked this request: the service does not allow it from vscode.dev (${why}).${offer}`);
}

export function tooLarge(url: string, max: number): NearLensError {
  const size = max >= 1024 * 1024 ? `${Number((max / (1024 * 1024)).toFixed(1))} MB` : `${Math.ceil(max / 1024)} KB`;
  return new NearLensError('too-large', `The answer from ${hostName(url)} is larger than ${size}; NEAR Lens stopped reading it.`);
}

/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date), or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A 429, or a request refused before sending while the origin's Retry-After has not passed (`wait` ms left). */
export function rateLimited(wait: number | undefined, hasKey: boolean): NearLensError {
  const when = wait === undefined ? 'in a moment' : `in ${formatWait(wait)}`;
  return new NearLensError('rate-limited', `Rate limited by the service${hasKey ? ';' : ' — set an API key or'} try again ${when}.`, {
    status: 429,
    retryAfterMs: wait,
  });
}

/** HTTP failures: kind, what the host did and advice (the message adds the status and the server's detail). */
type HttpError = [ErrorKind, string, string?];
const KEY_REJECTED: HttpError = ['unauthorized', 'did not accept the API key', '; check or replace it']; // 401 with a key
const HTTP_ERRORS: Readonly<Record<number, HttpError>> = {
  400: ['bad-request', 'rejected the request as invalid'],
  401: ['unauthorized', 'asks for an API key', '; set one to continue'],
  402: ['payment-required', "says the API key's plan or quota is used up"],
  403: ['forbidden', 'refused access'],
  404: ['not-found', 'has no such resource'],
  422: ['unprocessable', 'could not process the request'],
};

/** An HTTP error status as a sentence: who, what, the status with the server's own detail, advice. */
export function httpError(ex: Exchange, host: Host, hasKey: boolean, clean: (s: string) => string): NearLensError {
  const { status } = ex;
  // Not JSON (an HTML or text error page): described by its status alone.
  const v = tryJson(ex.text);
  const detail = isRecord(v) ? [v['error'], v['message']].find((x) => typeof x === 'string') : v;
  if (status === 403 && detail === 'origin_not_allowed') {
    return new NearLensError(
      'origin-not-allowed',
      'This API key only works from certain web origins, not from the editor (origin_not_allowed); use an unrestricted key.',
      { status },
    );
  }
  if (status === 429) return rateLimited(parseRetryAfter(ex.headers.get('retry-after')), hasKey);
  const [kind, what, advice = ''] =
    status === 401 && hasKey
      ? KEY_REJECTED
      : (HTTP_ERRORS[status] ??
        (status >= 500
          ? ['server', status > 501 && status < 505 ? 'is unavailable right now' : 'had an internal error']
          : [status >= 400 ? 'bad-request' : 'server', 'answered unexpectedly']));
  const d = typeof detail === 'string' && detail ? `: ${clean(detail)}` : '';
  // A server error that says when to come back (a Retry-After too long to wait for): the wait is the advice.
  const wait = status >= 500 ? parseRetryAfter(ex.headers.get('retry-after')) : undefined;
  const later = wait ? `; try again in ${formatWait(wait)}` : advice;
  return new NearLensError(kind, `${HOSTS[host][0]} ${what} (HTTP ${status}${d})${later}.`, { status });
}

const isHtml = (ex: Exchange): boolean => /text\/html/i.test(ex.headers.get('content-type') ?? '') || /^\s*</.test(ex.text);

/** A body that should be JSON and is not: an HTML page, a cut-off text, nothing. */
export function notJson(ex: Exchange): NearLensError {
  const message = isHtml(ex)
    ? 'The service answered with an HTML page, not JSON.'
    : ex.text.trim()
      ? 'The answer from the service was cut off or is not valid JSON.'
      : 'The service sent an empty answer instead of JSON.';
  return new NearLensError('not-json', message, { status: ex.status });
}

/** The JSON value of a body that must be JSON (an HTML page that happens to parse is still refused). */
export function parseJson(ex: Exchange): unknown {
  const value = isHtml(ex) ? undefined : tryJson(ex.text);
  if (value === undefined) throw notJson(ex);
  return value;
}

/**
 * JSON-RPC error causes: the message ({W} who answered), and the field of `cause.info` its {d} comes from. Without
 * that field (old nodes) the generic message is used.
 */
const NOT_READY: [string] = ['{W} is not ready to answer yet; try again later.'];
const RPC_ERRORS: Readonly<Record<string, [string, string?]>> = {
  UNKNOWN_BLOCK: ['{W} has no such block.'],
  GARBAGE_COLLECTED_BLOCK: ['{W} no longer keeps that block (garbage collected){A}.'],
  UNKNOWN_ACCOUNT: ['The account {d} does not exist at the requested block.', 'requested_account_id'],
  INVALID_ACCOUNT: ['{W} says the account id is invalid.'],
  NO_CONTRACT_CODE: ['No contract is deployed on {d}.', 'contract_account_id'],
  CONTRACT_EXECUTION_ERROR: ['The contract call failed: {d}.', 'vm_error'],
  UNKNOWN_ACCESS_KEY: ['That account has no such access key.'],
  METHOD_NOT_FOUND: ['{W} does not support the method "{d}".', 'method_name'],
  PARSE_ERROR: ['{W} could not read the request: {d}.', 'error_message'],
  UNAVAILABLE_SHARD: NOT_READY,
  NO_SYNCED_BLOCKS: NOT_READY,
  NOT_SYNCED_YET: NOT_READY,
};

/** Old nodes send only {code, message, data}: the common causes recognised from the text. */
const GUESSED_CAUSES: ReadonlyArray<[RegExp, string]> = [
  [/method not found/i, 'METHOD_NOT_FOUND'],
  [/garbage.collected/i, 'GARBAGE_COLLECTED_BLOCK'],
  [/unknown block|block not found|DB Not Found Error: BLOCK/i, 'UNKNOWN_BLOCK'],
  [/does not exist while viewing/i, 'UNKNOWN_ACCOUNT'],
  [/parse error/i, 'PARSE_ERROR'],
];

/** A JSON-RPC error envelope (`{name, cause: {name, info}, code, message, data}`, or an old node's `{code, message, data}`) as a sentence. */
/** What a garbage-collected block's message adds: where the block is kept, when that is another host. */
const gcWhere = (host: RpcHost, hasArchival: boolean): string =>
  host === 'archival' ? '' : hasArchival ? '; the archival host keeps it' : '; this network has no archival RPC URL (nearLens.customNetwork.archivalRpcUrl)';

/**
 * A JSON-RPC error envelope as a sentence. `hasArchival`: whether the network has an archival host other than the
 * regular one (a garbage-collected block then points there, and only then).
 */
export function rpcError(env: Record<string, unknown>, status: number, host: RpcHost, clean: (s: string) => string, hasArchival = true): NearLensError {
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const name = str(env['name']);
  const causeObj = isRecord(env['cause']) ? env['cause'] : {};
  const data = str(env['data']) ?? (env['data'] === undefined ? '' : JSON.stringify(env['data']));
  const message = str(env['message']) ?? '';
  const cause = str(causeObj['name']) ?? GUESSED_CAUSES.find(([re]) => re.test(`${message} ${data}`))?.[1];
  const [template, field] = (cause !== undefined && Object.hasOwn(RPC_ERRORS, cause) && RPC_ERRORS[cause]) || [];
  const detail = field === undefined ? '' : str(isRecord(causeObj['info']) ? causeObj['info'][field] : undefined);
  const who = HOSTS[host][0];
  const what = clean([cause ?? name, data || message].filter(Boolean).join(': '));
  const msg =
    template !== undefined && detail !== undefined
      ? template.replace('{W}', who).replace('{A}', gcWhere(host, hasArchival)).replace('{d}', clean(detail))
      : `${who} answered with an error${what && `: ${what}`}.`;
  const kind: ErrorKind = cause === 'NO_CONTRACT_CODE' || cause === 'CONTRACT_EXECUTION_ERROR' ? 'contract' : 'rpc';
  return new NearLensError(kind, sentence(msg), { status, rpcName: name || undefined, rpcCause: cause || undefined });
}

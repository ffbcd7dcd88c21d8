// "Copy as curl": the request a result came from as a shell command, the way the service's own docs write it —
// the key as an environment variable ($FASTNEAR_API_KEY), never its value; a Bearer header, or `apiKey=` in the URL
// when the query transport is chosen; the host of the network in use. Pure: no `vscode`, no I/O.
import type { KeyProvider } from '../near/networks';
import { endpointUrl } from '../client/endpoint';

/** The variable the key is read from in the command, per provider. */
export const KEY_VARIABLES: Readonly<Record<KeyProvider, string>> = { fastnear: 'FASTNEAR_API_KEY', custom: 'NEAR_LENS_CUSTOM_API_KEY' };

export interface CurlRequest {
  url: string;
  /** A JSON-RPC body (POST); none: a GET. */
  body?: unknown;
  /** The variable of the key when the network in use has one (none: the public path, no key in the command). */
  keyVariable?: string | undefined;
  transport: 'bearer' | 'query';
}

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
const single = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
/** Double-quoted (so the key's variable expands), every other `$`, backtick, `"` and `\` escaped. */
const double = (s: string): string => `"${s.replace(/["\\`$]/g, '\\$&')}`;

/** `curl -s …` for one request; an `apiKey=` already in the URL is dropped (a value must never be shown). */
export function curlCommand(r: CurlRequest): string {
  let url = r.url;
  try {
    const u = new URL(r.url);
    if (u.searchParams.has('apiKey')) u.searchParams.delete('apiKey');
    u.hash = '';
    url = u.href;
  } catch {
    // not a URL: shown as given, quoted
  }
  const v = r.keyVariable;
  const parts = ['curl', '-s'];
  if (v && r.transport === 'query') parts.push(`${double(`${url}${url.includes('?') ? '&' : '?'}apiKey=`)}$${v}"`);
  else parts.push(single(url));
  if (v && r.transport !== 'query') parts.push('-H', `"Authorization: Bearer $${v}"`);
  if (r.body !== undefined) parts.push('-X', 'POST', '-H', single('Content-Type: application/json'), '-d', single(JSON.stringify(r.body)));
  return parts.join(' ');
}

/** A JSON-RPC request body as NEAR Lens sends it. */
export const rpcBody = (method: string, params: unknown): unknown => ({ jsonrpc: '2.0', id: 'near-lens', method, params });

/** The curl line of a result document (`// curl …`), or undefined. */
export function curlOfDocument(text: string): string | undefined {
  return /^\/\/ (curl -s .*)$/m.exec(text)?.[1];
}

/**
 * The request an account look-up starts with: the REST API's `/v1/account/{id}/full` (a query the user put on the base
 * URL kept, as the client sends it), or, on a network without a REST API, `view_account` over JSON-RPC.
 */
export function accountRequest(id: string, endpoints: { apiUrl: string; rpcUrl: string }): Pick<CurlRequest, 'url' | 'body'> {
  const url = endpointUrl(endpoints.apiUrl, `/v1/account/${encodeURIComponent(id)}/full`);
  if (!url) return { url: endpoints.rpcUrl, body: rpcBody('query', { request_type: 'view_account', account_id: id, finality: 'final' }) };
  return { url };
}

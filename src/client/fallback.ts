// Which REST API failures the RPC host stands in for (an account's state from view_account), and how such a failure
// reads in a word. Pure: no `vscode`, no I/O.
import { NearLensError } from '../base/errors';

/** After a REST outage, account look-ups go straight to RPC for this long: one REST probe per window, never a storm. */
export const REST_COOLDOWN_MS = 30_000;

/**
 * The short reason a REST failure gives ("tokens unavailable: REST API HTTP 503"), or undefined when the RPC must not
 * stand in: a 4xx about the id ("Invalid argument"), a key refused, a wrong API URL, a cancel, a bad shape.
 */
export function restOutage(e: unknown): string | undefined {
  if (!NearLensError.is(e)) return undefined;
  const word = e.kind === 'server' ? `HTTP ${e.status ?? ''}` : OUTAGES[e.kind];
  return word && `REST API ${word}`;
}

const OUTAGES: Partial<Record<string, string>> = {
  timeout: 'timed out',
  network: 'unreachable',
  'rate-limited': 'rate limited',
  'not-json': 'sent a web page',
};

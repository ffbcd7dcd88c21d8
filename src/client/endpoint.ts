// How a request's URL is made from an endpoint's base URL, for the client's requests and for the curl lines that
// repeat them: one rule, so that a copied curl is the request sent. Pure: no `vscode`, no I/O.

/**
 * `path` under the base URL's root (its trailing slashes dropped), with the base's query after it: a query the user put
 * on the base (a proxy's token) goes with every request, and a fragment never does. '' when the base has no root (the
 * network has no such endpoint).
 */
export function endpointUrl(base: string, path: string): string {
  const [, root = '', query = ''] = /^([^?#]*)([^#]*)/.exec(base) ?? [];
  const trimmed = root.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed + path + query;
}

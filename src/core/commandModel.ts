// Pure parts of the command-palette tools: API key input rules, RPC method guard and params parsing, block summary,
// the result document. No `vscode`, no I/O (the features in src/features/ wrap these in prompts and editors).
import type { AccountFull } from './account';
import { formatNear } from './amounts';
import { invalidInput, isRecord, SECRET_REFUSED } from './errors';
import { classify } from './ids';
import type { RpcHost } from './client';
import { sanitizeText } from './markdown';

/** Longest API key accepted: far above real keys, low enough that a pasted file is refused. */
export const MAX_API_KEY_LENGTH = 512;

/** Why `text` (trimmed) cannot be an API key, or undefined when it can. Never echoes the text. */
export function apiKeyError(text: string): string | undefined {
  const k = String(text).trim();
  if (k.length === 0) return 'Enter the API key (it is stored in VS Code secret storage).';
  // A real key is long; a very short one would also make redacted messages garbled and hint at the key.
  if (k.length < 8) return 'An API key is at least 8 characters.';
  if (k.length > MAX_API_KEY_LENGTH) return `An API key is at most ${MAX_API_KEY_LENGTH} characters.`;
  if (/\s/.test(k)) return 'An API key has no spaces or line breaks inside.';
  if (!/^[\x21-\x7e]+$/.test(k)) return 'An API key has only printable ASCII characters.';
  return undefined;
}

export { rpcMethodError } from './client';

/** Params typed by the user: a JSON object or array (empty text means `{}`); throws invalid-input with the reason. */
export function parseParamsJson(text: string): Record<string, unknown> | unknown[] {
  const t = String(text).trim();
  let v: unknown;
  try {
    v = t ? JSON.parse(t) : {};
  } catch (e) {
    throw invalidInput(`Not valid JSON: ${sanitizeText(e instanceof Error ? e.message : String(e), 120)}`);
  }
  if (typeof v !== 'object' || v === null) throw invalidInput('Params must be a JSON object or array.');
  return v as Record<string, unknown> | unknown[];
}

/** Params templates shown when a method is picked (others get `{}`). */
const PARAMS_TEMPLATES: Readonly<Record<string, string>> = {
  block: '{"finality": "final"}',
  query: '{"request_type": "view_account", "finality": "final", "account_id": "near"}',
  chunk: '{"chunk_id": ""}',
  tx: '{"tx_hash": "", "sender_account_id": ""}',
  EXPERIMENTAL_tx_status: '{"tx_hash": "", "sender_account_id": ""}',
  validators: '[null]',
  gas_price: '[null]',
  status: '[]',
  health: '[]',
  network_info: '[]',
};

export function paramsTemplate(method: string): string {
  return Object.hasOwn(PARAMS_TEMPLATES, method) ? (PARAMS_TEMPLATES[method] as string) : '{}';
}

/**
 * Nanoseconds since the epoch (u64 as a decimal string; beyond 2^53, so BigInt) → ISO 8601 with all nine fraction
 * digits, e.g. "2024-05-01T12:00:00.123456789Z". Undefined for anything that is not a plausible timestamp.
 */
export function nanosToIso(ns: unknown): string | undefined {
  let n: bigint;
  if (typeof ns === 'string' && /^\d{1,30}$/.test(ns)) n = BigInt(ns);
  else if (typeof ns === 'number' && Number.isSafeInteger(ns) && ns >= 0) n = BigInt(ns);
  else return undefined;
  const seconds = n / 1_000_000_000n;
  const frac = (n % 1_000_000_000n).toString().padStart(9, '0');
  if (seconds > 8_640_000_000_000n) return undefined; // beyond JavaScript dates
  const iso = new Date(Number(seconds) * 1000).toISOString();
  return iso.replace(/\.\d{3}Z$/, `.${frac}Z`);
}

/** "Block 123,456 · hash Abc… · 2024-…Z · regular RPC (rpc.mainnet.fastnear.com)" from a `block` result. */
export function blockSummary(result: unknown, host: RpcHost, hostName: string): string {
  const header = isRecord(result) && isRecord(result['header']) ? result['header'] : {};
  const parts: string[] = [];
  const h = header['height'];
  parts.push(typeof h === 'number' && Number.isSafeInteger(h) ? `Block ${h.toLocaleString('en-US')}` : 'Block');
  const hash = header['hash'];
  if (typeof hash === 'string') parts.push(`hash ${sanitizeText(hash, 60)}`);
  const time = nanosToIso(header['timestamp_nanosec']);
  if (time) parts.push(time);
  parts.push(answeredBy(host, hostName));
  return parts.join(' · ');
}

/** "regular RPC (host)" / "archival RPC (host)". */
export function answeredBy(host: RpcHost, hostName: string): string {
  return `${host} RPC${hostName ? ` (${sanitizeText(hostName, 100)})` : ''}`;
}

/** The untitled JSONC document of a result: one comment line of summary, then the JSON. */
export function resultDocument(summary: string, result: unknown): string {
  // sanitizeText keeps it on one line, so the comment cannot end early.
  return `// ${sanitizeText(summary, 300)}\n${JSON.stringify(result, null, 2)}\n`;
}

export { hostOf } from './networks';

/** Why `text` cannot be looked up as `want`, or undefined. Secrets are named as such and never echoed. */
export function lookupInputError(text: string, want: 'account' | 'public-key'): string | undefined {
  const c = classify(text);
  if (c.kind === 'sensitive') return SECRET_REFUSED;
  if (c.kind === 'invalid') return sanitizeText(c.reason.charAt(0).toUpperCase() + c.reason.slice(1), 200);
  if (want === 'account' && c.kind !== 'account') return 'That is a public key; use Look Up Public Key… for keys.';
  if (want === 'public-key' && c.kind !== 'public-key') return 'That is an account id; enter a public key (ed25519:… or secp256k1:…).';
  return undefined;
}

/** One plain-text line about an account for a quick pick: "Total 1.5 NEAR · spendable 1.2 NEAR · 2 FTs · …". */
export function accountSummaryText(full: AccountFull, decimals: number): string {
  const st = full.state;
  if (!st) return 'No such account';
  return [
    `Total ${formatNear(st.total, decimals)}`,
    `spendable ${formatNear(st.spendable, decimals)}`,
    `${full.tokens.length} FT`,
    `${full.nfts.length} NFT collections`,
    `${full.pools.length} pools`,
  ].join(' · ');
}

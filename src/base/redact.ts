// Removes secrets (the API key) from any text before it is logged or shown. Pure: no `vscode`, no I/O.

const MASK = '***';

// `apiKey=<value>` in any URL or text (also api_key / api-key, any case); the value ends at a delimiter.
const API_KEY_PARAM = /\b(api[-_]?key=)[^&#\s"'<>)]*/gi;
// `Authorization: Bearer <token>` echoed in a log or an error body. A token already masked is left alone, so that
// redacting twice (detail, then the whole message) does not swallow the punctuation after it: "(… Bearer ***)."
const BEARER = /\b(Bearer\s+)(?!\*\*\*)[^\s"',;]+/gi;

/** Every spelling a secret can take in a URL, a form body or a JSON string. */
export function variants(secret: string): string[] {
  const out = new Set<string>([secret]);
  try {
    out.add(encodeURIComponent(secret));
    out.add(new URLSearchParams({ k: secret }).toString().slice(2));
    out.add(JSON.stringify(secret).slice(1, -1));
  } catch {
    // lone surrogates cannot be URL-encoded; the raw form is still masked
  }
  // Longest first so a shorter form never leaves part of a longer one visible.
  return [...out].filter((v) => v.length > 0).sort((a, b) => b.length - a.length);
}

/** Replaces every secret (raw and encoded forms), every `apiKey=` value and every Bearer token with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = String(text);
  for (const secret of secrets) {
    if (!secret) continue;
    for (const v of variants(secret)) out = out.replaceAll(v, MASK);
  }
  return out.replace(API_KEY_PARAM, `$1${MASK}`).replace(BEARER, `$1${MASK}`);
}

/** A URL safe to log: the `apiKey=` value and any user:password part masked. */
export function redactUrl(url: string): string {
  return redact(url, []).replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#@]*@/i, `$1${MASK}@`);
}

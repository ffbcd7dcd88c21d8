// One log line per request for the "NEAR Lens" output channel, redacted again here (defence in depth: the client
// already redacts). Pure: no `vscode`.
import type { RequestLogEntry } from '../client/client';
import { redact, redactUrl } from '../base/redact';

/** "api GET-ish method · status 200 · 123 ms · https://…" with every secret and apiKey= value masked. */
export function formatRequestLog(e: RequestLogEntry, secrets: readonly string[]): string {
  const status = e.status === undefined ? 'no status' : `status ${e.status}`;
  const parts = [`${e.host} ${e.method}`, status, `${Math.round(e.ms)} ms`, redactUrl(e.url)];
  if (e.error) parts.push(e.error);
  return redactText(parts.join(' · '), secrets);
}

/** Any text bound for the log: secrets masked, one line. */
export function redactText(text: string, secrets: readonly string[]): string {
  return redact(String(text), secrets).replace(/[\r\n]+/g, ' ');
}

// The "NEAR Lens" LogOutputChannel behind a wrapper that masks the API key in everything written to it.
// Must not log configuration objects or response bodies.
import vscode = require('vscode');
import type { RequestLogEntry } from '../core/client';
import { formatRequestLog, redactText } from '../core/logLine';

export const LOG_NAME = 'NEAR Lens';

/** A LogOutputChannel whose text methods redact the given secrets; `request` writes one line per HTTP request. */
export interface RedactingLog extends vscode.LogOutputChannel {
  request(e: RequestLogEntry): void;
}

export function createLog(secrets: () => readonly string[]): RedactingLog {
  const ch = vscode.window.createOutputChannel(LOG_NAME, { log: true });
  const clean = (text: string): string => redactText(text, secrets());
  const args = (a: unknown[]): string[] => a.map((x) => clean(x instanceof Error ? x.message : typeof x === 'string' ? x : JSON.stringify(x) ?? ''));
  return {
    get name() {
      return ch.name;
    },
    get logLevel() {
      return ch.logLevel;
    },
    onDidChangeLogLevel: ch.onDidChangeLogLevel,
    trace: (m: string, ...a: unknown[]) => ch.trace(clean(m), ...args(a)),
    debug: (m: string, ...a: unknown[]) => ch.debug(clean(m), ...args(a)),
    info: (m: string, ...a: unknown[]) => ch.info(clean(m), ...args(a)),
    warn: (m: string, ...a: unknown[]) => ch.warn(clean(m), ...args(a)),
    error: (m: string | Error, ...a: unknown[]) => ch.error(clean(m instanceof Error ? m.message : m), ...args(a)),
    append: (v: string) => ch.append(clean(v)),
    appendLine: (v: string) => ch.appendLine(clean(v)),
    replace: (v: string) => ch.replace(clean(v)),
    clear: () => ch.clear(),
    show: (a?: vscode.ViewColumn | boolean, b?: boolean) => (typeof a === 'boolean' ? ch.show(a) : ch.show(a, b)),
    hide: () => ch.hide(),
    dispose: () => ch.dispose(),
    request: (e: RequestLogEntry) => {
      const line = formatRequestLog(e, secrets());
      if (e.error) ch.warn(line);
      else ch.info(line);
    },
  };
}

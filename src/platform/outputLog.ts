// The "NEAR Lens" LogOutputChannel behind a wrapper that masks the API key in everything written to it.
// Must not log configuration objects or response bodies.
import vscode = require('vscode');
import type { RequestLogEntry } from '../client/client';
import { formatRequestLog, redactText } from './requestLog';

/** The log as the features write it: every text redacted (the given secrets masked, one line). */
export interface RedactingLog extends vscode.Disposable {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** One line per HTTP request (a warning when it failed). */
  request(e: RequestLogEntry): void;
  show(): void;
}

export function createLog(secrets: () => readonly string[]): RedactingLog {
  const ch = vscode.window.createOutputChannel('NEAR Lens', { log: true });
  const clean = (text: string): string => redactText(text, secrets());
  return {
    info: (m) => ch.info(clean(m)),
    warn: (m) => ch.warn(clean(m)),
    error: (m) => ch.error(clean(m)),
    request: (e) => ch[e.error ? 'warn' : 'info'](formatRequestLog(e, secrets())),
    show: () => ch.show(),
    dispose: () => ch.dispose(),
  };
}

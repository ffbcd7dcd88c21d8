// Types of code-server.mjs for the TypeScript that imports it (the browser E2E in test/e2e/).
import type { BrowserContext } from 'playwright-core';

export const ROOT: string;
export const CHROMIUM: string;
export const CALM_SETTINGS: Readonly<Record<string, unknown>>;
export const TRUST_ON_SETTINGS: Readonly<Record<string, unknown>>;

export function hostPaths(): { node: string; codeServer: string; entry: string };
export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>, defaults?: Record<string, unknown>): string;
export function freePort(): Promise<number>;
/** `host`: the current code-server (default) or 'oldest' (VS Code 1.90), as CODE_HOST_VSCODE picks by default. */
export type HostName = 'current' | 'oldest';
export function installExtension(o: { vsix: string; userDataDir: string; extensionsDir: string; runDir: string; host?: HostName | undefined }): void;

export interface CodeServer {
  port: number;
  base: string;
  pid: number;
  userDataDir: string;
  extensionsDir: string;
  logFile: string;
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}
export function startCodeServer(o: {
  runDir: string;
  userDataDir?: string;
  extensionsDir?: string;
  folder?: string;
  trust?: boolean;
  smokeTestDriver?: boolean;
  env?: Record<string, string>;
  port?: number;
  logToConsole?: boolean;
  host?: HostName | undefined;
}): Promise<CodeServer>;

export function workbenchUrl(base: string, o?: { folder?: string; payload?: Array<[string, string]> }): string;
export function remotePath(port: number, absPath: string): string;
export function launchChromium(o?: {
  profileDir?: string;
  headless?: boolean;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark' | 'no-preference' | null;
}): Promise<BrowserContext>;

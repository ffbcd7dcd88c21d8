// Helpers for in-editor tests (run inside the real extension host): the extension and its test API, fixture
// files, positions of ids, hover text, polling, user settings. Must not import the stub server or other tests.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { activate } from '../../../src/extension';

/** publisher.name from package.json. */
export const EXTENSION_ID = 'near-lens.near-lens';

/** What activate() returns to tests: { services, hoverProvider, watchlist, panels }. */
export type NearLensApi = NonNullable<ReturnType<typeof activate>>;

export async function activateExtension(): Promise<NearLensApi> {
  const ext = vscode.extensions.getExtension<NearLensApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  const api = ext.isActive ? ext.exports : await ext.activate();
  assert.ok(api, 'activate() returned no test API (activation failed?)');
  return api;
}

/** The fixture workspace the run opened (test/fixtures/workspace, or the untrusted copy). */
export function workspaceUri(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open (the runner passes the fixture workspace)');
  return folder.uri;
}

export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceUri(), name);
}

export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(name));
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** Position `offset` characters into the `nth` occurrence of `text` in the document (default: 1 char in, so inside it). */
export function positionOf(doc: vscode.TextDocument, text: string, nth = 0, offset = 1): vscode.Position {
  const all = doc.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = all.indexOf(text, at + 1);
    assert.notEqual(at, -1, `"${text}" (occurrence ${nth}) not found in ${doc.uri.path}`);
  }
  return doc.positionAt(at + offset);
}

function contentText(c: vscode.MarkdownString | vscode.MarkedString): string {
  if (typeof c === 'string') return c;
  return c.value;
}

/** All hover contents every provider gives at `pos`, joined with blank lines (markdown source). */
export async function hoverText(uri: vscode.Uri, pos: vscode.Position): Promise<string> {
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos)) ?? [];
  return hovers.flatMap((h) => h.contents.map(contentText)).join('\n\n');
}

/** The arguments of the first link to `command` whose label starts with `label`. */
export function linkArgs(md: string, label: string, command: string): unknown {
  const at = md.indexOf(`[${label}`);
  assert.notEqual(at, -1, `no "${label}" link in ${md}`);
  const m = new RegExp(`\\]\\(command:${command.replace(/\./g, '\\.')}\\?([^)]+)\\)`).exec(md.slice(at));
  assert.ok(m?.[1], `no ${command} link after "${label}"`);
  return (JSON.parse(decodeURIComponent(m[1])) as unknown[])[0];
}

/** Polls `probe` until it returns a truthy value (returned) or the timeout passes (throws with the last value). */
export async function waitFor<T>(probe: () => T | Promise<T>, opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${opts.what ?? 'a condition'} (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}

/** Writes a user (global) setting, e.g. setUserSetting('nearLens.auth.transport', 'query'); undefined removes it. */
export async function setUserSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
}

/** Stores `key` through the real command and SecretStorage (no prompt when given an argument). */
export async function setApiKey(key: string): Promise<void> {
  const stored = await vscode.commands.executeCommand<boolean>('nearLens.setApiKey', key);
  assert.equal(stored, true, 'nearLens.setApiKey refused the key');
}

export async function clearApiKey(): Promise<void> {
  await vscode.commands.executeCommand('nearLens.clearApiKey');
}

/**
 * Answers the next showInputBox with `value` (undefined = Escape). Works because test files live inside the
 * extension's folder, so `vscode` here is the very API object the extension calls. Returns the prompt options seen.
 */
export function answerNextInputBox(value: string | undefined): Promise<vscode.InputBoxOptions | undefined> {
  const original = vscode.window.showInputBox;
  return new Promise((resolve) => {
    const patched = async (options?: vscode.InputBoxOptions): Promise<string | undefined> => {
      vscode.window.showInputBox = original;
      resolve(options);
      const why = value === undefined ? undefined : await options?.validateInput?.(value);
      // A warning (severity Warning) lets Enter through; a string or an Error-severity message does not.
      const blocks = typeof why === 'string' ? why : why?.severity === vscode.InputBoxValidationSeverity.Error ? why.message : undefined;
      assert.ok(!blocks, `the input box rejected the answer: ${JSON.stringify(why)}`);
      return value;
    };
    vscode.window.showInputBox = patched as typeof vscode.window.showInputBox;
  });
}

/**
 * Answers the next showQuickPick with what `choose` returns from its items (undefined = Escape), patched like
 * answerNextInputBox. Resolves with the items and options the pick was shown with.
 */
export function answerNextQuickPick(
  choose: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem[] | vscode.QuickPickItem | undefined,
): Promise<{ items: vscode.QuickPickItem[]; options: vscode.QuickPickOptions | undefined }> {
  const original = vscode.window.showQuickPick;
  return new Promise((resolve) => {
    const patched = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions) => {
      vscode.window.showQuickPick = original;
      const shown = [...(await items)];
      resolve({ items: shown, options });
      return choose(shown);
    };
    vscode.window.showQuickPick = patched as unknown as typeof vscode.window.showQuickPick;
  });
}

/**
 * Drives the next createQuickPick in the real workbench as a person would: once shown, `text` is typed into it and
 * the item labelled `label` made active, and when the workbench has taken both (it echoes the value back) the
 * quick pick's accept command runs, as Enter would. Resolves with the labels it offered.
 */
export function typeInNextQuickPick(text: string, label: string): Promise<string[]> {
  const original = vscode.window.createQuickPick;
  return new Promise((resolve) => {
    const patched = <T extends vscode.QuickPickItem>(): vscode.QuickPick<T> => {
      vscode.window.createQuickPick = original;
      const qp = original<T>();
      const show = qp.show.bind(qp);
      qp.show = () => {
        show();
        const echoed = new Promise<void>((done) => {
          const sub = qp.onDidChangeValue(() => {
            sub.dispose();
            done();
          });
        });
        qp.value = text;
        qp.activeItems = qp.items.filter((i) => i.label === label);
        assert.equal(qp.activeItems.length, 1, `no item labelled ${label}`);
        resolve(qp.items.map((i) => i.label));
        void echoed.then(() => vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem'));
      };
      return qp;
    };
    vscode.window.createQuickPick = patched as typeof vscode.window.createQuickPick;
  });
}

/**
 * Records the information and warning messages shown until `stop()` (the real ones are not shown meanwhile), with
 * their buttons; `answer` picks the button a person would press (none: dismissed).
 */
export function captureMessages(answer?: (text: string, items: string[]) => string | undefined): {
  messages: Array<{ level: 'info' | 'warning'; text: string; items?: string[] }>;
  stop(): void;
} {
  const w = vscode.window;
  const originals = [w.showInformationMessage, w.showWarningMessage] as const;
  const messages: Array<{ level: 'info' | 'warning'; text: string; items?: string[] }> = [];
  const record =
    (level: 'info' | 'warning') =>
    async (text: string, ...rest: unknown[]): Promise<string | undefined> => {
      const items = rest.filter((x): x is string => typeof x === 'string');
      messages.push(items.length > 0 ? { level, text, items } : { level, text });
      return answer?.(text, items);
    };
  w.showInformationMessage = record('info') as typeof w.showInformationMessage;
  w.showWarningMessage = record('warning') as typeof w.showWarningMessage;
  return {
    messages,
    stop: () => void ([w.showInformationMessage, w.showWarningMessage] = originals),
  };
}

/** Records NEAR Lens's log warnings (still written to the log) until `stop()`. */
export function captureLogWarnings(api: NearLensApi): { warnings: string[]; stop(): void } {
  const log = api.services.log;
  const warn = log.warn;
  const warnings: string[] = [];
  log.warn = (line: string) => {
    warnings.push(line);
    warn(line);
  };
  return { warnings, stop: () => void (log.warn = warn) };
}

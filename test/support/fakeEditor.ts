// A fake `vscode` module with enough of the API for every feature of NEAR Lens (hover, watchlist, panel, commands,
// status bar, key store, log channel), recording everything that leaves the extension: output-channel lines,
// notifications, settings written, clipboard, opened URLs and documents, webview HTML and posted messages.
// Modules are loaded in isolation (their own copy per fake), so other test files keep theirs.
import Module from 'node:module';
import path from 'node:path';
import type * as ServicesModule from '../../src/platform/services';
import { loadWithFakeVscode } from './fakeVscode';
import { EventEmitter, Hover, MarkdownString, Range, ThemeColor, ThemeIcon, TreeItem } from './fakeVscodeApi';

export { EventEmitter, Hover, MarkdownString, TreeItem };

type Handler = (...args: unknown[]) => unknown;

class Disposable {
  constructor(private readonly fn: () => void = () => undefined) {}
  dispose(): void {
    this.fn();
  }
}

export interface FakeUri {
  scheme: string;
  path: string;
  query?: string;
  toString(): string;
}
function uri(scheme: string, p: string, query = ''): FakeUri {
  return { scheme, path: p, query, toString: () => (scheme === 'raw' ? p : `${scheme}://${p}${query && `?${query}`}`) };
}
const Uri = {
  file: (p: string): FakeUri => uri('file', p),
  from: (c: { scheme: string; path: string; query?: string }): FakeUri => uri(c.scheme, c.path, c.query),
  parse: (s: string): FakeUri => uri('raw', s),
  joinPath: (base: FakeUri, ...parts: string[]): FakeUri => uri(base.scheme, [base.path, ...parts].join('/')),
};

export interface Notification {
  level: 'info' | 'warning' | 'error' | 'status';
  text: string;
  /** The message's buttons, when it has any (none is ever pressed: the message resolves dismissed). */
  items?: string[];
}
export interface OutputLine {
  channel: string;
  level: string;
  text: string;
}
export interface SettingWrite {
  key: string;
  value: unknown;
  target: number | undefined;
}

export class FakeWebview {
  options: unknown;
  html = '';
  readonly cspSource = 'https://*.vscode-cdn.net';
  readonly posted: unknown[] = [];
  private readonly received = new EventEmitter<unknown>();
  readonly onDidReceiveMessage = this.received.event;
  readonly htmls: string[] = [];
  constructor(private readonly rec: Recorder) {}
  postMessage(m: unknown): Promise<boolean> {
    this.posted.push(m);
    this.rec.posted.push(m);
    return Promise.resolve(true);
  }
  asWebviewUri(u: FakeUri): FakeUri {
    return uri('https', `file+.vscode-resource.vscode-cdn.net${u.path}`);
  }
  /** A message from the page to the host. */
  send(m: unknown): void {
    this.received.fire(m);
  }
}

export class FakeWebviewPanel {
  readonly webview: FakeWebview;
  title = '';
  iconPath: unknown;
  disposed = false;
  revealed = 0;
  private readonly disposeEmitter = new EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;
  constructor(
    readonly viewType: string,
    rec: Recorder,
  ) {
    this.webview = new FakeWebview(rec);
    // Record every page the host writes.
    let html = '';
    Object.defineProperty(this.webview, 'html', {
      get: () => html,
      set: (v: string) => {
        html = v;
        this.webview.htmls.push(v);
        rec.htmls.push(v);
      },
    });
  }
  reveal(): void {
    this.revealed++;
  }
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.disposeEmitter.fire();
  }
}

/** Everything that left the extension through the editor API. */
export interface Recorder {
  output: OutputLine[];
  notifications: Notification[];
  settingsWritten: SettingWrite[];
  clipboard: string[];
  external: string[];
  documents: string[];
  /** Opened documents (untitled, or of a content provider's scheme) with their language. */
  opened: Array<{ language: string; content: string; uri?: string }>;
  posted: unknown[];
  htmls: string[];
  contexts: Array<[string, unknown]>;
  statusBar: string[];
  quickPicks: string[];
}

export interface FakeEditor {
  vscode: Record<string, unknown>;
  rec: Recorder;
  commands: Map<string, Handler>;
  hoverProviders: unknown[];
  treeProviders: Map<string, unknown>;
  panels: FakeWebviewPanel[];
  serializers: Map<string, { deserializeWebviewPanel(panel: unknown, state: unknown): Promise<void> }>;
  secrets: Map<string, string>;
  /** User (global) and workspace settings below `nearLens.`. */
  user: Map<string, unknown>;
  workspace: Map<string, unknown>;
  /** Answers for showInputBox / showQuickPick (first in, first out); undefined = dismissed. */
  inputs: Array<string | undefined>;
  exec(id: string, ...args: unknown[]): Promise<unknown>;
  /** Every string recorded, for leak scans. */
  allText(): string[];
}

export function createFakeEditor(init?: { user?: Record<string, unknown>; workspace?: Record<string, unknown>; secrets?: Record<string, string> }): FakeEditor {
  const rec: Recorder = {
    output: [],
    notifications: [],
    settingsWritten: [],
    clipboard: [],
    external: [],
    documents: [],
    opened: [],
    posted: [],
    htmls: [],
    contexts: [],
    statusBar: [],
    quickPicks: [],
  };
  const commands = new Map<string, Handler>();
  const hoverProviders: unknown[] = [];
  const treeProviders = new Map<string, unknown>();
  const panels: FakeWebviewPanel[] = [];
  const serializers = new Map<string, { deserializeWebviewPanel(panel: unknown, state: unknown): Promise<void> }>();
  const secrets = new Map(Object.entries(init?.secrets ?? {}));
  const user = new Map(Object.entries(init?.user ?? {}));
  const workspace = new Map(Object.entries(init?.workspace ?? {}));
  const inputs: Array<string | undefined> = [];
  const configChanged = new EventEmitter<{ affectsConfiguration(s: string): boolean }>();
  const secretsChanged = new EventEmitter<{ key: string }>();
  const contentProviders = new Map<string, { provideTextDocumentContent(u: FakeUri): string }>();

  const notify =
    (level: Notification['level']) =>
    async (text: string, ...items: unknown[]): Promise<undefined> => {
      rec.notifications.push(items.length ? { level, text, items: items.map(String) } : { level, text });
      return undefined;
    };

  const outputChannel = (name: string): Record<string, unknown> => {
    const line =
      (level: string) =>
      (m: unknown, ...a: unknown[]) => {
        rec.output.push({ channel: name, level, text: [m, ...a].map((x) => String(x)).join(' ') });
      };
    return {
      name,
      logLevel: 2,
      onDidChangeLogLevel: new EventEmitter<number>().event,
      trace: line('trace'),
      debug: line('debug'),
      info: line('info'),
      warn: line('warn'),
      error: line('error'),
      append: line('append'),
      appendLine: line('appendLine'),
      replace: line('replace'),
      clear: () => undefined,
      show: () => undefined,
      hide: () => undefined,
      dispose: () => undefined,
    };
  };

  const configuration = (section: string): Record<string, unknown> => {
    const full = (key: string): string => (section ? `${section}.${key}` : key);
    const strip = (k: string): string => (k.startsWith('nearLens.') ? k.slice('nearLens.'.length) : k);
    return {
      get: (key: string, dflt?: unknown) => workspace.get(strip(full(key))) ?? user.get(strip(full(key))) ?? dflt,
      has: (key: string) => user.has(strip(full(key))) || workspace.has(strip(full(key))),
      inspect: (key: string) => ({
        key: full(key),
        globalValue: user.get(strip(full(key))),
        workspaceValue: workspace.get(strip(full(key))),
        workspaceFolderValue: undefined,
      }),
      update: async (key: string, value: unknown, target?: number) => {
        const k = strip(full(key));
        rec.settingsWritten.push({ key: full(key), value, target });
        const store = target === 2 || target === 3 ? workspace : user;
        if (value === undefined) store.delete(k);
        else store.set(k, value);
        configChanged.fire({ affectsConfiguration: (s: string) => full(key).startsWith(s) || s.startsWith(section) });
      },
    };
  };

  const token = { isCancellationRequested: false, onCancellationRequested: () => new Disposable() };

  const vscode: Record<string, unknown> = {
    EventEmitter,
    Disposable,
    // The contract lens's code action kind (its lenses and actions are tested in a real editor: contractLens.test.ts).
    CodeActionKind: { Refactor: 'refactor' },
    TreeItem,
    ThemeIcon,
    ThemeColor,
    FileDecoration: class {
      constructor(
        readonly badge?: string,
        readonly tooltip?: string,
        readonly color?: unknown,
      ) {}
    },
    MarkdownString,
    Range,
    Hover,
    Uri,
    TabInputText: class {},
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    commands: {
      registerCommand: (id: string, h: Handler) => {
        commands.set(id, h);
        return new Disposable(() => commands.delete(id));
      },
      executeCommand: async (id: string, ...args: unknown[]) => {
        if (id === 'setContext') {
          rec.contexts.push([String(args[0]), args[1]]);
          return undefined;
        }
        const h = commands.get(id);
        return h ? h(...args) : undefined;
      },
    },
    window: {
      createOutputChannel: (name: string) => outputChannel(name),
      showInformationMessage: notify('info'),
      showWarningMessage: notify('warning'),
      showErrorMessage: notify('error'),
      setStatusBarMessage: (text: string) => {
        rec.notifications.push({ level: 'status', text });
        return new Disposable();
      },
      showInputBox: async (o?: { validateInput?: (v: string) => unknown }) => {
        const v = inputs.shift();
        if (v !== undefined && o?.validateInput) {
          const why = await o.validateInput(v);
          if (why) {
            rec.notifications.push({ level: 'warning', text: `input refused: ${String(why)}` });
            return undefined;
          }
        }
        return v;
      },
      showQuickPick: async (items: unknown) => {
        const list = (await items) as Array<{ label: string }>;
        for (const i of list) rec.quickPicks.push(String(i.label));
        const want = inputs.shift();
        return want === undefined ? undefined : list.find((i) => i.label === want);
      },
      withProgress: async (_o: unknown, task: (p: unknown, t: unknown) => Promise<unknown>) => task({ report: () => undefined }, token),
      createTreeView: (id: string, o: { treeDataProvider: unknown }) => {
        treeProviders.set(id, o.treeDataProvider);
        return { visible: true, message: undefined, badge: undefined, onDidChangeVisibility: new EventEmitter<unknown>().event, dispose: () => undefined };
      },
      // #34: the watchlist's Δ decoration of changed accounts.
      registerFileDecorationProvider: () => new Disposable(() => undefined),
      // Transaction hashes in the terminal (the tests reach the provider through activate()'s test API).
      registerTerminalLinkProvider: () => new Disposable(() => undefined),
      createWebviewPanel: (viewType: string) => {
        const p = new FakeWebviewPanel(viewType, rec);
        panels.push(p);
        return p;
      },
      registerWebviewPanelSerializer: (viewType: string, s: { deserializeWebviewPanel(panel: unknown, state: unknown): Promise<void> }) => {
        serializers.set(viewType, s);
        return new Disposable(() => serializers.delete(viewType));
      },
      createStatusBarItem: () => {
        const item: Record<string, unknown> = {
          show: () => rec.statusBar.push(`${String(item['text'])} | ${String(item['tooltip'])}`),
          hide: () => undefined,
          dispose: () => undefined,
        };
        return item;
      },
      showTextDocument: async () => undefined,
      tabGroups: { all: [], close: async () => true },
      createQuickPick: () => {
        throw new Error('createQuickPick is not faked');
      },
    },
    workspace: {
      isTrusted: true,
      getConfiguration: (section?: string) => configuration(section ?? ''),
      onDidChangeConfiguration: configChanged.event,
      onDidGrantWorkspaceTrust: new EventEmitter<void>().event,
      onDidChangeWorkspaceFolders: new EventEmitter<unknown>().event,
      // No editor documents here (the diagnostics wait for one; test/integration covers them in a real editor).
      textDocuments: [],
      onDidOpenTextDocument: new EventEmitter<unknown>().event,
      onDidChangeTextDocument: new EventEmitter<unknown>().event,
      registerTextDocumentContentProvider: (scheme: string, p: { provideTextDocumentContent(u: FakeUri): string }) => {
        contentProviders.set(scheme, p);
        return new Disposable(() => contentProviders.delete(scheme));
      },
      // An untitled document ({ language, content }) or a content provider's (a Uri; .jsonc paths are JSON with Comments).
      openTextDocument: async (arg: { language: string; content: string } | FakeUri) => {
        const o =
          'scheme' in arg
            ? {
                language: arg.path.endsWith('.jsonc') ? 'jsonc' : 'plaintext',
                content: contentProviders.get(arg.scheme)?.provideTextDocumentContent(arg) ?? '',
                uri: arg.toString(),
              }
            : arg;
        rec.documents.push(o.content);
        rec.opened.push(o);
        return { getText: () => o.content, languageId: o.language, uri: 'scheme' in arg ? arg : undefined };
      },
    },
    languages: {
      registerHoverProvider: (_sel: unknown, p: unknown) => {
        hoverProviders.push(p);
        return new Disposable(() => hoverProviders.splice(hoverProviders.indexOf(p), 1));
      },
      // The transaction document's "Inspect Transaction" link (never asked for here: no editor shows documents).
      registerDocumentLinkProvider: () => new Disposable(() => undefined),
      // The contract lens and its Link Contract code action (in-editor: test/integration/suite/contractLens.test.ts).
      registerCodeLensProvider: () => new Disposable(() => undefined),
      registerCodeActionsProvider: () => new Disposable(() => undefined),
    },
    // The near-lens task type (its runs are tested in-editor: test/integration/suite/tasks.test.ts).
    tasks: { registerTaskProvider: () => new Disposable(() => undefined) },
    env: {
      clipboard: { writeText: async (t: string) => void rec.clipboard.push(t), readText: async () => rec.clipboard.at(-1) ?? '' },
      openExternal: async (u: FakeUri) => {
        rec.external.push(u.toString());
        return true;
      },
    },
  };

  const secretStorage = {
    get: async (k: string) => secrets.get(k),
    store: async (k: string, v: string) => {
      secrets.set(k, v);
      secretsChanged.fire({ key: k });
    },
    delete: async (k: string) => {
      secrets.delete(k);
      secretsChanged.fire({ key: k });
    },
    onDidChange: secretsChanged.event,
  };
  (vscode as { __secrets?: unknown }).__secrets = secretStorage;

  return {
    vscode,
    rec,
    commands,
    hoverProviders,
    treeProviders,
    panels,
    serializers,
    secrets,
    user,
    workspace,
    inputs,
    exec: async (id, ...args) => {
      const h = commands.get(id);
      if (!h) throw new Error(`command ${id} is not registered`);
      return h(...args);
    },
    allText: () => [
      ...rec.output.map((l) => l.text),
      ...rec.notifications.map((n) => n.text),
      ...rec.settingsWritten.map((s) => `${s.key}=${JSON.stringify(s.value)}`),
      ...rec.clipboard,
      ...rec.external,
      ...rec.documents,
      ...rec.posted.map((p) => JSON.stringify(p)),
      ...rec.htmls,
      ...rec.contexts.map((c) => JSON.stringify(c)),
      ...rec.statusBar,
      ...rec.quickPicks,
      ...[...user.entries(), ...workspace.entries()].map(([k, v]) => `${k}=${JSON.stringify(v)}`),
    ],
  };
}

/** The fake's SecretStorage, for an ExtensionContext. */
export function secretStorageOf(editor: FakeEditor): unknown {
  return (editor.vscode as { __secrets?: unknown }).__secrets;
}

/** A Memento in memory (ExtensionContext.globalState / workspaceState); values go through JSON, as VS Code's do. */
export class FakeMemento {
  readonly #map = new Map<string, string>();
  get<T>(key: string, dflt?: T): T | undefined {
    const v = this.#map.get(key);
    return v === undefined ? dflt : (JSON.parse(v) as T);
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.#map.delete(key);
    else this.#map.set(key, JSON.stringify(value));
  }
  keys(): readonly string[] {
    return [...this.#map.keys()];
  }
}

/** A minimal ExtensionContext over the fake. */
export function fakeContext(editor: FakeEditor): {
  subscriptions: Array<{ dispose(): unknown }>;
  extensionUri: FakeUri;
  secrets: unknown;
  globalState: FakeMemento;
  workspaceState: FakeMemento;
  extensionMode: number;
} {
  return {
    // The tests' own mode (VS Code's ExtensionMode.Test): activate() returns its test API only then.
    extensionMode: 3,
    subscriptions: [],
    extensionUri: Uri.file('/ext/near-lens'),
    secrets: secretStorageOf(editor),
    globalState: new FakeMemento(),
    workspaceState: new FakeMemento(),
  };
}

// Modules that import `vscode` (directly or through another one): each load gets its own copies, bound to `fake`.
const VSCODE_DEPENDENT = /[\\/]src[\\/](features|platform)[\\/]|[\\/]src[\\/]extension\.ts$/;
let loads = 0;

/** require(src/<relPath>) with `vscode` resolved to `fake`, without disturbing modules other test files loaded. */
export function loadIsolated<T>(fake: object, relPath: string): T {
  const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache;
  const saved = new Map<string, unknown>();
  for (const k of Object.keys(cache)) {
    if (VSCODE_DEPENDENT.test(k)) {
      saved.set(k, cache[k]);
      delete cache[k];
    }
  }
  try {
    return loadWithFakeVscode<T>(fake, `\0fake-vscode-hardening-${++loads}`, path.join(__dirname, '../../src', relPath));
  } finally {
    for (const k of Object.keys(cache)) if (VSCODE_DEPENDENT.test(k)) delete cache[k];
    for (const [k, m] of saved) cache[k] = m;
  }
}

/** The real services (src/platform/services.ts) on `editor`, its stored key read, and the context they live in. */
export async function realServices(editor: FakeEditor): Promise<{ context: ReturnType<typeof fakeContext>; services: ServicesModule.KeyedServices }> {
  const S = loadIsolated<typeof ServicesModule>(editor.vscode, 'platform/services');
  const context = fakeContext(editor);
  const services = S.createServices(context as never);
  await services.ready;
  return { context, services };
}

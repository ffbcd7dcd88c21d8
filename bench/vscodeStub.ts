// A fake `vscode` module with just enough API for activate() to run outside the editor (bench only).
// Known classes, enums and async calls are written out; everything else is a generic Proxy that records
// what was touched. Must not depend on the real `vscode` module or on the extension's sources.

type Fn = (...args: unknown[]) => unknown;

/** What activate() did through the stub, for the bench to report. */
export interface StubRecord {
  commands: string[];
  errors: string[]; // window.showErrorMessage texts: activate() reports its own failures this way
  generic: Set<string>; // API paths served by the generic proxy
}

const noop = (): void => undefined;
const resolved = (): Promise<undefined> => Promise.resolve(undefined);

/**
 * A value that is anything: callable, constructible, any property is another such value (cached, so
 * `x.a === x.a`), writable, never a thenable, `dispose()` always works. `known` props win over the generic ones.
 */
function anything(path: string, rec: StubRecord, known: Record<string, unknown> = {}): unknown {
  const store = new Map<string | symbol, unknown>(Object.entries(known));
  const target = function stub(): void {} as unknown as Fn;
  return new Proxy(target, {
    get(_t, key) {
      if (store.has(key)) return store.get(key);
      if (typeof key === 'symbol') return key === Symbol.toPrimitive ? () => `[stub ${path}]` : undefined;
      if (key === 'then' || key === 'toJSON' || key === '__esModule') return undefined;
      if (key === 'dispose') return noop;
      rec.generic.add(`${path}.${key}`);
      const child = anything(`${path}.${key}`, rec);
      store.set(key, child);
      return child;
    },
    set(_t, key, value) {
      store.set(key, value);
      return true;
    },
    has: (_t, key) => store.has(key),
    // esbuild's __toESM copies own property names: the known members must be visible as own properties.
    ownKeys: (t) => [...new Set([...store.keys(), ...Reflect.ownKeys(t)])],
    getOwnPropertyDescriptor: (t, key) =>
      store.has(key) ? { value: store.get(key), writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(t, key),
    apply: () => anything(`${path}()`, rec),
    construct: () => anything(`new ${path}`, rec) as object,
  });
}

class Disposable {
  constructor(private readonly fn: () => unknown = noop) {}
  static from(...items: Array<{ dispose(): unknown }>): Disposable {
    return new Disposable(() => items.forEach((d) => d.dispose()));
  }
  dispose(): void {
    this.fn();
  }
}

class EventEmitter<T> {
  private readonly listeners = new Set<(e: T) => unknown>();
  readonly event = (listener: (e: T) => unknown): Disposable => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query = '',
    readonly fragment = '',
  ) {}
  static parse(value: string): Uri {
    const u = new URL(value);
    return new Uri(u.protocol.replace(/:$/, ''), u.host, u.pathname, u.search.replace(/^\?/, ''), u.hash.replace(/^#/, ''));
  }
  static file(p: string): Uri {
    return new Uri('file', '', p);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, base.authority, [base.path, ...parts].join('/').replace(/\/+/g, '/'));
  }
  static from(c: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(c.scheme, c.authority ?? '', c.path ?? '', c.query ?? '', c.fragment ?? '');
  }
  get fsPath(): string {
    return this.path;
  }
  with(c: { scheme?: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(c.scheme ?? this.scheme, c.authority ?? this.authority, c.path ?? this.path, c.query ?? this.query, c.fragment ?? this.fragment);
  }
  toString(): string {
    return `${this.scheme}://${this.authority}${this.path}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
  toJSON(): string {
    return this.toString();
  }
}

class MarkdownString {
  isTrusted: boolean | { enabledCommands: readonly string[] } | undefined;
  supportThemeIcons: boolean | undefined;
  supportHtml: boolean | undefined;
  baseUri: Uri | undefined;
  constructor(
    public value = '',
    supportThemeIcons = false,
  ) {
    this.supportThemeIcons = supportThemeIcons;
  }
  appendMarkdown(v: string): this {
    this.value += v;
    return this;
  }
  appendText(v: string): this {
    this.value += v.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
    return this;
  }
  appendCodeblock(code: string, lang = ''): this {
    this.value += `\n\`\`\`${lang}\n${code}\n\`\`\`\n`;
    return this;
  }
}

class ThemeIcon {
  static readonly File = new ThemeIcon('file');
  static readonly Folder = new ThemeIcon('folder');
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}
class ThemeColor {
  constructor(readonly id: string) {}
}
class TreeItem {
  [key: string]: unknown;
  constructor(
    public label: unknown,
    public collapsibleState = 0,
  ) {}
}
class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}
class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(a: Position | number, b: Position | number, c?: number, d?: number) {
    this.start = typeof a === 'number' ? new Position(a, b as number) : a;
    this.end = typeof a === 'number' ? new Position(c ?? 0, d ?? 0) : (b as Position);
  }
}
class Hover {
  constructor(
    readonly contents: unknown,
    readonly range?: Range,
  ) {}
}
class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
  cancel(): void {
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose(): void {
    this.emitter.dispose();
  }
}
class CancellationError extends Error {}

/** A `vscode` module object plus the record of what activate() did with it. */
export function createVscodeStub(): { vscode: unknown; record: StubRecord } {
  const rec: StubRecord = { commands: [], errors: [], generic: new Set() };
  const configuration = (section = ''): unknown =>
    anything(`configuration(${section})`, rec, {
      get: (_key: string, fallback?: unknown) => fallback,
      has: () => false,
      inspect: (key: string) => ({ key: section ? `${section}.${key}` : key }),
      update: resolved,
    });
  const vscode = anything('vscode', rec, {
    version: '1.90.0',
    Disposable,
    EventEmitter,
    Uri,
    MarkdownString,
    ThemeIcon,
    ThemeColor,
    TreeItem,
    Position,
    Range,
    Hover,
    CancellationTokenSource,
    CancellationError,
    StatusBarAlignment: { Left: 1, Right: 2 },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2, Three: 3 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    QuickPickItemKind: { Separator: -1, Default: 0 },
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    LogLevel: { Off: 0, Trace: 1, Debug: 2, Info: 3, Warning: 4, Error: 5 },
    commands: anything('commands', rec, {
      registerCommand: (id: string) => {
        rec.commands.push(id);
        return new Disposable();
      },
      executeCommand: resolved,
      getCommands: () => Promise.resolve([]),
    }),
    window: anything('window', rec, {
      showErrorMessage: (msg: string) => {
        rec.errors.push(msg);
        return resolved();
      },
      showInformationMessage: resolved,
      showWarningMessage: resolved,
      showInputBox: resolved,
      showQuickPick: resolved,
      withProgress: (_o: unknown, task: (p: unknown, t: unknown) => unknown) => Promise.resolve(task({ report: noop }, new CancellationTokenSource().token)),
      createTreeView: (id: string) => anything(`treeView(${id})`, rec, { visible: false, selection: [] }),
      createWebviewPanel: (id: string) => anything(`webviewPanel(${id})`, rec, { visible: false }),
      activeTextEditor: undefined,
      visibleTextEditors: [],
      state: { focused: true },
    }),
    // Namespaces must exist up front: esbuild's __toESM copies only the members present when the bundle loads.
    languages: anything('languages', rec),
    extensions: anything('extensions', rec),
    authentication: anything('authentication', rec),
    tasks: anything('tasks', rec),
    debug: anything('debug', rec),
    scm: anything('scm', rec),
    tests: anything('tests', rec),
    chat: anything('chat', rec),
    lm: anything('lm', rec),
    l10n: { t: (message: string | { message: string }) => (typeof message === 'string' ? message : message.message) },
    workspace: anything('workspace', rec, {
      getConfiguration: configuration,
      isTrusted: true,
      workspaceFolders: undefined,
    }),
    env: anything('env', rec, {
      clipboard: { writeText: resolved, readText: () => Promise.resolve('') },
      openExternal: () => Promise.resolve(true),
      asExternalUri: (u: Uri) => Promise.resolve(u),
      language: 'en',
      appName: 'Visual Studio Code',
      uriScheme: 'vscode',
    }),
  });
  return { vscode, record: rec };
}

/** A fresh ExtensionContext: subscriptions, secrets and mementos that work, the rest generic. */
export function createContext(rec: StubRecord): { context: unknown; subscriptions: Array<{ dispose(): unknown }> } {
  const subscriptions: Array<{ dispose(): unknown }> = [];
  const memento = (): unknown => {
    const m = new Map<string, unknown>();
    return {
      get: (k: string, d?: unknown) => (m.has(k) ? m.get(k) : d),
      update: (k: string, v: unknown) => {
        m.set(k, v);
        return resolved();
      },
      keys: () => [...m.keys()],
      setKeysForSync: noop,
    };
  };
  const secretEvents = new EventEmitter<{ key: string }>();
  const context = anything('context', rec, {
    subscriptions,
    secrets: { get: resolved, store: resolved, delete: resolved, onDidChange: secretEvents.event },
    globalState: memento(),
    workspaceState: memento(),
    extensionUri: Uri.file('/bench/near-lens'),
    extensionPath: '/bench/near-lens',
    extensionMode: 1,
    asAbsolutePath: (p: string) => `/bench/near-lens/${p}`,
  });
  return { context, subscriptions };
}

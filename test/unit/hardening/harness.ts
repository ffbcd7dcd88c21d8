// Shared pieces of the hardening suite: services over the stub with a recording log, the three data surfaces
// (hover, watchlist tree, balance panel) driven through their feature classes, leak scans, inertness checks,
// an unhandled-rejection tracker and a plain-text table printer.
import { strict as assert } from 'node:assert';
import { TtlCache } from '../../../src/client/cache';
import { NearClient } from '../../../src/client/client';
import type { ClientOptions, RequestLogEntry } from '../../../src/client/client';
import { HOVER_COMMANDS } from '../../../src/features/hover/model/hoverMarkdown';
import { normaliseSettings } from '../../../src/platform/settings';
import type { Settings } from '../../../src/platform/settings';
import type { HostMessage, PanelViewModel } from '../../../src/features/panel/protocol';
import type { WatchNode } from '../../../src/features/watchlist/model/watchlistNodes';
import type * as HoverModule from '../../../src/features/hover/hoverProvider';
import type * as PanelModule from '../../../src/features/panel/panelHost';
import type * as WatchlistModule from '../../../src/features/watchlist/treeProvider';
import type { Services } from '../../../src/platform/services';
import type { Stub } from '../../support/stub';
import { createFakeEditor, FakeWebviewPanel, loadIsolated } from '../../support/fakeEditor';
import type { FakeEditor } from '../../support/fakeEditor';

/** The API key used everywhere in the suite: recognisable in any text it could leak into. */
export const CANARY = 'nlk_LEAKCANARY_7f3a9c1e5b2d4f60';
/** Spellings of the canary that would still be a leak (URL/form/JSON encoded, base64 of a body). */
export function canaryForms(key = CANARY): string[] {
  return [key, encodeURIComponent(key), Buffer.from(key).toString('base64'), Buffer.from(key).toString('base64url'), key.slice(4, 24)];
}

export interface Features {
  editor: FakeEditor;
  hover: typeof HoverModule;
  watchlist: typeof WatchlistModule;
  panel: typeof PanelModule;
}

export function loadFeatures(): Features {
  const editor = createFakeEditor();
  return {
    editor,
    hover: loadIsolated<typeof HoverModule>(editor.vscode, 'features/hover/hoverProvider'),
    watchlist: loadIsolated<typeof WatchlistModule>(editor.vscode, 'features/watchlist/treeProvider'),
    panel: loadIsolated<typeof PanelModule>(editor.vscode, 'features/panel/panelHost'),
  };
}

export interface TestServices extends Services {
  lines: string[]; // what the features wrote to the log (warn/info/error/request)
  requestLog: RequestLogEntry[]; // the client's log hook
  client: NearClient;
  setClient(c: NearClient): void;
  /** A new client with the same options (as after a settings change: a fresh cache and no 429 cooldown). */
  renewClient(): NearClient;
}

export function endpointsOf(stub: Stub): { apiUrl: string; rpcUrl: string; archivalRpcUrl: string } {
  return { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl };
}

/** Services as the features see them, over one NearClient on the stub (settings as a user would have them). */
export function makeServices(stub: Stub, o: { watchlist?: string[]; client?: Partial<ClientOptions>; settings?: Partial<Settings> } = {}): TestServices {
  const lines: string[] = [];
  const requestLog: RequestLogEntry[] = [];
  const settings: Settings = {
    ...normaliseSettings({ requestTimeoutMs: { globalValue: 1000 } }, { trusted: true }),
    endpoints: endpointsOf(stub),
    watchlist: o.watchlist ?? [],
    ...o.settings,
  };
  const build = (): NearClient =>
    new NearClient({
      endpoints: endpointsOf(stub),
      cache: new TtlCache(),
      retryBaseMs: 1,
      // How each REST failure reads when nothing stands in; the RPC standing in is rpcAccount.test.ts's and the storm hour's.
      restFallback: false,
      log: (e) => {
        requestLog.push(e);
        lines.push(`request ${JSON.stringify(e)}`);
      },
      ...o.client,
    });
  let client = build();
  const log = {
    trace: (m: string) => lines.push(`trace ${m}`),
    debug: (m: string) => lines.push(`debug ${m}`),
    info: (m: string) => lines.push(`info ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
    error: (m: string) => lines.push(`error ${m}`),
    request: (e: RequestLogEntry) => lines.push(`request ${JSON.stringify(e)}`),
  };
  return {
    lines,
    requestLog,
    get client() {
      return client;
    },
    setClient: (c: NearClient) => {
      client = c;
    },
    renewClient: () => (client = build()),
    settings,
    onDidChange: () => ({ dispose: () => undefined }),
    hasApiKey: o.client?.apiKey !== undefined,
    ready: Promise.resolve(),
    clientForAccount: () => ({ client, network: 'mainnet' as const, name: 'mainnet' }),
    clientForNetwork: () => ({ client, network: 'mainnet' as const, name: 'mainnet' }),
    explorerUrl: (id: string) => `https://nearblocks.io/address/${encodeURIComponent(id)}`,
    log: log as unknown as Services['log'],
    dispose: () => undefined,
  } as TestServices;
}

// ---------------------------------------------------------------- surfaces

/** The balance panel of one account through the real AccountPanel (fake webview), after the ready handshake. */
export class PanelSurface {
  readonly fake: FakeWebviewPanel;
  readonly host: PanelModule.AccountPanel;
  constructor(f: Features, services: Services, accountId: string) {
    this.fake = new FakeWebviewPanel('nearLens.balancePanel', f.editor.rec);
    this.host = new f.panel.AccountPanel(
      this.fake as never,
      accountId,
      services,
      { scheme: 'file', path: '/ext', toString: () => 'file:///ext' } as never,
      () => undefined,
    );
  }
  async ready(): Promise<void> {
    this.fake.webview.send({ type: 'ready' });
    await this.host.current;
  }
  async refresh(): Promise<void> {
    this.fake.webview.send({ type: 'refresh' });
    await this.host.current;
  }
  /** What a reloaded webview is sent: the current model (old figures + notes) and the error, if any. */
  async repaint(): Promise<HostMessage[]> {
    const from = this.fake.webview.posted.length;
    this.fake.webview.send({ type: 'ready' });
    await this.host.current;
    return this.fake.webview.posted.slice(from) as HostMessage[];
  }
  get posted(): HostMessage[] {
    return this.fake.webview.posted as HostMessage[];
  }
  lastModel(): PanelViewModel | undefined {
    const m = [...this.posted].reverse().find((x) => x.type === 'account');
    return m?.type === 'account' ? m.data : undefined;
  }
  lastError(): string | undefined {
    const last = this.posted.at(-1);
    return last?.type === 'error' ? last.message : undefined;
  }
}

/** The watchlist view through the real WatchlistProvider: shows the roots, loads, expands groups on request. */
export class TreeSurface {
  readonly provider: WatchlistModule.WatchlistProvider;
  constructor(f: Features, services: Services) {
    this.provider = new f.watchlist.WatchlistProvider(services);
  }
  async show(): Promise<WatchNode[]> {
    const roots = this.provider.getChildren();
    for (const r of roots) this.provider.getTreeItem(r);
    await this.provider.whenIdle();
    return this.provider.getChildren();
  }
  root(id: string): WatchNode {
    const r = this.provider.getChildren().find((n) => n.accountId === id);
    assert.ok(r, `no root ${id}`);
    return r;
  }
  children(n: WatchNode): WatchNode[] {
    return this.provider.getChildren(n);
  }
  /** Expands the groups whose label starts with one of `labels` (their lazy loads start) and waits. */
  async expand(id: string, ...labels: string[]): Promise<void> {
    for (const g of this.children(this.root(id))) if (labels.some((l) => g.label.startsWith(l))) this.children(g);
    await this.provider.whenIdle();
  }
  group(id: string, label: string): WatchNode {
    const g = this.children(this.root(id)).find((n) => n.label.startsWith(label));
    assert.ok(
      g,
      `no group ${label} under ${id}: ${this.children(this.root(id))
        .map((n) => n.label)
        .join(' | ')}`,
    );
    return g;
  }
  /** Every node of the tree as the TreeItems VS Code would be given (label, description, tooltip). */
  items(): Array<{ label: string; description?: string; tooltip?: unknown; id?: string }> {
    const out: Array<{ label: string; description?: string; tooltip?: unknown; id?: string }> = [];
    const walk = (nodes: readonly WatchNode[]): void => {
      for (const n of nodes) {
        const item = this.provider.getTreeItem(n) as unknown as { label: string; description?: string; tooltip?: unknown; id?: string };
        out.push(item);
        walk(n.children);
      }
    };
    walk(this.provider.getChildren());
    return out;
  }
}

// ---------------------------------------------------------------- checks

/** Markdown escaped by escapeMarkdown, read back as the text a person sees (backslash escapes and entities undone). */
export function unescapeMarkdown(md: string): string {
  return md
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

// Controls, bidi overrides/isolates/marks and invisible characters (the set src/base/text.ts removes).
// eslint-disable-next-line no-control-regex
export const INVISIBLE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/;

const OUR_LINK = /\[((?:\\.|[^\]\\])*)\]\(command:([A-Za-z.]+)\?([^)\s]*)\)/g;

/**
 * Checks that hover markdown is inert: the only links are our command links with an allowlisted id and a
 * URI-encoded JSON argument; everything else has no unescaped link/image/HTML/autolink syntax, no raw HTML and
 * no invisible or bidi characters. Returns the markdown with our links removed.
 */
export function assertInertMarkdown(md: string, what = 'hover'): string {
  assert.ok(!INVISIBLE.test(md), `${what}: invisible/control/bidi character in ${JSON.stringify(md.slice(0, 200))}`);
  const rest = md.replace(OUR_LINK, (_m, label: string, id: string, arg: string) => {
    assert.ok((HOVER_COMMANDS as readonly string[]).includes(id), `${what}: command ${id} is not allowlisted`);
    assert.ok(/^[A-Za-z0-9%._~!*'-]*$/.test(arg), `${what}: link argument not URI-encoded: ${arg.slice(0, 80)}`);
    assert.doesNotThrow(() => JSON.parse(decodeURIComponent(arg)), `${what}: link argument is not JSON`);
    assert.ok(!/(^|[^\\])[[\]<>`]/.test(label), `${what}: link label not escaped: ${label}`);
    return 'LINK';
  });
  // Outside our links, every markdown-active character must be escaped (or be part of our own ** / _ markup).
  const unescaped = (ch: string): boolean => {
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '\\') {
        i++;
        continue;
      }
      if (rest[i] === ch) return true;
    }
    return false;
  };
  for (const ch of ['[', ']', '<', '>', '`', '|', '$', '!']) assert.ok(!unescaped(ch), `${what}: unescaped ${ch} in ${JSON.stringify(rest.slice(0, 300))}`);
  // No autolinkable scheme or www. (the colon / dot would be escaped), no raw entity that could decode to markup.
  assert.ok(
    !/(?:^|[^\\])\b(?:javascript|command|https?|data|vbscript|file|mailto|ftp)\s*:/i.test(rest.replace(/\\:/g, '')),
    `${what}: live URI scheme in ${JSON.stringify(rest.slice(0, 300))}`,
  );
  assert.ok(!/\bwww\./i.test(rest), `${what}: autolinkable www.`);
  assert.ok(!/&(?!amp;|lt;|gt;|quot;|#39;)/.test(rest), `${what}: raw entity or ampersand`);
  return rest;
}

/** Plain text for a tree item / webview textContent: no invisible or bidi characters, bounded length. */
export function assertPlainText(text: unknown, max: number, what: string, opts: { multiline?: boolean } = {}): void {
  if (text === undefined) return;
  assert.equal(typeof text, 'string', `${what}: not plain text (${typeof text})`);
  const s = text as string;
  assert.ok(!INVISIBLE.test(s), `${what}: invisible/control/bidi character in ${JSON.stringify(s.slice(0, 120))}`);
  if (!opts.multiline) assert.ok(!/[\r\n\u2028\u2029]/.test(s), `${what}: line break in ${JSON.stringify(s.slice(0, 120))}`);
  assert.ok([...s].length <= max, `${what}: ${[...s].length} characters, more than ${max}`);
}

// ---------------------------------------------------------------- process-wide

/** Records unhandled rejections while installed (mocha's own handler still runs too). */
export function trackUnhandledRejections(): { list: unknown[]; stop(): void } {
  const list: unknown[] = [];
  const on = (reason: unknown): void => void list.push(reason);
  process.on('unhandledRejection', on);
  return { list, stop: () => void process.off('unhandledRejection', on) };
}

/** Waits for pending timers/microtasks (late rejections surface here). */
export function settle(ms = 20): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** A plain-text table for the test output. */
export function formatTable(head: readonly string[], rows: ReadonlyArray<readonly string[]>, width = 58): string {
  const cell = (s: string): string => {
    const one = s.replace(/\s+/g, ' ');
    return one.length > width ? `${one.slice(0, width - 1)}…` : one;
  };
  const all = [head, ...rows].map((r) => r.map(cell));
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(all[0] ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...all.slice(1).map(line)].join('\n');
}

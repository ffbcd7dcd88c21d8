// The storm hour: the whole extension activated under the fake editor (real services, client, watchlist with its
// auto-refresh timer, hover provider, balance panel), watching many accounts on the loopback stub while the stub goes
// through a fault schedule (429 storms with Retry-After in seconds and as HTTP dates, 503s, resets, stalls, HTML
// pages), then recovers — on a fake clock (test/support/fakeClock.ts), so a simulated hour takes seconds. It records
// what was sent, when, and what each surface showed, and returns the figures; the hardening suite asserts on them
// (test/unit/hardening/stormHour.test.ts) and the bench reports a short run (bench/storm.ts).
// Plain Node: must not depend on mocha.
import vm from 'node:vm';
import v8 from 'node:v8';
import { formatNear } from '../../src/near/amounts';
import { escapeMarkdown } from '../../src/base/text';
import { parseRetryAfter } from '../../src/client/messages';
import { REFRESH_CONCURRENCY } from '../../src/client/limit';
import { DEFAULT_MAX_RETRY_AFTER_MS, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../../src/client/transport';
import type { WatchNode } from '../../src/features/watchlist/model/watchlistNodes';
import type { HostMessage, PanelViewModel } from '../../src/features/panel/protocol';
import type * as ExtensionModule from '../../src/extension';
import { createFakeEditor, fakeContext, loadIsolated } from './fakeEditor';
import type { FakeWebviewPanel } from './fakeEditor';
import { FakeClock } from './fakeClock';
import { startStub } from './stub';
import type { Fault } from './stub';
import { seeded } from './seeded';

/** One stretch of the schedule: how the service answers each request during it. */
export interface Phase {
  name: string;
  minutes: number;
  /** 'rate-limit': every request is answered 429 with a Retry-After (the origin's cooldown applies). */
  kind: 'healthy' | 'rate-limit' | 'faults';
  /** r: a seeded uniform draw in [0, 1); at: the fake time; n: how many requests this phase has answered. */
  fault?: (r: number, at: number, n: number) => Fault | undefined;
  /** Only this host fails (the REST API's bad hour, #26); default every service host. */
  only?: 'api';
}

/** Retry-After values the storms cycle through (1–120 s: some within the client's 30 s cap, some beyond). */
export const RETRY_AFTER_S = [1, 4, 9, 20, 30, 31, 45, 60, 90, 120] as const;
const STALL_MS = 10_000;

const rateLimit = (seconds: number, form: 'seconds' | 'date', at: number): Fault => ({
  kind: 'status',
  status: 429,
  headers: { 'retry-after': form === 'seconds' ? String(seconds) : new Date(at + seconds * 1000).toUTCString() },
});
const F503: Fault = { kind: 'status', status: 503, raw: '' };
const HTML_502: Fault = { kind: 'html', status: 502 };
const HTML_200: Fault = { kind: 'html' };
const RESET: Fault = { kind: 'reset' };
const STALL: Fault = { kind: 'stall', ms: STALL_MS };

/** The phases in order, each `minutes` long (whole minutes), with the given lengths. */
function phases(m: readonly [number, number, number, number, number, number, number, number, number]): Phase[] {
  return [
    { name: 'healthy', minutes: m[0], kind: 'healthy' },
    {
      name: '429 storm, Retry-After in seconds',
      minutes: m[1],
      kind: 'rate-limit',
      fault: (_r, at, n) => rateLimit(RETRY_AFTER_S[n % RETRY_AFTER_S.length]!, 'seconds', at),
    },
    { name: '503s and gateway HTML pages (502)', minutes: m[2], kind: 'faults', fault: (r) => (r < 0.5 ? F503 : r < 0.75 ? HTML_502 : undefined) },
    { name: 'connection resets', minutes: m[3], kind: 'faults', fault: (r) => (r < 0.5 ? RESET : undefined) },
    { name: `${STALL_MS / 1000} s stalls`, minutes: m[4], kind: 'faults', fault: (r) => (r < 0.35 ? STALL : undefined) },
    { name: 'HTML error pages (200)', minutes: m[5], kind: 'faults', fault: (r) => (r < 0.6 ? HTML_200 : undefined) },
    {
      name: 'mixed (429, 503, resets, stalls, HTML)',
      minutes: m[6],
      kind: 'faults',
      fault: (r, at, n) =>
        r < 0.2
          ? rateLimit([1, 5, 12, 30][n % 4]!, n % 2 === 0 ? 'seconds' : 'date', at)
          : r < 0.35
            ? F503
            : r < 0.45
              ? RESET
              : r < 0.55
                ? STALL
                : r < 0.65
                  ? HTML_200
                  : undefined,
    },
    {
      name: '429 storm, Retry-After as HTTP date',
      minutes: m[7],
      kind: 'rate-limit',
      fault: (_r, at, n) => rateLimit(RETRY_AFTER_S[(n * 3) % RETRY_AFTER_S.length]!, 'date', at),
    },
    { name: 'recovered', minutes: m[8], kind: 'healthy' },
  ];
}

/** The hour of issue #19: 45 minutes of trouble, then 15 of calm. */
export const STORM_HOUR: readonly Phase[] = phases([5, 8, 5, 5, 6, 4, 6, 6, 15]);
/** The bench's short version: the same phases in 16 minutes. */
export const STORM_SHORT: readonly Phase[] = phases([2, 2, 1, 1, 2, 1, 2, 2, 3]);
/**
 * The REST API's bad hour (#26): REST answers 503s and gateway pages for ten minutes while the RPC host is healthy; the
 * state comes from view_account, so hovers and the tree keep showing fresh native balances throughout.
 */
export const REST_OUTAGE: readonly Phase[] = [
  { name: 'healthy', minutes: 2, kind: 'healthy' },
  { name: 'REST API down (503, 502 pages), RPC healthy', minutes: 10, kind: 'faults', only: 'api', fault: (r) => (r < 0.7 ? F503 : HTML_502) },
  { name: 'recovered', minutes: 3, kind: 'healthy' },
];
/** The same workload with a service that never fails (the minimum the workload needs). */
export const calm = (p: readonly Phase[]): Phase[] => p.map((x) => ({ name: x.name, minutes: x.minutes, kind: 'healthy' }));

export interface StormOptions {
  phases: readonly Phase[];
  accounts?: number; // watched, default 50
  intervalSeconds?: number; // auto-refresh, default 30
  hoverEverySeconds?: number; // default 20
  panelRefreshEverySeconds?: number; // default 120
  seed?: number;
  /** Samples heapUsed after gc at these minutes (gc is exposed at run time when node did not get --expose-gc). */
  heapAtMinutes?: readonly number[];
}

export interface PhaseFigures {
  name: string;
  kind: Phase['kind'];
  fromMin: number;
  toMin: number;
  sent: number;
  maxPerMinute: number;
  minPerMinute: number;
  answered429: number;
  /** The most attempts per minute the client's policy allows in this phase (see `bounds`). */
  bound: number;
  /** Accounts whose tree item showed the last good figures marked stale at the end of the phase / fresh / still loading. */
  stale: number;
  fresh: number;
  refreshing: number;
  /** Of the fresh ones, those whose state came from RPC (the REST API failing, #26). */
  fromRpc: number;
  /** The most accounts seen stale, and fresh from RPC, in the tree at any minute of the phase (counted each minute). */
  staleSeen: number;
  fromRpcSeen: number;
}

export interface StormReport {
  accounts: number;
  intervalSeconds: number;
  phases: PhaseFigures[];
  perMinute: number[];
  sent: number;
  /** Attempts-per-minute bounds from the policy, and how they are made up. */
  bounds: { faults: number; rateLimit: number; why: string };
  rateLimits: { answered: number; seconds: number; dates: number; minWaitS: number; maxWaitS: number };
  /** Requests that left while an earlier 429's Retry-After had not passed (must be none). */
  earlySends: string[];
  /** fromRpc: fresh hovers whose state came from RPC while the REST API failed (#26). */
  hovers: { total: number; fresh: number; stale: number; fromRpc: number; staleReasons: Record<string, number> };
  /** maxLagMs: how much later than the /full answer the stale note's time is (the panel stamps the end of its load). */
  panel: { refreshes: number; fresh: number; stale: number; fromRpc: number; maxLagMs: number };
  /** Every broken promise of the surfaces (figures lost, a stale mark without time or reason, a wrong time, …). */
  problems: string[];
  recovery: {
    /** Healthy again and every Retry-After passed (ms from the start). */
    atMs: number;
    /** The last account to show its new figures, in ms after that. */
    lastFreshAfterMs: number;
    notFresh: string[];
  };
  afterDispose: { intervals: number; timers: number; drainedInMs: number; timersLeft: number; sent: number };
  heapMB: Array<[minute: number, mb: number]>;
  unhandled: string[];
  /**
   * #34: every 5th account gains a full-access key when the service recovers. Alerts said before that (from a failed
   * or stale read: must be none); the accounts alerted after (each once: none twice, none lost); the accounts whose
   * Changes list the new key at the end.
   */
  watch: { alertsBeforeRecovery: string[]; keyAlerts: string[]; expected: string[]; keyChanges: string[] };
  realMs: number;
}

type Api = NonNullable<ReturnType<typeof ExtensionModule.activate>>;
type Provider = {
  getChildren(n?: WatchNode): WatchNode[];
  getTreeItem(n: WatchNode): { label: string; description?: string };
  entry(id: string): { full: { status: string; data?: { state: { balance: bigint } | null }; updatedAt?: number; error?: string } } | undefined;
};

const START = Date.UTC(2026, 0, 15, 9, 0, 0);
/** #34: the full-access key every 5th account gains when the service comes back. */
const STORM_KEY = 'ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847';
const MINUTE = 60_000;
const SEQ = 'x-storm-seq';
const NULL_BODY = new Set([101, 204, 205, 304]);

/** What a user may read as the reason of a stale mark: NEAR Lens's own sentences for the faults of the schedule. */
export const KNOWN_REASONS: ReadonlyArray<[string, RegExp]> = [
  ['rate limited', /^Rate limited by the service — set an API key or try again in \d+ (s|min)\.$/],
  ['unavailable (503/502)', /^The service is unavailable right now \(HTTP 50[23]\)\.$/],
  ['reset', /^The connection to 127\.0\.0\.1:\d+ was reset\.$/],
  ['timeout', /^No answer from 127\.0\.0\.1:\d+ within 8 s\.$/],
  ['HTML page', /^The service answered with an HTML page, not JSON\.$/],
  ['hover budget', /^no answer within 3 s; hover again in a moment\.$/],
];
const reasonOf = (text: string): string | undefined => KNOWN_REASONS.find(([, re]) => re.test(text))?.[0];

const yocto = (whole: number, frac: string): string => `${whole}${frac.padEnd(24, '0')}`;
/** Figures before the recovery (kept through the storm) and after it (a refresh must fetch them). */
const before = (i: number): string => yocto(100 + i, '12345');
const after = (i: number): string => yocto(200 + i, '5');
const fullBody = (id: string, balance: string): unknown => ({
  account_id: id,
  nfts: [],
  pools: [],
  state: { balance, locked: '0', storage_bytes: 2000 },
  tokens: [],
});
const shown = (balance: string): string => formatNear(BigInt(balance), 5);

function gcFunction(): () => void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (typeof g === 'function') return g;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export async function runStormHour(o: StormOptions): Promise<StormReport> {
  const t0 = performance.now();
  const n = o.accounts ?? 50;
  const interval = o.intervalSeconds ?? 30;
  const hoverEvery = o.hoverEverySeconds ?? 20;
  const panelEvery = o.panelRefreshEverySeconds ?? 120;
  const ids = Array.from({ length: n }, (_, i) => `storm-${String(i).padStart(2, '0')}.near`);
  const index = new Map(ids.map((id, i) => [id, i]));
  const totalMs = o.phases.reduce((s, p) => s + p.minutes, 0) * MINUTE;
  const starts = o.phases.map((_, i) => o.phases.slice(0, i).reduce((s, p) => s + p.minutes, 0) * MINUTE);
  const phaseAt = (at: number): number => {
    let k = 0;
    for (let i = 0; i < starts.length; i++) if (at - START >= starts[i]!) k = i;
    return k;
  };
  const recoveryStart = START + starts[starts.length - 1]!;
  /** The longest one logical request lasts: every attempt timing out, each retry after the longest Retry-After waited for. */
  const lifeMs = (1 + DEFAULT_RETRIES) * DEFAULT_TIMEOUT_MS + DEFAULT_RETRIES * DEFAULT_MAX_RETRY_AFTER_MS;

  const problems: string[] = [];
  const problem = (p: string): void => void (problems.length < 60 && problems.push(p));
  const unhandled: string[] = [];
  const onUnhandled = (e: unknown): void => void unhandled.push(e instanceof Error ? e.message : String(e));
  process.on('unhandledRejection', onUnhandled);

  const stub = await startStub();
  for (const [i, id] of ids.entries()) stub.putAccount(id, fullBody(id, before(i)));
  const clock = new FakeClock(START);
  const realFetch = globalThis.fetch;

  // ---- what leaves the client, seen from the fetch under ofetch
  const perMinute: number[] = Array.from({ length: Math.ceil(totalMs / MINUTE) }, () => 0);
  const inflight = new Set<number>();
  const heldUntil = new Map<number, number>(); // stalled at the stub until then
  const windows: Array<{ from: number; until: number; origin: string }> = []; // open Retry-After windows
  const goodAt = new Map<string, Set<number>>(); // account → times a good /full (or, standing in, view_account) answer arrived
  const rate = { answered: 0, seconds: 0, dates: 0, minWaitS: Infinity, maxWaitS: 0, lastEnd: 0 };
  const phase429 = o.phases.map(() => 0);
  const earlySends: string[] = [];
  let seq = 0;
  let sentAfterDispose = 0;
  let disposed = false;

  globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const origin = new URL(url).origin;
    const at = clock.now();
    const s = ++seq;
    if (disposed) sentAfterDispose++;
    const minute = Math.floor((at - START) / MINUTE);
    if (minute >= 0 && minute < perMinute.length) perMinute[minute]!++;
    for (const w of windows) {
      if (w.origin === origin && at > w.from && at < w.until) {
        if (earlySends.length < 20)
          earlySends.push(
            `${new URL(url).pathname} at +${((at - START) / 1000).toFixed(3)} s, ${((w.until - at) / 1000).toFixed(3)} s before the Retry-After of +${((w.from - START) / 1000).toFixed(3)} s passed`,
          );
        break;
      }
    }
    inflight.add(s);
    try {
      const headers = new Headers(init?.headers);
      headers.set(SEQ, String(s));
      const res = await realFetch(input, { ...init, headers });
      // Read here, whole: the answer is in before the fake clock may move again.
      const body = NULL_BODY.has(res.status) ? null : await res.arrayBuffer();
      const now = clock.now();
      if (res.status === 429) {
        const header = res.headers.get('retry-after') ?? '';
        const wait = parseRetryAfter(header, now);
        if (wait !== undefined) {
          windows.push({ from: now, until: now + wait, origin });
          rate.answered++;
          phase429[phaseAt(now)]!++;
          if (/^\d+$/.test(header)) rate.seconds++;
          else rate.dates++;
          rate.minWaitS = Math.min(rate.minWaitS, wait / 1000);
          rate.maxWaitS = Math.max(rate.maxWaitS, wait / 1000);
          rate.lastEnd = Math.max(rate.lastEnd, now + wait);
        }
      }
      const m = /\/v1\/account\/([^/]+)\/full$/.exec(new URL(url).pathname);
      // A view_account answer is a good answer too: the RPC host stands in for a failing REST API (#26).
      const view = typeof init?.body === 'string' ? /"request_type":"view_account","account_id":"([^"]+)","finality"/.exec(init.body) : null;
      const good = m ? /json/.test(res.headers.get('content-type') ?? '') : view && body && /"result":\{[^}]*"amount"/.test(new TextDecoder().decode(body));
      const account = m?.[1] ?? view?.[1];
      if (account && good && res.status === 200) {
        const set = goodAt.get(account) ?? new Set<number>();
        set.add(now);
        goodAt.set(account, set);
      }
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } finally {
      inflight.delete(s);
    }
  };

  // ---- the fault schedule, on the fake clock
  const draw = seeded(o.seed ?? 19);
  const answered = o.phases.map(() => 0);
  stub.faultBy((req) => {
    const at = clock.now();
    const k = phaseAt(at);
    const p = o.phases[k]!;
    if (p.only && req.host !== p.only) return undefined;
    const fault = p.fault?.(draw(), at, answered[k]!++);
    if (fault?.kind === 'stall') heldUntil.set(Number(req.headers[SEQ]), at + fault.ms);
    return fault;
  });

  /** Until every request in flight is either answered or held by a stub stall beyond now (real I/O settles; fake time does not move). */
  const settle = async (): Promise<void> => {
    const quiet = (): boolean => [...inflight].every((s) => (heldUntil.get(s) ?? -1) > clock.now());
    for (let calm = 0; calm < 3;) {
      await new Promise<void>((r) => setImmediate(r));
      calm = quiet() ? calm + 1 : 0;
    }
  };
  const pending = new Set<Promise<unknown>>();
  /** A scheduled action: runs on the fake clock at `ms` from the start; its promise is awaited at the end. */
  const at = (ms: number, action: () => unknown): void => {
    setTimeout(() => {
      const p = Promise.resolve()
        .then(action)
        .catch((e: unknown) => problem(`action at +${ms / 1000} s threw: ${e instanceof Error ? e.message : String(e)}`));
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }, ms);
  };

  clock.install();
  const editor = createFakeEditor({
    user: {
      network: 'custom',
      'customNetwork.apiUrl': stub.apiUrl,
      'customNetwork.rpcUrl': stub.rpcUrl,
      'customNetwork.archivalRpcUrl': stub.archivalRpcUrl,
      refreshIntervalSeconds: interval,
      watchlist: ids,
    },
  });
  const gc = o.heapAtMinutes?.length ? gcFunction() : undefined;
  const heapMB: Array<[number, number]> = [];
  const report = {} as StormReport;
  const alertsBeforeRecovery: string[] = [];
  let watchFig: StormReport['watch'] | undefined;
  try {
    const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
    const context = fakeContext(editor);
    const api = ext.activate(context as never) as Api | undefined;
    if (!api) throw new Error(`activation failed: ${JSON.stringify(editor.rec.notifications)}`);
    const provider = editor.treeProviders.get('nearLens.watchlist') as Provider;

    // The view is shown: VS Code asks for the roots and their items (which starts each account's first load).
    for (const r of provider.getChildren()) provider.getTreeItem(r);

    // ---- checks of the three surfaces
    const phaseFig = o.phases.map((p, i): PhaseFigures => {
      const from = starts[i]! / MINUTE;
      return {
        name: p.name,
        kind: p.kind,
        fromMin: from,
        toMin: from + p.minutes,
        sent: 0,
        maxPerMinute: 0,
        minPerMinute: 0,
        answered429: 0,
        bound: 0,
        stale: 0,
        fresh: 0,
        refreshing: 0,
        fromRpc: 0,
        staleSeen: 0,
        fromRpcSeen: 0,
      };
    });
    const expectedBalance = (i: number, now: number): string[] => (now < recoveryStart ? [before(i)] : [before(i), after(i)]);
    const checkTree = (k: number): void => {
      const now = clock.now();
      const fig = phaseFig[k]!;
      const roots = provider.getChildren();
      for (const [i, id] of ids.entries()) {
        const e = provider.entry(id);
        const s = e?.full;
        const st = s?.data?.state;
        const where = `${fig.name}: tree ${id}`;
        if (!s || !st) {
          problem(`${where} shows no figures (${s?.status ?? 'no entry'})`);
          continue;
        }
        const balance = String(st.balance);
        if (!expectedBalance(i, now).includes(balance)) problem(`${where} shows ${balance}, not its last good figures`);
        const root = roots.find((r) => r.accountId === id);
        const item = root && provider.getTreeItem(root);
        if (!root || !item) {
          problem(`${where}: no tree item`);
          continue;
        }
        // The figure, after what changed when something did (the news leads a changed account's description).
        const reads = (figure: string): boolean => item.description === figure || item.description?.endsWith(` · ${figure}`) === true;
        // A refresh still in flight at this instant (a stalled attempt) keeps the figures and says so: "· refreshing…".
        const mark = s.status === 'failed' ? ' · refresh failed' : s.status === 'loading' ? ' · refreshing…' : '';
        if (!item.description?.includes(shown(balance)) || !reads(`${shown(balance)}${mark}`)) problem(`${where}: the item reads "${item.description ?? ''}"`);
        if (s.status === 'failed') {
          fig.stale++;
          const line = root.children[0];
          const reason = line?.label.replace(/^Refresh failed: /, '') ?? '';
          if (!reads(`${shown(balance)} · refresh failed`)) problem(`${where}: stale without the mark ("${item.description ?? ''}")`);
          if (!line?.label.startsWith('Refresh failed: ') || !reasonOf(reason)) problem(`${where}: stale line "${line?.label ?? ''}" has no known reason`);
          const when = s.updatedAt === undefined ? undefined : new Date(s.updatedAt).toLocaleTimeString();
          if (when === undefined || line?.description !== `showing data from ${when}`)
            problem(`${where}: stale line without its time ("${line?.description ?? ''}")`);
          if (s.updatedAt === undefined || !goodAt.get(id)?.has(s.updatedAt)) problem(`${where}: the time shown is not when a good answer came`);
        } else if (s.status === 'ok') {
          fig.fresh++;
          if ((s.data as { source?: unknown } | undefined)?.source) fig.fromRpc++;
        } else fig.refreshing++;
      }
    };

    const hoverFig = { total: 0, fresh: 0, stale: 0, fromRpc: 0, staleReasons: {} as Record<string, number> };
    const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
    const hover = async (id: string): Promise<void> => {
      const i = index.get(id)!;
      const text = `owner = "${id}"`;
      const h = (await api.hoverProvider.provideHover(
        { uri: { scheme: 'file' }, lineAt: () => ({ text }) } as never,
        { line: 0, character: 10 } as never,
        token as never,
      )) as { contents: Array<{ value: string }> } | undefined;
      const md = h?.contents.map((c) => c.value).join('\n') ?? '';
      const now = clock.now();
      const where = `hover of ${id} at +${(now - START) / 1000} s`;
      hoverFig.total++;
      const figures = expectedBalance(i, now).some((b) => md.includes(`Total owned: **${escapeMarkdown(shown(b))}**`));
      if (!figures) problem(`${where} shows no last good figures: ${md.slice(0, 160)}`);
      const plain = md.replace(/\\(.)/g, '$1');
      const stale = /Live data unavailable: (.*?) Showing the last data received(?: \(from ([^)]+)\))?\./.exec(plain);
      if (stale && !stale[2]) problem(`${where}: stale without the time of its data`);
      if (stale) {
        hoverFig.stale++;
        const reason = reasonOf(stale[1]!);
        if (!reason) problem(`${where}: stale without a known reason: "${stale[1]!}"`);
        else hoverFig.staleReasons[reason] = (hoverFig.staleReasons[reason] ?? 0) + 1;
      } else {
        hoverFig.fresh++;
        if (/State from RPC; tokens unavailable: REST API /.test(plain)) hoverFig.fromRpc++;
      }
    };

    const panelFig = { refreshes: 0, fresh: 0, stale: 0, fromRpc: 0, maxLagMs: 0 };
    let panel: FakeWebviewPanel | undefined;
    const panelId = ids[0]!;
    const lastModel = (posts: readonly HostMessage[]): PanelViewModel | undefined => {
      const m = [...posts].reverse().find((x) => x.type === 'account');
      return m?.type === 'account' ? m.data : undefined;
    };
    const checkPanel = async (refresh: boolean): Promise<void> => {
      const host = api.panels.panels.get(panelId);
      if (!panel || !host) return problem('the balance panel is not open');
      const from = panel.webview.posted.length;
      panel.webview.send({ type: refresh ? 'refresh' : 'ready' });
      await host.current;
      const posts = panel.webview.posted.slice(from) as HostMessage[];
      const now = clock.now();
      const where = `panel at +${(now - START) / 1000} s`;
      panelFig.refreshes++;
      const failed = posts.at(-1)?.type === 'error';
      // A failed refresh: what a reloaded webview is sent (the model of the last good figures, with the stale note).
      // Likewise when this refresh posted no model of its own (a newer load, or a settings change's, took its place):
      // the webview still shows the last model posted, which is what a reload is sent.
      const repaint =
        failed || lastModel(posts) === undefined
          ? (() => {
              const mark = panel.webview.posted.length;
              panel.webview.send({ type: 'ready' });
              return panel.webview.posted.slice(mark) as HostMessage[];
            })()
          : posts;
      const model = lastModel(repaint);
      if (!model) return problem(`${where}: no model`);
      if (!expectedBalance(0, now).some((b) => model.total === shown(b))) problem(`${where}: shows "${model.total}", not the last good figures`);
      // The state from RPC while the REST API fails (#26) is said in its own note: fresh figures, not a stale mark.
      const rpc = model.notes.filter((x) => /^State from RPC; tokens unavailable: REST API /.test(x));
      const notes = model.notes.filter((x) => !rpc.includes(x));
      if (rpc.length > 0 && !failed) panelFig.fromRpc++;
      if (failed) {
        panelFig.stale++;
        const note = /^Refresh failed: (.*) Showing the data from (.*)\.$/.exec(notes[0] ?? '');
        if (!note || !reasonOf(note[1]!)) problem(`${where}: stale note without a known reason: "${notes[0] ?? ''}"`);
        const fetched = Date.parse(model.updatedAtIso);
        if (!note || note[2] !== new Date(fetched).toLocaleString()) problem(`${where}: stale note without its time`);
        // The panel stamps its data when the whole load (with the indexer status, token metadata and pools) is done:
        // later than the /full answer by at most the life of the side requests.
        const lag = Math.min(...[...(goodAt.get(panelId) ?? [])].filter((g) => g <= fetched).map((g) => fetched - g));
        if (!(lag <= 2 * lifeMs)) problem(`${where}: the time shown (${model.updatedAtIso}) is not the time of a good answer`);
        else panelFig.maxLagMs = Math.max(panelFig.maxLagMs, lag);
      } else {
        panelFig.fresh++;
        if (notes.length > 0) problem(`${where}: a fresh model with notes: ${notes.join(' ')}`);
      }
    };

    // ---- the schedule of the user's actions
    for (let t = 10_000, k = 0; t < totalMs; t += hoverEvery * 1000, k++) {
      at(t, () => hover(ids[(k * 7) % n]!));
    }
    at(15_000, async () => {
      await editor.exec('nearLens.openAccountPanel', panelId);
      panel = editor.panels.at(-1);
      await checkPanel(false);
    });
    for (let t = 15_000 + panelEvery * 1000; t < totalMs; t += panelEvery * 1000) at(t, () => checkPanel(true));
    // Each minute: how many accounts the tree shows stale, and fresh from RPC (a phase may end with every retry through).
    const sampleTree = (k: number): void => {
      const fig = phaseFig[k]!;
      let stale = 0;
      let fromRpc = 0;
      for (const id of ids) {
        const s = provider.entry(id)?.full;
        if (s?.status === 'failed') stale++;
        else if (s?.status === 'ok' && (s.data as { source?: unknown } | undefined)?.source) fromRpc++;
      }
      fig.staleSeen = Math.max(fig.staleSeen, stale);
      fig.fromRpcSeen = Math.max(fig.fromRpcSeen, fromRpc);
    };
    o.phases.forEach((p, k) => {
      for (let m = 1; m <= p.minutes; m++) at(starts[k]! + m * MINUTE - 3, () => sampleTree(k));
    });
    o.phases.forEach((_, k) =>
      at(starts[k]! + o.phases[k]!.minutes * MINUTE - 1, () => {
        checkTree(k);
        // The recorders of the fake editor keep everything; the extension's own state is what is measured.
        editor.rec.output.length = 0;
        editor.rec.posted.length = 0;
        if (panel) panel.webview.posted.length = 0;
        stub.clearRequests();
      }),
    );
    at(recoveryStart - START, () => {
      for (const [i, id] of ids.entries()) stub.putAccount(id, fullBody(id, after(i)));
      // #34: a new full-access key on every 5th account as the service comes back.
      for (const [i, id] of ids.entries())
        if (i % 5 === 0)
          stub.putChangingAccount(id, {
            balance: after(i),
            storageBytes: 2100, // as on chain, a key adds bytes to the account's storage (what makes the watchlist read keys again)
            keys: [{ public_key: STORM_KEY, access_key: { nonce: 1, permission: 'FullAccess' } }],
          });
      alertsBeforeRecovery.push(
        ...editor.rec.notifications.filter((m) => /FULL-ACCESS|contract code changed|spendable beyond/.test(m.text)).map((m) => m.text),
      );
    });
    for (const minute of o.heapAtMinutes ?? []) {
      at(minute * MINUTE - 2, () => {
        editor.rec.output.length = 0;
        editor.rec.posted.length = 0;
        if (panel) panel.webview.posted.length = 0;
        stub.clearRequests();
        gc?.();
        gc?.();
        heapMB.push([minute, process.memoryUsage().heapUsed / 2 ** 20]);
      });
    }

    // ---- run the clock: after each timer, let real I/O settle before the next
    const freshAt = new Map<string, number>();
    const end = START + totalMs;
    await settle();
    while (clock.runNext(end)) {
      await settle();
      if (clock.now() >= recoveryStart && freshAt.size < n) {
        for (const [i, id] of ids.entries()) {
          if (freshAt.has(id)) continue;
          const s = provider.entry(id)?.full;
          if (s?.status === 'ok' && String(s.data?.state?.balance) === after(i)) freshAt.set(id, clock.now());
        }
      }
    }
    await settle();
    await Promise.all([...pending]);

    const watched = (
      api as unknown as { watchlist: { watch: { engine?: { changes(): Array<{ accountId: string; changes: Array<{ kind: string; publicKey?: string }> }> } } } }
    ).watchlist.watch.engine;
    const keyChanges = (watched?.changes() ?? [])
      .filter((c) => c.changes.some((x) => x.kind === 'keyAdded' && x.publicKey === STORM_KEY))
      .map((c) => c.accountId);
    const keyAlerts = editor.rec.notifications.filter((m) => m.text.includes(STORM_KEY)).map((m) => m.text.split(':')[0] ?? '');
    watchFig = { alertsBeforeRecovery, keyAlerts: keyAlerts.sort(), expected: ids.filter((_, i) => i % 5 === 0), keyChanges: keyChanges.sort() };

    // ---- deactivate: nothing may stay behind
    for (const d of context.subscriptions.splice(0)) d.dispose();
    ext.deactivate();
    disposed = true;
    const disposedAt = clock.now();
    const intervals = clock.pending('interval');
    const timers = clock.pending();
    while (clock.nextAt() !== undefined && clock.now() - disposedAt <= 10 * MINUTE) {
      clock.runNext(Infinity);
      await settle();
    }

    // ---- the figures
    const rounds = Math.ceil(60 / interval) + 1;
    const hoversPerMinute = Math.ceil((60_000 + lifeMs) / (hoverEvery * 1000));
    const panelPerMinute = 2 * Math.ceil((60_000 + 2 * lifeMs) / (panelEvery * 1000));
    const attempts = 1 + DEFAULT_RETRIES;
    const bounds = {
      faults: attempts * (n * rounds + hoversPerMinute + panelPerMinute),
      rateLimit: attempts * (REFRESH_CONCURRENCY * rounds + hoversPerMinute + panelPerMinute),
      why:
        `(1 + retries ${DEFAULT_RETRIES}) attempts × the logical requests that can be under way in one minute: refresh rounds ` +
        `(single-flight, every ${interval} s: ${rounds} can touch a minute) × ${n} accounts — or, in a 429 storm, × REFRESH_CONCURRENCY ${REFRESH_CONCURRENCY}, ` +
        `as once a 429's Retry-After sets the origin's cooldown every later request fails fast and only the ones already in flight retry; ` +
        `+ ${hoversPerMinute} hovers and ${panelPerMinute} panel requests (a request lives ≤ ${lifeMs / 1000} s: 3 × the ${DEFAULT_TIMEOUT_MS / 1000} s ` +
        `timeout + 2 × the ${DEFAULT_MAX_RETRY_AFTER_MS / 1000} s Retry-After cap)`,
    };
    for (const [k, f] of phaseFig.entries()) {
      const minutes = perMinute.slice(f.fromMin, f.toMin);
      f.sent = minutes.reduce((a, b) => a + b, 0);
      f.maxPerMinute = Math.max(...minutes);
      f.minPerMinute = Math.min(...minutes);
      f.answered429 = phase429[k]!;
      f.bound = f.kind === 'rate-limit' ? bounds.rateLimit : bounds.faults;
    }
    const recoveredAt = Math.max(recoveryStart, rate.lastEnd);
    const notFresh = ids.filter((id) => !freshAt.has(id));
    Object.assign(report, {
      accounts: n,
      intervalSeconds: interval,
      phases: phaseFig,
      perMinute,
      sent: perMinute.reduce((a, b) => a + b, 0),
      bounds,
      rateLimits: {
        answered: rate.answered,
        seconds: rate.seconds,
        dates: rate.dates,
        minWaitS: rate.answered ? rate.minWaitS : 0,
        maxWaitS: rate.maxWaitS,
      },
      earlySends,
      hovers: hoverFig,
      panel: panelFig,
      problems,
      recovery: {
        atMs: recoveredAt - START,
        lastFreshAfterMs: notFresh.length ? Infinity : Math.max(...[...freshAt.values()].map((t) => t - recoveredAt)),
        notFresh,
      },
      afterDispose: { intervals, timers, drainedInMs: clock.now() - disposedAt, timersLeft: clock.pending(), sent: sentAfterDispose },
      heapMB,
      unhandled,
      watch: watchFig ?? { alertsBeforeRecovery, keyAlerts: [], expected: [], keyChanges: [] },
    } satisfies Omit<StormReport, 'realMs'>);
  } finally {
    clock.uninstall();
    globalThis.fetch = realFetch;
    await stub.close();
    process.off('unhandledRejection', onUnhandled);
  }
  report.realMs = performance.now() - t0;
  return report;
}

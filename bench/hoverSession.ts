// Row 24 (#31): the comparison a user feels — a session of hovers as a person reads code. 200 hovers over the first 40
// distinct account ids found in near-api-js's and @near-js's sources, then the project's fixtures (its front-end sample
// workspace, then the service answers), taken in file order and hovered again as they recur (the files are read again
// from the top until there are 200), at 20 ms stub latency. NEAR Lens: the real hover path (the extension activated
// under the tests' fake `vscode`, NearHoverProvider.sections: cache, coalescing, token metadata, the contract line)
// against one near-api-js `view_account` per hover, as the NEAR peer extension does. Beside it, the session's requests
// against their floor — each distinct question the hovers' content needs, asked once, worked out from the stub's
// answers apart from the hover path — and one call at the same latency: NEAR Lens's RPC view_account against
// near-api-js's, in interleaved pairs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_LIQUID_STAKING_PROVIDERS, normaliseFull, splitLiquidStaking } from '../src/near/account';
import { findAll } from '../src/near/idFinder';
import { classify } from '../src/near/ids';
import type * as ExtensionModule from '../src/extension';
import { createFakeEditor, fakeContext, loadIsolated } from '../test/support/fakeEditor';
import type { RecordedRequest, Stub } from '../test/support/stub';
import { buildBundle, ROOT } from './size';
import { fmtSummary, interleavedPairs, summarize } from './stats';
import type { Row } from './stats';

export const SESSION_HOVERS = 200;
export const SESSION_IDS = 40;
const LATENCY_MS = 20;
/** Where the ids come from, in this order; within a folder, files in name order (sub-folders first by name too). */
const SOURCES = ['node_modules/near-api-js', 'node_modules/@near-js', 'test/fixtures/workspace', 'test/fixtures'];
const TEXT_FILE = /\.(js|cjs|mjs|ts|md|json|rs|env)$/;

function filesUnder(dir: string, out: string[], deep: boolean): void {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (deep && name !== 'node_modules') filesUnder(p, out, deep);
    } else if (TEXT_FILE.test(name) && !name.endsWith('.map')) out.push(p);
  }
}

/** The session: the account ids of the source files in file order, kept to the first 40 distinct, 200 hovers long. */
export function hoverSession(hovers = SESSION_HOVERS, distinct = SESSION_IDS): { ids: string[]; files: number; sequence: string[] } {
  const files: string[] = [];
  // test/fixtures itself: its top-level answers only (the workspace is read before it, its contracts are binary).
  for (const s of SOURCES) filesUnder(path.join(ROOT, s), files, s !== 'test/fixtures');
  const all: string[] = [];
  for (const f of files) for (const hit of findAll(readFileSync(f, 'utf8'))) if (hit.classified.kind === 'account') all.push(hit.classified.id);
  const ids = [...new Set(all)].slice(0, distinct);
  if (ids.length < distinct) throw new Error(`only ${ids.length} distinct account ids in ${SOURCES.join(', ')}`);
  const kept = new Set(ids);
  const pass = all.filter((id) => kept.has(id));
  const sequence: string[] = [];
  while (sequence.length < hovers) sequence.push(...pass.slice(0, hovers - sequence.length));
  return { ids, files: files.length, sequence };
}

/** What a request asks, in a word: `/full`, an RPC query's request type, or the view method it calls. */
function requestKind(r: Pick<RecordedRequest, 'host' | 'path' | 'body'>): string {
  if (r.host === 'api') return r.path.endsWith('/full') ? '/full' : r.path;
  const b = (typeof r.body === 'object' && r.body !== null ? r.body : {}) as { method?: unknown; params?: Record<string, unknown> };
  const type = b.params?.['request_type'];
  if (b.method !== 'query' || typeof type !== 'string') return String(b.method);
  return type === 'call_function' ? String(b.params?.['method_name']) : type;
}

/** Requests by kind, most first: "40 /full, 6 view_account, 2 ft_metadata". */
function kindsText(kinds: ReadonlyMap<string, number>): string {
  return [...kinds]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
}

function countKinds(requests: readonly RecordedRequest[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of requests) out.set(requestKind(r), (out.get(requestKind(r)) ?? 0) + 1);
  return out;
}

/**
 * The session's floor: each distinct question its hovers' content needs, asked once — every id's `/full`; the
 * ft_metadata of each liquid-staking token held with a known balance (the default providers); the `view_account` of
 * each account that exists (the contract line, or its absence: `/full` carries no code hash). Read from the stub
 * directly, not through the hover path. A contract's interface (view_code, its ABI, its source metadata) is read once
 * per code hash for the life of the extension host: the measured sessions, after the untimed first, need none.
 */
async function sessionFloor(stub: Stub, ids: readonly string[]): Promise<Map<string, number>> {
  const tokens = new Set<string>();
  let accounts = 0;
  for (const id of ids) {
    const res = await fetch(`${stub.apiUrl}/v1/account/${encodeURIComponent(id)}/full`);
    const full = normaliseFull(res.status === 404 ? { account_id: id, state: null } : await res.json());
    if (full.state) accounts++;
    for (const t of splitLiquidStaking(full.tokens, DEFAULT_LIQUID_STAKING_PROVIDERS).liquid) if (t.balance.status === 'known') tokens.add(t.contractId);
  }
  return new Map([
    ['/full', ids.length],
    ['ft_metadata', tokens.size],
    ['view_account', accounts],
  ]);
}

interface Api {
  hoverProvider: { sections(c: ReturnType<typeof classify>): Promise<string[] | undefined> };
}

/**
 * NEAR Lens as a long-running extension host has it: its modules loaded once (from source, under the fake `vscode`);
 * each session is a fresh activation (a fresh cache), each hover awaited before the next; ms.
 */
function lensSessions(stub: Stub): (sequence: readonly string[]) => Promise<number> {
  const editor = createFakeEditor({
    user: { network: 'custom', 'customNetwork.apiUrl': stub.apiUrl, 'customNetwork.rpcUrl': stub.rpcUrl, 'customNetwork.archivalRpcUrl': stub.archivalRpcUrl },
  });
  const ext = loadIsolated<typeof ExtensionModule>(editor.vscode, 'extension');
  return async (sequence) => {
    const context = fakeContext(editor);
    const api = ext.activate(context as never) as Api | undefined;
    if (!api) throw new Error(`activation failed: ${JSON.stringify(editor.rec.notifications)}`);
    try {
      const t0 = performance.now();
      for (const id of sequence) {
        const s = await api.hoverProvider.sections(classify(id));
        if (!s || s.length < 2) throw new Error(`the hover of ${id} showed no live section`);
      }
      return performance.now() - t0;
    } finally {
      for (const d of context.subscriptions.splice(0)) d.dispose();
    }
  };
}

interface Peer {
  viewAccount(id: string): Promise<unknown>;
}

/** One session through near-api-js: one view_account per hover (an unknown account's error is an answer too); ms. */
async function napiSession(napi: Peer, sequence: readonly string[]): Promise<number> {
  const t0 = performance.now();
  for (const id of sequence) await napi.viewAccount(id).catch(() => undefined);
  return performance.now() - t0;
}

export async function hoverSessionRow(stub: Stub, runs = 3, pairs = 200, warmup = 20): Promise<Row> {
  const { ids, files, sequence } = hoverSession();
  const lensFile = await buildBundle(path.join(ROOT, 'bench/peers/near-lens-rpc.ts'), 'peer-near-lens');
  const napiFile = await buildBundle(path.join(ROOT, 'bench/baselines/near-api-js-rpc.ts'), 'peer-near-api-js');
  const lens = (require(lensFile) as { make(url: string): Peer }).make(stub.rpcUrl);
  const napi = (require(napiFile) as { make(url: string): Peer }).make(stub.rpcUrl);
  stub.setLatency(LATENCY_MS);
  const tl: number[] = [];
  const tn: number[] = [];
  /** Each measured session's requests by kind. */
  const sent: Array<Map<string, number>> = [];
  try {
    const floorKinds = await sessionFloor(stub, ids);
    stub.clearRequests();
    const lensSession = lensSessions(stub);
    await lensSession(sequence); // a first session compiles the code, as the first hovers after start do
    const first = countKinds(stub.requests);
    for (let i = 0; i < runs; i++) {
      // Which goes first alternates, as in the paired rows.
      for (const side of i % 2 === 0 ? ['lens', 'napi'] : ['napi', 'lens']) {
        stub.clearRequests();
        if (side === 'lens') {
          tl.push(await lensSession(sequence));
          sent.push(countKinds(stub.requests));
        } else tn.push(await napiSession(napi, sequence));
      }
    }
    stub.clearRequests();
    const one = await interleavedPairs(
      () => lens.viewAccount('alice.near'),
      () => napi.viewAccount('alice.near'),
      pairs,
      warmup,
    );
    const sl = summarize(tl);
    const sn = summarize(tn);
    const ratios = summarize(tl.map((x, i) => x / (tn[i] ?? x)));
    const total = (m: ReadonlyMap<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
    const floor = total(floorKinds);
    // The worst measured session is the one held to the floor.
    const worst = sent.reduce((a, b) => (total(b) > total(a) ? b : a), sent[0] ?? new Map<string, number>());
    const requests = total(worst);
    const same = sent.every((m) => kindsText(m) === kindsText(worst));
    const overFloor = requests / floor;
    const pass = ratios.median <= 0.3 && one.ratio.median <= 1.02 && overFloor <= 1.0;
    return {
      id: 24,
      figure: `peer: a hover session — ${sequence.length} hovers over ${ids.length} distinct ids in reading order (latency ${LATENCY_MS} ms); and one view_account`,
      measured: `session ${fmtSummary(sl, 'ms', 0)} (${requests} requests: ${kindsText(worst)}); one call ${fmtSummary(one.a, 'ms', 2)}`,
      baseline: `near-api-js 7 JsonRpcProvider, one view_account per hover: ${fmtSummary(sn, 'ms', 0)} (${sequence.length} requests); the session's floor: ${floor} requests (${kindsText(floorKinds)}); one call ${fmtSummary(one.b, 'ms', 2)}`,
      ratio: `session ${ratios.median.toFixed(3)} (median of ${runs} paired sessions); requests ${overFloor.toFixed(3)} × the floor; one call ${one.ratio.median.toFixed(3)} (per-pair p25–p75 ${one.ratio.p25.toFixed(3)}–${one.ratio.p75.toFixed(3)})`,
      target: 'session ≤ 0.3 ×; requests ≤ 1.0 × the floor; one call ≤ 1.02 × (medians of paired ratios)',
      pass,
      notes: [
        `Requests: ${same ? `each of the ${sent.length} measured sessions sent the same ${requests}` : `the most any of the ${sent.length} measured sessions sent: ${requests} (${sent.map(total).join(', ')})`} (${kindsText(worst)}), against a floor of ${floor}: each distinct question the hovers' content needs, asked once — ${floorKinds.get('/full')} ids' /full, the ft_metadata of ${floorKinds.get('ft_metadata')} liquid-staking tokens held, the view_account of the ${floorKinds.get('view_account')} accounts that exist (whether one is a contract: /full carries no code hash), worked out from the stub's answers apart from the hover path. The untimed first session also read each contract's interface, once per code hash for the life of the host: ${total(first)} requests (${kindsText(first)}).`,
        `The ids: the account ids findAll reports in ${files} files of ${SOURCES.join(', ')} (test/fixtures: its top-level files), in file order; the first ${ids.length} distinct (${ids.slice(0, 6).join(', ')}, …); the ${sequence.length} hovers are their occurrences in that order, the files read again from the top until there are ${sequence.length}.`,
        `NEAR Lens: the extension from source under the tests' fake \`vscode\` on a custom network at the stub, its modules loaded once (one untimed session first), each session a fresh activation (an empty cache); each hover is NearHoverProvider.sections (the account's /full, liquid-staking token metadata, the contract line's view_account), awaited before the next. near-api-js: the production-flag bundle of bench/baselines/near-api-js-rpc.ts, one query view_account per hover (the NEAR peer extension's way).`,
        `One call: ${pairs} interleaved pairs after ${warmup} warm-up pairs, view_account alice.near at ${LATENCY_MS} ms, both production-flag bundles (rows 16–17's).`,
      ],
    };
  } finally {
    stub.setLatency(0);
    stub.clearRequests();
  }
}

// Rows 4 and 9: the core work of a hover (position → id → cached account → markdown) and the heap it keeps.
import { DEFAULT_LIQUID_STAKING_PROVIDERS, splitLiquidStaking } from '../src/near/account';
import { TtlCache } from '../src/client/cache';
import type { FtMetadata, NearClient } from '../src/client/client';
import { buildHoverSections } from '../src/features/hover/model/hoverMarkdown';
import type { HoverOptions } from '../src/features/hover/model/hoverMarkdown';
import { slotLoaded } from '../src/ui/slots';
import type { Slot } from '../src/ui/slots';
import { findAt } from '../src/near/idFinder';
import type { Stub } from '../test/support/stub';
import { stubClient } from './network';
import { fmtSummary, mb, summarize } from './stats';
import type { Row } from './stats';

const OPTIONS: HoverOptions = { decimals: 5, liquidStakingProviders: DEFAULT_LIQUID_STAKING_PROVIDERS, hasExplorer: true };

/**
 * The core of one hover, as src/features/hover/hoverProvider.ts does it without the editor: from (line, column) to the finished
 * markdown (findAt classifies what it finds), the account from the cache, liquid-staking token metadata (cached),
 * then the pure builder of src/core/hoverMarkdown.
 */
async function hover(client: NearClient, line: string, character: number): Promise<string | undefined> {
  const found = findAt(line, character);
  if (!found || found.classified.kind !== 'account') return undefined;
  const c = found.classified;
  const full = await client.accounts.full(c.id);
  const { liquid } = splitLiquidStaking(full.tokens, OPTIONS.liquidStakingProviders);
  const ftMetadata = new Map<string, Slot<FtMetadata>>();
  for (const t of liquid) if (t.balance.status === 'known') ftMetadata.set(t.contractId, slotLoaded(await client.rpc.ftMetadata(t.contractId), 0));
  const live = { kind: 'account' as const, full, network: 'mainnet', host: '127.0.0.1', ftMetadata };
  return buildHoverSections(c, live, OPTIONS).join('\n\n---\n\n');
}

const LINE = "  await contract.ft_transfer({ receiver_id: 'alice.near', amount: '1000000000000000000000000' });";
const COLUMN = LINE.indexOf('alice.near') + 3;

export async function hoverRow(stub: Stub, runs = 3000): Promise<Row> {
  const client = stubClient(stub);
  const first = await hover(client, LINE, COLUMN); // warms the cache (one request) and checks the path works
  if (!first) throw new Error('the hover found nothing at the test position');
  for (let i = 0; i < 500; i++) await hover(client, LINE, COLUMN);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await hover(client, LINE, COLUMN);
    times.push(performance.now() - t0);
  }
  const s = summarize(times);
  return {
    id: 4,
    figure: 'hover on a known id, warm cache (core work)',
    measured: fmtSummary(s, 'ms', 4),
    baseline: '—',
    ratio: '—',
    target: '≤ 1 ms median',
    pass: s.median <= 1,
    notes: [
      `findAt (which classifies) + cached client.full + cached ftMetadata of liquid-staking tokens + core/hoverMarkdown buildHoverSections, awaited one at a time; alice.near fixture (${first.length} chars of markdown).`,
    ],
  };
}

function heapAfterGc(): number {
  const gc = globalThis.gc;
  if (typeof gc !== 'function') throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Extra heap allowed over the later rounds: gc'd heapUsed moves by about ±1 MB between rounds here (sockets, JIT). */
const LATER_ROUNDS_SLACK = 2 * 1024 * 1024;

/**
 * Row 9: 10,000 hovers over 1,000 distinct ids → heap growth; then 30,000 more must not keep growing (a leak of
 * 100 bytes per hover would add 3 MB) and the cache must stay within its limit.
 */
export async function heapRow(stub: Stub, maxEntries: number, limitSource: string): Promise<Row> {
  stub.setLatency(0);
  const cache = new TtlCache({ maxEntries });
  const client = stubClient(stub, cache);
  const ids = Array.from({ length: 1000 }, (_, i) => `user-${i}.near`);
  const lines = ids.map((id) => `const account = "${id}"; // hover here`);
  const round = async (): Promise<void> => {
    for (let i = 0; i < 10_000; i += 10) {
      // 10 hovers at a time (different ids) to keep the run short; the stub's request log is dropped as we go.
      await Promise.all(Array.from({ length: 10 }, (_, k) => hover(client, lines[(i + k) % 1000] ?? '', 18)));
      stub.clearRequests();
    }
  };
  await hover(client, lines[0] ?? '', 18); // load the code paths before the first measurement
  stub.clearRequests();
  cache.invalidate();
  const before = heapAfterGc();
  await round();
  const afterFirst = heapAfterGc();
  const later: number[] = [];
  for (let r = 0; r < 3; r++) {
    await round();
    later.push(heapAfterGc() - afterFirst);
  }
  const growth = afterFirst - before;
  const drift = Math.max(...later);
  const bounded = cache.size <= maxEntries && drift <= LATER_ROUNDS_SLACK;
  return {
    id: 9,
    figure: 'heap growth after 10,000 hovers over 1,000 ids',
    measured: `${mb(growth)} after 10,000; then ${later.map((d) => mb(d)).join(' / ')} vs that after 20,000 / 30,000 / 40,000`,
    baseline: `cache limit ${maxEntries} entries (${limitSource}); ${cache.size} at the end; ${growth > 0 ? `≈ ${(growth / Math.max(cache.size, 1) / 1024).toFixed(1)} KB per entry` : 'growth within gc noise'}`,
    ratio: '—',
    target: `bounded: cache ≤ limit, later rounds ≤ +${mb(LATER_ROUNDS_SLACK)}`,
    pass: bounded,
    notes: [
      'heapUsed after two gc() calls (node --expose-gc); the stub runs in the same process and its request log is cleared as the hovers go. Unknown ids are served as "no such account" (state: null), so an entry is a small AccountFull.',
    ],
  };
}

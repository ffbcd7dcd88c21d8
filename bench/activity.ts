// Row 37 (#41): a refresh of 100 watched contracts with their activity — /full and, beside it in the same limiter slot, one
// /v0/account page of the calls since the last one read (then a batch of records only when rows came back), the
// step applied to the stored state and the record's JSON written when it changed, as the engine's beside() does
// (features/watchlist/model/activityRead.ts) — against the same refresh without activity (/full only), at the stub's
// 50 ms latency and the refresh's concurrency. Then one refresh after 10 of the contracts received a call.
import { TtlCache } from '../src/client/cache';
import { NearClient } from '../src/client/client';
import { settleAll } from '../src/client/limit';
import { applyActivity, readActivity } from '../src/features/watchlist/model/activityRead';
import type { ActivityState } from '../src/features/watchlist/model/activityRead';
import { DEFAULT_ACTIVITY_SETTINGS } from '../src/platform/settings';
import type { Stub } from '../test/support/stub';
import { fmtSummary, interleavedPairs } from './stats';
import type { Row } from './stats';

const CODE = 'E8jZ1giWcVrps8PcV75ATauu6gFRkcwjNtKp7NKmipZG';

export async function activityRow(stub: Stub, concurrency: number, runs = 7): Promise<Row> {
  const latency = 50;
  const ids = Array.from({ length: 100 }, (_, i) => `contract-${i}.near`);
  const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl };
  const client = new NearClient({ endpoints, cache: new TtlCache(), fetch: globalThis.fetch });
  // Contracts with state and a call each before the first read (so every cursor is a row).
  for (const [i, id] of ids.entries()) {
    stub.putChangingAccount(id, { balance: `${i + 1}000000000000000000000000`, storageBytes: 5000 + i, codeHash: CODE, keys: [] });
    stub.appendCall({ contract: id, method: 'ping' });
  }
  const stored = new Map<string, ActivityState>();
  let failed = 0;
  let retries = 0;
  let writes = 0;
  const plain = async (): Promise<void> => {
    const r = await settleAll(ids, concurrency, (id) => client.accounts.full(id, { fresh: true }));
    failed += r.filter((x) => x.status === 'rejected').length;
  };
  const watched = async (): Promise<void> => {
    const r = await settleAll(ids, concurrency, async (id) => {
      // As the tree provider runs the engine's beside(): the activity read side by side with /full, in its slot.
      const [, step] = await Promise.all([
        client.accounts.full(id, { fresh: true }),
        readActivity(client, id, stored.get(id)?.cursor, DEFAULT_ACTIVITY_SETTINGS, Date.now()),
      ]);
      if (step.kind === 'retry') retries++;
      const next = applyActivity(stored.get(id), step);
      if (next) {
        stored.set(id, next);
        JSON.stringify(Object.fromEntries(stored)); // the Memento's write
        writes++;
      }
    });
    failed += r.filter((x) => x.status === 'rejected').length;
  };
  const count = (path: string): number => stub.requests.filter((q) => q.path === path).length;
  stub.setLatency(latency);
  const requests = { plain: 0, watched: 0, account: 0, batches: 0 };
  const grown = { requests: 0, batches: 0, noticed: 0, quietWrites: 0 };
  let pairs: Awaited<ReturnType<typeof interleavedPairs>>;
  try {
    // One untimed pair warms the connections and makes the first reads (each records its cursor).
    pairs = await interleavedPairs(
      async () => {
        stub.clearRequests();
        await plain();
        requests.plain = stub.requests.length;
      },
      async () => {
        stub.clearRequests();
        writes = 0;
        await watched();
        requests.watched = stub.requests.length;
        requests.account = count('/v0/account');
        requests.batches = count('/v0/transactions');
      },
      runs,
      1,
    );
    grown.quietWrites = writes;
    // 10 of them receive a failed call: one batch of records each, nothing else more.
    for (const id of ids.slice(0, 10)) stub.appendCall({ contract: id, method: 'l2_claim', panic: 'claim is not ready yet' });
    client.context.completedTransactions.clear();
    stub.clearRequests();
    await watched();
    grown.requests = stub.requests.length;
    grown.batches = count('/v0/transactions');
    grown.noticed = [...stored.values()].reduce((s, x) => s + x.report.groups.reduce((n, g) => n + g.count, 0), 0);
  } finally {
    stub.setLatency(0);
  }
  const { a: sa, b: sb } = pairs;
  const time = sb.median / sa.median;
  const reqs = requests.watched / requests.plain;
  const batchOk = grown.batches === 10 && grown.requests === requests.watched + 10 && grown.noticed === 10;
  return {
    id: 37,
    figure: `refresh of 100 watched contracts with their activity, nothing new (latency ${latency} ms, concurrency ${concurrency}); then 10 with a new call`,
    measured: `${fmtSummary(sb, 'ms', 0)}; ${requests.watched} requests (${requests.account} /v0/account, ${requests.batches} batches); with 10 new calls ${grown.requests} requests (${grown.batches} batches)`,
    baseline: `the same refresh without activity: ${fmtSummary(sa, 'ms', 0)}; ${requests.plain} requests`,
    ratio: `time ${time.toFixed(3)}; requests ${reqs.toFixed(2)}`,
    target: '≤ 1.1 × time, ≤ 2.05 × requests; one batch per account with rows',
    pass: time <= 1.1 && reqs <= 2.05 && requests.batches === 0 && batchOk && failed === 0 && retries === 0,
    notes: [
      `The activity request goes out beside /full in its limiter slot (the engine's beside()): after it instead, each account's slot would hold two round trips and the refresh would take about twice as long. A contract's first read (its cursor) comes after view_account on its first load; an account without code sends none. ${grown.quietWrites} records written in the last quiet round (nothing new writes nothing).`,
      `With a call to 10 of the 100: ${grown.batches} /v0/transactions batches (one per account that had rows), ${grown.noticed} failed calls noticed.${failed > 0 ? ` ${failed} failed.` : ''}${retries > 0 ? ` ${retries} reads to retry!` : ''}`,
    ],
  };
}

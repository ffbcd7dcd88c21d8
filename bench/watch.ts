// Row 35 (#34): a refresh of 100 watched accounts with "what changed" — /full, then RPC view_account and
// view_access_key_list in the same limiter slot only when keysReadNeeded says so (storage changed, first read, keys
// read 10 minutes ago; else the last read's code hash and keys are carried), a snapshot, the diff against the last
// one and, after a load that says something new (unchangedSince: not here, the accounts do not change), the record's
// JSON a Memento stores and every account's changes for the badge and decoration, as the engine does them
// (core/watch/store.ts) — against the same refresh without it (/full only), at the stub's 50 ms latency.
import { settleAll } from '../src/client/limit';
import { carriedSnapshotOf, diffSnapshots, keysReadNeeded, snapshotOf } from '../src/features/watchlist/model/snapshot';
import type { Snapshot } from '../src/features/watchlist/model/snapshot';
import { changesOf, unchangedSince, watchedRecord } from '../src/features/watchlist/model/store';
import type { Watched } from '../src/features/watchlist/model/store';
import type { Stub } from '../test/support/stub';
import { stubClient } from './network';
import { fmtSummary, summarize, timeAsync } from './stats';
import type { Row } from './stats';

export async function watchRow(stub: Stub, concurrency: number, runs = 7): Promise<Row> {
  const latency = 50;
  const ids = Array.from({ length: 100 }, (_, i) => `watched-${i}.near`);
  const client = stubClient(stub);
  // Accounts with state, a key and a token, in the indexer and over RPC alike.
  for (const [i, id] of ids.entries())
    stub.putChangingAccount(id, {
      balance: `${i + 1}000000000000000000000000`,
      storageBytes: 500 + i,
      keys: [{ public_key: 'ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847', access_key: { nonce: 1, permission: 'FullAccess' } }],
      tokens: ['wrap.near'],
    });
  // The engine's stored record `{ "<network>|<id>": { seen, latest, alerted } }` as it is after each write.
  let stored: Record<string, Watched> = {};
  let changes = 0;
  let cpu = 0; // ms of snapshots, diffs, the record and its JSON, the badge's count, over every watched refresh
  let rounds = 0;
  let failed = 0;
  let reads = 0; // accounts whose code hash and keys were read again over RPC (timed rounds)
  let writes = 0; // loads that wrote the record (timed rounds): none said anything new
  const plain = async (): Promise<void> => {
    const r = await settleAll(ids, concurrency, (id) => client.accounts.full(id, { fresh: true }));
    failed += r.filter((x) => x.status === 'rejected').length;
  };
  const watched = async (): Promise<void> => {
    const r = await settleAll(ids, concurrency, async (id) => {
      // As the tree provider and engine do: /full, then (only once it answered, and only when keysReadNeeded) the two
      // RPC reads side by side; then what the engine does after each load: the diff with the snapshot, the whole record
      // written (its JSON, as the Memento sends it), and every account's changes for the badge and the decoration.
      const full = await client.accounts.full(id, { fresh: true });
      const w = watchedRecord(stored)[`mainnet|${id}`];
      const last = w?.latest ?? w?.seen;
      let snap: Snapshot;
      const read = keysReadNeeded(last, full, Date.now());
      if (read) {
        const [view, keys] = await Promise.all([
          client.rpc.viewAccount(id, undefined, { fresh: true }),
          client.rpc.viewAccessKeyList(id, undefined, { fresh: true }),
        ]);
        reads++;
        snap = snapshotOf(full, view.result, keys.result, Date.now());
      } else snap = carriedSnapshotOf(full, last!, Date.now());
      const t0 = performance.now();
      if (w) changes += diffSnapshots(w.seen, snap).length;
      if (!w || !unchangedSince(last, snap, !read)) {
        stored = { ...watchedRecord(stored), [`mainnet|${id}`]: w ? { seen: w.seen, latest: snap, alerted: w.alerted } : { seen: snap, alerted: [] } };
        JSON.stringify(stored); // the Memento's write
        for (let i = 0; i < 2; i++) for (const x of Object.values(watchedRecord(stored))) changesOf(x); // the badge, the decoration
        writes++;
      }
      cpu += performance.now() - t0;
    });
    rounds++;
    failed += r.filter((x) => x.status === 'rejected').length;
  };
  stub.setLatency(latency);
  const a: number[] = [];
  const b: number[] = [];
  const requests = { plain: 0, watched: 0 };
  try {
    await plain();
    await watched(); // warm connections, first snapshots
    const timePlain = async (): Promise<void> => {
      stub.clearRequests();
      a.push(await timeAsync(plain));
      requests.plain = stub.requests.length;
    };
    const timeWatched = async (): Promise<void> => {
      stub.clearRequests();
      reads = 0;
      writes = 0;
      b.push(await timeAsync(watched));
      requests.watched = stub.requests.length;
    };
    // Alternating which goes first, so neither side always runs right after the other's garbage.
    for (let i = 0; i < runs; i++)
      if (i % 2 === 0) {
        await timePlain();
        await timeWatched();
      } else {
        await timeWatched();
        await timePlain();
      }
  } finally {
    stub.setLatency(0);
  }
  const sa = summarize(a);
  const sb = summarize(b);
  const ratio = sb.median / sa.median;
  return {
    id: 35,
    figure: `refresh of 100 watched accounts with "what changed" (latency ${latency} ms, concurrency ${concurrency})`,
    measured: fmtSummary(sb, 'ms', 0),
    baseline: `the same refresh without it: ${fmtSummary(sa, 'ms', 0)}`,
    ratio: ratio.toFixed(3),
    target: '≤ 1.05',
    pass: ratio <= 1.05 && failed === 0 && changes === 0,
    notes: [
      `The snapshots, diffs, record writes (JSON) and badge and decoration counts take ${(cpu / rounds).toFixed(2)} ms a refresh (the first, which writes all 100, included); ${writes} loads wrote the record in the last round (a refresh of unchanged accounts writes nothing; before, each load wrote the whole record: 1.2–1.4 ×).`,
      `Requests per refresh: ${requests.plain} without, ${requests.watched} with: storage unchanged, so code hash and keys are carried from the first read (${reads} accounts re-read over RPC in the last round; a storage change or a read 10 minutes old re-reads view_account and view_access_key_list after /full in its limiter slot).${failed > 0 ? ` ${failed} failed.` : ''}${changes > 0 ? ` ${changes} changes on unchanged accounts!` : ''}`,
    ],
  };
}

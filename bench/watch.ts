// Row 35 (#34): a refresh of 100 watched accounts with "what changed" — /full, then RPC view_account and
// view_access_key_list in the same limiter slot only when keysReadNeeded says so (storage changed, first read, keys
// read 10 minutes ago; else the last read's code hash and keys are carried), a snapshot, the diff against the last
// one and the JSON a Memento stores — against the same refresh without it (/full only), at the stub's 50 ms latency.
import { settleAll } from '../src/core/service/limit';
import { carriedSnapshotOf, diffSnapshots, keysReadNeeded, snapshotOf } from '../src/core/watch/snapshot';
import type { Snapshot } from '../src/core/watch/snapshot';
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
  const seen = new Map<string, Snapshot>();
  let changes = 0;
  let cpu = 0; // ms of snapshots, diffs and the Memento's JSON, over every watched refresh
  let rounds = 0;
  let failed = 0;
  let reads = 0; // accounts whose code hash and keys were read again over RPC (timed rounds)
  const plain = async (): Promise<void> => {
    const r = await settleAll(ids, concurrency, (id) => client.full(id, { fresh: true }));
    failed += r.filter((x) => x.status === 'rejected').length;
  };
  const watched = async (): Promise<void> => {
    const r = await settleAll(ids, concurrency, async (id) => {
      // As the tree provider reads them: /full, then (only once it answered, and only when keysReadNeeded) the two RPC reads side by side.
      const full = await client.full(id, { fresh: true });
      const before = seen.get(id);
      let snap: Snapshot;
      if (keysReadNeeded(before, full, Date.now())) {
        const [view, keys] = await Promise.all([client.viewAccount(id, undefined, { fresh: true }), client.viewAccessKeyList(id, undefined, { fresh: true })]);
        reads++;
        snap = snapshotOf(full, view.result, keys.result, Date.now());
      } else snap = carriedSnapshotOf(full, before!, Date.now());
      const t0 = performance.now();
      if (before) changes += diffSnapshots(before, snap).length;
      seen.set(id, snap);
      cpu += performance.now() - t0;
    });
    const t0 = performance.now();
    JSON.stringify(Object.fromEntries(seen)); // what the Memento writes
    cpu += performance.now() - t0;
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
      `The snapshots, diffs and Memento JSON of 100 accounts take ${(cpu / rounds).toFixed(2)} ms a refresh.`,
      `Requests per refresh: ${requests.plain} without, ${requests.watched} with: storage unchanged, so code hash and keys are carried from the first read (${reads} accounts re-read over RPC in the last round; a storage change or a read 10 minutes old re-reads view_account and view_access_key_list after /full in its limiter slot).${failed > 0 ? ` ${failed} failed.` : ''}${changes > 0 ? ` ${changes} changes on unchanged accounts!` : ''}`,
    ],
  };
}

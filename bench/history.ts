// Rows 14–15 (issue #18): a balance history of 30 points over 30 days at 50 ms stub latency against the ideal (the
// date resolution as measured, then ceil(30 / concurrency) round trips for the amounts), and a second open of the
// same range, which must ask nothing. Against the stub's model chain.
import { performance } from 'node:perf_hooks';
import { HISTORY_CONCURRENCY } from '../src/core/near/timeTravel/sampleRange';
import { balanceHistory, TimeTravelSession } from '../src/core/service/timeTravel';
import { CHAIN_ACCOUNT } from '../test/support/chain';
import { startStub } from '../test/support/stub';
import { stubClient } from './network';
import { fmtSummary, summarize, timeAsync } from './stats';
import type { Row } from './stats';

export async function historyRows(runs = 3): Promise<Row[]> {
  const latency = 50;
  const points = 30;
  const c = HISTORY_CONCURRENCY;
  const stub = await startStub({ chain: {} });
  const times: number[] = [];
  const ideals: number[] = [];
  const resolution: number[] = [];
  const lookups: number[] = [];
  const again: number[] = [];
  try {
    stub.setLatency(latency);
    for (let i = 0; i < runs; i++) {
      // A fresh client and session each run: nothing known, as on the first open of a session.
      const client = stubClient(stub);
      const session = new TimeTravelSession();
      stub.clearRequests();
      const t0 = performance.now();
      let blocksDone = NaN;
      const onProgress = (phase: string, done: number, total: number): void => {
        if (phase === 'blocks' && done === total) blocksDone = performance.now() - t0;
      };
      times.push(
        await timeAsync(async () => {
          const r = await balanceHistory(client, session, CHAIN_ACCOUNT, '30d', 0, { count: points, concurrency: c, onProgress });
          if (r.rows.some((row) => !('value' in row))) throw new Error('a point did not load');
          lookups.push(r.blockRequests);
        }),
      );
      resolution.push(blocksDone);
      ideals.push(blocksDone + Math.ceil(points / c) * latency);
      stub.clearRequests();
      await balanceHistory(client, session, CHAIN_ACCOUNT, '30d', 0, { count: points, concurrency: c });
      again.push(stub.requests.length);
    }
  } finally {
    await stub.close();
  }
  const s = summarize(times);
  const ideal = summarize(ideals).median;
  const ratio = s.median / ideal;
  return [
    {
      id: 14,
      figure: `history of ${points} points over 30 days (latency ${latency} ms, concurrency ${c})`,
      measured: fmtSummary(s, 'ms', 0),
      baseline: `ideal: date resolution + ceil(${points}/${c}) × ${latency} ms = ${ideal.toFixed(0)} ms`,
      ratio: ratio.toFixed(3),
      target: '≤ 1.3',
      pass: ratio <= 1.3,
      notes: [
        `Date resolution (the oldest date first, then ${c} at a time, one shared block-time cache): ${summarize(lookups).median} block look-ups ` +
          `(head included) in ${summarize(resolution).median.toFixed(0)} ms (medians).`,
      ],
    },
    {
      id: 15,
      figure: 'second open of the same history range',
      measured: `${Math.max(...again)} request(s) (max over ${runs} runs)`,
      baseline: '—',
      ratio: '—',
      target: '0 requests',
      pass: again.every((n) => n === 0),
    },
  ];
}

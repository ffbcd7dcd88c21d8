// Rows 13–14 (issue #18): a balance history of 30 points over 30 days at 50 ms stub latency against the ideal (the
// date resolution's own look-ups one after another, then ceil(30 / concurrency) round trips), and a second open of
// the same range, which must ask nothing. Against the stub's model chain.
import { HISTORY_CONCURRENCY } from '../src/core/near/history';
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
  const again: number[] = [];
  try {
    stub.setLatency(latency);
    for (let i = 0; i < runs; i++) {
      // A fresh client and session each run: nothing known, as on the first open of a session.
      const client = stubClient(stub);
      const session = new TimeTravelSession();
      stub.clearRequests();
      let blockRequests = 0;
      times.push(
        await timeAsync(async () => {
          const r = await balanceHistory(client, session, CHAIN_ACCOUNT, '30d', 0, { count: points, concurrency: c });
          if (r.rows.some((row) => !('value' in row))) throw new Error('a point did not load');
          blockRequests = r.blockRequests;
        }),
      );
      ideals.push((blockRequests + Math.ceil(points / c)) * latency);
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
      id: 13,
      figure: `history of ${points} points over 30 days (latency ${latency} ms, concurrency ${c})`,
      measured: fmtSummary(s, 'ms', 0),
      baseline: `ideal (date look-ups + ceil(${points}/${c})) × ${latency} ms = ${ideal} ms`,
      ratio: ratio.toFixed(3),
      target: '≤ 1.3',
      pass: ratio <= 1.3,
      notes: [`Date resolution: ${ideal / latency - Math.ceil(points / c)} block look-ups (median; head included), one after another by design.`],
    },
    {
      id: 14,
      figure: 'second open of the same history range',
      measured: `${Math.max(...again)} request(s) (max over ${runs} runs)`,
      baseline: '—',
      ratio: '—',
      target: '0 requests',
      pass: again.every((n) => n === 0),
    },
  ];
}

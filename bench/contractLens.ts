// Rows 40 and 41 (#47): what the contract lens's chain side costs, counted at the loopback stub. Row 40: 40 lenses of
// one account resolving (each a view() and a want(), as a lens provider does per resolve) after its first read send
// nothing. Row 41: a read of an account with nothing new since the last is one request (the /v0/account page; no
// records), however many calls were counted before.
import { TtlCache } from '../src/client/cache';
import { NearClient } from '../src/client/client';
import { ActivitySource } from '../src/features/contractLens/activitySource';
import type { Stub } from '../test/support/stub';
import { lensCalls } from '../test/support/stubActivity';
import type { Row } from './stats';

const CONTRACT = 'bench-lens.near';

function sourceOn(stub: Stub): ActivitySource {
  const endpoints = { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl };
  const client = new NearClient({ endpoints, cache: new TtlCache() });
  return new ActivitySource({ target: (id) => ({ kind: 'ok', key: `bench|${id}`, network: 'custom', client }) });
}

export async function lensViewsRow(stub: Stub): Promise<Row> {
  stub.appendCalls([...lensCalls(CONTRACT), ...lensCalls(CONTRACT)]);
  const source = sourceOn(stub);
  try {
    stub.clearRequests();
    const first = await source.activity(CONTRACT); // the first lens's read (want() starts the same one)
    const firstRequests = stub.requests.length;
    stub.clearRequests();
    const t0 = performance.now();
    let drawn = 0;
    for (let i = 0; i < 40; i++) {
      source.want(CONTRACT);
      if (source.view(CONTRACT).kind === 'counts') drawn++;
    }
    const ms = performance.now() - t0;
    await Promise.resolve();
    const after = stub.requests.length;
    return {
      id: 40,
      figure: '40 lens views of an account resolve with 0 requests after the first read',
      measured: `${after} requests for 40 views (${drawn} drawn with counts, ${ms.toFixed(2)} ms in all); the first read ${firstRequests} requests (${first.rows} rows)`,
      baseline: 'a request per lens (issue #47 forbids it)',
      ratio: `${after}/40`,
      target: '0 requests after the first read',
      pass: after === 0 && drawn === 40 && firstRequests === 2,
      notes: [
        `${CONTRACT} on the stub with ${first.rows} calls to ${first.methods.length} methods: the first read is one /v0/account page and one batch of records; each lens then draws from what was read.`,
      ],
    };
  } finally {
    source.dispose();
  }
}

export async function lensQuietReadRow(stub: Stub): Promise<Row> {
  const source = sourceOn(stub);
  try {
    await source.activity(CONTRACT);
    stub.clearRequests();
    const again = await source.activity(CONTRACT, { refresh: true });
    const sent = stub.requests.map((r) => r.path);
    return {
      id: 41,
      figure: 'a read of an account with nothing new is one request',
      measured: `${sent.length} request (${sent.join(', ')}); ${again.rows} rows counted before`,
      baseline: 'the first read: a page and its records',
      ratio: `${sent.length}`,
      target: '1 request',
      pass: sent.length === 1 && sent[0] === '/v0/account',
      notes: ['From the newest row read (from_tx_block_height): the page holds only rows already counted, so no record is asked for.'],
    };
  } finally {
    source.dispose();
  }
}

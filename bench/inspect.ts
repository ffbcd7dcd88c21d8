// Rows 38–39: Inspect Transaction. What one inspect of a cross-contract call sends (within its bound, read from the
// transaction itself: the record, one tx_status, per block of its receipts the block and one protocol config, per
// receipt that ran code two changes, one view_account and one view_state per changed key) and a second inspect (0);
// and reading 1,000 state changes (both sides and the key) against a plain base64 decode of the same bytes.
import { TtlCache } from '../src/client/cache';
import { NearClient } from '../src/client/client';
import { fromBase64 } from '../src/base/bytes';
import { inspectedChange, MAX_KEYS } from '../src/features/inspect/model/inspection';
import { InspectSession } from '../src/features/inspect/session';
import type { Stub } from '../test/support/stub';
import { fmtSummary, interleavedPairs } from './stats';
import type { Row } from './stats';

const FT = '52WKo6uPr1Y27EzKTDB7pZAGLATWF2ssAhjhDBj1LQ6d';

export async function inspectRequestRow(stub: Stub): Promise<Row> {
  const client = new NearClient({
    endpoints: { apiUrl: stub.apiUrl, rpcUrl: stub.rpcUrl, archivalRpcUrl: stub.archivalRpcUrl, txApiUrl: stub.txApiUrl },
    cache: new TtlCache(),
  });
  const session = new InspectSession();
  const w = { client, network: 'custom' as const, name: 'stub' };
  stub.clearRequests();
  const got = await session.read(w, { hash: FT });
  const cold = stub.requests.length;
  stub.clearRequests();
  await session.read(w, { hash: FT });
  const warm = stub.requests.length;
  client.close();
  const receipts = got?.inspection.receipts ?? [];
  const blocks = new Set(receipts.flatMap((r) => (r.blockHash ? [r.blockHash] : []))).size;
  const ranCode = receipts.filter((r) => r.methods.length > 0 && r.status !== 'pending').length;
  const keys = receipts.reduce((n, r) => n + Math.min(r.state.changes.length, MAX_KEYS), 0);
  // The record (signer) + tx_status + per block: the block and its protocol config + per receipt that ran code: two
  // changes and the account at the block before + one view_state per key.
  const bound = 1 + 1 + 2 * blocks + 3 * ranCode + keys;
  return {
    id: 38,
    figure: `Inspect Transaction: requests of an inspect of a cross-contract call (${receipts.length} receipts, ${blocks} blocks, ${ranCode} ran code, ${keys} keys changed), then a second inspect`,
    measured: `${cold} / ${warm}`,
    baseline: '—',
    ratio: '—',
    target: `≤ ${bound} / 0`,
    pass: cold <= bound && warm === 0,
    notes: [
      `Bound: 1 transactions-API record (the signer) + 1 EXPERIMENTAL_tx_status + ${blocks} blocks × (block + EXPERIMENTAL_protocol_config) + ${ranCode} receipts that ran code × (data and account EXPERIMENTAL_changes + view_account at the block before) + ${keys} view_state (one per changed key, at most ${MAX_KEYS} a receipt) = ${bound}; the refund burnt no gas and asks no protocol config, and a block whose account change before is in the block asks no view_account. A finished transaction is kept for the session: the second inspect sends nothing.`,
    ],
  };
}

const b64 = (b: Uint8Array | string): string => Buffer.from(typeof b === 'string' ? Buffer.from(b) : b).toString('base64');
const u32 = (n: number): number[] => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
const borsh = (s: string): number[] => [...u32(Buffer.byteLength(s)), ...Buffer.from(s)];

/** 1,000 changes as a contract writes them: STATE and collection keys; borsh strings, JSON, u128s and binary values. */
function changes(): Array<[string, string | null, string]> {
  const out: Array<[string, string | null, string]> = [];
  for (let i = 0; i < 1000; i++) {
    const id = `user${i}.lensdev.near`;
    const key = i % 4 === 0 ? b64('STATE') : b64(Uint8Array.from([...Buffer.from('t'), ...borsh(id)]));
    const value = (n: number): string =>
      i % 4 === 0
        ? b64(Uint8Array.from(borsh(`greeting number ${n} from ${id}`)))
        : i % 4 === 1
          ? b64(JSON.stringify({ owner: id, amount: String(n * 1000), memo: 'x'.repeat(40) }))
          : i % 4 === 2
            ? b64(Uint8Array.from({ length: 16 }, (_, j) => (n + j) & 255))
            : b64(Uint8Array.from({ length: 64 }, (_, j) => (n * 7 + j) & 255));
    out.push([key, i % 5 === 0 ? null : value(i), value(i + 1)]);
  }
  return out;
}

export async function inspectDecodeRow(): Promise<Row> {
  const list = changes();
  const bytes = list.reduce((n, [k, b, a]) => n + k.length + (b?.length ?? 0) + a.length, 0);
  const r = await interleavedPairs(
    async () => {
      for (const [k, b, a] of list) inspectedChange(k, b, a);
    },
    async () => {
      for (const [k, b, a] of list) {
        fromBase64(k);
        if (b !== null) fromBase64(b);
        fromBase64(a);
      }
    },
    200,
    30,
  );
  const ratio = r.ratio.median;
  return {
    id: 39,
    figure: `Inspect Transaction: reading 1,000 state changes (key, before, after: ${Math.round(bytes / 1024)} KB of base64) vs a plain base64 decode of the same text`,
    measured: fmtSummary(r.a, 'ms', 3),
    baseline: `base64 decode ${fmtSummary(r.b, 'ms', 3)}`,
    ratio: `${ratio.toFixed(2)} ×`,
    target: '≤ 1.5 × a plain base64 decode',
    pass: ratio <= 1.5,
    notes: [
      'Reading = decoding the base64 (a one-pass table reader) and reading each side as a person would: text, JSON (exact), borsh string / u64 / u128 at their exact length, near-sdk collection keys, else hex. The baseline is the platform decode (atob) of the same strings. Medians of per-pair ratios over 200 interleaved pairs after 30 untimed.',
    ],
  };
}

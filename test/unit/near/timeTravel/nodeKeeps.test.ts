// Unit tests of History over the blocks an RPC-only node keeps (src/near/time/nodeKeeps.ts), read from the
// stub's own `status` answers (nearcore's sync_info.earliest_block_*).
import { strict as assert } from 'node:assert';
import { beforeKept, nodeKeepsOf, nodeKeepsText, rangesKept } from '../../../../src/near/time/nodeKeeps';
import { isHistoryHostMessage } from '../../../../src/features/timeTravel/guards';
import { HISTORY_RANGES } from '../../../../src/features/timeTravel/protocol';
import { startStub, STUB_GC_WINDOW } from '../../../support/stub';
import { headHeight } from '../../../support/chain';

const status = (earliest: string, latest: string, height = 187_000_000): unknown => ({
  chain_id: 'mainnet',
  sync_info: { latest_block_height: height + 500_000, latest_block_time: latest, earliest_block_height: height, earliest_block_time: earliest },
});

describe('History over the blocks a node keeps', () => {
  it('reads the earliest block and the span from status; offers only the ranges that start after it', () => {
    const k = nodeKeepsOf(status('2026-11-01T00:00:00.123456789Z', '2026-11-11T12:00:00.000000000Z'));
    assert.deepEqual(k, {
      earliestHeight: 187_000_000,
      earliestMs: Date.parse('2026-11-01T00:00:00.123Z'),
      spanMs: Date.parse('2026-11-11T12:00:00Z') - Date.parse('2026-11-01T00:00:00.123Z'),
    });
    assert.deepEqual(rangesKept(HISTORY_RANGES, k!), ['7d']);
    assert.equal(
      nodeKeepsText(k!),
      'This node keeps blocks from #187,000,000 (about 10 days): longer ranges need an archival RPC URL (nearLens.customNetwork.archivalRpcUrl).',
    );
  });

  it('a node of about a day offers no range and says so in hours', () => {
    const k = nodeKeepsOf(status('2026-11-10T00:00:00Z', '2026-11-11T04:00:00Z'))!;
    assert.deepEqual(rangesKept(HISTORY_RANGES, k), []);
    assert.match(nodeKeepsText(k), /^This node keeps blocks from #187,000,000 \(about 28 hours\): longer ranges need an archival RPC URL/);
  });

  it('a look-up at a height or date older than the node keeps says so; a later one, or a hash, is left to the node', () => {
    const k = nodeKeepsOf(status('2026-11-01T00:00:00Z', '2026-11-11T00:00:00Z'))!;
    assert.equal(
      beforeKept({ kind: 'height', height: 186_999_999 }, k),
      'Block #186,999,999 is older than this node keeps. This node keeps blocks from #187,000,000 (about 10 days): longer ranges need an archival RPC URL (nearLens.customNetwork.archivalRpcUrl).',
    );
    assert.match(
      beforeKept({ kind: 'date', at: new Date('2026-10-01T00:00:00Z'), text: '2026-10-01' }, k) ?? '',
      /^2026-10-01 is older than this node keeps\. This node keeps blocks from #187,000,000/,
    );
    assert.equal(beforeKept({ kind: 'height', height: 187_000_000 }, k), undefined);
    assert.equal(beforeKept({ kind: 'date', at: new Date('2026-11-05T00:00:00Z'), text: '2026-11-05' }, k), undefined);
    assert.equal(beforeKept({ kind: 'hash', hash: 'x' }, k), undefined);
  });

  it('says nothing when the answer does not say (an older node, a stranger)', () => {
    assert.equal(nodeKeepsOf({ sync_info: { latest_block_height: 5 } }), undefined);
    assert.equal(nodeKeepsOf('<html>'), undefined);
    assert.equal(nodeKeepsOf({ sync_info: { earliest_block_height: '5', earliest_block_time: '2026-11-01T00:00:00Z' } }), undefined);
  });

  it('the webview takes the kept ranges only in their shape (known ranges, a text note)', () => {
    assert.ok(isHistoryHostMessage({ type: 'historyKept', ranges: ['7d'], note: 'This node keeps blocks from #1' }));
    assert.ok(isHistoryHostMessage({ type: 'historyKept', ranges: [], note: '' }));
    assert.ok(!isHistoryHostMessage({ type: 'historyKept', ranges: ['2y'], note: '' }));
    assert.ok(!isHistoryHostMessage({ type: 'historyKept', ranges: '7d', note: '' }));
    assert.ok(!isHistoryHostMessage({ type: 'historyKept', ranges: [], note: 5 }));
  });

  it("reads the stub's regular node as nearcore's: its GC window, no History range", async () => {
    const NOW = new Date('2026-11-01T00:00:00Z');
    const stub = await startStub({ chain: { now: () => NOW } });
    try {
      const res = await fetch(stub.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'status', params: [] }),
      });
      const k = nodeKeepsOf(((await res.json()) as { result: unknown }).result);
      assert.equal(k?.earliestHeight, headHeight(NOW) - STUB_GC_WINDOW);
      assert.deepEqual(rangesKept(HISTORY_RANGES, k!), []);
      assert.match(nodeKeepsText(k!), /^This node keeps blocks from #[\d,]+ \(about \d+ (days|hours)\)/);
    } finally {
      await stub.close();
    }
  });
});

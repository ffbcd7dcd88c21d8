// Degrade, don't fail: a look-up whose primary answer was read is shown when a secondary read fails. The rule
// (base/secondary.ts: a failure becomes why, a cancel still ends the look-up), the model of a transaction whose block
// could not be read (no height, no time, why), and its words: "time unknown" said once in the hover and the document.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { aborted, NearLensError } from '../../../../src/base/errors';
import { parseJsonExact } from '../../../../src/base/json';
import { secondary } from '../../../../src/base/secondary';
import { fromRecord, fromRpc } from '../../../../src/client/transactions/model';
import { blockLine, transactionDocument, txHoverSections } from '../../../../src/features/transactions/model/txMarkdown';

const load = (name: string): Record<string, unknown> & { receipts: Array<Record<string, unknown>> } =>
  parseJsonExact(readFileSync(path.resolve(__dirname, `../../../fixtures/tx/${name}.json`), 'utf8')) as never;

/** The record as RPC `EXPERIMENTAL_tx_status` answers it: outcomes with their block's hash, no height, no time. */
function rpcOf(name: string): unknown {
  const r = load(name);
  const view = (eo: unknown): unknown => {
    const o = eo as Record<string, unknown>;
    return { id: o['id'], outcome: o['outcome'], block_hash: o['block_hash'] };
  };
  return {
    transaction: r['transaction'],
    transaction_outcome: view(r['execution_outcome']),
    receipts_outcome: r.receipts.map((x) => view(x['execution_outcome'])),
  };
}

const NO_BLOCK = 'The RPC host has no such block.';
const count = (text: string, word: RegExp): number => text.match(new RegExp(word.source, 'g'))?.length ?? 0;
const plain = (md: string): string => md.replace(/\\(.)/g, '$1');

describe('degrade, don’t fail: a secondary read of a look-up', () => {
  it('gives its value, or why it is unknown (a NEAR Lens error’s own words; anything else in general words)', async () => {
    assert.deepEqual(await secondary(() => Promise.resolve(7)), { ok: true, value: 7 });
    assert.deepEqual(await secondary(() => Promise.reject(new NearLensError('rpc', NO_BLOCK))), { ok: false, why: NO_BLOCK });
    assert.deepEqual(await secondary(() => Promise.reject(new Error('secret sk_abc in a stack'))), { ok: false, why: 'Something went wrong in NEAR Lens.' });
    const timeout = new NearLensError('timeout', 'The RPC host did not answer within 8 s.');
    assert.deepEqual(await secondary(() => Promise.reject(timeout), new AbortController().signal), { ok: false, why: timeout.message });
  });

  it('a cancel of the caller still ends the look-up, whatever the read threw', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    await assert.rejects(
      secondary(() => Promise.reject(new NearLensError('network', 'reset')), ctrl.signal),
      (e: unknown) => NearLensError.is(e) && e.kind === 'aborted',
    );
    await assert.rejects(
      secondary(() => Promise.reject(aborted()), ctrl.signal),
      (e: unknown) => NearLensError.is(e) && e.kind === 'aborted',
    );
  });

  it('never throws for a failure without a cancel (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom<unknown>(undefined, null, 42, new Error('x'))), async (thrown) => {
        const r = await secondary(() => Promise.reject(thrown));
        assert.equal(r.ok, false);
      }),
    );
  });
});

describe('a transaction whose block could not be read', () => {
  const t = fromRpc(rpcOf('transfer-alice-bob'), { unread: NO_BLOCK });
  const timed = fromRpc(rpcOf('transfer-alice-bob'), { height: '185570000', timestamp: '1771105000000123457' });

  it('is the whole transaction, its height and time absent and why said, its block’s hash kept', () => {
    assert.equal(t.blockHeight, undefined);
    assert.equal(t.timestamp, undefined);
    assert.equal(t.blockUnread, NO_BLOCK);
    assert.equal(t.blockHash, timed.blockHash);
    const { blockHeight: _h, timestamp: _t, ...rest } = timed;
    const { blockUnread: _u, ...same } = t;
    assert.deepEqual(same, rest, 'everything else as with its block');
    assert.equal(timed.blockUnread, undefined);
    assert.equal(fromRecord(load('transfer-alice-bob')).blockUnread, undefined, 'a record always carries its block');
  });

  it('says its block in one line: height and exact time, or the hash and "time unknown" with why', () => {
    assert.equal(blockLine(timed), 'Block #185,570,000 · 2026-02-14 21:36:40.000123457 UTC');
    assert.equal(plain(blockLine(t)), `Block \`${t.blockHash}\` · time unknown: ${NO_BLOCK}`);
    assert.equal(blockLine(t, false), `Block ${t.blockHash} · time unknown: ${NO_BLOCK}`);
    assert.equal(blockLine({ blockHash: '' }), 'Block · time unknown');
  });

  it('the hover and the document show it, "time unknown" said once each, no "#undefined"', () => {
    const hover = txHoverSections(t.hash, { kind: 'tx', tx: t, network: 'custom', name: 'local · 127.0.0.1:3031' }).join('\n');
    assert.match(plain(hover), /\*\*Transaction\*\* on local · 127\.0\.0\.1:3031: ✓ succeeded · alice\.near → bob\.near/);
    assert.equal(count(hover, /time unknown/), 1, hover);
    assert.equal(count(hover, /unknown/), 1, hover);
    assert.doesNotMatch(hover, /undefined|NaN/);
    const doc = transactionDocument(t, 'local · 127.0.0.1:3031');
    const comments = doc.split('\n').filter((l) => l.startsWith('//'));
    assert.equal(count(comments.join('\n'), /unknown/), 1, comments.join('\n'));
    assert.ok(comments.some((l) => l === `// Block ${t.blockHash} · time unknown: ${NO_BLOCK}`));
    assert.doesNotMatch(doc, /undefined|NaN/);
    const model = JSON.parse(doc.slice(doc.indexOf('\n{') + 1)) as Record<string, unknown>;
    assert.equal(model['blockUnread'], NO_BLOCK);
    assert.equal('timestamp' in model, false);
  });

  it('why is the service’s text: escaped in the hover, folded to one line in the document', () => {
    const hostile = fromRpc(rpcOf('transfer-alice-bob'), { unread: 'no [block](command:x) *here*\n// injected' });
    const hover = txHoverSections(hostile.hash, { kind: 'tx', tx: hostile, network: 'custom' }).join('\n');
    assert.doesNotMatch(hover, /\]\(command:x\)/);
    assert.match(hover, /\\\[block\\\]/);
    const doc = transactionDocument(hostile, 'custom');
    const comments = doc.split('\n').filter((l) => l.startsWith('//'));
    assert.equal(comments.filter((l) => l.includes('injected')).length, 1, 'one comment line');
    assert.ok(comments.every((l) => !l.startsWith('// injected')));
  });
});

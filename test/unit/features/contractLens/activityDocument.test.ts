// `nearLens.contractActivity`'s argument, read before anything is sent, and its result document (#47): hostile method
// names and messages stay on their comment line.
import assert from 'node:assert/strict';
import { activityDocument, parseActivityArgs } from '../../../../src/features/contractLens/model/activityDocument';
import type { ContractActivity } from '../../../../src/features/contractLens/model/types';

describe('contract lens: Contract Activity’s argument and document', () => {
  it('takes an id or { accountId, network?, refresh? }; anything else is refused with why', () => {
    assert.deepEqual(parseActivityArgs(' game.hot.tg '), { accountId: 'game.hot.tg', refresh: false });
    assert.deepEqual(parseActivityArgs({ accountId: 'game.testnet', network: 'testnet', refresh: true }), {
      accountId: 'game.testnet',
      network: 'testnet',
      refresh: true,
    });
    assert.throws(() => parseActivityArgs({ accountId: 'Game..near' }), /Not a valid NEAR account id/);
    assert.throws(() => parseActivityArgs({}), /the id is missing/);
    assert.throws(() => parseActivityArgs({ accountId: 'a.near', network: 'localnet' }), /mainnet, testnet or custom/);
    assert.throws(() => parseActivityArgs({ accountId: 'a.near', refresh: 'yes' }), /refresh is true or false/);
    assert.throws(() => parseActivityArgs({ accountId: 'a.near', show: false }), /does not take "show"/);
    assert.throws(() => parseActivityArgs(42), /takes an account id/);
  });

  it('the document: the summary, a line per method whatever its name or message holds, then the JSON', () => {
    const a: ContractActivity = {
      accountId: 'game.hot.tg',
      network: 'mainnet',
      since: '1771106600329561537',
      asOf: '1771193000329561537',
      rows: 201,
      capped: true,
      methods: [
        {
          method: 'claim\n// injected',
          calls: 200,
          failed: 1,
          calls24h: 200,
          failed24h: 1,
          lastAt: '1771193000000000001',
          lastFailure: { message: 'boom\n}', kind: 'panic', hash: 'h' },
        },
        { method: 'ping', calls: 1, failed: 0, calls24h: 0, failed24h: 0, lastAt: '1771106600329561537' },
      ],
    };
    const doc = activityDocument(a);
    const lines = doc.split('\n');
    assert.match(lines[0] ?? '', /^\/\/ game\.hot\.tg calls · 200\+ in 24 h · 1 failed · as of 2026-02-15T\S+Z · 201 rows read since /);
    assert.match(lines[1] ?? '', /^\/\/ More calls came between two reads/);
    assert.equal(lines[2], '// claim // injected · 200 calls in 24 h · 1 failed · 200 since 1771106600329561537 · last failure (panic): boom }');
    assert.equal(lines[3], '// ping · 0 calls in 24 h · 0 failed · 1 since 1771106600329561537');
    assert.deepEqual(JSON.parse(lines.slice(4).join('\n')), a, 'the result, exact');
  });
});

// What each lens says: a method's calls of the day per account, views, nothing read yet, no calls, capped reads, a
// failed read, an unsupported network, and whether the deployed code is the workspace's build; untrusted text cut
// at 100 characters with no icon syntax.
import { strict as assert } from 'node:assert';
import { buildLens, clockOf, lensSafe, methodLens, unsupportedLens } from '../../../../src/features/contractLens/model/lensText';
import type { ActivityView, ContractActivity, ContractMethod, MethodActivity } from '../../../../src/features/contractLens/model/types';

const NOW = Date.UTC(2026, 10, 29, 14, 30);
const ns = (ms: number): string => (BigInt(ms) * 1_000_000n).toString();
const CLAIM: ContractMethod = { name: 'claim', line: 3, character: 9, view: false, private: false, payable: false, init: false };
const VIEW: ContractMethod = { ...CLAIM, name: 'score', view: true };

const activity = (methods: MethodActivity[], over: Partial<ContractActivity> = {}): ContractActivity => ({
  accountId: 'game.hot.tg',
  network: 'mainnet',
  since: ns(NOW - 5 * 86_400_000),
  asOf: ns(Date.UTC(2026, 10, 29, 14, 2)),
  rows: 230,
  capped: false,
  methods,
  ...over,
});
const claim = (over: Partial<MethodActivity> = {}): MethodActivity => ({
  method: 'claim',
  calls: 230,
  failed: 5,
  calls24h: 214,
  failed24h: 3,
  lastAt: ns(NOW - 60_000),
  ...over,
});
const counts = (a: ContractActivity, error?: string): ActivityView => ({ kind: 'counts', activity: a, ...(error !== undefined && { error }) });

describe('contract lens: text', () => {
  it('the day’s calls and failures, the latest failure and "as of" in the tooltip; a click to the failed calls first', () => {
    const lens = methodLens('game.hot.tg', CLAIM, counts(activity([claim({ lastFailure: { message: 'no such round', kind: 'panic', hash: 'h' } })])), NOW);
    assert.equal(lens?.title, 'game.hot.tg · 214 calls in 24 h · 3 failed');
    assert.match(lens?.tooltip ?? '', /^Latest failure: no such round\n230 calls, 5 failed since .* \(230 rows read\)\nas of 14:02 UTC$/);
    assert.deepEqual(lens?.click, { accountId: 'game.hot.tg', method: 'claim', failedFirst: true });
  });

  it('drops "· 0 failed", says "1 call", and "200+" for a capped read', () => {
    assert.equal(methodLens('a.near', CLAIM, counts(activity([claim({ calls24h: 1, failed24h: 0 })])), NOW)?.title, 'a.near · 1 call in 24 h');
    assert.equal(methodLens('a.near', CLAIM, counts(activity([claim({ calls24h: 1, failed24h: 0 })])), NOW)?.click?.failedFirst, false);
    const capped = methodLens('a.near', CLAIM, counts(activity([claim({ calls24h: 200, failed24h: 0 })], { capped: true })), NOW);
    assert.equal(capped?.title, 'a.near · 200+ calls in 24 h');
    assert.match(capped?.tooltip ?? '', /200-row cap/);
  });

  it('no calls in the day: when the last one was; none at all: says so', () => {
    const old = claim({ calls24h: 0, failed24h: 0, lastAt: ns(NOW - 3 * 86_400_000 - 60_000) });
    assert.equal(methodLens('a.near', CLAIM, counts(activity([old])), NOW)?.title, 'a.near · no calls in 24 h · last 3 days ago');
    assert.equal(methodLens('a.near', CLAIM, counts(activity([])), NOW)?.title, 'a.near · no calls read');
  });

  it('a view is never on chain; nothing read yet is "reading calls…"; an unsupported network has no method lens', () => {
    assert.equal(methodLens('a.near', VIEW, counts(activity([])), NOW)?.title, 'a.near · view · not on chain');
    assert.equal(methodLens('a.near', VIEW, { kind: 'none' }, NOW)?.title, 'a.near · view · not on chain');
    assert.equal(methodLens('a.near', CLAIM, { kind: 'none' }, NOW)?.title, 'a.near · reading calls…');
    const unsupported: ActivityView = { kind: 'unsupported', reason: 'This network has no transactions API.' };
    assert.equal(methodLens('a.near', CLAIM, unsupported, NOW), undefined);
    assert.equal(unsupportedLens('a.near', unsupported)?.title, 'a.near · no call counts: This network has no transactions API.');
    assert.equal(unsupportedLens('a.near', { kind: 'none' }), undefined);
  });

  it('a failed read keeps the counts and says why', () => {
    const lens = methodLens('a.near', CLAIM, counts(activity([claim()]), 'The transactions API answered 503.'), NOW);
    assert.equal(lens?.title, 'a.near · 214 calls in 24 h · 3 failed');
    assert.match(lens?.tooltip ?? '', /The last read failed, these are the counts it kept: The transactions API answered 503\./);
  });

  it('untrusted text: one line, cut at 100 characters, no $(icon)', () => {
    const message = `$(alert) boom\n${'x'.repeat(300)}`;
    const lens = methodLens('a.near', CLAIM, counts(activity([claim({ lastFailure: { message, kind: 'panic', hash: 'h' } })])), NOW);
    const first = lens?.tooltip?.split('\n')[0] ?? '';
    assert.ok(first.startsWith('Latest failure: \\$(alert) boom x'));
    assert.ok(!/(^|[^\\])\$\(/.test(lens?.tooltip ?? ''));
    assert.equal(lensSafe('y'.repeat(300)).length, 100);
    assert.ok(lensSafe('y'.repeat(300)).endsWith('…'));
    const named = methodLens('a.near', { ...CLAIM, name: `$(zap)${'m'.repeat(200)}` }, counts(activity([])), NOW);
    assert.ok(!/(^|[^\\])\$\(/.test(named?.tooltip ?? ''));
  });

  it('is it my build: the same wasm by path, else how old the newest build is', () => {
    assert.equal(
      buildLens('game.hot.tg', { kind: 'same', path: 'target/near/hot_game.wasm' }, NOW).title,
      'game.hot.tg · deployed code = target/near/hot_game.wasm',
    );
    assert.equal(
      buildLens('game.hot.tg', { kind: 'differs', path: 'target/near/hot_game.wasm', builtMs: NOW - 12 * 60_000 }, NOW).title,
      'game.hot.tg · deployed code differs from your build (built 12 min ago)',
    );
    assert.equal(clockOf('nope'), undefined);
  });
});

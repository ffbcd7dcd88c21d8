// Unit tests of src/core/cache.ts: TTL with an injected clock, LRU bound, de-dup, failures, invalidation, abort.
import { strict as assert } from 'node:assert';
import { TtlCache } from '../../../src/client/cache';
import { NearLensError } from '../../../src/base/errors';

function clock(start = 1_000): { now(): number; t: number } {
  const c = { t: start, now: () => c.t };
  return c;
}

function deferred<T>(): { promise: Promise<T>; resolve(v: T): void; reject(e: unknown): void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('serves a value until its TTL passes, then loads again', async () => {
    const c = clock();
    const cache = new TtlCache({ clock: c });
    let loads = 0;
    const load = async (): Promise<number> => ++loads;
    assert.equal(await cache.get('k', 100, load), 1);
    c.t += 99;
    assert.equal(await cache.get('k', 100, load), 1);
    c.t += 1;
    assert.equal(await cache.get('k', 100, load), 2);
    assert.equal(loads, 2);
  });

  it('de-duplicates concurrent loads of one key', async () => {
    const cache = new TtlCache();
    const d = deferred<string>();
    let loads = 0;
    const all = Array.from({ length: 10 }, () =>
      cache.get('k', 1000, () => {
        loads++;
        return d.promise;
      }),
    );
    d.resolve('v');
    assert.deepEqual(await Promise.all(all), Array(10).fill('v'));
    assert.equal(loads, 1);
  });

  it('keep: false shares one load with every caller waiting, keeps nothing, and still reads what is kept', async () => {
    const cache = new TtlCache();
    const d = deferred<string>();
    let loads = 0;
    const load = (): Promise<string> => (loads++, d.promise);
    const both = [cache.get('k', 1000, load, { keep: false }), cache.get('k', 1000, load, { keep: false })];
    d.resolve('v');
    assert.deepEqual(await Promise.all(both), ['v', 'v']);
    assert.equal(loads, 1);
    assert.equal(cache.size, 0, 'the answer went to both callers and was not kept');
    assert.equal(cache.peek('k'), undefined);
    await cache.get('kept', 1000, async () => 'old');
    assert.equal(await cache.get('kept', 1000, async () => 'new', { keep: false }), 'old', 'a kept value is read as usual');
    // A caller that wants the answer kept, joining a keep: false load, has it kept.
    const e = deferred<string>();
    const joined = [cache.get('j', 1000, () => e.promise, { keep: false }), cache.get('j', 1000, () => e.promise)];
    e.resolve('w');
    await Promise.all(joined);
    assert.equal(cache.peek('j'), 'w');
  });

  it('does not cache failures and keeps the last good value for peek', async () => {
    const c = clock();
    const cache = new TtlCache({ clock: c });
    await cache.get('k', 10, async () => 'good');
    c.t += 20;
    await assert.rejects(
      cache.get('k', 10, async () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    assert.equal(cache.peek('k'), 'good');
    assert.equal(await cache.get('k', 10, async () => 'again'), 'again');
  });

  it('is bounded (least recently used goes first)', async () => {
    const cache = new TtlCache({ maxEntries: 2 });
    await cache.get('a', 1e9, async () => 1);
    await cache.get('b', 1e9, async () => 2);
    await cache.get('a', 1e9, async () => 99); // touch a
    await cache.get('c', 1e9, async () => 3);
    assert.equal(cache.size, 2);
    assert.equal(cache.peek('b'), undefined);
    assert.equal(cache.peek('a'), 1);
  });

  it('invalidates by prefix or entirely, and does not store a load that was in flight', async () => {
    const cache = new TtlCache();
    await cache.get('acct:a|1', 1e9, async () => 1);
    await cache.get('acct:b|1', 1e9, async () => 2);
    cache.invalidate('acct:a|');
    assert.equal(cache.peek('acct:a|1'), undefined);
    assert.equal(cache.peek('acct:b|1'), 2);
    const d = deferred<number>();
    const p = cache.get('acct:b|2', 1e9, () => d.promise);
    cache.invalidate();
    d.resolve(5);
    assert.equal(await p, 5);
    assert.equal(cache.size, 0);
  });

  it('fresh bypasses the value but stores the new one', async () => {
    const cache = new TtlCache();
    await cache.get('k', 1e9, async () => 1);
    assert.equal(await cache.get('k', 1e9, async () => 2, { fresh: true }), 2);
    assert.equal(await cache.get('k', 1e9, async () => 3), 2);
  });

  it('an aborted caller is rejected alone; the load stops only when every caller has gone', async () => {
    const cache = new TtlCache();
    let loadSignal: AbortSignal | undefined;
    const d = deferred<string>();
    const load = (s: AbortSignal | undefined): Promise<string> => {
      loadSignal = s;
      return d.promise;
    };
    const a = new AbortController();
    const b = new AbortController();
    const pa = cache.get('k', 1e9, load, { signal: a.signal });
    const pb = cache.get('k', 1e9, load, { signal: b.signal });
    a.abort();
    await assert.rejects(pa, (e: unknown) => NearLensError.is(e) && e.kind === 'aborted');
    assert.equal(loadSignal?.aborted, false);
    b.abort();
    await assert.rejects(pb, (e: unknown) => NearLensError.is(e) && e.kind === 'aborted');
    assert.equal(loadSignal?.aborted, true);
    d.resolve('late');
    assert.equal(cache.size, 0);
  });
});

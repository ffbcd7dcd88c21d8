// Unit tests of the bounded-concurrency helpers (src/client/limit.ts).
import { strict as assert } from 'node:assert';
import { createLimiter, settleAll } from '../../../src/client/limit';

const tick = (ms = 1): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('limit', () => {
  it('never runs more than max tasks at once and runs them all', async () => {
    let running = 0;
    let peak = 0;
    const results = await settleAll([...Array(20).keys()], 4, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await tick(i % 3);
      running--;
      if (i === 7) throw new Error('seven');
      return i * 2;
    });
    assert.equal(peak, 4);
    assert.equal(results.length, 20);
    assert.equal(results.filter((r) => r.status === 'rejected').length, 1);
    assert.deepEqual(results[3], { status: 'fulfilled', value: 6 });
  });

  it('releases the slot when a task throws synchronously', async () => {
    const run = createLimiter(1);
    await assert.rejects(
      run(() => {
        throw new Error('sync');
      }),
    );
    assert.equal(await run(async () => 'next'), 'next');
  });

  it('starts queued tasks in order', async () => {
    const run = createLimiter(1);
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        run(async () => {
          order.push(n);
          await tick();
        }),
      ),
    );
    assert.deepEqual(order, [1, 2, 3]);
  });
});

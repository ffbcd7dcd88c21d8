// The unit suite's fast-check setup (test/support/fastCheck.ts, required by .mocharc.cjs): a failing property shows its
// seed and the command that repeats it, with its assertion as the cause; that command, pasted into a shell, fails the
// same way (FC_SEED in a new mocha).
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { RUNS, sometimesFails } from '../fixtures/fastCheck/sometimes';

const ROOT = path.join(__dirname, '../..');

function thrown(fn: () => void): Error {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Error);
    return e;
  }
  assert.fail('expected a failure');
}

function sh(command: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd: ROOT }, (e, stdout) => resolve({ code: e ? Number(e.code ?? 1) : 0, stdout }));
  });
}

describe('fast-check: seeds that repeat', function () {
  this.timeout(60_000);

  it('a failure shows its seed and the command that repeats it; that command fails the same way', async function () {
    const e = thrown(() => fc.assert(sometimesFails(), RUNS));
    const [failed, seedLine, repeat] = e.message.split('\n');
    const seed = /^\{ seed: (-?\d+), path: "[\d:]+"/.exec(seedLine ?? '')?.[1];
    assert.match(failed ?? '', /^Property failed after \d+ tests$/);
    assert.ok(seed, seedLine);
    assert.equal(repeat, `Repeat it: FC_SEED=${seed} npx mocha test/unit/propertySeeds.test.ts --fgrep '${this.test?.fullTitle()}'`);
    assert.ok(e.cause instanceof assert.AssertionError, 'the assertion that failed is the cause');
    // The same seed in a new mocha, as a person pastes it: after the same runs, at the same path.
    const command = `FC_SEED=${seed} npx mocha test/fixtures/fastCheck/failing.spec.ts --fgrep 'fixture sometimes fails'`;
    const out = await sh(command);
    assert.equal(out.code, 1, out.stdout);
    assert.ok(out.stdout.includes(`fast-check: every property starts from seed ${seed} (FC_SEED)`), out.stdout);
    for (const line of [failed, seedLine, `Repeat it: ${command}`]) assert.ok(out.stdout.includes(`${line}\n`), `${line} in\n${out.stdout}`);
    assert.match(out.stdout, /0 passing[^]*1 failing/);
  });
});

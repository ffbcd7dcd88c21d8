// Unit tests of the balance panel's view model (src/features/panel/model/panelModel.ts): exact amounts, bar shares, negative spendable, tables.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { DEFAULT_LIQUID_STAKING_PROVIDERS, normaliseFull, normaliseStatus, VALIDATOR_LOCKED_CAVEAT } from '../../../../src/near/account';
import type { AccountFull, AccountState } from '../../../../src/near/account';
import { derive } from '../../../../src/near/amounts';
import type { FtMetadata } from '../../../../src/client/client';
import { RAW_MEANS, slotFailed, slotLoaded, slotLoading } from '../../../../src/ui/slots';
import type { PoolBalance, Slot } from '../../../../src/ui/slots';
import { accountKindText, balanceBar, buildPanelModel, bytesText, percentages } from '../../../../src/features/panel/model/panelModel';
import type { PanelInput } from '../../../../src/features/panel/model/panelModel';
import { isPanelViewModel } from '../../../../src/features/panel/protocol';
import type { TokenRow } from '../../../../src/features/panel/protocol';

function load(name: string): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, '../../..', 'fixtures', name), 'utf8')) as unknown;
}
function full(name: string): AccountFull {
  return normaliseFull(load(`fastnear-v1-account-full-${name}.json`));
}

const NEAR = 10n ** 24n;
const T0 = Date.UTC(2025, 1, 11, 6, 10, 0);
const META: Record<string, Slot<FtMetadata>> = {
  'meta-pool.near': slotLoaded({ symbol: 'stNEAR', name: 'Staked NEAR', decimals: 24 }, T0),
  'usdt.tether-token.near': slotLoaded({ symbol: 'USDt', name: 'Tether USD', decimals: 6 }, T0),
};

function input(f: AccountFull, more: Partial<PanelInput> = {}): PanelInput {
  return {
    accountId: f.accountId,
    network: 'mainnet',
    full: f,
    fetchedAt: T0,
    ftMeta: (id) => META[id],
    pools: new Map(),
    decimals: 5,
    liquidStakingProviders: DEFAULT_LIQUID_STAKING_PROVIDERS,
    formatTime: () => '06:10:00',
    ...more,
  };
}

function state(balance: bigint, locked: bigint, bytes: number): AccountState {
  return { balance, locked, storageBytes: bytes, ...derive(balance, locked, bytes) };
}

/** The exact sum of percentages such as "33.333333%", in millionths of a percent (they have at most 6 decimals). */
function sumPercent(list: readonly string[]): bigint {
  return list.reduce((s, p) => {
    const [int = '', frac = ''] = p.replace('%', '').split('.');
    assert.ok(/^[0-9]+$/.test(int) && /^[0-9]{0,6}$/.test(frac), `not a percentage with at most 6 decimals: ${p}`);
    return s + BigInt(int + frac.padEnd(6, '0'));
  }, 0n);
}

/** Every leaf is a string, number or boolean: the webview gets no bigint, no Date, no functions. */
function leaves(v: unknown, at = '$'): string[] {
  if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return [];
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, `${at}[${i}]`));
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.entries(v).flatMap(([k, x]) => leaves(x, `${at}.${k}`));
  }
  return [at];
}

describe('panel view model', () => {
  it('builds a complete, primitive-only model for alice.near', () => {
    const m = buildPanelModel(input(full('alice.near')));
    assert.deepEqual(leaves(m), []);
    assert.ok(isPanelViewModel(m));
    assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
    assert.equal(m.accountId, 'alice.near');
    assert.equal(m.accountKind, 'named account under near');
    assert.equal(m.exists, true);
    assert.equal(m.total, '1,234.5678 NEAR');
    assert.equal(m.totalExact, '1,234.5678 NEAR');
    assert.equal(m.updatedAt, '06:10:00');
    assert.equal(m.updatedAtIso, '2025-02-11T06:10:00.000Z');
    assert.equal(m.latestActivity, 'block #132,000,789');
    assert.equal(m.caveat, '');
    assert.deepEqual(m.notes, []);
  });

  it('has exact figures', () => {
    const m = buildPanelModel(input(full('alice.near')));
    const fig = Object.fromEntries(m.figures.map((f) => [f.label, f]));
    assert.equal(fig['Balance']?.exact, '1,234.5678 NEAR');
    assert.equal(fig['Pinned by storage']?.exact, '0.2634 NEAR');
    assert.equal(fig['Spendable']?.exact, '1,234.3044 NEAR');
    assert.equal(fig['Spendable']?.warn, false);
  });

  describe('each figure once', () => {
    it('storage reads in one format, bytes with KiB beside them, not "26,340 bytes / 26340 bytes"', () => {
      const m = buildPanelModel(input(full('alice.near')));
      const storage = m.figures.find((f) => f.label === 'Storage used');
      assert.deepEqual([storage?.value, storage?.exact], ['26,340 bytes (25.7 KiB)', '']);
    });

    it('total owned is the headline only, not a row of the table under it too', () => {
      const m = buildPanelModel(input(full('here.tg')));
      assert.deepEqual([m.total, m.totalExact], ['240.42056 NEAR', '240.42056220352805922699188 NEAR']);
      assert.deepEqual(
        m.figures.map((f) => f.label),
        ['Balance', 'Locked', 'Storage used', 'Pinned by storage', 'Spendable'],
      );
    });

    it('a raw token amount (every digit already) has no second "exact" copy; a scaled one keeps its exact digits', () => {
      const m = buildPanelModel(input(full('here.tg')));
      const game = m.tokens.find((t) => t.contractId === 'game.hot.tg');
      assert.deepEqual([game?.amount, game?.exact], ['9990 (raw)', '']);
      const usdt = m.tokens.find((t) => t.contractId === 'usdt.tether-token.near');
      assert.deepEqual([usdt?.amount, usdt?.exact], ['10.283 USDt', '10.283 USDt']); // equal: the webview shows it once
    });

    it('the shortfall note explains in words; its figures are in the table', () => {
      const m = buildPanelModel(input(full('poor.near')));
      assert.doesNotMatch(m.barNote, /\d/);
      assert.equal(m.figures.find((f) => f.label === 'Spendable')?.value, '-0.9999 NEAR');
    });
  });

  it('bytesText: grouped bytes, KiB from 1 KiB and MiB from 1 MiB (one decimal, rounded down)', () => {
    assert.equal(bytesText(0), '0 bytes');
    assert.equal(bytesText(182), '182 bytes');
    assert.equal(bytesText(1023), '1,023 bytes');
    assert.equal(bytesText(1024), '1,024 bytes (1.0 KiB)');
    assert.equal(bytesText(26_340), '26,340 bytes (25.7 KiB)');
    assert.equal(bytesText(1_048_575), '1,048,575 bytes (1023.9 KiB)');
    assert.equal(bytesText(9_231_111), '9,231,111 bytes (8.8 MiB)');
  });

  describe('bar', () => {
    it('splits total owned into spendable, pinned and locked with exact legend amounts', () => {
      const st = state(70n * NEAR, 20n * NEAR, 1_000_000); // pinned 10 NEAR → spendable 60 of total 90
      const { segments, note } = balanceBar(st, 5);
      assert.equal(note, '');
      assert.deepEqual(
        segments.map((s) => [s.key, s.amount, s.exact, s.percent, s.exactPercent]),
        [
          ['spendable', '60 NEAR', '60 NEAR', '66.7%', '66.666667%'],
          ['pinned', '10 NEAR', '10 NEAR', '11.1%', '11.111111%'],
          ['locked', '20 NEAR', '20 NEAR', '22.2%', '22.222222%'],
        ],
      );
      assert.equal(sumPercent(segments.map((s) => s.percent)), 100_000_000n);
    });

    it('display shares always add up to 100.0 and exact shares to 100 (property)', () => {
      const yocto = fc.bigInt({ min: 0n, max: 10n ** 33n });
      fc.assert(
        fc.property(yocto, yocto, fc.integer({ min: 0, max: 5_000_000 }), (balance, locked, bytes) => {
          const st = state(balance, locked, bytes);
          const { segments } = balanceBar(st, 5);
          if (segments.length === 0) return st.total === 0n && st.pinned === 0n;
          if (segments.some((s) => s.percent === '<0.1%')) return true;
          const shown = sumPercent(segments.map((s) => s.percent));
          const exact = sumPercent(segments.map((s) => s.exactPercent));
          const widths = segments.reduce((s, x) => s + x.width, 0);
          return (
            shown === 100_000_000n &&
            exact - 100_000_000n <= 2n &&
            100_000_000n - exact <= 2n &&
            Math.abs(widths - 100) < 0.001 &&
            segments.every((s) => s.width >= 0)
          );
        }),
        { numRuns: 300 },
      );
    });

    it('shows a tiny non-zero share as "<0.1%", never 0%', () => {
      const p = percentages([1n, 999_999n], 1_000_000n);
      assert.deepEqual(
        p.map((s) => s.percent),
        ['<0.1%', '100.0%'],
      );
      assert.deepEqual(
        p.map((s) => s.exactPercent),
        ['0.0001%', '99.9999%'],
      );
      assert.deepEqual(
        percentages([1n, 1n, 1n], 3n).map((s) => s.percent),
        ['33.4%', '33.3%', '33.3%'],
      );
      assert.deepEqual(
        percentages([0n, 5n], 5n).map((s) => s.percent),
        ['0.0%', '100.0%'],
      );
    });

    it('handles negative spendable: pinned beyond the balance, with a clear note', () => {
      const m = buildPanelModel(input(full('poor.near')));
      // poor.near: balance 0.0001 NEAR, 100,000 bytes → pinned 1 NEAR, spendable −0.9999 NEAR.
      assert.deepEqual(
        m.bar.map((s) => [s.key, s.exact]),
        [
          ['pinned', '0.0001 NEAR'],
          ['shortfall', '0.9999 NEAR'],
          ['locked', '0 NEAR'],
        ],
      );
      assert.ok(m.bar.every((s) => s.width >= 0));
      assert.deepEqual(
        m.bar.map((s) => s.percent),
        ['<0.1%', '100.0%', '0.0%'],
      );
      assert.deepEqual(
        m.bar.map((s) => s.exactPercent),
        ['0.01%', '99.99%', '0%'],
      );
      assert.match(m.barNote, /more than the balance holds, so spendable is negative/);
      const sp = m.figures.find((f) => f.label === 'Spendable');
      assert.equal(sp?.warn, true);
      assert.equal(sp?.exact, '-0.9999 NEAR');
    });

    it('is empty for an account holding nothing', () => {
      const { segments, note } = balanceBar(state(0n, 0n, 0), 5);
      assert.deepEqual(segments, []);
      assert.match(note, /0 NEAR/);
    });
  });

  it('adds the validator caveat when locked is non-zero', () => {
    const m = buildPanelModel(input(full('pool.poolv1.near')));
    assert.equal(m.caveat, VALIDATOR_LOCKED_CAVEAT);
    assert.equal(m.figures.find((f) => f.label === 'Locked')?.note, VALIDATOR_LOCKED_CAVEAT);
  });

  it('says "No such account" for state null', () => {
    const m = buildPanelModel(input(full('nobody.near')));
    assert.equal(m.exists, false);
    assert.deepEqual(m.bar, []);
    assert.deepEqual(m.figures, []);
    assert.match(m.barNote, /^No such account on mainnet/);
    assert.ok(isPanelViewModel(m));
  });

  it('tables: liquid staking apart, token amounts scaled by metadata, unknown balances noted', () => {
    const m = buildPanelModel(input(full('alice.near')));
    assert.deepEqual(
      m.liquid.map((t) => [t.symbol, t.amount, t.contractId, t.liquid]),
      [['stNEAR', '5 stNEAR', 'meta-pool.near', true]],
    );
    assert.deepEqual(
      m.tokens.map((t) => [t.contractId, t.amount, t.exact, t.lastUpdate]),
      [
        ['usdt.tether-token.near', '10.283 USDt', '10.283 USDt', '#131,000,456'],
        ['wrap.near', 'balance not fetched yet by the indexer', '', 'not tracked'],
        ['v1.omni.hot.tg', 'balance unknown', '', '#128,025,061'],
      ],
    );
    assert.equal(m.tokens[2]?.note, '');
    assert.match(m.tokens[2]?.why ?? '', /balance call failed/);
    assert.deepEqual(
      m.nfts.map((n) => [n.contractId, n.publisher, n.lastUpdate]),
      [
        ['nearvoucherstore.mintbase1.near', 'mintbase1.near', '#118,841,842'],
        ['nft.hot.tg', 'hot.tg', 'not tracked'],
      ],
    );
  });

  it('applies the NFT publisher filter', () => {
    const m = buildPanelModel(input(full('alice.near'), { nftPublisher: 'mintbase1.near' }));
    assert.equal(m.nfts.length, 1);
    assert.match(m.nftFilter, /mintbase1\.near \(1 of 2\)/);
  });

  it('pools: delegated amounts, past pools last, failures noted', () => {
    const pools = new Map<string, Slot<PoolBalance>>([
      ['epic.poolv1.near', slotLoaded({ staked: 0n, unstaked: 0n }, T0)],
      ['zavodil.poolv1.near', slotLoaded({ staked: BigInt('12345678901234567890123456'), unstaked: NEAR }, T0)],
    ]);
    const f = full('alice.near');
    const m = buildPanelModel(input({ ...f, pools: [...f.pools].reverse() }, { pools }));
    assert.deepEqual(
      m.pools.map((p) => [p.poolId, p.staked, p.stakedExact, p.unstaked, p.past]),
      [
        ['zavodil.poolv1.near', '12.34567 NEAR', '12.345678901234567890123456 NEAR', '1 NEAR', false],
        ['epic.poolv1.near', '0 NEAR', '0 NEAR', '', true],
      ],
    );
    const failed = buildPanelModel(input(f, { pools: new Map([['zavodil.poolv1.near', slotFailed<PoolBalance>(undefined, 'Timed out.')]]) }));
    assert.equal(failed.pools[0]?.note, 'pool did not answer');
    assert.equal(failed.pools[0]?.why, 'Amounts unavailable: Timed out.');
    assert.equal(failed.pools[1]?.note, 'not loaded');
    assert.equal(failed.pools[1]?.why, '');
    const stale = buildPanelModel(input(f, { pools: new Map([['zavodil.poolv1.near', slotFailed(pools.get('zavodil.poolv1.near'), 'Timed out.')]]) }));
    assert.deepEqual([stale.pools[0]?.staked, stale.pools[0]?.note, stale.pools[0]?.why], ['12.34567 NEAR', 'refresh failed', 'Refresh failed: Timed out.']);
  });

  it('a token without metadata: its raw digits once, a short reason, the failure only in the title', () => {
    const sentence = 'No contract is deployed on usdt.tether-token.near.';
    const row = (meta: Slot<FtMetadata> | undefined): TokenRow | undefined =>
      buildPanelModel(input(full('alice.near'), { ftMeta: (c) => (c === 'usdt.tether-token.near' ? meta : undefined) })).tokens[0];
    const failed = row(slotFailed<FtMetadata>(undefined, sentence));
    assert.deepEqual([failed?.amount, failed?.exact, failed?.note], ['10283000 (raw)', '', 'metadata unavailable']);
    assert.equal(failed?.why, `${RAW_MEANS} Token metadata unavailable: ${sentence}`);
    assert.equal(row(slotLoading<FtMetadata>(undefined))?.note, 'loading metadata…');
    const loaded = row(slotLoaded({ symbol: 'USDt', name: 'Tether USD', decimals: 6 }, T0));
    assert.deepEqual([loaded?.amount, loaded?.note, loaded?.why], ['10.283 USDt', '', '']);
  });

  it('indexer freshness from /status', () => {
    const m = buildPanelModel(input(full('alice.near'), { status: slotLoaded(normaliseStatus(load('fastnear-status.json')), T0) }));
    assert.equal(
      m.indexer,
      'Indexer at block #187,310,138, balances at #187,310,130, 1.4 s behind the chain, block time 2025-02-11 06:09:37 UTC, version 0.10.9.',
    );
    // A failure reads as a word; the service's sentence is never shown as data (#21).
    const failed = buildPanelModel(input(full('alice.near'), { status: slotFailed(undefined, 'Rate limited by the service.') })).indexer;
    assert.equal(failed, 'Indexer status unavailable (the reason is in the NEAR Lens log).');
    assert.equal(buildPanelModel(input(full('alice.near'))).indexer, 'Indexer status not loaded.');
  });

  it('keeps last good figures with a note when the refresh failed', () => {
    const m = buildPanelModel(input(full('alice.near'), { staleError: 'The request timed out.' }));
    assert.deepEqual(m.notes, ['Refresh failed: The request timed out. Showing the data from 06:10:00.']);
    assert.equal(m.total, '1,234.5678 NEAR');
  });

  it('names the account kind', () => {
    assert.equal(accountKindText('near'), 'top-level named account');
    assert.equal(accountKindText('f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82'), 'implicit account (an ed25519 public key)');
    assert.equal(accountKindText('0x' + 'a'.repeat(40)), 'ETH-implicit account');
  });
});

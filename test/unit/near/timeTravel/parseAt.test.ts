// Unit tests of what a person types for time travel's "at" (src/near/time/parseAt.ts) and the shared formats (chainTime.ts).
import { strict as assert } from 'node:assert';
import { parseAt } from '../../../../src/near/time/parseAt';
import { dateToNs, formatUtc, MAINNET_GENESIS, nsToDate } from '../../../../src/near/time/chainTime';
import { NearLensError } from '../../../../src/base/errors';

const NOW = new Date('2026-11-01T10:30:00Z');
const iso = (text: string): string => {
  const r = parseAt(text, NOW);
  assert.equal(r.kind, 'date', text);
  return r.kind === 'date' ? r.at.toISOString() : '';
};

describe('time travel: parseAt', () => {
  it('reads block heights, with commas or underscores', () => {
    for (const [text, height] of [
      ['187310138', 187310138],
      ['187,310,138', 187310138],
      ['187_310_138', 187310138],
      ['  9820210 ', 9820210],
      ['0', 0],
    ] as const) {
      assert.deepEqual(parseAt(text, NOW), { kind: 'height', height }, text);
    }
  });

  it('reads base58 block hashes of 32 bytes', () => {
    const hash = '6RWmTYhXCzjMjoY3Mz1rfFcnBm8E6XeDDbFEPUA4sv1w';
    assert.deepEqual(parseAt(hash, NOW), { kind: 'hash', hash });
    assert.deepEqual(parseAt('11111111111111111111111111111111', NOW), { kind: 'hash', hash: '11111111111111111111111111111111' });
  });

  const dates: ReadonlyArray<[string, string]> = [
    ['2025-06-01', '2025-06-01T00:00:00.000Z'],
    ['2025-06-01 12:00 UTC', '2025-06-01T12:00:00.000Z'],
    ['2025-06-01 12:00', '2025-06-01T12:00:00.000Z'],
    ['2025-06-01 12:00:30 utc', '2025-06-01T12:00:30.000Z'],
    ['2025-06-01T12:00:00Z', '2025-06-01T12:00:00.000Z'],
    ['2025-06-01T12:00:00.250Z', '2025-06-01T12:00:00.250Z'],
    ['2025-06-01T12:00:00', '2025-06-01T12:00:00.000Z'],
    ['2025-06-01T12:00:00+02:00', '2025-06-01T10:00:00.000Z'],
    ['2025-06-01T12:00:00-0530', '2025-06-01T17:30:00.000Z'],
    ['2025-06-01T12:00+05', '2025-06-01T07:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['30 days ago', '2026-10-02T10:30:00.000Z'],
    ['2 weeks ago', '2026-10-18T10:30:00.000Z'],
    ['12 hours ago', '2026-10-31T22:30:00.000Z'],
    ['1 hour ago', '2026-11-01T09:30:00.000Z'],
    ['an hour ago', '2026-11-01T09:30:00.000Z'],
    ['45 minutes ago', '2026-11-01T09:45:00.000Z'],
    ['3 months ago', '2026-08-01T10:30:00.000Z'],
    ['1 year ago', '2025-11-01T10:30:00.000Z'],
    ['yesterday', '2026-10-31T10:30:00.000Z'],
    ['Yesterday', '2026-10-31T10:30:00.000Z'],
  ];
  for (const [text, want] of dates) {
    it(`reads "${text}" as ${want}`, () => assert.equal(iso(text), want));
  }

  it('keeps what was typed (spaces collapsed) as the text of a date', () => {
    assert.deepEqual(parseAt('  30  days   ago ', NOW), { kind: 'date', at: new Date('2026-10-02T10:30:00Z'), text: '30 days ago' });
  });

  it('clamps calendar months: 31 March minus one month is the last day of February', () => {
    const r = parseAt('1 month ago', new Date('2025-03-31T08:00:00Z'));
    assert.deepEqual(r.kind === 'date' && r.at.toISOString(), '2025-02-28T08:00:00.000Z');
  });

  const refused: ReadonlyArray<[string, RegExp]> = [
    ['', /Enter a block height/],
    ['   ', /Enter a block height/],
    ['tomorrow-ish', /is not a block height, a block hash or a date/],
    ['2025-13-01', /not a valid date/],
    ['2025-02-30', /not a valid date/],
    ['2025-06-01 24:00', /not a valid date/],
    ['2025-06-01T12:00:00+15:00', /not a time zone offset/],
    ['1,,000', /is not a block height/],
    ['12345678901234567', /too large for a block height/],
    ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', /is not a block height/], // not base58
    ['2027-01-01', /2027-01-01 00:00 UTC is in the future/],
    ['2026-11-01 10:31 UTC', /is in the future/],
    ['2019-12-31', /2019-12-31 00:00 UTC is before the network's first block \(2020-07-21 16:55 UTC\)/],
    ['10 years ago', /before the network's first block/],
  ];
  for (const [text, re] of refused) {
    it(`refuses ${JSON.stringify(text)}`, () => {
      assert.throws(
        () => parseAt(text, NOW),
        (e: unknown) => NearLensError.is(e) && e.kind === 'invalid-input' && re.test(e.message),
      );
    });
  }

  it('takes the genesis as a parameter (testnet started later)', () => {
    const testnetGenesis = new Date('2020-07-31T03:39:42Z');
    assert.equal(parseAt('2020-07-25', NOW, MAINNET_GENESIS.time).kind, 'date');
    assert.throws(() => parseAt('2020-07-25', NOW, testnetGenesis), /before the network's first block \(2020-07-31 03:39 UTC\)/);
  });

  it('does not echo control characters of garbage', () => {
    assert.throws(
      () => parseAt('abc\u202Edef\u0007', NOW),
      (e: unknown) => NearLensError.is(e) && !e.message.includes('\u202E') && !e.message.includes('\u0007'),
    );
  });
});

describe('time travel: formats', () => {
  it('formats dates as YYYY-MM-DD HH:MM UTC', () => {
    assert.equal(formatUtc(new Date('2025-06-01T02:03:59.999Z')), '2025-06-01 02:03 UTC');
  });

  it('converts nanoseconds beyond 2^53 without Number loss', () => {
    const ns = '1739254177539033760';
    assert.equal(nsToDate(ns).toISOString(), '2025-02-11T06:09:37.539Z');
    assert.equal(dateToNs(nsToDate(ns)), 1739254177539000000n);
  });
});

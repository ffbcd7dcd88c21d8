// What a person types for "at" in time travel: a block height, a block hash, or a date/time in UTC, an
// ISO time with an offset, or "30 days ago". Only reads the text: which block a date is comes from blockByTime.ts.
// Pure: no `vscode`, no I/O.
import { invalidInput } from '../../base/errors';
import { sanitizeText } from '../../base/text';
import { base58Decode } from '../base58';
import { formatUtc, MAINNET_GENESIS } from './chainTime';

export type At = { kind: 'height'; height: number } | { kind: 'hash'; hash: string } | { kind: 'date'; at: Date; text: string };

const EXAMPLES = 'for example 187310138, 2025-06-01, 2025-06-01 12:00 UTC, 2025-06-01T12:00:00+02:00 or 30 days ago';

/** Digits with single commas or underscores between them: 187,310,138 or 187_310_138. */
const HEIGHT_RE = /^\d+(?:[,_]\d+)*$/;
const HASH_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** 2025-06-01, then optionally a time (T or spaces) with seconds and fractions, then optionally Z, UTC/GMT or ±HH[:]MM. */
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:(?:T|\s+)(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;
const AGO_RE = /^(\d{1,6}|an?)\s+(minute|min|hour|day|week|month|year)s?\s+ago$/i;

const MINUTE_MS = 60_000;
const UNIT_MS: Readonly<Record<string, number>> = { minute: MINUTE_MS, min: MINUTE_MS, hour: 60 * MINUTE_MS, day: 1_440 * MINUTE_MS, week: 10_080 * MINUTE_MS };

/**
 * Reads `text` as a block height (commas/underscores allowed), a base58 block hash, or a date. A date without a zone
 * is UTC (never the machine's zone: the same text must mean the same block for everyone); `2025-06-01` is its
 * midnight UTC. Throws invalid-input for anything else, for a date after `now` and for one before `genesis`.
 */
export function parseAt(text: string, now: Date, genesis: Date = MAINNET_GENESIS.time): At {
  const t = String(text ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  if (!t) throw invalidInput(`Enter a block height, a block hash or a date, ${EXAMPLES}.`);
  // A hash first: 32+ characters, so never a height (at most 16 digits), even when it is all digits ("1111…").
  if (HASH_RE.test(t) && base58Decode(t)?.length === 32) return { kind: 'hash', hash: t };
  if (HEIGHT_RE.test(t)) {
    const digits = t.replace(/[,_]/g, '');
    const height = Number(digits);
    if (digits.length > 16 || !Number.isSafeInteger(height)) throw invalidInput(`${t} is too large for a block height.`);
    return { kind: 'height', height };
  }
  const at = readDate(t, now);
  // Past what a Date can hold ("999999 years ago"): long before any block.
  if (Number.isNaN(at.getTime())) throw invalidInput(`${t} is before the network's first block (${formatUtc(genesis)}).`);
  if (at.getTime() > now.getTime()) throw invalidInput(`${formatUtc(at)} is in the future.`);
  if (at.getTime() < genesis.getTime()) throw invalidInput(`${formatUtc(at)} is before the network's first block (${formatUtc(genesis)}).`);
  return { kind: 'date', at, text: t };
}

function readDate(t: string, now: Date): Date {
  if (/^yesterday$/i.test(t)) return new Date(now.getTime() - UNIT_MS['day']!);
  const ago = AGO_RE.exec(t);
  if (ago) return agoFrom(now, /^\d/.test(ago[1]!) ? Number(ago[1]) : 1, ago[2]!.toLowerCase());
  const m = DATE_RE.exec(t);
  if (!m) throw invalidInput(`"${sanitizeText(t, 60)}" is not a block height, a block hash or a date; ${EXAMPLES}.`);
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, Number(frac.padEnd(3, '0').slice(0, 3)));
  const back = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March: a date that does not come back unchanged is not a calendar date.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw invalidInput(`${sanitizeText(t, 60)} is not a valid date and time.`);
  }
  return new Date(ms - offsetMinutes(zone) * MINUTE_MS);
}

/** Minutes east of UTC of Z, UTC, GMT, +02, +0200 or +02:00. */
function offsetMinutes(zone: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (Number(m[2]) > 14 || Number(m[3] ?? 0) > 59) throw invalidInput(`${zone} is not a time zone offset.`);
  return m[1] === '-' ? -minutes : minutes;
}

/** `n` units before `now`; months and years are calendar ones (the day clamped: 31 March − 1 month = 28/29 February). */
function agoFrom(now: Date, n: number, unit: string): Date {
  const fixed = UNIT_MS[unit];
  if (fixed !== undefined) return new Date(now.getTime() - n * fixed);
  const months = unit === 'year' ? 12 * n : n;
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
